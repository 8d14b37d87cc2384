import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProductImage } from '@store/shared/catalog';
import { selectRows } from '../../db/client.js';
import type { DbCtx } from '../../lib/context.js';
import { brands, products, variants } from './catalog.tables.js';
import { inRequestLanguage } from '../../lib/in-locale.js';

/**
 * What a bag line (or a gift box) shows of a variant, read from the catalog at the moment: the bag
 * never stores a price, a name or a stock figure of its own.
 */
export type LineView = {
  variantId: number;
  sku: string;
  variantTitle: string;
  price: number;
  discount: number;
  stock: number;
  productId: number;
  productHandle: string;
  productName: string;
  /** The name in Bangla, or null (lib/in-locale.ts chooses). */
  productNameBn: string | null;
  images: ProductImage[];
  brandHandle: string;
  brandName: string;
  /** On sale now (a view read with `anyState` may show a product taken off sale since). */
  published: boolean;
};

/** `anyState`: also a product taken off sale since (a bag keeps showing what it holds). */
export type LineViewOptions = { anyState?: boolean };

/**
 * The one projection of a variant as a line shows it, as a subquery whose columns are LineView's keys.
 * The cart composes it into its own atomic statements (the stock check and the line change happen in
 * one round trip), so the catalog's columns are named here and nowhere else.
 */
function lineViewSelect(where: SQL, { anyState = false }: LineViewOptions): SQL {
  return sql`
  select ${variants.id} as "variantId", ${variants.sku} as "sku", ${variants.title} as "variantTitle", ${variants.price} as "price",
         ${variants.discount} as "discount", ${variants.stock} as "stock", ${products.id} as "productId", ${products.handle} as "productHandle",
         ${products.name} as "productName", ${products.nameBn} as "productNameBn", ${products.images} as "images", ${brands.handle} as "brandHandle", ${brands.name} as "brandName",
         ${products.published} as "published"
  from ${variants}
  join ${products} on ${products.id} = ${variants.productId}
  join ${brands} on ${brands.id} = ${products.brandId}
  where ${where} and (${anyState} or ${products.published})`;
}

/** One variant's line view as SQL (`variantId` a value or a column of the enclosing statement). */
export const lineViewSql = (variantId: number | SQL, options: LineViewOptions = {}): SQL =>
  lineViewSelect(sql`${variants.id} = ${variantId}`, options);

/** A variant's stock as a scalar subquery, for a condition inside the caller's statement. */
export const variantStockSql = (variantId: SQL): SQL =>
  sql`(select ${variants.stock} from ${variants} where ${variants.id} = ${variantId})`;

/** The line views of the given variants in one query, by variant id (unknown or unpublished ones left out). */
export async function lineViews({ db }: DbCtx, variantIds: number[], options: LineViewOptions = {}): Promise<Map<number, LineView>> {
  if (variantIds.length === 0) return new Map();
  const found = await selectRows<LineView>(db, lineViewSelect(inArray(variants.id, [...new Set(variantIds)]), options));
  return new Map(found.map((v) => [v.variantId, v]));
}

/** Product names by id, whatever their state (a 'buy N' offer names the product to buy), in the request's language. */
export async function productNames({ db }: DbCtx, productIds: number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const found = await db
    .select({ id: products.id, name: products.name, nameBn: products.nameBn })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]));
  return new Map(found.map((p) => [p.id, inRequestLanguage(p.name, p.nameBn)]));
}

/** Which of the given products are published (a shopper may keep or add only those). */
export async function publishedProductIds({ db }: DbCtx, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, [...new Set(productIds)]), eq(products.published, true)));
  return new Set(found.map((p) => p.id));
}

/** A product's id by its handle, whatever its state (the demo seed names products by handle). */
export async function productIdByHandle({ db }: DbCtx, handle: string): Promise<number | null> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.handle, handle));
  return row?.id ?? null;
}

/** A variant's id by its product's handle and its own title (the demo seed names gifts this way). */
export async function variantIdByTitle({ db }: DbCtx, productHandle: string, title: string): Promise<number | null> {
  const [row] = await db
    .select({ id: variants.id })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(products.handle, productHandle), eq(variants.title, title)));
  return row?.id ?? null;
}
