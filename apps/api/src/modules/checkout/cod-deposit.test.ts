import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { BookShipmentResponse } from '@store/shared/admin-couriers';
import { orderMessages, type AdminOrderDetail } from '@store/shared/admin-orders';
import { refundMessages } from '@store/shared/admin-refunds';
import type { ApiErrorBody } from '@store/shared/api';
import type { CheckoutSummary, OrderDetail } from '@store/shared/checkout';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer, payData, uniquePhone, type Shopper, type TestCatalog } from '../../../test/support/fixtures.js';
import { land, onBkashPage, payOnBkash } from '../../../test/support/gateways.js';
import { signedInStaff } from '../../../test/support/staff.js';
import { outboxFor } from '../../../test/support/test-client.js';
import { orders, phoneDeliveryRecords } from '../orders/orders.tables.js';
import { payments, refunds } from '../payments/payments.tables.js';
import { shipments } from '../couriers/couriers.tables.js';
import { expireUnpaidOrders, upkeepDeps } from './index.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;

/*
 * Issue 18, item 4: with the setting on, a shopper whose phone's COD record is high-risk pays the
 * delivery fee by bKash before a cash-on-delivery order goes ahead; the courier collects the rest.
 */
describeOnDatabases('cash on delivery with the delivery fee first (high-risk shoppers)', (ctx) => {
  const app = () => ctx().app;
  let c: TestCatalog;
  let owner: Awaited<ReturnType<typeof signedInStaff>>;
  let seq = 0;

  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'codfee');
    owner = await signedInStaff(app(), ctx().env, 'owner');
  });

  const setting = async (on: boolean) => {
    const res = await owner.client.patch('/settings/', { cod_deposit_high_risk: on });
    expect(res.statusCode, res.body).toBe(200);
  };
  const markRisky = async (phone: string) =>
    ctx().db.insert(phoneDeliveryRecords).values({ phone, delivered: 1, returned: 2, cancelled: 1, updatedAt: app().clock.now() });
  const orderRow = async (number: string) => (await ctx().db.select().from(orders).where(eq(orders.number, number)))[0]!;
  const bagSize = async (s: Shopper) => (await s.checkout()).data.cart.line_items.length;

  /** A signed-in shopper with two serums in the bag and a delivery address inside Dhaka (its own phone unless given). */
  async function shopper(opts: { risky?: boolean; addressPhone?: string } = {}): Promise<Shopper> {
    const s = await newCustomer(app());
    if (opts.risky) await markRisky(s.phone);
    await s.add(c.serum30.id, 2);
    await s.address({ phone: opts.addressPhone ?? uniquePhone().replace('+88', '') });
    return s;
  }
  const placeCod = (s: Shopper) => s.pay({ payment_method: 'cod' }, `codfee-${(seq += 1)}`);

  it('does nothing while the setting is off: a high-risk shopper places cash on delivery as before', async () => {
    await setting(false);
    const s = await shopper({ risky: true });
    expect((await s.checkout()).data.cod_deposit).toBe(0);
    const res = await placeCod(s);
    expect(res.statusCode, res.body).toBe(200);
    const { order, redirectGatewayURL } = payData(res);
    expect(redirectGatewayURL).toBeNull();
    expect(await orderRow(order.number)).toMatchObject({ codDeposit: 0, paymentStatus: 'pending' });
  });

  it('asks only high-risk shoppers, by their own phone or the delivery address’s, for the zone’s fee', async () => {
    await setting(true);
    const fresh = await shopper();
    expect((await fresh.checkout()).data.cod_deposit).toBe(0);
    const risky = await shopper({ risky: true });
    const summary: CheckoutSummary = (await risky.checkout()).data;
    expect(summary.cod_deposit).toBe(6000);
    expect(summary.payment_options.find((o) => o.method === 'cod')).toMatchObject({ available: true, reason: null });
    const addressPhone = uniquePhone();
    await markRisky(addressPhone);
    const viaAddress = await shopper({ addressPhone: addressPhone.replace('+88', '') });
    expect((await viaAddress.checkout()).data.cod_deposit).toBe(6000);
  });

  it('takes the fee by bKash first: the bag waits, staff cannot move the order, then it goes ahead as COD and the courier collects the rest', async () => {
    await setting(true);
    const s = await shopper({ risky: true });
    const res = await placeCod(s);
    expect(res.statusCode, res.body).toBe(200);
    const { type, order, redirectGatewayURL } = payData(res);
    expect(type).toBe('cod');
    expect(redirectGatewayURL).toContain('/sandbox/bkash/checkout');
    const row = await orderRow(order.number);
    expect(row).toMatchObject({ paymentMethod: 'cod', codDeposit: 6000, total: 186_000, paymentStatus: 'pending', status: 'placed' });
    const [attempt] = await ctx().db.select().from(payments).where(eq(payments.orderId, row.id));
    expect(attempt).toMatchObject({ provider: 'bkash', amount: 6000, status: 'pending' });
    // Nothing is closed or told until the fee arrives; staff cannot confirm the order meanwhile.
    expect(await bagSize(s)).toBe(1);
    const early = await owner.client.post(`/orders/${row.id}/confirm/`, { revision: row.revision });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toMatchObject({ code: 'illegal_transition', message: orderMessages.awaitingDeposit });
    const before = (await s.request('GET', `/orders/${order.number}/`)).json<{ data: OrderDetail }>().data;
    expect(before).toMatchObject({ cod_deposit: 6000, actions: { pay: true, cancel: true } });
    expect(before.hold_until).not.toBeNull();

    await payOnBkash(app(), redirectGatewayURL!);
    const paid = await orderRow(order.number);
    expect(paid).toMatchObject({ status: 'placed', paymentStatus: 'partially_paid', paidAt: null });
    expect(await bagSize(s)).toBe(0);
    expect((await outboxFor(app(), s.phone)).some((m) => m.body.includes(order.number))).toBe(true);
    const after = (await s.request('GET', `/orders/${order.number}/`)).json<{ data: OrderDetail }>().data;
    // Money taken: the shopper cancels through the shop, not by themselves.
    expect(after).toMatchObject({ payment_status: 'partially_paid', hold_until: null, actions: { pay: false, cancel: false } });
    // A second payment of the fee is refused (and given back by the payments module).
    expect((await s.request('POST', `/orders/${order.number}/pay/`, {})).statusCode).toBe(409);

    const confirmed = await owner.client.post(`/orders/${paid.id}/confirm/`, { revision: paid.revision });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const detail = confirmed.json<{ data: AdminOrderDetail }>().data;
    expect(detail).toMatchObject({ cod_deposit: 6000, payment_status: 'partially_paid', status: 'confirmed' });
    const booked = await owner.client.post(`/orders/${paid.id}/shipment/`, { courier: 'steadfast' });
    expect(booked.statusCode, booked.body).toBe(200);
    const parcel = booked.json<BookShipmentResponse>().data;
    expect(parcel.cod_amount).toBe(180_000);
    const delivered = await app().inject({
      method: 'POST',
      url: `/dev/couriers/steadfast/parcels/${encodeURIComponent(parcel.consignment_id)}/advance`,
      payload: { status: 'delivered' },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await orderRow(order.number)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    const [shipment] = await ctx().db.select().from(shipments).where(eq(shipments.id, parcel.id));
    expect(shipment).toMatchObject({ collectedAmount: 180_000 });
  });

  it('keeps the fee when the parcel comes back, and refunds it when the shop cancels', async () => {
    await setting(true);
    const returned = await shopper({ risky: true });
    const first = payData(await placeCod(returned));
    await payOnBkash(app(), first.redirectGatewayURL!);
    let row = await orderRow(first.order.number);
    const confirm = await owner.client.post(`/orders/${row.id}/confirm/`, { revision: row.revision });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const parcel = (await owner.client.post(`/orders/${row.id}/shipment/`, { courier: 'pathao' })).json<BookShipmentResponse>().data;
    await app().inject({
      method: 'POST',
      url: `/dev/couriers/pathao/parcels/${encodeURIComponent(parcel.consignment_id)}/advance`,
      payload: { status: 'order.returned' },
    });
    expect(await orderRow(first.order.number)).toMatchObject({ status: 'returned', paymentStatus: 'partially_paid', refundedAmount: 0 });

    const cancelled = await shopper({ risky: true });
    const second = payData(await placeCod(cancelled));
    await payOnBkash(app(), second.redirectGatewayURL!);
    row = await orderRow(second.order.number);
    const res = await owner.client.post(`/orders/${row.id}/cancel/`, { revision: row.revision, reason: 'out_of_stock' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(second.order.number)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: 6000 });
    const [refund] = await ctx().db.select().from(refunds).where(eq(refunds.orderId, row.id));
    expect(refund).toMatchObject({ method: 'bkash', amount: 6000, status: 'completed' });
    expect((await outboxFor(app(), cancelled.phone)).some((m) => m.body.includes('৳60') && m.body.includes('refunded'))).toBe(true);
    // Nothing more to give back: the rest was never taken.
    const more = await owner.client.post(`/orders/${row.id}/refunds/`, {
      amount: 10_000,
      reason: 'More',
      method: 'manual',
      reference: 'x',
    });
    expect(more.statusCode).toBe(409);
  });

  it('lets the shopper pay the fee again after a failed attempt, or the whole order by bKash instead; an unpaid fee lets the order lapse', async () => {
    await setting(true);
    const s = await shopper({ risky: true });
    const placed = payData(await placeCod(s));
    await land(app(), await onBkashPage(app(), placed.redirectGatewayURL!, 'fail'));
    expect(await orderRow(placed.order.number)).toMatchObject({ paymentStatus: 'failed', codDeposit: 6000 });
    const again = await s.request('POST', `/orders/${placed.order.number}/pay/`, {});
    expect(again.statusCode, again.body).toBe(200);
    const whole = await s.request('POST', `/orders/${placed.order.number}/pay/`, { payment_method: 'bkash' });
    expect(whole.statusCode, whole.body).toBe(200);
    const row = await orderRow(placed.order.number);
    expect(row).toMatchObject({ paymentMethod: 'bkash', codDeposit: 0 });
    const attempts = await ctx()
      .db.select({ amount: payments.amount })
      .from(payments)
      .where(eq(payments.orderId, row.id))
      .orderBy(payments.id);
    expect(attempts.map((a) => a.amount)).toEqual([6000, 6000, 186_000]);
    await payOnBkash(app(), payData(whole).redirectGatewayURL!);
    expect(await orderRow(placed.order.number)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    const lapsing = await shopper({ risky: true });
    const unpaid = payData(await placeCod(lapsing));
    app().clock.advance(16 * 60_000);
    await app().payments.reconcile();
    await expireUnpaidOrders(upkeepDeps(app(), app().clock));
    expect(await orderRow(unpaid.order.number)).toMatchObject({ status: 'cancelled' });
    // The bag was never closed: the shopper can check out again.
    expect(await bagSize(lapsing)).toBe(1);
  });

  it('a second attempt failing after the first paid the fee changes nothing; the fee is not refunded while the order goes ahead; its items do not change', async () => {
    await setting(true);
    const s = await shopper({ risky: true });
    const first = payData(await placeCod(s));
    // The shopper opens a second attempt from the order page, then pays the first one after all.
    const second = await s.request('POST', `/orders/${first.order.number}/pay/`, {});
    expect(second.statusCode, second.body).toBe(200);
    await payOnBkash(app(), first.redirectGatewayURL!);
    expect(await orderRow(first.order.number)).toMatchObject({ paymentStatus: 'partially_paid' });
    // The second one fails on bKash's page: the callback lands and the order keeps its paid fee.
    const landing = await land(app(), await onBkashPage(app(), payData(second).redirectGatewayURL!, 'fail'));
    expect(landing).toContain('/order-verify/');
    const row = await orderRow(first.order.number);
    expect(row).toMatchObject({ paymentStatus: 'partially_paid', status: 'placed' });

    const refund = await owner.client.post(`/orders/${row.id}/refunds/`, { amount: 2000, reason: 'Goodwill', method: 'gateway' });
    expect(refund.statusCode).toBe(409);
    expect(errorOf(refund)).toMatchObject({ code: 'refund_not_possible', message: refundMessages.feeWhileLive });

    const unpaid = payData(await placeCod(await shopper({ risky: true })));
    const placed = await orderRow(unpaid.order.number);
    const detail = (await owner.client.get(`/orders/${placed.id}/`)).json<{ data: AdminOrderDetail }>().data;
    const edit = await owner.client.put(`/orders/${placed.id}/lines/`, {
      revision: placed.revision,
      lines: detail.lines.map((l) => ({ id: l.id, quantity: 1 })),
    });
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit)).toMatchObject({ message: orderMessages.linesDeposit });
  });

  it('refuses cash on delivery that needs the fee when bKash is off, with why', async () => {
    await setting(true);
    const s = await shopper({ risky: true });
    const bkash = app().payments.methodAvailable.bind(app().payments);
    app().payments.methodAvailable = (m) => (m === 'bkash' ? false : bkash(m));
    try {
      const summary = (await s.checkout()).data;
      expect(summary.payment_options.find((o) => o.method === 'cod')).toMatchObject({
        available: false,
        reason: messages.codDepositUnavailable(),
      });
      const res = await placeCod(s);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'cod_not_allowed', message: messages.codDepositUnavailable() });
      expect(await bagSize(s)).toBe(1);
    } finally {
      app().payments.methodAvailable = bkash;
    }
  });
});
