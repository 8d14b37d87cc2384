import { useState } from 'react';
import { Link, useLoaderData, useNavigation, type LoaderFunctionArgs } from 'react-router';
import {
  DASHBOARD_PERIOD_LABELS,
  DASHBOARD_PERIODS,
  type Dashboard,
  type DashboardPeriod,
  type DashboardTopProduct,
} from '@store/shared/admin-dashboard';
import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, ZONE_LABELS } from '@store/shared/checkout-rules';
import { formatDhakaDateTime } from '@store/shared/dhaka-time';
import { formatTaka, groupIndian } from '@store/shared/money';
import { PageHeader, Section } from '../../components/ui/page';
import { api } from '../../lib/api';
import type { LoyaltyCost } from '@store/shared/loyalty';
import type { RumSummary } from '@store/shared/rum';
import { CountBars, MixDonut, SERIES_COLOURS, SalesChart } from './dashboard-charts';
import { changeText, percentText, pointsText } from './figures';
import { LoyaltyCard } from './loyalty-card';
import { WebVitals } from './web-vitals';

const isPeriod = (value: string | null): value is DashboardPeriod => DASHBOARD_PERIODS.some((p) => p === value);

const VITALS_DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };
type DashboardData = { dashboard: Dashboard; vitals: RumSummary; loyalty: LoyaltyCost | null };

export async function dashboardLoader({ request }: LoaderFunctionArgs): Promise<DashboardData> {
  const asked = new URL(request.url).searchParams.get('period');
  const period = isPeriod(asked) ? asked : 'today';
  const days = VITALS_DAYS[period];
  const [dashboard, vitals, loyalty] = await Promise.all([
    api.get<{ data: Dashboard }>(`/dashboard/?period=${period}`, request.signal),
    // The sales figures do not wait on, or fail with, the shoppers' measurements.
    api
      .get<{ data: RumSummary }>(`/dashboard/web-vitals/?days=${days}`, request.signal)
      .then((r) => r.data)
      .catch((): RumSummary => ({ days, page_loads: 0, rows: [] })),
    // Nor on the loyalty programme's cost: its card says when it could not be read.
    api
      .get<{ data: LoyaltyCost }>(`/loyalty/cost/?period=${period}`, request.signal)
      .then((r) => r.data)
      .catch(() => null),
  ]);
  return { dashboard: dashboard.data, vitals, loyalty };
}

const PREVIOUS: Record<DashboardPeriod, string> = {
  today: 'yesterday by this time',
  '7d': 'the 7 days before',
  '30d': 'the 30 days before',
};

/** Today, 7 days, 30 days: links, so the period is in the address and the back button works. */
function PeriodSwitch({ current }: { current: DashboardPeriod }) {
  return (
    <nav aria-label="Period" className="inline-flex rounded-md border border-line bg-white p-0.5 shadow-xs">
      {DASHBOARD_PERIODS.map((p) => (
        <Link
          key={p}
          to={p === 'today' ? '.' : `?period=${p}`}
          aria-current={p === current ? 'page' : undefined}
          className={`min-h-9 rounded px-3 py-1.5 text-sm font-semibold whitespace-nowrap ${
            p === current ? 'bg-brand text-white' : 'text-ink hover:bg-neutral-100'
          }`}
        >
          {DASHBOARD_PERIOD_LABELS[p]}
        </Link>
      ))}
    </nav>
  );
}

type Move = { text: string; direction: 'up' | 'down' | 'flat' };

/** One figure, with how it moved against the previous period; `upIsGood` false for returns. */
function FigureCard({
  label,
  value,
  move,
  note,
  upIsGood = true,
}: {
  label: string;
  value: string;
  move: Move;
  note: string;
  upIsGood?: boolean;
}) {
  const good = move.direction === 'flat' ? null : (move.direction === 'up') === upIsGood;
  const tone = good === null ? 'text-muted' : good ? 'text-green-800' : 'text-red-700';
  return (
    <div role="group" aria-label={label} className="min-w-0 rounded-lg border border-line bg-white p-3 shadow-xs sm:p-4">
      <div className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</div>
      <div className="mt-1 text-xl font-semibold tracking-tight text-ink tabular-nums wrap-anywhere sm:text-2xl">{value}</div>
      <div className="mt-1 text-xs">
        <span className={`font-semibold ${tone}`}>{move.text}</span> <span className="text-muted">{note}</span>
      </div>
    </div>
  );
}

