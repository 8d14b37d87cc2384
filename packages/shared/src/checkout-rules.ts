/*
 * The checkout's business rules that both the API and the browser need at run time: delivery zones
 * and fees, the same-day cut-off, payment methods, order and payment statuses. No zod here, so a
 * page that only needs these constants does not ship the schema library (checkout.ts has the schemas).
 */
import { dhakaClock } from './dhaka-time.js';
import * as m from '@store/shared/i18n/messages';
import { taka } from './messages.js';

/** Where an address is, for the delivery fee: Dhaka city, the ring around it, or the rest of the country. */
export const DELIVERY_ZONES = ['inside_dhaka', 'dhaka_suburb', 'outside_dhaka'] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

export const ZONE_LABELS: Record<DeliveryZone, string> = {
  inside_dhaka: 'Inside Dhaka',
  dhaka_suburb: 'Dhaka suburb',
  outside_dhaka: 'Outside Dhaka',
};

/** The four fees of the 'site' settings (poisha). */
export type ShippingFees = { same_day: number; standard_inside_dhaka: number; dhaka_suburb: number; outside_dhaka: number };

/**
 * Free standard delivery: to the listed zones, when the items (after discounts, before the fee) come
 * to at least the threshold (poisha). One setting of the 'site' settings; the banner, the header's
 * conditions, the policy page, the bag, checkout and the order all read it. Null: no free delivery.
 */
export type FreeDeliveryRule = { threshold: number; zones: DeliveryZone[] };

export const DEFAULT_FREE_DELIVERY: FreeDeliveryRule = { threshold: 200_000, zones: ['inside_dhaka'] };

/** Whether standard delivery to this zone is free for this amount of items. */
export function freeDeliveryApplies(rule: FreeDeliveryRule | null, zone: DeliveryZone | null, itemsAmount: number): boolean {
  return !!rule && !!zone && rule.zones.includes(zone) && itemsAmount >= rule.threshold;
}

const ZONE_PHRASES: Record<DeliveryZone, () => string> = {
  inside_dhaka: m.free_zone_inside_dhaka,
  dhaka_suburb: m.free_zone_dhaka_suburb,
  outside_dhaka: m.free_zone_outside_dhaka,
};

/** 'inside Dhaka', 'inside Dhaka and to the Dhaka suburbs', 'anywhere in Bangladesh' (in the shopper's language). */
function zonesPhrase(zones: DeliveryZone[]): string {
  if (DELIVERY_ZONES.every((z) => zones.includes(z))) return m.free_zone_all();
  const parts = DELIVERY_ZONES.filter((z) => zones.includes(z)).map((z) => ZONE_PHRASES[z]());
  return parts.length > 1 ? m.list_and({ list: parts.slice(0, -1).join(', '), last: parts.at(-1)! }) : (parts[0] ?? '');
}

/** The rule in a sentence: 'Free standard delivery inside Dhaka on orders of ৳2,000 or more'; null without a rule. */
export function freeDeliveryText(rule: FreeDeliveryRule | null): string | null {
  if (!rule || rule.zones.length === 0) return null;
  return m.free_delivery_rule({ where: zonesPhrase(rule.zones), amount: taka(rule.threshold) });
}

/** What the bag says about the rule for its items: how much more is needed, or that the bag qualifies. */
export function freeDeliveryProgress(rule: FreeDeliveryRule | null, itemsAmount: number): string | null {
  if (!rule || rule.zones.length === 0 || itemsAmount <= 0) return null;
  const where = zonesPhrase(rule.zones);
  if (itemsAmount >= rule.threshold) return m.free_delivery_qualifies({ where });
  return m.free_delivery_add({ where, amount: taka(rule.threshold - itemsAmount) });
}

