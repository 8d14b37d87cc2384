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
import { codRecordsOf } from '../orders/index.js';
import { defaultAddress, getOwnAddress, type AddressRow, type Shopper } from './addresses.service.js';
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

export type Priced = { totals: CheckoutTotals; couponError: string | null };

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
    });
    if (result.ok) {
      discount = result.discount;
      waived = result.shippingWaived;
    } else couponError = result.message;
  }
  // Free standard delivery (the site setting) counts the items after every discount, before the fee.
  const freeDelivery = standard && fee > 0 && freeDeliveryApplies(site.free_delivery, zone, Math.max(0, base - discount));
  if (freeDelivery) waived = fee;
  const shipping = fee - waived;
  return {
    totals: {
      subtotal,
      rebate,
      discount,
      shipping,
      shipping_waived: waived,
      free_delivery: freeDelivery,
      tax: 0,
      total: Math.max(0, base - discount) + shipping,
      currency: 'BDT',
    },
    couponError,
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
export async function resolve(db: Db, shopper: Shopper | null, draft: DraftRow | null, stores: StoreLocation[]): Promise<Resolved> {
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
  return { deliveryType, shipping, billing, store, method: draft?.paymentMethod ?? defaultMethod(deliveryType), coupon };
}
