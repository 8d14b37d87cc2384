import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@store/shared/cart';
import type { ApiErrorBody } from '@store/shared/api';
import type { OrderDetail, PublicOrder } from '@store/shared/checkout';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { land, onBkashPage } from '../../../test/support/gateways.js';
import { latestCode, outboxFor, TestBrowser } from '../../../test/support/test-client.js';
import { variants } from '../catalog/catalog.tables.js';
import { coupons } from '../checkout/checkout.tables.js';
import { expireUnpaidOrders, upkeepDeps } from '../checkout/index.js';
import { createTestCatalog, newCustomer, payData, type Shopper, type TestCatalog } from '../../../test/support/fixtures.js';
import { orderEvents, orders } from '../orders/orders.tables.js';
import { transitionOrder } from '../orders/index.js';
import { SIMULATOR_SSLCOMMERZ } from './config.js';
import { payments } from './payments.tables.js';
import { signSslFields } from './sslcommerz-client.js';

const form = (fields: Record<string, string>) => ({
  'content-type': 'application/x-www-form-urlencoded',
  payload: new URLSearchParams(fields).toString(),
});
const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost:3000');
  return `${u.pathname}${u.search}`;
};

/** The shopper on SSLCommerz's page; returns the form the page posts back to the shop. */
async function onSslPage(app: FastifyInstance, pageUrl: string, action: 'pay' | 'cancel' | 'fail', opts: { loseIpn?: boolean } = {}) {
  const path = pathOf(pageUrl);
  expect((await app.inject(path)).statusCode).toBe(200);
  const { payload, ...headers } = form({ action, card: '4111 1111 1111 1111', ...(opts.loseIpn ? { lose_ipn: '1' } : {}) });
  const res = await app.inject({ method: 'POST', url: path, headers, payload });
  expect(res.statusCode).toBe(200);
  const target = /<form method="post" action="([^"]+)"/.exec(res.body)?.[1];
  const fields = Object.fromEntries(
    [...res.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))),
    ]),
  );
  return { target: pathOf(target!), fields };
}

async function postForm(app: FastifyInstance, path: string, fields: Record<string, string>) {
  const { payload, ...headers } = form(fields);
  return app.inject({ method: 'POST', url: path, headers, payload });
}

