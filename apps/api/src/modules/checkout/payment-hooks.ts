import { clearCart } from '../cart/index.js';
import {
  attemptAmount,
  awaitingPayment,
  lockOrder,
  prepaid,
  notifyOrderConfirmed,
  transitionOrder,
  type NotifyDeps,
} from '../orders/index.js';
import { OrderNotPayable, type PaymentHooks } from '../payments/index.js';

/**
 * What a settled gateway payment does to the rest of the shop, inside the payment's transaction:
 * paid confirms the order and closes the bag; a failed or cancelled attempt leaves the order placed
 * with its payment failed, still holding its items and coupon, so the shopper can pay again or
 * cancel until the hold ends (the upkeep then cancels it). A high-risk shopper's COD order paid its
 * delivery fee goes ahead as cash on delivery (partially_paid). Refunds are the back office's
 * (payments/refunds.ts). Money for an order that was cancelled, already paid, or
 * re-priced since the attempt began is refused here (OrderNotPayable) and given back.
 */
export function checkoutPaymentHooks(notify: NotifyDeps): PaymentHooks {
  return {
    async paid(tx, payment, at) {
      const order = await lockOrder({ db: tx }, payment.orderId);
      const unpaid = order && (order.paymentStatus === 'pending' || order.paymentStatus === 'failed');
      if (!order || order.status === 'cancelled' || !unpaid || !prepaid(order) || payment.amount !== attemptAmount(order))
        throw new OrderNotPayable();
      if (order.paymentMethod === 'cod') {
        // A high-risk shopper's delivery fee: the order goes ahead as cash on delivery, still to be confirmed by a call.
        await transitionOrder({ db: tx }, order.id, { payment: 'partially_paid' }, `delivery fee paid by ${payment.provider}`, at);
      } else {
        // A placed order is confirmed by its payment; one staff already moved on keeps its status.
        const status = order.status === 'placed' ? { status: 'confirmed' as const } : {};
        await transitionOrder({ db: tx }, order.id, { ...status, payment: 'paid' }, `paid by ${payment.provider}`, at);
      }
      if (order.cartId !== null) await clearCart({ db: tx }, order.cartId);
    },
    async failed(tx, payment, outcome, at, latest) {
      const order = await lockOrder({ db: tx }, payment.orderId);
      // Only an order still waiting for its money fails: a paid one (or a COD order whose fee was paid) keeps its state.
      if (!latest || !order || !awaitingPayment(order)) return;
      await transitionOrder(
        { db: tx },
        order.id,
        { payment: 'failed' },
        outcome === 'cancelled' ? 'payment cancelled by the shopper' : 'payment failed',
        at,
      );
    },
    async afterPaid(orderId) {
      await notifyOrderConfirmed(notify, orderId);
    },
  };
}
