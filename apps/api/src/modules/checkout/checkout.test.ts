import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@store/shared/cart';
import type {
  AddressListResponse,
  CheckoutResponse,
  DiscountResponse,
  OrderDetail,
  PublicOrder,
  RemoveDiscountResponse,
} from '@store/shared/checkout';
import type { ApiErrorBody } from '@store/shared/api';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { outboxFor } from '../../../test/support/test-client.js';
import { variants } from '../catalog/catalog.tables.js';
import { storeLocations } from '../content/content.tables.js';
import { orders } from '../orders/orders.tables.js';
import { transitionOrder } from '../orders/index.js';
import { coupons } from './checkout.tables.js';
import { createTestCatalog, newCustomer, newGuest, payData, type TestCatalog } from '../../../test/support/fixtures.js';

const err = (body: string) => JSON.parse(body) as ApiErrorBody;

/** Milliseconds until the next given hour in Dhaka (UTC+6, no daylight saving). */
function untilDhakaHour(hour: number, nowMs: number): number {
  const dhaka = new Date(nowMs + 6 * 3600_000);
  const target = Date.UTC(dhaka.getUTCFullYear(), dhaka.getUTCMonth(), dhaka.getUTCDate(), hour) - 6 * 3600_000;
  return target > nowMs ? target - nowMs : target + 24 * 3600_000 - nowMs;
}

