import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import {
  catalogMessages,
  type AdminBrand,
  type AdminBrandInput,
  type AdminBrandPatch,
  type BrandPageOption,
} from '@store/shared/admin-catalog-brands';
import { DEPARTMENT_KEYS, type DepartmentKey } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import type { DbCtx, RequestCtx } from '../../lib/context.js';
import { writeContent } from '../../lib/content-changes.js';
import { assertUnchangedSince, nextStamp } from '../../lib/edit-conflict.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { recordAudit } from '../staff/index.js';
import { brands, departments, products } from './catalog.tables.js';
import { shownBangla, storedBangla } from '../../lib/in-locale.js';

/**
 * Brands in the back office (issue 17): name, address, description, department, luxury, and the
 * brand page (a content page, by its handle). The storefront reads brands straight from the table,
 * so a save shows on the brand list and the brand's page as soon as the caches are told.
 */

/**
 * The content pages a brand page may point at. The content module owns them and already reads the
 * catalog, so app.ts hands this in (no catalog ↔ content cycle).
 */
export type PageOptions = (ctx: RequestCtx) => Promise<BrandPageOption[]>;

type BrandRow = typeof brands.$inferSelect;

/** The departments by key and by id: the API speaks keys, the tables hold ids. */
export async function departmentIds({ db }: DbCtx): Promise<{ idOf: Map<DepartmentKey, number>; keyOf: Map<number, DepartmentKey> }> {
  const rows = await db.select({ id: departments.id, key: departments.key }).from(departments);
  const idOf = new Map<DepartmentKey, number>();
  const keyOf = new Map<number, DepartmentKey>();
  for (const row of rows) {
    const key = DEPARTMENT_KEYS.find((k) => k === row.key);
    if (key === undefined) continue;
    idOf.set(key, row.id);
    keyOf.set(row.id, key);
  }
  return { idOf, keyOf };
}

/** The department's id; a department the shop has not set up is a field error. */
export async function requireDepartment(ctx: DbCtx, key: DepartmentKey): Promise<number> {
  const id = (await departmentIds(ctx)).idOf.get(key);
  if (id === undefined) throw badRequest(messages.badRequest(), { department: 'This department is not set up' });
  return id;
}

/** Every product of the brand, drafts too. */
// The outer brand is named in full: drizzle leaves a one-table query's columns unqualified, and a bare
// "id" inside the subquery would be the product's.
const productCount = sql<number>`(select count(*)::int from ${products} where ${products.brandId} = "brands"."id")`;

