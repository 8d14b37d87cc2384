import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCatalogOptionsSchema,
  AdminProductInputSchema,
  AdminProductListQuerySchema,
  AdminProductListResponseSchema,
  AdminProductPatchSchema,
  AdminProductSchema,
} from '@store/shared/admin-catalog';
import { IdParamSchema } from '@store/shared/input';
import type { Clock } from '../../lib/clock.js';
import { requestCtx, systemCtx } from '../../lib/context.js';
import { requirePermission } from '../staff/index.js';
import {
  catalogOptions,
  createProduct,
  duplicateProduct,
  getAdminProduct,
  listAdminProducts,
  publishDueProducts,
  updateProduct,
} from './products-admin.js';

const IdParams = z.object({ id: IdParamSchema });
const ProductResponse = z.object({ data: AdminProductSchema });

/** Products in the back office, under /api/v1/admin/catalog/ (docs/back-office.md, "Products"). */
export const productsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const editors = requirePermission('catalog.write');
  const ctx = (request: FastifyRequest) => requestCtx(request, app.clock);
  const tags = ['admin: catalog products'];

  app.get(
    '/catalog/products/',
    {
      preHandler: editors,
      schema: {
        tags,
        summary:
          'Products of every state, 50 a page: search by name, brand, tag, address or SKU start; filter by state, brand, department, stock',
        querystring: AdminProductListQuerySchema,
        response: { 200: AdminProductListResponseSchema },
      },
    },
    async (request) => listAdminProducts(ctx(request), request.query),
  );
  app.get(
    '/catalog/options/',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Brands, categories and collections for the product editor',
        response: { 200: z.object({ data: AdminCatalogOptionsSchema }) },
      },
    },
    async (request) => ({ data: await catalogOptions(ctx(request)) }),
  );
  app.post(
    '/catalog/products/',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Create a product with its variants, audited',
        body: AdminProductInputSchema,
        response: { 201: ProductResponse },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createProduct(ctx(request), request.body) }),
  );
  app.get(
    '/catalog/products/:id/',
    { preHandler: editors, schema: { tags, summary: 'One product as stored', params: IdParams, response: { 200: ProductResponse } } },
    async (request) => ({ data: await getAdminProduct(ctx(request), request.params.id) }),
  );
  app.patch(
    '/catalog/products/:id/',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Edit, publish, schedule or archive ({status: "archived"}) a product; `variants` is the whole list. Audited',
        params: IdParams,
        body: AdminProductPatchSchema,
        response: { 200: ProductResponse },
      },
    },
    async (request) => ({ data: await updateProduct(ctx(request), request.params.id, request.body) }),
  );
  app.post(
    '/catalog/products/:id/duplicate/',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'A draft copy with free address and SKUs and no stock, audited',
        params: IdParams,
        response: { 201: ProductResponse },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await duplicateProduct(ctx(request), request.params.id) }),
  );
};

/** How often a process looks for scheduled products whose time has come. */
const PUBLISH_CHECK_MS = 15_000;

/**
 * Scheduled products go live within PUBLISH_CHECK_MS of their time: every process checks (one
 * idempotent UPDATE). Tests move the clock and call publishDueProducts themselves.
 */
export function startCatalogUpkeep(app: FastifyInstance, clock: Clock): void {
  if (app.env.NODE_ENV === 'test') return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    const ctx = systemCtx(app, clock, 'catalog-upkeep');
    timer = setInterval(() => {
      running ??= publishDueProducts(ctx)
        .catch((err: unknown) => app.log.warn({ err }, 'publishing scheduled products failed; retried at the next check'))
        .finally(() => {
          running = null;
        });
    }, PUBLISH_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
