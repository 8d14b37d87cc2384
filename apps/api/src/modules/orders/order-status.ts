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
 *          failed → voided (the order was cancelled before anything was taken).
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
  pending: ['paid', 'failed', 'voided'],
  paid: ['partially_refunded', 'refunded'],
  failed: ['pending', 'paid', 'voided'],
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
