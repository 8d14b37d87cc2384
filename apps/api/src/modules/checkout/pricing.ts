import type { Cart, DeliveryType } from '@store/shared/cart';
import type { CheckoutTotals } from '@store/shared/checkout';
import {
  freeDeliveryApplies,
  sameDayOpen,
  standardFee,
  type DeliveryZone,
  type PaymentMethod,
  type ShippingFees,
} from '@store/shared/checkout-rules';
import type { SiteSettings, StoreLocation } from '@store/shared/content';
import * as messages from '@store/shared/messages';
import type { Db } from '../../db/client.js';
import { pointsFor, redeemablePoints } from '@store/shared/loyalty';
import { codRecordsOf } from '../orders/index.js';
import { defaultAddress, getOwnAddress, type AddressRow, type Shopper } from './addresses.service.js';
import { loyaltyTerms, refusal, type LoyaltyTerms, type Refusal } from './loyalty-terms.js';
import type { checkoutDrafts } from './checkout.tables.js';
import { paidLines, refuse, type CheckoutDeps } from './context.js';
import { eligibleFrom, eligibleProducts, evaluateCoupon, findCouponById, usesByShopper, type CouponRow } from './coupons.js';

/*
 * Pricing: what the shopper's choices resolve to and what the bag costs with them. Read-only: the
 * draft (checkout.service.ts) shows it, the place-order workflow (place-order.ts) charges it.
 */

export type DraftRow = typeof checkoutDrafts.$inferSelect;

/**
 * The shop's offer of payment methods for a delivery type: cash on delivery only with delivery and
 * never to a shopper staff blocked from it (`codBlocked`, the shopper's card), cash on pickup only with pickup.
 */
export function methodAllowed(deps: CheckoutDeps, method: PaymentMethod, deliveryType: DeliveryType, codBlocked: boolean): boolean {
  if (method === 'cod') return deliveryType !== 'pickup' && !codBlocked;
  if (method === 'cash_on_pickup') return deliveryType === 'pickup';
  return deps.payments.methodAvailable(method);
}

/** Refuses a method the shop does not offer this shopper: a blocked shopper's cash on delivery says why (cod_not_allowed). */
export function requireMethod(deps: CheckoutDeps, method: PaymentMethod, deliveryType: DeliveryType, codBlocked: boolean): void {
  if (method === 'cod' && deliveryType !== 'pickup' && codBlocked) throw refuse('cod_not_allowed', messages.codNotAllowed(), 'payment');
  if (!methodAllowed(deps, method, deliveryType, codBlocked))
    throw refuse('payment_method_unavailable', messages.paymentMethodUnavailable(), 'payment');
}

export const defaultMethod = (deliveryType: DeliveryType): PaymentMethod => (deliveryType === 'pickup' ? 'cash_on_pickup' : 'cod');

/** The method shown chosen when the draft's is not offered: the delivery's default, else (cash on delivery blocked) the first online method offered. */
export function offeredDefault(deps: CheckoutDeps, deliveryType: DeliveryType, codBlocked: boolean): PaymentMethod | null {
  const preferred = defaultMethod(deliveryType);
  if (methodAllowed(deps, preferred, deliveryType, codBlocked)) return preferred;
  return (['bkash', 'card'] as const).find((m) => methodAllowed(deps, m, deliveryType, codBlocked)) ?? null;
}

export type Resolved = {
  deliveryType: DeliveryType;
  shipping: AddressRow | null;
  billing: AddressRow | null;
  store: StoreLocation | null;
  method: PaymentMethod;
  coupon: CouponRow | null;
  /** Loyalty points the shopper asked to spend (capped by what is redeemable when priced). */
  points: number;
  /** The shopper's points and tier, and the referral code's terms (loyalty-terms.ts). */
  terms: LoyaltyTerms;
};

/** The delivery fee before any coupon or free delivery; 0 for pickup and while no address is chosen. Same day after the cut-off is standard. */
function deliveryFee(
  fees: ShippingFees,
  deliveryType: DeliveryType,
  zone: DeliveryZone | null,
  now: Date,
  cutoffHour: number,
): { fee: number; standard: boolean } {
  if (deliveryType === 'pickup' || !zone) return { fee: 0, standard: false };
  if (deliveryType === 'same_day' && sameDayOpen(zone, now, cutoffHour)) return { fee: fees.same_day, standard: false };
  return { fee: standardFee(fees, zone), standard: true };
}

/** What the programme did to this order's price: the points spent (capped), what it earns, the tier's free delivery. */
export type PricedLoyalty = { redeemable: number; points: number; earn: number; tierFreeDelivery: boolean };
export type Priced = { totals: CheckoutTotals; couponError: string | null; referralError: Refusal | null; loyalty: PricedLoyalty };

