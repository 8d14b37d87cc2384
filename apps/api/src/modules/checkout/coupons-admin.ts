import { and, desc, eq, ne } from 'drizzle-orm';
import {
  AdminCouponInputSchema,
  couponMessages,
  type AdminCoupon,
  type AdminCouponPatch,
  type AdminCouponValues,
  type CouponState,
  type CouponUse,
} from '@store/shared/admin-offers';
import * as messages from '@store/shared/messages';
import type { DbCtx, RequestCtx } from '../../lib/context.js';
import { writeContent } from '../../lib/content-changes.js';
import { assertUnchangedSince, nextStamp } from '../../lib/edit-conflict.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { collectionTitle } from '../catalog/index.js';
import { orderSummaries } from '../orders/index.js';
import { recordAudit } from '../staff/index.js';
import { couponRedemptions, coupons } from './checkout.tables.js';

/*
 * Coupons in the back office (issue 17 item 6). The checkout reads the same rows (coupons.ts), so a
 * code made or changed here applies, or stops applying, at the shopper's next try. Codes are never
 * deleted once used (their redemptions point at them): they are switched off. Each write is one
 * transaction with its audit row.
 */

type CouponRow = typeof coupons.$inferSelect;

export function couponState(c: Pick<CouponRow, 'active' | 'startsAt' | 'endsAt' | 'usageLimit' | 'usedCount'>, now: Date): CouponState {
  if (!c.active) return 'off';
  if (c.endsAt && c.endsAt <= now) return 'ended';
  if (c.usageLimit !== null && c.usedCount >= c.usageLimit) return 'used_up';
  if (c.startsAt && c.startsAt > now) return 'scheduled';
  return 'live';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toAdminCoupon(c: CouponRow, now: Date): AdminCoupon {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    title: c.title,
    description: c.description,
    value: c.value,
    min_subtotal: c.minSubtotal,
    starts_at: iso(c.startsAt),
    ends_at: iso(c.endsAt),
    usage_limit: c.usageLimit,
    per_customer_limit: c.perCustomerLimit,
    buy_quantity: c.buyQuantity,
    get_quantity: c.getQuantity,
    collection_id: c.collectionId,
    active: c.active,
    used_count: c.usedCount,
    state: couponState(c, now),
    updated_at: c.updatedAt.toISOString(),
  };
}

export async function listAdminCoupons(ctx: RequestCtx): Promise<AdminCoupon[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db.select().from(coupons).orderBy(desc(coupons.updatedAt), desc(coupons.id));
  return rows.map((c) => toAdminCoupon(c, now));
}

