import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { ErrorCode } from '@store/shared/api';
import type { AppliedCoupon } from '@store/shared/checkout';
import * as messages from '@store/shared/messages';
import { discountedPrice } from '@store/shared/money';
import type { DbCtx } from '../../lib/context.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { collectionTitle, productsInCollection } from '../catalog/index.js';
import type { Shopper } from './addresses.service.js';
import { couponRedemptions, coupons } from './checkout.tables.js';

export type CouponRow = typeof coupons.$inferSelect;

/** A paid line of the bag, as far as a coupon cares. */
export type CouponLine = { productId: number; unitPrice: number; quantity: number };

export type CouponInput = {
  coupon: CouponRow;
  now: Date;
  /** The items after the variants' discounts and the privilege rebate (poisha). */
  base: number;
  lines: CouponLine[];
  /** Products of the coupon's collection among the bag's, or null when the coupon names none. */
  eligible: Set<number> | null;
  /** What qualifies, in words ('the K-beauty collection'), for the refusal; null when everything does. */
  eligibleFrom?: string | null;
  /** The delivery fee a free-shipping code would waive. */
  shippingFee: number;
  /** How many orders this shopper has placed with the code. */
  usedByShopper: number;
  /** The signed-in customer (a personal voucher is theirs alone), or null. */
  customerId: number | null;
  /** The shopper's tier lets them use a code this many hours before it starts (issue 22: early access). */
  earlyAccessHours: number;
};

/** The error code of a refusal evaluateCoupon gave in words: used up and used already are told apart, the rest is 'not applicable'. */
export function couponRefusalCode(message: string): ErrorCode {
  if (message === messages.couponUsedUp()) return 'coupon_used_up';
  if (message === messages.couponAlreadyUsed()) return 'coupon_already_used';
  return 'coupon_not_applicable';
}

export type CouponResult = { ok: true; discount: number; shippingWaived: number } | { ok: false; message: string };

/**
 * Whether a code applies to the bag now, and what it takes off. Checks in the order a shopper
 * would want to hear them: unknown or switched off, not yet, expired, used up, used by them,
 * minimum spend, then the kind's own condition.
 */
export function evaluateCoupon(input: CouponInput): CouponResult {
  const { coupon: c, now, base } = input;
  if (!c.active) return { ok: false, message: messages.couponInvalid() };
  if (c.customerId !== null && c.customerId !== input.customerId) return { ok: false, message: messages.couponInvalid() };
  if (c.startsAt && c.startsAt.getTime() > now.getTime() + input.earlyAccessHours * 3_600_000)
    return { ok: false, message: messages.couponNotStarted() };
  if (c.endsAt && c.endsAt <= now) return { ok: false, message: messages.couponExpired() };
  if (c.usageLimit !== null && c.usedCount >= c.usageLimit) return { ok: false, message: messages.couponUsedUp() };
  if (c.perCustomerLimit !== null && input.usedByShopper >= c.perCustomerLimit) return { ok: false, message: messages.couponAlreadyUsed() };
  if (c.minSubtotal !== null && base < c.minSubtotal) return { ok: false, message: messages.couponMinSpend(messages.taka(c.minSubtotal)) };
  switch (c.kind) {
    case 'percentage':
      return { ok: true, discount: base - discountedPrice(base, c.value), shippingWaived: 0 };
    case 'fixed_amount':
      return { ok: true, discount: Math.min(c.value, base), shippingWaived: 0 };
    case 'free_shipping':
      return { ok: true, discount: 0, shippingWaived: input.shippingFee };
    case 'buy_x_get_y': {
      const buy = c.buyQuantity ?? 1;
      const get = c.getQuantity ?? 1;
      // Every unit of an eligible product, dearest first: in each group of buy+get, the cheapest `get` are free.
      const units = input.lines
        .filter((l) => !input.eligible || input.eligible.has(l.productId))
        .flatMap((l) => Array.from({ length: l.quantity }, () => l.unitPrice))
        .sort((a, b) => b - a);
      const groups = Math.floor(units.length / (buy + get));
      if (groups === 0) return { ok: false, message: messages.couponNeedsItems(buy + get - units.length, input.eligibleFrom ?? null) };
      const free = units.slice(-groups * get);
      return {
        ok: true,
        discount: Math.min(
          base,
          free.reduce((s, p) => s + p, 0),
        ),
        shippingWaived: 0,
      };
    }
  }
}

