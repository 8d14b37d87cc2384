import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clearCart } from '../cart/index.js';
import { notifyOrderConfirmed, ordersTable, transitionOrder, type NotifyDeps } from '../orders/index.js';
import { OrderNotPayable, type PaymentHooks } from '../payments/index.js';
import { releaseCoupon } from './coupons.js';

/**
 * What a settled gateway payment does to the rest of the shop, inside the payment's transaction:
 * paid confirms the order and closes the bag; failed or cancelled cancels the order, which gives
 * the stock and the coupon back and leaves the bag as it was; refunded marks the payment refunded
 * (and cancels an order not yet shipped).
 */
export function checkoutPaymentHooks(notify: NotifyDeps): PaymentHooks {
  const orderOf = async (tx: Db, id: number) => (await tx.select().from(ordersTable).where(eq(ordersTable.id, id)).for('update'))[0];
  return {
    async paid(tx, payment, at) {
      const order = await orderOf(tx, payment.orderId);
      if (!order || order.status === 'cancelled') throw new OrderNotPayable();
      await transitionOrder(tx, order.id, { status: 'confirmed', payment: 'paid' }, `paid by ${payment.provider}`, at);
      if (order.cartId !== null) await clearCart(tx, order.cartId);
    },
    async failed(tx, payment, outcome, at) {
      const result = await transitionOrder(
        tx,
        payment.orderId,
        { status: 'cancelled', payment: 'failed' },
        outcome === 'cancelled' ? 'payment cancelled by the shopper' : 'payment failed',
        at,
      );
      if (result.plan.status === 'cancelled') await releaseCoupon(tx, payment.orderId);
    },
    async refunded(tx, payment, at) {
      const order = await orderOf(tx, payment.orderId);
      if (!order) return;
      const cancel = order.status === 'placed' || order.status === 'confirmed';
      const result = await transitionOrder(
        tx,
        order.id,
        { payment: 'refunded', ...(cancel ? { status: 'cancelled' as const } : {}) },
        'refunded',
        at,
      );
      if (result.plan.status === 'cancelled') await releaseCoupon(tx, order.id);
    },
    async afterPaid(orderId) {
      await notifyOrderConfirmed(notify, orderId);
    },
  };
}