export const ADDRESS_TYPES = ['shipping', 'billing'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/**
 * Same-day delivery: only inside Dhaka, and only for orders placed before the cut-off hour (Asia/Dhaka).
 * The hour is a setting of the 'site' row (same_day_cutoff_hour); this is its default.
 */
export const SAME_DAY_CUTOFF_HOUR = 14;

/** The hour of the day in Dhaka (0–23) at the given instant. */
export function dhakaHour(at: Date): number {
  return dhakaClock(at).hour;
}

/** Whether same-day delivery is offered to this zone at this instant, with the cut-off hour as set. */
export function sameDayOpen(zone: DeliveryZone | null, at: Date, cutoffHour: number): boolean {
  return zone === 'inside_dhaka' && dhakaHour(at) < cutoffHour;
}

/** The standard fee of a zone. */
export function standardFee(fees: ShippingFees, zone: DeliveryZone): number {
  return zone === 'inside_dhaka' ? fees.standard_inside_dhaka : zone === 'dhaka_suburb' ? fees.dhaka_suburb : fees.outside_dhaka;
}

/** cod: cash on delivery; bkash: bKash Tokenized Checkout; card: SSLCommerz; cash_on_pickup: pay at the store. */
export const PAYMENT_METHODS = ['cod', 'bkash', 'card', 'cash_on_pickup'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cod: 'Cash on delivery',
  bkash: 'bKash',
  card: 'Card',
  cash_on_pickup: 'Cash on pickup',
};

/** What SSLCommerz shows for a card payment (its multi_card_name): the card schemes only. */
export const CARD_MULTI_CARD_NAME = 'visacard,mastercard,amexcard,othercard';

/** Methods paid through a gateway redirect. */
export const ONLINE_METHODS: readonly PaymentMethod[] = ['bkash', 'card'];

/**
 * An order's life (issue 18): placed → confirmed (the shop called or the gateway paid) → packed →
 * shipped (handed to a courier) → in transit → delivered, partially delivered or returned; or
 * cancelled before it leaves. The transition table is orders/order-status.ts in the API.
 */
export const ORDER_STATUSES = [
  'placed',
  'confirmed',
  'packed',
  'shipped',
  'in_transit',
  'delivered',
  'partially_delivered',
  'returned',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * voided: an unpaid order was cancelled, so nothing will be collected. partially_paid: a high-risk
 * shopper's cash-on-delivery order whose delivery fee was paid by bKash first; the courier collects the rest.
 */
export const PAYMENT_STATUSES = ['pending', 'partially_paid', 'paid', 'failed', 'partially_refunded', 'refunded', 'voided'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  in_transit: 'In transit',
  delivered: 'Delivered',
  partially_delivered: 'Partially delivered',
  returned: 'Returned',
  cancelled: 'Cancelled',
};
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Payment pending',
  partially_paid: 'Delivery fee paid',
  paid: 'Paid',
  failed: 'Payment failed',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  voided: 'Not charged',
};

/** The couriers the shop books parcels with (issue 18). */
export const COURIERS = ['steadfast', 'pathao', 'redx'] as const;
export type Courier = (typeof COURIERS)[number];
export const COURIER_LABELS: Record<Courier, string> = { steadfast: 'Steadfast', pathao: 'Pathao', redx: 'RedX' };

/** Each courier's public tracking page for a parcel (what the shopper's order page and SMS link to). */
export function courierTrackingUrl(courier: Courier, code: string): string {
  const c = encodeURIComponent(code);
  if (courier === 'steadfast') return `https://steadfast.com.bd/t/${c}`;
  if (courier === 'pathao') return `https://merchant.pathao.com/tracking?consignment_id=${c}`;
  return `https://redx.com.bd/track-parcel/?trackingId=${c}`;
}

export const COUPON_KINDS = ['percentage', 'fixed_amount', 'free_shipping', 'buy_x_get_y'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** The header a checkout attempt carries so a double click or a retry places one order. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** What the pay call answers: where the browser goes next for each method. */
export function nextPathAfterOrder(type: PaymentMethod, orderToken: string, redirect: string | null): string {
  if (type === 'cash_on_pickup') return `/order-verify/success/${orderToken}/`;
  // Cash on delivery goes to bKash only for a high-risk shopper's delivery fee (redirect set).
  if (!redirect) return `/payment-success?order=${encodeURIComponent(orderToken)}`;
  return redirect;
}
