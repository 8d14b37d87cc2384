import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type {
  BookShipmentResponse,
  BulkBookResult,
  CourierAvailability,
  FraudCheck,
  Payout,
  PayoutsResponse,
  Shipment,
  ShipmentWithEvents,
} from '@store/shared/admin-couriers';
import type { ApiErrorBody } from '@store/shared/api';
import type { Courier } from '@store/shared/checkout-rules';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer, payData, type TestCatalog } from '../../../test/support/fixtures.js';
import { signedInStaff } from '../../../test/support/staff.js';
import { variants } from '../catalog/catalog.tables.js';
import { orderEvents, orders } from '../orders/orders.tables.js';
import { transitionOrder } from '../orders/index.js';
import { auditLog } from '../staff/staff.tables.js';
import { SIMULATOR_PATHAO, SIMULATOR_REDX, SIMULATOR_STEADFAST, WEBHOOK_PATHS } from './config.js';
import { courierEvents, shipments } from './couriers.tables.js';
import { PATHAO_INTEGRATION_SECRET } from './couriers.service.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;

describeOnDatabases('couriers', (ctx) => {
  const app = () => ctx().app;
  let c: TestCatalog;
  let care: Awaited<ReturnType<typeof signedInStaff>>;

  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'cour');
    care = await signedInStaff(app(), ctx().env, 'customer_care');
  });

  const orderRow = async (id: number) => (await ctx().db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const stockOf = async (id: number) =>
    (await ctx().db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, id)))[0]!.stock;
  const eventsOf = async (shipmentId: number) =>
    ctx().db.select().from(courierEvents).where(eq(courierEvents.shipmentId, shipmentId)).orderBy(courierEvents.id);

  /** A COD order of `quantity` serums, confirmed by the shop unless asked otherwise. */
  async function codOrder(opts: { quantity?: number; confirm?: boolean } = {}): Promise<number> {
    const s = await newCustomer(app());
    await s.add(c.serum30.id, opts.quantity ?? 2);
    await s.address();
    const res = await s.pay({ payment_method: 'cod' }, `cour-${Math.random()}`);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx()
      .db.select({ id: orders.id })
      .from(orders)
      .where(eq(orders.number, payData(res).order.number));
    if (opts.confirm !== false)
      await transitionOrder({ db: ctx().db }, row!.id, { status: 'confirmed' }, 'called: confirmed', app().clock.now());
    return row!.id;
  }

  async function book(orderId: number, courier: Courier, client = care.client) {
    const res = await client.post(`/orders/${orderId}/shipment/`, { courier });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BookShipmentResponse>();
  }

  /** Moves a parcel in the courier's simulator; the simulator calls the shop's webhook. */
  async function advance(courier: Courier, id: string, status: string, extra: Record<string, unknown> = {}) {
    const res = await app().inject({
      method: 'POST',
      url: `/dev/couriers/${courier}/parcels/${encodeURIComponent(id)}/advance`,
      payload: { status, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ parcel: { status: string }; webhook: { status: number; body: string } | null }>();
  }

  const steadfastHook = (body: Record<string, unknown>, token = SIMULATOR_STEADFAST.webhookToken) =>
    app().inject({ method: 'POST', url: WEBHOOK_PATHS.steadfast, headers: { authorization: `Bearer ${token}` }, payload: body });
  const pathaoHook = (body: Record<string, unknown>, secret = SIMULATOR_PATHAO.webhookSecret) =>
    app().inject({ method: 'POST', url: WEBHOOK_PATHS.pathao, headers: { 'x-pathao-signature': secret }, payload: body });
  const redxHook = (body: Record<string, unknown>, token = SIMULATOR_REDX.webhookToken) =>
    app().inject({ method: 'POST', url: `${WEBHOOK_PATHS.redx}?token=${encodeURIComponent(token)}`, payload: body });

  it('offers the three couriers through their simulators', async () => {
    const res = await care.client.get('/couriers/');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: CourierAvailability[] }>().data;
    expect(list.map((x) => [x.courier, x.simulated])).toEqual([
      ['steadfast', true],
      ['pathao', true],
      ['redx', true],
    ]);
    const page = await app().inject('/dev/couriers/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Courier simulators');
  });

  it('Steadfast: booking puts the parcel on the order and ships it; the webhook moves it to in transit, then delivered and paid', async () => {
    const id = await codOrder();
    const { data: shipment, created } = await book(id, 'steadfast');
    expect(created).toBe(true);
    expect(shipment).toMatchObject({ courier: 'steadfast', state: 'booked', cod_amount: 186_000, courier_status: 'in_review' });
    let order = await orderRow(id);
    expect(order).toMatchObject({
      status: 'shipped',
      courier: 'steadfast',
      consignmentId: shipment.consignment_id,
      trackingCode: shipment.tracking_code,
    });
    const shippedEvent = (
      await ctx()
        .db.select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, id), eq(orderEvents.toStatus, 'shipped')))
    )[0];
    expect(shippedEvent).toMatchObject({ reason: 'booked with Steadfast', staffId: care.member.id });
    expect(shippedEvent!.detail).toMatchObject({
      courier: 'steadfast',
      consignment_id: shipment.consignment_id,
      tracking_code: shipment.tracking_code,
    });
    const [audit] = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'shipment.book'), eq(auditLog.entityId, String(id))));
    expect(audit).toBeDefined();

    // Booking again returns the same parcel.
    const again = await book(id, 'steadfast');
    expect(again).toMatchObject({ created: false, data: { id: shipment.id } });

    expect((await advance('steadfast', shipment.consignment_id, 'pending')).webhook?.status).toBe(200);
    expect(await orderRow(id)).toMatchObject({ status: 'in_transit', paymentStatus: 'pending' });
    const delivered = await advance('steadfast', shipment.consignment_id, 'delivered');
    expect(JSON.parse(delivered.webhook!.body)).toEqual({ status: 'success', message: 'Webhook received successfully.' });
    order = await orderRow(id);
    expect(order).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    const [row] = await ctx().db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row).toMatchObject({ state: 'delivered', collectedAmount: 186_000, deliveryFee: 6000 });
    const timeline = await ctx()
      .db.select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, id), eq(orderEvents.kind, 'courier')));
    expect(timeline.map((e) => e.toStatus)).toEqual(['in_transit', 'delivered']);

    const view = await care.client.get(`/orders/${id}/shipments/`);
    expect(view.statusCode).toBe(200);
    const [withEvents] = view.json<{ data: ShipmentWithEvents[] }>().data;
    expect(withEvents!.events.map((e) => [e.source, e.state, e.outcome])).toEqual([
      ['booking', 'booked', 'accepted'],
      ['webhook', 'in_transit', 'accepted'],
      ['webhook', 'delivered', 'accepted'],
    ]);
  });

  it('Steadfast: a forged webhook and a replayed one change nothing; a late in-transit after delivery is ignored', async () => {
    const id = await codOrder();
    const { data: s } = await book(id, 'steadfast');
    const body = {
      notification_type: 'delivery_status',
      consignment_id: Number(s.consignment_id),
      invoice: s.invoice,
      cod_amount: 1860,
      status: 'delivered',
      delivery_charge: 60,
      tracking_message: 'Delivered',
      updated_at: '2026-11-28 12:00:00',
    };
    const forged = await steadfastHook(body, 'not-the-token');
    expect(forged.statusCode).toBe(401);
    expect(await orderRow(id)).toMatchObject({ status: 'shipped', paymentStatus: 'pending' });
    const rejected = await ctx()
      .db.select()
      .from(courierEvents)
      .where(and(eq(courierEvents.courier, 'steadfast'), eq(courierEvents.outcome, 'rejected')));
    expect(rejected.length).toBeGreaterThan(0);

    expect((await steadfastHook(body)).statusCode).toBe(200);
    expect(await orderRow(id)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    const paidEvents = async () =>
      (
        await ctx()
          .db.select()
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, id), eq(orderEvents.toStatus, 'paid')))
      ).length;
    expect(await paidEvents()).toBe(1);
    expect((await steadfastHook(body)).statusCode).toBe(200);
    expect(await paidEvents()).toBe(1);
    expect((await eventsOf(s.id)).map((e) => e.outcome)).toEqual(['accepted', 'accepted', 'duplicate']);

    const late = await steadfastHook({ ...body, status: 'pending', tracking_message: 'In transit', updated_at: '2026-11-28 11:00:00' });
    expect(late.statusCode).toBe(200);
    expect(await orderRow(id)).toMatchObject({ status: 'delivered' });
    expect((await eventsOf(s.id)).at(-1)).toMatchObject({ state: 'in_transit', outcome: 'ignored' });
  });

  it('Pathao: answers the integration handshake; a delivered parcel pays the order; forged and replayed webhooks change nothing', async () => {
    const handshake = await pathaoHook({ event: 'webhook_integration' });
    expect(handshake.statusCode).toBe(202);
    expect(handshake.headers['x-pathao-merchant-webhook-integration-secret']).toBe(PATHAO_INTEGRATION_SECRET);

    const id = await codOrder();
    const { data: s } = await book(id, 'pathao');
    expect(s).toMatchObject({ courier: 'pathao', delivery_fee: 6000, tracking_code: s.consignment_id });
    await advance('pathao', s.consignment_id, 'order.in-transit');
    expect(await orderRow(id)).toMatchObject({ status: 'in_transit' });

    const body = {
      consignment_id: s.consignment_id,
      merchant_order_id: s.invoice,
      updated_at: '2026-11-28 12:00:00',
      timestamp: '2026-11-28T06:00:00.000Z',
      store_id: SIMULATOR_PATHAO.storeId,
      event: 'order.delivered',
      delivery_fee: 60,
      collected_amount: 1860,
    };
    expect((await pathaoHook(body, 'forged')).statusCode).toBe(401);
    expect(await orderRow(id)).toMatchObject({ status: 'in_transit', paymentStatus: 'pending' });

    // The webhook alone does not deliver: Pathao's order info (still in transit) is the truth.
    expect((await pathaoHook(body)).statusCode).toBe(202);
    expect(await orderRow(id)).toMatchObject({ status: 'in_transit' });

    await advance('pathao', s.consignment_id, 'order.delivered');
    expect(await orderRow(id)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    const before = (await eventsOf(s.id)).length;
    const replay = (await eventsOf(s.id)).at(-1)!.detail;
    expect((await pathaoHook(replay)).statusCode).toBe(202);
    const after = await eventsOf(s.id);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.outcome).toBe('duplicate');
  });

  it('Pathao: a returned parcel returns the order and restocks the serums', async () => {
    const id = await codOrder({ quantity: 3 });
    const stock = await stockOf(c.serum30.id);
    const { data: s } = await book(id, 'pathao');
    await advance('pathao', s.consignment_id, 'order.returned');
    expect(await orderRow(id)).toMatchObject({ status: 'returned', paymentStatus: 'voided' });
    expect(await stockOf(c.serum30.id)).toBe(stock + 3);
  });

  it('RedX: the callback with its token delivers; a forged token and a replay change nothing', async () => {
    const id = await codOrder();
    const { data: s } = await book(id, 'redx');
    expect(s).toMatchObject({ courier: 'redx', courier_status: 'pickup-pending' });
    const body = {
      tracking_number: s.consignment_id,
      timestamp: '2026-11-28T06:00:00.000Z',
      status: 'delivered',
      message_en: 'Parcel is delivered',
      message_bn: 'পার্সেল ডেলিভারি হয়েছে',
      invoice_number: s.invoice,
      delivery_type: 'regular',
    };
    expect((await redxHook(body, 'forged')).statusCode).toBe(401);
    expect((await app().inject({ method: 'POST', url: WEBHOOK_PATHS.redx, payload: body })).statusCode).toBe(401);
    expect(await orderRow(id)).toMatchObject({ status: 'shipped' });

    await advance('redx', s.consignment_id, 'delivery-in-progress');
    expect(await orderRow(id)).toMatchObject({ status: 'in_transit' });
    expect((await redxHook(body)).statusCode).toBe(200);
    expect(await orderRow(id)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    expect((await redxHook(body)).statusCode).toBe(200);
    expect((await eventsOf(s.id)).map((e) => e.outcome)).toEqual(['accepted', 'accepted', 'accepted', 'duplicate']);
  });

  it('RedX: a booking is cancelled through its API and the order may be booked again', async () => {
    const id = await codOrder();
    const { data: s } = await book(id, 'redx');
    const res = await care.client.post(`/orders/${id}/shipment/cancel/`, { reason: 'Wrong area' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Shipment }>().data).toMatchObject({ state: 'cancelled', active: false });
    expect(await orderRow(id)).toMatchObject({ status: 'shipped', consignmentId: null, courier: null });
    const again = await book(id, 'steadfast');
    expect(again.created).toBe(true);
    expect(again.data.id).not.toBe(s.id);
    expect(await orderRow(id)).toMatchObject({ courier: 'steadfast', consignmentId: again.data.consignment_id });
  });

  it("the simulators' page lists a parcel and its buttons move it", async () => {
    const id = await codOrder();
    const { data: s } = await book(id, 'pathao');
    const page = await app().inject('/dev/couriers/');
    expect(page.body).toContain(s.consignment_id);
    expect(page.body).toContain(`action="/dev/couriers/pathao/parcels/${s.consignment_id}/advance"`);
    const res = await app().inject({
      method: 'POST',
      url: `/dev/couriers/pathao/parcels/${s.consignment_id}/advance`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=order.picked',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/dev/couriers/');
    expect(await orderRow(id)).toMatchObject({ status: 'in_transit' });
  });

  it('polls the couriers and catches up on a lost webhook', async () => {
    const id = await codOrder();
    const { data: s } = await book(id, 'steadfast');
    await advance('steadfast', s.consignment_id, 'pending', { lose_webhook: true });
    expect(await orderRow(id)).toMatchObject({ status: 'shipped' });
    // The poll asks least recently asked parcels first: age this one so it comes up.
    await ctx()
      .db.update(shipments)
      .set({ polledAt: new Date(0) })
      .where(eq(shipments.id, s.id));
    const pass = await app().couriers.poll();
    expect(pass.changed).toBeGreaterThanOrEqual(1);
    expect(await orderRow(id)).toMatchObject({ status: 'in_transit' });
    expect((await eventsOf(s.id)).at(-1)).toMatchObject({ source: 'poll', courierStatus: 'pending', outcome: 'accepted' });
  });

  it('refuses to book a placed, a cancelled or a pickup order, and a courier refusal writes nothing', async () => {
    const placed = await codOrder({ confirm: false });
    const res = await care.client.post(`/orders/${placed}/shipment/`, { courier: 'steadfast' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('illegal_transition');
    await transitionOrder({ db: ctx().db }, placed, { status: 'cancelled' }, 'test', app().clock.now());
    expect(errorOf(await care.client.post(`/orders/${placed}/shipment/`, { courier: 'redx' })).code).toBe('illegal_transition');

    const pickup = await codOrder();
    await ctx().db.update(orders).set({ deliveryType: 'pickup' }).where(eq(orders.id, pickup));
    expect(errorOf(await care.client.post(`/orders/${pickup}/shipment/`, { courier: 'pathao' })).code).toBe('illegal_transition');
    expect(await orderRow(pickup)).toMatchObject({ status: 'confirmed', consignmentId: null });

    // An order whose phone the courier refuses: 502 courier_failed, no parcel, still confirmed.
    const id = await codOrder();
    await ctx().db.update(orders).set({ contactPhone: null, shippingAddress: null }).where(eq(orders.id, id));
    const refused = await care.client.post(`/orders/${id}/shipment/`, { courier: 'steadfast' });
    expect(refused.statusCode).toBe(502);
    expect(errorOf(refused).code).toBe('courier_failed');
    expect(await orderRow(id)).toMatchObject({ status: 'confirmed', consignmentId: null });
    expect(await ctx().db.select().from(shipments).where(eq(shipments.orderId, id))).toEqual([]);
  });

  it('books many orders with Steadfast in one call, with an answer per order', async () => {
    const a = await codOrder();
    const b = await codOrder();
    const placed = await codOrder({ confirm: false });
    const res = await care.client.post('/orders/shipments/bulk/', { order_ids: [a, placed, b], courier: 'steadfast' });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<{ data: BulkBookResult[] }>().data;
    expect(results.map((r) => [r.order_id, r.ok, r.error?.code ?? null])).toEqual([
      [a, true, null],
      [placed, false, 'illegal_transition'],
      [b, true, null],
    ]);
    expect(await orderRow(a)).toMatchObject({ status: 'shipped', consignmentId: results[0]!.shipment!.consignment_id });
    expect((await care.client.post('/orders/shipments/bulk/', { order_ids: [], courier: 'steadfast' })).statusCode).toBe(400);
  });

  it('checks a phone with Steadfast and keeps the answer', async () => {
    const res = await care.client.get('/couriers/fraud-check/?phone=01712345678');
    expect(res.statusCode, res.body).toBe(200);
    const check = res.json<{ data: FraudCheck }>().data;
    expect(check).toMatchObject({ phone: '+8801712345678', total_parcels: check.total_delivered + check.total_cancelled });
    expect((await care.client.get('/couriers/fraud-check/?phone=+8801712345678')).json<{ data: FraudCheck }>().data.checked_at).toBe(
      check.checked_at,
    );
    expect((await care.client.get('/couriers/fraud-check/?phone=12345')).statusCode).toBe(400);
  });

  it("records a courier's payout against the parcels it settles and shows what is still owed", async () => {
    const id = await codOrder();
    const { data: s } = await book(id, 'redx');
    await advance('redx', s.consignment_id, 'delivered');
    const before = (await care.client.get('/couriers/payouts/?courier=redx')).json<PayoutsResponse>().data;
    const owed = before.unpaid[0]!.shipments.find((x) => x.shipment_id === s.id);
    expect(owed).toMatchObject({ collected_amount: 186_000, net: 186_000 });
    const res = await care.client.post('/couriers/payouts/', {
      courier: 'redx',
      reference: `RX-${s.id}`,
      amount: 180_000,
      paid_on: '2026-11-28',
      shipment_ids: [s.id],
      note: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: Payout }>().data).toMatchObject({ expected: 186_000, difference: -6000, shipment_count: 1 });
    const after = (await care.client.get('/couriers/payouts/?courier=redx')).json<PayoutsResponse>().data;
    expect(after.unpaid[0]!.shipments.some((x) => x.shipment_id === s.id)).toBe(false);
    expect(after.payouts[0]).toMatchObject({ reference: `RX-${s.id}` });
    const twice = await care.client.post('/couriers/payouts/', {
      courier: 'redx',
      reference: `RX-${s.id}-2`,
      amount: 1,
      paid_on: '2026-11-28',
      shipment_ids: [s.id],
    });
    expect(twice.statusCode).toBe(400);
    expect((await ctx().db.select().from(auditLog).where(eq(auditLog.action, 'courier_payout.create'))).length).toBeGreaterThan(0);
  });

  it('lets customer care and fulfilment book; a catalog editor gets 403', async () => {
    const editor = await signedInStaff(app(), ctx().env, 'catalog_editor');
    const id = await codOrder();
    const res = await editor.client.post(`/orders/${id}/shipment/`, { courier: 'steadfast' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
    expect((await editor.client.get('/couriers/')).statusCode).toBe(403);
    const fulfilment = await signedInStaff(app(), ctx().env, 'fulfilment');
    expect((await book(id, 'steadfast', fulfilment.client)).created).toBe(true);
  });
});
