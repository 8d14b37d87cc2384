import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import {
  catalogMessages,
  type AdminCollection,
  type AdminCollectionInput,
  type AdminCollectionPatch,
  type AdminCollectionSummary,
  type CollectionKind,
  type CollectionRule,
  type ProductOption,
  type RulePreviewInput,
} from '@store/shared/admin-catalog-brands';
import type { DepartmentKey } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import type { DbCtx, RequestCtx } from '../../lib/context.js';
import { writeContent } from '../../lib/content-changes.js';
import { assertUnchangedSince, nextStamp } from '../../lib/edit-conflict.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { recordAudit } from '../staff/index.js';
import { departmentIds, requireDepartment } from './brands-admin.js';
import { brands, collectionProducts, collections, products } from './catalog.tables.js';
import { countRuleMatches, refreshRuleCollection } from './membership.js';
import { shownBangla, storedBangla } from '../../lib/in-locale.js';

/**
 * Collections in the back office (issue 17): manual (an ordered list of products) or by rule (tags,
 * brands, a price range, on sale). Either way the members sit in collection_products, so the
 * storefront's listing, facets and home sliders read them as before; a rule's members are
 * recomputed in the same transaction as the save (membership.ts).
 */

type CollectionRow = typeof collections.$inferSelect;

/** How many members the editor shows of a rule collection (a manual one shows them all). */
const RULE_SAMPLE = 50;
const PRODUCT_OPTIONS_LIMIT = 20;

const kindOf = (row: CollectionRow): CollectionKind => (row.rule ? 'rule' : 'manual');

function toSummary(row: CollectionRow, keyOf: Map<number, DepartmentKey>, productCount: number): AdminCollectionSummary {
  return {
    id: row.id,
    title: row.title,
    title_bn: shownBangla(row.titleBn),
    handle: row.handle,
    department: keyOf.get(row.departmentId) ?? '',
    home_position: row.homePosition,
    kind: kindOf(row),
    product_count: productCount,
    updated_at: row.updatedAt.toISOString(),
  };
}

const optionColumns = {
  id: products.id,
  name: products.name,
  handle: products.handle,
  brand: brands.name,
  images: products.images,
};
type OptionRow = { id: number; name: string; handle: string; brand: string; images: typeof products.$inferSelect.images };
const toOption = (row: OptionRow): ProductOption => ({
  id: row.id,
  name: row.name,
  handle: row.handle,
  brand: row.brand,
  image: row.images[0] ?? null,
});

