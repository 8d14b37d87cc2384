import { asc, count, eq, inArray } from 'drizzle-orm';
import type { PaymentAttempt } from '@store/shared/admin-orders';
import type { DbCtx } from '../../lib/context.js';
import { paymentEvents, payments } from './payments.tables.js';

/**
 * An order's gateway payment attempts as the back office's order page shows them: each bKash or
 * SSLCommerz attempt with its status, amount, what was given back, the gateway's ids and how many
 * calls and callbacks it had (payment_events, forged ones too).
 */
export async function paymentAttemptsOf({ db }: DbCtx, orderId: number): Promise<PaymentAttempt[]> {
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
  if (rows.length === 0) return [];
  const calls = await db
    .select({ paymentId: paymentEvents.paymentId, n: count() })
    .from(paymentEvents)
    .where(
      inArray(
        paymentEvents.paymentId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(paymentEvents.paymentId);
  const callsOf = new Map(calls.map((c) => [c.paymentId, Number(c.n)]));
  return rows.map((p) => ({
    id: p.id,
    provider: p.provider,
    status: p.status,
    amount: p.amount,
    refunded_amount: p.refundedAmount,
    reference: p.reference,
    gateway_trx_id: p.gatewayTrxId,
    created_at: p.createdAt.toISOString(),
    settled_at: p.settledAt?.toISOString() ?? null,
    events: callsOf.get(p.id) ?? 0,
  }));
}
