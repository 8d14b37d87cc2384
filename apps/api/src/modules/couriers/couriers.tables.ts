import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Courier } from '@store/shared/checkout-rules';
import { orders } from '../orders/orders.tables.js';

/**
 * Where a parcel stands, in the shop's words, whatever the courier calls it: booked (the courier
 * has it on file), in_transit, delivered, partially_delivered, returned, cancelled (the booking was
 * withdrawn before pick-up).
 */
export const SHIPMENT_STATES = ['booked', 'in_transit', 'delivered', 'partially_delivered', 'returned', 'cancelled'] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

/**
 * A parcel booked with a courier for an order (issue 18). An order has at most one active parcel;
 * a cancelled booking stays as history and a new one may be made.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    courier: text().$type<Courier>().notNull(),
    /** Steadfast consignment_id, Pathao consignment_id, RedX tracking_id. */
    consignmentId: text().notNull(),
    /** Steadfast tracking_code; the consignment id elsewhere. */
    trackingCode: text().notNull(),
    /** The invoice / merchant order id sent with the booking: the order number. */
    invoice: text().notNull(),
    state: text().$type<ShipmentState>().notNull().default('booked'),
    /** The courier's own word for where it stands (Steadfast delivery_status, Pathao order_status_slug, RedX status). */
    courierStatus: text().notNull().default(''),
    /** Poisha: what the courier is to collect, what it charged, what it says it collected. */
    codAmount: integer().notNull().default(0),
    deliveryFee: integer(),
    collectedAmount: integer(),
    active: boolean().notNull().default(true),
    bookedBy: integer(),
    payoutId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The polling job asks the courier about parcels not final, least recently asked first. */
    polledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shipments_consignment_idx').on(t.courier, t.consignmentId),
    uniqueIndex('shipments_one_active_idx')
      .on(t.orderId)
      .where(sql`${t.active}`),
    index('shipments_order_idx').on(t.orderId, t.id),
    index('shipments_open_idx')
      .on(t.polledAt)
      .where(sql`${t.state} in ('booked', 'in_transit') and ${t.active}`),
    index('shipments_unpaid_idx')
      .on(t.courier, t.id)
      .where(sql`${t.payoutId} is null and ${t.collectedAmount} is not null`),
    check('shipments_courier', sql`${t.courier} in ('steadfast', 'pathao', 'redx')`),
    check('shipments_state', sql`${t.state} in ('booked', 'in_transit', 'delivered', 'partially_delivered', 'returned', 'cancelled')`),
  ],
);

/**
 * What a courier said about a parcel: each webhook (verified or not) and each poll's answer. A
 * webhook's event_key (the courier, the consignment, its status and its time) is unique, so a
 * replayed delivery is recorded once and moves nothing.
 */
export const courierEvents = pgTable(
  'courier_events',
  {
    id: serial().primaryKey(),
    shipmentId: integer().references(() => shipments.id, { onDelete: 'restrict' }),
    courier: text().$type<Courier>().notNull(),
    /** webhook, poll, booking, cancel */
    source: text().notNull(),
    eventKey: text(),
    courierStatus: text().notNull().default(''),
    state: text().$type<ShipmentState>(),
    message: text().notNull().default(''),
    /** accepted, duplicate, rejected (bad signature or unknown parcel), ignored */
    outcome: text().notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('courier_events_shipment_idx').on(t.shipmentId, t.id),
    uniqueIndex('courier_events_key_idx')
      .on(t.courier, t.eventKey)
      .where(sql`${t.eventKey} is not null`),
  ],
);

/**
 * A courier's payment of the cash it collected (issue 18): staff record it with the courier's
 * reference, and each parcel it settles points at it; what was collected and not paid out is the
 * courier's balance owed to the shop.
 */
export const courierPayouts = pgTable(
  'courier_payouts',
  {
    id: serial().primaryKey(),
    courier: text().$type<Courier>().notNull(),
    reference: text().notNull(),
    /** Poisha the courier paid. */
    amount: integer().notNull(),
    /** The sum of the parcels it settles, less their fees: what it should have paid. */
    expected: integer().notNull(),
    paidOn: text().notNull(),
    note: text().notNull().default(''),
    staffId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('courier_payouts_reference_idx').on(t.courier, t.reference),
    check('courier_payouts_courier', sql`${t.courier} in ('steadfast', 'pathao', 'redx')`),
  ],
);
