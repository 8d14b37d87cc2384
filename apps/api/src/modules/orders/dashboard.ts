import { sql } from 'drizzle-orm';
import {
  DASHBOARD_TOP_PRODUCTS,
  type Dashboard,
  type DashboardPeriod,
  type DashboardSeriesPoint,
  type DashboardTopProduct,
} from '@store/shared/admin-dashboard';
import {
  DELIVERY_ZONES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type DeliveryZone,
  type OrderStatus,
  type PaymentMethod,
} from '@store/shared/checkout-rules';
import { TaggedCache } from '../../lib/cache/tagged-cache.js';
import type { RequestCtx } from '../../lib/context.js';
import { dbKey, selectRows } from '../../db/client.js';
import { orderLines, orders } from './orders.tables.js';

/*
 * The back office's dashboard (issue 18 item 7; docs/back-office.md, "Dashboard").
 *
 * Windows. A period ends now. `today` starts at 00:00 in Dhaka; `7d` and `30d` start at 00:00 of the
 * Dhaka day 6 or 29 days before today, so they hold 7 or 30 calendar days, today's so far. The
 * previous window is the same length, moved back 1, 7 or 30 days: today until 14:05 is compared
 * with yesterday until 14:05. An order belongs to the window its created_at (when it was placed)
 * falls in; its status, payment and refunds are read as they stand now.
 *
 * Which orders count:
 * - sales, orders, average order value, the chart, payment methods, zones and top products count
 *   the orders placed in the window that are neither cancelled nor returned (nothing was sold: the
 *   goods are back on the shelf). An order awaiting an online payment counts until it is cancelled.
 * - sales = Σ (total − refunded_amount) of those orders, in poisha: shipping included, coupons and
 *   refunds (partial ones too) taken off. average order value = sales ÷ orders.
 * - by status: every order placed in the window, cancelled and returned ones too, with the same Σ.
 * - top products: those orders' lines, gifts left out, by product id; units = Σ quantity,
 *   revenue = Σ line_price (the lines' prices as bought, before order-wide coupons).
 * - COD return rate: of the cash-on-delivery orders placed in the window that have ended
 *   (delivered, partially delivered or returned), the share returned or partially delivered.
 *   Orders still on their way are in neither figure.
 *
 * Cost at 1,000,000 orders (~41,000 a month; docs/performance.md): one pass over the two windows'
 * orders read from orders_dashboard_idx alone, grouped by bucket, status, method and zone (a few
 * thousand rows at most come back and are folded here), and one over the current window's sold lines
 * from order_lines_sales_idx alone, for the top products: 80 and 115 ms for 30 days on PostgreSQL.
 * The answer is kept for DASHBOARD_CACHE_MS per database, period and window, so a screen opened by
 * several members at once, or refreshed, computes it once.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Dhaka keeps UTC+6 all year (packages/shared/src/dhaka-time.ts). */
const DHAKA_OFFSET = 6 * HOUR;
const DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };

/** How long one computation of the dashboard is served. */
export const DASHBOARD_CACHE_MS = 5_000;

/** Statuses whose orders are not sales. */
const NOT_SOLD: readonly OrderStatus[] = ['cancelled', 'returned'];
/** The ends of a COD order's journey, and those of them where the goods came back. */
const ENDED: readonly OrderStatus[] = ['delivered', 'partially_delivered', 'returned'];
const CAME_BACK: readonly OrderStatus[] = ['partially_delivered', 'returned'];

type Window = { from: number; to: number };
export type DashboardWindows = { current: Window; previous: Window; bucketMs: number; buckets: number };

