import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { payments, type GatewayPaymentStatus } from './payments.tables.js';

/*
 * A payment attempt's statuses, as orders have theirs (orders/order-status.ts). Both gateways take
 * the money when the shopper approves (bKash sale, SSLCommerz), so there is no authorised-but-not-
 * captured state to pass through: pending settles once to paid, failed or cancelled, and only a paid
 * attempt may be refunded, in parts (partially_refunded) until all of it is (refunded).
 */
export const PAYMENT_ATTEMPT_TRANSITIONS: Record<GatewayPaymentStatus, readonly GatewayPaymentStatus[]> = {
  pending: ['paid', 'failed', 'cancelled'],
  paid: ['partially_refunded', 'refunded'],
  failed: [],
  cancelled: [],
  partially_refunded: ['refunded'],
  refunded: [],
};

export const canMoveAttempt = (from: GatewayPaymentStatus, to: GatewayPaymentStatus) => PAYMENT_ATTEMPT_TRANSITIONS[from].includes(to);

type PaymentRow = typeof payments.$inferSelect;

/** What a move may write beside the status: the gateway's ids, the settle time, the amount given back. */
export type AttemptFields = Partial<Pick<PaymentRow, 'gatewayTrxId' | 'valId' | 'settledAt' | 'refundedAmount'>>;

/**
 * THE transition function of payment attempts: every status change goes through here. An illegal
 * move throws illegal_transition. A legal one is a conditional UPDATE from the status the caller
 * saw, so it happens once: a replayed callback or a parallel one finds the attempt moved already
 * and gets null (nothing changed).
 */
export async function transitionPayment(
  tx: Db,
  paymentId: number,
  move: { from: GatewayPaymentStatus; to: GatewayPaymentStatus },
  at: Date,
  fields: AttemptFields = {},
): Promise<PaymentRow | null> {
  if (!canMoveAttempt(move.from, move.to))
    throw new AppError('illegal_transition', `Illegal payment attempt transition ${move.from} → ${move.to}`);
  const [row] = await tx
    .update(payments)
    .set({ ...fields, status: move.to, updatedAt: at })
    .where(and(eq(payments.id, paymentId), eq(payments.status, move.from)))
    .returning();
  return row ?? null;
}

/**
 * Money given back from a paid attempt (a refund the gateway completed): adds it to the attempt's
 * refunded amount, moving it paid → partially_refunded → refunded through transitionPayment; a
 * further part of an attempt already partially refunded keeps its status and grows its amount.
 * More than the attempt's amount, or an attempt that is not paid, throws refund_not_possible.
 */
export async function refundAttempt(tx: Db, paymentId: number, amount: number, at: Date): Promise<PaymentRow> {
  const [attempt] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!attempt || (attempt.status !== 'paid' && attempt.status !== 'partially_refunded'))
    throw new AppError('refund_not_possible', 'This payment cannot be refunded');
  const refundedAmount = attempt.refundedAmount + amount;
  if (amount <= 0 || refundedAmount > attempt.amount) throw new AppError('refund_not_possible', 'More than this payment can give back');
  const to: GatewayPaymentStatus = refundedAmount === attempt.amount ? 'refunded' : 'partially_refunded';
  if (to !== attempt.status) {
    const moved = await transitionPayment(tx, paymentId, { from: attempt.status, to }, at, { refundedAmount });
    if (!moved) throw new AppError('refund_not_possible', 'This payment changed meanwhile');
    return moved;
  }
  // partially_refunded and staying so: not a move, only the amount grows (the row is locked).
  const [row] = await tx.update(payments).set({ refundedAmount, updatedAt: at }).where(eq(payments.id, paymentId)).returning();
  return row!;
}
