import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardQuerySchema, DashboardSchema } from '@store/shared/admin-dashboard';
import { requestCtx } from '../../lib/context.js';
import { requirePermission } from '../staff/index.js';
import { getDashboard } from './dashboard.js';

/** The back office's dashboard, GET /api/v1/admin/dashboard/?period=today|7d|30d (docs/back-office.md, "Dashboard"). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/',
    {
      preHandler: requirePermission('dashboard.read'),
      schema: {
        tags: ['admin: dashboard'],
        summary: 'Sales, orders and their mix for today, 7 or 30 days, against the previous period of the same length',
        querystring: DashboardQuerySchema,
        response: { 200: z.object({ data: DashboardSchema }) },
      },
    },
    async (request) => ({ data: await getDashboard(requestCtx(request, app.clock), request.query.period) }),
  );
};
