import {
  RUM_DEVICES,
  RUM_METRICS,
  RUM_PAGE_TYPE_LABELS,
  RUM_PAGE_TYPES,
  RUM_THRESHOLDS,
  type RumMetric,
  type RumSummary,
  type RumSummaryRow,
} from '@store/shared/rum';
import { groupIndian } from '@store/shared/money';
import { Section } from '../../components/ui/page';

/** The metrics shown, in the order of a page load (FCP is kept but not shown: LCP says more). */
const SHOWN: readonly RumMetric[] = RUM_METRICS.filter((m) => m !== 'FCP');
const DEVICE_LABELS = { phone: 'Phone', tablet: 'Tablet', desktop: 'Desktop' } as const;

type Rating = 'good' | 'fair' | 'poor';
const rating = (metric: RumMetric, p75: number): Rating =>
  p75 <= RUM_THRESHOLDS[metric].good ? 'good' : p75 <= RUM_THRESHOLDS[metric].poor ? 'fair' : 'poor';
const RATING_STYLE: Record<Rating, string> = {
  good: 'bg-emerald-50 text-emerald-800',
  fair: 'bg-amber-50 text-amber-900',
  poor: 'bg-red-50 text-red-800',
};
const RATING_WORDS: Record<Rating, string> = { good: 'good', fair: 'needs improvement', poor: 'poor' };

const valueText = (metric: RumMetric, p75: number) =>
  metric === 'CLS' ? p75.toFixed(2) : p75 >= 1000 ? `${(p75 / 1000).toFixed(2)} s` : `${groupIndian(Math.round(p75))} ms`;

function Cell({ row, metric }: { row: RumSummaryRow; metric: RumMetric }) {
  const figure = row.metrics[metric];
  if (!figure) return <td className="px-2 py-2 text-right text-muted max-sm:px-0.5">—</td>;
  const r = rating(metric, figure.p75);
  return (
    <td className="px-2 py-2 text-right max-sm:px-0.5">
      <span
        className={`inline-block rounded px-1.5 py-0.5 font-semibold whitespace-nowrap tabular-nums max-sm:px-1 max-sm:text-xs ${RATING_STYLE[r]}`}
      >
        {valueText(metric, figure.p75)}
        <span className="sr-only"> ({RATING_WORDS[r]})</span>
      </span>
      <span className="block text-xs text-muted tabular-nums">{groupIndian(figure.samples)}×</span>
    </td>
  );
}

/** The order of the rows: page types as the storefront lists them, phones first. */
const order = (r: RumSummaryRow) => RUM_PAGE_TYPES.indexOf(r.page_type) * RUM_DEVICES.length + RUM_DEVICES.indexOf(r.device);

/** 'What shoppers felt': the 75th percentile of each Web Vital per page type and device, from real page loads. */
export function WebVitals({ summary }: { summary: RumSummary }) {
  const rows = [...summary.rows].sort((a, b) => order(a) - order(b));
  const loads =
    summary.page_loads === 0
      ? 'sampled page loads'
      : summary.page_loads === 1
        ? 'one sampled page load'
        : `${groupIndian(summary.page_loads)} sampled page loads`;
  return (
    <Section
      title="What shoppers felt"
      description={`The 75th percentile of each Web Vital from ${loads} in the last ${summary.days === 1 ? 'day' : `${summary.days} days`}, by the page a shopper landed on and their screen. Green is good by web.dev's thresholds (LCP 2.5 s, INP 200 ms, CLS 0.1, TTFB 0.8 s), red poor.`}
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted">
          No page loads measured yet: a share of visits (RUM_SAMPLE_RATE) reports once the shopper leaves the page.
        </p>
      ) : (
        <div className="-mx-1 overflow-x-auto px-1">
          <table className="w-full text-sm sm:min-w-[36rem]">
            <caption className="sr-only">Web Vitals at the 75th percentile, by page type and device</caption>
            <thead>
              <tr className="border-b border-line text-left text-xs font-semibold text-muted uppercase">
                <th scope="col" className="py-2 pr-2">
                  Page
                </th>
                <th scope="col" className="px-2 py-2 max-sm:hidden">
                  Device
                </th>
                {SHOWN.map((m) => (
                  <th key={m} scope="col" className="px-2 py-2 text-right max-sm:px-0.5">
                    {m}
                  </th>
                ))}
                <th scope="col" className="py-2 pl-2 max-sm:hidden">
                  Most blamed element
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.page_type}-${row.device}`} className="border-b border-line last:border-0 align-top">
                  <th scope="row" className="py-2 pr-2 text-left font-medium">
                    {RUM_PAGE_TYPE_LABELS[row.page_type]}
                    {/* On a phone the device and the blamed element sit under the page's name. */}
                    <span className="block text-xs font-normal text-muted sm:hidden">{DEVICE_LABELS[row.device]}</span>
                    {row.worst_target && (
                      // The element itself (the selector's last step) fits a phone; the whole path is its title.
                      <span title={row.worst_target} className="block font-mono text-xs font-normal wrap-anywhere text-muted sm:hidden">
                        {row.worst_target.split('>').pop()}
                      </span>
                    )}
                  </th>
                  <td className="px-2 py-2 max-sm:hidden">{DEVICE_LABELS[row.device]}</td>
                  {SHOWN.map((m) => (
                    <Cell key={m} row={row} metric={m} />
                  ))}
                  <td className="max-w-48 py-2 pl-2 font-mono text-xs wrap-anywhere text-muted max-sm:hidden">{row.worst_target ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
