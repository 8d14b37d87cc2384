import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '@store/shared/admin';
import type { AdminCustomerDetail, AdminCustomerListResponse } from '@store/shared/admin-customers';
import type { ApiErrorBody } from '@store/shared/api';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer, newGuest, payData, type Shopper, type TestCatalog } from '../../../test/support/fixtures.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { orders, phoneDeliveryRecords } from '../orders/orders.tables.js';
import { auditLog } from '../staff/staff.tables.js';
import { customerNotes, customers, guests } from './accounts.tables.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;

describeOnDatabases('admin customers', (ctx) => {
  const app = () => ctx().app;
  let c: TestCatalog;
  let care: { client: StaffClient; member: { id: number } };
  let fulfilment: { client: StaffClient };

  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'cu');
    care = await signedInStaff(app(), ctx().env, 'customer_care');
    fulfilment = await signedInStaff(app(), ctx().env, 'fulfilment');
  });

  /** A customer with a name of their own (so a name search finds only them). */
  async function customer(firstName: string, lastName = 'Rahman'): Promise<Shopper> {
    const shopper = await newCustomer(app());
    await ctx().db.update(customers).set({ firstName, lastName }).where(eq(customers.id, shopper.customerId!));
    return shopper;
  }

  async function codOrder(shopper: Shopper): Promise<{ id: number; number: string }> {
    await shopper.add(c.serum30.id, 1);
    const res = await shopper.pay({ payment_method: 'cod' }, `cu-${Math.random()}`);
    expect(res.statusCode, res.body).toBe(200);
    const number = payData(res).order.number;
    const [row] = await ctx().db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
    return { id: row!.id, number };
  }

  const list = async (query: string, client = fulfilment.client) => {
    const res = await client.get(`/customers/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminCustomerListResponse>();
  };
  const detail = async (id: number, client = fulfilment.client) => {
    const res = await client.get(`/customers/${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminCustomerDetail }>().data;
  };
  const auditsOf = (id: number) =>
    ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(id))));

  it('lists customers newest first with their orders, money spent, COD risk and block; finds them by name, phone any way written, or e-mail', async () => {
    const a = await customer('Shirin', 'Akhter');
    const b = await customer('Tahmina', 'Chowdhury');
    await a.address();
    const first = await codOrder(a);
    await codOrder(a);
    // One of them paid (cash collected at the door) and partly refunded: that is what they spent.
    await ctx().db.update(orders).set({ paymentStatus: 'partially_refunded', refundedAmount: 10_000 }).where(eq(orders.id, first.id));
    await ctx().db.insert(phoneDeliveryRecords).values({ phone: a.phone, delivered: 3, returned: 2, cancelled: 0 });

    const all = await list('');
    const ids = all.data.map((r) => r.id);
    expect(ids.indexOf(b.customerId!)).toBeLessThan(ids.indexOf(a.customerId!));
    const row = all.data.find((r) => r.id === a.customerId)!;
    const [orderRow] = await ctx().db.select().from(orders).where(eq(orders.id, first.id));
    expect(row).toMatchObject({
      name: 'Shirin Akhter',
      phone: a.phone,
      order_count: 2,
      spent: orderRow!.total - 10_000,
      risk: 'high',
      cod_blocked: false,
    });
    expect(all.data.find((r) => r.id === b.customerId)).toMatchObject({ order_count: 0, spent: 0, risk: 'new' });
    expect(all).toMatchObject({ page: 1, page_size: 50, count_capped: false });

    const local = `0${a.phone.slice(4)}`;
    for (const q of [a.phone, local, `${local.slice(0, 5)}-${local.slice(5)}`, `880${a.phone.slice(4)}`, ` ${local} `])
      expect(
        (await list(`q=${encodeURIComponent(q)}`)).data.map((r) => r.id),
        q,
      ).toEqual([a.customerId]);
    const [row2] = await ctx().db.select().from(customers).where(eq(customers.id, a.customerId!));
    expect((await list(`q=${encodeURIComponent(row2!.email!.toUpperCase())}`)).data.map((r) => r.id)).toEqual([a.customerId]);
    expect((await list('q=irin%20akh')).data.map((r) => r.id)).toEqual([a.customerId]);
    expect((await list('q=CHOWDHURY')).data.map((r) => r.id)).toEqual([b.customerId]);
    expect((await list('q=nobody-by-this-name')).data).toEqual([]);

    const byOrders = await list('sort=orders');
    expect(byOrders.data.map((r) => r.id).indexOf(a.customerId!)).toBeLessThan(byOrders.data.map((r) => r.id).indexOf(b.customerId!));
    const bySpent = (await list('sort=spent')).data;
    expect(bySpent.findIndex((r) => r.id === a.customerId)).toBeLessThan(bySpent.findIndex((r) => r.id === b.customerId));
    expect(bySpent[0]!.spent).toBeGreaterThanOrEqual(bySpent[bySpent.length - 1]!.spent);
    const byName = await list('sort=name');
    expect(byName.data.length).toBeGreaterThan(1);
  });

  it("shows one customer's profile, orders, addresses, wishlist, notes and COD record", async () => {
    const shopper = await customer('Farhana', 'Islam');
    await shopper.address({ area: 'Gulshan', address_detail: 'House 7, Road 90' });
    const placed = await codOrder(shopper);
    const wish = await shopper.request('POST', '/wishlist/', { product_id: c.cream50.productId });
    expect(wish.statusCode, wish.body).toBe(201);
    await ctx().db.insert(phoneDeliveryRecords).values({ phone: shopper.phone, delivered: 9, returned: 1, cancelled: 0 });

    const d = await detail(shopper.customerId!);
    expect(d).toMatchObject({
      id: shopper.customerId,
      name: 'Farhana Islam',
      phone: shopper.phone,
      order_count: 1,
      cod_record: { risk: 'low', delivered: 9, returned: 1, cancelled: 0 },
      cod_blocked: false,
      cod_blocked_at: null,
      cod_blocked_reason: '',
      notes: [],
    });
    expect(d.orders).toEqual([expect.objectContaining({ id: placed.id, number: placed.number, status: 'placed', payment_method: 'cod' })]);
    expect(d.addresses.map((a) => a.address_detail)).toEqual(['House 7, Road 90']);
    expect(d.wishlist).toEqual([expect.objectContaining({ product_id: c.cream50.productId, name: 'Night Cream', brand: 'Test Lab' })]);

    const missing = await fulfilment.client.get('/customers/99999999/');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('not_found');
  });

  it('keeps notes with the name of who wrote them, newest first, each audited', async () => {
    const shopper = await customer('Nasrin');
    const id = shopper.customerId!;
    const first = await care.client.post(`/customers/${id}/notes/`, { note: 'Prefers a call after 6 PM' });
    expect(first.statusCode, first.body).toBe(200);
    const res = await care.client.post(`/customers/${id}/notes/`, { note: '  Asked about the Eid sale  ' });
    const d = res.json<{ data: AdminCustomerDetail }>().data;
    expect(d.notes.map((n) => n.body)).toEqual(['Asked about the Eid sale', 'Prefers a call after 6 PM']);
    expect(d.notes[0]!.staff).toBe('Test customer_care');
    expect((await auditsOf(id)).filter((a) => a.action === 'customer.note')).toHaveLength(2);
  });

  it('refuses bad input with 400 and a message per field, changing nothing', async () => {
    const shopper = await customer('Rokeya');
    const id = shopper.customerId!;
    const empty = await care.client.post(`/customers/${id}/notes/`, { note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields?.note).toBe('Write a note');
    const long = await care.client.post(`/customers/${id}/notes/`, { note: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    const noReason = await care.client.put(`/customers/${id}/cod/`, { blocked: true, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).fields?.reason).toBe('Say why cash on delivery is blocked');
    const notBoolean = await care.client.put(`/customers/${id}/cod/`, { blocked: 'yes', reason: 'x' });
    expect(notBoolean.statusCode).toBe(400);
    expect(errorOf(notBoolean).fields?.blocked).toBeTruthy();
    expect((await care.client.get('/customers/?sort=richest&page=0')).statusCode).toBe(400);
    expect((await care.client.get('/customers/?cod=allowed')).statusCode).toBe(400);
    expect((await care.client.get('/customers/abc/')).statusCode).toBe(400);
    expect(await ctx().db.select().from(customerNotes).where(eq(customerNotes.customerId, id))).toEqual([]);
    const [row] = await ctx().db.select().from(customers).where(eq(customers.id, id));
    expect(row!.codBlockedAt).toBeNull();
    expect(await auditsOf(id)).toEqual([]);
  });

  it('blocks a customer from COD with a reason, audited: checkout shows COD unavailable and refuses it (nothing placed), and offers it again once unblocked', async () => {
    const shopper = await customer('Sharmin');
    const id = shopper.customerId!;
    await shopper.address();
    await shopper.add(c.mask1.id, 1);

    const blocked = await care.client.put(`/customers/${id}/cod/`, { blocked: true, reason: 'Refused 3 parcels in October' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const d = blocked.json<{ data: AdminCustomerDetail }>().data;
    expect(d).toMatchObject({ cod_blocked: true, cod_blocked_reason: 'Refused 3 parcels in October' });
    expect(d.cod_blocked_at).toBeTruthy();
    expect(d.notes[0]).toMatchObject({ body: 'Blocked cash on delivery: Refused 3 parcels in October', staff: 'Test customer_care' });
    expect((await list('cod=blocked')).data.map((r) => r.id)).toContain(id);
    expect((await list('cod=blocked')).data.every((r) => r.cod_blocked)).toBe(true);

    const summary = (await shopper.checkout()).data;
    const cod = summary.payment_options.find((o) => o.method === 'cod');
    expect(cod).toMatchObject({ available: false, reason: messages.codNotAllowed() });
    expect(summary.payment_method).not.toBe('cod');
    expect(summary.payment_options.find((o) => o.method === 'bkash')).toMatchObject({ available: true, reason: null });

    const choose = await shopper.request('POST', '/checkout/payment_method/', { paymentMethod: 'cod' });
    expect(choose.statusCode).toBe(400);
    expect(errorOf(choose)).toMatchObject({ code: 'cod_not_allowed', message: messages.codNotAllowed() });
    const before = await ctx().db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, id));
    const pay = await shopper.pay({ payment_method: 'cod' }, `cu-blocked-${id}`);
    expect(pay.statusCode).toBe(400);
    expect(errorOf(pay)).toMatchObject({
      code: 'cod_not_allowed',
      message: messages.codNotAllowed(),
      fields: { payment: messages.codNotAllowed() },
    });
    expect(await ctx().db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, id))).toEqual(before);
    // The bag is still there to pay another way.
    expect((await shopper.checkout()).data.cart.line_items).toHaveLength(1);

    // The same phone as a guest is blocked too: signing out does not get round it.
    const guest = await newGuest(app());
    await ctx().db.update(guests).set({ phone: shopper.phone }).where(eq(guests.id, guest.guestId!));
    await guest.add(c.mask1.id, 1);
    await guest.address();
    const guestPay = await guest.pay({ payment_method: 'cod' }, `cu-guest-${id}`);
    expect(errorOf(guestPay).code).toBe('cod_not_allowed');

    // Blocking again with the same reason writes nothing more.
    await care.client.put(`/customers/${id}/cod/`, { blocked: true, reason: 'Refused 3 parcels in October' });
    const unblocked = await care.client.put(`/customers/${id}/cod/`, { blocked: false, reason: 'Paid the courier back' });
    expect(unblocked.json<{ data: AdminCustomerDetail }>().data).toMatchObject({
      cod_blocked: false,
      cod_blocked_at: null,
      cod_blocked_reason: '',
    });
    const audits = await auditsOf(id);
    expect(audits.map((a) => a.action)).toEqual(['customer.cod_block', 'customer.cod_unblock']);
    expect(audits[0]!.staffId).toBe(care.member.id);
    expect(audits[0]!.changes).toMatchObject({ cod_blocked: [false, true], cod_blocked_reason: ['', 'Refused 3 parcels in October'] });

    expect((await shopper.checkout()).data.payment_options.find((o) => o.method === 'cod')).toMatchObject({
      available: true,
      reason: null,
    });
    const placed = await shopper.pay({ payment_method: 'cod' }, `cu-unblocked-${id}`);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(payData(placed).type).toBe('cod');
  });

  it('lets whoever reads orders see customers, and only customers.write add notes or block: 401 without a token, 403 for the rest', async () => {
    const shopper = await customer('Jesmin');
    const id = shopper.customerId!;
    const noToken = await app().inject({ method: 'GET', url: '/api/v1/admin/customers/' });
    expect(noToken.statusCode).toBe(401);
    const asShopper = await app().inject({
      method: 'PUT',
      url: `/api/v1/admin/customers/${id}/cod/`,
      headers: { authorization: `Token ${shopper.token}` },
      payload: { blocked: true, reason: 'x' },
    });
    expect(asShopper.statusCode).toBe(401);
    const readers: StaffRole[] = ['owner', 'manager', 'fulfilment', 'customer_care'];
    const writers: StaffRole[] = ['owner', 'manager', 'customer_care'];
    for (const role of STAFF_ROLES) {
      const { client } = await signedInStaff(app(), ctx().env, role);
      expect((await client.get('/customers/')).statusCode, role).toBe(readers.includes(role) ? 200 : 403);
      expect((await client.get(`/customers/${id}/`)).statusCode, role).toBe(readers.includes(role) ? 200 : 403);
      expect((await client.get('/customers/export/')).statusCode, role).toBe(readers.includes(role) ? 200 : 403);
      const note = await client.post(`/customers/${id}/notes/`, { note: `from ${role}` });
      expect(note.statusCode, role).toBe(writers.includes(role) ? 200 : 403);
      if (note.statusCode === 403) expect(errorOf(note).code).toBe('forbidden');
      const block = await client.put(`/customers/${id}/cod/`, { blocked: false, reason: '' });
      expect(block.statusCode, role).toBe(writers.includes(role) ? 200 : 403);
    }
    const notes = await ctx().db.select().from(customerNotes).where(eq(customerNotes.customerId, id));
    expect(notes.map((n) => n.body).sort()).toEqual(writers.map((r) => `from ${r}`).sort());
    const [row] = await ctx().db.select().from(customers).where(eq(customers.id, id));
    expect(row!.codBlockedAt).toBeNull();
  });

  it('exports the filter as CSV, amounts in taka', async () => {
    const shopper = await customer('Mahmuda', 'Begum');
    const id = shopper.customerId!;
    await care.client.put(`/customers/${id}/cod/`, { blocked: true, reason: 'Fake orders, "twice"' });
    const res = await fulfilment.client.get('/customers/export/?cod=blocked');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,name,phone,email,registered_at,orders,spent,cod_risk,delivered,returned,cancelled,cod_blocked,cod_blocked_reason',
    );
    const line = lines.find((l) => l.startsWith(`${id},`));
    expect(line).toContain(`${id},Mahmuda Begum,${shopper.phone},`);
    expect(line).toContain(',0,0,New,0,0,0,yes,"Fake orders, ""twice"""');
    expect(lines.slice(1).every((l) => l.includes(',yes,'))).toBe(true);
    const byPhone = await fulfilment.client.get(`/customers/export/?q=0${shopper.phone.slice(4)}`);
    expect(byPhone.body.trim().split('\n')).toHaveLength(2);
  });
});