describeOnDatabases('gateway payments', (ctx) => {
  let c: TestCatalog;
  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'pay');
  });

  const orderRow = async (number: string) => (await ctx().db.select().from(orders).where(eq(orders.number, number)))[0]!;
  const stockOf = async (id: number) =>
    (await ctx().db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, id)))[0]!.stock;
  const bagOf = async (s: Shopper) => (await s.request('GET', '/cart/')).json<{ data: Cart }>().data;
  const paidEvents = async (orderId: number) =>
    (await ctx().db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter((e) => e.toStatus === 'paid').length;

  async function shopperWithBag(quantity = 1, variantId = c.serum30.id): Promise<Shopper> {
    const s = await newCustomer(ctx().app);
    await s.add(variantId, quantity);
    await s.address();
    return s;
  }

  describe('bKash', () => {
    it('pays through the hosted page and the callback: executed server-side, order confirmed, bag closed, confirmation sent', async () => {
      const { app } = ctx();
      const s = await shopperWithBag(2);
      const res = await s.pay({ payment_method: 'bkash' }, 'bkash-happy-1');
      expect(res.statusCode).toBe(200);
      const { order, redirectGatewayURL, type } = payData(res);
      expect(type).toBe('bkash');
      expect(redirectGatewayURL).toMatch(/\/sandbox\/bkash\/checkout\?paymentId=TR0011/);
      // Until bKash confirms, the bag stays (a cancelled payment must keep it).
      expect((await bagOf(s)).item_count).toBe(2);
      const callback = await onBkashPage(app, redirectGatewayURL!, 'pay');
      expect(callback).toMatch(/^\/payments\/bkash\/callback\/\?paymentID=TR0011\w+&status=success&signature=\w+&apiVersion=1\.2\.0-beta$/);
      expect(await land(app, callback)).toBe(`/payment-success?order=${order.id}`);
      const row = await orderRow(order.number);
      expect(row).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      expect((await bagOf(s)).item_count).toBe(0);
      expect((await outboxFor(app, s.phone))[0]?.body).toContain(`order ${order.number} is confirmed`);
      const [payment] = await ctx().db.select().from(payments).where(eq(payments.orderId, row.id));
      expect(payment).toMatchObject({ status: 'paid', amount: 186_000 });
      expect(payment!.gatewayTrxId).toMatch(/^[A-Z0-9]{10}$/);

      // A replayed callback changes nothing and lands on the same page.
      expect(await land(app, callback)).toBe(`/payment-success?order=${order.id}`);
      expect(await paidEvents(row.id)).toBe(1);
      expect((await outboxFor(app, s.phone)).filter((m) => m.body.includes(order.number))).toHaveLength(1);
    });

    it('keeps the bag and holds the order when the shopper cancels on bKash; a new checkout of a changed choice replaces it', async () => {
      const { app, db } = ctx();
      await db.insert(coupons).values({ code: 'PAYONCE', kind: 'fixed_amount', value: 5_000, title: '৳50 off', usageLimit: 1 });
      const s = await shopperWithBag(1);
      await s.request('POST', '/checkout/discount_code/', { discount: { code: 'PAYONCE' } });
      const stock = await stockOf(c.serum30.id);
      const { order, redirectGatewayURL } = payData(await s.pay({ payment_method: 'bkash' }, 'bkash-cancel-1'));
      expect(await stockOf(c.serum30.id)).toBe(stock - 1);
      const landing = await land(app, await onBkashPage(app, redirectGatewayURL!, 'cancel'));
      expect(landing).toBe(`/order-verify/cancelled/${order.id}/`);
      // The order waits for the shopper (pay again or cancel) and keeps its items and code meanwhile.
      expect(await orderRow(order.number)).toMatchObject({ status: 'placed', paymentStatus: 'failed' });
      expect(await stockOf(c.serum30.id)).toBe(stock - 1);
      expect((await bagOf(s)).line_items.map((l) => [l.variant_id, l.quantity])).toEqual([[c.serum30.id, 1]]);
      expect((await db.select().from(coupons).where(eq(coupons.code, 'PAYONCE')))[0]!.usedCount).toBe(1);
      // The shopper checks out the same bag with cash instead: the unpaid order is replaced, not duplicated.
      const again = await s.pay({ payment_method: 'cod' }, 'bkash-cancel-retry');
      expect(again.statusCode).toBe(200);
      expect(payData(again).order.total).toBe(90_000 - 5_000 + 6_000);
      expect(await orderRow(order.number)).toMatchObject({ status: 'cancelled' });
      expect(await stockOf(c.serum30.id)).toBe(stock - 1);
      expect((await db.select().from(coupons).where(eq(coupons.code, 'PAYONCE')))[0]!.usedCount).toBe(1);
    });

    it('marks a failed bKash payment failed and keeps the bag', async () => {
      const { app } = ctx();
      const s = await shopperWithBag();
      const { order, redirectGatewayURL } = payData(await s.pay({ payment_method: 'bkash' }, 'bkash-fail-1'));
      expect(await land(app, await onBkashPage(app, redirectGatewayURL!, 'fail'))).toBe(`/order-verify/failed/${order.id}/`);
      expect((await bagOf(s)).item_count).toBe(1);
    });

    it('never pays on a forged success callback, an unknown paymentID or a wrong amount', async () => {
      const { app, db } = ctx();
      const s = await shopperWithBag();
      const { order, redirectGatewayURL } = payData(await s.pay({ payment_method: 'bkash' }, 'bkash-forged-1'));
      const paymentID = new URL(redirectGatewayURL!).searchParams.get('paymentId')!;
      // The shopper never confirmed on bKash: a hand-made success callback cannot execute.
      const forged = await land(app, `/payments/bkash/callback/?paymentID=${paymentID}&status=success&signature=x&apiVersion=1.2.0-beta`);
      expect(forged).toBe(`/order-verify/pending/${order.id}/`);
      expect(await orderRow(order.number)).toMatchObject({ status: 'placed', paymentStatus: 'pending' });
      expect(await land(app, '/payments/bkash/callback/?paymentID=TR0011nosuchpayment&status=success')).toBe(
        '/checkout?payment=unverified',
      );
      expect(await land(app, '/payments/bkash/callback/?status=success')).toBe('/checkout?payment=unverified');

      // The gateway's amount must be the order's: here the shop expects more than bKash was asked for.
      const t = await shopperWithBag();
      const second = payData(await t.pay({ payment_method: 'bkash' }, 'bkash-amount-1'));
      const row = await orderRow(second.order.number);
      await db
        .update(payments)
        .set({ amount: row.total + 10_000 })
        .where(eq(payments.orderId, row.id));
      expect(await land(app, await onBkashPage(app, second.redirectGatewayURL!, 'pay'))).toBe(`/order-verify/pending/${second.order.id}/`);
      expect(await orderRow(second.order.number)).toMatchObject({ paymentStatus: 'pending' });
    });

    it('keeps working when its bKash token expires (refresh token, then a new grant)', async () => {
      const { app } = ctx();
      for (const hours of [2, 24 * 30]) {
        app.clock.advance(hours * 3600_000);
        const s = await shopperWithBag();
        const { order, redirectGatewayURL } = payData(await s.pay({ payment_method: 'bkash' }, `bkash-token-${hours}`));
        expect(await land(app, await onBkashPage(app, redirectGatewayURL!, 'pay'))).toBe(`/payment-success?order=${order.id}`);
      }
    });

    it('refunds a paid order in full through bKash: the attempt and the order refunded, once', async () => {
      const { app } = ctx();
      const s = await shopperWithBag(3);
      const { order, redirectGatewayURL } = payData(await s.pay({ payment_method: 'bkash' }, 'bkash-refund-1'));
      await land(app, await onBkashPage(app, redirectGatewayURL!, 'pay'));
      const row = await orderRow(order.number);
      const staff = { db: app.db, clock: app.clock, staff: null };
      const input = { orderId: row.id, amount: row.total, reason: 'Customer changed their mind', requestKey: `full-${row.id}` };
      const { refund } = await app.payments.refundOrder(staff, input);
      expect(refund).toMatchObject({ status: 'completed', amount: row.total, method: 'bkash' });
      expect(await orderRow(order.number)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: row.total });
      expect((await app.payments.refundOrder(staff, input)).replayed).toBe(true);
      await expect(app.payments.refundOrder(staff, { ...input, requestKey: `again-${row.id}` })).rejects.toMatchObject({
        code: 'refund_not_possible',
      });
    });

    it('gives up a payment the shopper never finished when its hold ends, and cancels the order (upkeep)', async () => {
      const { app } = ctx();
      // A variant of its own: reconciling also gives up the other tests' unfinished payments.
      const s = await shopperWithBag(2, c.toner150.id);
      const stock = await stockOf(c.toner150.id);
      const { order } = payData(await s.pay({ payment_method: 'bkash' }, 'bkash-abandon-1'));
      app.clock.advance(10 * 60_000);
      await app.payments.reconcile();
      await expireUnpaidOrders(upkeepDeps(app, app.clock));
      expect(await orderRow(order.number)).toMatchObject({ status: 'placed', paymentStatus: 'pending' });
      expect(await stockOf(c.toner150.id)).toBe(stock - 2);
      // PAYMENT_HOLD_MINUTES (15) after placing: the attempt is given up and the order cancelled.
      app.clock.advance(5 * 60_000 + 1000);
      expect(await expireUnpaidOrders(upkeepDeps(app, app.clock))).toBeGreaterThanOrEqual(1);
      expect(await orderRow(order.number)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
      expect(await stockOf(c.toner150.id)).toBe(stock);
    });
  });

  describe('an unpaid order: pay now, cancel, one order per checkout, the hold', () => {
    type Detail = { data: OrderDetail };
    const detail = async (s: Shopper, number: string) => (await s.request('GET', `/orders/${number}/`)).json<Detail>().data;

    it('offers Pay now and Cancel to the owner after a failed attempt; paying again pays the same order', async () => {
      const { app } = ctx();
      const s = await shopperWithBag(1);
      const stock = await stockOf(c.serum30.id);
      const { order, redirectGatewayURL } = payData(await s.pay({ payment_method: 'bkash' }, 'repay-fail-1'));
      await land(app, await onBkashPage(app, redirectGatewayURL!, 'fail'));
      const failed = await detail(s, order.number);
      expect(failed).toMatchObject({ status: 'placed', payment_status: 'failed', actions: { pay: true, cancel: true } });
      expect(new Date(failed.hold_until!).getTime()).toBe(new Date(failed.created_at).getTime() + 15 * 60_000);
      // A link holder who is not the owner sees the order but no actions.
      const link = (await app.inject(`/api/v1/orders/verify/${order.id}/`)).json<{ data: PublicOrder }>().data;
      expect(link.actions).toEqual({ pay: false, cancel: false });
      // Someone else cannot pay or cancel it.
      const other = await newCustomer(app);
      expect((await other.request('POST', `/orders/${order.number}/pay/`, {})).statusCode).toBe(404);
      expect((await other.request('POST', `/orders/${order.number}/cancel/`, {})).statusCode).toBe(404);
      // Pay now, with card this time: a new attempt on the same order.
      const again = await s.request('POST', `/orders/${order.number}/pay/`, { payment_method: 'card' });
      expect(again.statusCode, again.body).toBe(200);
      const repaid = payData(again);
      expect(repaid.order.number).toBe(order.number);
      expect(repaid.redirectGatewayURL).toMatch(/\/sandbox\/sslcommerz\/EasyCheckOut\//);
      await onSslPage(app, repaid.redirectGatewayURL!, 'pay');
      expect(await orderRow(order.number)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentMethod: 'card' });
      expect(await stockOf(c.serum30.id)).toBe(stock - 1);
      expect((await bagOf(s)).item_count).toBe(0);
      expect((await detail(s, order.number)).actions).toEqual({ pay: false, cancel: false });
      expect((await s.request('POST', `/orders/${order.number}/pay/`, {})).statusCode).toBe(409);
      expect((await s.request('POST', `/orders/${order.number}/cancel/`, {})).json<ApiErrorBody>().error.message).toBe(
        messages.orderNotCancellable(),
      );
      // One order per checkout: the shopper has this one order, whatever the attempts.
      const mine = (await s.request('GET', '/orders/')).json<{ data: { number: string }[] }>().data;
      expect(mine.map((o) => o.number)).toEqual([order.number]);
    });

    it('lets the owner cancel an unpaid order: its items and code go back, a late payment is refunded', async () => {
      const { app, db } = ctx();
      await db.insert(coupons).values({ code: 'CANCELME', kind: 'fixed_amount', value: 5_000, title: '৳50 off', usageLimit: 1 });
      const s = await shopperWithBag(1);
      await s.request('POST', '/checkout/discount_code/', { discount: { code: 'CANCELME' } });
      const stock = await stockOf(c.serum30.id);
      const { order, redirectGatewayURL } = payData(await s.pay({ payment_method: 'bkash' }, 'cancel-unpaid-1'));
      const cancelled = await s.request('POST', `/orders/${order.number}/cancel/`, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json<Detail>().data).toMatchObject({ status: 'cancelled', actions: { pay: false, cancel: false } });
      expect(await stockOf(c.serum30.id)).toBe(stock);
      expect((await db.select().from(coupons).where(eq(coupons.code, 'CANCELME')))[0]!.usedCount).toBe(0);
      // The bKash page was still open: the money that arrives now is given back, the order stays cancelled.
      await land(app, await onBkashPage(app, redirectGatewayURL!, 'pay'));
      expect(await orderRow(order.number)).toMatchObject({ status: 'cancelled' });
      const [p] = await db
        .select()
        .from(payments)
        .where(eq(payments.orderId, (await orderRow(order.number)).id));
      expect(p!.status).toBe('refunded');
    });

    it('lets a cash-on-delivery shopper cancel before the shop confirms, and not after', async () => {
      const { app } = ctx();
      const s = await shopperWithBag(1);
      const stock = await stockOf(c.serum30.id);
      const { order } = payData(await s.pay({ payment_method: 'cod' }, 'cancel-cod-1'));
      expect((await detail(s, order.number)).actions).toEqual({ pay: false, cancel: true });
      expect((await s.request('POST', `/orders/${order.number}/cancel/`, {})).statusCode).toBe(200);
      expect(await stockOf(c.serum30.id)).toBe(stock);
      const t = await shopperWithBag(1);
      const second = payData(await t.pay({ payment_method: 'cod' }, 'cancel-cod-2')).order;
      const secondId = (await orderRow(second.number)).id;
      await app.db.transaction((tx) =>
        transitionOrder({ db: tx }, secondId, { status: 'confirmed' }, 'confirmed by staff', app.clock.now()),
      );
      expect((await detail(t, second.number)).actions.cancel).toBe(false);
      expect((await t.request('POST', `/orders/${second.number}/cancel/`, {})).statusCode).toBe(409);
    });

    it('pays the same order again when the same bag is checked out again, and refuses Pay now after the hold', async () => {
      const { app } = ctx();
      const s = await shopperWithBag(1, c.mask1.id);
      const first = payData(await s.pay({ payment_method: 'bkash' }, 'same-bag-1')).order;
      await land(
        app,
        await onBkashPage(app, payData(await s.pay({ payment_method: 'bkash' }, 'same-bag-2')).redirectGatewayURL!, 'cancel'),
      );
      const second = payData(await s.pay({ payment_method: 'card' }, 'same-bag-3')).order;
      expect(second.number).toBe(first.number);
      app.clock.advance(16 * 60_000);
      expect((await detail(s, first.number)).actions.pay).toBe(false);
      expect((await s.request('POST', `/orders/${first.number}/pay/`, {})).json<ApiErrorBody>().error.message).toBe(
        messages.orderNotPayable(),
      );
      await expireUnpaidOrders(upkeepDeps(app, app.clock));
      expect(await orderRow(first.number)).toMatchObject({ status: 'cancelled' });
    });
  });

  it('lets a guest find their orders again in a new browser by verifying the same phone', async () => {
    const { app } = ctx();
    const phone = `017${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    const guestSession = async () => {
      const browser = new TestBrowser(app, '203.0.113.77');
      const started = await browser.post('/api/v1/accounts/guest/', { customer: { phone } });
      expect(started.statusCode, started.body).toBeLessThan(300);
      const verified = await browser.post('/api/v1/accounts/guest/verify-sms/', { phone, code: await latestCode(app, `+88${phone}`) });
      expect(verified.statusCode, verified.body).toBe(200);
      return browser;
    };
    const first = await guestSession();
    const variant = c.mask1.id;
    await first.post('/api/v1/cart/line-items/', {
      delivery_type: 'standard',
      line_item: { variant_id: variant, quantity: 1, action: 'increment' },
    });
    await first.post('/api/v1/addresses/?type=shipping', {
      name: 'Guest',
      phone,
      division: 'Dhaka',
      location: 'Dhaka',
      area: 'Gulshan',
      address_detail: 'House 1',
    });
    const placed = await first.post('/api/v1/checkout/pay/', { payment_method: 'cod' }, { 'idempotency-key': 'guest-follow-1' });
    expect(placed.statusCode, placed.body).toBe(200);
    const number = payData(placed).order.number;
    // Days later, another phone or browser: a code to the same number, and the orders are there.
    app.clock.advance(3 * 24 * 3600_000);
    const again = await guestSession();
    const list = (await again.get('/api/v1/orders/')).json<{ data: { number: string }[] }>().data;
    expect(list.map((o) => o.number)).toContain(number);
    expect((await again.get(`/api/v1/orders/${number}/`)).statusCode).toBe(200);
    // A visitor has none.
    expect((await new TestBrowser(app).get('/api/v1/orders/')).statusCode).toBe(401);
  });

  describe('SSLCommerz (card)', () => {
    it('pays through the hosted page: the IPN is verified and validated, the return lands on payment success', async () => {
      const { app, db } = ctx();
      const s = await shopperWithBag(1);
      const res = await s.pay({ payment_method: 'card' }, 'card-happy-1');
      const { order, redirectGatewayURL, type } = payData(res);
      expect(type).toBe('card');
      expect(redirectGatewayURL).toMatch(/\/sandbox\/sslcommerz\/EasyCheckOut\/[0-9A-F]{32}$/);
      const row = await orderRow(order.number);
      expect(row.multiCardName).toBe('visacard,mastercard,amexcard,othercard');
      const back = await onSslPage(app, redirectGatewayURL!, 'pay');
      // The IPN arrived before the shopper's browser did.
      expect(await orderRow(order.number)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      expect(back.target).toBe('/payments/sslcommerz/success/');
      expect(back.fields).toMatchObject({ status: 'VALID', amount: '960.00', currency: 'BDT', value_a: order.number });
      const landing = await postForm(app, back.target, back.fields);
      expect(landing.statusCode).toBe(303);
      expect(landing.headers.location).toBe(`/payment-success?order=${order.id}`);
      const [payment] = await db.select().from(payments).where(eq(payments.orderId, row.id));
      expect(payment).toMatchObject({ status: 'paid', valId: back.fields.val_id, gatewayTrxId: back.fields.bank_tran_id });

      // A replayed IPN (same fields, good signature) changes nothing.
      const replay = await postForm(app, '/payments/sslcommerz/ipn/', back.fields);
      expect(replay.json()).toEqual({ status: 'OK', payment: 'paid' });
      expect(await paidEvents(row.id)).toBe(1);
    });

    it('validates the return itself when the IPN is lost', async () => {
      const { app } = ctx();
      const s = await shopperWithBag(1);
      const { order, redirectGatewayURL } = payData(await s.pay({ payment_method: 'card' }, 'card-lost-ipn-1'));
      const back = await onSslPage(app, redirectGatewayURL!, 'pay', { loseIpn: true });
      expect(await orderRow(order.number)).toMatchObject({ paymentStatus: 'pending' });
      const landing = await postForm(app, back.target, back.fields);
      expect(landing.headers.location).toBe(`/payment-success?order=${order.id}`);
      expect(await orderRow(order.number)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    });

    it('settles a payment whose IPN and return were both lost when reconciling', async () => {
      const { app } = ctx();
      const s = await shopperWithBag(1);
      const { order, redirectGatewayURL } = payData(await s.pay({ payment_method: 'card' }, 'card-reconcile-1'));
      await onSslPage(app, redirectGatewayURL!, 'pay', { loseIpn: true });
      app.clock.advance(11 * 60_000);
      await app.payments.reconcile();
      expect(await orderRow(order.number)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    });

    it('keeps the bag when the shopper cancels the card payment', async () => {
      const { app } = ctx();
      const s = await shopperWithBag(2);
      const { order, redirectGatewayURL } = payData(await s.pay({ payment_method: 'card' }, 'card-cancel-1'));
      const back = await onSslPage(app, redirectGatewayURL!, 'cancel');
      expect(back.target).toBe('/payments/sslcommerz/cancel/');
      const landing = await postForm(app, back.target, back.fields);
      expect(landing.headers.location).toBe(`/order-verify/cancelled/${order.id}/`);
      expect(await orderRow(order.number)).toMatchObject({ status: 'placed', paymentStatus: 'failed' });
      expect((await bagOf(s)).item_count).toBe(2);
    });

    it('never pays on a forged IPN: bad signature, unknown transaction, or another payment’s val_id', async () => {
      const { app } = ctx();
      const password = SIMULATOR_SSLCOMMERZ.storePassword;
      // A cheap order paid for real: its val_id is genuine.
      const cheap = await newCustomer(app);
      await cheap.add(c.mask1.id);
      await cheap.address();
      const paidCheap = payData(await cheap.pay({ payment_method: 'card' }, 'card-cheap-1'));
      const genuine = (await onSslPage(app, paidCheap.redirectGatewayURL!, 'pay')).fields;
      // A dear order, not paid.
      const dear = await shopperWithBag(4);
      const target = payData(await dear.pay({ payment_method: 'card' }, 'card-dear-1'));
      const dearRow = await orderRow(target.order.number);
      const [dearPayment] = await ctx().db.select().from(payments).where(eq(payments.orderId, dearRow.id));
      const tranId = dearPayment!.reference!;

      const tampered = { ...genuine, tran_id: tranId, amount: (dearRow.total / 100).toFixed(2) };
      const badSignature = await postForm(app, '/payments/sslcommerz/ipn/', tampered);
      expect(badSignature.statusCode).toBe(400);

      const unknown = signSslFields({ ...genuine, tran_id: 'GB-0000-000000-deadbeef' }, password);
      expect((await postForm(app, '/payments/sslcommerz/ipn/', unknown)).statusCode).toBe(400);

      // Signed correctly (someone knows the store password) but the val_id is the cheap order's: validation disagrees.
      const resigned = signSslFields(
        Object.fromEntries(Object.entries(tampered).filter(([k]) => k !== 'verify_sign' && k !== 'verify_key')),
        password,
      );
      const wrongAmount = await postForm(app, '/payments/sslcommerz/ipn/', resigned);
      expect(wrongAmount.statusCode).toBe(400);
      const viaBrowser = await postForm(app, '/payments/sslcommerz/success/', resigned);
      expect(viaBrowser.headers.location).toBe(`/order-verify/pending/${target.order.id}/`);

      expect(await orderRow(target.order.number)).toMatchObject({ status: 'placed', paymentStatus: 'pending' });
      expect(await orderRow(paidCheap.order.number)).toMatchObject({ paymentStatus: 'paid' });
    });
  });
});

describeOnDatabases(
  'a gateway that cannot be reached',
  (ctx) => {
    it('answers payment_failed, keeps the bag, and holds the unpaid order for another attempt', async () => {
      const c = await createTestCatalog(ctx().db, 'down');
      const s = await newCustomer(ctx().app);
      await s.add(c.cream50.id, 2);
      await s.address();
      const [before] = await ctx().db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, c.cream50.id));
      const res = await s.pay({ payment_method: 'bkash' }, 'gateway-down-1');
      expect(res.statusCode).toBe(502);
      expect(res.json<ApiErrorBody>().error).toMatchObject({ code: 'payment_failed', fields: { cart: messages.paymentStartFailed() } });
      const [after] = await ctx().db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, c.cream50.id));
      expect(after!.stock).toBe(before!.stock - 2);
      expect((await s.request('GET', '/cart/')).json<{ data: Cart }>().data.item_count).toBe(2);
      const [row] = await ctx().db.select().from(orders).where(eq(orders.customerId, s.customerId!));
      expect(row).toMatchObject({ status: 'placed', paymentStatus: 'failed' });
      // The same attempt retried is refused the same way, not placed twice.
      expect((await s.pay({ payment_method: 'bkash' }, 'gateway-down-1')).statusCode).toBe(502);
    });
  },
  {
    env: {
      BKASH_BASE_URL: 'http://127.0.0.1:9/v1.2.0-beta',
      BKASH_APP_KEY: 'k',
      BKASH_APP_SECRET: 's',
      BKASH_USERNAME: 'u',
      BKASH_PASSWORD: 'p',
    },
  },
);

describeOnDatabases(
  'in production',
  (ctx) => {
    it('mounts no simulator and offers no gateway that is not configured', async () => {
      expect((await ctx().app.inject('/sandbox/bkash/checkout?paymentId=x')).statusCode).toBe(404);
      expect(
        (await ctx().app.inject({ method: 'POST', url: '/sandbox/bkash/v1.2.0-beta/tokenized/checkout/token/grant', payload: {} }))
          .statusCode,
      ).toBe(404);
      expect((await ctx().app.inject('/sandbox/sslcommerz/EasyCheckOut/ABC')).statusCode).toBe(404);
      const options = (await ctx().app.inject('/api/v1/checkout/')).json<{
        data: { payment_options: { method: string; available: boolean }[] };
      }>().data.payment_options;
      expect(options.filter((o) => o.available).map((o) => o.method)).toEqual(['cod']);
      expect(ctx().app.payments.methodAvailable('bkash')).toBe(false);
      expect(ctx().app.payments.methodAvailable('card')).toBe(false);
    });
  },
  { env: { NODE_ENV: 'production', LOG_LEVEL: 'silent' } },
);
