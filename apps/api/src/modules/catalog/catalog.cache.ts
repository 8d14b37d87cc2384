import { ProductDetailResponseSchema, ProductListResponseSchema, type ProductListQuery } from '@store/shared/catalog';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { DbCtx } from '../../lib/context.js';
import { followInvalidations, type CacheTag } from '../../lib/cache/invalidation.js';
import { TaggedCache } from '../../lib/cache/tagged-cache.js';
import { languageKey } from '../../lib/in-locale.js';
import { CATALOG_ANSWER_TTL_MS, getProduct, listProducts, normaliseListingQuery } from './catalog.service.js';

/*
 * The product listing and product detail answers, kept for CATALOG_ANSWER_TTL_MS as the JSON bytes
 * their response schemas let out (see `encode`), so a hit costs no query, no validation and no
 * serialising.
 *
 * What the key holds: everything the answer depends on and nothing else. The listing is a function
 * of the request's language (product names: lib/in-locale.ts) and its canonical query (normaliseListingQuery: parameter order, defaults and equivalent
 * spellings collapse); a product of its brand and product handles. Neither reads the shopper: not
 * the session (customer or guest), the cookies, My-Department (the listing's department is its
 * `department` parameter) nor My-Location, and neither answer carries anything per shopper, so one
 * entry serves everyone. Each loader is handed only what its key is made of, so nothing else can
 * slip into an answer unkeyed: anything a loader comes to need must be passed in, and so keyed.
 *
 * A 404 is not kept: unknown product URLs then cannot push real answers out of the bounded cache,
 * and a product published meanwhile shows at once. Concurrent misses for one product still share
 * one query, 404 or not.
 */

/** 15–35 kB each with the benchmark catalogue (24–48 cards and the facets): under 20 MB. */
const MAX_LISTINGS = 500;
/** 1.5–3 kB each with the benchmark catalogue, more with long descriptions and 50 reviews. */
const MAX_PRODUCTS = 2_000;

export type CatalogLoaders = {
  listing: (ctx: DbCtx, q: ProductListQuery) => Promise<unknown>;
  product: (ctx: DbCtx, brand: string, handle: string) => Promise<unknown>;
};

const defaultLoaders: CatalogLoaders = {
  listing: listProducts,
  // GET /products/{brand}/{product}/ answers { data: ProductDetail }.
  product: async (ctx, brand, handle) => ({ data: await getProduct(ctx, brand, handle) }),
};

export type CatalogAnswers = {
  /** GET /products/ without `search`: the response body. */
  listing(q: ProductListQuery): Promise<Buffer>;
  /** GET /products/{brand}/{product}/: the response body, or the loader's 404. */
  product(brand: string, handle: string): Promise<Buffer>;
  /** Stops following content changes (the app closes). */
  close(): void;
};

/** Both answers are built from the catalog alone (products, prices, stock, reviews). */
const CATALOG: readonly CacheTag[] = ['catalog'];

/**
 * The bytes the route's response schema would send: parsed by it (so a field it does not list never
 * leaks out, and a wrong shape fails here, not in a shopper's browser), then stringified.
 */
const encode = (schema: z.ZodType, value: unknown) => Buffer.from(JSON.stringify(schema.parse(value)));

/** One app's answers: forgotten whenever the catalog is invalidated (an order took or gave back stock, contentChanged()). */
export function createCatalogAnswers(
  source: Db | (() => Db),
  loaders: CatalogLoaders = defaultLoaders,
  ttlMs = CATALOG_ANSWER_TTL_MS,
): CatalogAnswers {
  // A function: the database to read now (the read replica, unless something just changed: lib/read-replica.ts).
  const dbNow = typeof source === 'function' ? source : () => source;
  const listings = new TaggedCache<Buffer>({ ttlMs, maxEntries: MAX_LISTINGS, name: 'catalog_listings' });
  const productsCache = new TaggedCache<Buffer>({ ttlMs, maxEntries: MAX_PRODUCTS, name: 'catalog_products' });
  const stops = [followInvalidations(listings), followInvalidations(productsCache)];
  return {
    listing(query) {
      // Built field by field in one order, so its JSON is the key.
      const q = normaliseListingQuery(query);
      return listings.getOrLoad(languageKey(JSON.stringify(q)), CATALOG, async () =>
        encode(ProductListResponseSchema, await loaders.listing({ db: dbNow() }, q)),
      );
    },
    product(brand, handle) {
      // Both are handles (a-z, 0-9, -), checked by the route: no separator can be forged.
      return productsCache.getOrLoad(languageKey(`${brand}/${handle}`), CATALOG, async () =>
        encode(ProductDetailResponseSchema, await loaders.product({ db: dbNow() }, brand, handle)),
      );
    },
    close: () => stops.forEach((stop) => stop()),
  };
}
