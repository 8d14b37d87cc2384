import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSRF_COOKIE } from '@store/shared/api';
import { issueCsrfToken } from '../../plugins/csrf.js';
import { resolveCountry } from './region.js';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/csrf/',
    {
      schema: {
        tags: ['session'],
        summary: 'Issues the CSRF token (cookie and body) for double-submit',
        response: { 200: z.object({ csrfToken: z.string() }) },
      },
    },
    async (request, reply) => {
      const existing = request.cookies[CSRF_COOKIE];
      const csrfToken = existing && /^[\w-]{32}$/.test(existing) ? existing : issueCsrfToken(reply, app.env.NODE_ENV === 'production');
      return { csrfToken };
    },
  );

  app.get(
    '/region/',
    {
      schema: {
        tags: ['session'],
        summary: "The visitor's country code: BD, or INT when elsewhere or unknown",
        response: { 200: { description: 'BD or INT, as text/plain', content: { 'text/plain': { schema: z.enum(['BD', 'INT']) } } } },
      },
    },
    async (request, reply) => {
      reply.type('text/plain; charset=utf-8');
      return resolveCountry(request, app.env.COUNTRY_HEADER);
    },
  );
};
