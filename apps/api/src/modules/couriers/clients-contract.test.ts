import { describe, expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/support/app.js';
import { Clock } from '../../lib/clock.js';
import { loopbackTransport, type Transport } from '../../lib/http-transport.js';
import { SIMULATOR_PATHAO, SIMULATOR_PATHS, SIMULATOR_REDX, SIMULATOR_STEADFAST } from './config.js';
import { CourierError, localPhone, poishaOf, takaOf } from './courier-http.js';
import { PathaoClient, type PathaoOrderInput } from './pathao-client.js';
import { RedxClient, type RedxParcelInput } from './redx-client.js';
import { SteadfastClient, type SteadfastOrderInput } from './steadfast-client.js';

/*
 * Each client against its courier's simulator, through the same transport the app uses: the
 * contract (paths, headers, bodies, answers, refusals) is exercised end to end on both sides.
 */

let seq = 0;
const invoice = () => `GB-2611-${String(Date.now() % 1_000_000).padStart(6, '0')}${(seq += 1)}`;

describe('courier helpers', () => {
  it('sends 11-digit local mobiles and taka, reads taka back as poisha', () => {
    expect(localPhone('+8801712345678')).toBe('01712345678');
    expect(localPhone('8801712345678')).toBe('01712345678');
    expect(localPhone('০১৭১২৩৪৫৬৭৮')).toBe('01712345678');
    expect(takaOf(125_000)).toBe(1250);
    expect(poishaOf(1250)).toBe(125_000);
    expect(poishaOf('60.50')).toBe(6050);
    expect(poishaOf(undefined)).toBeNull();
  });
});

describeOnDatabases('courier clients against their simulators', (ctx) => {
  const base = () => ctx().env.PUBLIC_URL;
  const transport = (): Transport => loopbackTransport(ctx().app, base());
  /** A transport that counts the calls to each path. */
  const counting = () => {
    const calls: string[] = [];
    const inner = transport();
    const t: Transport = (url, init) => {
      calls.push(`${init.method} ${new URL(url).pathname}`);
      return inner(url, init);
    };
    return { t, calls };
  };

  describe('Steadfast', () => {
    const client = (keys = SIMULATOR_STEADFAST) =>
      new SteadfastClient({ baseUrl: `${base()}${SIMULATOR_PATHS.steadfast}`, ...keys }, transport());
    const order = (over: Partial<SteadfastOrderInput> = {}): SteadfastOrderInput => ({
      invoice: invoice(),
      recipient_name: 'Nusrat Jahan',
      recipient_phone: '01712345678',
      recipient_address: 'House 12, Road 5, Dhanmondi, Dhaka',
      cod_amount: 1860,
      note: 'Call first',
      ...over,
    });

    it('creates a consignment, then finds its status by id, invoice and tracking code', async () => {
      const input = order();
      const c = await client().createOrder(input);
      expect(c).toMatchObject({ invoice: input.invoice, cod_amount: 1860, status: 'in_review', recipient_phone: '01712345678' });
      expect(typeof c.consignment_id).toBe('number');
      expect(c.tracking_code).toMatch(/^[0-9A-F]{8}$/);
      expect(await client().statusByConsignment(c.consignment_id)).toBe('in_review');
      expect(await client().statusByInvoice(input.invoice)).toBe('in_review');
      expect(await client().statusByTrackingCode(c.tracking_code)).toBe('in_review');
    });

    it('refuses a taken invoice, a bad phone and wrong keys with a typed error', async () => {
      const input = order();
      await client().createOrder(input);
      await expect(client().createOrder(input)).rejects.toMatchObject({ refused: true, message: expect.stringContaining('invoice') });
      await expect(client().createOrder(order({ recipient_phone: '+8801712345678' }))).rejects.toMatchObject({
        message: expect.stringContaining('recipient_phone'),
      });
      const wrong = client({ ...SIMULATOR_STEADFAST, secretKey: 'nope' });
      await expect(wrong.createOrder(order())).rejects.toBeInstanceOf(CourierError);
      await expect(wrong.createOrder(order())).rejects.toMatchObject({ status: 401, refused: true });
    });

    it('books in bulk with an answer per order', async () => {
      const good = order();
      const answers = await client().createOrders([good, order({ recipient_phone: '123' })]);
      expect(answers).toHaveLength(2);
      expect(answers[0]).toMatchObject({ invoice: good.invoice, status: 'success', tracking_code: expect.any(String) });
      expect(answers[1]).toMatchObject({ status: 'error', consignment_id: null, tracking_code: null });
    });

    it('answers the fraud check with the same figures for the same phone', async () => {
      const a = await client().fraudCheck('01712345678');
      expect(a.total_parcels).toBe(a.total_delivered + a.total_cancelled);
      expect(await client().fraudCheck('01712345678')).toEqual(a);
    });

    it('an unreachable courier is a CourierError that is not a refusal', async () => {
      const down = new SteadfastClient({ baseUrl: 'http://127.0.0.1:9/api/v1', ...SIMULATOR_STEADFAST }, async () => {
        throw new Error('connect ECONNREFUSED');
      });
      await expect(down.statusByConsignment(1)).rejects.toMatchObject({ refused: false, courier: 'steadfast' });
    });
  });

  describe('Pathao', () => {
    const order = (over: Partial<PathaoOrderInput> = {}): PathaoOrderInput => ({
      merchant_order_id: invoice(),
      recipient_name: 'Nusrat Jahan',
      recipient_phone: '01712345678',
      recipient_address: 'House 12, Road 5, Dhanmondi, Dhaka',
      delivery_type: 48,
      item_type: 2,
      item_quantity: 2,
      item_weight: 0.5,
      amount_to_collect: 1860,
      ...over,
    });

    it('issues a token once, keeps it until it nearly expires, then refreshes it', async () => {
      const clock = new Clock();
      const { t, calls } = counting();
      const client = new PathaoClient({ baseUrl: `${base()}${SIMULATOR_PATHS.pathao}`, ...SIMULATOR_PATHAO }, t, clock);
      await client.cities();
      await client.cities();
      expect(calls.filter((c) => c.endsWith('/issue-token'))).toHaveLength(1);
      clock.advance(56 * 60_000);
      await client.cities();
      expect(calls.filter((c) => c.endsWith('/issue-token'))).toHaveLength(2);
    });

    it('creates an order, reads its info, lists locations and prices a parcel', async () => {
      const client = new PathaoClient({ baseUrl: `${base()}${SIMULATOR_PATHS.pathao}`, ...SIMULATOR_PATHAO }, transport(), new Clock());
      const input = order();
      const created = await client.createOrder(input);
      expect(created).toMatchObject({ merchant_order_id: input.merchant_order_id, order_status: 'Pending', delivery_fee: 60 });
      expect(created.consignment_id).toMatch(/^DL\d{6}[A-Z0-9]{6}$/);
      const info = await client.orderInfo(created.consignment_id);
      expect(info).toMatchObject({ consignment_id: created.consignment_id, order_status: 'Pending', order_status_slug: 'Pending' });
      const [dhaka] = await client.cities();
      expect(dhaka).toEqual({ city_id: 1, city_name: 'Dhaka' });
      const zones = await client.zones(1);
      expect(zones.length).toBeGreaterThan(0);
      expect((await client.areas(zones[0]!.zone_id))[0]).toMatchObject({ home_delivery_available: true });
      const price = await client.pricePlan({ item_type: 2, delivery_type: 48, item_weight: 0.5, recipient_city: 1, recipient_zone: 1 });
      expect(price.final_price).toBe(60);
      await expect(client.createOrdersBulk([order(), order()])).resolves.toBeUndefined();
    });

    it("refuses bad fields with Pathao's message and wrong credentials as a refusal", async () => {
      const client = new PathaoClient({ baseUrl: `${base()}${SIMULATOR_PATHS.pathao}`, ...SIMULATOR_PATHAO }, transport(), new Clock());
      await expect(client.createOrder(order({ item_weight: 20 }))).rejects.toMatchObject({
        refused: true,
        message: expect.stringContaining('item_weight'),
      });
      const wrong = new PathaoClient(
        { baseUrl: `${base()}${SIMULATOR_PATHS.pathao}`, ...SIMULATOR_PATHAO, password: 'nope' },
        transport(),
        new Clock(),
      );
      await expect(wrong.cities()).rejects.toMatchObject({ refused: true, courier: 'pathao' });
    });
  });

  describe('RedX', () => {
    const client = (token = SIMULATOR_REDX.apiToken) =>
      new RedxClient({ baseUrl: `${base()}${SIMULATOR_PATHS.redx}`, apiToken: token }, transport());
    const parcel = async (over: Partial<RedxParcelInput> = {}): Promise<RedxParcelInput> => {
      const [area] = await client().areas({ district_name: 'Dhaka' });
      return {
        customer_name: 'Nusrat Jahan',
        customer_phone: '01712345678',
        delivery_area: area!.name,
        delivery_area_id: area!.id,
        customer_address: 'House 12, Road 5, Dhanmondi, Dhaka',
        merchant_invoice_id: invoice(),
        cash_collection_amount: '1860',
        parcel_weight: 500,
        value: 1860,
        ...over,
      };
    };

    it('creates a parcel, reads its info and tracking, filters areas', async () => {
      const input = await parcel();
      const { tracking_id } = await client().createParcel(input);
      const info = await client().parcelInfo(tracking_id);
      expect(info).toMatchObject({
        tracking_id,
        status: 'pickup-pending',
        cash_collection_amount: 1860,
        merchant_invoice_id: input.merchant_invoice_id,
      });
      expect((await client().track(tracking_id))[0]).toMatchObject({ message_en: expect.any(String), message_bn: expect.any(String) });
      expect((await client().areas({ post_code: 1209 })).map((a) => a.name)).toEqual(['Dhanmondi']);
    });

    it('cancels a parcel not picked up, once; refuses a wrong token', async () => {
      const { tracking_id } = await client().createParcel(await parcel());
      await client().cancelParcel(tracking_id, 'Customer changed their mind');
      expect((await client().parcelInfo(tracking_id)).status).toBe('cancelled');
      await expect(client().cancelParcel(tracking_id, 'again')).rejects.toMatchObject({ refused: true });
      await expect(client('nope').areas()).rejects.toMatchObject({ status: 401, refused: true });
      await expect(client().createParcel(await parcel({ delivery_area_id: 999_999 }))).rejects.toMatchObject({ refused: true });
    });
  });
});
