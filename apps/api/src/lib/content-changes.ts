import { invalidate, type CacheTag } from './cache/invalidation.js';
import type { RequestCtx } from './context.js';

/**
 * In-process read caches (settings, catalog answers, search, rendered pages) hold data for a few
 * seconds. A change made through this process (a setting, stock taken by an order) tells them to
 * forget at once, through lib/cache/invalidation.ts; changes made elsewhere (a seed run, another
 * instance) show when their time to live ends.
 */

/** Everything a shopper sees is built from the catalog (products, prices, stock) and the content (settings, menus). */
const SHOPPER_DATA: readonly CacheTag[] = ['catalog', 'content'];

/** Tells every read cache that the catalog, stock or settings changed. Call it after the commit. */
export function contentChanged(): void {
  invalidate(SHOPPER_DATA);
}

/**
 * Stock moved (an order placed or cancelled, a parcel back on the shelf): only what is built from the
 * catalog forgets. Settings, menus and pages stay cached, so a stream of orders does not keep every
 * process's caches cold.
 */
export function stockChanged(): void {
  invalidate(['catalog']);
}

/**
 * A staff write to what shoppers see: the work and its audit rows in one transaction, then every
 * read cache is told (after the commit, so no cache refills from the old rows).
 */
export async function writeContent<C extends RequestCtx, T>(ctx: C, work: (tx: C) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction((tx) => work({ ...ctx, db: tx }));
  contentChanged();
  return result;
}