/** A label (with the donut's colour when `dots`), the count, the amount and its share. */
function MixList({ rows, dots = false }: { rows: { label: string; orders: number; amount: number }[]; dots?: boolean }) {
  const total = rows.reduce((sum, r) => sum + r.amount, 0);
  return (
    <ul className="min-w-0 flex-1 space-y-2 text-sm">
      {rows.map((r, i) => (
        <li key={r.label} className="flex items-baseline gap-2">
          {dots ? (
            <span
              className="inline-block size-2.5 shrink-0 rounded-full"
              style={{ background: SERIES_COLOURS[i % SERIES_COLOURS.length] }}
            />
          ) : null}
          <span className="min-w-0 flex-1">{r.label}</span>
          <span className="text-muted tabular-nums">{groupIndian(r.orders)}</span>
          <span className="w-24 text-right font-medium tabular-nums">{formatTaka(r.amount)}</span>
          <span className="w-10 text-right text-xs text-muted tabular-nums">{total ? `${Math.round((r.amount / total) * 100)}%` : ''}</span>
        </li>
      ))}
    </ul>
  );
}

/** The figures a chart draws, for screen readers and for reading exact values. */
function SrList({ label, items }: { label: string; items: string[] }) {
  return (
    <ul className="sr-only" aria-label={label}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** The ten products sold most, by units or by revenue. */
function TopProducts({ top }: { top: Dashboard['top_products'] }) {
  const [by, setBy] = useState<'revenue' | 'units'>('revenue');
  const rows: DashboardTopProduct[] = by === 'revenue' ? top.by_revenue : top.by_units;
  return (
    <>
      <div role="radiogroup" aria-label="Rank by" className="mb-3 inline-flex rounded-md border border-line p-0.5">
        {(['revenue', 'units'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="radio"
            aria-checked={by === key}
            onClick={() => setBy(key)}
            className={`min-h-8 rounded px-3 text-sm font-semibold ${by === key ? 'bg-neutral-800 text-white' : 'text-ink hover:bg-neutral-100'}`}
          >
            By {key}
          </button>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">Nothing sold in this period yet.</p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">Top products by {by}</caption>
          <thead className="border-b border-line text-left text-xs font-semibold tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="w-7 py-2">
                #
              </th>
              <th scope="col" className="py-2">
                Product
              </th>
              <th scope="col" className="w-16 py-2 text-right">
                Units
              </th>
              <th scope="col" className="w-28 py-2 text-right">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p, i) => (
              <tr key={p.product_id} className="border-b border-line last:border-0">
                <td className="py-2 text-muted tabular-nums">{i + 1}</td>
                <td className="py-2 pr-2 wrap-anywhere">
                  {p.title} <span className="text-xs text-muted">#{p.product_id}</span>
                </td>
                <td className={`py-2 text-right tabular-nums ${by === 'units' ? 'font-semibold' : ''}`}>{groupIndian(p.units)}</td>
                <td className={`py-2 text-right tabular-nums ${by === 'revenue' ? 'font-semibold' : ''}`}>{formatTaka(p.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** Sales and orders of today, 7 or 30 days against the period before, their mix, the top products and COD returns. */
export function DashboardPage() {
  const { dashboard: d, vitals, loyalty } = useLoaderData<DashboardData>();
  // Another period on its way: the figures shown are the old period's until it arrives.
  const loading = useNavigation().state === 'loading';
  const previous = PREVIOUS[d.period];
  const statuses = d.by_status.map((s) => ({ label: ORDER_STATUS_LABELS[s.status], orders: s.orders }));
  const methods = d.payment_methods.map((m) => ({ label: PAYMENT_METHOD_LABELS[m.method], orders: m.orders, amount: m.amount }));
  const zones = d.zones.map((z) => ({ label: z.zone ? ZONE_LABELS[z.zone] : 'Store pickup', orders: z.orders, amount: z.amount }));
  const cod = d.cod_returns;
  return (
    <div className={`space-y-4 transition-opacity ${loading ? 'opacity-60' : ''}`} aria-busy={loading}>
      <PageHeader
        title="Dashboard"
        description={`Orders placed ${d.period === 'today' ? 'today' : `in the last ${DASHBOARD_PERIOD_LABELS[d.period]}`}, against ${previous}. Cancelled and returned orders are not sales.`}
        action={<PeriodSwitch current={d.period} />}
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <FigureCard
          label="Sales"
          value={formatTaka(d.current.sales)}
          move={changeText(d.current.sales, d.previous.sales)}
          note={`vs ${formatTaka(d.previous.sales)}`}
        />
        <FigureCard
          label="Orders"
          value={groupIndian(d.current.orders)}
          move={changeText(d.current.orders, d.previous.orders)}
          note={`vs ${groupIndian(d.previous.orders)}`}
        />
        <FigureCard
          label="Average order"
          value={formatTaka(d.current.average_order_value)}
          move={changeText(d.current.average_order_value, d.previous.average_order_value)}
          note={`vs ${formatTaka(d.previous.average_order_value)}`}
        />
        <FigureCard
          label="COD return rate"
          value={percentText(cod.current.rate)}
          move={pointsText(cod.current.rate, cod.previous.rate)}
          note={cod.current.ended ? `${groupIndian(cod.current.returned)} of ${groupIndian(cod.current.ended)} ended` : 'none ended yet'}
          upIsGood={false}
        />
      </div>

      <Section
        title={d.series.bucket === 'hour' ? 'Sales by hour' : 'Sales by day'}
        description={`Dashed: ${previous}. ${d.series.bucket === 'hour' ? 'The hours after now are empty.' : 'The last day is today so far.'}`}
      >
        <SalesChart series={d.series} />
        <SrList
          label="Sales per bucket"
          items={d.series.points
            .filter((p) => p.sales !== null)
            .map((p) => `${formatDhakaDateTime(new Date(p.start))}: ${formatTaka(p.sales)}, ${p.orders ?? 0} orders`)}
        />
      </Section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title="Orders by status" description="Every order placed in the period, as it stands now.">
          <CountBars rows={statuses} />
          <SrList label="Orders by status" items={statuses.map((s) => `${s.label}: ${s.orders}`)} />
        </Section>
        <Section title="Payment methods" description="Orders and sales by how the shopper pays (donut: sales).">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center lg:flex-col lg:items-stretch 2xl:flex-row 2xl:items-center">
            <MixDonut rows={methods} />
            <MixList rows={methods} dots />
          </div>
        </Section>
        <Section title="Delivery zones" description="Orders and sales by where they go.">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center lg:flex-col lg:items-stretch 2xl:flex-row 2xl:items-center">
            <MixDonut rows={zones} />
            <MixList rows={zones} dots />
          </div>
        </Section>
        <Section
          title="Top products"
          description="Units and revenue of the items sold (gifts left out), at the prices paid before order-wide coupons."
        >
          <TopProducts top={d.top_products} />
        </Section>
      </div>
      <LoyaltyCard cost={loyalty} period={d.period === 'today' ? 'today' : `in the last ${DASHBOARD_PERIOD_LABELS[d.period]}`} />
      <WebVitals summary={vitals} />
      <p className="text-xs text-muted">
        {formatDhakaDateTime(new Date(d.current.from))} – {formatDhakaDateTime(new Date(d.current.to))} against{' '}
        {formatDhakaDateTime(new Date(d.previous.from))} – {formatDhakaDateTime(new Date(d.previous.to))}. Figures are at most a few seconds
        old.
      </p>
    </div>
  );
}
