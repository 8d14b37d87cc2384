import { beforeAll, expect, it } from 'vitest';
import { DASHBOARD_PERIODS, type Dashboard, type DashboardPeriod } from '@store/shared/admin-dashboard';
import type { ApiErrorBody } from '@store/shared/api';
import {
  DELIVERY_ZONES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type DeliveryZone,
  type OrderStatus,
  type PaymentMethod,
} from '@store/shared/checkout-rules';
import { describeOnDatabases } from '../../../test/support/app.js';
import { uniquePhone } from '../../../test/support/fixtures.js';
import { signedInStaff, staffClient, type StaffClient } from '../../../test/support/staff.js';
import { guests } from '../accounts/accounts.tables.js';
import { orderLines, orders } from './orders.tables.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Dhaka is UTC+6 all year: its midnight is 18:00 UTC the day before. */
const dhakaMidnight = (ms: number) => ms - ((ms + 6 * HOUR) % DAY);

type Line = { productId: number; quantity: number; linePrice: number; gift: boolean };
type Row = {
  createdAt: number;
  status: OrderStatus;
  method: PaymentMethod;
  zone: DeliveryZone | null;
  total: number;
  refunded: number;
  lines: Line[];
};

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  let s = seed;
  const next = () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

describeOnDatabases('admin dashboard', (ctx) => {
  const app = () => ctx().app;
  let editor: StaffClient;
  let t0 = 0;
  const rows: Row[] = [];

  beforeAll(async () => {
    // The clock at 14:30 in Dhaka, so no window edge falls within the seconds the test runs.
    const now = app().clock.nowMs();
    app().clock.advance((((14.5 * HOUR - ((now + 6 * HOUR) % DAY)) % DAY) + DAY) % DAY);
    t0 = app().clock.nowMs();
    editor = (await signedInStaff(app(), ctx().env, 'catalog_editor')).client;

    const g = generator(18);
    const today = dhakaMidnight(t0);
    // The edges: the first instant of today and of 7 and 30 days' windows, the last instant before
    // them, yesterday before and after this time of day (previous window, and the day between).
    const edges = [
      today,
      today - 1,
      today - 6 * DAY,
      today - 6 * DAY - 1,
      today - 13 * DAY,
      today - 59 * DAY,
      t0 - DAY - HOUR,
      t0 - DAY + HOUR,
    ];
    const spread = Array.from({ length: 220 }, () => t0 - Math.floor(g.next() * 62 * DAY));
    // Nothing within two minutes after a previous window's end: the request's "now" is a few seconds after t0.
    const times = [...edges, ...spread].filter((at) => ![DAY, 7 * DAY, 30 * DAY].some((d) => at >= t0 - d && at < t0 - d + 2 * MINUTE));
    for (const createdAt of times) {
      const method = g.pick(PAYMENT_METHODS);
      const total = (200 + Math.floor(g.next() * 4_000)) * 100;
      const lines = Array.from({ length: 1 + Math.floor(g.next() * 3) }, () => {
        const gift = g.next() < 0.1;
        const quantity = 1 + Math.floor(g.next() * 3);
        return {
          productId: 1 + Math.floor(g.next() * 14),
          quantity,
          linePrice: gift ? 0 : quantity * (100 + Math.floor(g.next() * 900)) * 100,
          gift,
        };
      });
      rows.push({
        createdAt,
        status: g.pick(ORDER_STATUSES),
        method,
        zone: method === 'cash_on_pickup' ? null : g.pick(DELIVERY_ZONES),
        total,
        refunded: g.next() < 0.15 ? Math.floor(g.next() * (total / 100)) * 100 : 0,
        lines,
      });
    }

    const [guest] = await ctx()
      .db.insert(guests)
      .values({ id: `dashboard-${ctx().kind}`, phone: uniquePhone() })
      .returning();
    const inserted = await ctx()
      .db.insert(orders)
      .values(
        rows.map((r, i) => ({
          number: `GB-DASH-${i}`,
          token: `dashboard-${i}`,
          guestId: guest!.id,
          status: r.status,
          paymentMethod: r.method,
          deliveryType: r.zone === null ? ('pickup' as const) : ('standard' as const),
          zone: r.zone,
          subtotal: r.total,
          total: r.total,
          refundedAmount: r.refunded,
          createdAt: new Date(r.createdAt),
          updatedAt: new Date(r.createdAt),
        })),
      )
      .returning({ id: orders.id });
    await ctx()
      .db.insert(orderLines)
      .values(
        rows.flatMap((r, i) =>
          r.lines.map((l) => ({
            orderId: inserted[i]!.id,
            productId: l.productId,
            sku: `SKU-${l.productId}`,
            productTitle: `Product ${l.productId}`,
            variantTitle: '50 ml',
            vendor: 'Brand',
            productUrl: `/brand/product-${l.productId}`,
            quantity: l.quantity,
            price: l.linePrice / l.quantity,
            discountedPrice: l.linePrice / l.quantity,
            linePrice: l.linePrice,
            gift: l.gift,
          })),
        ),
      );
  });

  /** Every figure of a period, computed here from the rows inserted, with the answer's "now". */
  function expected(period: DashboardPeriod, now: number) {
    const days = { today: 1, '7d': 7, '30d': 30 }[period];
    const bucketMs = period === 'today' ? HOUR : DAY;
    const curFrom = dhakaMidnight(now) - (days - 1) * DAY;
    const prevFrom = curFrom - days * DAY;
    const prevTo = now - days * DAY;
    const inCur = rows.filter((r) => r.createdAt >= curFrom && r.createdAt < now);
    const inPrev = rows.filter((r) => r.createdAt >= prevFrom && r.createdAt < prevTo);
    const sold = (r: Row) => r.status !== 'cancelled' && r.status !== 'returned';
    const net = (list: Row[]) => list.reduce((sum, r) => sum + r.total - r.refunded, 0);
    const figures = (list: Row[], from: number, to: number) => {
      const counted = list.filter(sold);
      const sales = net(counted);
      return {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        sales,
        orders: counted.length,
        average_order_value: counted.length ? Math.round(sales / counted.length) : 0,
      };
    };
    const bucketsOf = (list: Row[], from: number) => {
      const out = Array.from({ length: period === 'today' ? 24 : days }, () => ({ sales: 0, orders: 0 }));
      for (const r of list.filter(sold)) {
        const b = out[Math.floor((r.createdAt - from) / bucketMs)]!;
        b.sales += r.total - r.refunded;
        b.orders += 1;
      }
      return out;
    };
    const cur = bucketsOf(inCur, curFrom);
    const prev = bucketsOf(inPrev, prevFrom);
    const codReturns = (list: Row[]) => {
      const ended = list.filter((r) => r.method === 'cod' && ['delivered', 'partially_delivered', 'returned'].includes(r.status));
      const returned = ended.filter((r) => r.status !== 'delivered').length;
      return { returned, ended: ended.length, rate: ended.length ? returned / ended.length : null };
    };
    const products = new Map<number, { product_id: number; title: string; units: number; revenue: number }>();
    for (const r of inCur.filter(sold)) {
      for (const l of r.lines.filter((line) => !line.gift)) {
        const p = products.get(l.productId) ?? { product_id: l.productId, title: `Product ${l.productId}`, units: 0, revenue: 0 };
        p.units += l.quantity;
        p.revenue += l.linePrice;
        products.set(l.productId, p);
      }
    }
    const top = (key: 'units' | 'revenue', other: 'units' | 'revenue') =>
      [...products.values()].sort((a, b) => b[key] - a[key] || b[other] - a[other] || a.product_id - b.product_id).slice(0, 10);
    return {
      current: figures(inCur, curFrom, now),
      previous: figures(inPrev, prevFrom, prevTo),
      points: cur.map((b, i) => {
        const begun = curFrom + i * bucketMs < now;
        return {
          start: new Date(curFrom + i * bucketMs).toISOString(),
          sales: begun ? b.sales : null,
          orders: begun ? b.orders : null,
          previous_sales: begun ? prev[i]!.sales : null,
          previous_orders: begun ? prev[i]!.orders : null,
        };
      }),
      by_status: ORDER_STATUSES.map((status) => {
        const list = inCur.filter((r) => r.status === status);
        return { status, orders: list.length, amount: net(list) };
      }),
      payment_methods: PAYMENT_METHODS.map((method) => {
        const list = inCur.filter((r) => sold(r) && r.method === method);
        return { method, orders: list.length, amount: net(list) };
      }),
      zones: [...DELIVERY_ZONES, null].map((zone) => {
        const list = inCur.filter((r) => sold(r) && r.zone === zone);
        return { zone, orders: list.length, amount: net(list) };
      }),
      top_products: { by_units: top('units', 'revenue'), by_revenue: top('revenue', 'units') },
      cod_returns: { current: codReturns(inCur), previous: codReturns(inPrev) },
    };
  }

  it.each(DASHBOARD_PERIODS)(
    'answers every figure of %s as the rows give it, against the previous period of the same length',
    async (period) => {
      const res = await editor.get(`/dashboard/?period=${period}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<{ data: Dashboard }>().data;
      const now = Date.parse(data.current.to);
      expect(now).toBeGreaterThanOrEqual(t0);
      expect(now).toBeLessThanOrEqual(app().clock.nowMs());
      const want = expected(period, now);
      expect(data.period).toBe(period);
      expect(data.current).toEqual(want.current);
      expect(data.previous).toEqual(want.previous);
      expect(data.series).toEqual({ bucket: period === 'today' ? 'hour' : 'day', points: want.points });
      expect(data.by_status).toEqual(want.by_status);
      expect(data.payment_methods).toEqual(want.payment_methods);
      expect(data.zones).toEqual(want.zones);
      expect(data.top_products).toEqual(want.top_products);
      expect(data.cod_returns).toEqual(want.cod_returns);
      // The data set is rich enough that each figure says something.
      expect(want.current.orders).toBeGreaterThan(0);
      expect(want.previous.orders).toBeGreaterThan(0);
      if (period === '30d') {
        expect(want.top_products.by_units).toHaveLength(10);
        expect(want.top_products.by_units).not.toEqual(want.top_products.by_revenue);
        expect(want.cod_returns.current.returned).toBeGreaterThan(0);
        expect(want.zones.find((z) => z.zone === null)!.orders).toBeGreaterThan(0);
      }
    },
  );

  it('is for roles with dashboard.read only, signed in, with a known period', async () => {
    const anonymous = staffClient(app());
    const signedOut = await anonymous.get('/dashboard/?period=7d');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json<ApiErrorBody>().error.code).toBe('login_required');

    const contentEditor = (await signedInStaff(app(), ctx().env, 'content_editor')).client;
    const refused = await contentEditor.get('/dashboard/?period=7d');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiErrorBody>().error.code).toBe('forbidden');

    for (const period of ['yesterday', '365d', '']) {
      const bad = await editor.get(`/dashboard/?period=${period}`);
      expect(bad.statusCode, period).toBe(400);
      expect(bad.json<ApiErrorBody>().error.fields?.period).toBe('Choose today, 7d or 30d');
    }
    // Without a period, today; the address without its trailing slash too.
    const plain = await editor.get('/dashboard');
    expect(plain.statusCode).toBe(200);
    expect(plain.json<{ data: Dashboard }>().data.period).toBe('today');
  });
});
