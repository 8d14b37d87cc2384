import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  aggregateRating,
  productUrl,
  type BrandRef,
  type BrandSummary,
  type Facet,
  type NotifyMeRequest,
  type ProductCard,
  type ProductDetail,
  type ProductListQuery,
  type ProductListResponse,
} from '@store/shared/catalog';
import type { DepartmentKey } from '@store/shared/constants';
import type { HomeSection } from '@store/shared/content';
import { discountedPrice } from '@store/shared/money';
import { dbKey, type Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { followInvalidations, type CacheTag } from '../../lib/cache/invalidation.js';
import { TaggedCache } from '../../lib/cache/tagged-cache.js';
import { byLabelInRequestLanguage, inRequestLanguage, languageKey } from '../../lib/in-locale.js';
import { sanitizeBodyHtml } from '../../lib/sanitize.js';
import type { RequestCtx, DbCtx } from '../../lib/context.js';
import * as messages from '@store/shared/messages';
import {
  brands,
  categories,
  collectionProducts,
  collections,
  departments,
  productFacetCounts,
  products,
  reviews,
  stockNotifications,
  variants,
} from './catalog.tables.js';

/** The columns a product card needs, all from products and brands (prices are kept on the product row). */
export const cardColumns = {
  id: products.id,
  handle: products.handle,
  name: products.name,
  nameBn: products.nameBn,
  tags: products.tags,
  images: products.images,
  minPrice: products.minPrice,
  minDiscountedPrice: products.minDiscountedPrice,
  maxPrice: products.maxPrice,
  maxDiscountValue: products.maxDiscountValue,
  maxDiscountShowOnDetailPage: products.maxDiscountShowOnDetailPage,
  maxDiscountShowOnHomepage: products.maxDiscountShowOnHomepage,
  sale: products.sale,
  inStock: products.inStock,
  rating: products.rating,
  reviewCount: products.reviewCount,
  brandId: brands.id,
  brandHandle: brands.handle,
  brandName: brands.name,
};

export type CardRow = {
  id: number;
  handle: string;
  name: string;
  nameBn: string | null;
  tags: string[];
  images: ProductCard['image'][] | NonNullable<ProductCard['image']>[];
  minPrice: number;
  minDiscountedPrice: number;
  maxPrice: number;
  maxDiscountValue: number;
  maxDiscountShowOnDetailPage: boolean;
  maxDiscountShowOnHomepage: boolean;
  sale: boolean;
  inStock: boolean;
  rating: number;
  reviewCount: number;
  brandId: number;
  brandHandle: string;
  brandName: string;
};

export function toCard(row: CardRow): ProductCard {
  const brand: BrandRef = { id: row.brandId, handle: row.brandHandle, name: row.brandName };
  return {
    id: row.id,
    handle: row.handle,
    name: inRequestLanguage(row.name, row.nameBn),
    url: productUrl(row.brandHandle, row.handle),
    brand,
    image: row.images[0] ?? null,
    tags: row.tags,
    price: row.minPrice,
    discounted_price: row.minDiscountedPrice,
    from: row.minPrice !== row.maxPrice,
    max_discount: {
      value: row.maxDiscountValue,
      show_on_detail_page: row.maxDiscountShowOnDetailPage,
      show_on_homepage: row.maxDiscountShowOnHomepage,
    },
    sale: row.sale,
    in_stock: row.inStock,
    // Stored as the rounded mean times two, so half stars stay integers.
    rating: row.rating / 2,
    review_count: row.reviewCount,
  };
}

/**
 * How long catalog answers (a listing, a product, a listing's total) are served from memory.
 * Changes made through this process (stock taken by an order, a setting) clear them at once through
 * contentChanged(); changes made elsewhere (a seed run, another instance) show within this time.
 */
export const CATALOG_ANSWER_TTL_MS = 5_000;

/** What facets and totals are built from: they follow what is published and in stock. */
const CATALOG: readonly CacheTag[] = ['catalog'];
const facetCache = new TaggedCache<ProductListResponse['facets']>({ ttlMs: 60_000, maxEntries: 200, name: 'catalog_facets' });
/** A listing's total per filter set: paging through a listing or changing its sort counts once. */
const countCache = new TaggedCache<number>({ ttlMs: CATALOG_ANSWER_TTL_MS, maxEntries: 5_000, name: 'catalog_counts' });
followInvalidations(facetCache);
followInvalidations(countCache);
/**
 * Sanitising costs a fraction of a millisecond per page view; the result is kept while the stored
 * HTML is unchanged (the entry holds it and is checked against it), so no change needs to reach it.
 */
const bodyCache = new TaggedCache<{ raw: string; clean: string }>({ ttlMs: 10 * 60_000, maxEntries: 2000, name: 'catalog_bodies' });

export function clearCatalogCaches() {
  facetCache.clear();
  countCache.clear();
  bodyCache.clear();
}

/**
 * The listing query in one canonical form, so equivalent URLs share cache entries: the fields in
 * one order, `false` switches and empty handles dropped (they filter nothing), the brand list
 * trimmed, deduplicated and sorted. Defaults (sort, page, page_size) are applied by the schema.
 * The answer for the canonical query is the answer for the original.
 */
export function normaliseListingQuery(q: ProductListQuery): ProductListQuery {
  const out: ProductListQuery = { sort: q.sort, page: q.page, page_size: q.page_size };
  if (q.department !== undefined) out.department = q.department;
  if (q.brand) {
    const handles = [...new Set(q.brand.split(',').map((h) => h.trim()))].filter(Boolean).sort();
    // A list of nothing but commas and spaces matches no brand, unlike no brand filter at all: keep it so.
    out.brand = handles.length ? handles.join(',') : ',';
  }
  if (q.category) out.category = q.category;
  if (q.collection) out.collection = q.collection;
  if (q.price_min !== undefined) out.price_min = q.price_min;
  if (q.price_max !== undefined) out.price_max = q.price_max;
  if (q.on_sale) out.on_sale = true;
  if (q.in_stock) out.in_stock = true;
  return out;
}

/** The part of a canonical listing query that decides which products match (not their order or page). */
function filterKey(db: Db, q: ProductListQuery): string {
  return JSON.stringify([dbKey(db), q.department, q.brand, q.category, q.collection, q.price_min, q.price_max, q.on_sale, q.in_stock]);
}

function cleanBodyHtml(productId: number, raw: string): string {
  const key = languageKey(String(productId));
  const hit = bodyCache.peek(key);
  if (hit && hit.raw === raw) return hit.clean;
  const clean = sanitizeBodyHtml(raw);
  bodyCache.set(key, [], { raw, clean });
  return clean;
}

/** The department's row id, or null when no department has that key. */
export async function departmentId({ db }: DbCtx, key: string): Promise<number | null> {
  const [row] = await db.select({ id: departments.id }).from(departments).where(eq(departments.key, key));
  return row?.id ?? null;
}

/** The ids a listing's scope names (department, brands, a category with its children, a collection); null when one names nothing. */
type Scope = { departmentId?: number; brandIds?: number[]; categoryIds?: number[]; collectionId?: number };

async function resolveScope(db: Db, q: Pick<ProductListQuery, 'department' | 'brand' | 'category' | 'collection'>): Promise<Scope | null> {
  const scope: Scope = {};
  if (q.department !== undefined) {
    const id = await departmentId({ db }, q.department);
    if (id === null) return null;
    scope.departmentId = id;
  }
  if (q.brand) {
    const handles = q.brand
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const rows = handles.length ? await db.select({ id: brands.id }).from(brands).where(inArray(brands.handle, handles)) : [];
    if (rows.length === 0) return null;
    scope.brandIds = rows.map((r) => r.id);
  }
  if (q.category) {
    const [cat] = await db.select({ id: categories.id }).from(categories).where(eq(categories.handle, q.category));
    if (!cat) return null;
    const children = await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, cat.id));
    scope.categoryIds = [cat.id, ...children.map((c) => c.id)];
  }
  if (q.collection) {
    const [col] = await db.select({ id: collections.id }).from(collections).where(eq(collections.handle, q.collection));
    if (!col) return null;
    scope.collectionId = col.id;
  }
  return scope;
}