async function findCoupon(ctx: DbCtx, id: number, lock = false): Promise<CouponRow> {
  const query = ctx.db.select().from(coupons).where(eq(coupons.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Coupon not found');
  return row;
}

export async function getAdminCoupon(ctx: RequestCtx, id: number): Promise<AdminCoupon> {
  return toAdminCoupon(await findCoupon(ctx, id), ctx.clock.now());
}

async function assertCodeFree(ctx: DbCtx, code: string, exceptId: number | null) {
  const clash = await ctx.db
    .select({ id: coupons.id })
    .from(coupons)
    .where(exceptId === null ? eq(coupons.code, code) : and(eq(coupons.code, code), ne(coupons.id, exceptId)));
  if (clash.length) throw badRequest(messages.badRequest(), { code: couponMessages.codeTaken });
}

async function assertCollection(ctx: DbCtx, collectionId: number | null) {
  if (collectionId !== null && (await collectionTitle(ctx, collectionId)) === null)
    throw badRequest(messages.badRequest(), { collection_id: couponMessages.collectionUnknown });
}

/** The stored columns of a checked coupon: a kind without a value or quantities stores 0 and nulls. */
function columns(v: AdminCouponValues) {
  const valued = v.kind === 'percentage' || v.kind === 'fixed_amount';
  const bxgy = v.kind === 'buy_x_get_y';
  return {
    code: v.code,
    kind: v.kind,
    title: v.title,
    description: v.description,
    value: valued ? v.value : 0,
    minSubtotal: v.min_subtotal,
    startsAt: v.starts_at ? new Date(v.starts_at) : null,
    endsAt: v.ends_at ? new Date(v.ends_at) : null,
    usageLimit: v.usage_limit,
    perCustomerLimit: v.per_customer_limit,
    buyQuantity: bxgy ? v.buy_quantity : null,
    getQuantity: bxgy ? v.get_quantity : null,
    collectionId: v.kind === 'free_shipping' ? null : v.collection_id,
    active: v.active,
  };
}

export async function createCoupon(ctx: RequestCtx, input: AdminCouponValues): Promise<AdminCoupon> {
  return writeContent(ctx, async (tx) => {
    await assertCodeFree(tx, input.code, null);
    await assertCollection(tx, input.collection_id);
    const now = tx.clock.now();
    const [row] = await tx.db
      .insert(coupons)
      .values({ ...columns(input), createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, { action: 'coupon.create', entity: 'coupon', entityId: row!.id, before: null, after: asInput(row!) });
    return toAdminCoupon(row!, now);
  });
}

/**
 * The stored coupon as the form would send it: a patch is checked whole against it (a kind's rules
 * against the fields it keeps), and the audit log compares these fields.
 */
function asInput(c: CouponRow): AdminCouponValues {
  return {
    code: c.code,
    kind: c.kind,
    title: c.title,
    description: c.description,
    value: c.value,
    min_subtotal: c.minSubtotal,
    starts_at: iso(c.startsAt),
    ends_at: iso(c.endsAt),
    usage_limit: c.usageLimit,
    per_customer_limit: c.perCustomerLimit,
    buy_quantity: c.buyQuantity,
    get_quantity: c.getQuantity,
    collection_id: c.collectionId,
    active: c.active,
  };
}

export async function updateCoupon(ctx: RequestCtx, id: number, patch: AdminCouponPatch): Promise<AdminCoupon> {
  return writeContent(ctx, async (tx) => {
    const before = await findCoupon(tx, id, true);
    assertUnchangedSince(patch.updated_at, before.updatedAt, couponMessages.editConflict);
    const { updated_at: _loaded, ...fields } = patch;
    const merged = AdminCouponInputSchema.safeParse({ ...asInput(before), ...fields });
    if (!merged.success) {
      const problems: Record<string, string> = {};
      for (const issue of merged.error.issues) problems[issue.path.join('.') || '_'] ??= issue.message;
      throw badRequest(messages.badRequest(), problems);
    }
    const next = merged.data;
    if (next.code !== before.code) await assertCodeFree(tx, next.code, id);
    if (next.collection_id !== before.collectionId) await assertCollection(tx, next.collection_id);
    if (next.usage_limit !== null && next.usage_limit < before.usedCount)
      throw badRequest(messages.badRequest(), { usage_limit: couponMessages.belowUsed(before.usedCount) });
    const now = tx.clock.now();
    const [row] = await tx.db
      .update(coupons)
      .set({ ...columns(next), updatedAt: nextStamp(before.updatedAt, now) })
      .where(eq(coupons.id, id))
      .returning();
    const action = before.active && !next.active ? 'coupon.switch_off' : 'coupon.update';
    await recordAudit(tx, { action, entity: 'coupon', entityId: id, before: asInput(before), after: asInput(row!) });
    return toAdminCoupon(row!, now);
  });
}

/** The orders that used a code, newest first (200 at most), with what it took off. */
export async function couponUses(ctx: RequestCtx, id: number): Promise<CouponUse[]> {
  await findCoupon(ctx, id);
  const rows = await ctx.db
    .select({ orderId: couponRedemptions.orderId, usedAt: couponRedemptions.createdAt, voidedAt: couponRedemptions.voidedAt })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, id))
    .orderBy(desc(couponRedemptions.id))
    .limit(200);
  const orders = await orderSummaries(
    ctx,
    rows.map((r) => r.orderId),
  );
  return rows.flatMap((r) => {
    const o = orders.get(r.orderId);
    if (!o) return [];
    return [
      {
        order: o.number,
        order_id: o.id,
        customer: o.name ?? (o.customerId ? `Customer #${o.customerId}` : 'Guest'),
        used_at: r.usedAt.toISOString(),
        voided_at: iso(r.voidedAt),
        discount: o.discount,
      },
    ];
  });
}
