import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBannerInputSchema,
  AdminBannerPatchSchema,
  AdminBannerSchema,
  AdminBlogPostInputSchema,
  AdminBlogPostPatchSchema,
  AdminBlogPostSchema,
  AdminPageInputSchema,
  AdminPagePatchSchema,
  AdminPageSchema,
} from '@store/shared/admin-content';
import { AdminOkResponseSchema } from '@store/shared/admin';
import { DEPARTMENT_KEYS } from '@store/shared/constants';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx } from '../../lib/context.js';
import { requirePermission } from '../staff/index.js';
import {
  createBlogPost,
  createPage,
  getAdminBlogPost,
  getAdminPage,
  listAdminBlogPosts,
  listAdminPages,
  updateBlogPost,
  updatePage,
} from './content-admin.js';
import { createBanner, deleteBanner, listAdminBanners, updateBanner } from './content-admin-banners.js';

const IdParams = z.object({ id: IdParamSchema });

/** Pages and blog posts of the back office, under /api/v1/admin/content/ (docs/back-office.md, "Content"). */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const writers = requirePermission('content.write');
  const ctx = (request: Parameters<typeof requestCtx>[0]) => requestCtx(request, app.clock);

  const pageTags = ['admin: content pages'];
  const PageResponse = z.object({ data: AdminPageSchema });
  app.get(
    '/content/pages/',
    {
      preHandler: writers,
      schema: {
        tags: pageTags,
        summary: 'Every page, drafts and scheduled ones too',
        response: { 200: z.object({ data: z.array(AdminPageSchema) }) },
      },
    },
    async (request) => ({ data: await listAdminPages(ctx(request)) }),
  );
  app.post(
    '/content/pages/',
    {
      preHandler: writers,
      schema: {
        tags: pageTags,
        summary: 'Create a page (draft, published now or at publish_at), audited',
        body: AdminPageInputSchema,
        response: { 201: PageResponse },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createPage(ctx(request), request.body) }),
  );
  app.get(
    '/content/pages/:id/',
    {
      preHandler: writers,
      schema: {
        tags: pageTags,
        summary: 'One page as stored (its sanitised body is the preview)',
        params: IdParams,
        response: { 200: PageResponse },
      },
    },
    async (request) => ({ data: await getAdminPage(ctx(request), request.params.id) }),
  );
  app.patch(
    '/content/pages/:id/',
    {
      preHandler: writers,
      schema: {
        tags: pageTags,
        summary: 'Edit, publish ({status: "published"}), schedule (publish_at) or unpublish ({status: "draft"}) a page, audited',
        params: IdParams,
        body: AdminPagePatchSchema,
        response: { 200: PageResponse },
      },
    },
    async (request) => ({ data: await updatePage(ctx(request), request.params.id, request.body) }),
  );

  const postTags = ['admin: content blog'];
  const PostResponse = z.object({ data: AdminBlogPostSchema });
  app.get(
    '/content/blog-posts/',
    {
      preHandler: writers,
      schema: {
        tags: postTags,
        summary: 'Every blog post, drafts and scheduled ones too',
        response: { 200: z.object({ data: z.array(AdminBlogPostSchema) }) },
      },
    },
    async (request) => ({ data: await listAdminBlogPosts(ctx(request)) }),
  );
  app.post(
    '/content/blog-posts/',
    {
      preHandler: writers,
      schema: {
        tags: postTags,
        summary: 'Create a blog post (draft, published now or at publish_at), audited',
        body: AdminBlogPostInputSchema,
        response: { 201: PostResponse },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createBlogPost(ctx(request), request.body) }),
  );
  app.get(
    '/content/blog-posts/:id/',
    {
      preHandler: writers,
      schema: { tags: postTags, summary: 'One blog post as stored', params: IdParams, response: { 200: PostResponse } },
    },
    async (request) => ({ data: await getAdminBlogPost(ctx(request), request.params.id) }),
  );
  app.patch(
    '/content/blog-posts/:id/',
    {
      preHandler: writers,
      schema: {
        tags: postTags,
        summary: 'Edit, publish, schedule or unpublish a blog post, audited',
        params: IdParams,
        body: AdminBlogPostPatchSchema,
        response: { 200: PostResponse },
      },
    },
    async (request) => ({ data: await updateBlogPost(ctx(request), request.params.id, request.body) }),
  );

  const bannerTags = ['admin: content banners'];
  const BannerResponse = z.object({ data: AdminBannerSchema });
  app.get(
    '/content/banners/',
    {
      preHandler: writers,
      schema: {
        tags: bannerTags,
        summary: 'Every banner (of one department with ?department=), by placement and order, with its state now',
        querystring: z.object({ department: z.enum(DEPARTMENT_KEYS).optional() }),
        response: { 200: z.object({ data: z.array(AdminBannerSchema) }) },
      },
    },
    async (request) => ({ data: await listAdminBanners(ctx(request), request.query.department) }),
  );
  app.post(
    '/content/banners/',
    {
      preHandler: writers,
      schema: { tags: bannerTags, summary: 'Create a banner, audited', body: AdminBannerInputSchema, response: { 201: BannerResponse } },
    },
    async (request, reply) => reply.code(201).send({ data: await createBanner(ctx(request), request.body) }),
  );
  app.patch(
    '/content/banners/:id/',
    {
      preHandler: writers,
      schema: {
        tags: bannerTags,
        summary: 'Edit a banner: its targeting, its window (starts_at, ends_at) or its order (position), audited',
        params: IdParams,
        body: AdminBannerPatchSchema,
        response: { 200: BannerResponse },
      },
    },
    async (request) => ({ data: await updateBanner(ctx(request), request.params.id, request.body) }),
  );
  app.delete(
    '/content/banners/:id/',
    {
      preHandler: writers,
      schema: { tags: bannerTags, summary: 'Delete a banner, audited', params: IdParams, response: { 200: AdminOkResponseSchema } },
    },
    async (request) => {
      await deleteBanner(ctx(request), request.params.id);
      return { success: true as const };
    },
  );
};
