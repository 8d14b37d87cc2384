import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.tables.js';

export const GATEWAYS = ['bkash', 'sslcommerz'] as const;
export type Gateway = (typeof GATEWAYS)[number];
export const GATEWAY_PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export type GatewayPaymentStatus = (typeof GATEWAY_PAYMENT_STATUSES)[number];

/**
 * One gateway payment of an order: bKash (reference = its paymentID) or SSLCommerz (reference =
 * our tran_id). The amount is what the gateway must confirm; a status leaves `pending` once, by a
 * conditional update, so a replayed callback or IPN finds nothing to change.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text().$type<Gateway>().notNull(),
    /** bKash paymentID (known after create) or SSLCommerz tran_id (ours, known before). */
    reference: text(),
    /** The order number, sent as merchantInvoiceNumber / value_a. */
    invoice: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull().default('BDT'),
    status: text().$type<GatewayPaymentStatus>().notNull().default('pending'),
    /** Where the shopper pays: bkashURL or GatewayPageURL. */
    redirectUrl: text(),
    /** bKash trxID, or SSLCommerz bank_tran_id. */
    gatewayTrxId: text(),
    /** SSLCommerz val_id of the validated transaction. */
    valId: text(),
    refundedAmount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_reference_idx')
      .on(t.provider, t.reference)
      .where(sql`${t.reference} is not null`),
    index('payments_order_idx').on(t.orderId),
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('payments_provider', sql`${t.provider} in ('bkash', 'sslcommerz')`),
    check('payments_status', sql`${t.status} in ('pending', 'paid', 'failed', 'cancelled', 'refunded')`),
  ],
);

/** What each gateway call and callback said, kept for support and audits (forged ones included). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial().primaryKey(),
    paymentId: integer().references(() => payments.id, { onDelete: 'restrict' }),
    provider: text().$type<Gateway>().notNull(),
    kind: text().notNull(),
    outcome: text().notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.id)],
);