/** The conditions on products of a scope and of the listing's other filters (price, sale, stock). */
function scopeWhere(db: Db, scope: Scope, q: ProductListQuery): SQL[] {
  const where: SQL[] = [eq(products.published, true)];
  if (scope.departmentId !== undefined) where.push(eq(products.departmentId, scope.departmentId));
  if (scope.brandIds) where.push(inArray(products.brandId, scope.brandIds));
  if (scope.categoryIds) where.push(inArray(products.categoryId, scope.categoryIds));
  if (scope.collectionId !== undefined)
    where.push(
      inArray(
        products.id,
        db
          .select({ id: collectionProducts.productId })
          .from(collectionProducts)
          .where(eq(collectionProducts.collectionId, scope.collectionId)),
      ),
    );
  if (q.price_min !== undefined) where.push(gte(products.minDiscountedPrice, q.price_min * 100));
  if (q.price_max !== undefined) where.push(lte(products.minDiscountedPrice, q.price_max * 100));
  if (q.on_sale) where.push(sql`(${products.sale} or ${products.maxDiscountValue} > 0)`);
  if (q.in_stock) where.push(eq(products.inStock, true));
  return where;
}

const ORDER = {
  newest: [desc(products.createdAt), desc(products.id)],
  price_asc: [asc(products.minDiscountedPrice), asc(products.id)],
  price_desc: [desc(products.minDiscountedPrice), desc(products.id)],
  top_rated: [desc(products.rating), desc(products.reviewCount), desc(products.id)],
} as const;

