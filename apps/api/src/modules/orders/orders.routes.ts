import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { text } from '@store/shared/input';
import * as messages from '@store/shared/messages';
import { AppError } from '../../lib/errors.js';
import { getOwnOrder, getPublicOrder, getReceipt, listOwnOrders, type OrderOwner } from './orders.service.js';

const ownerOf = (request: FastifyRequest): OrderOwner => ({ customerId: request.customerId, guestId: request.guestId ?? null });

function requireOwner(request: FastifyRequest): OrderOwner {
  const owner = ownerOf(request);
  if (owner.customerId === null && owner.guestId === null) throw new AppError('unauthorized', messages.loginRequired);
  return owner;
}

const token = z.object({ token: text().min(1).max(64) });

/** The orders API: the caller's own orders, and the link views (by the unguessable token) for anyone holding the link. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];
  // Orders are private or link-scoped: no shared cache may keep one.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/orders/', { schema: { tags, summary: "The caller's orders, newest first (customer or guest session)" } }, async (request) =>
    listOwnOrders(app.db, requireOwner(request)),
  );

  app.get(
    '/orders/verify/:token/',
    {
      schema: { tags, summary: 'An order as a link holder may see it: number, status, items, totals (no address or phone)', params: token },
    },
    async (request) => ({ data: await getPublicOrder(app.db, request.params.token) }),
  );

  app.get(
    '/orders/receipt/:token/',
    {
      schema: {
        tags,
        summary: "The receipt: the public part for a link holder, addresses and contact only for the order's owner",
        params: token,
      },
    },
    async (request) => getReceipt(app.db, request.params.token, ownerOf(request)),
  );

  app.get(
    '/orders/:number/',
    {
      schema: {
        tags,
        summary: "One of the caller's orders by its number (404 for anyone else's)",
        params: z.object({ number: text().min(1).max(40) }),
      },
    },
    async (request) => ({ data: await getOwnOrder(app.db, requireOwner(request), request.params.number) }),
  );
};
