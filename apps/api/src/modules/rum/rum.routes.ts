import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RumBeaconSchema, RumSummaryQuerySchema, RumSummarySchema } from '@store/shared/rum';
import * as messages from '@store/shared/messages';
import { requestCtx } from '../../lib/context.js';
import { rateLimited } from '../../lib/errors.js';
import { requirePermission } from '../staff/index.js';
import { recordBeacon, rumSummary } from './rum.service.js';

const MINUTE = 60;
/** A beacon is a few hundred bytes; anything larger is not one. */
const BEACON_BYTES = 4 * 1024;

/**
 * POST /api/v1/rum/: a page load's Web Vitals (packages/shared/src/rum.ts). Validated whole (a
 * malformed beacon gets 400 and nothing is kept), at most RUM_BEACONS_PER_IP_MINUTE per IP. The
 * browser sends it without cookies, so no session or CSRF token is involved.
 */
export const rumRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/rum/',
    {
      bodyLimit: BEACON_BYTES,
      schema: {
        tags: ['monitoring'],
        summary: 'A page load’s Web Vitals, sent by a sampled share of storefront visits',
        body: RumBeaconSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const hit = await app.rateLimiter.hit(`rum:ip:${request.ip}`, app.env.RUM_BEACONS_PER_IP_MINUTE, MINUTE);
      if (!hit.allowed) throw rateLimited(messages.tooManyRequests(), hit.retryAfterSeconds);
      await recordBeacon(requestCtx(request, app.clock), request.body, app.clock.now());
      return reply.status(204).send(null);
    },
  );
};

/** GET /api/v1/admin/dashboard/web-vitals/?days=7: the dashboard's real-user figures. */
export const rumAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/web-vitals/',
    {
      preHandler: requirePermission('dashboard.read'),
      schema: {
        tags: ['admin: dashboard'],
        summary: 'The 75th percentile of each Web Vital per page type and device class, from real shoppers',
        querystring: RumSummaryQuerySchema,
        response: { 200: z.object({ data: RumSummarySchema }) },
      },
    },
    async (request) => ({ data: await rumSummary(requestCtx(request, app.clock), request.query.days, app.clock.now()) }),
  );
};