/**
 * Facets for the shopper's scope (department, collection). Each facet ignores its own filter so the
 * shopper can switch: brands and the price range follow the category, categories follow the brands.
 */
async function loadFacets(db: Db, q: ProductListQuery): Promise<ProductListResponse['facets']> {
  // Per language: the categories' labels are in the request's (lib/in-locale.ts).
  const key = languageKey(JSON.stringify([dbKey(db), q.department, q.category, q.collection, q.brand]));
  return facetCache.getOrLoad(key, CATALOG, async () => {
    const open = { ...q, price_min: undefined, price_max: undefined, on_sale: undefined, in_stock: undefined };
    const [brandScope, categoryScope] = await Promise.all([
      resolveScope(db, { ...open, brand: undefined }),
      resolveScope(db, { ...open, category: undefined }),
    ]);
    /**
     * Products per brand or category in a scope: from the kept counts (productFacetCounts), a few
     * rows whatever the catalog's size, unless the scope is a collection, which they do not know;
     * then counted by id on products_department_facets_idx (an index-only scan), then named.
     */
    const countedBy = <Alias extends string>(by: 'brandId' | 'categoryId', scope: Scope | null, alias: Alias) => {
      if (scope && scope.collectionId === undefined) {
        return db
          .select({ id: productFacetCounts[by], n: sql<number>`sum(${productFacetCounts.n})::int`.as('n') })
          .from(productFacetCounts)
          .where(countsWhere(scope))
          .groupBy(productFacetCounts[by])
          .having(sql`sum(${productFacetCounts.n}) > 0`)
          .as(alias);
      }
      return db
        .select({ id: products[by], n: count().as('n') })
        .from(products)
        .where(scope ? and(...scopeWhere(db, scope, open)) : sql`false`)
        .groupBy(products[by])
        .as(alias);
    };
    const brandCounts = countedBy('brandId', brandScope, 'brand_counts');
    const categoryCounts = countedBy('categoryId', categoryScope, 'category_counts');
    const [brandRows, categoryRows, priceRows] = await Promise.all([
      db
        .select({ value: brands.handle, label: brands.name, count: brandCounts.n })
        .from(brandCounts)
        .innerJoin(brands, eq(brands.id, brandCounts.id))
        .orderBy(asc(sql`lower(${brands.name})`)),
      db
        .select({ value: categories.handle, label: categories.name, labelBn: categories.nameBn, count: categoryCounts.n })
        .from(categoryCounts)
        .innerJoin(categories, eq(categories.id, categoryCounts.id)),
      // The ends of the price index (products_department_price_idx): two probes, not a count.
      db
        .select({
          min: sql<number>`coalesce(min(${products.minDiscountedPrice}), 0)::int`,
          max: sql<number>`coalesce(max(${products.minDiscountedPrice}), 0)::int`,
        })
        .from(products)
        .where(brandScope ? and(...scopeWhere(db, brandScope, open)) : sql`false`),
    ]);
    const facet = (rows: (Facet & { labelBn?: string | null })[]) =>
      rows.map((r) => ({ value: r.value, label: inRequestLanguage(r.label, r.labelBn), count: Number(r.count) }));
    return {
      brands: facet(brandRows),
      categories: byLabelInRequestLanguage(facet(categoryRows)),
      price: priceRows[0] ?? { min: 0, max: 0 },
    };
  });
}