/** Products by name or address for the manual collection's picker (the first 20, by name). */
export async function productOptions({ db }: DbCtx, q: string): Promise<ProductOption[]> {
  if (!q) return [];
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select(optionColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(sql`(${ilike(products.name, pattern)} or ${ilike(products.handle, pattern)})`)
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
    .limit(PRODUCT_OPTIONS_LIMIT);
  return rows.map(toOption);
}

async function members({ db }: DbCtx, row: CollectionRow): Promise<ProductOption[]> {
  const query = db
    .select(optionColumns)
    .from(collectionProducts)
    .innerJoin(products, eq(products.id, collectionProducts.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(collectionProducts.collectionId, row.id))
    .orderBy(asc(collectionProducts.position), desc(products.id));
  return (await (row.rule ? query.limit(RULE_SAMPLE) : query)).map(toOption);
}

async function memberCount({ db }: DbCtx, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(collectionProducts).where(eq(collectionProducts.collectionId, id));
  return row?.n ?? 0;
}

async function toAdminCollection(ctx: DbCtx, row: CollectionRow, keyOf: Map<number, DepartmentKey>): Promise<AdminCollection> {
  const [list, n] = await Promise.all([members(ctx, row), memberCount(ctx, row.id)]);
  return { ...toSummary(row, keyOf, n), rule: row.rule, products: list };
}

/** What the audit log compares: the fields staff edit, and a manual collection's members in order. */
const collectionAudit = (row: CollectionRow, keyOf: Map<number, DepartmentKey>, productIds: number[] | null) => ({
  title: row.title,
  title_bn: shownBangla(row.titleBn),
  handle: row.handle,
  department: keyOf.get(row.departmentId) ?? '',
  home_position: row.homePosition,
  kind: kindOf(row),
  rule: row.rule,
  ...(productIds === null ? {} : { product_ids: productIds }),
});

async function manualIds({ db }: DbCtx, row: CollectionRow): Promise<number[] | null> {
  if (row.rule) return null;
  const rows = await db
    .select({ id: collectionProducts.productId })
    .from(collectionProducts)
    .where(eq(collectionProducts.collectionId, row.id))
    .orderBy(asc(collectionProducts.position), desc(collectionProducts.productId));
  return rows.map((r) => r.id);
}

/** Every collection: those on a department home first (by department and position), then by title. */
export async function listAdminCollections(ctx: RequestCtx): Promise<AdminCollectionSummary[]> {
  const { keyOf } = await departmentIds(ctx);
  const counts = ctx.db
    .select({ collectionId: collectionProducts.collectionId, n: count().as('n') })
    .from(collectionProducts)
    .groupBy(collectionProducts.collectionId)
    .as('counts');
  const rows = await ctx.db
    .select({ collection: collections, n: sql<number>`coalesce(${counts.n}, 0)::int` })
    .from(collections)
    .leftJoin(counts, eq(counts.collectionId, collections.id))
    .orderBy(
      sql`${collections.homePosition} is null`,
      asc(collections.departmentId),
      asc(collections.homePosition),
      asc(sql`lower(${collections.title})`),
    );
  return rows.map((r) => toSummary(r.collection, keyOf, r.n));
}

async function findCollection(ctx: DbCtx, id: number, lock = false): Promise<CollectionRow> {
  const query = ctx.db.select().from(collections).where(eq(collections.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Collection not found');
  return row;
}

export async function getAdminCollection(ctx: RequestCtx, id: number): Promise<AdminCollection> {
  const { keyOf } = await departmentIds(ctx);
  return toAdminCollection(ctx, await findCollection(ctx, id), keyOf);
}

async function assertHandleFree(ctx: DbCtx, handle: string, exceptId: number | null) {
  const clash = await ctx.db
    .select({ id: collections.id })
    .from(collections)
    .where(exceptId === null ? eq(collections.handle, handle) : and(eq(collections.handle, handle), ne(collections.id, exceptId)));
  if (clash.length) throw badRequest(messages.badRequest(), { handle: catalogMessages.collectionHandleTaken });
}

/** The rule as stored: only the conditions given, empty lists dropped, tags without repeats. */
function normaliseRule(rule: CollectionRule): CollectionRule {
  const out: CollectionRule = {};
  if (rule.tags?.length) out.tags = [...new Set(rule.tags)];
  if (rule.brand_ids?.length) out.brand_ids = [...new Set(rule.brand_ids)].sort((a, b) => a - b);
  if (rule.price_min !== undefined) out.price_min = rule.price_min;
  if (rule.price_max !== undefined) out.price_max = rule.price_max;
  if (rule.on_sale !== undefined) out.on_sale = rule.on_sale;
  return out;
}

async function assertBrandsExist({ db }: DbCtx, rule: CollectionRule) {
  const ids = rule.brand_ids ?? [];
  if (!ids.length) return;
  const [row] = await db.select({ n: count() }).from(brands).where(inArray(brands.id, ids));
  if ((row?.n ?? 0) !== ids.length) throw badRequest(messages.badRequest(), { 'rule.brand_ids': catalogMessages.unknownBrand });
}

async function assertProductsExist({ db }: DbCtx, ids: number[]) {
  if (!ids.length) return;
  const [row] = await db.select({ n: count() }).from(products).where(inArray(products.id, ids));
  if ((row?.n ?? 0) !== ids.length) throw badRequest(messages.badRequest(), { product_ids: catalogMessages.unknownProduct });
}

/** A manual collection's members, replaced by this ordered list. */
async function setManualMembers({ db }: DbCtx, collectionId: number, productIds: number[]) {
  await db.delete(collectionProducts).where(eq(collectionProducts.collectionId, collectionId));
  if (productIds.length) {
    await db.insert(collectionProducts).values(productIds.map((productId, position) => ({ collectionId, productId, position })));
  }
}

/** Manual members keep the order they had when a rule collection turns manual. */
async function renumberMembers({ db }: DbCtx, collectionId: number) {
  await db.execute(sql`
    update ${collectionProducts} set position = ranked.n - 1
    from (
      select product_id, row_number() over (order by position, product_id desc)::int as n
      from ${collectionProducts} where collection_id = ${collectionId}
    ) ranked
    where ${collectionProducts.collectionId} = ${collectionId} and ${collectionProducts.productId} = ranked.product_id`);
}

export async function createCollection(ctx: RequestCtx, input: AdminCollectionInput): Promise<AdminCollection> {
  const departmentId = await requireDepartment(ctx, input.department);
  const rule = input.kind === 'rule' && input.rule ? normaliseRule(input.rule) : null;
  return writeContent(ctx, async (tx) => {
    await assertHandleFree(tx, input.handle, null);
    if (rule) await assertBrandsExist(tx, rule);
    else await assertProductsExist(tx, input.product_ids);
    const { keyOf } = await departmentIds(tx);
    const [row] = await tx.db
      .insert(collections)
      .values({
        title: input.title,
        titleBn: storedBangla(input.title_bn),
        handle: input.handle,
        departmentId,
        homePosition: input.home_position,
        rule,
        updatedAt: tx.clock.now(),
      })
      .returning();
    if (rule) await refreshRuleCollection(tx, { id: row!.id, departmentId, rule });
    else await setManualMembers(tx, row!.id, input.product_ids);
    await recordAudit(tx, {
      action: 'collection.create',
      entity: 'collection',
      entityId: row!.id,
      before: null,
      after: collectionAudit(row!, keyOf, rule ? null : input.product_ids),
    });
    return toAdminCollection(tx, row!, keyOf);
  });
}

export async function updateCollection(ctx: RequestCtx, id: number, patch: AdminCollectionPatch): Promise<AdminCollection> {
  const newDepartment = patch.department === undefined ? undefined : await requireDepartment(ctx, patch.department);
  return writeContent(ctx, async (tx) => {
    const before = await findCollection(tx, id, true);
    assertUnchangedSince(patch.updated_at, before.updatedAt, catalogMessages.editConflict);
    if (patch.handle !== undefined && patch.handle !== before.handle) await assertHandleFree(tx, patch.handle, id);
    const kind = patch.kind ?? kindOf(before);
    let rule: CollectionRule | null = null;
    if (kind === 'rule') {
      const asked = patch.rule ?? before.rule;
      if (!asked) throw badRequest(messages.badRequest(), { rule: catalogMessages.ruleNeeded });
      rule = normaliseRule(asked);
      await assertBrandsExist(tx, rule);
    } else if (patch.product_ids !== undefined) {
      await assertProductsExist(tx, patch.product_ids);
    }
    const { keyOf } = await departmentIds(tx);
    const beforeIds = await manualIds(tx, before);
    const departmentId = newDepartment ?? before.departmentId;
    const [row] = await tx.db
      .update(collections)
      .set({
        title: patch.title,
        titleBn: storedBangla(patch.title_bn),
        handle: patch.handle,
        departmentId,
        homePosition: patch.home_position,
        rule,
        updatedAt: nextStamp(before.updatedAt, tx.clock.now()),
      })
      .where(eq(collections.id, id))
      .returning();
    if (rule) {
      // A rule collection that was manual drops its hand-picked members first.
      if (!before.rule) await tx.db.delete(collectionProducts).where(eq(collectionProducts.collectionId, id));
      await refreshRuleCollection(tx, { id, departmentId, rule });
    } else if (patch.product_ids !== undefined) {
      await setManualMembers(tx, id, patch.product_ids);
    } else if (before.rule) {
      await renumberMembers(tx, id);
    }
    await recordAudit(tx, {
      action: 'collection.update',
      entity: 'collection',
      entityId: id,
      before: collectionAudit(before, keyOf, beforeIds),
      after: collectionAudit(row!, keyOf, await manualIds(tx, row!)),
    });
    return toAdminCollection(tx, row!, keyOf);
  });
}

/** Deletes a collection and its membership (the products stay), audited. */
export async function deleteCollection(ctx: RequestCtx, id: number): Promise<void> {
  await writeContent(ctx, async (tx) => {
    const before = await findCollection(tx, id, true);
    const { keyOf } = await departmentIds(tx);
    const beforeIds = await manualIds(tx, before);
    await tx.db.delete(collections).where(eq(collections.id, id));
    await recordAudit(tx, {
      action: 'collection.delete',
      entity: 'collection',
      entityId: id,
      before: collectionAudit(before, keyOf, beforeIds),
      after: null,
    });
  });
}

/** How many products a rule would take in now: the editor's live "N products match". */
export async function previewRule(ctx: RequestCtx, input: RulePreviewInput): Promise<number> {
  const departmentId = await requireDepartment(ctx, input.department);
  return countRuleMatches(ctx, normaliseRule(input.rule), departmentId);
}
