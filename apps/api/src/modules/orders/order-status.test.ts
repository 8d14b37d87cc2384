import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from '@store/shared/checkout-rules';
import { canMoveOrder, canMovePayment, IllegalTransition, planTransition } from './order-status.js';

describe('the order status machine', () => {
  const allowedOrder = new Set([
    'placed>confirmed',
    'placed>cancelled',
    'confirmed>packed',
    'confirmed>shipped',
    'confirmed>cancelled',
    'packed>shipped',
    'packed>delivered',
    'packed>cancelled',
    'shipped>in_transit',
    'shipped>delivered',
    'shipped>partially_delivered',
    'shipped>returned',
    'in_transit>delivered',
    'in_transit>partially_delivered',
    'in_transit>returned',
  ]);
  const allowedPayment = new Set([
    'pending>paid',
    'pending>failed',
    'pending>voided',
    'pending>partially_paid',
    'failed>pending',
    'failed>paid',
    'failed>voided',
    'failed>partially_paid',
    'partially_paid>paid',
    'partially_paid>partially_refunded',
    'partially_paid>refunded',
    'paid>partially_refunded',
    'paid>refunded',
    'partially_refunded>refunded',
  ]);

  it('allows exactly the moves of the table, for every pair of statuses', () => {
    for (const from of ORDER_STATUSES)
      for (const to of ORDER_STATUSES) expect(canMoveOrder(from, to), `${from} → ${to}`).toBe(allowedOrder.has(`${from}>${to}`));
    for (const from of PAYMENT_STATUSES)
      for (const to of PAYMENT_STATUSES) expect(canMovePayment(from, to), `${from} → ${to}`).toBe(allowedPayment.has(`${from}>${to}`));
  });

  it('refuses illegal moves: nothing leaves cancelled or delivered, nothing is paid twice or un-refunded', () => {
    const at = (status: OrderStatus, paymentStatus: PaymentStatus) => ({ status, paymentStatus });
    expect(() => planTransition(at('cancelled', 'failed'), { status: 'confirmed', payment: 'paid' })).toThrow(IllegalTransition);
    expect(() => planTransition(at('delivered', 'paid'), { status: 'cancelled' })).toThrow(
      'Illegal order transition delivered → cancelled',
    );
    expect(() => planTransition(at('shipped', 'paid'), { status: 'placed' })).toThrow(IllegalTransition);
    expect(() => planTransition(at('confirmed', 'paid'), { payment: 'pending' })).toThrow('Illegal payment transition paid → pending');
    expect(() => planTransition(at('cancelled', 'refunded'), { payment: 'pending' })).toThrow(IllegalTransition);
    expect(() => planTransition(at('placed', 'pending'), { payment: 'refunded' })).toThrow(IllegalTransition);
    expect(() => planTransition(at('in_transit', 'pending'), { status: 'cancelled' })).toThrow(IllegalTransition);
    expect(() => planTransition(at('returned', 'pending'), { status: 'delivered' })).toThrow(IllegalTransition);
    expect(() => planTransition(at('cancelled', 'voided'), { payment: 'paid' })).toThrow(IllegalTransition);
  });

  it('treats the state an order is already in as no change, so a replayed callback is harmless', () => {
    expect(planTransition({ status: 'confirmed', paymentStatus: 'paid' }, { status: 'confirmed', payment: 'paid' })).toEqual({});
    expect(planTransition({ status: 'placed', paymentStatus: 'pending' }, { status: 'confirmed', payment: 'paid' })).toEqual({
      status: 'confirmed',
      payment: 'paid',
    });
    expect(planTransition({ status: 'confirmed', paymentStatus: 'paid' }, { status: 'confirmed', payment: 'refunded' })).toEqual({
      payment: 'refunded',
    });
  });
});
