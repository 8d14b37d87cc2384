import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AdminOrderEvent } from '@store/shared/admin-orders';
import type { LineImage } from '@store/shared/cart';
import type { Locale } from '@store/shared/locale';
import type { AddressSnapshot } from '@store/shared/checkout';
import type { Courier, DeliveryZone, OrderStatus, PaymentMethod, PaymentStatus } from '@store/shared/checkout-rules';
import { customers, guests } from '../accounts/accounts.tables.js';
import { variants } from '../catalog/catalog.tables.js';

/** The running part of the human order number (GB-2611-001234): never reused, gaps allowed. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1001, increment: 1 });

export type AffiliateValues = { aff?: string; id_token?: string; id_user?: string; aff_uid?: string };
export type StoreSnapshot = { name: string; address: string; hours: string };

/**
 * A placed order. Everything the shopper saw is copied in (addresses, prices, the store), so later
 * changes to the catalogue or an address never rewrite history. A customer's or a guest's; the
 * accounts module owns those, so no foreign key (as with bags).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    number: text().notNull().unique(),
    /** The link token of /receipt, /payment-success and /order-verify: unguessable, unlike the number. */
    token: text().notNull().unique(),
    /** The language of the page the order was placed from: its SMS and e-mails, now and later, are in it (issue 21). */
    locale: text().$type<Locale>().notNull().default('en'),
    // An order is history: the shopper who placed it cannot be deleted from under it.
    customerId: integer().references(() => customers.id, { onDelete: 'restrict' }),
    guestId: text().references(() => guests.id, { onDelete: 'restrict' }),
    /** The bag the order came from: cleared once the order is placed (COD, pickup) or paid (gateways). */
    cartId: integer(),
    /** The checkout attempt's Idempotency-Key: a replay of the same attempt finds this order. */
    idempotencyKey: text(),
    /** SHA-256 of the attempt's request body (sorted keys): the same key with another body is refused, not replayed. */
    requestHash: text(),
    status: text().$type<OrderStatus>().notNull().default('placed'),
    paymentStatus: text().$type<PaymentStatus>().notNull().default('pending'),
    paymentMethod: text().$type<PaymentMethod>().notNull(),
    deliveryType: text().$type<'standard' | 'same_day' | 'pickup'>().notNull(),
    zone: text().$type<DeliveryZone>(),
    storeLocationId: integer(),
    storeLocation: jsonb().$type<StoreSnapshot>(),
    shippingAddress: jsonb().$type<AddressSnapshot>(),
    billingAddress: jsonb().$type<AddressSnapshot>(),
    contactName: text().notNull().default(''),
    contactPhone: text(),
    contactEmail: text(),
    /** Poisha, all computed by the server from the bag. */
    subtotal: integer().notNull(),
    rebate: integer().notNull().default(0),
    discount: integer().notNull().default(0),
    /** A referred customer's welcome discount on a first order (issue 22). */
    referralDiscount: integer().notNull().default(0),
    /** Loyalty points spent on the order, and what they took off (poisha). */
    pointsRedeemed: integer().notNull().default(0),
    pointsDiscount: integer().notNull().default(0),
    /** Points the order earned on delivery, less any taken back (the loyalty ledger's figure, kept here for the order's views). */
    pointsEarned: integer().notNull().default(0),
    shipping: integer().notNull().default(0),
    shippingWaived: integer().notNull().default(0),
    total: integer().notNull(),
    /**
     * Cash on delivery for a high-risk phone (the cod_deposit_high_risk setting): the part of the total,
     * the delivery fee, paid by bKash before the order goes ahead; the courier collects the rest. 0: none.
     */
    codDeposit: integer().notNull().default(0),
    currency: text().notNull().default('BDT'),
    /** The privilege card whose rebate the order took (the cart module's privilege_cards); null without one. */
    privilegeCardId: integer(),
    couponId: integer(),
    couponCode: text(),
    referralCode: text(),
    affiliate: jsonb().$type<AffiliateValues>(),
    multiCardName: text(),
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** When the confirmation SMS and email were queued; null until then (the reconciler catches up). */
    notifiedAt: timestamp({ withTimezone: true }),
    /** The active parcel (issue 18): which courier carries it, its consignment id and tracking code; null until booked. */
    courier: text().$type<Courier>(),
    consignmentId: text(),
    trackingCode: text(),
    /** Money given back so far, poisha (gateway refunds and manual COD refunds together). */
    refundedAmount: integer().notNull().default(0),
    /** Bumped by every back-office edit: a stale edit is refused (409 edit_conflict). */
    revision: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('orders_customer_key_idx')
      .on(t.customerId, t.idempotencyKey)
      .where(sql`${t.customerId} is not null and ${t.idempotencyKey} is not null`),
    uniqueIndex('orders_guest_key_idx')
      .on(t.guestId, t.idempotencyKey)
      .where(sql`${t.guestId} is not null and ${t.idempotencyKey} is not null`),
    index('orders_customer_idx').on(t.customerId, t.id.desc()),
    index('orders_guest_idx').on(t.guestId, t.id.desc()),
    index('orders_privilege_card_idx')
      .on(t.privilegeCardId, t.id.desc())
      .where(sql`${t.privilegeCardId} is not null`),
    index('orders_unnotified_idx')
      .on(t.id)
      .where(sql`${t.notifiedAt} is null`),
    // The back office's list at 1,000,000 orders (issue 18): each filter walks an index in id order.
    index('orders_status_id_idx').on(t.status, t.id.desc()),
    index('orders_payment_status_id_idx').on(t.paymentStatus, t.id.desc()),
    index('orders_method_id_idx').on(t.paymentMethod, t.id.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    // The dashboard's one pass over a period's orders reads the index alone (docs/performance.md). The
    // columns after created_at are what INCLUDE would carry; drizzle cannot write INCLUDE.
    index('orders_dashboard_idx').on(t.createdAt, t.status, t.paymentMethod, t.zone, t.total, t.refundedAmount, t.id),
    index('orders_total_idx').on(t.total.desc(), t.id.desc()),
    index('orders_phone_idx').on(t.contactPhone, t.id.desc()),
    index('orders_email_idx').on(sql`lower(${t.contactEmail})`),
    index('orders_number_prefix_idx').on(sql`${t.number} text_pattern_ops`),
    // A name is searched by its start (first name, or first and last): a range of this index, ids beside.
    index('orders_name_prefix_idx').on(sql`lower(${t.contactName}) text_pattern_ops`, t.id),
    index('orders_courier_idx')
      .on(t.courier, t.id.desc())
      .where(sql`${t.courier} is not null`),
    uniqueIndex('orders_consignment_idx')
      .on(t.courier, t.consignmentId)
      .where(sql`${t.consignmentId} is not null`),
    check('orders_one_owner', sql`(${t.customerId} is null) <> (${t.guestId} is null)`),
    check(
      'orders_status',
      sql`${t.status} in ('placed', 'confirmed', 'packed', 'shipped', 'in_transit', 'delivered', 'partially_delivered', 'returned', 'cancelled')`,
    ),
    check('orders_cod_deposit', sql`${t.codDeposit} >= 0 and ${t.codDeposit} <= ${t.total}`),
    check(
      'orders_payment_status',
      sql`${t.paymentStatus} in ('pending', 'partially_paid', 'paid', 'failed', 'partially_refunded', 'refunded', 'voided')`,
    ),
    check('orders_refunded', sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.total}`),
    check('orders_payment_method', sql`${t.paymentMethod} in ('cod', 'bkash', 'card', 'cash_on_pickup')`),
    check(
      'orders_amounts',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.shipping} >= 0 and ${t.total} >= 0 and ${t.total} % 100 = 0`,
    ),
  ],
);