/** The current and previous windows of a period at `now`, and the chart's buckets (hours today, Dhaka days otherwise). */
export function dashboardWindows(period: DashboardPeriod, now: Date): DashboardWindows {
  const days = DAYS[period];
  const nowMs = now.getTime();
  const todayStart = Math.floor((nowMs + DHAKA_OFFSET) / DAY) * DAY - DHAKA_OFFSET;
  const from = todayStart - (days - 1) * DAY;
  const shift = days * DAY;
  return {
    current: { from, to: nowMs },
    previous: { from: from - shift, to: nowMs - shift },
    bucketMs: period === 'today' ? HOUR : DAY,
    buckets: period === 'today' ? 24 : days,
  };
}

const cache = new TaggedCache<Dashboard>({ ttlMs: DASHBOARD_CACHE_MS, maxEntries: 100, name: 'dashboard' });

export function getDashboard(ctx: RequestCtx, period: DashboardPeriod): Promise<Dashboard> {
  const now = ctx.clock.now();
  const windows = dashboardWindows(period, now);
  // The window's start is in the key: a clock moved to another day (tests) never reads yesterday's answer.
  return cache.getOrLoad(`${dbKey(ctx.db)}|${period}|${windows.current.from}`, [], () => computeDashboard(ctx, period, windows, now));
}

type GroupRow = {
  current: boolean;
  /** The bucket's first instant (date_bin from the current window's start, which the previous one's buckets share). */
  bucket: Date | string;
  status: OrderStatus;
  method: PaymentMethod;
  zone: DeliveryZone | null;
  orders: number;
  amount: number | string;
};
type ProductRow = { list: 'units' | 'revenue'; product_id: number; title: string; units: number; revenue: number | string };

const iso = (ms: number) => new Date(ms).toISOString();
const ts = (ms: number) => sql`${iso(ms)}::timestamptz`;
const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

async function computeDashboard(ctx: RequestCtx, period: DashboardPeriod, w: DashboardWindows, now: Date): Promise<Dashboard> {
  const { current: cur, previous: prev } = w;
  const [groups, products] = await Promise.all([
    // One range from the previous window's start to now on orders_dashboard_idx (an OR of the two
    // windows made the planner read the whole index); the day between them is left out by the filter.
    selectRows<GroupRow>(
      ctx.db,
      sql`select ${orders.createdAt} >= ${ts(cur.from)} as current,
          date_bin(${`${w.bucketMs / 1000} seconds`}::interval, ${orders.createdAt}, ${ts(cur.from)}) as bucket,
          ${orders.status} as status, ${orders.paymentMethod} as method, ${orders.zone} as zone,
          count(*)::int as orders, sum(${orders.total} - ${orders.refundedAmount})::bigint as amount
        from ${orders}
        where ${orders.createdAt} >= ${ts(prev.from)} and ${orders.createdAt} < ${ts(cur.to)}
          and (${orders.createdAt} < ${ts(prev.to)} or ${orders.createdAt} >= ${ts(cur.from)})
        group by 1, 2, 3, 4, 5`,
    ),
    // Sold lines from order_lines_sales_idx alone; a product's title is its latest line's, read for the twenty shown.
    selectRows<ProductRow>(
      ctx.db,
      sql`with sold as (
          select ${orderLines.productId} as product_id, max(${orderLines.id}) as line_id,
            sum(${orderLines.quantity})::int as units, sum(${orderLines.linePrice})::bigint as revenue
          from ${orders} join ${orderLines} on ${orderLines.orderId} = ${orders.id}
          where ${orders.createdAt} >= ${ts(cur.from)} and ${orders.createdAt} < ${ts(cur.to)}
            and ${orders.status} not in (${inList(NOT_SOLD)}) and not ${orderLines.gift}
          group by ${orderLines.productId}
        )
        select top.list, top.product_id, top.units, top.revenue,
          (select ${orderLines.productTitle} from ${orderLines} where ${orderLines.id} = top.line_id) as title
        from (
          (select 'units' as list, * from sold order by units desc, revenue desc, product_id limit ${DASHBOARD_TOP_PRODUCTS})
          union all
          (select 'revenue' as list, * from sold order by revenue desc, units desc, product_id limit ${DASHBOARD_TOP_PRODUCTS})
        ) top`,
    ),
  ]);
  return foldDashboard(period, w, now, groups, products);
}

