import { and, asc, count, desc, eq, ilike, lte, or, type SQL } from 'drizzle-orm';
import {
  INVENTORY_PAGE_SIZE,
  type Adjustment,
  type AdjustmentKind,
  type AdjustmentReason,
  type AdjustmentResult,
  type InventoryAdjustment,
  type InventoryPage,
  type InventoryQuery,
  type InventoryVariant,
} from '@store/shared/admin-inventory';
import type { DbCtx, RequestCtx } from '../../lib/context.js';
import { writeContent } from '../../lib/content-changes.js';
import { notFound } from '../../lib/errors.js';
import { recordAudit } from '../staff/index.js';
import { brands, products, variants } from './catalog.tables.js';
import { inventoryAdjustments } from './inventory.tables.js';
import { adjustStock, type StockChange } from './stock.js';

/*
 * The back office's inventory (issue 17 item 3): the variants with their stock, the low-stock list,
 * staff adjustments and their history. An adjustment goes through the catalog's adjustStock (the
 * same row lock as an order's reserveStock), its history row and its audit row in one transaction;
 * writeContent then tells the storefront's caches, so the product page shows the new stock at once.
 */

/**
 * What the inventory needs from outside the catalog: the shop's stock warning threshold (a setting of
 * the content module, which itself reads the catalog; app.ts passes the reader in).
 */
export type InventoryCtx = RequestCtx & { stockWarningThreshold: (ctx: DbCtx) => Promise<number> };

/** At or below the threshold a variant is low. */
const threshold = (ctx: InventoryCtx) => ctx.stockWarningThreshold(ctx);

const variantColumns = {
  id: variants.id,
  product_id: products.id,
  product_name: products.name,
  product_handle: products.handle,
  brand_handle: brands.handle,
  sku: variants.sku,
  title: variants.title,
  stock: variants.stock,
};
type VariantRow = { [K in keyof typeof variantColumns]: InventoryVariant[K] };

const toVariant = (row: VariantRow, low: number): InventoryVariant => ({ ...row, low: row.stock <= low });

/** `%` and `_` in what staff typed are letters, not wildcards. */
const likeAny = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of variants, by product name (or, for the low list, lowest stock first); q matches the product name, the SKU or the variant title. */
export async function listInventory(ctx: InventoryCtx, query: InventoryQuery): Promise<InventoryPage> {
  const low = await threshold(ctx);
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = likeAny(query.q);
    filters.push(or(ilike(products.name, pattern), ilike(variants.sku, pattern), ilike(variants.title, pattern))!);
  }
  if (query.low) filters.push(lte(variants.stock, low));
  const where = filters.length ? and(...filters) : undefined;
  const order = query.low
    ? [asc(variants.stock), asc(products.name), asc(variants.id)]
    : [asc(products.name), asc(variants.position), asc(variants.id)];
  const from = () => ctx.db.select(variantColumns).from(variants).innerJoin(products, eq(products.id, variants.productId));
  const [rows, [total]] = await Promise.all([
    from()
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .orderBy(...order)
      .limit(INVENTORY_PAGE_SIZE)
      .offset((query.page - 1) * INVENTORY_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(where),
  ]);
  return {
    data: rows.map((r) => toVariant(r, low)),
    meta: { page: query.page, page_size: INVENTORY_PAGE_SIZE, total: total?.n ?? 0, threshold: low },
  };
}

async function variantById(ctx: RequestCtx, id: number, low: number): Promise<InventoryVariant> {
  const [row] = await ctx.db
    .select(variantColumns)
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(variants.id, id));
  if (!row) throw notFound('No such variant');
  return toVariant(row, low);
}

const adjustmentColumns = {
  id: inventoryAdjustments.id,
  variant_id: inventoryAdjustments.variantId,
  kind: inventoryAdjustments.kind,
  quantity: inventoryAdjustments.quantity,
  reason: inventoryAdjustments.reason,
  note: inventoryAdjustments.note,
  before: inventoryAdjustments.before,
  after: inventoryAdjustments.after,
  staff_id: inventoryAdjustments.staffId,
  staff_name: inventoryAdjustments.staffName,
  created_at: inventoryAdjustments.createdAt,
};

