import type { DeliveryZone, OrderStatus, PaymentMethod, PaymentStatus } from '@store/shared/checkout-rules';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';

/*
 * The names a shopper reads for the checkout's and the orders' codes, in the page's language.
 * checkout-rules' *_LABELS are the English ones the API and the admin keep (PDF, CSV, back office).
 */

const ZONES: Record<DeliveryZone, () => string> = {
  inside_dhaka: m.checkout_zone_inside_dhaka,
  dhaka_suburb: m.checkout_zone_dhaka_suburb,
  outside_dhaka: m.checkout_zone_outside_dhaka,
};

const METHODS: Record<PaymentMethod, () => string> = {
  cod: m.checkout_method_cod,
  bkash: m.checkout_method_bkash,
  card: m.checkout_method_card,
  cash_on_pickup: m.checkout_method_cash_on_pickup,
};

const ORDER_STATUSES: Record<OrderStatus, () => string> = {
  placed: m.receipt_status_placed,
  confirmed: m.receipt_status_confirmed,
  packed: m.receipt_status_packed,
  shipped: m.receipt_status_shipped,
  in_transit: m.receipt_status_in_transit,
  delivered: m.receipt_status_delivered,
  partially_delivered: m.receipt_status_partially_delivered,
  returned: m.receipt_status_returned,
  cancelled: m.receipt_status_cancelled,
};

const PAYMENT_STATUSES: Record<PaymentStatus, () => string> = {
  pending: m.receipt_payment_pending,
  partially_paid: m.receipt_payment_partially_paid,
  paid: m.receipt_payment_paid,
  failed: messages.paymentFailed,
  partially_refunded: m.receipt_payment_partially_refunded,
  refunded: m.receipt_payment_refunded,
  voided: m.receipt_payment_voided,
};

/** 'Inside Dhaka', 'Dhaka suburb', 'Outside Dhaka'. */
export const zoneLabel = (zone: DeliveryZone) => ZONES[zone]();

/** 'Cash on delivery', 'bKash', 'Card', 'Cash on pickup'. */
export const paymentMethodLabel = (method: PaymentMethod) => METHODS[method]();

/** An order step's name; a step this build does not know (a newer API) shows as it came. */
export const orderStatusLabel = (status: string) => (ORDER_STATUSES as Partial<Record<string, () => string>>)[status]?.() ?? status;

/** A payment state's name; one this build does not know shows as it came. */
export const paymentStatusLabel = (status: string) => (PAYMENT_STATUSES as Partial<Record<string, () => string>>)[status]?.() ?? status;