/** The kept counts' rows of a scope without a collection. */
function countsWhere(scope: Scope): SQL | undefined {
  return and(
    scope.departmentId !== undefined ? eq(productFacetCounts.departmentId, scope.departmentId) : undefined,
    scope.brandIds ? inArray(productFacetCounts.brandId, scope.brandIds) : undefined,
    scope.categoryIds ? inArray(productFacetCounts.categoryId, scope.categoryIds) : undefined,
  );
}

/**
 * A listing's total: from the kept counts when it is filtered by nothing they do not know (a
 * department, brands, a category, in stock, on sale), else counted on the products (a collection, a
 * price range).
 */
async function listingTotal(db: Db, scope: Scope, q: ProductListQuery, condition: SQL | undefined): Promise<number> {
  const kept = scope.collectionId === undefined && q.price_min === undefined && q.price_max === undefined;
  const [row] = kept
    ? await db
        .select({ n: sql<number>`coalesce(sum(${productFacetCounts.n}), 0)::int` })
        .from(productFacetCounts)
        .where(
          and(
            countsWhere(scope),
            q.in_stock ? eq(productFacetCounts.inStock, true) : undefined,
            q.on_sale ? eq(productFacetCounts.onSale, true) : undefined,
          ),
        )
    : await db.select({ n: count() }).from(products).where(condition);
  return Number(row?.n ?? 0);
}

/** The handle and title of a collection, for the listing's heading; null when there is none by that handle. */
async function collectionSummary(db: Db, handle: string): Promise<{ handle: string; title: string } | null> {
  const [row] = await db
    .select({ handle: collections.handle, title: collections.title, titleBn: collections.titleBn })
    .from(collections)
    .where(eq(collections.handle, handle));
  return row ? { handle: row.handle, title: inRequestLanguage(row.title, row.titleBn) } : null;
}

export async function listProducts({ db }: DbCtx, query: ProductListQuery): Promise<ProductListResponse> {
  const q = normaliseListingQuery(query);
  const [scope, facets, collection] = await Promise.all([
    resolveScope(db, q),
    loadFacets(db, q),
    q.collection ? collectionSummary(db, q.collection) : null,
  ]);
  const named = q.collection ? { collection } : {};
  if (scope === null) return { count: 0, page: q.page, page_size: q.page_size, results: [], facets, ...named };
  const condition = and(...scopeWhere(db, scope, q));
  const [rows, total] = await Promise.all([
    db
      .select(cardColumns)
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(condition)
      .orderBy(...ORDER[q.sort])
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    countCache.getOrLoad(filterKey(db, q), CATALOG, () => listingTotal(db, scope, q, condition)),
  ]);
  return { count: total, page: q.page, page_size: q.page_size, results: rows.map(toCard), facets, ...named };
}

