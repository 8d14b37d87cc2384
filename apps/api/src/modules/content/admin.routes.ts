import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminSettingsPatchSchema, AdminSettingsSchema } from '@store/shared/admin-settings';
import { requestCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { requirePermission } from '../staff/index.js';
import { contentAdminRoutes } from './content-admin.routes.js';
import { navigationAdminRoutes } from './navigation-admin.routes.js';
import {
  PREVIEW_COOKIE,
  PREVIEW_TTL_MS,
  getAdminSettings,
  isValidPreview,
  issuePreviewToken,
  updateAdminSettings,
  type SettingsCtx,
} from './settings-admin.js';

const SettingsResponseSchema = z.object({ data: AdminSettingsSchema });

/** The settings screen and the maintenance preview, under /api/v1/admin/ (docs/back-office.md). */
const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: settings'];
  const ctx = (request: FastifyRequest): SettingsCtx => ({ ...requestCtx(request, app.clock), env: app.env });
  const settingsWriters = requirePermission('settings.write');

  app.get(
    '/settings/',
    {
      preHandler: settingsWriters,
      schema: { tags, summary: 'Every site setting as the storefront uses it now', response: { 200: SettingsResponseSchema } },
    },
    async (request) => ({ data: await getAdminSettings(ctx(request)) }),
  );
  app.patch(
    '/settings/',
    {
      preHandler: settingsWriters,
      schema: {
        tags,
        summary: 'Change any of the settings; effective on the storefront from the next request, audited',
        body: AdminSettingsPatchSchema,
        response: { 200: SettingsResponseSchema },
      },
    },
    async (request) => ({ data: await updateAdminSettings(ctx(request), request.body) }),
  );
  app.post(
    '/preview/',
    {
      preHandler: requirePermission(null),
      schema: {
        tags,
        summary: 'Let this browser see the store while it is under maintenance (sets the staff_preview cookie, 12 hours at most)',
        response: { 200: z.object({ data: z.object({ expires_at: z.string() }) }) },
      },
    },
    async (request, reply) => {
      const staff = request.staff;
      // The guard set it; a route without one would be a bug, answered as not signed in.
      if (!staff) throw new AppError('login_required', 'Please sign in');
      const { token, expiresAt } = issuePreviewToken({ db: app.db, clock: app.clock, env: app.env }, staff);
      reply.setCookie(PREVIEW_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: app.env.NODE_ENV === 'production',
        maxAge: PREVIEW_TTL_MS / 1000,
      });
      return { data: { expires_at: expiresAt.toISOString() } };
    },
  );
};

/**
 * The admin API of the content module (under /api/v1/admin/), and the one storefront call of the
 * preview: GET /api/v1/staff-preview/ says whether this browser's staff_preview cookie is good. It
 * sits outside /admin because the storefront holds no staff token, only the cookie.
 */
export async function registerContentAdminRoutes(api: FastifyInstance) {
  await api.register(settingsAdminRoutes, { prefix: '/admin' });
  await api.register(contentAdminRoutes, { prefix: '/admin' });
  await api.register(navigationAdminRoutes, { prefix: '/admin' });
  api.withTypeProvider<ZodTypeProvider>().get(
    '/staff-preview/',
    {
      schema: {
        tags: ['content'],
        summary: "Whether this browser may see the store during maintenance (a staff member's preview cookie)",
        response: { 200: z.object({ data: z.object({ preview: z.boolean() }) }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const app = request.server;
      return { data: { preview: await isValidPreview({ db: app.db, clock: app.clock, env: app.env }, request.cookies[PREVIEW_COOKIE]) } };
    },
  );
}
