import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminFooterGroupInputSchema,
  AdminFooterGroupPatchSchema,
  AdminFooterGroupSchema,
  AdminFooterLinkInputSchema,
  AdminFooterLinkPatchSchema,
  AdminFooterLinkSchema,
  AdminFooterOrderSchema,
  AdminHighlightResponseSchema,
  AdminHighlightSchema,
  AdminIdOrderSchema,
  AdminNavItemInputSchema,
  AdminNavItemPatchSchema,
  AdminNavItemSchema,
  AdminNavOrderSchema,
  AdminStoreLocationInputSchema,
  AdminStoreLocationPatchSchema,
  AdminStoreLocationSchema,
  NavMenuQuerySchema,
} from '@store/shared/admin-navigation';
import { AdminOkResponseSchema } from '@store/shared/admin';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx } from '../../lib/context.js';
import { requirePermission } from '../staff/index.js';
import {
  createFooterGroup,
  createFooterLink,
  createNavItem,
  createStoreLocation,
  deleteFooterGroup,
  deleteFooterLink,
  deleteNavItem,
  deleteStoreLocation,
  getAdminFooter,
  getAdminMenu,
  getHighlight,
  listAdminStoreLocations,
  putHighlight,
  reorderFooter,
  reorderMenu,
  reorderStoreLocations,
  updateFooterGroup,
  updateFooterLink,
  updateNavItem,
  updateStoreLocation,
} from './navigation-admin.js';

const IdParams = z.object({ id: IdParamSchema });
const MenuResponse = z.object({ data: z.array(AdminNavItemSchema) });
const FooterResponse = z.object({ data: z.array(AdminFooterGroupSchema) });
const LocationsResponse = z.object({ data: z.array(AdminStoreLocationSchema) });

/**
 * Menus, footer, store locations and the highlight message of the back office, under
 * /api/v1/admin/content/ (docs/back-office.md, "Content: menus, footer, store locations, highlight").
 */
