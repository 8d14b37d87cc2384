import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BrandSummarySchema,
  NotifyMeResponseSchema,
  NotifyMeSchema,
  ProductCardSchema,
  ProductDetailResponseSchema,
  ProductListResponseSchema,
} from '@store/shared/catalog';
import {
  listingQuery,
  ProductsQuerySchema,
  searchQuery,
  SearchResponseSchema,
  type SearchQuery,
  type SearchResponse,
} from '@store/shared/search';
import { DEPARTMENT_KEYS, type DepartmentKey } from '@store/shared/constants';
import { readCtx, requestCtx, type RequestCtx } from '../../lib/context.js';
import { readDb } from '../../lib/read-replica.js';
import { createCatalogAnswers } from './catalog.cache.js';
import { getBrand, listBrands, listRelated, requestStockNotification } from './catalog.service.js';

const handle = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9-]+$/, 'Must be a handle (a-z, 0-9, -)');

/** What Fastify sends for a returned object. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends an answer already encoded by its response schema (catalog.cache.ts): Fastify passes bytes through as they are. */
function sendEncoded(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type(JSON_TYPE).send(bytes);
}

/** Runs GET /products/?search=: the search module's, handed in by the app so the catalog does not depend on search. */
export type ProductSearch = (ctx: RequestCtx, q: SearchQuery, headerDepartment: DepartmentKey) => Promise<SearchResponse>;

export type CatalogRoutesOptions = { searchProducts: ProductSearch };

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, { searchProducts }) => {
  // The listing and the product detail are served from a short-lived cache of their JSON (catalog.cache.ts).
  const answers = createCatalogAnswers(() => readDb(app.database));
  app.addHook('onClose', async () => answers.close());

  app.get(
    '/products/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Product listing with filters, sort and pagination; with `search`, the search results',
        querystring: ProductsQuerySchema,
        // The listing is sent as the cached bytes `encode` made with its schema; a search is serialised here.
        response: { 200: z.union([SearchResponseSchema, ProductListResponseSchema]) },
      },
    },
    async (request, reply) => {
      const { search } = request.query;
      if (search !== undefined)
        return searchProducts(readCtx(request, app.clock), searchQuery({ ...request.query, search }), request.department);
      return sendEncoded(reply, await answers.listing(listingQuery(request.query)));
    },
  );

  app.get(
    '/products/:brand/:handle/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Product detail',
        params: z.object({ brand: handle, handle }),
        response: { 200: ProductDetailResponseSchema },
      },
    },
    async (request, reply) => sendEncoded(reply, await answers.product(request.params.brand, request.params.handle)),
  );

  app.get(
    '/products/:brand/:handle/related/',
    {
      schema: {
        tags: ['catalog'],
        summary: "'You may also like': products of the same category",
        params: z.object({ brand: handle, handle }),
        response: { 200: z.object({ data: z.array(ProductCardSchema) }) },
      },
    },
    async (request) => ({ data: await listRelated(readCtx(request, app.clock), request.params.brand, request.params.handle) }),
  );

  app.post(
    '/notify-me/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Ask to be told when an out-of-stock variant is back',
        body: NotifyMeSchema,
        response: { 201: NotifyMeResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await requestStockNotification(requestCtx(request, app.clock), request.body)),
  );

  app.get(
    '/brands/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Brands, optionally of one department',
        querystring: z.object({ department: z.enum(DEPARTMENT_KEYS).optional() }),
        response: { 200: z.object({ data: z.array(BrandSummarySchema) }) },
      },
    },
    async (request) => ({ data: await listBrands(readCtx(request, app.clock), request.query.department) }),
  );

  app.get(
    '/brands/:handle/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One brand',
        params: z.object({ handle }),
        response: { 200: z.object({ data: BrandSummarySchema }) },
      },
    },
    async (request) => ({ data: await getBrand(readCtx(request, app.clock), request.params.handle) }),
  );
};
