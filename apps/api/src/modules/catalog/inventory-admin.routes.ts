import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdjustmentInputSchema,
  AdjustmentResultSchema,
  InventoryAdjustmentSchema,
  InventoryPageSchema,
  InventoryQuerySchema,
} from '@store/shared/admin-inventory';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx } from '../../lib/context.js';
import { requirePermission } from '../staff/index.js';
import type { DbCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { adjustInventory, listInventory, variantHistory, type InventoryCtx } from './inventory-admin.js';

export type InventoryAdminOptions = { stockWarningThreshold: (ctx: DbCtx) => Promise<number> };

const HistoryResponse = z.object({
  data: z.array(InventoryAdjustmentSchema),
  meta: z.object({ page: z.number(), page_size: z.number(), total: z.number() }),
});

/** Stock levels, the low-stock list, adjustments and their history, under /api/v1/admin/inventory/ (docs/back-office.md, "Inventory"). */
const inventoryAdminRoutes: FastifyPluginAsyncZod<InventoryAdminOptions> = async (app, options) => {
  const tags = ['admin: inventory'];
  const stockKeepers = requirePermission('inventory.write');
  const ctx = (request: Parameters<typeof requestCtx>[0]): InventoryCtx => ({
    ...requestCtx(request, app.clock),
    stockWarningThreshold: options.stockWarningThreshold,
  });

  app.get(
    '/inventory/variants/',
    {
      preHandler: stockKeepers,
      schema: {
        tags,
        summary:
          "Variants with their product, SKU and stock; ?q= searches name, SKU and title; ?low=true lists those at or below the shop's stock warning threshold, lowest first",
        querystring: InventoryQuerySchema,
        response: { 200: InventoryPageSchema },
      },
    },
    async (request) => listInventory(ctx(request), request.query),
  );
  app.get(
    '/inventory/variants/:id/history/',
    {
      preHandler: stockKeepers,
      schema: {
        tags,
        summary:
          "One variant's staff adjustments, newest first: who, when, reason, note, before → after (orders' stock moves are not listed)",
        params: z.object({ id: IdParamSchema }),
        querystring: z.object({
          page: z.coerce.number('Must be a number').int('Must be a whole number').min(1, 'At least 1').max(10_000).default(1),
        }),
        response: { 200: HistoryResponse },
      },
    },
    async (request) => variantHistory(ctx(request), request.params.id, request.query.page),
  );
  app.post(
    '/inventory/adjustments/',
    {
      preHandler: stockKeepers,
      schema: {
        tags,
        summary:
          'Set (a count) or add to (a signed delta) a variant’s stock with a reason and a note; refused below 0; audited; tells the shoppers who asked when it leaves 0',
        body: AdjustmentInputSchema,
        response: { 201: z.object({ data: AdjustmentResultSchema }) },
      },
    },
    async (request, reply) => {
      // The guard set it; a route without one would be a bug, answered as not signed in.
      if (!request.staff) throw new AppError('login_required', 'Please sign in');
      return reply.code(201).send({ data: await adjustInventory(ctx(request), request.staff.name, request.body) });
    },
  );
};

export async function registerInventoryAdminRoutes(api: FastifyInstance, options: InventoryAdminOptions) {
  await api.register(inventoryAdminRoutes, { prefix: '/admin', ...options });
}
