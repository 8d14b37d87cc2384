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
import type { LineImage } from '@store/shared/cart';
import type { AddressSnapshot } from '@store/shared/checkout';
import type { DeliveryZone, OrderStatus, PaymentMethod, PaymentStatus } from '@store/shared/checkout-rules';
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
    shipping: integer().notNull().default(0),
    shippingWaived: integer().notNull().default(0),
    total: integer().notNull(),
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
    check('orders_one_owner', sql`(${t.customerId} is null) <> (${t.guestId} is null)`),
    check('orders_status', sql`${t.status} in ('placed', 'confirmed', 'shipped', 'delivered', 'cancelled')`),
    check('orders_payment_status', sql`${t.paymentStatus} in ('pending', 'paid', 'failed', 'refunded')`),
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
  (t) => [index('order_lines_order_idx').on(t.orderId, t.id), check('order_lines_quantity', sql`${t.quantity} > 0`)],
);

/** Every status change, written by the one transition function. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text().$type<'order' | 'payment'>().notNull(),
    fromStatus: text(),
    toStatus: text().notNull(),
    reason: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);