/** Cards for the given product ids, in the order given. */
export async function getCards({ db }: DbCtx, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getCardsByHandle({ db }: DbCtx, handles: string[]): Promise<ProductCard[]> {
  if (handles.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(products.handle, handles));
  const byHandle = new Map(rows.map((r) => [r.handle, toCard(r)]));
  return handles.flatMap((h) => byHandle.get(h) ?? []);
}

export async function getProduct({ db }: DbCtx, brandHandle: string, productHandle: string): Promise<ProductDetail> {
  const [row] = await db
    .select({
      product: products,
      brand: brands,
      department: departments.key,
      category: { handle: categories.handle, name: categories.name, nameBn: categories.nameBn },
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(departments, eq(departments.id, products.departmentId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.handle, productHandle), eq(brands.handle, brandHandle), eq(products.published, true)));
  if (!row) throw new AppError('product_not_found', 'Product not found');
  const p = row.product;
  const [variantRows, reviewRows] = await Promise.all([
    db.select().from(variants).where(eq(variants.productId, p.id)).orderBy(asc(variants.position), asc(variants.id)),
    db
      .select({
        id: reviews.id,
        name: reviews.name,
        star: reviews.star,
        text: reviews.text,
        createdAt: reviews.createdAt,
        verified: reviews.verified,
        reply: reviews.reply,
      })
      .from(reviews)
      .where(and(eq(reviews.productId, p.id), eq(reviews.approved, true)))
      .orderBy(desc(reviews.createdAt))
      .limit(50),
  ]);
  return {
    id: p.id,
    handle: p.handle,
    name: inRequestLanguage(p.name, p.nameBn),
    url: productUrl(row.brand.handle, p.handle),
    // Sanitised on write by the seed and the back office too; sanitising on read as well means no
    // row written any other way can ever reach the page unsanitised.
    body_html: cleanBodyHtml(p.id, inRequestLanguage(p.bodyHtml, p.bodyHtmlBn)),
    brand: row.brand.name,
    brand_ref: { id: row.brand.id, handle: row.brand.handle, name: row.brand.name },
    brand_page: row.brand.pageHandle ? { page_ptr: { handle: row.brand.pageHandle } } : null,
    department: row.department,
    category: row.category?.handle
      ? { handle: row.category.handle, name: inRequestLanguage(row.category.name, row.category.nameBn) }
      : null,
    images: p.images,
    tags: p.tags,
    product_variants: variantRows.map((v) => ({
      variant_id: v.id,
      sku: v.sku,
      title: v.title,
      price: v.price,
      discount: v.discount,
      discounted_price: discountedPrice(v.price, v.discount),
      stock: v.stock,
      in_stock: v.stock > 0,
    })),
    max_discount: {
      value: p.maxDiscountValue,
      show_on_detail_page: p.maxDiscountShowOnDetailPage,
      show_on_homepage: p.maxDiscountShowOnHomepage,
    },
    sale: p.sale,
    reviews: reviewRows.map((r) => ({
      id: r.id,
      name: r.name,
      star: r.star,
      text: r.text,
      created_at: r.createdAt.toISOString(),
      verified: r.verified,
      reply: r.reply,
    })),
    rating: p.rating / 2,
    review_count: p.reviewCount,
    metafields: p.metafields,
  };
}

export async function getBrand(ctx: RequestCtx, handle: string): Promise<BrandSummary> {
  const { db } = ctx;
  const [row] = await db
    .select({
      brand: brands,
      department: departments.key,
      productCount: sql<number>`(select count(*)::int from ${products} where ${products.brandId} = ${brands.id} and ${products.published})`,
    })
    .from(brands)
    .innerJoin(departments, eq(departments.id, brands.departmentId))
    .where(eq(brands.handle, handle));
  if (!row) throw notFound('Brand not found');
  return {
    id: row.brand.id,
    handle: row.brand.handle,
    name: row.brand.name,
    description: inRequestLanguage(row.brand.description, row.brand.descriptionBn),
    page_handle: row.brand.pageHandle,
    department: row.department,
    product_count: row.productCount,
  };
}

export async function listBrands(ctx: RequestCtx, departmentKey?: string): Promise<BrandSummary[]> {
  const { db } = ctx;
  const rows = await db
    .select({
      brand: brands,
      department: departments.key,
      productCount: sql<number>`(select count(*)::int from ${products} where ${products.brandId} = ${brands.id} and ${products.published})`,
    })
    .from(brands)
    .innerJoin(departments, eq(departments.id, brands.departmentId))
    .where(departmentKey === undefined ? undefined : eq(departments.key, departmentKey))
    .orderBy(asc(brands.name));
  return rows.map((row) => ({
    id: row.brand.id,
    handle: row.brand.handle,
    name: row.brand.name,
    description: inRequestLanguage(row.brand.description, row.brand.descriptionBn),
    page_handle: row.brand.pageHandle,
    department: row.department,
    product_count: row.productCount,
  }));
}

const RELATED_LIMIT = 12;

/**
 * 'You may also like': newest products of the same category (of the same brand when the product
 * has no category), without the product itself. Each branch reads one index in order.
 */
export async function listRelated(ctx: RequestCtx, brandHandle: string, productHandle: string): Promise<ProductCard[]> {
  const { db } = ctx;
  const [row] = await db
    .select({ id: products.id, categoryId: products.categoryId, brandId: products.brandId })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.handle, productHandle), eq(brands.handle, brandHandle), eq(products.published, true)));
  if (!row) throw new AppError('product_not_found', 'Product not found');
  const scope = row.categoryId === null ? eq(products.brandId, row.brandId) : eq(products.categoryId, row.categoryId);
  const rows = await db
    .select(cardColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(scope, ne(products.id, row.id), eq(products.published, true)))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(RELATED_LIMIT);
  return rows.map(toCard);
}

