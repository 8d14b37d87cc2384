import { and, asc, desc, eq, ilike, inArray, isNull, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_LIST_COUNT_CAP,
  ADMIN_SEARCH_COUNT_CAP,
  ADMIN_PRODUCT_PAGE_SIZE,
  BULK_PAGE_SIZE,
  bulkMessages,
  catalogMessages,
  type AdminVariantListQuery,
  type AdminVariantListResponse,
  type AdminVariantRow,
  type BulkVariantChanges,
  type AdminCatalogOptions,
  type AdminProduct,
  type AdminProductListQuery,
  type AdminProductListResponse,
  type AdminProductPatch,
  type AdminProductValues,
  type ProductState,
  type ProductStatus,
} from '@store/shared/admin-catalog';
import { productUrl, type Metafield } from '@store/shared/catalog';
import type { DepartmentKey } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import { discountedPrice } from '@store/shared/money';
import { dbKey, selectRows } from '../../db/client.js';
import { followInvalidations } from '../../lib/cache/invalidation.js';
import { containsPattern, startsWithPattern } from '../../lib/like.js';
import { TaggedCache } from '../../lib/cache/tagged-cache.js';
import type { DbCtx, RequestCtx } from '../../lib/context.js';
import { contentChanged, writeContent } from '../../lib/content-changes.js';
import { assertUnchangedSince, nextStamp } from '../../lib/edit-conflict.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { sanitizeBodyHtml } from '../../lib/sanitize.js';
import { recordAudit } from '../staff/index.js';
import { departmentId, refreshProductAggregates } from './catalog.service.js';
import { recordAdjustment } from './inventory-admin.js';
import { refreshRuleCollections } from './membership.js';
import { brands, categories, collectionProducts, collections, departments, products, variants } from './catalog.tables.js';
import { shownBangla, storedBangla } from '../../lib/in-locale.js';

/*
 * Products in the back office (issue 17 item 1): create, edit, duplicate and archive, with their
 * variants, pictures, collections and search texts. A product shows on the storefront while it is
 * active and its publish time has come; `products.published` holds that answer for the storefront's
 * reads, kept here on every write and by publishDueProducts for a scheduled product. Rich text is
 * sanitised on the way in. Each write is one transaction with its audit row; once committed, every
 * read cache forgets (lib/content-changes.ts), so the storefront shows the change at once.
 */

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof variants.$inferSelect;

export function productState(status: ProductStatus, publishAt: Date, now: Date): ProductState {
  if (status !== 'active') return status;
  return publishAt.getTime() > now.getTime() ? 'scheduled' : 'active';
}

const isLive = (status: ProductStatus, publishAt: Date, now: Date) => productState(status, publishAt, now) === 'active';

const metafieldValue = (fields: readonly Metafield[], key: string) => fields.find((f) => f.key === key)?.value ?? '';

/** The metafields with title_tag and description_tag set (dropped when empty); other keys are kept. */
function withSearchTexts(fields: readonly Metafield[], titleTag: string | undefined, descriptionTag: string | undefined): Metafield[] {
  const next = fields.filter(
    (f) => !(f.key === 'title_tag' && titleTag !== undefined) && !(f.key === 'description_tag' && descriptionTag !== undefined),
  );
  if (titleTag) next.push({ key: 'title_tag', value: titleTag });
  if (descriptionTag) next.push({ key: 'description_tag', value: descriptionTag });
  return next;
}

type Loaded = {
  row: ProductRow;
  brand: { id: number; handle: string; name: string };
  department: DepartmentKey;
  variants: VariantRow[];
  collectionIds: number[];
};