const adjustmentRows = (ctx: RequestCtx) => ctx.db.select(adjustmentColumns).from(inventoryAdjustments);
type AdjustmentRow = Awaited<ReturnType<typeof adjustmentRows>>[number];

function toAdjustment(r: AdjustmentRow): InventoryAdjustment {
  return {
    id: r.id,
    variant_id: r.variant_id,
    kind: r.kind,
    quantity: r.quantity,
    reason: r.reason,
    note: r.note,
    before: r.before,
    after: r.after,
    staff: r.staff_id === null ? null : { id: r.staff_id, name: r.staff_name },
    created_at: r.created_at.toISOString(),
  };
}

export const HISTORY_PAGE_SIZE = 50;

/** One variant's staff adjustments, newest first. */
export async function variantHistory(
  ctx: RequestCtx,
  variantId: number,
  page: number,
): Promise<{ data: InventoryAdjustment[]; meta: { page: number; page_size: number; total: number } }> {
  const [exists] = await ctx.db.select({ id: variants.id }).from(variants).where(eq(variants.id, variantId));
  if (!exists) throw notFound('No such variant');
  const [rows, [total]] = await Promise.all([
    adjustmentRows(ctx)
      .where(eq(inventoryAdjustments.variantId, variantId))
      .orderBy(desc(inventoryAdjustments.id))
      .limit(HISTORY_PAGE_SIZE)
      .offset((page - 1) * HISTORY_PAGE_SIZE),
    ctx.db.select({ n: count() }).from(inventoryAdjustments).where(eq(inventoryAdjustments.variantId, variantId)),
  ]);
  return { data: rows.map(toAdjustment), meta: { page, page_size: HISTORY_PAGE_SIZE, total: total?.n ?? 0 } };
}

/**
 * Adjusts a variant's stock: the change (adjustStock: locked, refused below 0 with nothing
 * written), its history row, its audit row and any back-in-stock messages commit together.
 */
/** A staff change of stock as the history keeps it. */
export type StaffStockChange = { variant_id: number; kind: AdjustmentKind; quantity: number; reason: AdjustmentReason; note: string };

/**
 * One staff change of a variant's stock with its history row, in the caller's transaction: the
 * Inventory screen, the bulk editor and CSV imports all move stock through here (and so through
 * adjustStock, which never races an order and sends the back-in-stock messages).
 */
export async function recordAdjustment(tx: RequestCtx, staffName: string, input: StaffStockChange): Promise<StockChange & { id: number }> {
  const change = await adjustStock(tx, { variantId: input.variant_id, kind: input.kind, quantity: input.quantity });
  const [row] = await tx.db
    .insert(inventoryAdjustments)
    .values({
      variantId: input.variant_id,
      staffId: tx.staff?.id ?? null,
      staffName,
      kind: input.kind,
      quantity: input.quantity,
      reason: input.reason,
      note: input.note,
      before: change.before,
      after: change.after,
      createdAt: tx.clock.now(),
    })
    .returning({ id: inventoryAdjustments.id });
  return { ...change, id: row!.id };
}

export async function adjustInventory(ctx: InventoryCtx, staffName: string, input: Adjustment): Promise<AdjustmentResult> {
  const low = await threshold(ctx);
  const { id, notified } = await writeContent(ctx, async (tx) => {
    const change = await recordAdjustment(tx, staffName, input);
    await recordAudit(tx, {
      action: 'variant.stock_adjust',
      entity: 'variant',
      entityId: input.variant_id,
      before: { stock: change.before },
      after: {
        stock: change.after,
        kind: input.kind,
        quantity: input.quantity,
        reason: input.reason,
        note: input.note,
        notified: change.notified,
      },
    });
    return { id: change.id, notified: change.notified };
  });
  const [row] = await adjustmentRows(ctx).where(eq(inventoryAdjustments.id, id));
  return { adjustment: toAdjustment(row!), variant: await variantById(ctx, input.variant_id, low), notified };
}