/** Stores a 'Notify me' request; asking again for the same variant and contact is a no-op, not an error. */
export async function requestStockNotification(ctx: RequestCtx, input: NotifyMeRequest): Promise<{ success: true; message: string }> {
  const { db, customerId, locale } = ctx;
  const [variant] = await db
    .select({ id: variants.id })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.id, input.variant_id), eq(products.published, true)));
  if (!variant) throw new AppError('variant_not_found', messages.badRequest(), { variant_id: 'No such product variant' });
  await db
    .insert(stockNotifications)
    .values({ variantId: variant.id, email: input.email, phone: input.phone, customerId, locale })
    .onConflictDoNothing();
  return { success: true, message: messages.notifyMeSaved() };
}

/**
 * Recomputes the denormalised price, stock and rating columns of the given products from their
 * variants and approved reviews. Every write to variants or reviews calls this in the same transaction.
 */
export async function refreshProductAggregates({ db }: DbCtx, productIds?: number[]): Promise<void> {
  await db.execute(sql`
    update products p set
      min_price = coalesce(v.min_price, 0),
      max_price = coalesce(v.max_price, 0),
      min_discounted_price = coalesce(v.min_discounted, 0),
      in_stock = coalesce(v.in_stock, false),
      max_discount_value = coalesce(v.max_discount, 0),
      rating = coalesce(r.rating2, 0),
      review_count = coalesce(r.n, 0)
    from products p2
    left join lateral (
      select min(price) as min_price, max(price) as max_price,
             min(round((price / 100) * (100 - discount) / 100.0) * 100)::int as min_discounted,
             bool_or(stock > 0) as in_stock, max(discount) as max_discount
      from variants where product_id = p2.id
    ) v on true
    left join lateral (
      select round(avg(star) * 2)::int as rating2, count(*)::int as n
      from reviews where product_id = p2.id and approved
    ) r on true
    ${
      productIds
        ? sql`where p.id = p2.id and p2.id in (${sql.join(
            productIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`where p.id = p2.id`
    }
  `);
}

export { aggregateRating };

/** Top-rated published products in stock of a department, read in the order of its rating index (search's fallback). */
export async function popularCards({ db }: DbCtx, deptId: number, limit: number): Promise<ProductCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.departmentId, deptId), eq(products.published, true), eq(products.inStock, true)))
    // nulls last as in products_department_rating_idx, or the index cannot give the order.
    .orderBy(sql`${products.rating} desc nulls last`, asc(products.id))
    .limit(limit);
  return rows.map(toCard);
}

/** The best-rated products in stock of a department by its key (the bag's recommendations); none for an unknown key. */
export async function topRatedInDepartment(ctx: DbCtx, department: DepartmentKey, limit: number): Promise<ProductCard[]> {
  const deptId = await departmentId(ctx, department);
  return deptId === null ? [] : popularCards(ctx, deptId, limit);
}

/** The department's home-page collections in their home order, each with its first `perShelf` cards. */
export async function homeShelves({ db }: DbCtx, deptId: number, perShelf: number): Promise<HomeSection[]> {
  const rows = await db
    .select({ id: collections.id, title: collections.title, titleBn: collections.titleBn, handle: collections.handle })
    .from(collections)
    .where(and(eq(collections.departmentId, deptId), isNotNull(collections.homePosition)))
    .orderBy(asc(collections.homePosition));
  return Promise.all(
    rows.map(async (c) => {
      const ids = await db
        .select({ id: collectionProducts.productId })
        .from(collectionProducts)
        .where(eq(collectionProducts.collectionId, c.id))
        .orderBy(asc(collectionProducts.position))
        .limit(perShelf);
      return {
        id: c.id,
        handle: c.handle,
        title: inRequestLanguage(c.title, c.titleBn),
        products: await getCards(
          { db },
          ids.map((r) => r.id),
        ),
      };
    }),
  );
}
