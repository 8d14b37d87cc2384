import type { DbCtx } from '../../lib/context.js';
import { and, eq, gte, sql } from 'drizzle-orm';
import * as messages from '@store/shared/messages';
import { AppError } from '../../lib/errors.js';
import { refreshProductAggregates } from './catalog.service.js';
import { variants } from './catalog.tables.js';

/** A line that takes or gives back stock; the titles name the variant in the shopper-facing refusal. */
export type StockLine = { variantId: number; quantity: number; productTitle?: string; variantTitle?: string };

/** The lines summed per variant, in variant id order (so two orders never wait on each other crosswise). */
function perVariant(lines: StockLine[]): (StockLine & { total: number })[] {
  const wanted = new Map<number, StockLine & { total: number }>();
  for (const l of lines) {
    const seen = wanted.get(l.variantId);
    if (seen) seen.total += l.quantity;
    else wanted.set(l.variantId, { ...l, total: l.quantity });
  }
  return [...wanted.values()].sort((a, b) => a.variantId - b.variantId);
}

/**
 * Takes the lines' stock, all or nothing: one conditional UPDATE per variant. A variant without
 * enough left throws out_of_stock with the shopper-facing message in fields.cart, and the caller's
 * transaction rolls back what was taken before it.
 */
export async function reserveStock({ db: tx }: DbCtx, lines: StockLine[]): Promise<void> {
  const emptied: number[] = [];
  for (const line of perVariant(lines)) {
    const [row] = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} - ${line.total}` })
      .where(and(eq(variants.id, line.variantId), gte(variants.stock, line.total)))
      .returning({ stock: variants.stock, productId: variants.productId });
    if (!row) {
      const [v] = await tx.select({ stock: variants.stock }).from(variants).where(eq(variants.id, line.variantId));
      const left = v?.stock ?? 0;
      const product = line.productTitle ?? '';
      const variant = line.variantTitle ?? '';
      const message = left > 0 ? messages.lowStock(product, variant, left) : messages.outOfStock(product, variant);
      throw new AppError('out_of_stock', message, { cart: message });
    }
    if (row.stock === 0) emptied.push(row.productId);
  }
  // Listings filter on products.in_stock: keep it true to the variants.
  if (emptied.length) await refreshProductAggregates({ db: tx }, emptied);
}

/** Gives the lines' stock back (a cancelled order, an undone reservation). */
export async function releaseStock({ db: tx }: DbCtx, lines: StockLine[]): Promise<void> {
  const refilled: number[] = [];
  for (const line of perVariant(lines)) {
    const [row] = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${line.total}` })
      .where(eq(variants.id, line.variantId))
      .returning({ stock: variants.stock, productId: variants.productId });
    // Back from none: the product is in stock again.
    if (row && row.stock === line.total) refilled.push(row.productId);
  }
  if (refilled.length) await refreshProductAggregates({ db: tx }, refilled);
}
