import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BasicSettingsSchema,
  BlogPostListSchema,
  BlogPostSchema,
  FooterGroupSchema,
  HomeResponseSchema,
  NavItemSchema,
  NavQuerySchema,
  PageLinkSchema,
  PageQuerySchema,
  PageSchema,
  PublicConfigSchema,
  SiteConfigSchema,
  SiteSettingsSchema,
  StoreLocationSchema,
} from '@store/shared/content';
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
import { requestCtx } from '../../lib/context.js';
import { registerDevDoor } from '../../plugins/dev-doors.js';

const slug = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9-]+$/, 'Must be a handle (a-z, 0-9, -)');

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['content'];
  app.get(
    '/navigation/',
    {
      schema: {
        tags,
        summary: 'Mega-menu',
        querystring: NavQuerySchema,
        response: { 200: z.object({ data: z.object({ data: z.array(NavItemSchema), highlight_message: z.string().nullable() }) }) },
      },
    },
    async (request) => {
      const nav = await getNavigation(requestCtx(request, app.clock), request.query.type);
      const config = await getSiteConfig(requestCtx(request, app.clock), request.query.type);
      return { data: { data: nav, highlight_message: config.highlight_message } };
    },
  );
  app.get(
    '/footer/',
    {
      schema: {
        tags,
        summary: 'Footer groups',
        querystring: NavQuerySchema,
        response: { 200: z.object({ data: z.object({ data: z.array(FooterGroupSchema) }) }) },
      },
    },
    async (request) => ({
      data: { data: await getFooter(requestCtx(request, app.clock), request.query.type) },
    }),
  );
  app.get(
    '/basic-settings/',
    {
      schema: {
        tags,
        summary: 'Logo, colours, maintenance flag',
        response: { 200: z.object({ data: z.object({ data: BasicSettingsSchema }) }) },
      },
    },
    async (request) => ({
      data: { data: await getBasicSettings(requestCtx(request, app.clock)) },
    }),
  );
  app.get(
    '/settings/',
    {
      schema: {
        tags,
        summary: 'Site settings: timers, shipping fees, maintenance',
        response: { 200: z.object({ data: SiteSettingsSchema }) },
      },
    },
    async (request) => ({ data: await getSiteSettings(requestCtx(request, app.clock)) }),
  );
  app.get(
    '/site-config/',
    {
      schema: {
        tags,
        summary: 'Logo, nav, footer and basic settings in one call',
        querystring: NavQuerySchema,
        response: { 200: z.object({ data: SiteConfigSchema }) },
      },
    },
    async (request) => ({
      data: await getSiteConfig(requestCtx(request, app.clock), request.query.type),
    }),
  );
  app.get(
    '/home/',
    {
      schema: {
        tags,
        summary: 'Banners and product sliders of a department home',
        querystring: z.object({ department: z.enum(DEPARTMENT_KEYS).optional() }),
        response: { 200: z.object({ data: HomeResponseSchema }) },
      },
    },
    async (request) => ({
      data: await getHome(requestCtx(request, app.clock), request.query.department ?? request.department, {
        loggedIn: request.customerId !== null,
        bd: request.location === 'BD',
      }),
    }),
  );
  app.get(
    '/public-config/',
    {
      schema: {
        tags,
        summary: 'Support contacts, tracking pixel id, locale prefix, maintenance flag',
        response: { 200: z.object({ data: PublicConfigSchema }) },
      },
    },
    async (request) => ({
      data: await getPublicConfig(requestCtx(request, app.clock), app.env),
    }),
  );
  app.get(
    '/pages/',
    { schema: { tags, summary: 'Content page list', response: { 200: z.object({ data: z.array(PageLinkSchema) }) } } },
    async (request) => ({ data: await listPages(requestCtx(request, app.clock)) }),
  );
  app.get(
    '/pages/:handle/',
    {
      schema: {
        tags,
        summary: 'Content page',
        params: z.object({ handle: slug }),
        response: { 200: z.object({ data: PageSchema }) },
      },
    },
    async (request) => ({ data: await getPage(requestCtx(request, app.clock), request.params.handle) }),
  );
  app.get(
    '/blogs/',
    {
      schema: {
        tags,
        summary: 'Blog posts, newest first',
        querystring: PageQuerySchema.extend({ page_size: z.coerce.number().int().min(1).max(24).default(6) }),
        response: { 200: BlogPostListSchema },
      },
    },
    async (request) => listBlogPosts(requestCtx(request, app.clock), request.query.page, request.query.page_size),
  );
  app.get(
    '/blogs/:slug/',
    { schema: { tags, summary: 'Blog article', params: z.object({ slug }), response: { 200: z.object({ data: BlogPostSchema }) } } },
    async (request) => ({ data: await getBlogPost(requestCtx(request, app.clock), request.params.slug) }),
  );
  // Development and test only: flips site-wide switches (maintenance, highlight message) without an
  // admin UI, so end-to-end tests can drive them through the running server. A development door: it
  // needs no login, so it exists only on a loopback-bound development server, for local requests.
  await registerDevDoor(app, async (dev) => {
    dev.withTypeProvider<ZodTypeProvider>().put(
      '/dev/settings/:key/',
      {
        schema: {
          tags: ['dev'],
          summary: 'Merge values into a setting (development and test only)',
          params: z.object({ key: z.enum(['site', 'basic', 'highlight']) }),
          body: z.record(z.string(), z.unknown()),
          response: { 200: z.object({ data: z.record(z.string(), z.unknown()) }) },
        },
      },
      async (request) => ({ data: await patchSetting(requestCtx(request, app.clock), request.params.key, request.body) }),
    );
  });
  app.get(
    '/store-locations/',
    { schema: { tags, summary: 'Pickup stores', response: { 200: z.object({ data: z.array(StoreLocationSchema) }) } } },
    async (request) => ({ data: await listStoreLocations(requestCtx(request, app.clock)) }),
  );
};
