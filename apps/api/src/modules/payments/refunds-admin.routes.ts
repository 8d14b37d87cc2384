import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminRefundInputSchema, AdminRefundResponseSchema, AdminRefundsResponseSchema } from '@store/shared/admin-refunds';
import { IDEMPOTENCY_HEADER } from '@store/shared/checkout-rules';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import { requirePermission } from '../staff/index.js';

const IdParams = z.object({ id: IdParamSchema });

/** The Idempotency-Key header, as the checkout takes it: 8–100 of [A-Za-z0-9_.:-]; null when absent. */
function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return null;
  if (!/^[\w.:-]{8,100}$/.test(key))
    throw badRequest('Invalid Idempotency-Key', {
      [IDEMPOTENCY_HEADER]: 'Must be 8 to 100 letters, digits, dots, colons, dashes or underscores',
    });
  return key;
}

/**
 * An order's refunds in the back office, under /api/v1/admin/orders/{id}/refunds/ (docs/payments.md,
 * "Refunds"): the list with what can still be refunded, and a refund through the gateway or recorded
 * by hand. Only roles with orders.refund; every write is audited with it.
 */
export const refundsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const refunders = requirePermission('orders.refund');
  const tags = ['admin: orders refunds'];

  app.get(
    '/orders/:id/refunds/',
    {
      preHandler: refunders,
      schema: {
        tags,
        summary: "An order's refunds, newest first, and what can still be refunded by which method",
        params: IdParams,
        response: { 200: AdminRefundsResponseSchema },
      },
    },
    async (request) => app.payments.orderRefunds(requestCtx(request, app.clock), request.params.id),
  );

  app.post(
    '/orders/:id/refunds/',
    {
      preHandler: refunders,
      schema: {
        tags,
        summary:
          'Refund part or all of a paid order: through its gateway (completed, or requested while the gateway works on it) or recorded by hand with a reference. Idempotency-Key header: a repeat answers 200 with the same refund. Audited',
        params: IdParams,
        body: AdminRefundInputSchema,
        response: { 200: AdminRefundResponseSchema, 201: AdminRefundResponseSchema },
      },
    },
    async (request, reply) => {
      const { replayed, answer } = await app.payments.requestRefund(
        requestCtx(request, app.clock),
        request.params.id,
        request.body,
        idempotencyKey(request),
      );
      return reply.code(replayed ? 200 : 201).send(answer);
    },
  );

  app.post(
    '/orders/:id/refunds/check/',
    {
      preHandler: refunders,
      schema: {
        tags,
        summary: "Ask the gateway now about the order's refunds it is still working on; answers the list as it then stands",
        params: IdParams,
        response: { 200: AdminRefundsResponseSchema },
      },
    },
    async (request) => {
      await app.payments.pollRefunds({ orderId: request.params.id });
      return app.payments.orderRefunds(requestCtx(request, app.clock), request.params.id);
    },
  );
};
