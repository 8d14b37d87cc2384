import { z } from 'zod';
import { COURIERS } from './checkout-rules.js';
import { text } from './input.js';
import { isBdMobile } from './phone.js';

/*
 * Couriers in the back office (issue 18): booking parcels with Steadfast, Pathao and RedX, what
 * each parcel went through, the Steadfast fraud check and the couriers' cash payouts, under
 * /api/v1/admin/. Money is poisha, as everywhere in the API.
 */

/** Where a parcel stands in the shop's words, whatever the courier calls it (docs/couriers.md maps each courier's words). */
export const SHIPMENT_STATES = ['booked', 'in_transit', 'delivered', 'partially_delivered', 'returned', 'cancelled'] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];
export const SHIPMENT_STATE_LABELS: Record<ShipmentState, string> = {
  booked: 'Booked',
  in_transit: 'In transit',
  delivered: 'Delivered',
  partially_delivered: 'Partially delivered',
  returned: 'Returned',
  cancelled: 'Cancelled',
};

/** What the shop did with one thing a courier said. */
export const COURIER_EVENT_OUTCOMES = ['accepted', 'duplicate', 'rejected', 'ignored'] as const;
export type CourierEventOutcome = (typeof COURIER_EVENT_OUTCOMES)[number];

export const BULK_BOOK_MAX = 100;

export const courierMessages = {
  courier: 'Choose a courier',
  orders: `Choose 1 to ${BULK_BOOK_MAX} orders`,
  phone: 'Enter a Bangladeshi mobile number',
  reference: "Enter the courier's payment reference",
  amount: 'Enter the amount paid',
  paidOn: 'Use a date like 2026-11-28',
  shipments: 'Choose the parcels this payment settles',
  reason: 'Say why',
} as const;

const Courier = z.enum(COURIERS, { error: courierMessages.courier });

export const CourierEventSchema = z.object({
  id: z.number(),
  /** webhook, poll, booking, cancel */
  source: z.string(),
  courier_status: z.string(),
  state: z.enum(SHIPMENT_STATES).nullable(),
  message: z.string(),
  outcome: z.enum(COURIER_EVENT_OUTCOMES),
  at: z.string(),
});
export type CourierEvent = z.infer<typeof CourierEventSchema>;

export const ShipmentSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  courier: Courier,
  consignment_id: z.string(),
  tracking_code: z.string(),
  /** The courier's public tracking page (null for a simulated courier). */
  tracking_url: z.string().nullable(),
  invoice: z.string(),
  state: z.enum(SHIPMENT_STATES),
  courier_status: z.string(),
  cod_amount: z.number(),
  delivery_fee: z.number().nullable(),
  collected_amount: z.number().nullable(),
  /** false once the booking was cancelled: history only. */
  active: z.boolean(),
  payout_id: z.number().nullable(),
  booked_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

export const ShipmentWithEventsSchema = ShipmentSchema.extend({ events: z.array(CourierEventSchema) });
export type ShipmentWithEvents = z.infer<typeof ShipmentWithEventsSchema>;

/** POST /admin/orders/:id/shipment */
export const BookShipmentPayloadSchema = z.object({ courier: Courier });
export type BookShipmentPayload = z.infer<typeof BookShipmentPayloadSchema>;
/** created: false when the order already had an active parcel (it is returned as it is). */
export const BookShipmentResponseSchema = z.object({ data: ShipmentSchema, created: z.boolean() });
export type BookShipmentResponse = z.infer<typeof BookShipmentResponseSchema>;

