import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Dashboard } from '@store/shared/admin-dashboard';
import { formatTaka, groupIndian } from '@store/shared/money';
import { bucketLabel, compactTaka, niceTicks } from './figures';

/*
 * The dashboard's charts (recharts, loaded with the dashboard's chunk only). Each chart is drawn for
 * sighted members; the figures it shows are also in the lists beside it, which screen readers read.
 */

const BRAND = '#c2185b';
const MUTED = '#9e9e9e';
const AXIS = { fontSize: 12, fill: '#6b6b6b' };
/** The mix's colours: brand first, then well-separated tones. */
export const SERIES_COLOURS = ['#c2185b', '#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#5d4037', '#9e9d24', '#616161'];

type Tip = { name?: unknown; value?: unknown };
const moneyTip = (value: unknown) => formatTaka(Number(value));

/** Sales per hour (today) or per day, with the previous period's as a dashed line behind. */
export function SalesChart({ series }: { series: Dashboard['series'] }) {
  // Taka, not poisha, so the axis picks round steps (৳50K, not ৳55K).
  const taka = (poisha: number | null) => (poisha === null ? null : Math.round(poisha / 100));
  const data = series.points.map((p) => ({
    label: bucketLabel(p.start, series.bucket),
    sales: taka(p.sales),
    previous: taka(p.previous_sales),
  }));
  const ticks = niceTicks(Math.max(0, ...data.map((p) => Math.max(p.sales ?? 0, p.previous ?? 0))));
  return (
    <div className="h-56 w-full sm:h-72" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="sales-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={BRAND} stopOpacity={0.25} />
              <stop offset="100%" stopColor={BRAND} stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke="#ececec" vertical={false} />
          <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={16} />
          <YAxis
            tick={AXIS}
            tickLine={false}
            axisLine={false}
            width={52}
            ticks={ticks}
            domain={[0, ticks[ticks.length - 1]!]}
            tickFormatter={(v: number) => compactTaka(v * 100)}
          />
          <Tooltip
            formatter={(value, name) => [moneyTip(Number(value) * 100), name === 'previous' ? 'Previous period' : 'Sales']}
            labelStyle={{ fontWeight: 600 }}
          />
          <Line
            type="monotone"
            dataKey="previous"
            stroke={MUTED}
            strokeDasharray="4 4"
            dot={false}
            strokeWidth={1.5}
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            dataKey="sales"
            stroke={BRAND}
            strokeWidth={2}
            fill="url(#sales-fill)"
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Horizontal bars, one per label, with the count at the bar's end: statuses, zones. */
export function CountBars({ rows }: { rows: { label: string; orders: number }[] }) {
  return (
    <div className="w-full" style={{ height: rows.length * 32 + 8 }} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 40, bottom: 0, left: 0 }} barCategoryGap={6}>
          <XAxis type="number" hide />
          <YAxis type="category" dataKey="label" tick={AXIS} tickLine={false} axisLine={false} width={124} />
          <Tooltip formatter={(value) => [groupIndian(Number(value)), 'Orders']} cursor={{ fill: '#fdeef3' }} />
          <Bar
            dataKey="orders"
            fill={BRAND}
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
            label={{ position: 'right', fontSize: 12, fill: '#1f1f1f', formatter: (v: unknown) => groupIndian(Number(v)) }}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A donut of amounts by payment method. */
export function MixDonut({ rows }: { rows: { label: string; amount: number }[] }) {
  const shown = rows.filter((r) => r.amount > 0);
  return (
    <div className="mx-auto h-44 w-44 shrink-0" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie
            data={shown}
            dataKey="amount"
            nameKey="label"
            innerRadius="58%"
            outerRadius="100%"
            paddingAngle={shown.length > 1 ? 2 : 0}
            isAnimationActive={false}
          >
            {shown.map((r) => (
              <Cell key={r.label} fill={SERIES_COLOURS[rows.indexOf(r) % SERIES_COLOURS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={(value, _name, item: Tip) => [moneyTip(value), String(item.name ?? '')]} />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
