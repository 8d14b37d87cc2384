/*
 * The checkout's business rules that both the API and the browser need at run time: delivery zones
 * and fees, the same-day cut-off, payment methods, order and payment statuses. No zod here, so a
 * page that only needs these constants does not ship the schema library (checkout.ts has the schemas).
 */
import { dhakaClock } from './dhaka-time.js';

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

export const ADDRESS_TYPES = ['shipping', 'billing'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Same-day delivery: only inside Dhaka, and only for orders placed before this hour (Asia/Dhaka). */
export const SAME_DAY_CUTOFF_HOUR = 14;
export const SAME_DAY_CUTOFF_LABEL = '2 PM';

/** The hour of the day in Dhaka (0–23) at the given instant. */
export function dhakaHour(at: Date): number {
  return dhakaClock(at).hour;
}

export function sameDayOpen(zone: DeliveryZone | null, at: Date): boolean {
  return zone === 'inside_dhaka' && dhakaHour(at) < SAME_DAY_CUTOFF_HOUR;
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

export const ORDER_STATUSES = ['placed', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Payment pending',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
};

export const COUPON_KINDS = ['percentage', 'fixed_amount', 'free_shipping', 'buy_x_get_y'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** The header a checkout attempt carries so a double click or a retry places one order. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** What the pay call answers: where the browser goes next for each method. */
export function nextPathAfterOrder(type: PaymentMethod, orderToken: string, redirect: string | null): string {
  if (type === 'cash_on_pickup') return `/order-verify/success/${orderToken}/`;
  if (type === 'cod' || !redirect) return `/payment-success?order=${encodeURIComponent(orderToken)}`;
  return redirect;
}
