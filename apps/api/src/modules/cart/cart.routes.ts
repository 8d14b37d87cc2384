import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CART_COOKIE,
  CartCountResponseSchema,
  CartDismissPayloadSchema,
  CartResponseSchema,
  CartUpdatePayloadSchema,
} from '@store/shared/cart';
import { IdParamSchema } from '@store/shared/input';
import * as messages from '@store/shared/messages';
import { requestCtx } from '../../lib/context.js';
import { badRequest, rateLimited } from '../../lib/errors.js';
import { getPublicConfig } from '../content/index.js';
import {
  cartCount,
  dismissBox,
  getCart,
  getOwnCart,
  requireOwnCart,
  updateCartLine,
  ownerOf,
  type BagGuards,
  type CartCtx,
} from './cart.service.js';
import { isCartToken } from './lines.js';
import { adoptVisitorBagHook } from './merge.js';

const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 90;
const HOUR = 3600;
/** How long a change's Idempotency-Key is remembered: longer than any phone stays offline with a tab open. */
const CHANGE_KEY_SECONDS = 7 * 24 * HOUR;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The request's context with the bag cookie (only a well-formed token) and the shopper's department. */
function cartCtx(request: FastifyRequest): CartCtx {
  const raw = request.cookies[CART_COOKIE];
  return { ...requestCtx(request, request.server.clock), cartToken: isCartToken(raw) ? raw : null, department: request.department };
}

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cart'];
  const secure = app.env.NODE_ENV === 'production';
  const guards = (request: FastifyRequest): BagGuards => ({
    supportPhone: async () => (await getPublicConfig({ db: app.db }, app.env)).support_phone,
    // A script without cookies would otherwise make a bag row per request.
    async newVisitorBag() {
      const perIp = await app.rateLimiter.hit(`bag:new:ip:${request.ip}`, app.env.NEW_BAGS_PER_IP_HOUR, HOUR);
      if (!perIp.allowed) throw rateLimited(messages.tooManyRequests(), perIp.retryAfterSeconds);
    },
  });
  const setToken = (reply: FastifyReply, token: string | null) => {
    if (token) reply.setCookie(CART_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: CART_COOKIE_MAX_AGE });
  };

  /** The caller's bag as it is (an empty one with recommendations when there is none). */
  const currentCart = (request: FastifyRequest) => getCart({ db: app.db }, ownerOf(cartCtx(request)), { department: request.department });

  // A bag is private: no shared cache may keep one.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.addHook('preHandler', adoptVisitorBagHook(app));

  app.get(
    '/cart/',
    {
      schema: {
        tags,
        summary: "The shopper's bag (SPEC §3 Cart); an empty bag with recommendations when there is none",
        response: { 200: CartResponseSchema },
      },
    },
    async (request) => ({ data: await currentCart(request) }),
  );

  app.get(
    '/cart/count/',
    { schema: { tags, summary: 'Sum of the bag quantities, for the header badge', response: { 200: CartCountResponseSchema } } },
    async (request) => ({
      data: { count: await cartCount(cartCtx(request)) },
    }),
  );

  app.post(
    '/cart/line-items/',
    {
      schema: {
        tags,
        summary: 'Add, decrease or remove one line (SPEC §7 cart update); prices are the server’s',
        body: CartUpdatePayloadSchema,
        response: { 200: CartResponseSchema },
      },
    },
    async (request, reply) => {
      // A change sent again (its answer was lost, or a queue replayed it after the connection came back)
      // is applied once: the repeat gets the bag as it is.
      const key = request.headers['idempotency-key'];
      let claimed: string | null = null;
      if (key !== undefined) {
        if (typeof key !== 'string' || !UUID.test(key)) throw badRequest('Idempotency-Key must be a UUID');
        claimed = `cart:change:${key.toLowerCase()}`;
        const first = await app.rateLimiter.hit(claimed, 1, CHANGE_KEY_SECONDS);
        if (!first.allowed) return { data: await currentCart(request) };
      }
      try {
        const { cart, token } = await updateCartLine(cartCtx(request), request.body, guards(request));
        setToken(reply, token);
        return { data: cart };
      } catch (error) {
        // Refused or failed: nothing was applied, so the same change may be tried again.
        if (claimed) await app.rateLimiter.release(claimed, CHANGE_KEY_SECONDS).catch(() => undefined);
        throw error;
      }
    },
  );

  app.post(
    '/cart/dismiss/',
    {
      schema: {
        tags,
        summary: 'Remembers a closed offer or gift box',
        body: CartDismissPayloadSchema,
        response: { 200: CartResponseSchema },
      },
    },
    async (request) => ({
      data: await dismissBox(cartCtx(request), request.body.key),
    }),
  );

  const cartId = z.object({ id: IdParamSchema });

  app.get(
    '/carts/:id/',
    {
      schema: {
        tags,
        summary: "One bag by id: only the caller's own (404 otherwise)",
        params: cartId,
        response: { 200: CartResponseSchema },
      },
    },
    async (request) => ({
      data: await getOwnCart(cartCtx(request), request.params.id),
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
        response: { 200: CartResponseSchema },
      },
    },
    async (request, reply) => {
      const ctx = cartCtx(request);
      await requireOwnCart(ctx, request.params.id);
      const { cart, token } = await updateCartLine(ctx, request.body, guards(request));
      setToken(reply, token);
      return { data: cart };
    },
  );
};
