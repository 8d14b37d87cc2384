import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderListResponse, SavedView } from '@store/shared/admin-orders';
import type { ApiErrorBody } from '@store/shared/api';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer, payData, type Shopper, type TestCatalog } from '../../../test/support/fixtures.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { payOnBkash } from '../../../test/support/gateways.js';
import { outboxFor } from '../../../test/support/test-client.js';
import { variants } from '../catalog/catalog.tables.js';
import { couponRedemptions, coupons } from '../checkout/checkout.tables.js';
import { storeLocations } from '../content/content.tables.js';
import { auditLog } from '../staff/staff.tables.js';
import { orders, phoneDeliveryRecords } from './orders.tables.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;

describeOnDatabases('admin orders', (ctx) => {
  const app = () => ctx().app;
  let c: TestCatalog;
  let fulfilment: { client: StaffClient };
  let couponCode: string;

  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'ao');
    couponCode = `AO${Date.now() % 100000}`;
    await ctx().db.insert(coupons).values({ code: couponCode, kind: 'percentage', value: 10, title: '10% off' });
    fulfilment = await signedInStaff(app(), ctx().env, 'fulfilment');
  });

  const stockOf = async (variantId: number) =>
    (await ctx().db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId)))[0]!.stock;

  /** A COD order of two serums by a new customer, with the coupon when asked. */
  async function codOrder(opts: { coupon?: boolean } = {}): Promise<{ shopper: Shopper; id: number; number: string }> {
    const shopper = await newCustomer(app());
    await shopper.add(c.serum30.id, 2);
    await shopper.address();
    if (opts.coupon) await shopper.request('POST', '/checkout/discount_code/', { discount: { code: couponCode } });
    const res = await shopper.pay({ payment_method: 'cod' }, `ao-${Math.random()}`);
    expect(res.statusCode, res.body).toBe(200);
    const number = payData(res).order.number;
    const [row] = await ctx().db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
    return { shopper, id: row!.id, number };
  }

  const detail = async (id: number) => {
    const res = await fulfilment.client.get(`/orders/${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminOrderDetail }>().data;
  };
  const list = async (query: string) => {
    const res = await fulfilment.client.get(`/orders/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminOrderListResponse>();
  };

  it('lists, filters and finds orders by number, phone, name and e-mail', async () => {
    const a = await codOrder();
    const b = await codOrder();
    const all = await list('');
    expect(all.data.map((o) => o.number)).toEqual(expect.arrayContaining([a.number, b.number]));
    // Newest first by default.
    expect(all.data.findIndex((o) => o.number === b.number)).toBeLessThan(all.data.findIndex((o) => o.number === a.number));
    expect((await list(`q=${a.number}`)).data.map((o) => o.number)).toEqual([a.number]);
    expect((await list(`q=${a.number.slice(0, -1)}`)).data.map((o) => o.number)).toContain(a.number);
    expect((await list(`q=0${a.shopper.phone.slice(4)}`)).data.map((o) => o.number)).toEqual([a.number]);
    const [row] = await ctx().db.select().from(orders).where(eq(orders.id, a.id));
    expect((await list(`q=${encodeURIComponent(row!.contactEmail!.toUpperCase())}`)).data.map((o) => o.number)).toEqual([a.number]);
    // A name by its start, in any case: the middle of a name is not a match.
    const byName = await list(`q=${encodeURIComponent(row!.contactName.slice(0, 4).toUpperCase())}`);
    expect(byName.data.map((o) => o.number)).toContain(a.number);
    expect(byName.data.every((o) => o.name.toLowerCase().startsWith(row!.contactName.slice(0, 4).toLowerCase()))).toBe(true);
    expect((await list(`q=${encodeURIComponent(row!.contactName.slice(1, 5))}`)).data.map((o) => o.number)).not.toContain(a.number);
    const placed = await list('status=placed&method=cod');
    expect(placed.data.every((o) => o.status === 'placed' && o.payment_method === 'cod')).toBe(true);
    expect((await list('status=delivered&q=' + a.number)).data).toEqual([]);
    expect(all.data.find((o) => o.number === a.number)).toMatchObject({ item_count: 2, risk: 'new', delivery_type: 'standard' });
    const bad = await fulfilment.client.get('/orders/?status=lost&from=2026-13-01');
    expect(bad.statusCode).toBe(400);
  });

  it('filters by the days placed, in Dhaka, newest first within them', async () => {
    const dhakaDay = (ms: number) => new Date(ms + 6 * 3_600_000).toISOString().slice(0, 10);
    // The first order placed two days ago.
    const first = await codOrder();
    const earlier = app().clock.nowMs() - 2 * 86_400_000;
    await ctx()
      .db.update(orders)
      .set({ createdAt: new Date(earlier) })
      .where(eq(orders.id, first.id));
    const day1 = dhakaDay(earlier);
    const second = await codOrder();
    const day2 = dhakaDay(app().clock.nowMs());
    const only1 = await list(`from=${day1}&to=${day1}`);
    expect(only1.data.map((o) => o.number)).toContain(first.number);
    expect(only1.data.map((o) => o.number)).not.toContain(second.number);
    const both = (await list(`from=${day1}&to=${day2}`)).data.map((o) => o.number);
    expect(both.indexOf(first.number)).toBeGreaterThan(-1);
    expect(both.indexOf(second.number)).toBeLessThan(both.indexOf(first.number));
    expect((await list(`from=${day2}`)).data.map((o) => o.number)).not.toContain(first.number);
    const backwards = await fulfilment.client.get(`/orders/?from=${day2}&to=${day1}`);
    expect(backwards.statusCode).toBe(400);
  });

  it('confirms a COD order on a call, packs it, and the shopper hears of it; each step on the timeline with who did it', async () => {
    const o = await codOrder();
    let d = await detail(o.id);
    expect(d).toMatchObject({ status: 'placed', payment_method: 'cod', revision: 0, cod_record: { risk: 'new' } });
    const noAnswer = await fulfilment.client.post(`/orders/${o.id}/call/`, { revision: d.revision, outcome: 'no_answer' });
    expect(noAnswer.statusCode, noAnswer.body).toBe(200);
    d = noAnswer.json<{ data: AdminOrderDetail }>().data;
    expect(d.status).toBe('placed');
    const confirmed = await fulfilment.client.post(`/orders/${o.id}/call/`, {
      revision: d.revision,
      outcome: 'confirmed',
      note: 'Wants it by Friday',
    });
    d = confirmed.json<{ data: AdminOrderDetail }>().data;
    expect(d.status).toBe('confirmed');
    const calls = d.timeline.filter((e) => e.kind === 'call');
    expect(calls.map((e) => e.to)).toEqual(['no_answer', 'confirmed']);
    expect(calls[1]).toMatchObject({ reason: 'Wants it by Friday' });
    expect(calls[1]!.staff).toBeTruthy();
    const move = d.timeline.find((e) => e.kind === 'order' && e.to === 'confirmed');
    expect(move?.staff).toBeTruthy();
    const sms = await outboxFor(app(), o.shopper.phone);
    expect(sms.some((m) => m.body.includes(`order ${o.number} is confirmed`))).toBe(true);
    expect(d.timeline.some((e) => e.kind === 'message' && e.to === 'confirmed')).toBe(true);

    const packed = await fulfilment.client.post(`/orders/${o.id}/pack/`, { revision: d.revision });
    expect(packed.json<{ data: AdminOrderDetail }>().data.status).toBe('packed');
    const audits = await ctx()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(o.id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['order.call', 'order.pack']));
  });

  it('writes to a shopper who ordered from a Bangla page in Bangla: the confirmation and each step, links under /bn (issue 21)', async () => {
    const shopper = await newCustomer(app());
    await shopper.add(c.serum30.id, 1);
    await shopper.address();
    const res = await shopper.request(
      'POST',
      '/checkout/pay/',
      { payment_method: 'cod' },
      { 'idempotency-key': `ao-bn-${Math.random()}`, 'x-store-locale': 'bn' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const number = payData(res).order.number;
    const [row] = await ctx().db.select({ id: orders.id, locale: orders.locale }).from(orders).where(eq(orders.number, number));
    expect(row!.locale).toBe('bn');
    const placed = await outboxFor(app(), shopper.phone);
    expect(placed[0]!.body).toMatch(
      new RegExp(
        `^Glow Bazaar: আপনার অর্ডার ${number} নেওয়া হয়েছে। মোট ৳[০-৯,]+। পণ্য হাতে পেয়ে নগদে মূল্য পরিশোধ করুন। ট্র্যাক করুন: https?://[^/]+/bn/order-verify/success/`,
      ),
    );
    // The shop's steps later, by staff whose own pages are English: still the order's language.
    let d = await detail(row!.id);
    const confirmed = await fulfilment.client.post(`/orders/${row!.id}/call/`, { revision: d.revision, outcome: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    d = confirmed.json<{ data: AdminOrderDetail }>().data;
    const step = (await outboxFor(app(), shopper.phone))[0]!;
    expect(step.body).toMatch(
      new RegExp(`^Glow Bazaar: অর্ডার ${number} নিশ্চিত হয়েছে। পাঠানোর সময় আমরা জানাব। https?://[^/]+/bn/order-verify/success/`),
    );
    const cancelled = await fulfilment.client.post(`/orders/${row!.id}/cancel/`, { revision: d.revision, reason: 'customer_asked' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await outboxFor(app(), shopper.phone))[0]!.body).toMatch(new RegExp(`^Glow Bazaar: অর্ডার ${number} বাতিল করা হয়েছে।`));
  });

  it('refuses a stale revision (someone else acted) and an illegal move, changing nothing', async () => {
    const o = await codOrder();
    const d = await detail(o.id);
    await fulfilment.client.post(`/orders/${o.id}/confirm/`, { revision: d.revision });
    const stale = await fulfilment.client.post(`/orders/${o.id}/pack/`, { revision: d.revision });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('edit_conflict');
    expect((await detail(o.id)).status).toBe('confirmed');
    const fresh = await detail(o.id);
    await fulfilment.client.post(`/orders/${o.id}/cancel/`, { revision: fresh.revision, reason: 'customer_asked' });
    const cancelled = await detail(o.id);
    // Deliver (hand over) a cancelled order: refused by the transition table.
    const deliver = await fulfilment.client.post(`/orders/${o.id}/hand-over/`, { revision: cancelled.revision });
    expect(deliver.statusCode).toBe(409);
    expect(errorOf(deliver).code).toBe('illegal_transition');
    const pack = await fulfilment.client.post(`/orders/${o.id}/pack/`, { revision: cancelled.revision });
    expect(errorOf(pack).code).toBe('illegal_transition');
    expect((await detail(o.id)).status).toBe('cancelled');
  });

  it('cancels with a reason: stock back, coupon use released, unpaid payment voided, the shopper told', async () => {
    const before = await stockOf(c.serum30.id);
    const o = await codOrder({ coupon: true });
    expect(await stockOf(c.serum30.id)).toBe(before - 2);
    const [coupon] = await ctx().db.select().from(coupons).where(eq(coupons.code, couponCode));
    const used = coupon!.usedCount;
    const d = await detail(o.id);
    const noReason = await fulfilment.client.post(`/orders/${o.id}/cancel/`, { revision: d.revision, reason: 'other' });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).fields?.note).toBe('Say why');
    const res = await fulfilment.client.post(`/orders/${o.id}/cancel/`, { revision: d.revision, reason: 'unreachable' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AdminOrderDetail }>().data).toMatchObject({ status: 'cancelled', payment_status: 'voided' });
    expect(await stockOf(c.serum30.id)).toBe(before);
    const [after] = await ctx().db.select().from(coupons).where(eq(coupons.code, couponCode));
    expect(after!.usedCount).toBe(used - 1);
    const [redemption] = await ctx().db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, o.id));
    expect(redemption!.voidedAt).not.toBeNull();
    const sms = await outboxFor(app(), o.shopper.phone);
    expect(sms.some((m) => m.body.includes(`order ${o.number} has been cancelled`))).toBe(true);
    // Placed orders the shop cancelled say nothing about the phone; confirmed ones count as cancelled late.
    const [record] = await ctx().db.select().from(phoneDeliveryRecords).where(eq(phoneDeliveryRecords.phone, o.shopper.phone));
    expect(record).toBeUndefined();
  });

  it('cancels a paid bKash order: the money goes back through bKash, the order shows it refunded', async () => {
    const shopper = await newCustomer(app());
    await shopper.add(c.cream50.id, 1);
    await shopper.address();
    const paid = payData(await shopper.pay({ payment_method: 'bkash' }, `ao-bkash-${Math.random()}`));
    await payOnBkash(app(), paid.redirectGatewayURL!);
    const [row] = await ctx().db.select().from(orders).where(eq(orders.number, paid.order.number));
    const d = await detail(row!.id);
    expect(d).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(d.payments).toEqual([expect.objectContaining({ provider: 'bkash', status: 'paid', amount: d.total, refunded_amount: 0 })]);
    expect(d.payments[0]!.gateway_trx_id).toBeTruthy();
    const res = await fulfilment.client.post(`/orders/${d.id}/cancel/`, { revision: d.revision, reason: 'out_of_stock' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AdminOrderDetail }>().data).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      refunded_amount: d.total,
    });
    expect(res.json<{ data: AdminOrderDetail }>().data.payments[0]).toMatchObject({ status: 'refunded', refunded_amount: d.total });
    const sms = await outboxFor(app(), shopper.phone);
    expect(sms.some((m) => m.body.includes('Your payment will be refunded'))).toBe(true);
    expect(sms.some((m) => m.body.includes(`of order ${paid.order.number} has been refunded`))).toBe(true);
  });

  it('leaves an unpaid bKash order to its payment: no confirming, packing or calling it confirmed', async () => {
    const shopper = await newCustomer(app());
    await shopper.add(c.cream50.id, 1);
    await shopper.address();
    const placed = payData(await shopper.pay({ payment_method: 'bkash' }, `ao-unpaid-${Math.random()}`));
    const [row] = await ctx().db.select().from(orders).where(eq(orders.number, placed.order.number));
    const d = await detail(row!.id);
    expect(d).toMatchObject({ status: 'placed', payment_status: 'pending' });
    for (const [path, body] of [
      ['confirm', { revision: d.revision }],
      ['call', { revision: d.revision, outcome: 'confirmed' }],
    ] as const) {
      const res = await fulfilment.client.post(`/orders/${d.id}/${path}/`, body);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe('This order waits for its bKash or card payment: it is confirmed by the payment, not by hand');
    }
    expect(await detail(d.id)).toMatchObject({ status: 'placed', payment_status: 'pending', revision: d.revision });
    // Paid, it confirms itself.
    await payOnBkash(app(), placed.redirectGatewayURL!);
    expect(await detail(d.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });

  it('cancels a partly refunded order: the rest goes back', async () => {
    const shopper = await newCustomer(app());
    await shopper.add(c.cream50.id, 2);
    await shopper.address();
    const paid = payData(await shopper.pay({ payment_method: 'bkash' }, `ao-part-${Math.random()}`));
    await payOnBkash(app(), paid.redirectGatewayURL!);
    const [row] = await ctx().db.select().from(orders).where(eq(orders.number, paid.order.number));
    await app().payments.refundOrder(
      { db: app().db, clock: app().clock, staff: null },
      { orderId: row!.id, amount: 10_000, reason: 'A box was dented', requestKey: `part-${row!.id}` },
    );
    const d = await detail(row!.id);
    expect(d).toMatchObject({ payment_status: 'partially_refunded', refunded_amount: 10_000 });
    const res = await fulfilment.client.post(`/orders/${d.id}/cancel/`, { revision: d.revision, reason: 'customer_asked' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AdminOrderDetail }>().data).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      refunded_amount: d.total,
    });
  });

  it('hands a pickup order over at the store: delivered, cash taken, counted in the phone record', async () => {
    const shopper = await newCustomer(app());
    await shopper.add(c.mask1.id);
    const [store] = await ctx()
      .db.insert(storeLocations)
      .values({
        name: 'Test Store Banani',
        address: 'Road 11, Banani, Dhaka',
        area: 'Banani',
        city: 'Dhaka',
        phone: '+8809610000001',
        hours: 'Daily 10–21',
      })
      .returning();
    const storeId = store!.id;
    await shopper.request('POST', '/checkout/shipping_address/', { store_location_id: storeId, delivery_type: 'pickup' });
    const res = await shopper.pay({ payment_method: 'cash_on_pickup' }, `pickup-${Math.random()}`);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx()
      .db.select()
      .from(orders)
      .where(eq(orders.number, payData(res).order.number));
    let d = await detail(row!.id);
    d = (await fulfilment.client.post(`/orders/${d.id}/confirm/`, { revision: d.revision })).json<{ data: AdminOrderDetail }>().data;
    d = (await fulfilment.client.post(`/orders/${d.id}/pack/`, { revision: d.revision })).json<{ data: AdminOrderDetail }>().data;
    d = (await fulfilment.client.post(`/orders/${d.id}/hand-over/`, { revision: d.revision })).json<{ data: AdminOrderDetail }>().data;
    expect(d).toMatchObject({ status: 'delivered', payment_status: 'paid' });
    const [record] = await ctx().db.select().from(phoneDeliveryRecords).where(eq(phoneDeliveryRecords.phone, shopper.phone));
    expect(record).toMatchObject({ delivered: 1, returned: 0 });
  });

  it('shows each phone’s COD record as a risk band, and filters by it', async () => {
    const o = await codOrder();
    await ctx().db.insert(phoneDeliveryRecords).values({ phone: o.shopper.phone, delivered: 1, returned: 2, cancelled: 0 });
    expect((await detail(o.id)).cod_record).toEqual({ risk: 'high', delivered: 1, returned: 2, cancelled: 0 });
    expect((await list('risk=high')).data.map((r) => r.number)).toContain(o.number);
    expect((await list('risk=low')).data.map((r) => r.number)).not.toContain(o.number);
    expect((await list('risk=new')).data.map((r) => r.number)).not.toContain(o.number);
  });

  it('changes the delivery address before shipping within the zone, refusing an unknown area', async () => {
    const o = await codOrder();
    const d = await detail(o.id);
    const address = { ...d.shipping_address!, address_detail: 'House 9, Road 2', email: '' };
    const { zone: _zone, ...form } = address;
    const res = await fulfilment.client.put(`/orders/${o.id}/address/`, { revision: d.revision, address: form });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ data: AdminOrderDetail }>().data;
    expect(after.shipping_address?.address_detail).toBe('House 9, Road 2');
    expect(after.timeline.some((e) => e.kind === 'edit' && e.to === 'address')).toBe(true);
    const bad = await fulfilment.client.put(`/orders/${o.id}/address/`, {
      revision: after.revision,
      address: { ...form, area: 'Atlantis' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.area).toBeTruthy();
  });

  it('takes items off an unpaid order: stock back, totals and the coupon again; never more, never none', async () => {
    const o = await codOrder({ coupon: true });
    const before = await stockOf(c.serum30.id);
    let d = await detail(o.id);
    const line = d.lines.find((l) => !l.gift)!;
    expect(line.quantity).toBe(2);
    const more = await fulfilment.client.put(`/orders/${o.id}/lines/`, { revision: d.revision, lines: [{ id: line.id, quantity: 3 }] });
    expect(errorOf(more).fields?.lines).toBe('Items can only be taken off here: a new item is a new order');
    const none = await fulfilment.client.put(`/orders/${o.id}/lines/`, { revision: d.revision, lines: [{ id: line.id, quantity: 0 }] });
    expect(errorOf(none).fields?.lines).toBe('Nothing would be left: cancel the order instead');
    expect((await detail(o.id)).total).toBe(d.total);
    const res = await fulfilment.client.put(`/orders/${o.id}/lines/`, { revision: d.revision, lines: [{ id: line.id, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    d = res.json<{ data: AdminOrderDetail }>().data;
    const subtotal = line.discounted_price;
    const discount = subtotal - Math.round((subtotal * 0.9) / 100) * 100;
    expect(d).toMatchObject({ subtotal, discount, total: subtotal - discount + d.shipping });
    expect(d.lines.find((l) => l.id === line.id)?.quantity).toBe(1);
    expect(await stockOf(c.serum30.id)).toBe(before + 1);
    expect(d.timeline.some((e) => e.kind === 'edit' && e.to === 'lines' && e.reason.includes('2 → 1'))).toBe(true);
  });

  it('refuses to change the items of a paid order', async () => {
    const shopper = await newCustomer(app());
    await shopper.add(c.cream50.id, 2);
    await shopper.address();
    const paid = payData(await shopper.pay({ payment_method: 'bkash' }, `ao-lines-${Math.random()}`));
    await payOnBkash(app(), paid.redirectGatewayURL!);
    const [row] = await ctx().db.select().from(orders).where(eq(orders.number, paid.order.number));
    const d = await detail(row!.id);
    const res = await fulfilment.client.put(`/orders/${d.id}/lines/`, {
      revision: d.revision,
      lines: [{ id: d.lines[0]!.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('This order is paid: give money back with a refund instead of changing its items');
  });

  it('exports the filter as CSV, streamed', async () => {
    const o = await codOrder();
    const res = await fulfilment.client.get(`/orders/export/?q=${o.number}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toMatch(/^number,placed_at,status,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(o.number);
    expect(lines[1]).toContain(',Placed,');
    // A name a spreadsheet would run as a formula is written as text.
    await ctx().db.update(orders).set({ contactName: '=HYPERLINK("http://evil.example","x")' }).where(eq(orders.id, o.id));
    const safe = (await fulfilment.client.get(`/orders/export/?q=${o.number}`)).body.trim().split('\n')[1]!;
    expect(safe).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(safe).toContain(`,${o.shopper.phone},`);
  });

  it('keeps each member’s saved views to themselves', async () => {
    const saved = await fulfilment.client.post('/saved-views/orders/', { name: 'COD to confirm', query: '?status=placed&method=cod' });
    expect(saved.statusCode, saved.body).toBe(201);
    const view = saved.json<{ data: SavedView }>().data;
    expect(view).toMatchObject({ name: 'COD to confirm', query: 'status=placed&method=cod' });
    const other = await signedInStaff(app(), ctx().env, 'customer_care');
    expect((await other.client.get('/saved-views/orders/')).json<{ data: SavedView[] }>().data).toEqual([]);
    expect((await other.client.delete(`/saved-views/orders/${view.id}/`)).statusCode).toBe(404);
    expect((await fulfilment.client.get('/saved-views/orders/')).json<{ data: SavedView[] }>().data).toHaveLength(1);
    expect((await fulfilment.client.delete(`/saved-views/orders/${view.id}/`)).statusCode).toBe(200);
  });

  it('lets only roles with the orders permissions in', async () => {
    const o = await codOrder();
    const editor = await signedInStaff(app(), ctx().env, 'catalog_editor');
    expect((await editor.client.get('/orders/')).statusCode).toBe(403);
    expect((await editor.client.post(`/orders/${o.id}/confirm/`, { revision: 0 })).statusCode).toBe(403);
    expect((await app().inject({ method: 'GET', url: '/api/v1/admin/orders/' })).statusCode).toBe(401);
    expect((await fulfilment.client.get('/orders/999999/')).statusCode).toBe(404);
  });
});
