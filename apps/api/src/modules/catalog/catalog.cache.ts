import type { ProductListQuery } from '@store/shared/catalog';
import type { Db } from '../../db/client.js';
import { onContentChange } from '../../lib/content-changes.js';
import { SharedCache } from '../../lib/shared-cache.js';
import { CATALOG_ANSWER_TTL_MS, getProduct, listProducts, normaliseListingQuery } from './catalog.service.js';

/*
 * The product listing and product detail answers, kept for CATALOG_ANSWER_TTL_MS as the JSON bytes
 * Fastify would send (JSON.stringify, as for any route without a response schema), so a hit costs
 * no query and no serialising.
 *
 * What the key holds: everything the answer depends on and nothing else. The listing is a function
 * of its canonical query alone (normaliseListingQuery: parameter order, defaults and equivalent
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
  listing: (db: Db, q: ProductListQuery) => Promise<unknown>;
  product: (db: Db, brand: string, handle: string) => Promise<unknown>;
};

const defaultLoaders: CatalogLoaders = {
  listing: listProducts,
  // GET /products/{brand}/{product}/ answers { data: ProductDetail }.
  product: async (db, brand, handle) => ({ data: await getProduct(db, brand, handle) }),
};

export type CatalogAnswers = {
  /** GET /products/ without `search`: the response body. */
  listing(q: ProductListQuery): Promise<Buffer>;
  /** GET /products/{brand}/{product}/: the response body, or the loader's 404. */
  product(brand: string, handle: string): Promise<Buffer>;
  /** Stops following content changes (the app closes). */
  close(): void;
};

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** One app's answers: forgotten whenever contentChanged() is called (an order took or gave back stock, a setting changed). */
export function createCatalogAnswers(db: Db, loaders: CatalogLoaders = defaultLoaders, ttlMs = CATALOG_ANSWER_TTL_MS): CatalogAnswers {
  const listings = new SharedCache<Buffer>(ttlMs, MAX_LISTINGS);
  const productsCache = new SharedCache<Buffer>(ttlMs, MAX_PRODUCTS);
  const stop = onContentChange(() => {
    listings.clear();
    productsCache.clear();
  });
  return {
    listing(query) {
      // Built field by field in one order, so its JSON is the key.
      const q = normaliseListingQuery(query);
      return listings.get(JSON.stringify(q), async () => json(await loaders.listing(db, q)));
    },
    product(brand, handle) {
      // Both are handles (a-z, 0-9, -), checked by the route: no separator can be forged.
      return productsCache.get(`${brand}/${handle}`, async () => json(await loaders.product(db, brand, handle)));
    },
    close: stop,
  };
}