async function loadProduct(ctx: DbCtx, id: number, lock = false): Promise<Loaded> {
  const query = ctx.db.select().from(products).where(eq(products.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Product not found');
  // One after another: an edit loads the product in its transaction, whose one connection runs one statement at a time.
  const [brand] = await ctx.db
    .select({ id: brands.id, handle: brands.handle, name: brands.name })
    .from(brands)
    .where(eq(brands.id, row.brandId));
  const [department] = await ctx.db.select({ key: departments.key }).from(departments).where(eq(departments.id, row.departmentId));
  const variantRows = await ctx.db
    .select()
    .from(variants)
    .where(eq(variants.productId, id))
    .orderBy(asc(variants.position), asc(variants.id));
  // Manual collections only: a collection by rule follows its rule, not the editor.
  const memberships = await ctx.db
    .select({ id: collectionProducts.collectionId })
    .from(collectionProducts)
    .innerJoin(collections, eq(collections.id, collectionProducts.collectionId))
    .where(and(eq(collectionProducts.productId, id), isNull(collections.rule)))
    .orderBy(asc(collectionProducts.collectionId));
  return {
    row,
    brand: brand!,
    department: department!.key as DepartmentKey,
    variants: variantRows,
    collectionIds: memberships.map((m) => m.id),
  };
}

function toAdminProduct({ row, brand, department, variants: variantRows, collectionIds }: Loaded, now: Date): AdminProduct {
  return {
    id: row.id,
    handle: row.handle,
    name: row.name,
    body_html: row.bodyHtml,
    name_bn: shownBangla(row.nameBn),
    body_html_bn: shownBangla(row.bodyHtmlBn),
    brand,
    department,
    category_id: row.categoryId,
    collection_ids: collectionIds,
    tags: row.tags,
    title_tag: metafieldValue(row.metafields, 'title_tag'),
    description_tag: metafieldValue(row.metafields, 'description_tag'),
    max_discount: {
      value: row.maxDiscountValue,
      show_on_detail_page: row.maxDiscountShowOnDetailPage,
      show_on_homepage: row.maxDiscountShowOnHomepage,
    },
    sale: row.sale,
    status: row.status,
    publish_at: row.publishAt.toISOString(),
    state: productState(row.status, row.publishAt, now),
    option: row.variantOption,
    images: row.images,
    variants: variantRows.map((v) => ({
      id: v.id,
      sku: v.sku,
      title: v.title,
      swatch: v.swatch,
      price: v.price,
      discount: v.discount,
      discounted_price: discountedPrice(v.price, v.discount),
      barcode: v.barcode,
      stock: v.stock,
    })),
    url: productUrl(brand.handle, row.handle),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log compares: the fields staff edit, pictures by their file and variants by SKU. */
function productAudit({ row, variants: variantRows, collectionIds }: Loaded) {
  return {
    handle: row.handle,
    name: row.name,
    body_html: row.bodyHtml,
    name_bn: shownBangla(row.nameBn),
    body_html_bn: shownBangla(row.bodyHtmlBn),
    brand_id: row.brandId,
    department_id: row.departmentId,
    category_id: row.categoryId,
    collection_ids: collectionIds,
    tags: row.tags,
    title_tag: metafieldValue(row.metafields, 'title_tag'),
    description_tag: metafieldValue(row.metafields, 'description_tag'),
    show_max_discount_on_detail_page: row.maxDiscountShowOnDetailPage,
    show_max_discount_on_homepage: row.maxDiscountShowOnHomepage,
    sale: row.sale,
    status: row.status,
    publish_at: row.publishAt.toISOString(),
    option: row.variantOption,
    images: row.images.map((i) => ({ file: i.original, alt: i.alt })),
    variants: variantRows.map((v) => ({
      id: v.id,
      sku: v.sku,
      title: v.title,
      swatch: v.swatch,
      price: v.price,
      discount: v.discount,
      barcode: v.barcode,
    })),
  };
}

export async function getAdminProduct(ctx: RequestCtx, id: number): Promise<AdminProduct> {
  return toAdminProduct(await loadProduct(ctx, id), ctx.clock.now());
}

// The list

const STATE_FILTER: Record<ProductState, SQL> = {
  draft: sql`${products.status} = 'draft'`,
  archived: sql`${products.status} = 'archived'`,
  active: sql`${products.status} = 'active' and ${products.published}`,
  scheduled: sql`${products.status} = 'active' and not ${products.published}`,
};

/**
 * Products whose name, brand, tags or category hold the term (the trigram-indexed search text), whose
 * address starts with it, or with a variant whose SKU starts with it, each branch served by an index
 * (products_search_text_trgm_idx, products_handle_pattern_idx, variants_sku_upper_idx) so the planner
 * can OR them in one bitmap, or walk the sort's index when the term is common.
 */
function matchingTerm(db: DbCtx['db'], q: string): SQL {
  const prefix = startsWithPattern(q.toLowerCase());
  const skuPrefix = startsWithPattern(q.toUpperCase());
  return or(
    ilike(sql`${products}.search_text`, containsPattern(q)),
    sql`${products.handle} like ${prefix}`,
    sql`${products.id} = any(array(${db
      .select({ id: variants.productId })
      .from(variants)
      .where(sql`upper(${variants.sku}) like ${skuPrefix}`)
      .limit(ADMIN_LIST_COUNT_CAP)}))`,
  )!;
}

/**
 * Counts rows up to a cap: past it, the list says "10,000+" rather than scanning the catalog for a
 * number nobody pages to. A text search counts fewer (ADMIN_SEARCH_COUNT_CAP): its matches are
 * rechecked row by row, and five pages of matches is the point where staff refine the search.
 */
async function cappedCount(db: DbCtx['db'], rows: SQL, cap: number): Promise<{ count: number; count_capped: boolean }> {
  const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from (${rows} limit ${cap + 1}) capped`);
  const n = row?.n ?? 0;
  return n > cap ? { count: cap, count_capped: true } : { count: n, count_capped: false };
}

const countCap = (q: { q?: string | undefined }) => (q.q ? ADMIN_SEARCH_COUNT_CAP : ADMIN_LIST_COUNT_CAP);

/**
 * The list's total per search and filters: paging or re-sorting counts once. Counting up to 10,000
 * index entries is most of a list request's database time at 100,000 products. Any catalog change
 * made through this process clears it at once; one made elsewhere shows within ten seconds.
 */
const adminCountCache = new TaggedCache<{ count: number; count_capped: boolean }>({
  ttlMs: 10_000,
  maxEntries: 2_000,
  name: 'admin_product_counts',
});
followInvalidations(adminCountCache);

/** The department as its id, so the planner reads products_department_*_idx for that one department. */
const departmentIs = async (ctx: DbCtx, key: DepartmentKey) => eq(products.departmentId, (await departmentId(ctx, key)) ?? 0);

export async function listAdminProducts(ctx: RequestCtx, q: AdminProductListQuery): Promise<AdminProductListResponse> {
  const where: SQL[] = [];
  if (q.q) where.push(matchingTerm(ctx.db, q.q));
  if (q.state) where.push(STATE_FILTER[q.state]);
  if (q.brand_id) where.push(eq(products.brandId, q.brand_id));
  if (q.department !== undefined) where.push(await departmentIs(ctx, q.department));
  if (q.stock) where.push(eq(products.inStock, q.stock === 'in'));
  const condition = where.length ? and(...where) : undefined;

  // Each sort is read in its index's order (products_updated_idx, _name_idx, _price_idx, _created_idx).
  const dir = q.dir === 'asc' ? asc : desc;
  const order = {
    updated: [dir(products.updatedAt), dir(products.id)],
    created: [dir(products.createdAt), dir(products.id)],
    name: [dir(products.name), dir(products.id)],
    price: [dir(products.minDiscountedPrice), dir(products.id)],
  }[q.sort];

  // The page's ids first, from the sort's index alone (an index-only scan however deep the page),
  // then only those fifty rows are read and joined.
  const page = ctx.db
    .select({ id: products.id })
    .from(products)
    .where(condition)
    .orderBy(...order)
    .limit(ADMIN_PRODUCT_PAGE_SIZE)
    .offset((q.page - 1) * ADMIN_PRODUCT_PAGE_SIZE)
    .as('page');
  const [rows, total] = await Promise.all([
    ctx.db
      .select({
        id: products.id,
        handle: products.handle,
        name: products.name,
        brand: brands.name,
        department: departments.key,
        images: products.images,
        status: products.status,
        publishAt: products.publishAt,
        price: products.minPrice,
        discounted: products.minDiscountedPrice,
        updatedAt: products.updatedAt,
        variantCount: sql<number>`(select count(*)::int from ${variants} where ${variants.productId} = ${products.id})`,
        stock: sql<number>`(select coalesce(sum(${variants.stock}), 0)::int from ${variants} where ${variants.productId} = ${products.id})`,
      })
      .from(page)
      .innerJoin(products, eq(products.id, page.id))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(departments, eq(departments.id, products.departmentId))
      .orderBy(...order),
    adminCountCache.getOrLoad(`${dbKey(ctx.db)}|${JSON.stringify([q.q, q.state, q.brand_id, q.department, q.stock])}`, ['catalog'], () =>
      cappedCount(ctx.db, sql`select 1 from ${products} where ${condition ?? sql`true`}`, countCap(q)),
    ),
  ]);
  const now = ctx.clock.now();
  return {
    data: rows.map((r) => ({
      id: r.id,
      handle: r.handle,
      name: r.name,
      brand: r.brand,
      department: r.department as DepartmentKey,
      image: r.images[0] ?? null,
      state: productState(r.status, r.publishAt, now),
      variant_count: r.variantCount,
      price: r.price,
      discounted_price: r.discounted,
      stock: r.stock,
      updated_at: r.updatedAt.toISOString(),
    })),
    ...total,
    page: q.page,
    page_size: ADMIN_PRODUCT_PAGE_SIZE,
  };
}

/** The editor's pickers: every brand, category and collection with its department. */
export async function catalogOptions(ctx: RequestCtx): Promise<AdminCatalogOptions> {
  const [brandRows, categoryRows, collectionRows] = await Promise.all([
    ctx.db
      .select({ id: brands.id, name: brands.name, department: departments.key })
      .from(brands)
      .innerJoin(departments, eq(departments.id, brands.departmentId))
      .orderBy(asc(brands.name)),
    ctx.db
      .select({ id: categories.id, name: categories.name, parent_id: categories.parentId, department: departments.key })
      .from(categories)
      .innerJoin(departments, eq(departments.id, categories.departmentId))
      .orderBy(asc(departments.position), asc(categories.position), asc(categories.name)),
    ctx.db
      .select({ id: collections.id, title: collections.title, department: departments.key })
      .from(collections)
      .innerJoin(departments, eq(departments.id, collections.departmentId))
      .where(isNull(collections.rule))
      .orderBy(asc(collections.title)),
  ]);
  const dept = <T extends { department: string }>(r: T) => ({ ...r, department: r.department as DepartmentKey });
  return { brands: brandRows.map(dept), categories: categoryRows.map(dept), collections: collectionRows.map(dept) };
}

// Checks before a write: every refusal names its field, and nothing is written.

async function departmentIdOf(ctx: DbCtx, key: DepartmentKey): Promise<number> {
  const [row] = await ctx.db.select({ id: departments.id }).from(departments).where(eq(departments.key, key));
  if (!row) throw badRequest(messages.badRequest(), { department: 'Choose a department' });
  return row.id;
}

async function assertReferences(
  ctx: DbCtx,
  deptId: number,
  refs: { brand_id: number; category_id: number | null; collection_ids: number[] },
) {
  // One after another: it runs in the edit's transaction (one connection, one statement at a time).
  const [brand] = await ctx.db.select({ id: brands.id }).from(brands).where(eq(brands.id, refs.brand_id));
  const [category] =
    refs.category_id === null
      ? [{ id: 0 }]
      : await ctx.db
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.id, refs.category_id), eq(categories.departmentId, deptId)));
  const found = refs.collection_ids.length
    ? await ctx.db
        .select({ id: collections.id })
        .from(collections)
        .where(and(inArray(collections.id, refs.collection_ids), eq(collections.departmentId, deptId), isNull(collections.rule)))
    : [];
  const fields: Record<string, string> = {};
  if (!brand) fields.brand_id = catalogMessages.brandUnknown;
  if (!category) fields.category_id = catalogMessages.categoryUnknown;
  if (found.length !== new Set(refs.collection_ids).size) fields.collection_ids = catalogMessages.collectionUnknown;
  if (Object.keys(fields).length) throw badRequest(messages.badRequest(), fields);
}

async function assertHandleFree(ctx: DbCtx, handle: string, exceptId: number | null) {
  const clash = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(exceptId === null ? eq(products.handle, handle) : and(eq(products.handle, handle), ne(products.id, exceptId)));
  if (clash.length) throw badRequest(messages.badRequest(), { handle: catalogMessages.handleTaken });
}

/** SKUs are unique across the shop, whatever their case; a product's own variants do not clash with themselves. */
async function assertSkusFree(ctx: DbCtx, list: { sku: string }[], productId: number | null) {
  const wanted = list.map((v) => v.sku.toUpperCase());
  const taken = await ctx.db
    .select({ sku: sql<string>`upper(${variants.sku})` })
    .from(variants)
    .where(and(inArray(sql`upper(${variants.sku})`, wanted), productId === null ? undefined : ne(variants.productId, productId)));
  if (!taken.length) return;
  const clash = new Set(taken.map((t) => t.sku));
  const fields: Record<string, string> = {};
  wanted.forEach((sku, i) => {
    if (clash.has(sku)) fields[`variants.${i}.sku`] = catalogMessages.skuTaken;
  });
  throw badRequest(messages.badRequest(), fields);
}

/** Manual memberships: the product joins at the end of each collection it is added to, and leaves the ones it is taken out of. */
async function setCollections(ctx: DbCtx, productId: number, wanted: number[], current: number[]) {
  const leaving = current.filter((id) => !wanted.includes(id));
  const joining = [...new Set(wanted)].filter((id) => !current.includes(id));
  if (leaving.length) {
    await ctx.db
      .delete(collectionProducts)
      .where(and(eq(collectionProducts.productId, productId), inArray(collectionProducts.collectionId, leaving)));
  }
  for (const collectionId of joining) {
    await ctx.db.insert(collectionProducts).values({
      collectionId,
      productId,
      position: sql`(select coalesce(max(${collectionProducts.position}) + 1, 0) from ${collectionProducts} where ${collectionProducts.collectionId} = ${collectionId})`,
    });
  }
}

/** The variants as listed: a kept one (by id) is updated, a new one inserted with its stock, one left out removed; the list order is the order. */
async function setVariants(ctx: DbCtx, productId: number, list: AdminProductValues['variants'], current: VariantRow[]) {
  const currentIds = new Set(current.map((v) => v.id));
  const fields: Record<string, string> = {};
  list.forEach((v, i) => {
    if (v.id !== undefined && !currentIds.has(v.id)) fields[`variants.${i}.id`] = 'Not a variant of this product';
  });
  if (Object.keys(fields).length) throw badRequest(messages.badRequest(), fields);
  const kept = list.flatMap((v) => (v.id === undefined ? [] : [v.id]));
  // Removed first, so a SKU may move from a removed variant to a new one.
  await ctx.db.delete(variants).where(and(eq(variants.productId, productId), kept.length ? notInArray(variants.id, kept) : undefined));
  // Kept SKUs may swap between variants: clear them first so the unique index never sees two at once.
  if (kept.length) {
    await ctx.db
      .update(variants)
      .set({ sku: sql`'~' || ${variants.id}::text || '~' || ${variants.sku}` })
      .where(inArray(variants.id, kept));
  }
  for (const [position, v] of list.entries()) {
    const values = { sku: v.sku, title: v.title, swatch: v.swatch, price: v.price, discount: v.discount, barcode: v.barcode, position };
    if (v.id === undefined) await ctx.db.insert(variants).values({ ...values, productId, stock: v.stock });
    else await ctx.db.update(variants).set(values).where(eq(variants.id, v.id));
  }
}

// Writes

export async function createProduct(ctx: RequestCtx, input: AdminProductValues): Promise<AdminProduct> {
  return writeContent(ctx, async (tx) => {
    const deptId = await departmentIdOf(tx, input.department);
    await assertReferences(tx, deptId, input);
    await assertHandleFree(tx, input.handle, null);
    await assertSkusFree(tx, input.variants, null);
    const now = tx.clock.now();
    const publishAt = input.publish_at ? new Date(input.publish_at) : now;
    const [row] = await tx.db
      .insert(products)
      .values({
        handle: input.handle,
        name: input.name,
        bodyHtml: sanitizeBodyHtml(input.body_html),
        nameBn: storedBangla(input.name_bn),
        bodyHtmlBn: storedBangla(input.body_html_bn && sanitizeBodyHtml(input.body_html_bn)),
        brandId: input.brand_id,
        departmentId: deptId,
        categoryId: input.category_id,
        tags: input.tags,
        metafields: withSearchTexts([], input.title_tag, input.description_tag),
        images: input.images,
        maxDiscountShowOnDetailPage: input.show_max_discount_on_detail_page,
        maxDiscountShowOnHomepage: input.show_max_discount_on_homepage,
        sale: input.sale,
        status: input.status,
        publishAt,
        published: isLive(input.status, publishAt, now),
        variantOption: input.option,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: products.id });
    const id = row!.id;
    await setVariants(tx, id, input.variants, []);
    await setCollections(tx, id, input.collection_ids, []);
    await refreshProductAggregates(tx, [id]);
    await refreshRuleCollections(tx, [id]);
    const after = await loadProduct(tx, id);
    await recordAudit(tx, { action: 'product.create', entity: 'product', entityId: id, before: null, after: productAudit(after) });
    return toAdminProduct(after, now);
  });
}

export async function updateProduct(ctx: RequestCtx, id: number, patch: AdminProductPatch): Promise<AdminProduct> {
  return writeContent(ctx, async (tx) => {
    const before = await loadProduct(tx, id, true);
    assertUnchangedSince(patch.updated_at, before.row.updatedAt, catalogMessages.editConflict);
    const department = patch.department ?? before.department;
    const deptId = patch.department === undefined ? before.row.departmentId : await departmentIdOf(tx, department);
    if (
      patch.department !== undefined ||
      patch.brand_id !== undefined ||
      patch.category_id !== undefined ||
      patch.collection_ids !== undefined
    ) {
      await assertReferences(tx, deptId, {
        brand_id: patch.brand_id ?? before.row.brandId,
        category_id: patch.category_id === undefined ? before.row.categoryId : patch.category_id,
        collection_ids: patch.collection_ids ?? before.collectionIds,
      });
    }
    if (patch.handle !== undefined && patch.handle !== before.row.handle) await assertHandleFree(tx, patch.handle, id);
    if (patch.variants) await assertSkusFree(tx, patch.variants, id);

    const now = tx.clock.now();
    const status = patch.status ?? before.row.status;
    // Without a time: a live product keeps the time it went live; one made active now goes live now.
    const wasLive = isLive(before.row.status, before.row.publishAt, now);
    const publishAt = patch.publish_at
      ? new Date(patch.publish_at)
      : (patch.publish_at === null || (patch.status === 'active' && before.row.status !== 'active')) && !wasLive
        ? now
        : before.row.publishAt;
    await tx.db
      .update(products)
      .set({
        handle: patch.handle,
        name: patch.name,
        bodyHtml: patch.body_html === undefined ? undefined : sanitizeBodyHtml(patch.body_html),
        nameBn: storedBangla(patch.name_bn),
        bodyHtmlBn: storedBangla(patch.body_html_bn && sanitizeBodyHtml(patch.body_html_bn)),
        brandId: patch.brand_id,
        departmentId: deptId,
        categoryId: patch.category_id,
        tags: patch.tags,
        metafields:
          patch.title_tag === undefined && patch.description_tag === undefined
            ? undefined
            : withSearchTexts(before.row.metafields, patch.title_tag, patch.description_tag),
        images: patch.images,
        maxDiscountShowOnDetailPage: patch.show_max_discount_on_detail_page,
        maxDiscountShowOnHomepage: patch.show_max_discount_on_homepage,
        sale: patch.sale,
        status,
        publishAt,
        published: isLive(status, publishAt, now),
        variantOption: patch.option,
        updatedAt: nextStamp(before.row.updatedAt, now),
      })
      .where(eq(products.id, id));
    if (patch.variants) await setVariants(tx, id, patch.variants, before.variants);
    if (patch.collection_ids) await setCollections(tx, id, patch.collection_ids, before.collectionIds);
    await refreshProductAggregates(tx, [id]);
    await refreshRuleCollections(tx, [id]);
    const after = await loadProduct(tx, id);
    const action = patch.status === 'archived' && before.row.status !== 'archived' ? 'product.archive' : 'product.update';
    await recordAudit(tx, { action, entity: 'product', entityId: id, before: productAudit(before), after: productAudit(after) });
    return toAdminProduct(after, now);
  });
}

/** The first of `base`, `base-2`, `base-3`… that `taken` does not hold. */
function firstFree(base: string, taken: Set<string>, separator: string): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${separator}${n}`)) return `${base}${separator}${n}`;
}

/**
 * A copy to start a similar product from: a draft with the same fields, pictures, collections and
 * variants, under a free address (`<handle>-copy`) with free SKUs (`<SKU>-COPY`) and no stock.
 */
export async function duplicateProduct(ctx: RequestCtx, id: number): Promise<AdminProduct> {
  const source = await loadProduct(ctx, id);
  const handleBase = `${source.row.handle.slice(0, 70)}-copy`;
  const handles = await ctx.db
    .select({ handle: products.handle })
    .from(products)
    .where(ilike(products.handle, startsWithPattern(handleBase)));
  const skuBases = source.variants.map((v) => `${v.sku.slice(0, 54)}-COPY`);
  const skus = skuBases.length
    ? await ctx.db
        .select({ sku: sql<string>`upper(${variants.sku})` })
        .from(variants)
        .where(or(...skuBases.map((b) => ilike(variants.sku, startsWithPattern(b)))))
    : [];
  const takenSkus = new Set(skus.map((s) => s.sku));
  const newSkus = skuBases.map((base) => {
    const sku = firstFree(base.toUpperCase(), takenSkus, '-');
    takenSkus.add(sku);
    return sku;
  });
  const { row } = source;
  return createProduct(ctx, {
    handle: firstFree(handleBase, new Set(handles.map((h) => h.handle)), '-'),
    name: `${row.name} (copy)`.slice(0, 200),
    body_html: row.bodyHtml,
    name_bn: shownBangla(row.nameBn),
    body_html_bn: shownBangla(row.bodyHtmlBn),
    brand_id: row.brandId,
    department: source.department,
    category_id: row.categoryId,
    collection_ids: source.collectionIds,
    tags: row.tags,
    title_tag: metafieldValue(row.metafields, 'title_tag'),
    description_tag: metafieldValue(row.metafields, 'description_tag'),
    show_max_discount_on_detail_page: row.maxDiscountShowOnDetailPage,
    show_max_discount_on_homepage: row.maxDiscountShowOnHomepage,
    sale: row.sale,
    status: 'draft',
    publish_at: null,
    option: row.variantOption,
    images: row.images,
    variants: source.variants.map((v, i) => ({
      sku: newSkus[i]!,
      title: v.title,
      swatch: v.swatch,
      price: v.price,
      discount: v.discount,
      barcode: '',
      stock: 0,
    })),
  });
}

/**
 * Scheduled products whose time has come go live: one UPDATE, safe to run in any number of
 * processes at once. Returns how many went live; the read caches forget when any did.
 */
export async function publishDueProducts(ctx: Pick<RequestCtx, 'db' | 'clock'>): Promise<number> {
  const due = await ctx.db
    .update(products)
    .set({ published: true })
    .where(and(eq(products.status, 'active'), eq(products.published, false), lte(products.publishAt, ctx.clock.now())))
    .returning({ id: products.id });
  if (due.length) {
    // Rule collections hold published products only.
    await refreshRuleCollections(
      ctx,
      due.map((d) => d.id),
    );
    contentChanged();
  }
  return due.length;
}

// The bulk editor

export async function listAdminVariants(ctx: RequestCtx, q: AdminVariantListQuery): Promise<AdminVariantListResponse> {
  const where: SQL[] = [];
  if (q.q) {
    where.push(
      or(
        ilike(sql`${products}.search_text`, containsPattern(q.q)),
        sql`upper(${variants.sku}) like ${startsWithPattern(q.q.toUpperCase())}`,
      )!,
    );
  }
  if (q.brand_id) where.push(eq(products.brandId, q.brand_id));
  if (q.department !== undefined) where.push(await departmentIs(ctx, q.department));
  const condition = where.length ? and(...where) : undefined;
  const [rows, total] = await Promise.all([
    ctx.db
      .select({
        id: variants.id,
        product_id: products.id,
        product: products.name,
        brand: brands.name,
        sku: variants.sku,
        title: variants.title,
        price: variants.price,
        discount: variants.discount,
        stock: variants.stock,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(condition)
      .orderBy(asc(products.name), asc(products.id), asc(variants.position), asc(variants.id))
      .limit(BULK_PAGE_SIZE)
      .offset((q.page - 1) * BULK_PAGE_SIZE),
    cappedCount(
      ctx.db,
      sql`select 1 from ${variants} inner join ${products} on ${products.id} = ${variants.productId} where ${condition ?? sql`true`}`,
      countCap(q),
    ),
  ]);
  return { data: rows, ...total, page: q.page, page_size: BULK_PAGE_SIZE };
}

/**
 * Saves many variants' prices, discounts and stock at once: all or none. A price or discount someone
 * changed since the editor loaded it is refused; stock moves by the difference typed, in one
 * conditional UPDATE per variant (as an order's does), so nothing sold meanwhile is put back.
 */
export async function saveBulkVariants(ctx: RequestCtx, staffName: string, { changes }: BulkVariantChanges): Promise<AdminVariantRow[]> {
  return writeContent(ctx, async (tx) => {
    const ids = changes.map((c) => c.id);
    const stored = new Map(
      (await tx.db.select().from(variants).where(inArray(variants.id, ids)).orderBy(asc(variants.id)).for('update')).map((v) => [v.id, v]),
    );
    const conflicts: Record<string, string> = {};
    changes.forEach((c, i) => {
      const v = stored.get(c.id);
      if (!v) conflicts[`changes.${i}`] = bulkMessages.unknown;
      else if ((c.price !== undefined && v.price !== c.loaded.price) || (c.discount !== undefined && v.discount !== c.loaded.discount))
        conflicts[`changes.${i}`] = bulkMessages.changedMeanwhile;
      else if (c.stock !== undefined && v.stock + (c.stock - c.loaded.stock) < 0)
        conflicts[`changes.${i}.stock`] = bulkMessages.stockBelowZero;
    });
    if (Object.keys(conflicts).length) throw new AppError('edit_conflict', bulkMessages.changedMeanwhile, conflicts);

    for (const c of changes) {
      const before = stored.get(c.id)!;
      if (c.price !== undefined || c.discount !== undefined) {
        await tx.db.update(variants).set({ price: c.price, discount: c.discount }).where(eq(variants.id, c.id));
      }
      // Stock moves as an Inventory adjustment (history, back-in-stock messages), by the difference typed.
      let stockAfter = before.stock;
      if (c.stock !== undefined && c.stock !== c.loaded.stock) {
        const change = await recordAdjustment(tx, staffName, {
          variant_id: c.id,
          kind: 'add',
          quantity: c.stock - c.loaded.stock,
          reason: 'correction',
          note: 'Bulk editor',
        });
        stockAfter = change.after;
      }
      await recordAudit(tx, {
        action: 'variant.bulk_update',
        entity: 'variant',
        entityId: c.id,
        before: { sku: before.sku, price: before.price, discount: before.discount, stock: before.stock },
        after: {
          sku: before.sku,
          price: c.price ?? before.price,
          discount: c.discount ?? before.discount,
          stock: stockAfter,
        },
      });
    }
    const productIds = [...new Set([...stored.values()].map((v) => v.productId))];
    await tx.db.update(products).set({ updatedAt: tx.clock.now() }).where(inArray(products.id, productIds));
    await refreshProductAggregates(tx, productIds);
    // Prices and discounts decide price-range and on-sale rules.
    await refreshRuleCollections(tx, productIds);
    const rows = await listChanged(tx, ids);
    return rows;
  });
}

async function listChanged(ctx: DbCtx, ids: number[]): Promise<AdminVariantRow[]> {
  return ctx.db
    .select({
      id: variants.id,
      product_id: products.id,
      product: products.name,
      brand: brands.name,
      sku: variants.sku,
      title: variants.title,
      price: variants.price,
      discount: variants.discount,
      stock: variants.stock,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(variants.id, ids))
    .orderBy(asc(products.name), asc(variants.position), asc(variants.id));
}
