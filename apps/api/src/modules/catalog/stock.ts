import type { DbCtx } from '../../lib/context.js';
import { and, eq, gte, sql } from 'drizzle-orm';
import { STOCK_MAX, inventoryMessages, type AdjustmentKind } from '@store/shared/admin-inventory';
import * as messages from '@store/shared/messages';
import { selectRows } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { refreshProductAggregates } from './catalog.service.js';
import { variants } from './catalog.tables.js';
import { notifyBackInStock } from './inventory-back-in-stock.js';

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

/** One variant's stock taken if enough is left: every order runs it per variant. */
const takeStock = preparedQuery('take_stock', (db) =>
  db
    .update(variants)
    .set({ stock: sql`${variants.stock} - ${sql.placeholder('quantity')}::int` })
    .where(and(eq(variants.id, sql.placeholder('variant')), gte(variants.stock, sql.placeholder('quantity'))))
    .returning({ stock: variants.stock, productId: variants.productId }),
);

/**
 * Takes the lines' stock, all or nothing: one conditional UPDATE per variant. A variant without
 * enough left throws out_of_stock with the shopper-facing message in fields.cart, and the caller's
 * transaction rolls back what was taken before it.
 */
export async function reserveStock({ db: tx }: DbCtx, lines: StockLine[]): Promise<void> {
  const emptied: number[] = [];
  for (const line of perVariant(lines)) {
    const [row] = await takeStock(tx, { variant: line.variantId, quantity: line.total });
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
  const refilled: { productId: number; variantId: number }[] = [];
  for (const line of perVariant(lines)) {
    const [row] = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${line.total}` })
      .where(eq(variants.id, line.variantId))
      .returning({ stock: variants.stock, productId: variants.productId });
    // Back from none: the product is in stock again, and whoever asked to be told is told.
    if (row && row.stock === line.total && line.total > 0) refilled.push({ productId: row.productId, variantId: line.variantId });
  }
  if (refilled.length) {
    await refreshProductAggregates({ db: tx }, [...new Set(refilled.map((r) => r.productId))]);
    await notifyBackInStock(
      { db: tx },
      refilled.map((r) => r.variantId),
    );
  }
}

/** A staff change to one variant's count: `set` writes the counted stock, `add` adds a signed delta. */
export type StockAdjustment = { variantId: number; kind: AdjustmentKind; quantity: number };
/** The count as the adjusting statement saw it before and left it after, and the 'Notify me' messages it queued. */
export type StockChange = { variantId: number; productId: number; before: number; after: number; notified: number };

/**
 * Adjusts one variant's stock in the caller's transaction, never racing an order: one UPDATE that
 * locks the row, reads the count it changes and writes the new one (before and after come from
 * that same statement, so an order's reserveStock either ran before it or waits for its commit).
 * A result below 0 (or above STOCK_MAX) is refused under `quantity` and nothing is written. When
 * the count leaves or reaches 0 the product's in_stock follows; leaving 0 queues the back-in-stock
 * messages in the same transaction.
 */
export async function adjustStock({ db: tx }: DbCtx, change: StockAdjustment): Promise<StockChange> {
  const next = change.kind === 'set' ? sql`${change.quantity}::int` : sql`v.stock + ${change.quantity}::int`;
  const [row] = await selectRows<{ product_id: number; before: number; after: number }>(
    tx,
    sql`update variants v set stock = ${next}
        from (select id, stock from variants where id = ${change.variantId} for update) old
        where v.id = old.id and ${next} between 0 and ${STOCK_MAX}
        returning v.product_id, old.stock as before, v.stock as after`,
  );
  if (!row) {
    const [v] = await tx.select({ stock: variants.stock }).from(variants).where(eq(variants.id, change.variantId));
    if (!v) throw notFound(inventoryMessages.unknownVariant);
    const tooMany = change.kind === 'add' && v.stock + change.quantity > STOCK_MAX;
    throw badRequest(messages.badRequest(), { quantity: tooMany ? inventoryMessages.tooLarge : inventoryMessages.belowZero(v.stock) });
  }
  const { before, after } = row;
  let notified = 0;
  if ((before === 0) !== (after === 0)) await refreshProductAggregates({ db: tx }, [row.product_id]);
  if (before === 0 && after > 0) notified = await notifyBackInStock({ db: tx }, [change.variantId]);
  return { variantId: change.variantId, productId: row.product_id, before, after, notified };
}
