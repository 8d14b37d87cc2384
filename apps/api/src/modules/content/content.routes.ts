import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NavQuerySchema, PageQuerySchema } from '@store/shared/content';
import { DEPARTMENT_KEYS } from '@store/shared/constants';
import {
  getBasicSettings,
  getBlogPost,
  getFooter,
  getHome,
  getNavigation,
  getPage,
  getPublicConfig,
  getSiteConfig,
  getSiteSettings,
  listBlogPosts,
  listPages,
  listStoreLocations,
  patchSetting,
} from './content.service.js';
import { AppError } from '../../lib/errors.js';

/** The socket's own address, not a forwarded header: a proxy in front would make every request look local. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const slug = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9-]+$/, 'Must be a handle (a-z, 0-9, -)');

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['content'];
  app.get('/navigation/', { schema: { tags, summary: 'Mega-menu', querystring: NavQuerySchema } }, async (request) => {
    const nav = await getNavigation(app.db, request.query.type);
    const config = await getSiteConfig(app.db, request.query.type);
    return { data: { data: nav, highlight_message: config.highlight_message } };
  });
  app.get('/footer/', { schema: { tags, summary: 'Footer groups', querystring: NavQuerySchema } }, async (request) => ({
    data: { data: await getFooter(app.db, request.query.type) },
  }));
  app.get('/basic-settings/', { schema: { tags, summary: 'Logo, colours, maintenance flag' } }, async () => ({
    data: { data: await getBasicSettings(app.db) },
  }));
  app.get('/settings/', { schema: { tags, summary: 'Site settings: timers, shipping fees, maintenance' } }, async () => ({
    data: await getSiteSettings(app.db),
  }));
  app.get(
    '/site-config/',
    { schema: { tags, summary: 'Logo, nav, footer and basic settings in one call', querystring: NavQuerySchema } },
    async (request) => ({
      data: await getSiteConfig(app.db, request.query.type),
    }),
  );
  app.get(
    '/home/',
    {
      schema: {
        tags,
        summary: 'Banners and product sliders of a department home',
        querystring: z.object({ department: z.enum(DEPARTMENT_KEYS).optional() }),
      },
    },
    async (request) => ({
      data: await getHome(app.db, request.query.department ?? request.department, {
        loggedIn: request.customerId !== null,
        bd: request.location === 'BD',
      }),
    }),
  );
  app.get(
    '/public-config/',
    { schema: { tags, summary: 'Support contacts, tracking pixel id, locale prefix, maintenance flag' } },
    async () => ({
      data: await getPublicConfig(app.db, app.env),
    }),
  );
  app.get('/pages/', { schema: { tags, summary: 'Content page list' } }, async () => ({ data: await listPages(app.db) }));
  app.get('/pages/:handle/', { schema: { tags, summary: 'Content page', params: z.object({ handle: slug }) } }, async (request) => ({
    data: await getPage(app.db, request.params.handle),
  }));
  app.get(
    '/blogs/',
    {
      schema: {
        tags,
        summary: 'Blog posts, newest first',
        querystring: PageQuerySchema.extend({ page_size: z.coerce.number().int().min(1).max(24).default(6) }),
      },
    },
    async (request) => listBlogPosts(app.db, request.query.page, request.query.page_size),
  );
  app.get('/blogs/:slug/', { schema: { tags, summary: 'Blog article', params: z.object({ slug }) } }, async (request) => ({
    data: await getBlogPost(app.db, request.params.slug),
  }));
  if (app.env.NODE_ENV !== 'production') {
    // Development and test only: flips site-wide switches (maintenance, highlight message) without an
    // admin UI, so end-to-end tests can drive them through the running server. Never registered in
    // production, and it needs no login, so only a request from this machine may use it.
    app.put(
      '/dev/settings/:key/',
      {
        onRequest: async (request) => {
          if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) throw new AppError('forbidden', 'Only from this machine');
        },
        schema: {
          tags: ['dev'],
          summary: 'Merge values into a setting (development and test only)',
          params: z.object({ key: z.enum(['site', 'basic', 'highlight']) }),
          body: z.record(z.string(), z.unknown()),
        },
      },
      async (request) => ({ data: await patchSetting(app.db, request.params.key, request.body) }),
    );
  }
  app.get('/store-locations/', { schema: { tags, summary: 'Pickup stores' } }, async () => ({ data: await listStoreLocations(app.db) }));
};
