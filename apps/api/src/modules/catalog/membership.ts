import { and, count, eq, gte, inArray, isNotNull, lte, notExists, sql, type SQL } from 'drizzle-orm';
import type { CollectionRule } from '@store/shared/admin-catalog-brands';
import type { DbCtx } from '../../lib/context.js';
import { collectionProducts, collections, products } from './catalog.tables.js';

/** A collection's title, or null when there is no such collection. */
export async function collectionTitle({ db }: DbCtx, collectionId: number): Promise<string | null> {
  const [row] = await db.select({ title: collections.title }).from(collections).where(eq(collections.id, collectionId));
  return row?.title ?? null;
}

/** Which of these products belong to the collection. */
export async function productsInCollection({ db }: DbCtx, collectionId: number, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ id: collectionProducts.productId })
    .from(collectionProducts)
    .where(and(eq(collectionProducts.collectionId, collectionId), inArray(collectionProducts.productId, productIds)));
  return new Set(rows.map((r) => r.id));
}

/** A collection's id by its handle (the demo seed names collections by handle). */
export async function collectionIdByHandle({ db }: DbCtx, handle: string): Promise<number | null> {
  const [row] = await db.select({ id: collections.id }).from(collections).where(eq(collections.handle, handle));
  return row?.id ?? null;
}

/*
 * Collections by rule (issue 17): the rule lives on the collection, its members are materialised into
 * collection_products so every storefront read (listing ?collection=, facets, home sliders) stays a
 * plain join. Each refresh is two set-based statements per rule collection: add what now matches,
 * drop what no longer does, for every product or only the ones a write touched.
 */

/** The SQL conditions of a rule, in the collection's department; only published products belong. */
export function ruleConditions(rule: CollectionRule, deptId: number): SQL[] {
  const where: SQL[] = [eq(products.departmentId, deptId), eq(products.published, true)];
  if (rule.tags?.length) {
    where.push(
      sql`${products.tags} && array[${sql.join(
        rule.tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  if (rule.brand_ids?.length) where.push(inArray(products.brandId, rule.brand_ids));
  if (rule.price_min !== undefined) where.push(gte(products.minDiscountedPrice, rule.price_min * 100));
  if (rule.price_max !== undefined) where.push(lte(products.minDiscountedPrice, rule.price_max * 100));
  // The listing's "on sale" filter, word for word (catalog.service.ts).
  const onSale = sql`(${products.sale} or ${products.maxDiscountValue} > 0)`;
  if (rule.on_sale === true) where.push(onSale);
  if (rule.on_sale === false) where.push(sql`not ${onSale}`);
  return where;
}

/** Newest first: minus the creation second, so the slider's `order by position` reads newest to oldest. */
const NEWEST_FIRST = sql<number>`(-floor(extract(epoch from ${products.createdAt})))::int`;

/** How many products a rule takes in now (the editor's live count). */
export async function countRuleMatches({ db }: DbCtx, rule: CollectionRule, deptId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(...ruleConditions(rule, deptId)));
  return row?.n ?? 0;
}

type RuleCollection = { id: number; departmentId: number; rule: CollectionRule };

/** Brings one rule collection's members in line with its rule (for these products only, or all). */
export async function refreshRuleCollection({ db }: DbCtx, collection: RuleCollection, productIds?: number[]): Promise<void> {
  const only = productIds === undefined ? [] : [inArray(products.id, productIds)];
  const matches = and(...ruleConditions(collection.rule, collection.departmentId), ...only);
  await db.delete(collectionProducts).where(
    and(
      eq(collectionProducts.collectionId, collection.id),
      productIds === undefined ? undefined : inArray(collectionProducts.productId, productIds),
      notExists(
        db
          .select({ one: sql`1` })
          .from(products)
          .where(and(eq(products.id, collectionProducts.productId), matches)),
      ),
    ),
  );
  await db
    .insert(collectionProducts)
    .select(
      db
        .select({
          collectionId: sql<number>`${collection.id}::int`.as('collection_id'),
          productId: products.id,
          position: NEWEST_FIRST.as('position'),
        })
        .from(products)
        .where(matches),
    )
    .onConflictDoUpdate({
      target: [collectionProducts.collectionId, collectionProducts.productId],
      set: { position: sql`excluded.position` },
      setWhere: sql`${collectionProducts.position} <> excluded.position`,
    });
}

/**
 * Recomputes the members of every rule collection, for the given products only (a product write:
 * call it with that product's id, in the write's transaction) or for all of them.
 */
export async function refreshRuleCollections(ctx: DbCtx, productIds?: number[]): Promise<void> {
  if (productIds !== undefined && productIds.length === 0) return;
  const rows = await ctx.db
    .select({ id: collections.id, departmentId: collections.departmentId, rule: collections.rule })
    .from(collections)
    .where(isNotNull(collections.rule));
  for (const row of rows) {
    if (row.rule) await refreshRuleCollection(ctx, { id: row.id, departmentId: row.departmentId, rule: row.rule }, productIds);
  }
}
