import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CollectionRule } from '@store/shared/admin-catalog-brands';
import type { Metafield, ProductImage } from '@store/shared/catalog';
import type { Locale } from '@store/shared/locale';

export const departments = pgTable('departments', {
  id: serial().primaryKey(),
  /** '' is beauty, the default department. */
  key: text().notNull().unique(),
  name: text().notNull(),
  position: smallint().notNull().default(0),
});

export const brands = pgTable('brands', {
  id: serial().primaryKey(),
  handle: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
  /** In Bangla (issue 21); null: Bangla pages show the English. */
  descriptionBn: text(),
  departmentId: integer()
    .notNull()
    .references(() => departments.id),
  /** The brand page's page_ptr handle (SPEC §3 brand_page). */
  pageHandle: text(),
  luxury: boolean().notNull().default(false),
  /** Moves on every back-office save (lib/edit-conflict.ts). */
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const categories = pgTable('categories', {
  id: serial().primaryKey(),
  handle: text().notNull().unique(),
  name: text().notNull(),
  /** In Bangla (issue 21); null: Bangla pages show the English. */
  nameBn: text(),
  parentId: integer(),
  departmentId: integer()
    .notNull()
    .references(() => departments.id),
  position: smallint().notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    handle: text().notNull().unique(),
    name: text().notNull(),
    bodyHtml: text().notNull().default(''),
    /** The name and description in Bangla (issue 21): null shows the English on Bangla pages. */
    nameBn: text(),
    bodyHtmlBn: text(),
    brandId: integer()
      .notNull()
      .references(() => brands.id),
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
    categoryId: integer().references(() => categories.id),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    metafields: jsonb().$type<Metafield[]>().notNull().default([]),
    images: jsonb().$type<ProductImage[]>().notNull().default([]),
    maxDiscountValue: smallint().notNull().default(0),
    maxDiscountShowOnDetailPage: boolean().notNull().default(true),
    maxDiscountShowOnHomepage: boolean().notNull().default(true),
    sale: boolean().notNull().default(false),
    /** draft, active or archived: what staff chose (issue 17). */
    status: text().$type<'draft' | 'active' | 'archived'>().notNull().default('active'),
    /** When an active product goes live. */
    publishAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * What the storefront reads: active and past its publish time. Kept by the product writes and, for a
     * scheduled product, by the catalog upkeep when its time comes (catalog/publishing.ts).
     */
    published: boolean().notNull().default(true),
    /** What the variants differ by: size, shade or colour. */
    variantOption: text().$type<'size' | 'shade' | 'colour'>().notNull().default('size'),
    /** Kept in step with variants and reviews by the catalog service, so listings sort and filter on an index. */
    minPrice: integer().notNull().default(0),
    minDiscountedPrice: integer().notNull().default(0),
    maxPrice: integer().notNull().default(0),
    inStock: boolean().notNull().default(true),
    rating: integer().notNull().default(0),
    reviewCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The listing's sorts, each with and without a department, read in index order. A plain `desc` in
  // ORDER BY means NULLS FIRST, and an index built DESC NULLS LAST (drizzle's `.desc()`) cannot give
  // that order even on NOT NULL columns, so these say `.desc().nullsFirst()`.
  // The plain sorts also carry the back office's filter columns after their keys: a list filtered by
  // brand, department, state or stock then walks the index alone (an index-only scan), never the
  // wide rows, until it has its page.
  (t) => {
    const listFilters = [t.brandId, t.departmentId, t.status, t.published, t.inStock] as const;
    return [
      index('products_department_created_idx').on(t.departmentId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
      index('products_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), ...listFilters),
      // price_asc forwards, price_desc backwards.
      index('products_department_price_idx').on(t.departmentId, t.minDiscountedPrice, t.id),
      index('products_price_idx').on(t.minDiscountedPrice, t.id, ...listFilters),
      index('products_department_top_rated_idx').on(
        t.departmentId,
        t.rating.desc().nullsFirst(),
        t.reviewCount.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      ),
      index('products_top_rated_idx').on(t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id.desc().nullsFirst()),
      // The search's popular products read this one in order (rating desc nulls last, id).
      index('products_department_rating_idx').on(t.departmentId, t.rating.desc(), t.id),
      // A department's counts and facets (per brand, per category, in stock, on sale, in a price
      // range) from the index alone: an index-only scan of narrow entries, not of the wide rows.
      index('products_department_facets_idx').on(
        t.departmentId,
        t.published,
        t.brandId,
        t.categoryId,
        t.inStock,
        t.minDiscountedPrice,
        t.sale,
        t.maxDiscountValue,
      ),
      // A brand's or a category's newest (listings of one brand, related products).
      index('products_brand_idx').on(t.brandId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
      index('products_category_idx').on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
      check('products_max_discount_range', sql`${t.maxDiscountValue} between 0 and 100`),
      check('products_status', sql`${t.status} in ('draft', 'active', 'archived')`),
      check('products_variant_option', sql`${t.variantOption} in ('size', 'shade', 'colour')`),
      // The back office's list: newest edits first; scheduled products waiting for their time.
      index('products_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), ...listFilters),
      index('products_scheduled_idx')
        .on(t.publishAt)
        .where(sql`${t.status} = 'active' and not ${t.published}`),
      // Its other sorts, filters and lookups: by name; drafts, archived or scheduled ones, sold-out ones,
      // newest edits first; an address by its start (LIKE 'dove-%' needs the pattern operator class).
      index('products_name_idx').on(t.name, t.id, ...listFilters),
      index('products_status_updated_idx').on(t.status, t.published, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
      index('products_sold_out_idx')
        .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
        .where(sql`not ${t.inStock}`),
      index('products_handle_pattern_idx').on(t.handle.op('text_pattern_ops')),
    ];
  },
);

/**
 * How many published products each (department, brand, category, in stock, on sale) holds, kept by the products
 * table's triggers (migration 0034) in the same transaction as the change: the listing's facets and
 * totals read these few rows instead of counting the department's products, which grew with the
 * catalog (40–90 ms per scope at 100,000 products). Rows may reach 0 and stay.
 */
export const productFacetCounts = pgTable(
  'product_facet_counts',
  {
    departmentId: integer().notNull(),
    brandId: integer().notNull(),
    categoryId: integer(),
    inStock: boolean().notNull(),
    /** On sale as the listing's filter means it: marked on sale, or a variant discounted. */
    onSale: boolean().notNull(),
    n: integer().notNull(),
  },
  (t) => [unique('product_facet_counts_key').on(t.departmentId, t.brandId, t.categoryId, t.inStock, t.onSale).nullsNotDistinct()],
);

export const variants = pgTable(
  'variants',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text().notNull().unique(),
    title: text().notNull(),
    /** Poisha; always a whole taka. */
    price: integer().notNull(),
    /** Percent, 0–100. */
    discount: smallint().notNull().default(0),
    stock: integer().notNull().default(0),
    position: smallint().notNull().default(0),
    /** A shade's or colour's swatch, #rrggbb. */
    swatch: text(),
    barcode: text().notNull().default(''),
  },
  (t) => [
    index('variants_product_idx').on(t.productId, t.position),
    // A SKU found whatever its case, whole (the CSV import) or by its start (the back office's search).
    index('variants_sku_upper_idx').using('btree', sql`upper(${t.sku}) text_pattern_ops`),
    check('variants_price_positive', sql`${t.price} >= 0 and ${t.price} % 100 = 0`),
    check('variants_discount_range', sql`${t.discount} between 0 and 100`),
    check('variants_stock_nonnegative', sql`${t.stock} >= 0`),
  ],
);

export const collections = pgTable('collections', {
  id: serial().primaryKey(),
  handle: text().notNull().unique(),
  title: text().notNull(),
  /** In Bangla (issue 21); null: Bangla pages show the English. */
  titleBn: text(),
  departmentId: integer()
    .notNull()
    .references(() => departments.id),
  /** Shown as a product slider on its department's home when set, in this order. */
  homePosition: smallint(),
  /**
   * A collection by rule (tags, brands, price range, on sale): its members are materialised into
   * collection_products by refreshRuleCollections (membership.ts). Null: a manual collection.
   */
  rule: jsonb().$type<CollectionRule>(),
  /** Moves on every back-office save (lib/edit-conflict.ts). */
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: integer()
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Manual: 0, 1, 2… as staff ordered them. Rule: minus the product's creation second, so newest comes first. */
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.productId] }), index('collection_products_position_idx').on(t.collectionId, t.position)],
);

/**
 * A product's reviews. A customer writes one per product, only for a product they received (a line
 * of a delivered order of theirs); it waits (pending) until staff approve or reject it. Only approved
 * reviews are shown and counted (refreshProductAggregates). `verified` is the verified-purchase fact,
 * fixed when the review is written; `reply` is the shop's answer, shown under the review.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer(),
    name: text().notNull(),
    star: smallint().notNull(),
    text: text().notNull().default(''),
    approved: boolean().notNull().default(false),
    rejected: boolean().notNull().default(false),
    verified: boolean().notNull().default(false),
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    moderatedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reviews_product_idx').on(t.productId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('reviews_customer_product_idx')
      .on(t.customerId, t.productId)
      .where(sql`${t.customerId} is not null`),
    index('reviews_moderation_idx').on(t.approved, t.rejected, t.id.desc()),
    check('reviews_star_range', sql`${t.star} between 1 and 5`),
    check('reviews_one_state', sql`not (${t.approved} and ${t.rejected})`),
  ],
);

/**
 * 'Notify me' requests for out-of-stock variants: one contact (email or phone) per row. A pending
 * request (notified_at null) is unique per variant and contact, so asking twice stores it once.
 */
export const stockNotifications = pgTable(
  'stock_notifications',
  {
    id: serial().primaryKey(),
    variantId: integer()
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    email: text(),
    /** Canonical +8801XXXXXXXXX. */
    phone: text(),
    customerId: integer(),
    /** The language of the page the request came from: the back-in-stock message is written in it. */
    locale: text().$type<Locale>().notNull().default('en'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_notifications_pending_email_idx')
      .on(t.variantId, t.email)
      .where(sql`${t.notifiedAt} is null and ${t.email} is not null`),
    uniqueIndex('stock_notifications_pending_phone_idx')
      .on(t.variantId, t.phone)
      .where(sql`${t.notifiedAt} is null and ${t.phone} is not null`),
    check('stock_notifications_one_contact', sql`(${t.email} is null) <> (${t.phone} is null)`),
  ],
);
