import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SuggestionsQuerySchema, SuggestionsResponseSchema } from '@store/shared/search';
import { readCtx } from '../../lib/context.js';
import { suggest } from './search.service.js';

/** The results themselves are GET /products/?search= (SPEC §7), served by the catalog route. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search/suggestions/',
    {
      schema: {
        tags: ['search'],
        summary: "The header box's live suggestions: the top matches, their total and any redirect",
        querystring: SuggestionsQuerySchema,
        response: { 200: SuggestionsResponseSchema },
      },
    },
    async (request) => suggest(readCtx(request, app.clock), request.query, request.department),
  );
};