export function appliedCoupon(c: CouponRow): AppliedCoupon {
  return { code: c.code, kind: c.kind, title: c.title, description: c.description };
}

export async function findCouponByCode(db: Db, code: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase()));
  return row ?? null;
}

export async function findCouponById(db: Db, id: number): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row ?? null;
}

const redeemedBy = (owner: Shopper) =>
  owner.customerId !== null
    ? eq(couponRedemptions.customerId, owner.customerId)
    : owner.guestId !== null
      ? eq(couponRedemptions.guestId, owner.guestId)
      : sql`false`;

export async function usesByShopper(db: Db, couponId: number, owner: Shopper): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), redeemedBy(owner), isNull(couponRedemptions.voidedAt)));
  return Number(row?.n ?? 0);
}

/** The coupon's collection in words, 'the K-beauty collection', or null when it names none. */
export async function eligibleFrom(db: Db, coupon: CouponRow): Promise<string | null> {
  if (coupon.collectionId === null) return null;
  const title = await collectionTitle({ db }, coupon.collectionId);
  return title ? `the ${title} collection` : null;
}

/** The bag's products that belong to the coupon's collection (null: the coupon is not limited to one). */
export async function eligibleProducts(db: Db, coupon: CouponRow, productIds: number[]): Promise<Set<number> | null> {
  if (coupon.collectionId === null) return null;
  return productsInCollection({ db }, coupon.collectionId, productIds);
}

/**
 * Redeems the code for an order, inside the order's transaction. The UPDATE counts the use only
 * while `used_count < usage_limit` and takes the coupon's row lock, so parallel checkouts queue
 * here and each re-checks the limit against the committed count: a single-use code is redeemed
 * once, whatever the concurrency. The per-shopper count is read after the lock, for the same reason.
 */
export async function redeemCoupon(tx: Db, coupon: CouponRow, owner: Shopper, orderId: number): Promise<void> {
  const [row] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, coupon.id),
        eq(coupons.active, true),
        or(isNull(coupons.usageLimit), sql`${coupons.usedCount} < ${coupons.usageLimit}`),
      ),
    )
    .returning({ perCustomerLimit: coupons.perCustomerLimit });
  if (!row) throw new AppError('coupon_used_up', messages.couponUsedUp(), { discount: messages.couponUsedUp() });
  if (row.perCustomerLimit !== null && (await usesByShopper(tx, coupon.id, owner)) >= row.perCustomerLimit) {
    throw new AppError('coupon_already_used', messages.couponAlreadyUsed(), { discount: messages.couponAlreadyUsed() });
  }
  await tx
    .insert(couponRedemptions)
    .values({ couponId: coupon.id, orderId, customerId: owner.customerId, guestId: owner.customerId === null ? owner.guestId : null });
}

/** A cancelled order gives its use of the code back; the redemption is voided, never deleted (history). */
export async function releaseCoupon(tx: Db, orderId: number, at: Date): Promise<void> {
  const released = await tx
    .update(couponRedemptions)
    .set({ voidedAt: at })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.voidedAt)))
    .returning({ couponId: couponRedemptions.couponId });
  for (const r of released) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
      .where(eq(coupons.id, r.couponId));
  }
}

/**
 * An order's coupon checked again against fewer items (the back office's line edit): by the rules of
 * its kind and minimum spend, as when the order was placed. Whether it is still on, in its window or
 * used up does not matter: it was valid then, and this order's use is already counted.
 */
export async function orderCouponDiscount(
  { db }: DbCtx,
  order: { couponId: number | null; createdAt: Date; shipping: number; shippingWaived: number },
  lines: CouponLine[],
  base: number,
): Promise<number> {
  const coupon = order.couponId === null ? null : await findCouponById(db, order.couponId);
  if (!coupon) return 0;
  const asPlaced = { ...coupon, active: true, startsAt: null, endsAt: null, usageLimit: null, perCustomerLimit: null };
  const result = evaluateCoupon({
    coupon: asPlaced,
    now: order.createdAt,
    base,
    lines,
    eligible: await eligibleProducts(db, coupon, [...new Set(lines.map((l) => l.productId))]),
    shippingFee: order.shipping + order.shippingWaived,
    usedByShopper: 0,
    customerId: coupon.customerId,
    earlyAccessHours: 0,
  });
  return result.ok ? result.discount : 0;
}
