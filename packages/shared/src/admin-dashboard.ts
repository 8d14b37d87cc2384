import { z } from 'zod';
import { DELIVERY_ZONES, ORDER_STATUSES, PAYMENT_METHODS } from './checkout-rules.js';

/*
 * The back office's dashboard (issue 18 item 7): GET /api/v1/admin/dashboard/?period=today|7d|30d.
 * Which orders each figure counts is written in docs/back-office.md ("Dashboard") and in
 * apps/api/src/modules/orders/dashboard.ts. Money is poisha, as everywhere in the API.
 */

export const DASHBOARD_PERIODS = ['today', '7d', '30d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_PERIOD_LABELS: Record<DashboardPeriod, string> = { today: 'Today', '7d': '7 days', '30d': '30 days' };

/** How many products each top list holds. */
export const DASHBOARD_TOP_PRODUCTS = 10;

export const DashboardQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS, { error: 'Choose today, 7d or 30d' }).default('today'),
});

const WindowFiguresSchema = z.object({
  /** The window's first instant (included) and last (excluded), ISO. */
  from: z.string(),
  to: z.string(),
  /** Totals of the counted orders, less what was refunded on them (poisha). */
  sales: z.number(),
  orders: z.number(),
  /** sales ÷ orders, rounded to the poisha; 0 without orders. */
  average_order_value: z.number(),
});

const CodReturnsSchema = z.object({
  /** COD orders of the window that came back (returned or partially delivered). */
  returned: z.number(),
  /** COD orders of the window that have ended: delivered, partially delivered or returned. */
  ended: z.number(),
  /** returned ÷ ended, 0–1; null while none has ended. */
  rate: z.number().nullable(),
});

const SeriesPointSchema = z.object({
  /** The bucket's first instant in the current window (an hour today, a Dhaka day otherwise), ISO. */
  start: z.string(),
  /** Null for a bucket that has not begun yet (the hours after now, today). */
  sales: z.number().nullable(),
  orders: z.number().nullable(),
  /** The same bucket of the previous window (the same hour yesterday, the same day a period before). */
  previous_sales: z.number().nullable(),
  previous_orders: z.number().nullable(),
});

const TopProductSchema = z.object({
  product_id: z.number(),
  title: z.string(),
  units: z.number(),
  /** The lines' prices as bought (before order-wide coupons), poisha. */
  revenue: z.number(),
});

export const DashboardSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  /** When the figures were computed (they are kept for a few seconds). */
  generated_at: z.string(),
  current: WindowFiguresSchema,
  previous: WindowFiguresSchema,
  series: z.object({ bucket: z.enum(['hour', 'day']), points: z.array(SeriesPointSchema) }),
  /** Every order placed in the window, cancelled and returned ones too, by its status now. */
  by_status: z.array(z.object({ status: z.enum(ORDER_STATUSES), orders: z.number(), amount: z.number() })),
  /** The counted orders by payment method and by delivery zone (null: picked up at a store). */
  payment_methods: z.array(z.object({ method: z.enum(PAYMENT_METHODS), orders: z.number(), amount: z.number() })),
  zones: z.array(z.object({ zone: z.enum(DELIVERY_ZONES).nullable(), orders: z.number(), amount: z.number() })),
  top_products: z.object({ by_units: z.array(TopProductSchema), by_revenue: z.array(TopProductSchema) }),
  cod_returns: z.object({ current: CodReturnsSchema, previous: CodReturnsSchema }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export type DashboardSeriesPoint = z.infer<typeof SeriesPointSchema>;
export type DashboardTopProduct = z.infer<typeof TopProductSchema>;
