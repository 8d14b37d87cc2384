import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SavedViewPayloadSchema, SavedViewSchema, type SavedView, type SavedViewPayload } from '@store/shared/admin-orders';
import { AdminOkResponseSchema } from '@store/shared/admin';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx, type RequestCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { requirePermission } from './guard.js';
import { staffSavedViews } from './staff.tables.js';

/*
 * A member's saved filters of a back-office list (issue 18: the order list's views). Each member
 * sees and deletes only their own; a name is used once per list (saving it again replaces the filter).
 */

export const SAVED_VIEW_SCOPES = ['orders', 'customers'] as const;
const SAVED_VIEWS_MAX = 30;

const toView = (v: typeof staffSavedViews.$inferSelect): SavedView => ({ id: v.id, name: v.name, query: v.query });

export async function listSavedViews(ctx: RequestCtx, staffId: number, scope: string): Promise<SavedView[]> {
  const rows = await ctx.db
    .select()
    .from(staffSavedViews)
    .where(and(eq(staffSavedViews.staffId, staffId), eq(staffSavedViews.scope, scope)))
    .orderBy(asc(staffSavedViews.name));
  return rows.map(toView);
}

export async function saveView(ctx: RequestCtx, staffId: number, scope: string, input: SavedViewPayload): Promise<SavedView> {
  return ctx.db.transaction(async (db) => {
    const mine = await listSavedViews({ ...ctx, db }, staffId, scope);
    if (mine.length >= SAVED_VIEWS_MAX && !mine.some((v) => v.name === input.name))
      throw new AppError('validation_failed', `At most ${SAVED_VIEWS_MAX} saved views`, { name: `At most ${SAVED_VIEWS_MAX} saved views` });
    const [row] = await db
      .insert(staffSavedViews)
      .values({ staffId, scope, name: input.name, query: input.query.replace(/^\?/, ''), createdAt: ctx.clock.now() })
      .onConflictDoUpdate({
        target: [staffSavedViews.staffId, staffSavedViews.scope, staffSavedViews.name],
        set: { query: input.query.replace(/^\?/, '') },
      })
      .returning();
    return toView(row!);
  });
}

export async function deleteView(ctx: RequestCtx, staffId: number, id: number): Promise<void> {
  const gone = await ctx.db
    .delete(staffSavedViews)
    .where(and(eq(staffSavedViews.id, id), eq(staffSavedViews.staffId, staffId)))
    .returning({ id: staffSavedViews.id });
  if (gone.length === 0) throw new AppError('not_found', 'No such saved view');
}

const ScopeParams = z.object({ scope: z.enum(SAVED_VIEW_SCOPES) });
const ViewParams = ScopeParams.extend({ id: IdParamSchema });

/** /api/v1/admin/saved-views/:scope/: any signed-in member's own views of a list (the list itself checks its permission). */
export const savedViewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = requirePermission(null);
  const ctx = (request: FastifyRequest) => requestCtx(request, app.clock);
  const staffId = (request: FastifyRequest) => request.staff!.id;
  const tags = ['admin: saved views'];
  app.get(
    '/saved-views/:scope/',
    {
      preHandler: member,
      schema: {
        tags,
        summary: 'My saved views of a list',
        params: ScopeParams,
        response: { 200: z.object({ data: z.array(SavedViewSchema) }) },
      },
    },
    async (request) => ({ data: await listSavedViews(ctx(request), staffId(request), request.params.scope) }),
  );
  app.post(
    '/saved-views/:scope/',
    {
      preHandler: member,
      schema: {
        tags,
        summary: 'Save (or replace) a named view',
        params: ScopeParams,
        body: SavedViewPayloadSchema,
        response: { 201: z.object({ data: SavedViewSchema }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await saveView(ctx(request), staffId(request), request.params.scope, request.body) }),
  );
  app.delete(
    '/saved-views/:scope/:id/',
    {
      preHandler: member,
      schema: { tags, summary: 'Delete one of my views', params: ViewParams, response: { 200: AdminOkResponseSchema } },
    },
    async (request) => {
      await deleteView(ctx(request), staffId(request), request.params.id);
      return { success: true as const };
    },
  );
};