/** POST /admin/orders/shipments/bulk */
export const BulkBookPayloadSchema = z.object({
  order_ids: z
    .array(z.number().int().positive(), { error: courierMessages.orders })
    .min(1, courierMessages.orders)
    .max(BULK_BOOK_MAX, courierMessages.orders)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each order once' }),
  courier: Courier,
});
export type BulkBookPayload = z.infer<typeof BulkBookPayloadSchema>;
export const BulkBookResultSchema = z.object({
  order_id: z.number(),
  ok: z.boolean(),
  created: z.boolean(),
  shipment: ShipmentSchema.nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type BulkBookResult = z.infer<typeof BulkBookResultSchema>;
export const BulkBookResponseSchema = z.object({ data: z.array(BulkBookResultSchema) });

/** POST /admin/orders/:id/shipment/cancel */
export const CancelShipmentPayloadSchema = z.object({ reason: text().trim().min(1, courierMessages.reason).max(500) });
export type CancelShipmentPayload = z.infer<typeof CancelShipmentPayloadSchema>;

/** GET /admin/couriers: which couriers the shop can book with, and whether a simulator stands in. */
export const CourierAvailabilitySchema = z.object({
  courier: Courier,
  label: z.string(),
  simulated: z.boolean(),
  /** Books many orders in one call. */
  bulk: z.boolean(),
  /** A booking can be withdrawn through the courier's API (otherwise in its portal, and recorded here). */
  cancel_api: z.boolean(),
  webhook_url: z.string(),
});
export type CourierAvailability = z.infer<typeof CourierAvailabilitySchema>;

/** GET /admin/couriers/fraud-check?phone= */
export const FraudCheckQuerySchema = z.object({
  phone: text().trim().refine(isBdMobile, courierMessages.phone),
});
export const FraudCheckSchema = z.object({
  phone: z.string(),
  total_parcels: z.number(),
  total_delivered: z.number(),
  total_cancelled: z.number(),
  /** Delivered out of all, 0–100; null with no parcels. */
  success_ratio: z.number().nullable(),
  checked_at: z.string(),
});
export type FraudCheck = z.infer<typeof FraudCheckSchema>;
/** data is null when Steadfast is not set up. */
export const FraudCheckResponseSchema = z.object({ data: FraudCheckSchema.nullable() });

/** POST /admin/couriers/payouts */
export const PayoutInputSchema = z.object({
  courier: Courier,
  reference: text().trim().min(1, courierMessages.reference).max(100, courierMessages.reference),
  amount: z.number({ error: courierMessages.amount }).int(courierMessages.amount).min(0, courierMessages.amount),
  paid_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, courierMessages.paidOn),
  shipment_ids: z
    .array(z.number().int().positive(), { error: courierMessages.shipments })
    .min(1, courierMessages.shipments)
    .max(1000, courierMessages.shipments),
  note: text().trim().max(1000).default(''),
});
export type PayoutInput = z.infer<typeof PayoutInputSchema>;

export const PayoutSchema = z.object({
  id: z.number(),
  courier: Courier,
  reference: z.string(),
  amount: z.number(),
  /** What the settled parcels collected less their fees. */
  expected: z.number(),
  /** amount − expected: negative when the courier paid short. */
  difference: z.number(),
  paid_on: z.string(),
  note: z.string(),
  staff_id: z.number().nullable(),
  shipment_count: z.number(),
  created_at: z.string(),
});
export type Payout = z.infer<typeof PayoutSchema>;

export const UnpaidCollectionSchema = z.object({
  shipment_id: z.number(),
  order_id: z.number(),
  invoice: z.string(),
  consignment_id: z.string(),
  state: z.enum(SHIPMENT_STATES),
  collected_amount: z.number(),
  delivery_fee: z.number().nullable(),
  /** collected − fee: what the courier owes for this parcel. */
  net: z.number(),
  updated_at: z.string(),
});
export type UnpaidCollection = z.infer<typeof UnpaidCollectionSchema>;
export const CourierBalanceSchema = z.object({
  courier: Courier,
  shipments: z.array(UnpaidCollectionSchema),
  /** The sum of the nets: cash the courier holds for the shop. */
  balance: z.number(),
});
export type CourierBalance = z.infer<typeof CourierBalanceSchema>;

/** GET /admin/couriers/payouts[?courier=] */
export const PayoutsQuerySchema = z.object({ courier: Courier.optional() });
export const PayoutsResponseSchema = z.object({
  data: z.object({ payouts: z.array(PayoutSchema), unpaid: z.array(CourierBalanceSchema) }),
});
export type PayoutsResponse = z.infer<typeof PayoutsResponseSchema>;
