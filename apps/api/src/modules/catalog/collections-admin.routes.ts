import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCollectionInputSchema,
  AdminCollectionPatchSchema,
  AdminCollectionSchema,
  AdminCollectionSummarySchema,
  ProductOptionSchema,
  ProductOptionsQuerySchema,
  RulePreviewInputSchema,
} from '@store/shared/admin-catalog-brands';
import { AdminOkResponseSchema } from '@store/shared/admin';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx } from '../../lib/context.js';
import { requirePermission } from '../staff/index.js';
import {
  createCollection,
  deleteCollection,
  getAdminCollection,
  listAdminCollections,
  previewRule,
  productOptions,
  updateCollection,
} from './collections-admin.js';

const IdParams = z.object({ id: IdParamSchema });

/** Collections of the back office, under /api/v1/admin/catalog/collections/ (docs/back-office.md, "Brands and collections"). */
export const collectionsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const writers = requirePermission('catalog.write');
  const ctx = (request: Parameters<typeof requestCtx>[0]) => requestCtx(request, app.clock);
  const tags = ['admin: catalog collections'];
  const CollectionResponse = z.object({ data: AdminCollectionSchema });

  app.get(
    '/catalog/collections/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Every collection (home sliders first, in order), manual or by rule, with its product count',
        response: { 200: z.object({ data: z.array(AdminCollectionSummarySchema) }) },
      },
    },
    async (request) => ({ data: await listAdminCollections(ctx(request)) }),
  );
  app.get(
    '/catalog/collections/product-options/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Products whose name or address holds ?q= (the first 20), for a manual collection',
        querystring: ProductOptionsQuerySchema,
        response: { 200: z.object({ data: z.array(ProductOptionSchema) }) },
      },
    },
    async (request) => ({ data: await productOptions(ctx(request), request.query.q) }),
  );
  app.post(
    '/catalog/collections/rule-preview/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'How many products a rule takes in now (nothing is saved)',
        body: RulePreviewInputSchema,
        response: { 200: z.object({ data: z.object({ count: z.number() }) }) },
      },
    },
    async (request) => ({ data: { count: await previewRule(ctx(request), request.body) } }),
  );
  app.post(
    '/catalog/collections/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Create a collection, manual (product_ids in order) or by rule, audited',
        body: AdminCollectionInputSchema,
        response: { 201: CollectionResponse },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createCollection(ctx(request), request.body) }),
  );
  app.get(
    '/catalog/collections/:id/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'One collection with its members (a rule collection: the first 50)',
        params: IdParams,
        response: { 200: CollectionResponse },
      },
    },
    async (request) => ({ data: await getAdminCollection(ctx(request), request.params.id) }),
  );
  app.patch(
    '/catalog/collections/:id/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Edit a collection: its fields, its rule (members recomputed) or its ordered products, audited',
        params: IdParams,
        body: AdminCollectionPatchSchema,
        response: { 200: CollectionResponse },
      },
    },
    async (request) => ({ data: await updateCollection(ctx(request), request.params.id, request.body) }),
  );
  app.delete(
    '/catalog/collections/:id/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Delete a collection (its products stay), audited',
        params: IdParams,
        response: { 200: AdminOkResponseSchema },
      },
    },
    async (request) => {
      await deleteCollection(ctx(request), request.params.id);
      return { success: true as const };
    },
  );
};
