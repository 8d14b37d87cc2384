import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@store/shared/cart';
import type { ApiErrorBody } from '@store/shared/api';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../test/app.js';
import { outboxFor } from '../accounts/test-client.js';
import { variants } from '../catalog/catalog.tables.js';
import { coupons } from '../checkout/checkout.tables.js';
import { createTestCatalog, newCustomer, payData, type Shopper, type TestCatalog } from '../checkout/test-support.js';
import { orderEvents, orders } from '../orders/orders.tables.js';
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

/** The shopper on bKash's page: confirm, close or fail; returns where bKash sends them (the shop's callback). */
async function onBkashPage(app: FastifyInstance, bkashURL: string, action: 'pay' | 'cancel' | 'fail'): Promise<string> {
  const page = await app.inject(pathOf(bkashURL));
  expect(page.statusCode).toBe(200);
  const url = new URL(bkashURL);
  const { payload, ...headers } = form({
    paymentId: url.searchParams.get('paymentId')!,
    hash: url.searchParams.get('hash')!,
    wallet: '01770618575',
    action,
  });
  const res = await app.inject({ method: 'POST', url: '/sandbox/bkash/checkout', headers, payload });
  expect(res.statusCode).toBe(303);
  return pathOf(res.headers.location as string);
}

/** Follows a gateway return to the shop's landing page. */
async function land(app: FastifyInstance, callbackPath: string): Promise<string> {
  const res = await app.inject(callbackPath);
  expect(res.statusCode).toBe(303);
  return res.headers.location as string;
}

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

    it('keeps the bag when the shopper cancels on bKash: order cancelled, stock and coupon given back', async () => {
      const { app, db } = ctx();
      await db.insert(coupons).values({ code: 'PAYONCE', kind: 'fixed_amount', value: 5_000, title: '৳50 off', usageLimit: 1 });
      const s = await shopperWithBag(1);
      await s.request('POST', '/checkout/discount_code/', { discount: { code: 'PAYONCE' } });
      const stock = await stockOf(c.serum30.id);
      const { order, redirectGatewayURL } = payData(await s.pay({ payment_method: 'bkash' }, 'bkash-cancel-1'));
      expect(await stockOf(c.serum30.id)).toBe(stock - 1);
      const landing = await land(app, await onBkashPage(app, redirectGatewayURL!, 'cancel'));
      expect(landing).toBe(`/order-verify/cancelled/${order.id}/`);
      expect(await orderRow(order.number)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
      expect(await stockOf(c.serum30.id)).toBe(stock);
      expect((await bagOf(s)).line_items.map((l) => [l.variant_id, l.quantity])).toEqual([[c.serum30.id, 1]]);
      expect((await db.select().from(coupons).where(eq(coupons.code, 'PAYONCE')))[0]!.usedCount).toBe(0);
      // The shopper tries again from the same bag, with the same code, and it works.
      const again = await s.pay({ payment_method: 'cod' }, 'bkash-cancel-retry');
      expect(again.statusCode).toBe(200);
      expect(payData(again).order.total).toBe(90_000 - 5_000 + 6_000);
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

    it('refunds a paid order through bKash: payment refunded, order cancelled, stock back', async () => {
      const { app } = ctx();
      const s = await shopperWithBag(3);
      const { order, redirectGatewayURL } = payData(await s.pay({ payment_method: 'bkash' }, 'bkash-refund-1'));
      await land(app, await onBkashPage(app, redirectGatewayURL!, 'pay'));
      const stock = await stockOf(c.serum30.id);
      const row = await orderRow(order.number);
      const refunded = await app.payments.refund(row.id, 'Customer changed their mind');
      expect(refunded).toMatchObject({ status: 'refunded', refundedAmount: row.total });
      expect(await orderRow(order.number)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      expect(await stockOf(c.serum30.id)).toBe(stock + 3);
      await expect(app.payments.refund(row.id, 'again')).rejects.toMatchObject({ code: 'conflict' });
    });

    it('gives up a payment the shopper never finished once it is an hour old (reconciliation)', async () => {
      const { app } = ctx();
      // A variant of its own: reconciling also gives up the other tests' unfinished payments.
      const s = await shopperWithBag(2, c.toner150.id);
      const stock = await stockOf(c.toner150.id);
      const { order } = payData(await s.pay({ payment_method: 'bkash' }, 'bkash-abandon-1'));
      app.clock.advance(15 * 60_000);
      await app.payments.reconcile();
      expect(await orderRow(order.number)).toMatchObject({ status: 'placed', paymentStatus: 'pending' });
      app.clock.advance(50 * 60_000);
      const result = await app.payments.reconcile();
      expect(result.settled).toBeGreaterThanOrEqual(1);
      expect(await orderRow(order.number)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
      expect(await stockOf(c.toner150.id)).toBe(stock);
    });
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
      expect(await orderRow(order.number)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
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
    it('refuses the order with payment_failed, gives the stock back and keeps the bag', async () => {
      const c = await createTestCatalog(ctx().db, 'down');
      const s = await newCustomer(ctx().app);
      await s.add(c.cream50.id, 2);
      await s.address();
      const [before] = await ctx().db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, c.cream50.id));
      const res = await s.pay({ payment_method: 'bkash' }, 'gateway-down-1');
      expect(res.statusCode).toBe(502);
      expect(res.json<ApiErrorBody>().error).toMatchObject({ code: 'payment_failed', fields: { cart: messages.paymentStartFailed } });
      const [after] = await ctx().db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, c.cream50.id));
      expect(after!.stock).toBe(before!.stock);
      expect((await s.request('GET', '/cart/')).json<{ data: Cart }>().data.item_count).toBe(2);
      const [row] = await ctx().db.select().from(orders).where(eq(orders.customerId, s.customerId!));
      expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
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
