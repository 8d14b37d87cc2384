import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbCtx } from '../../lib/context.js';
import { orders } from './orders.tables.js';

/*
 * The orders placed with a privilege card (the back office's cards screen): the checkout records the
 * card on the order beside its rebate. A cancelled order gave nothing in the end, so the totals leave
 * it out; the card's own list shows it, marked.
 */

export type CardOrderTotals = { orders: number; rebate: number };

export async function cardOrderTotals({ db }: DbCtx, cardIds: number[]): Promise<Map<number, CardOrderTotals>> {
  if (cardIds.length === 0) return new Map();
  const rows = await db
    .select({ cardId: orders.privilegeCardId, n: count(), rebate: sql<string>`coalesce(sum(${orders.rebate}), 0)` })
    .from(orders)
    .where(and(inArray(orders.privilegeCardId, cardIds), ne(orders.status, 'cancelled')))
    .groupBy(orders.privilegeCardId);
  return new Map(rows.map((r) => [r.cardId!, { orders: r.n, rebate: Number(r.rebate) }]));
}

export type CardOrder = {
  id: number;
  number: string;
  customerId: number | null;
  name: string;
  placedAt: Date;
  cancelled: boolean;
  rebate: number;
};

/** The card's orders, newest first (200 at most). */
export async function ordersWithCard({ db }: DbCtx, cardId: number): Promise<CardOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      customerId: orders.customerId,
      name: orders.contactName,
      placedAt: orders.createdAt,
      status: orders.status,
      rebate: orders.rebate,
    })
    .from(orders)
    .where(eq(orders.privilegeCardId, cardId))
    .orderBy(desc(orders.id))
    .limit(200);
  return rows.map(({ status, ...r }) => ({ ...r, cancelled: status === 'cancelled' }));
}
