import type { FastifyInstance } from 'fastify';
import type { Address } from '@store/shared/checkout';
import type { Clock } from '../../lib/clock.js';
import { requestCtx, systemCtx, type DbCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { unnotifiedOrders, notifyOrderConfirmed, type OrdersAdminOptions } from '../orders/index.js';
import { listAddresses } from './addresses.service.js';
import { paymentAttemptsOf } from '../payments/index.js';
import { findZone } from './bd-locations.js';
import { orderCouponDiscount, releaseCoupon } from './coupons.js';
import { checkoutRoutes } from './checkout.routes.js';
import { checkoutPaymentHooks } from './payment-hooks.js';
import { expireUnpaidOrders } from './unpaid-orders.js';

export { checkoutRoutes } from './checkout.routes.js';
export { couponsAdminRoutes } from './coupons-admin.routes.js';
export { checkoutPaymentHooks } from './payment-hooks.js';
export { seedDemoCoupons } from './checkout.seed.js';
export { expireUnpaidOrders } from './unpaid-orders.js';
export { personalVouchers } from './vouchers.js';

/** A customer's address book, delivery addresses then billing ones (the back office's customer screen, issue 18 item 6). */
export async function customerAddressBook({ db }: DbCtx, customerId: number): Promise<Address[]> {
  const owner = { customerId, guestId: null };
  return [...(await listAddresses(db, owner, 'shipping')), ...(await listAddresses(db, owner, 'billing'))];
}

/** The context of the checkout's upkeep: nobody acts (systemCtx), with the checkout's dependencies. */
export const upkeepDeps = (app: FastifyInstance, clock: Clock, job = 'checkout-upkeep') => ({
  ...systemCtx(app, clock, job),
  env: app.env,
  payments: app.payments,
  notifier: app.notifier,
});

/** The payment hooks the payments module is built with (the checkout orchestrates across modules). */
export function paymentHooksFor(app: FastifyInstance, clock: Clock) {
  return checkoutPaymentHooks({ ...systemCtx(app, clock, 'payment-hooks'), env: app.env, notifier: app.notifier });
}

/**
 * What the back office's order actions mean across modules (issue 18): a cancelled order gives its
 * coupon use back, an address's zone comes from the shop's areas, and money paid online for an
 * order staff cancelled goes back through its gateway.
 */
export function ordersAdminOptions(app: FastifyInstance): OrdersAdminOptions {
  return {
    cancelled: ({ db }, order, at) => releaseCoupon(db, order.id, at),
    couponDiscount: (tx, order, lines, base) => orderCouponDiscount(tx, order, lines, base),
    zoneOf: (a) => findZone(a.division, a.location, a.area),
    paymentAttempts: (ctx, orderId) => paymentAttemptsOf(ctx, orderId),
    async refundCancelled(request, order) {
      const ctx = requestCtx(request, app.clock);
      // What its gateway can still give back, refunds under way counted out.
      const amount = (await app.payments.orderRefunds(ctx, order.id)).refundable.gateway?.max ?? 0;
      if (amount <= 0) return;
      try {
        await app.payments.refundOrder(ctx, {
          orderId: order.id,
          amount,
          reason: 'Order cancelled by the shop',
          // One refund per cancellation, however often the request is retried.
          requestKey: `cancel-${order.id}`,
          staffId: request.staff?.id ?? null,
        });
      } catch (err) {
        // The order stays cancelled; the failed refund is on its Refunds list for staff to retry.
        if (!(err instanceof AppError)) throw err;
        request.log.warn({ err, order: order.number }, 'refund of a cancelled order failed');
      }
    },
  };
}

/**
 * The job 'reconcile-payments' every PAYMENT_RECONCILE_SECONDS (modules/jobs): pending gateway
 * payments are checked with the gateway, then unpaid orders whose hold ended are cancelled (their
 * stock goes back), and confirmations that were never queued (a crash right after an order) are
 * sent. In that order in one run, so a payment made at the last moment is seen before its order
 * would be cancelled. One run at a time across all processes; the state lives in the database.
 */
export function startCheckoutUpkeep(app: FastifyInstance, clock: Clock) {
  app.jobs.every('reconcile-payments', app.env.PAYMENT_RECONCILE_SECONDS, async () => {
    await app.payments.reconcile();
    const ctx = upkeepDeps(app, clock);
    await expireUnpaidOrders(ctx);
    for (const id of await unnotifiedOrders(ctx, new Date(clock.nowMs() - 60_000))) await notifyOrderConfirmed(ctx, id);
  });
}

export async function registerCheckoutRoutes(api: FastifyInstance) {
  await api.register(checkoutRoutes);
}
