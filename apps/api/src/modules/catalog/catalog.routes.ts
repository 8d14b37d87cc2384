import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotifyMeSchema } from '@store/shared/catalog';
import { listingQuery, ProductsQuerySchema, searchQuery } from '@store/shared/search';
import { searchProducts } from '../search/index.js';
import { DEPARTMENT_KEYS } from '@store/shared/constants';
import { createCatalogAnswers } from './catalog.cache.js';
import { getBrand, listBrands, listRelated, requestStockNotification } from './catalog.service.js';

const handle = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9-]+$/, 'Must be a handle (a-z, 0-9, -)');

/** What Fastify sends for a returned object on a route without a response schema. */
const JSON_TYPE = 'application/json; charset=utf-8';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // The listing and the product detail are served from a short-lived cache of their JSON (catalog.cache.ts).
  const answers = createCatalogAnswers(app.db);
  app.addHook('onClose', async () => answers.close());

  app.get(
    '/products/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Product listing with filters, sort and pagination; with `search`, the search results',
        querystring: ProductsQuerySchema,
      },
    },
    async (request, reply) => {
      const { search } = request.query;
      if (search !== undefined) return searchProducts(app.db, searchQuery({ ...request.query, search }), request.department);
      return reply.type(JSON_TYPE).send(await answers.listing(listingQuery(request.query)));
    },
  );

  app.get(
    '/products/:brand/:handle/',
    { schema: { tags: ['catalog'], summary: 'Product detail', params: z.object({ brand: handle, handle }) } },
    async (request, reply) => reply.type(JSON_TYPE).send(await answers.product(request.params.brand, request.params.handle)),
  );

  app.get(
    '/products/:brand/:handle/related/',
    {
      schema: {
        tags: ['catalog'],
        summary: "'You may also like': products of the same category",
        params: z.object({ brand: handle, handle }),
      },
    },
    async (request) => ({ data: await listRelated(app.db, request.params.brand, request.params.handle) }),
  );

  app.post(
    '/notify-me/',
    { schema: { tags: ['catalog'], summary: 'Ask to be told when an out-of-stock variant is back', body: NotifyMeSchema } },
    async (request, reply) => reply.status(201).send(await requestStockNotification(app.db, request.body, request.customerId)),
  );

  app.get(
    '/brands/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Brands, optionally of one department',
        querystring: z.object({ department: z.enum(DEPARTMENT_KEYS).optional() }),
      },
    },
    async (request) => ({ data: await listBrands(app.db, request.query.department) }),
  );

  app.get('/brands/:handle/', { schema: { tags: ['catalog'], summary: 'One brand', params: z.object({ handle }) } }, async (request) => ({
    data: await getBrand(app.db, request.params.handle),
  }));
};