type Totals = { orders: number; amount: number };
const zero = (): Totals => ({ orders: 0, amount: 0 });
const add = (t: Totals, r: { orders: number; amount: number }) => {
  t.orders += r.orders;
  t.amount += r.amount;
};

function foldDashboard(
  period: DashboardPeriod,
  w: DashboardWindows,
  now: Date,
  groupRows: GroupRow[],
  productRows: ProductRow[],
): Dashboard {
  const sold = { current: zero(), previous: zero() };
  const series = Array.from({ length: w.buckets }, () => ({ current: zero(), previous: zero() }));
  const byStatus = new Map(ORDER_STATUSES.map((s) => [s, zero()]));
  const byMethod = new Map(PAYMENT_METHODS.map((m) => [m, zero()]));
  const byZone = new Map<DeliveryZone | null, Totals>([...DELIVERY_ZONES.map((z) => [z, zero()] as const), [null, zero()]]);
  const cod = { current: { returned: 0, ended: 0 }, previous: { returned: 0, ended: 0 } };

  for (const row of groupRows) {
    const r = { orders: row.orders, amount: Number(row.amount) };
    const side = row.current ? 'current' : 'previous';
    if (row.current) add(byStatus.get(row.status)!, r);
    if (row.method === 'cod' && ENDED.includes(row.status)) {
      cod[side].ended += r.orders;
      if (CAME_BACK.includes(row.status)) cod[side].returned += r.orders;
    }
    if (NOT_SOLD.includes(row.status)) continue;
    add(sold[side], r);
    const windowFrom = row.current ? w.current.from : w.previous.from;
    const bucket = series[Math.floor((new Date(row.bucket).getTime() - windowFrom) / w.bucketMs)];
    if (bucket) add(bucket[side], r);
    if (!row.current) continue;
    add(byMethod.get(row.method)!, r);
    add(byZone.get(row.zone)!, r);
  }

  const figures = (window: Window, t: Totals) => ({
    from: iso(window.from),
    to: iso(window.to),
    sales: t.amount,
    orders: t.orders,
    average_order_value: t.orders ? Math.round(t.amount / t.orders) : 0,
  });
  const codRate = (c: { returned: number; ended: number }) => ({ ...c, rate: c.ended ? c.returned / c.ended : null });
  const product = (r: ProductRow): DashboardTopProduct => ({
    product_id: r.product_id,
    title: r.title,
    units: r.units,
    revenue: Number(r.revenue),
  });
  const points = series.map((b, i): DashboardSeriesPoint => {
    const start = w.current.from + i * w.bucketMs;
    // A bucket after now has not begun, in this window nor (being as far from its start) in the previous one.
    const begun = start < w.current.to;
    return {
      start: iso(start),
      sales: begun ? b.current.amount : null,
      orders: begun ? b.current.orders : null,
      previous_sales: begun ? b.previous.amount : null,
      previous_orders: begun ? b.previous.orders : null,
    };
  });

  return {
    period,
    generated_at: now.toISOString(),
    current: figures(w.current, sold.current),
    previous: figures(w.previous, sold.previous),
    series: { bucket: w.bucketMs === HOUR ? 'hour' : 'day', points },
    by_status: [...byStatus].map(([status, t]) => ({ status, orders: t.orders, amount: t.amount })),
    payment_methods: [...byMethod].map(([method, t]) => ({ method, orders: t.orders, amount: t.amount })),
    zones: [...byZone].map(([zone, t]) => ({ zone, orders: t.orders, amount: t.amount })),
    top_products: {
      by_units: productRows.filter((r) => r.list === 'units').map(product),
      by_revenue: productRows.filter((r) => r.list === 'revenue').map(product),
    },
    cod_returns: { current: codRate(cod.current), previous: codRate(cod.previous) },
  };
}
