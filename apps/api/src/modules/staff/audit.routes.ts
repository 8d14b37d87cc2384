import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditPageSchema, AuditQuerySchema } from '@store/shared/admin-settings';
import { listAudit } from './audit.js';
import { requirePermission } from './guard.js';

/** The audit screen's API, under /api/v1/admin/: read only (the log has no route that edits or deletes). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit/',
    {
      preHandler: requirePermission('audit.read'),
      schema: {
        tags: ['admin: audit'],
        summary:
          'Staff writes, newest first: filter by member, entity, action and time (from inclusive, to exclusive; a date is a whole Dhaka day)',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema },
      },
    },
    async (request) => listAudit({ db: app.db }, request.query),
  );
};
