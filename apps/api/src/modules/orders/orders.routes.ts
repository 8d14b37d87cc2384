import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderDetailSchema, OrderListResponseSchema, PublicOrderSchema, ReceiptResponseSchema } from '@store/shared/checkout';
import { text } from '@store/shared/input';
import * as messages from '@store/shared/messages';
import { requestCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { getOwnOrder, getPublicOrder, getReceipt, listOwnOrders } from './orders.service.js';

/** Minutes to milliseconds, for the hold of an unpaid gateway order. */
const holdMs = (minutes: number) => minutes * 60_000;

/** Their own orders need a shopper: a customer or a verified guest. */
function requireOwner(request: FastifyRequest): void {
  if (request.customerId === null && !request.guestId) throw new AppError('login_required', messages.loginRequired());
}

const token = z.object({ token: text().min(1).max(64) });

/** The orders API: the caller's own orders, and the link views (by the unguessable token) for anyone holding the link. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];
  const hold = holdMs(app.env.PAYMENT_HOLD_MINUTES);
  const ctx = (request: FastifyRequest) => requestCtx(request, app.clock);
  // Orders are private or link-scoped: no shared cache may keep one.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/orders/',
    {
      schema: {
        tags,
        summary: "The caller's orders, newest first (customer or guest session)",
        response: { 200: OrderListResponseSchema },
      },
    },
    async (request) => {
      requireOwner(request);
      return listOwnOrders(ctx(request));
    },
  );

  app.get(
    '/orders/verify/:token/',
    {
      schema: {
        tags,
        summary: 'An order as a link holder may see it: number, status, items, totals (no address or phone)',
        params: token,
        response: { 200: z.object({ data: PublicOrderSchema }) },
      },
    },
    async (request) => ({ data: await getPublicOrder(ctx(request), request.params.token, hold) }),
  );

  app.get(
    '/orders/receipt/:token/',
    {
      schema: {
        tags,
        summary: "The receipt: the public part for a link holder, addresses and contact only for the order's owner",
        params: token,
        response: { 200: ReceiptResponseSchema },
      },
    },
    async (request) => getReceipt(ctx(request), request.params.token, hold),
  );

  app.get(
    '/orders/:number/',
    {
      schema: {
        tags,
        summary: "One of the caller's orders by its number (404 for anyone else's)",
        params: z.object({ number: text().min(1).max(40) }),
        response: { 200: z.object({ data: OrderDetailSchema }) },
      },
    },
    async (request) => {
      requireOwner(request);
      return { data: await getOwnOrder(ctx(request), request.params.number, hold) };
    },
  );
};