function toAdminBrand(row: BrandRow, keyOf: Map<number, DepartmentKey>, count: number): AdminBrand {
  return {
    id: row.id,
    name: row.name,
    handle: row.handle,
    description: row.description,
    description_bn: shownBangla(row.descriptionBn),
    department: keyOf.get(row.departmentId) ?? '',
    luxury: row.luxury,
    page_handle: row.pageHandle,
    product_count: count,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log compares: the fields staff edit. */
const brandAudit = (row: BrandRow, keyOf: Map<number, DepartmentKey>) => ({
  name: row.name,
  handle: row.handle,
  description: row.description,
  description_bn: shownBangla(row.descriptionBn),
  department: keyOf.get(row.departmentId) ?? '',
  luxury: row.luxury,
  page_handle: row.pageHandle,
});

/** Every brand (or those whose name or address holds `q`), by name, with its product count. */
export async function listAdminBrands(ctx: RequestCtx, q?: string): Promise<AdminBrand[]> {
  const { keyOf } = await departmentIds(ctx);
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await ctx.db
    .select({ brand: brands, count: productCount })
    .from(brands)
    .where(pattern ? or(ilike(brands.name, pattern), ilike(brands.handle, pattern)) : undefined)
    .orderBy(asc(sql`lower(${brands.name})`), asc(brands.id));
  return rows.map((r) => toAdminBrand(r.brand, keyOf, r.count));
}

async function findBrand(ctx: DbCtx, id: number, lock = false): Promise<BrandRow> {
  const query = ctx.db.select().from(brands).where(eq(brands.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Brand not found');
  return row;
}

async function countOf(ctx: DbCtx, id: number): Promise<number> {
  const [row] = await ctx.db.select({ count: productCount }).from(brands).where(eq(brands.id, id));
  return row?.count ?? 0;
}

export async function getAdminBrand(ctx: RequestCtx, id: number): Promise<AdminBrand> {
  const { keyOf } = await departmentIds(ctx);
  return toAdminBrand(await findBrand(ctx, id), keyOf, await countOf(ctx, id));
}

async function assertHandleFree(ctx: DbCtx, handle: string, exceptId: number | null) {
  const clash = await ctx.db
    .select({ id: brands.id })
    .from(brands)
    .where(exceptId === null ? eq(brands.handle, handle) : and(eq(brands.handle, handle), ne(brands.id, exceptId)));
  if (clash.length) throw badRequest(messages.badRequest(), { handle: catalogMessages.brandHandleTaken });
}

async function assertPageExists(ctx: RequestCtx, pageOptions: PageOptions, handle: string | null | undefined) {
  if (handle === null || handle === undefined) return;
  const pages = await pageOptions(ctx);
  if (!pages.some((p) => p.handle === handle)) throw badRequest(messages.badRequest(), { page_handle: catalogMessages.unknownPage });
}

export async function createBrand(ctx: RequestCtx, pageOptions: PageOptions, input: AdminBrandInput): Promise<AdminBrand> {
  const departmentId = await requireDepartment(ctx, input.department);
  await assertPageExists(ctx, pageOptions, input.page_handle);
  return writeContent(ctx, async (tx) => {
    await assertHandleFree(tx, input.handle, null);
    const { keyOf } = await departmentIds(tx);
    const [row] = await tx.db
      .insert(brands)
      .values({
        name: input.name,
        handle: input.handle,
        description: input.description,
        descriptionBn: storedBangla(input.description_bn),
        departmentId,
        luxury: input.luxury,
        pageHandle: input.page_handle,
        updatedAt: tx.clock.now(),
      })
      .returning();
    await recordAudit(tx, { action: 'brand.create', entity: 'brand', entityId: row!.id, before: null, after: brandAudit(row!, keyOf) });
    return toAdminBrand(row!, keyOf, 0);
  });
}

export async function updateBrand(ctx: RequestCtx, pageOptions: PageOptions, id: number, patch: AdminBrandPatch): Promise<AdminBrand> {
  const departmentId = patch.department === undefined ? undefined : await requireDepartment(ctx, patch.department);
  await assertPageExists(ctx, pageOptions, patch.page_handle);
  return writeContent(ctx, async (tx) => {
    const before = await findBrand(tx, id, true);
    assertUnchangedSince(patch.updated_at, before.updatedAt, catalogMessages.editConflict);
    if (patch.handle !== undefined && patch.handle !== before.handle) await assertHandleFree(tx, patch.handle, id);
    const { keyOf } = await departmentIds(tx);
    const [row] = await tx.db
      .update(brands)
      .set({
        name: patch.name,
        handle: patch.handle,
        description: patch.description,
        descriptionBn: storedBangla(patch.description_bn),
        departmentId,
        luxury: patch.luxury,
        pageHandle: patch.page_handle,
        updatedAt: nextStamp(before.updatedAt, tx.clock.now()),
      })
      .where(eq(brands.id, id))
      .returning();
    await recordAudit(tx, {
      action: 'brand.update',
      entity: 'brand',
      entityId: id,
      before: brandAudit(before, keyOf),
      after: brandAudit(row!, keyOf),
    });
    return toAdminBrand(row!, keyOf, await countOf(tx, id));
  });
}

/** Deletes a brand without products; one with products is refused, saying how many. */
export async function deleteBrand(ctx: RequestCtx, id: number): Promise<void> {
  await writeContent(ctx, async (tx) => {
    const before = await findBrand(tx, id, true);
    const count = await countOf(tx, id);
    if (count > 0) throw badRequest(catalogMessages.brandHasProducts(count));
    const { keyOf } = await departmentIds(tx);
    await tx.db.delete(brands).where(eq(brands.id, id));
    await recordAudit(tx, { action: 'brand.delete', entity: 'brand', entityId: id, before: brandAudit(before, keyOf), after: null });
  });
}
