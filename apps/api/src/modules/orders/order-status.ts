import type { OrderStatus, PaymentStatus } from '@store/shared/checkout-rules';

/**
 * The order's two state machines. Every status change goes through `transitionOrder`
 * (orders.service.ts), which consults these tables and refuses anything else.
 *
 * order:   placed → confirmed → packed → shipped → in_transit → delivered | partially_delivered | returned;
 *          placed, confirmed or packed → cancelled (nothing has left the shop). A courier may report
 *          delivery or a return without an in-transit step, so shipped goes to each end directly. A
 *          pickup order is handed over at the counter: packed → delivered. The ends are final.
 * payment: pending → paid (gateway confirmed, or cash collected) → partially_refunded → refunded;
 *          pending → failed → pending (the shopper pays again: another attempt on the same order);
 *          failed → paid (an earlier attempt's money arrives after a later one failed); pending or
 *          failed → voided (the order was cancelled before anything was taken);
 *          pending or failed → partially_paid (a high-risk COD order's delivery fee paid by bKash) →
 *          paid (the courier collected the rest) or refunded in part or whole (the shop cancelled it).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  placed: ['confirmed', 'cancelled'],
  confirmed: ['packed', 'shipped', 'cancelled'],
  packed: ['shipped', 'delivered', 'cancelled'],
  shipped: ['in_transit', 'delivered', 'partially_delivered', 'returned'],
  in_transit: ['delivered', 'partially_delivered', 'returned'],
  delivered: [],
  partially_delivered: [],
  returned: [],
  cancelled: [],
};

export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['partially_paid', 'paid', 'failed', 'voided'],
  partially_paid: ['paid', 'partially_refunded', 'refunded'],
  paid: ['partially_refunded', 'refunded'],
  failed: ['pending', 'partially_paid', 'paid', 'voided'],
  partially_refunded: ['refunded'],
  refunded: [],
  voided: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

export class IllegalTransition extends Error {
  constructor(
    readonly kind: 'order' | 'payment',
    readonly from: string,
    readonly to: string,
  ) {
    super(`Illegal ${kind} transition ${from} → ${to}`);
  }
}

export type StatusChange = { status?: OrderStatus; payment?: PaymentStatus };

/**
 * Checks a requested change against the current state. A target equal to the current state is a
 * no-op (so a replayed callback changes nothing), never an error; anything else not in the table
 * throws. Returns the parts that actually change.
 */
export function planTransition(current: { status: OrderStatus; paymentStatus: PaymentStatus }, change: StatusChange): StatusChange {
  const plan: StatusChange = {};
  if (change.status && change.status !== current.status) {
    if (!canMoveOrder(current.status, change.status)) throw new IllegalTransition('order', current.status, change.status);
    plan.status = change.status;
  }
  if (change.payment && change.payment !== current.paymentStatus) {
    if (!canMovePayment(current.paymentStatus, change.payment))
      throw new IllegalTransition('payment', current.paymentStatus, change.payment);
    plan.payment = change.payment;
  }
  return plan;
}

/** A high-risk shopper's COD order whose delivery fee has not come yet: nothing moves it on but the fee. */
export const feeAwaited = (o: {
  paymentMethod: string;
  codDeposit: number;
  paymentStatus: PaymentStatus;
  total: number;
  paidAt: Date | null;
}) => o.paymentMethod === 'cod' && o.codDeposit > 0 && amountTaken(o) === 0;

/**
 * The money the shop has had for an order: all of it once paid, the delivery fee of a COD order whose
 * fee was paid by bKash first (partially_paid), nothing before. Refunds give back at most this.
 */
export function amountTaken(o: { paymentStatus: PaymentStatus; total: number; codDeposit: number; paidAt: Date | null }): number {
  const feeOnly = o.codDeposit > 0 && o.paidAt === null;
  if (o.paymentStatus === 'partially_paid') return o.codDeposit;
  if (o.paymentStatus === 'paid') return o.total;
  // Refunds of an order never paid in full gave back (part of) its delivery fee.
  if (o.paymentStatus === 'partially_refunded' || o.paymentStatus === 'refunded') return feeOnly ? o.codDeposit : o.total;
  return 0;
}