describeOnDatabases('checkout', (ctx) => {
  let c: TestCatalog;
  let storeId: number;
  beforeAll(async () => {
    c = await createTestCatalog(ctx().db);
    const [store] = await ctx()
      .db.insert(storeLocations)
      .values({
        name: 'Test Store Gulshan',
        address: 'Road 90, Gulshan 2, Dhaka',
        area: 'Gulshan 2',
        city: 'Dhaka',
        phone: '+8809610000000',
        hours: 'Daily 10–21',
      })
      .returning();
    storeId = store!.id;
    await ctx()
      .db.insert(coupons)
      .values([
        { code: 'T10', kind: 'percentage', value: 10, title: '10% off', perCustomerLimit: 1 },
        { code: 'T200', kind: 'fixed_amount', value: 20_000, minSubtotal: 200_000, title: '৳200 off' },
        { code: 'TSHIP', kind: 'free_shipping', title: 'Free delivery' },
        { code: 'TB2G1', kind: 'buy_x_get_y', buyQuantity: 2, getQuantity: 1, collectionId: c.collectionId, title: 'Buy 2 get 1' },
        { code: 'TOLD', kind: 'percentage', value: 5, title: 'Old', endsAt: new Date('2020-01-01') },
        { code: 'TSOON', kind: 'percentage', value: 5, title: 'Soon', startsAt: new Date('2099-01-01') },
        { code: 'TOFF', kind: 'percentage', value: 5, title: 'Off', active: false },
      ]);
  });

  describe('the locations list', () => {
    it('has the 8 divisions and 64 districts, Dhaka city thanas inside Dhaka and Savar in the suburb', async () => {
      const res = await ctx().app.inject('/api/v1/checkout/locations/');
      expect(res.statusCode).toBe(200);
      const divisions = res.json<{ data: { name: string; districts: { name: string; areas: { name: string; zone: string }[] }[] }[] }>()
        .data;
      expect(divisions).toHaveLength(8);
      expect(divisions.flatMap((d) => d.districts)).toHaveLength(64);
      const dhaka = divisions.find((d) => d.name === 'Dhaka')!.districts.find((d) => d.name === 'Dhaka')!;
      expect(dhaka.areas.find((a) => a.name === 'Dhanmondi')?.zone).toBe('inside_dhaka');
      expect(dhaka.areas.find((a) => a.name === 'Savar')?.zone).toBe('dhaka_suburb');
      expect(dhaka.areas.filter((a) => a.zone === 'inside_dhaka').length).toBeGreaterThanOrEqual(50);
    });
  });

  describe('addresses', () => {
    it('refuses a visitor with Please login to proceed', async () => {
      const res = await ctx().app.inject('/api/v1/addresses/?type=shipping');
      expect(res.statusCode).toBe(401);
      expect(err(res.body).error.message).toBe(messages.loginRequired());
    });

    it('adds, lists, edits and deletes, with one default per type and zones from the area', async () => {
      const s = await newCustomer(ctx().app);
      const first = await s.address();
      expect(first).toMatchObject({
        type: 'shipping',
        default: true,
        zone: 'inside_dhaka',
        phone: '+8801712345678',
        location: 'Dhaka',
        area: 'Dhanmondi',
      });
      const added = await s.request('POST', '/addresses/?type=shipping', {
        name: 'Rafi',
        phone: '01812345678',
        division: 'Dhaka',
        location: 'Gazipur',
        area: 'Tongi',
        address_detail: 'Station Road',
        default: true,
      });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({
        success: true,
        detail: messages.addAddressSuccess(),
        data: { zone: 'dhaka_suburb', default: true },
      });
      const list = (await s.request('GET', '/addresses/?type=shipping')).json<AddressListResponse>().data;
      expect(list.map((a) => [a.name, a.default])).toEqual([
        ['Rafi', true],
        ['Nusrat Jahan', false],
      ]);
      const second = list[0]!;
      const edited = await s.request('PUT', `/addresses/${second.id}/?type=shipping`, {
        ...second,
        location: 'Chattogram',
        division: 'Chattogram',
        area: 'Panchlaish',
      });
      expect(edited.json()).toMatchObject({ success: true, detail: messages.addressUpdated(), data: { zone: 'outside_dhaka' } });
      const deleted = await s.request('DELETE', `/addresses/${second.id}/?type=shipping`);
      expect(deleted.json()).toEqual({ success: true, detail: messages.deleteSuccess() });
      const after = (await s.request('GET', '/addresses/?type=shipping')).json<AddressListResponse>().data;
      expect(after.map((a) => [a.id, a.default])).toEqual([[first.id, true]]);
    });

    it('validates the form with the address-step messages and places from the list only', async () => {
      const s = await newCustomer(ctx().app);
      const empty = await s.request('POST', '/addresses/?type=shipping', {
        name: '',
        phone: '',
        division: '',
        location: '',
        area: '',
        address_detail: '',
      });
      expect(empty.statusCode).toBe(400);
      expect(err(empty.body).error.fields).toMatchObject({
        phone: messages.addressPhoneRequired(),
        name: messages.addressNameRequired(),
        division: messages.divisionRequired(),
        location: messages.districtRequired(),
        area: messages.areaRequired(),
      });
      const badPhone = await s.request('POST', '/addresses/?type=shipping', {
        name: 'A',
        phone: '01212345678',
        division: 'Dhaka',
        location: 'Dhaka',
        area: 'Dhanmondi',
        address_detail: 'x',
      });
      expect(err(badPhone.body).error.fields?.phone).toBe(messages.phoneInvalid());
      const nowhere = await s.request('POST', '/addresses/?type=shipping', {
        name: 'A',
        phone: '01712345678',
        division: 'Dhaka',
        location: 'Dhaka',
        area: 'Atlantis',
        address_detail: 'x',
      });
      expect(err(nowhere.body).error.fields?.area).toBe(messages.areaRequired());
    });

    it("answers 404 for another customer's address, and a guest keeps theirs by guest id", async () => {
      const a = await newCustomer(ctx().app);
      const b = await newCustomer(ctx().app);
      const g = await newGuest(ctx().app);
      const mine = await a.address();
      const guests = await g.address({ name: 'Guest Home' });
      for (const [who, id] of [
        [b, mine.id],
        [g, mine.id],
        [a, guests.id],
      ] as const) {
        expect(
          (
            await who.request('PUT', `/addresses/${id}/?type=shipping`, {
              name: 'X',
              phone: '01712345678',
              division: 'Dhaka',
              location: 'Dhaka',
              area: 'Dhanmondi',
              address_detail: 'x',
            })
          ).statusCode,
        ).toBe(404);
        expect((await who.request('DELETE', `/addresses/${id}/?type=shipping`)).statusCode).toBe(404);
      }
      await b.add(c.serum30.id);
      const stolen = await b.request('POST', '/checkout/shipping_address/', { user_address_id: mine.id, delivery_type: 'standard' });
      expect(stolen.statusCode).toBe(404);
      expect((await g.request('GET', '/addresses/?type=shipping')).json<AddressListResponse>().data.map((x) => x.name)).toEqual([
        'Guest Home',
      ]);
    });
  });

  describe('delivery and totals', () => {
    it('prices standard delivery by zone from the settings and offers pickup from the stores', async () => {
      const s = await newCustomer(ctx().app);
      await s.add(c.serum30.id, 2);
      const inside = await s.address();
      const suburb = await s.address({ location: 'Narayanganj', area: 'Fatullah' });
      const outside = await s.address({ division: 'Sylhet', location: 'Sylhet', area: 'Jalalabad' });
      const set = async (body: object) => (await s.request('POST', '/checkout/shipping_address/', body)).json<CheckoutResponse>();
      // The default address is chosen until the shopper picks one.
      const initial = (await s.checkout()).data;
      expect(initial.shipping_address_id).toBe(inside.id);
      expect(initial.totals).toMatchObject({ subtotal: 180_000, shipping: 6_000, total: 186_000 });
      expect((await set({ user_address_id: suburb.id, delivery_type: 'standard' })).data.totals).toMatchObject({
        shipping: 10_000,
        total: 190_000,
      });
      expect((await set({ user_address_id: outside.id, delivery_type: 'standard' })).data).toMatchObject({
        zone: 'outside_dhaka',
        totals: { shipping: 13_000 },
      });
      const pickup = (await set({ store_location_id: storeId, delivery_type: 'pickup' })).data;
      expect(pickup).toMatchObject({
        delivery_type: 'pickup',
        store_location_id: storeId,
        payment_method: 'cash_on_pickup',
        totals: { shipping: 0, total: 180_000 },
      });
      expect(pickup.payment_options.find((o) => o.method === 'cod')?.available).toBe(false);
      const neither = await s.request('POST', '/checkout/shipping_address/', { delivery_type: 'standard' });
      expect(neither.statusCode).toBe(400);
      expect(err(neither.body).error.message).toBe(messages.chooseDeliveryAddress());
    });

    it('gives same day inside Dhaka before the cut-off, else falls back to standard with message.shipping', async () => {
      const s = await newCustomer(ctx().app);
      await s.add(c.cream50.id);
      const inside = await s.address();
      const outside = await s.address({ division: 'Khulna', location: 'Khulna', area: 'Sonadanga' });
      ctx().app.clock.advance(untilDhakaHour(10, ctx().app.clock.nowMs()));
      const morning = (
        await s.request('POST', '/checkout/shipping_address/', { user_address_id: inside.id, delivery_type: 'same_day' })
      ).json<CheckoutResponse>();
      expect(morning.message).toBeUndefined();
      expect(morning.data).toMatchObject({ delivery_type: 'same_day', totals: { shipping: 15_000, total: 165_000 } });
      const far = (
        await s.request('POST', '/checkout/shipping_address/', { user_address_id: outside.id, delivery_type: 'same_day' })
      ).json<CheckoutResponse>();
      expect(far.message?.shipping).toBe(messages.sameDayUnavailable('2 PM'));
      expect(far.data).toMatchObject({ delivery_type: 'standard', totals: { shipping: 13_000 } });
      ctx().app.clock.advance(untilDhakaHour(15, ctx().app.clock.nowMs()));
      const late = (
        await s.request('POST', '/checkout/shipping_address/', { user_address_id: inside.id, delivery_type: 'same_day' })
      ).json<CheckoutResponse>();
      expect(late.message?.shipping).toBe(messages.sameDayUnavailable('2 PM'));
      expect(late.data.delivery_type).toBe('standard');
    });
  });

  describe('coupons', () => {
    it('applies percentage, fixed, free-shipping and buy-2-get-1 codes with the SPEC messages, and removes them', async () => {
      const s = await newCustomer(ctx().app);
      await s.add(c.serum30.id, 2);
      // Outside Dhaka, where free standard delivery does not reach: the free-shipping code is what waives the fee.
      await s.address({ division: 'Sylhet', location: 'Sylhet', area: 'Jalalabad' });
      const apply = (code: string) => s.request('POST', '/checkout/discount_code/', { discount: { code } });
      const ten = await apply('t10');
      expect(ten.statusCode).toBe(200);
      expect(ten.json<DiscountResponse>()).toMatchObject({
        success: true,
        detail: messages.couponApplied('T10'),
        data: { coupon: { code: 'T10' }, totals: { subtotal: 180_000, discount: 18_000, total: 175_000 } },
      });
      const flatShort = await apply('T200');
      expect(flatShort.statusCode).toBe(400);
      expect(err(flatShort.body).error.fields?.discount).toBe(messages.couponMinSpend('৳2,000'));
      await s.add(c.cream50.id);
      expect((await apply('T200')).json<DiscountResponse>().data.totals).toMatchObject({
        subtotal: 330_000,
        discount: 20_000,
        shipping: 13_000,
        total: 323_000,
      });
      expect((await apply('TSHIP')).json<DiscountResponse>().data.totals).toMatchObject({
        discount: 0,
        shipping: 0,
        shipping_waived: 13_000,
        free_delivery: false,
        total: 330_000,
      });
      const b2g1Short = await apply('TB2G1');
      // The refusal names what qualifies.
      expect(err(b2g1Short.body).error.fields?.discount).toBe('Add 3 more items from the K-beauty collection to use this coupon');
      await s.add(c.mask1.id, 2);
      await s.add(c.toner150.id, 1);
      // Eligible units: toner ৳800, mask ৳200, mask ৳200 → the cheapest of the three is free.
      expect((await apply('TB2G1')).json<DiscountResponse>().data.totals).toMatchObject({ discount: 20_000 });
      const removed = await s.request('POST', '/checkout/remove_discount/', {});
      expect(removed.json<RemoveDiscountResponse>()).toMatchObject({
        success: true,
        detail: messages.couponRemoved(),
        data: { success: true, draft_order: { coupon: null, totals: { discount: 0 } } },
      });
    });

    it('refuses unknown, expired, future and switched-off codes with message.discount', async () => {
      const s = await newCustomer(ctx().app);
      await s.add(c.serum30.id);
      for (const [code, message] of [
        ['NOPE', messages.couponInvalid()],
        ['TOLD', messages.couponExpired()],
        ['TSOON', messages.couponNotStarted()],
        ['TOFF', messages.couponInvalid()],
      ] as const) {
        const res = await s.request('POST', '/checkout/discount_code/', { discount: { code } });
        expect(res.statusCode).toBe(400);
        expect(err(res.body).error.fields?.discount).toBe(message);
      }
    });

    it('drops a free-shipping code when the address changes', async () => {
      const s = await newCustomer(ctx().app);
      await s.add(c.serum30.id);
      const a = await s.address();
      const b = await s.address({ location: 'Gazipur', area: 'Tongi' });
      await s.request('POST', '/checkout/shipping_address/', { user_address_id: a.id, delivery_type: 'standard' });
      await s.request('POST', '/checkout/discount_code/', { discount: { code: 'TSHIP' } });
      const same = (
        await s.request('POST', '/checkout/shipping_address/', { user_address_id: a.id, delivery_type: 'standard' })
      ).json<CheckoutResponse>();
      expect(same.data.coupon?.code).toBe('TSHIP');
      const moved = (
        await s.request('POST', '/checkout/shipping_address/', { user_address_id: b.id, delivery_type: 'standard' })
      ).json<CheckoutResponse>();
      expect(moved.message?.discount).toBe(messages.couponDroppedAddressChanged('TSHIP'));
      expect(moved.data).toMatchObject({ coupon: null, totals: { shipping: 10_000 } });
    });

    it('lets a customer use a once-per-customer code once', async () => {
      const s = await newCustomer(ctx().app);
      await s.add(c.serum30.id);
      await s.address();
      await s.request('POST', '/checkout/discount_code/', { discount: { code: 'T10' } });
      const first = await s.pay({}, 'once-per-customer-1');
      expect(first.statusCode).toBe(200);
      await s.add(c.serum30.id);
      const again = await s.request('POST', '/checkout/discount_code/', { discount: { code: 'T10' } });
      expect(err(again.body).error.fields?.discount).toBe(messages.couponAlreadyUsed());
    });
  });

  describe('placing an order', () => {
    it('refuses a visitor with Please login to proceed', async () => {
      const res = await ctx().app.inject({ method: 'POST', url: '/api/v1/checkout/pay/', payload: {} });
      expect(res.statusCode).toBe(401);
      expect(err(res.body).error.message).toBe(messages.loginRequired());
    });

    it('refuses without an address or a store: Please choose delivery address', async () => {
      const s = await newCustomer(ctx().app);
      await s.add(c.serum30.id);
      const res = await s.pay({}, 'no-address-1');
      expect(res.statusCode).toBe(400);
      expect(err(res.body).error.message).toBe(messages.chooseDeliveryAddress());
    });

    it('places a COD order priced by the server, takes the stock, closes the bag and sends the confirmation', async () => {
      const s = await newCustomer(ctx().app);
      await s.add(c.serum30.id, 2);
      const address = await s.address();
      const [before] = await ctx().db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, c.serum30.id));
      const res = await s.pay(
        { address_id: address.id, payment_method: 'cod', referral_code: 'FRIEND7', aff: 'partner-1', aff_uid: 'u-9', total: 1 } as object,
        'cod-order-1',
      );
      expect(res.statusCode).toBe(200);
      const data = payData(res);
      expect(data).toMatchObject({
        type: 'cod',
        redirectGatewayURL: null,
        order: { status: 'placed', payment_status: 'pending', total: 186_000 },
      });
      expect(data.order.number).toMatch(/^GB-\d{4}-\d{6}$/);
      expect(data.order.id).toMatch(/^[\w-]{24}$/);
      const [after] = await ctx().db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, c.serum30.id));
      expect(after!.stock).toBe(before!.stock - 2);
      const [row] = await ctx().db.select().from(orders).where(eq(orders.number, data.order.number));
      expect(row).toMatchObject({
        referralCode: 'FRIEND7',
        affiliate: { aff: 'partner-1', aff_uid: 'u-9' },
        shipping: 6_000,
        contactPhone: s.phone,
      });
      const bag = (await s.request('GET', '/cart/')).json<{ data: Cart }>().data;
      expect(bag.line_items).toEqual([]);
      const sms = await outboxFor(ctx().app, s.phone);
      expect(sms[0]?.body).toContain(data.order.number);
      expect(sms[0]?.body).toContain('৳1,860');
      const detail = (await s.request('GET', `/orders/${data.order.number}/`)).json<{ data: OrderDetail }>().data;
      expect(detail).toMatchObject({
        number: data.order.number,
        shipping_address: { area: 'Dhanmondi' },
        line_items: [{ quantity: 2, discounted_price: 90_000 }],
      });
      expect(detail.history.map((h) => h.to)).toEqual(['placed']);
    });

    it('places a cash-on-pickup order for a guest', async () => {
      const g = await newGuest(ctx().app);
      await g.add(c.cream50.id);
      const res = await g.pay({ cash_on_pickup: true, store_location_id: storeId }, 'pickup-guest-1');
      expect(res.statusCode).toBe(200);
      expect(payData(res)).toMatchObject({ type: 'cash_on_pickup', order: { total: 150_000 } });
      const view = (await ctx().app.inject(`/api/v1/orders/verify/${payData(res).order.id}/`)).json<{ data: PublicOrder }>().data;
      expect(view).toMatchObject({
        number: payData(res).order.number,
        store_location: { name: 'Test Store Gulshan' },
        delivery_type: 'pickup',
      });
    });

    it('shows a link holder no address, phone or email, and the owner everything on the receipt', async () => {
      const s = await newCustomer(ctx().app);
      await s.add(c.serum30.id);
      await s.address();
      const order = payData(await s.pay({}, 'receipt-1')).order;
      const open = await ctx().app.inject(`/api/v1/orders/verify/${order.id}/`);
      expect(open.statusCode).toBe(200);
      expect(open.body).not.toContain('Dhanmondi');
      expect(open.body).not.toContain(s.phone);
      const stranger = (await ctx().app.inject(`/api/v1/orders/receipt/${order.id}/`)).json<{ data: { owner: unknown } }>();
      expect(stranger.data.owner).toBeNull();
      const own = (await s.request('GET', `/orders/receipt/${order.id}/`)).json<{
        data: { owner: { shipping_address: { area: string } } };
      }>();
      expect(own.data.owner.shipping_address.area).toBe('Dhanmondi');
      expect((await ctx().app.inject(`/api/v1/orders/verify/${order.number}/`)).statusCode).toBe(404);
    });

    it('moves statuses only through the transition function, which refuses illegal moves and records each change', async () => {
      const s = await newCustomer(ctx().app);
      await s.add(c.serum30.id);
      await s.address();
      const order = payData(await s.pay({}, 'transitions-1')).order;
      const [row] = await ctx().db.select().from(orders).where(eq(orders.number, order.number));
      const move = (change: Parameters<typeof transitionOrder>[2]) =>
        ctx().db.transaction((tx) => transitionOrder({ db: tx }, row!.id, change, 'test', new Date()));
      await expect(move({ status: 'delivered' })).rejects.toMatchObject({
        code: 'illegal_transition',
        message: 'Illegal order transition placed → delivered',
      });
      expect((await move({ status: 'confirmed' })).changed).toBe(true);
      expect((await move({ status: 'confirmed' })).changed).toBe(false);
      await move({ status: 'shipped' });
      await expect(move({ status: 'cancelled' })).rejects.toMatchObject({ code: 'illegal_transition' });
      await move({ status: 'delivered', payment: 'paid' });
      await expect(move({ payment: 'failed' })).rejects.toMatchObject({ message: 'Illegal payment transition paid → failed' });
      const detail = (await s.request('GET', `/orders/${order.number}/`)).json<{ data: OrderDetail }>().data;
      expect(detail).toMatchObject({ status: 'delivered', payment_status: 'paid' });
      expect(detail.history.map((h) => `${h.kind}:${h.from ?? ''}>${h.to}`)).toEqual([
        'order:>placed',
        'order:placed>confirmed',
        'order:confirmed>shipped',
        'order:shipped>delivered',
        'payment:pending>paid',
      ]);
    });

    it("answers 404 for another customer's order and lists only one's own", async () => {
      const a = await newCustomer(ctx().app);
      const b = await newCustomer(ctx().app);
      await a.add(c.serum30.id);
      await a.address();
      const order = payData(await a.pay({}, 'own-order-1')).order;
      expect((await b.request('GET', `/orders/${order.number}/`)).statusCode).toBe(404);
      expect((await a.request('GET', `/orders/${order.number}/`)).statusCode).toBe(200);
      expect((await b.request('GET', '/orders/')).json()).toEqual({ data: [], count: 0 });
      expect((await a.request('GET', '/orders/')).json<{ data: { number: string }[] }>().data.map((o) => o.number)).toEqual([order.number]);
    });
  });
});