export const navigationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const writers = requirePermission('content.write');
  const ctx = (request: Parameters<typeof requestCtx>[0]) => requestCtx(request, app.clock);

  const menuTags = ['admin: content menus'];
  app.get(
    '/content/menus/',
    {
      preHandler: writers,
      schema: {
        tags: menuTags,
        summary: 'One menu (?menu=beauty|kids) as a tree, every field of each item',
        querystring: NavMenuQuerySchema,
        response: { 200: MenuResponse },
      },
    },
    async (request) => ({ data: await getAdminMenu(ctx(request), request.query.menu) }),
  );
  app.put(
    '/content/menus/order/',
    {
      preHandler: writers,
      schema: {
        tags: menuTags,
        summary: "The whole menu's parents and order in one go (every item once, same menu, no cycles), audited",
        querystring: NavMenuQuerySchema,
        body: AdminNavOrderSchema,
        response: { 200: MenuResponse },
      },
    },
    async (request) => ({ data: await reorderMenu(ctx(request), request.query.menu, request.body) }),
  );
  app.post(
    '/content/menu-items/',
    {
      preHandler: writers,
      schema: {
        tags: menuTags,
        summary: 'Add an item to a menu, last among its siblings, audited',
        body: AdminNavItemInputSchema,
        response: { 201: z.object({ data: AdminNavItemSchema }) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createNavItem(ctx(request), request.body) }),
  );
  app.patch(
    '/content/menu-items/:id/',
    {
      preHandler: writers,
      schema: {
        tags: menuTags,
        summary: "Edit a menu item's fields (moving it is PUT order), audited",
        params: IdParams,
        body: AdminNavItemPatchSchema,
        response: { 200: z.object({ data: AdminNavItemSchema }) },
      },
    },
    async (request) => ({ data: await updateNavItem(ctx(request), request.params.id, request.body) }),
  );
  app.delete(
    '/content/menu-items/:id/',
    {
      preHandler: writers,
      schema: {
        tags: menuTags,
        summary: 'Delete a menu item and every item under it, audited',
        params: IdParams,
        response: { 200: z.object({ data: z.object({ deleted: z.array(z.number()) }) }) },
      },
    },
    async (request) => ({ data: { deleted: await deleteNavItem(ctx(request), request.params.id) } }),
  );

  const footerTags = ['admin: content footer'];
  app.get(
    '/content/footer/',
    {
      preHandler: writers,
      schema: {
        tags: footerTags,
        summary: "One menu's footer groups (?menu=beauty|kids) with their links, in order",
        querystring: NavMenuQuerySchema,
        response: { 200: FooterResponse },
      },
    },
    async (request) => ({ data: await getAdminFooter(ctx(request), request.query.menu) }),
  );
  app.put(
    '/content/footer/order/',
    {
      preHandler: writers,
      schema: {
        tags: footerTags,
        summary: 'The order of the groups and of their links (a link may change group), audited',
        querystring: NavMenuQuerySchema,
        body: AdminFooterOrderSchema,
        response: { 200: FooterResponse },
      },
    },
    async (request) => ({ data: await reorderFooter(ctx(request), request.query.menu, request.body) }),
  );
  app.post(
    '/content/footer-groups/',
    {
      preHandler: writers,
      schema: {
        tags: footerTags,
        summary: 'Add a footer group, last, audited',
        body: AdminFooterGroupInputSchema,
        response: { 201: z.object({ data: AdminFooterGroupSchema }) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createFooterGroup(ctx(request), request.body) }),
  );
  app.patch(
    '/content/footer-groups/:id/',
    {
      preHandler: writers,
      schema: {
        tags: footerTags,
        summary: 'Rename a footer group, audited',
        params: IdParams,
        body: AdminFooterGroupPatchSchema,
        response: { 200: z.object({ data: AdminFooterGroupSchema }) },
      },
    },
    async (request) => ({ data: await updateFooterGroup(ctx(request), request.params.id, request.body) }),
  );
  app.delete(
    '/content/footer-groups/:id/',
    {
      preHandler: writers,
      schema: {
        tags: footerTags,
        summary: 'Delete a footer group with its links, audited',
        params: IdParams,
        response: { 200: AdminOkResponseSchema },
      },
    },
    async (request) => {
      await deleteFooterGroup(ctx(request), request.params.id);
      return { success: true as const };
    },
  );
  app.post(
    '/content/footer-links/',
    {
      preHandler: writers,
      schema: {
        tags: footerTags,
        summary: 'Add a link to a footer group, last, audited',
        body: AdminFooterLinkInputSchema,
        response: { 201: z.object({ data: AdminFooterLinkSchema }) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createFooterLink(ctx(request), request.body) }),
  );
  app.patch(
    '/content/footer-links/:id/',
    {
      preHandler: writers,
      schema: {
        tags: footerTags,
        summary: 'Edit a footer link, audited',
        params: IdParams,
        body: AdminFooterLinkPatchSchema,
        response: { 200: z.object({ data: AdminFooterLinkSchema }) },
      },
    },
    async (request) => ({ data: await updateFooterLink(ctx(request), request.params.id, request.body) }),
  );
  app.delete(
    '/content/footer-links/:id/',
    {
      preHandler: writers,
      schema: { tags: footerTags, summary: 'Delete a footer link, audited', params: IdParams, response: { 200: AdminOkResponseSchema } },
    },
    async (request) => {
      await deleteFooterLink(ctx(request), request.params.id);
      return { success: true as const };
    },
  );

  const locationTags = ['admin: content store locations'];
  app.get(
    '/content/store-locations/',
    {
      preHandler: writers,
      schema: { tags: locationTags, summary: 'Every store location, in order', response: { 200: LocationsResponse } },
    },
    async (request) => ({ data: await listAdminStoreLocations(ctx(request)) }),
  );
  app.put(
    '/content/store-locations/order/',
    {
      preHandler: writers,
      schema: {
        tags: locationTags,
        summary: 'The order of the store locations (every id once), audited',
        body: AdminIdOrderSchema,
        response: { 200: LocationsResponse },
      },
    },
    async (request) => ({ data: await reorderStoreLocations(ctx(request), request.body) }),
  );
  app.post(
    '/content/store-locations/',
    {
      preHandler: writers,
      schema: {
        tags: locationTags,
        summary: 'Add a store location, last, audited',
        body: AdminStoreLocationInputSchema,
        response: { 201: z.object({ data: AdminStoreLocationSchema }) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createStoreLocation(ctx(request), request.body) }),
  );
  app.patch(
    '/content/store-locations/:id/',
    {
      preHandler: writers,
      schema: {
        tags: locationTags,
        summary: 'Edit a store location, audited',
        params: IdParams,
        body: AdminStoreLocationPatchSchema,
        response: { 200: z.object({ data: AdminStoreLocationSchema }) },
      },
    },
    async (request) => ({ data: await updateStoreLocation(ctx(request), request.params.id, request.body) }),
  );
  app.delete(
    '/content/store-locations/:id/',
    {
      preHandler: writers,
      schema: {
        tags: locationTags,
        summary: 'Delete a store location, audited',
        params: IdParams,
        response: { 200: AdminOkResponseSchema },
      },
    },
    async (request) => {
      await deleteStoreLocation(ctx(request), request.params.id);
      return { success: true as const };
    },
  );

  const highlightTags = ['admin: content highlight'];
  app.get(
    '/content/highlight/',
    {
      preHandler: writers,
      schema: {
        tags: highlightTags,
        summary: 'The highlight message as stored (placeholders unfilled); null: none',
        response: { 200: z.object({ data: AdminHighlightResponseSchema }) },
      },
    },
    async (request) => ({ data: await getHighlight(ctx(request)) }),
  );
  app.put(
    '/content/highlight/',
    {
      preHandler: writers,
      schema: {
        tags: highlightTags,
        summary: 'Set the highlight message (empty or null: none), audited',
        body: AdminHighlightSchema,
        response: { 200: z.object({ data: AdminHighlightResponseSchema }) },
      },
    },
    async (request) => ({ data: await putHighlight(ctx(request), request.body) }),
  );
};
