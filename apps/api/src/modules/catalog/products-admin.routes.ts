import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCatalogOptionsSchema,
  AdminProductInputSchema,
  AdminProductListQuerySchema,
  AdminProductListResponseSchema,
  AdminProductPatchSchema,
  AdminProductSchema,
  AdminVariantListQuerySchema,
  AdminVariantListResponseSchema,
  AdminVariantRowSchema,
  BulkVariantChangesSchema,
} from '@store/shared/admin-catalog';
import { PRODUCT_CSV_MAX_BYTES, ProductImportResultSchema, csvMessages } from '@store/shared/admin-catalog-csv';
import { IdParamSchema } from '@store/shared/input';
import type { Clock } from '../../lib/clock.js';
import { requestCtx, systemCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { requireAnyPermission, requirePermission } from '../staff/index.js';
import {
  catalogOptions,
  createProduct,
  duplicateProduct,
  getAdminProduct,
  listAdminProducts,
  listAdminVariants,
  publishDueProducts,
  saveBulkVariants,
  updateProduct,
} from './products-admin.js';
import { exportInventoryCsv, exportProductsCsv } from './products-csv.js';
import { ImportThreads } from './products-import-thread.js';

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
  // The bulk editor: many variants' prices, discounts and stock at once.
  app.get(
    '/catalog/variants/',
    {
      preHandler: editors,
      schema: {
        tags,
        summary: 'Variants with their product, 100 a page: search by name, brand, tag or SKU start; filter by brand and department',
        querystring: AdminVariantListQuerySchema,
        response: { 200: AdminVariantListResponseSchema },
      },
    },
    async (request) => listAdminVariants(ctx(request), request.query),
  );
  app.patch(
    '/catalog/variants/',
    {
      preHandler: editors,
      schema: {
        tags,
        summary:
          'Save many variants at once, all or none: price and discount refused when changed meanwhile (409 edit_conflict), stock moved by the difference typed. Audited per variant',
        body: BulkVariantChangesSchema,
        response: { 200: z.object({ data: z.array(AdminVariantRowSchema) }) },
      },
    },
    async (request) => ({ data: await saveBulkVariants(ctx(request), request.staff?.name ?? '', request.body) }),
  );

  // CSV in bulk (docs/back-office.md, "Products in bulk"): the file is the request's body, checked and
  // imported on a low-priority thread of its own when the database is a PostgreSQL server.
  const imports = new ImportThreads(app.database, app.env.NODE_ENV === 'test' ? 'silent' : app.env.LOG_LEVEL);
  app.addHook('onClose', () => imports.close());
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: PRODUCT_CSV_MAX_BYTES }, (_request, body, done) => done(null, body));
  app.post(
    '/catalog/products/import/',
    {
      preHandler: editors,
      bodyLimit: PRODUCT_CSV_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Check (dry_run=true) or import a CSV of products and variants (text/csv body): all rows or none, each wrong row named by line and column',
        consumes: ['text/csv'],
        querystring: z.object({ dry_run: z.enum(['true', 'false']).default('true') }),
        response: { 200: z.object({ data: ProductImportResultSchema }) },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('validation_failed', csvMessages.notCsv, { file: csvMessages.notCsv });
      return { data: await imports.run(ctx(request), request.staff?.name ?? '', request.body, request.query.dry_run === 'true') };
    },
  );
  app.get(
    '/catalog/products/export/',
    { preHandler: editors, schema: { tags, summary: 'Every product and variant as CSV, in the import’s columns (one row per variant)' } },
    async (request, reply) => csvReply(reply, 'products', await exportProductsCsv(ctx(request))),
  );
  app.get(
    '/catalog/inventory/export/',
    {
      preHandler: requireAnyPermission('catalog.write', 'inventory.write'),
      schema: { tags, summary: 'Every variant’s stock and price as CSV' },
    },
    async (request, reply) => csvReply(reply, 'inventory', await exportInventoryCsv(ctx(request))),
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

/** A CSV download named for the shop's day: products-2026-11-24.csv. */
function csvReply(reply: FastifyReply, name: string, csv: string) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}

/** How often scheduled products are looked for: they go live within this of their time. */
const PUBLISH_CHECK_SECONDS = 15;

/** The job 'publish-scheduled-products' (one idempotent UPDATE), once across all processes (modules/jobs). Tests move the clock and call publishDueProducts themselves. */
export function startCatalogUpkeep(app: FastifyInstance, clock: Clock): void {
  const ctx = systemCtx(app, clock, 'catalog-upkeep');
  app.jobs.every('publish-scheduled-products', PUBLISH_CHECK_SECONDS, () => publishDueProducts(ctx));
}
