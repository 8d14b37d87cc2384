import { z } from 'zod';
import { ADMIN_LIST_COUNT_CAP, ADMIN_SEARCH_COUNT_CAP } from './admin-catalog.js';
import { DELIVERY_TYPES, LineImageSchema, type DeliveryType } from './cart.js';
import { AddressFormSchema, AddressSnapshotSchema } from './checkout.js';
import { COURIERS, DELIVERY_ZONES, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from './checkout-rules.js';
import { text } from './input.js';

/*
 * The orders of the back office (issue 18): what the admin API takes and answers under
 * /api/v1/admin/orders/. Money is poisha, as everywhere in the API.
 */

export { ADMIN_LIST_COUNT_CAP, ADMIN_SEARCH_COUNT_CAP, DELIVERY_TYPES };

export const ADMIN_ORDER_SORTS = ['created', 'total'] as const;
export const ADMIN_ORDER_PAGE_SIZE = 50;
export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  standard: 'Standard',
  same_day: 'Same day',
  pickup: 'Pickup',
};

/** A phone's record of delivered against returned or refused orders, in three bands (docs/back-office.md). */
export const COD_RISKS = ['new', 'low', 'medium', 'high'] as const;
export type CodRisk = (typeof COD_RISKS)[number];
export const COD_RISK_LABELS: Record<CodRisk, string> = { new: 'New', low: 'Low', medium: 'Medium', high: 'High' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const day = z.string().regex(DATE, 'Use a date like 2026-11-28');

/** The order list's filters, as its URL carries them: every field optional, combined with AND. */
export const AdminOrderListQuerySchema = z
  .object({
    /** An order number (or its start), a phone, a name or an e-mail. */
    q: text().trim().max(100, 'At most 100 characters').optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    payment_status: z.enum(PAYMENT_STATUSES).optional(),
    method: z.enum(PAYMENT_METHODS).optional(),
    delivery: z.enum(DELIVERY_TYPES).optional(),
    zone: z.enum(DELIVERY_ZONES).optional(),
    courier: z.enum(COURIERS).optional(),
    risk: z.enum(COD_RISKS).optional(),
    /** Placed on or after this day, and on or before that one, in Dhaka. */
    from: day.optional(),
    to: day.optional(),
    sort: z.enum(ADMIN_ORDER_SORTS).default('created'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'The end comes before the start', path: ['to'] });
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuerySchema>;

/**
 * A phone's COD risk from its record in this shop: of its orders that ended (delivered, returned or
 * refused, or cancelled after the shop confirmed them), the share that did not arrive. None ended:
 * new; under 20 %: low; under 40 %: medium; else high (the bands Bangladeshi fraud checkers use).
 */
export function codRiskOf(r: { delivered: number; returned: number; cancelled: number }): CodRecord {
  const ended = r.delivered + r.returned + r.cancelled;
  const bad = ended === 0 ? 0 : (r.returned + r.cancelled) / ended;
  const risk: CodRisk = ended === 0 ? 'new' : bad < 0.2 ? 'low' : bad < 0.4 ? 'medium' : 'high';
  return { risk, delivered: r.delivered, returned: r.returned, cancelled: r.cancelled };
}

export const CodRecordSchema = z.object({
  risk: z.enum(COD_RISKS),
  delivered: z.number(),
  returned: z.number(),
  cancelled: z.number(),
});
export type CodRecord = z.infer<typeof CodRecordSchema>;

export const AdminOrderRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  created_at: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  delivery_type: z.enum(DELIVERY_TYPES),
  zone: z.enum(DELIVERY_ZONES).nullable(),
  courier: z.enum(COURIERS).nullable(),
  total: z.number(),
  item_count: z.number(),
  risk: z.enum(COD_RISKS),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

export const AdminOrderListResponseSchema = z.object({
  data: z.array(AdminOrderRowSchema),
  count: z.number(),
  count_capped: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponseSchema>;

// ---------------------------------------------------------------- actions

export const CALL_OUTCOMES = ['confirmed', 'no_answer', 'call_back', 'wrong_number', 'refused'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  confirmed: 'Confirmed the order',
  no_answer: 'No answer',
  call_back: 'Asked to call back',
  wrong_number: 'Wrong number',
  refused: 'Does not want it',
};

export const ORDER_NOTE_MAX = 2000;
export const CANCEL_REASONS = ['customer_asked', 'unreachable', 'refused_on_call', 'out_of_stock', 'suspected_fraud', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  customer_asked: 'The customer asked',
  unreachable: 'Could not reach the customer',
  refused_on_call: 'Refused on the call',
  out_of_stock: 'Out of stock',
  suspected_fraud: 'Suspected fraud',
  other: 'Other',
};

export const orderMessages = {
  noteRequired: 'Write a note',
  noteTooLong: `At most ${ORDER_NOTE_MAX.toLocaleString('en-US')} characters`,
  outcome: 'Choose what the call came to',
  reason: 'Choose a reason',
  reasonDetail: 'Say why',
  editConflict: 'Someone else changed this order after you opened it. Reload to see their changes, then make yours again.',
  areaUnknown: 'Choose an area from the list',
  otherZone: 'This area is in another delivery zone, which changes the delivery fee: cancel the order and place a new one',
  linesPaid: 'This order is paid: give money back with a refund instead of changing its items',
  awaitingPayment: 'This order waits for its bKash or card payment: it is confirmed by the payment, not by hand',
  awaitingDeposit: 'This order waits for its delivery fee by bKash: it goes ahead once the fee is paid',
  linesMore: 'Items can only be taken off here: a new item is a new order',
  linesDeposit: 'This order asks for its delivery fee by bKash first: cancel it instead of changing its items',
  linesNone: 'Nothing would be left: cancel the order instead',
  linesUnknown: 'That item is not on this order',
} as const;

const NoteText = text().trim().min(1, orderMessages.noteRequired).max(ORDER_NOTE_MAX, orderMessages.noteTooLong);

/** Every action on an order carries the revision the screen loaded: a stale one is refused (409 edit_conflict). */
const Revision = z.number().int().min(0);

export const OrderNotePayloadSchema = z.object({ note: NoteText });
export type OrderNotePayload = z.infer<typeof OrderNotePayloadSchema>;

/** A call to the customer (COD confirmation): its outcome goes on the timeline; 'confirmed' also confirms the order. */
export const OrderCallPayloadSchema = z.object({
  revision: Revision,
  outcome: z.enum(CALL_OUTCOMES, { error: orderMessages.outcome }),
  note: text().trim().max(ORDER_NOTE_MAX, orderMessages.noteTooLong).default(''),
});
export type OrderCallPayload = z.infer<typeof OrderCallPayloadSchema>;

export const OrderStepPayloadSchema = z.object({ revision: Revision });
export type OrderStepPayload = z.infer<typeof OrderStepPayloadSchema>;

export const OrderCancelPayloadSchema = z
  .object({
    revision: Revision,
    reason: z.enum(CANCEL_REASONS, { error: orderMessages.reason }),
    note: text().trim().max(ORDER_NOTE_MAX, orderMessages.noteTooLong).default(''),
  })
  .refine((v) => v.reason !== 'other' || v.note.length > 0, { message: orderMessages.reasonDetail, path: ['note'] });
export type OrderCancelPayload = z.infer<typeof OrderCancelPayloadSchema>;

/**
 * Fewer of an order's items before it ships (a shopper changed their mind about one, an item is
 * missing): each line's new quantity, from 0 (removed) to what was bought. Items are never added
 * here: a new item is a new order, priced by the checkout.
 */
export const OrderLinesPayloadSchema = z.object({
  revision: Revision,
  lines: z
    .array(z.object({ id: z.number().int().positive(), quantity: z.number().int().min(0, 'At least 0').max(99) }))
    .min(1, 'Change at least one item')
    .max(100),
});
export type OrderLinesPayload = z.infer<typeof OrderLinesPayloadSchema>;

export const OrderAddressPayloadSchema = z.object({
  revision: Revision,
  address: AddressFormSchema.omit({ default: true }),
});
export type OrderAddressPayload = z.infer<typeof OrderAddressPayloadSchema>;

// ---------------------------------------------------------------- one order

export const ORDER_EVENT_KINDS = ['order', 'payment', 'note', 'call', 'edit', 'message', 'courier', 'refund'] as const;

export const AdminOrderEventSchema = z.object({
  id: z.number(),
  kind: z.enum(ORDER_EVENT_KINDS),
  from: z.string().nullable(),
  to: z.string(),
  reason: z.string(),
  detail: z.record(z.string(), z.unknown()),
  /** Who did it: a staff member's name, or null for the shopper or the system. */
  staff: z.string().nullable(),
  at: z.string(),
});
export type AdminOrderEvent = z.infer<typeof AdminOrderEventSchema>;

export const AdminOrderLineSchema = z.object({
  id: z.number(),
  variant_id: z.number().nullable(),
  product_id: z.number(),
  sku: z.string(),
  product_title: z.string(),
  variant_title: z.string(),
  image: LineImageSchema.nullable(),
  quantity: z.number(),
  price: z.number(),
  discounted_price: z.number(),
  line_price: z.number(),
  gift: z.boolean(),
});

/** A bKash or card payment attempt of the order (payments module). */
export const PaymentAttemptSchema = z.object({
  id: z.number(),
  provider: z.enum(['bkash', 'sslcommerz']),
  status: z.enum(['pending', 'paid', 'failed', 'cancelled', 'partially_refunded', 'refunded']),
  amount: z.number(),
  refunded_amount: z.number(),
  /** bKash paymentID or our SSLCommerz tran_id. */
  reference: z.string().nullable(),
  /** bKash trxID or SSLCommerz bank_tran_id. */
  gateway_trx_id: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
  /** Calls and callbacks recorded for it. */
  events: z.number(),
});
export type PaymentAttempt = z.infer<typeof PaymentAttemptSchema>;

export const AdminOrderDetailSchema = z.object({
  id: z.number(),
  number: z.string(),
  /** The shopper's link token: the back office links to the order's public page with it. */
  token: z.string(),
  /** Sent back with every action: a stale one is refused (409 edit_conflict). */
  revision: z.number(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  delivery_type: z.enum(DELIVERY_TYPES),
  zone: z.enum(DELIVERY_ZONES).nullable(),
  customer_id: z.number().nullable(),
  guest: z.boolean(),
  contact: z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  shipping_address: AddressSnapshotSchema.nullable(),
  billing_address: AddressSnapshotSchema.nullable(),
  store_location: z.object({ name: z.string(), address: z.string(), hours: z.string() }).nullable(),
  note: z.string(),
  coupon_code: z.string().nullable(),
  subtotal: z.number(),
  rebate: z.number(),
  discount: z.number(),
  referral_discount: z.number(),
  points_redeemed: z.number(),
  points_discount: z.number(),
  points_earned: z.number(),
  shipping: z.number(),
  shipping_waived: z.number(),
  total: z.number(),
  /** A high-risk shopper's cash on delivery: the delivery fee paid by bKash first (part of the total); 0: none. */
  cod_deposit: z.number(),
  refunded_amount: z.number(),
  courier: z.enum(COURIERS).nullable(),
  consignment_id: z.string().nullable(),
  tracking_code: z.string().nullable(),
  lines: z.array(AdminOrderLineSchema),
  cod_record: CodRecordSchema,
  /** The delivery address's phone's record, when that phone is not the customer's own (a parcel for someone else). */
  address_cod_record: CodRecordSchema.nullable(),
  payments: z.array(PaymentAttemptSchema),
  timeline: z.array(AdminOrderEventSchema),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const SAVED_VIEW_NAME_MAX = 60;
export const SavedViewPayloadSchema = z.object({
  name: text().trim().min(1, 'Name the view').max(SAVED_VIEW_NAME_MAX, `At most ${SAVED_VIEW_NAME_MAX} characters`),
  /** The list's query string (without the page). */
  query: text().trim().max(1000, 'At most 1,000 characters'),
});
export type SavedViewPayload = z.infer<typeof SavedViewPayloadSchema>;
export const SavedViewSchema = z.object({ id: z.number(), name: z.string(), query: z.string() });
export type SavedView = z.infer<typeof SavedViewSchema>;
