import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CART_COOKIE, CartDismissPayloadSchema, CartUpdatePayloadSchema } from '@store/shared/cart';
import { IdParamSchema } from '@store/shared/input';
import * as messages from '@store/shared/messages';
import { rateLimited } from '../../lib/errors.js';
import { getPublicConfig } from '../content/content.service.js';
import {
  cartCount,
  dismissBox,
  getCart,
  getOwnCart,
  isCartToken,
  mergeVisitorCart,
  mergeVisitorCartIntoGuest,
  requireOwnCart,
  updateCartLine,
  type CartDeps,
  type CartOwner,
} from './cart.service.js';

const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 90;
const HOUR = 3600;

function ownerOf(request: FastifyRequest): CartOwner {
  const raw = request.cookies[CART_COOKIE];
  return { customerId: request.customerId, guestId: request.guestId ?? null, token: isCartToken(raw) ? raw : null };
}

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cart'];
  const secure = app.env.NODE_ENV === 'production';
  const deps = (request: FastifyRequest): CartDeps => ({
    department: request.department,
    supportPhone: async () => (await getPublicConfig(app.db, app.env)).support_phone,
    // A script without cookies would otherwise make a bag row per request.
    async newVisitorBag() {
      const perIp = await app.rateLimiter.hit(`bag:new:ip:${request.ip}`, app.env.NEW_BAGS_PER_IP_HOUR, HOUR);
      if (!perIp.allowed) throw rateLimited(messages.tooManyRequests, perIp.retryAfterSeconds);
    },
  });
  const setToken = (reply: FastifyReply, token: string | null) => {
    if (token) reply.setCookie(CART_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: CART_COOKIE_MAX_AGE });
  };

  // A bag is private: no shared cache may keep one.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // A signed-in shopper still carrying a visitor's bag cookie (signed in somewhere that did not merge
  // it): fold that bag into theirs before answering, then drop the cookie.
  app.addHook('preHandler', async (request, reply) => {
    const token = request.cookies[CART_COOKIE];
    if (token === undefined || (request.customerId === null && !request.guestId)) return;
    if (request.customerId !== null) await mergeVisitorCart(app.db, token, request.customerId);
    else if (request.guestId) await mergeVisitorCartIntoGuest(app.db, token, request.guestId);
    reply.clearCookie(CART_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  });

  app.get(
    '/cart/',
    { schema: { tags, summary: "The shopper's bag (SPEC §3 Cart); an empty bag with recommendations when there is none" } },
    async (request) => ({
      data: await getCart(app.db, ownerOf(request), deps(request)),
    }),
  );

  app.get('/cart/count/', { schema: { tags, summary: 'Sum of the bag quantities, for the header badge' } }, async (request) => ({
    data: { count: await cartCount(app.db, ownerOf(request)) },
  }));

  app.post(
    '/cart/line-items/',
    {
      schema: {
        tags,
        summary: 'Add, decrease or remove one line (SPEC §7 cart update); prices are the server’s',
        body: CartUpdatePayloadSchema,
      },
    },
    async (request, reply) => {
      const { cart, token } = await updateCartLine(app.db, ownerOf(request), request.body, deps(request));
      setToken(reply, token);
      return { data: cart };
    },
  );

  app.post(
    '/cart/dismiss/',
    { schema: { tags, summary: 'Remembers a closed offer or gift box', body: CartDismissPayloadSchema } },
    async (request) => ({
      data: await dismissBox(app.db, ownerOf(request), request.body.key, deps(request)),
    }),
  );

  const cartId = z.object({ id: IdParamSchema });

  app.get(
    '/carts/:id/',
    { schema: { tags, summary: "One bag by id: only the caller's own (404 otherwise)", params: cartId } },
    async (request) => ({
      data: await getOwnCart(app.db, ownerOf(request), request.params.id, deps(request)),
    }),
  );

  app.post(
    '/carts/:id/line-items/',
    {
      schema: {
        tags,
        summary: "The update call on a bag by id: only the caller's own (404 otherwise)",
        params: cartId,
        body: CartUpdatePayloadSchema,
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request);
      await requireOwnCart(app.db, owner, request.params.id);
      const { cart, token } = await updateCartLine(app.db, owner, request.body, deps(request));
      setToken(reply, token);
      return { data: cart };
    },
  );
};
