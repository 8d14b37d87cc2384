import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBrandInputSchema,
  AdminBrandListQuerySchema,
  AdminBrandPatchSchema,
  AdminBrandSchema,
  BrandPageOptionSchema,
} from '@store/shared/admin-catalog-brands';
import { AdminOkResponseSchema } from '@store/shared/admin';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx } from '../../lib/context.js';
import { requirePermission } from '../staff/index.js';
import { createBrand, deleteBrand, getAdminBrand, listAdminBrands, updateBrand, type PageOptions } from './brands-admin.js';

const IdParams = z.object({ id: IdParamSchema });

export type BrandsAdminRoutesOptions = {
  /** The content pages a brand page may point at (the content module's, handed in by app.ts). */
  pageOptions: PageOptions;
};

/** Brands of the back office, under /api/v1/admin/catalog/brands/ (docs/back-office.md, "Brands and collections"). */
export const brandsAdminRoutes: FastifyPluginAsyncZod<BrandsAdminRoutesOptions> = async (app, { pageOptions }) => {
  const writers = requirePermission('catalog.write');
  const ctx = (request: Parameters<typeof requestCtx>[0]) => requestCtx(request, app.clock);
  const tags = ['admin: catalog brands'];
  const BrandResponse = z.object({ data: AdminBrandSchema });

  app.get(
    '/catalog/brands/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Every brand by name (those whose name or address holds ?q=), with its product count',
        querystring: AdminBrandListQuerySchema,
        response: { 200: z.object({ data: z.array(AdminBrandSchema) }) },
      },
    },
    async (request) => ({ data: await listAdminBrands(ctx(request), request.query.q) }),
  );
  app.get(
    '/catalog/brands/page-options/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'The content pages a brand page may point at',
        response: { 200: z.object({ data: z.array(BrandPageOptionSchema) }) },
      },
    },
    async (request) => ({ data: await pageOptions(ctx(request)) }),
  );
  app.post(
    '/catalog/brands/',
    {
      preHandler: writers,
      schema: { tags, summary: 'Create a brand, audited', body: AdminBrandInputSchema, response: { 201: BrandResponse } },
    },
    async (request, reply) => reply.code(201).send({ data: await createBrand(ctx(request), pageOptions, request.body) }),
  );
  app.get(
    '/catalog/brands/:id/',
    { preHandler: writers, schema: { tags, summary: 'One brand', params: IdParams, response: { 200: BrandResponse } } },
    async (request) => ({ data: await getAdminBrand(ctx(request), request.params.id) }),
  );
  app.patch(
    '/catalog/brands/:id/',
    {
      preHandler: writers,
      schema: { tags, summary: 'Edit a brand, audited', params: IdParams, body: AdminBrandPatchSchema, response: { 200: BrandResponse } },
    },
    async (request) => ({ data: await updateBrand(ctx(request), pageOptions, request.params.id, request.body) }),
  );
  app.delete(
    '/catalog/brands/:id/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Delete a brand without products (one with products is refused), audited',
        params: IdParams,
        response: { 200: AdminOkResponseSchema },
      },
    },
    async (request) => {
      await deleteBrand(ctx(request), request.params.id);
      return { success: true as const };
    },
  );
};
