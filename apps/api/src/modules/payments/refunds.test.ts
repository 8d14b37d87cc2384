import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { refundMessages, type AdminRefundResponse, type AdminRefundsResponse } from '@store/shared/admin-refunds';
import type { ApiErrorBody } from '@store/shared/api';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer, payData, type Shopper, type TestCatalog } from '../../../test/support/fixtures.js';
import { signedInStaff } from '../../../test/support/staff.js';
import { payOnBkash, payOnSslCommerz } from '../../../test/support/gateways.js';
import { outboxFor } from '../../../test/support/test-client.js';
import { orderEvents, orders } from '../orders/orders.tables.js';
import { transitionOrder } from '../orders/index.js';
import { auditLog } from '../staff/staff.tables.js';
import { loopbackTransport } from '../../lib/http-transport.js';
import { BkashClient } from './bkash-client.js';
import { gatewayConfig } from './config.js';
import { payments, refunds } from './payments.tables.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;
const MINUTE = 60_000;

describeOnDatabases('refunds (back office)', (ctx) => {
  let c: TestCatalog;
  let owner: string;
  let fulfilment: string;
  let seq = 0;
  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'refund');
    owner = (await signedInStaff(ctx().app, ctx().env, 'owner')).client.token!;
    fulfilment = (await signedInStaff(ctx().app, ctx().env, 'fulfilment')).client.token!;
  });

  const orderRow = async (id: number) => (await ctx().db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const attemptsOf = async (orderId: number) =>
    ctx()
      .db.select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')));
  const attemptOf = async (orderId: number) => (await ctx().db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
  const refundsOf = async (orderId: number) => ctx().db.select().from(refunds).where(eq(refunds.orderId, orderId));

  const post = (orderId: number, body: object, key: string | null = `refund-key-${(seq += 1)}`, token = owner) =>
    ctx().app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/refunds/`,
      headers: { authorization: `Token ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
  const list = (orderId: number, token = owner) =>
    ctx().app.inject({ url: `/api/v1/admin/orders/${orderId}/refunds/`, headers: { authorization: `Token ${token}` } });

  async function placed(
    method: 'bkash' | 'card' | 'cod',
    quantity = 2,
  ): Promise<{ shopper: Shopper; id: number; number: string; total: number }> {
    const shopper = await newCustomer(ctx().app);
    await shopper.add(c.serum30.id, quantity);
    await shopper.address();
    const res = await shopper.pay({ payment_method: method }, `refund-order-${(seq += 1)}`);
    expect(res.statusCode, res.body).toBe(200);
    const { order, redirectGatewayURL } = payData(res);
    if (method === 'bkash') await payOnBkash(ctx().app, redirectGatewayURL!);
    if (method === 'card') await payOnSslCommerz(ctx().app, redirectGatewayURL!);
    const [row] = await ctx().db.select().from(orders).where(eq(orders.number, order.number));
    return { shopper, id: row!.id, number: row!.number, total: row!.total };
  }

  it('refunds a bKash order in part, then the rest: order and attempt partially refunded, then refunded; the shopper told', async () => {
    const o = await placed('bkash');
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'paid', total: 186_000 });
    const before = (await list(o.id)).json<AdminRefundsResponse>();
    expect(before.refundable).toEqual({
      amount: 186_000,
      in_progress: 0,
      gateway: { provider: 'bkash', max: 186_000 },
      manual: 186_000,
      blocked: null,
    });

    const first = await post(o.id, { amount: 50_000, reason: 'One bottle arrived broken', method: 'gateway' });
    expect(first.statusCode, first.body).toBe(201);
    const answer = first.json<AdminRefundResponse>();
    expect(answer.data).toMatchObject({
      method: 'bkash',
      amount: 50_000,
      status: 'completed',
      reason: 'One bottle arrived broken',
      failure: null,
    });
    expect(answer.data.reference).toMatch(/^[A-Z0-9]{10}$/);
    expect(answer.data.staff).toEqual({ id: expect.any(Number), name: 'Test owner' });
    expect(answer.order).toMatchObject({ refunded_amount: 50_000, payment_status: 'partially_refunded' });
    expect(answer.refundable).toMatchObject({ amount: 136_000, gateway: { provider: 'bkash', max: 136_000 } });
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 50_000, status: 'confirmed' });
    expect(await attemptOf(o.id)).toMatchObject({ status: 'partially_refunded', refundedAmount: 50_000 });

    // The shopper's SMS and e-mail, queued with the refund; the timeline says so.
    const sms = (await outboxFor(ctx().app, o.shopper.phone)).filter((m) => m.body.includes('refunded'));
    expect(sms.map((m) => m.body)).toEqual([`Glow Bazaar: ৳500 of order ${o.number} has been refunded to your bKash.`]);
    const events = await ctx().db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id));
    expect(events.filter((e) => e.kind === 'refund').map((e) => e.toStatus)).toEqual(['requested', 'completed']);
    expect(events.find((e) => e.kind === 'message' && e.toStatus === 'refunded')?.reason).toContain('৳500');
    expect(events.find((e) => e.kind === 'payment' && e.toStatus === 'partially_refunded')).toBeDefined();
    const audits = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'refund'), eq(auditLog.entityId, String(answer.data.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['refund.complete', 'refund.request']);

    const rest = await post(o.id, { amount: 136_000, reason: 'Customer returned the other one', method: 'gateway' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json<AdminRefundResponse>().data.status).toBe('completed');
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 186_000 });
    expect(await attemptOf(o.id)).toMatchObject({ status: 'refunded', refundedAmount: 186_000 });

    const after = (await list(o.id)).json<AdminRefundsResponse>();
    expect(after.data.map((r) => [r.amount, r.status])).toEqual([
      [136_000, 'completed'],
      [50_000, 'completed'],
    ]);
    expect(after.refundable).toMatchObject({ amount: 0, gateway: null, manual: 0, blocked: refundMessages.nothingLeft });
    const again = await post(o.id, { amount: 100, reason: 'Once more', method: 'gateway' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'refund_not_possible', message: refundMessages.nothingLeft });
  });

  it('refuses more than is left, and a gateway refusal, with the order unchanged', async () => {
    const o = await placed('bkash', 1);
    const tooMuch = await post(o.id, { amount: o.total + 100, reason: 'Too much', method: 'gateway' });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch)).toMatchObject({ code: 'refund_not_possible', message: messages.refundTooLarge('৳960') });
    expect(await refundsOf(o.id)).toEqual([]);

    // The shop believes more was paid than bKash took: bKash refuses, the refund is failed and nothing else moves.
    await ctx()
      .db.update(orders)
      .set({ total: o.total + 10_000 })
      .where(eq(orders.id, o.id));
    await ctx()
      .db.update(payments)
      .set({ amount: o.total + 10_000 })
      .where(eq(payments.orderId, o.id));
    const refused = await post(o.id, { amount: o.total + 10_000, reason: 'All of it', method: 'gateway' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'refund_not_possible' });
    expect(errorOf(refused).message).toMatch(/reversal amount cannot be greater.*2026/);
    expect(await refundsOf(o.id)).toMatchObject([{ status: 'failed', failure: errorOf(refused).message }]);
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0 });
    expect(await attemptOf(o.id)).toMatchObject({ status: 'paid', refundedAmount: 0 });
    // A part bKash can give is still given.
    expect((await post(o.id, { amount: 10_000, reason: 'Part', method: 'gateway' })).statusCode).toBe(201);
  });

  it('refunds once for the same Idempotency-Key, sent twice or in parallel', async () => {
    const o = await placed('bkash');
    const body = { amount: 20_000, reason: 'Late delivery', method: 'gateway' };
    const first = await post(o.id, body, 'same-refund-key-1');
    const second = await post(o.id, body, 'same-refund-key-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json<AdminRefundResponse>().data.id).toBe(first.json<AdminRefundResponse>().data.id);
    const parallel = await Promise.all([1, 2, 3].map(() => post(o.id, body, 'same-refund-key-2')));
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await refundsOf(o.id)).toHaveLength(2);
    expect(await orderRow(o.id)).toMatchObject({ refundedAmount: 40_000 });
    expect(await attemptOf(o.id)).toMatchObject({ refundedAmount: 40_000 });
    // The same key for another refund is refused.
    const reused = await post(o.id, { ...body, amount: 30_000 }, 'same-refund-key-1');
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused).code).toBe('idempotency_key_reused');
  });

  it('never gives back more than was paid when several staff refund at once', async () => {
    const o = await placed('bkash');
    const racing = await Promise.all([1, 2, 3].map((n) => post(o.id, { amount: 100_000, reason: `Race ${n}`, method: 'gateway' })));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(errorOf(racing.find((r) => r.statusCode === 409)!).message).toBe(messages.refundTooLarge('৳860'));
    expect(await orderRow(o.id)).toMatchObject({ refundedAmount: 100_000, paymentStatus: 'partially_refunded' });
    expect(await refundsOf(o.id)).toHaveLength(1);
  });

  it('refunds a card order: SSLCommerz processing first, completed by the poller; in part, then the rest', async () => {
    const o = await placed('card', 1);
    const { app } = ctx();
    const first = await post(o.id, { amount: 40_000, reason: 'Wrong shade', method: 'gateway' });
    expect(first.statusCode, first.body).toBe(201);
    const answer = first.json<AdminRefundResponse>();
    expect(answer.data).toMatchObject({ method: 'sslcommerz', status: 'requested', completed_at: null });
    expect(answer.data.reference).toMatch(/^[0-9a-f]{16}$/);
    // Set aside while SSLCommerz works on it: the order is unchanged, the amount is not refundable twice.
    expect(answer.refundable).toMatchObject({ amount: o.total - 40_000, in_progress: 40_000 });
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0 });
    const tooMuch = await post(o.id, { amount: o.total - 30_000, reason: 'More', method: 'gateway' });
    expect(errorOf(tooMuch).code).toBe('refund_not_possible');

    // Not due yet; then 'processing'; then 'refunded' (the upkeep's reconcile runs the poller).
    expect((await app.payments.pollRefunds()).checked).toBe(0);
    app.clock.advance(2 * MINUTE);
    await app.payments.pollRefunds();
    expect(await refundsOf(o.id)).toMatchObject([{ status: 'requested', checkedAt: expect.any(Date) }]);
    app.clock.advance(2 * MINUTE);
    const pass = await app.payments.reconcile();
    expect(pass.refunds.completed).toBeGreaterThanOrEqual(1);
    expect(await refundsOf(o.id)).toMatchObject([{ status: 'completed', completedAt: expect.any(Date) }]);
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 40_000 });
    expect(await attemptOf(o.id)).toMatchObject({ status: 'partially_refunded', refundedAmount: 40_000 });
    expect((await outboxFor(app, o.shopper.phone)).map((m) => m.body)).toContain(
      `Glow Bazaar: ৳400 of order ${o.number} has been refunded to your card.`,
    );
    const refundEvents = (await ctx().db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id))).filter(
      (e) => e.kind === 'refund',
    );
    expect(refundEvents.map((e) => [e.toStatus, e.staffId])).toEqual([
      ['requested', answer.data.staff!.id],
      ['completed', answer.data.staff!.id],
    ]);

    const rest = await post(o.id, { amount: o.total - 40_000, reason: 'Returned', method: 'gateway' });
    expect(rest.json<AdminRefundResponse>().data.status).toBe('requested');
    for (let i = 0; i < 2; i++) {
      app.clock.advance(2 * MINUTE);
      await app.payments.pollRefunds();
    }
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: o.total });
    expect(await attemptOf(o.id)).toMatchObject({ status: 'refunded', refundedAmount: o.total });
    expect(await attemptsOf(o.id)).toEqual([]);
  });

  it('settles a bKash refund whose answer was lost by the status query: ours when bKash has it, failed when not', async () => {
    const o = await placed('bkash');
    const { app, env } = ctx();
    const attempt = await attemptOf(o.id);
    // bKash made the refund, but its answer never reached the shop (left requested, no refundTrxID).
    const bkash = new BkashClient(gatewayConfig(env).bkash!, loopbackTransport(app, env.PUBLIC_URL), app.clock);
    const made = await bkash.refund({
      paymentID: attempt.reference!,
      trxID: attempt.gatewayTrxId!,
      amount: 30_000,
      sku: o.number,
      reason: 'Lost',
    });
    expect(made.statusCode).toBe('0000');
    const at = app.clock.now();
    const lost = { orderId: o.id, paymentId: attempt.id, method: 'bkash' as const, reason: 'Lost answer', createdAt: at, updatedAt: at };
    await ctx()
      .db.insert(refunds)
      .values({ ...lost, amount: 30_000, requestKey: `lost-${o.id}-1` });
    app.clock.advance(2 * MINUTE);
    await app.payments.pollRefunds();
    expect(await refundsOf(o.id)).toMatchObject([{ status: 'completed', reference: made.refundTrxID }]);
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 30_000 });
    // One bKash never heard of: its latest refund is one the shop knows already.
    await ctx()
      .db.insert(refunds)
      .values({ ...lost, amount: 20_000, requestKey: `lost-${o.id}-2`, updatedAt: app.clock.now() });
    app.clock.advance(2 * MINUTE);
    await app.payments.pollRefunds();
    expect((await refundsOf(o.id)).find((r) => r.amount === 20_000)).toMatchObject({
      status: 'failed',
      failure: 'bKash has no record of this refund',
    });
    expect(await orderRow(o.id)).toMatchObject({ refundedAmount: 30_000 });
  });

  it('tells a shopper who ordered in Bangla of the refund in Bangla (issue 21)', async () => {
    const o = await placed('cod', 1);
    const { app } = ctx();
    await app.db.update(orders).set({ locale: 'bn' }).where(eq(orders.id, o.id));
    await app.db.transaction((tx) => transitionOrder({ db: tx }, o.id, { payment: 'paid' }, 'cash collected', app.clock.now()));
    const cash = await post(o.id, { amount: 20_000, reason: 'Damaged box', method: 'manual', reference: 'CASH-BN-1' });
    expect(cash.statusCode, cash.body).toBe(201);
    expect((await outboxFor(app, o.shopper.phone)).map((m) => m.body)).toContain(
      `Glow Bazaar: অর্ডার ${o.number}-এর ৳২০০ ফেরত দেওয়া হয়েছে।`,
    );
  });

  it('records a cash refund on a cash-on-delivery order: the reference is required, completed at once', async () => {
    const o = await placed('cod', 1);
    const { app } = ctx();
    await app.db.transaction((tx) => transitionOrder({ db: tx }, o.id, { payment: 'paid' }, 'cash collected', app.clock.now()));

    const noReference = await post(o.id, { amount: 20_000, reason: 'Damaged box', method: 'manual' });
    expect(noReference.statusCode).toBe(400);
    expect(errorOf(noReference).fields).toMatchObject({ reference: refundMessages.reference });
    const notWhole = await post(o.id, { amount: 20_050, reason: 'Damaged box', method: 'manual', reference: 'CASH-1' });
    expect(errorOf(notWhole).fields).toMatchObject({ amount: refundMessages.wholeTaka });
    const tooSmall = await post(o.id, { amount: 0, reason: 'Damaged box', method: 'manual', reference: 'CASH-1' });
    expect(errorOf(tooSmall).fields).toMatchObject({ amount: refundMessages.amount });
    const viaGateway = await post(o.id, { amount: 20_000, reason: 'Damaged box', method: 'gateway' });
    expect(errorOf(viaGateway)).toMatchObject({ code: 'refund_not_possible', message: refundMessages.noGateway });

    const cash = await post(o.id, { amount: 20_000, reason: 'Damaged box', method: 'manual', reference: 'bKash send-money 9AB12CD34E' });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json<AdminRefundResponse>().data).toMatchObject({
      method: 'manual',
      status: 'completed',
      reference: 'bKash send-money 9AB12CD34E',
      completed_at: expect.any(String),
    });
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 20_000 });
    expect((await outboxFor(app, o.shopper.phone)).map((m) => m.body)).toContain(
      `Glow Bazaar: ৳200 of order ${o.number} has been refunded.`,
    );
    const [audit] = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund.record'), eq(auditLog.entityId, String(cash.json<AdminRefundResponse>().data.id))));
    expect(audit?.changes).toMatchObject({ amount: [null, 20_000], method: [null, 'manual'] });
  });

  it('refuses to refund an order not paid, and a role without orders.refund', async () => {
    const o = await placed('cod', 1);
    const unpaid = await post(o.id, { amount: 10_000, reason: 'Goodwill', method: 'manual', reference: 'CASH-2' });
    expect(unpaid.statusCode).toBe(409);
    expect(errorOf(unpaid)).toMatchObject({ code: 'refund_not_possible', message: refundMessages.notPaid });
    expect((await list(o.id)).json<AdminRefundsResponse>().refundable).toMatchObject({ amount: 0, blocked: refundMessages.notPaid });
    expect(await refundsOf(o.id)).toEqual([]);

    expect((await list(o.id, fulfilment)).statusCode).toBe(403);
    const forbidden = await post(o.id, { amount: 10_000, reason: 'Goodwill', method: 'manual', reference: 'CASH-2' }, null, fulfilment);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).code).toBe('forbidden');
    expect((await list(2_000_000)).statusCode).toBe(404);
  });
});
