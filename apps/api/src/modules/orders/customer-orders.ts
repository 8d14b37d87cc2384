import { desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { codRiskOf, type CodRecord } from '@store/shared/admin-orders';
import type { CustomerOrder } from '@store/shared/admin-customers';
import type { Db } from '../../db/client.js';
import type { DbCtx } from '../../lib/context.js';
import { orders, phoneDeliveryRecords } from './orders.tables.js';

/*
 * A customer's orders as the back office's customer screens show them (issue 18 item 6): the
 * accounts module owns customers, this module their orders and each phone's delivery record.
 */

/** What a customer paid and kept: paid orders' totals less what was refunded (a refunded order counts 0). */
// A COD order that only ever had its delivery fee (then refunded) was never spent.
const spentSql = sql<number>`coalesce(sum(${orders.total} - ${orders.refundedAmount}) filter (where ${orders.paymentStatus} in ('paid', 'partially_refunded', 'refunded') and (${orders.codDeposit} = 0 or ${orders.paidAt} is not null)), 0)::int`;

export type CustomerTotals = { orders: number; spent: number };

/** Orders placed (cancelled ones too) and money spent, per customer of a page. */
export async function customerOrderTotals({ db }: DbCtx, customerIds: number[]): Promise<Map<number, CustomerTotals>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({ customerId: orders.customerId, n: sql<number>`count(*)::int`, spent: spentSql })
    .from(orders)
    .where(inArray(orders.customerId, customerIds))
    .groupBy(orders.customerId);
  return new Map(rows.map((r) => [r.customerId!, { orders: Number(r.n), spent: Number(r.spent) }]));
}

/**
 * The same totals for every customer with an order, as a subquery the customer list joins to sort by
 * them (customer_id, orders, spent). It reads every customer's orders: only the two sorts use it.
 */
export function customerTotalsTable(db: Db) {
  return db
    .select({ customerId: orders.customerId, orders: sql<number>`count(*)::int`.as('orders'), spent: spentSql.as('spent') })
    .from(orders)
    .where(isNotNull(orders.customerId))
    .groupBy(orders.customerId)
    .as('customer_totals');
}

/** The customer's newest orders (the customer index walks them newest first). */
export async function customerOrders({ db }: DbCtx, customerId: number, limit: number): Promise<CustomerOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      total: orders.total,
    })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.id))
    .limit(limit);
  return rows.map((o) => ({
    id: o.id,
    number: o.number,
    created_at: o.createdAt.toISOString(),
    status: o.status,
    payment_status: o.paymentStatus,
    payment_method: o.paymentMethod,
    total: o.total,
  }));
}

/** Each phone's COD record and risk band; a phone with none is new. */
export async function codRecordsOf({ db }: DbCtx, phones: (string | null)[]): Promise<Map<string, CodRecord>> {
  const unique = [...new Set(phones.filter((p): p is string => !!p))];
  const rows = unique.length ? await db.select().from(phoneDeliveryRecords).where(inArray(phoneDeliveryRecords.phone, unique)) : [];
  const found = new Map(rows.map((r) => [r.phone, codRiskOf(r)]));
  return new Map(unique.map((p) => [p, found.get(p) ?? codRiskOf({ delivered: 0, returned: 0, cancelled: 0 })]));
}