/** Totals from the bag as the server priced it, the delivery fee and the coupon (re-checked every time). */
export async function price(db: Db, shopper: Shopper | null, cart: Cart, r: Resolved, site: SiteSettings, now: Date): Promise<Priced> {
  const subtotal = cart.subtotal_price;
  const rebate = cart.rebate?.amount ?? 0;
  const base = subtotal - rebate;
  const zone = r.shipping?.zone ?? null;
  const { fee, standard } = deliveryFee(site.shipping_fees, r.deliveryType, zone, now, site.same_day_cutoff_hour);
  let discount = 0;
  let waived = 0;
  let couponError: string | null = null;
  const quote = r.terms.quote;
  const programme = quote?.rules.enabled ? quote : null;
  if (r.coupon) {
    const lines = paidLines(cart);
    const result = evaluateCoupon({
      coupon: r.coupon,
      now,
      base,
      lines: lines.map((l) => ({ productId: l.product_id, unitPrice: l.discounted_price, quantity: l.quantity })),
      eligible: await eligibleProducts(db, r.coupon, [...new Set(lines.map((l) => l.product_id))]),
      eligibleFrom: r.coupon.kind === 'buy_x_get_y' ? await eligibleFrom(db, r.coupon) : null,
      shippingFee: fee,
      usedByShopper: shopper ? await usesByShopper(db, r.coupon.id, shopper) : 0,
      customerId: shopper?.customerId ?? null,
      earlyAccessHours: programme?.tier.early_access_hours ?? 0,
    });
    if (result.ok) {
      discount = result.discount;
      waived = result.shippingWaived;
    } else couponError = result.message;
  }
  const afterCoupon = Math.max(0, base - discount);
  // A referred customer's first order: the welcome discount, after the coupon.
  let referralDiscount = 0;
  let referralError: Refusal | null = null;
  if (r.terms.referral) {
    const welcome = programme?.rules.referral_welcome_discount ?? 0;
    if (r.terms.referral.refusal) referralError = r.terms.referral.refusal;
    else if (!programme || welcome <= 0) referralError = refusal(messages.programmeOff);
    else if (afterCoupon < programme.rules.referral_min_order) {
      const min = programme.rules.referral_min_order;
      referralError = refusal(() => messages.referralMinOrder(min));
    } else referralDiscount = Math.min(welcome, afterCoupon);
  }
  const afterReferral = afterCoupon - referralDiscount;
  // Points pay for part of the items, within the programme's limits (redeemablePoints).
  const redeemable = programme ? redeemablePoints(programme.balance, afterReferral, programme.rules) : 0;
  const points = Math.min(Math.max(0, r.points), redeemable);
  const pointsDiscount = programme ? Math.min(afterReferral, points * programme.rules.point_value) : 0;
  const items = afterReferral - pointsDiscount;
  // Free standard delivery (the site setting) counts the items after the coupon, before the fee; a tier's free delivery needs nothing more.
  const freeDelivery = standard && fee > 0 && freeDeliveryApplies(site.free_delivery, zone, afterCoupon);
  const tierFreeDelivery = standard && fee > 0 && !freeDelivery && waived < fee && (programme?.tier.free_delivery ?? false);
  if (freeDelivery || tierFreeDelivery) waived = fee;
  const shipping = fee - waived;
  return {
    totals: {
      subtotal,
      rebate,
      discount,
      referral_discount: referralDiscount,
      points_discount: pointsDiscount,
      shipping,
      shipping_waived: waived,
      free_delivery: freeDelivery,
      tax: 0,
      total: items + shipping,
      currency: 'BDT',
    },
    couponError,
    referralError,
    loyalty: {
      redeemable,
      points,
      earn: programme ? pointsFor(items, programme.rules, programme.tier.multiplier) : 0,
      tierFreeDelivery,
    },
  };
}

/**
 * What a high-risk shopper pays by bKash before a cash-on-delivery order goes ahead (the
 * cod_deposit_high_risk setting): the delivery fee as the zone charges it, waived or not, at most the
 * total; it is part of the total, so the courier collects the rest. High risk is the COD record of the
 * shopper's phone or the delivery address's phone, whichever is worse. 0 when it does not apply.
 */
export async function codDepositFor(
  db: Db,
  site: SiteSettings,
  method: PaymentMethod,
  totals: Pick<CheckoutTotals, 'total' | 'shipping' | 'shipping_waived'>,
  phones: (string | null | undefined)[],
): Promise<number> {
  if (method !== 'cod' || !site.cod_deposit_high_risk) return 0;
  const fee = Math.min(totals.total, totals.shipping + totals.shipping_waived);
  if (fee <= 0) return 0;
  const records = await codRecordsOf(
    { db },
    phones.map((p) => p ?? null),
  );
  return [...records.values()].some((r) => r.risk === 'high') ? fee : 0;
}

/** The choices in effect: the draft's, else sensible defaults (the shopper's default address, standard delivery, cash). */
export async function resolve(
  db: Db,
  shopper: Shopper | null,
  draft: DraftRow | null,
  stores: StoreLocation[],
  loyalty: { phone: string | null; now: Date },
): Promise<Resolved> {
  const deliveryType = draft?.deliveryType ?? 'standard';
  let shipping: AddressRow | null = null;
  let billing: AddressRow | null = null;
  if (shopper) {
    shipping = draft?.shippingAddressId
      ? await getOwnAddress(db, shopper, draft.shippingAddressId).catch(() => null)
      : draft?.storeLocationId && deliveryType === 'pickup'
        ? null
        : await defaultAddress(db, shopper, 'shipping');
    billing = draft?.billingAddressId ? await getOwnAddress(db, shopper, draft.billingAddressId).catch(() => null) : null;
  }
  const store = deliveryType === 'pickup' ? (stores.find((s) => s.id === draft?.storeLocationId) ?? null) : null;
  const coupon = draft?.couponId ? await findCouponById(db, draft.couponId) : null;
  const terms = await loyaltyTerms(db, shopper, {
    referralCode: draft?.referralCode ?? null,
    shipping,
    phone: loyalty.phone,
    now: loyalty.now,
  });
  return {
    deliveryType,
    shipping,
    billing,
    store,
    method: draft?.paymentMethod ?? defaultMethod(deliveryType),
    coupon,
    points: draft?.points ?? 0,
    terms,
  };
}