/** A line as it was bought. The variant link survives only as long as the variant does. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    variantId: integer().references(() => variants.id, { onDelete: 'set null' }),
    productId: integer().notNull(),
    sku: text().notNull(),
    productTitle: text().notNull(),
    variantTitle: text().notNull(),
    vendor: text().notNull(),
    image: jsonb().$type<LineImage>(),
    productUrl: text().notNull(),
    quantity: smallint().notNull(),
    price: integer().notNull(),
    discountedPrice: integer().notNull(),
    linePrice: integer().notNull(),
    gift: boolean().notNull().default(false),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.id),
    // The dashboard's top products: a period's sold lines from the index alone (docs/performance.md).
    index('order_lines_sales_idx')
      .on(t.orderId, t.id, t.productId, t.quantity, t.linePrice)
      .where(sql`not ${t.gift}`),
    check('order_lines_quantity', sql`${t.quantity} > 0`),
  ],
);

/**
 * What happens to an order, in one timeline: order: / payment: status changes (written by the one
 * transition function), a staff note, a call to the customer and its outcome, an edit, a message
 * sent, a courier's event, a refund. staff_id says which member did it (null: the shopper or the system).
 */
export type OrderEventKind = AdminOrderEvent['kind'];

export const orderEvents = pgTable(
  'order_events',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text().$type<OrderEventKind>().notNull(),
    fromStatus: text(),
    /** The status moved to; for the other kinds what happened in a word (the note's 'note', a call's outcome…). */
    toStatus: text().notNull(),
    reason: text().notNull().default(''),
    staffId: integer(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * Each phone's delivery record across all its orders (COD risk, issue 18): kept by the transition
 * function as orders end, so the risk of an order is one lookup, never a scan of the phone's orders.
 */
export const phoneDeliveryRecords = pgTable('phone_delivery_records', {
  phone: text().primaryKey(),
  delivered: integer().notNull().default(0),
  /** Returned by the courier or refused at the door. */
  returned: integer().notNull().default(0),
  /** Cancelled after the shop confirmed it (the shopper backed out late). */
  cancelled: integer().notNull().default(0),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
