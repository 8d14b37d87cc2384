import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.tables.js';

export const GATEWAYS = ['bkash', 'sslcommerz'] as const;
export type Gateway = (typeof GATEWAYS)[number];
export const GATEWAY_PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'partially_refunded', 'refunded'] as const;
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
    check('payments_status', sql`${t.status} in ('pending', 'paid', 'failed', 'cancelled', 'partially_refunded', 'refunded')`),
    check('payments_refunded', sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
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

export const REFUND_METHODS = ['bkash', 'sslcommerz', 'manual'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
/** requested: asked of the gateway, its answer not final yet (polled until it is); manual refunds are completed when recorded. */
export const REFUND_STATUSES = ['requested', 'completed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Money given back on an order (issue 18), full or partial: through the gateway that took it
 * (bKash's or SSLCommerz's refund API, polled until final) or, for cash, recorded by staff with the
 * reference of how it was paid back. request_key makes a retried request one refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The gateway attempt refunded; null for a manual (cash) refund. */
    paymentId: integer().references(() => payments.id, { onDelete: 'restrict' }),
    method: text().$type<RefundMethod>().notNull(),
    amount: integer().notNull(),
    reason: text().notNull().default(''),
    status: text().$type<RefundStatus>().notNull().default('requested'),
    /** bKash refundTrxID or SSLCommerz refund_ref_id; the staff's reference (a bKash send-money trxID, a receipt) for manual ones. */
    reference: text(),
    /** Our id for the refund, sent where the gateway takes one (SSLCommerz refund_trans_id). */
    requestKey: text().notNull().unique(),
    staffId: integer(),
    failure: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    checkedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.id),
    index('refunds_requested_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'requested'`),
    check('refunds_method', sql`${t.method} in ('bkash', 'sslcommerz', 'manual')`),
    check('refunds_status', sql`${t.status} in ('requested', 'completed', 'failed')`),
    check('refunds_amount', sql`${t.amount} > 0 and ${t.amount} % 100 = 0`),
  ],
);
