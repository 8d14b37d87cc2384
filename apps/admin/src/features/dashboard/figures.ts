import { formatDhakaDate, dhakaClock } from '@store/shared/dhaka-time';
import { groupIndian } from '@store/shared/money';

/** How a figure moved against the previous period: '↑ 12%', '↓ 4%', '0%', 'new' (from nothing), or '—' (nothing either time). */
export function changeText(current: number, previous: number): { text: string; direction: 'up' | 'down' | 'flat' } {
  if (previous === 0) return current === 0 ? { text: '—', direction: 'flat' } : { text: 'new', direction: 'up' };
  const pct = Math.round(((current - previous) / previous) * 100);
  if (pct === 0) return { text: '0%', direction: 'flat' };
  return pct > 0 ? { text: `↑ ${groupIndian(pct)}%`, direction: 'up' } : { text: `↓ ${groupIndian(-pct)}%`, direction: 'down' };
}

/** A rate (0–1) as a percentage with one decimal: '12.5%'; null (nothing ended) as a dash. */
export function percentText(rate: number | null): string {
  return rate === null ? '—' : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/** A rate's move in percentage points: '↑ 2.1 pts', '↓ 0.4 pts'; '—' when either side has none. */
export function pointsText(current: number | null, previous: number | null): { text: string; direction: 'up' | 'down' | 'flat' } {
  if (current === null || previous === null) return { text: '—', direction: 'flat' };
  const pts = Math.round((current - previous) * 1000) / 10;
  if (pts === 0) return { text: '0 pts', direction: 'flat' };
  return pts > 0 ? { text: `↑ ${pts.toFixed(1)} pts`, direction: 'up' } : { text: `↓ ${(-pts).toFixed(1)} pts`, direction: 'down' };
}

/** Poisha on a chart's axis, short: ৳950, ৳12K, ৳3.4L (lakh), ৳1.2Cr (crore). */
export function compactTaka(poisha: number): string {
  const taka = Math.round(poisha / 100);
  const short = (n: number, unit: string) => `৳${n >= 10 ? Math.round(n) : Math.round(n * 10) / 10}${unit}`;
  if (taka >= 10_000_000) return short(taka / 10_000_000, 'Cr');
  if (taka >= 100_000) return short(taka / 100_000, 'L');
  if (taka >= 1_000) return short(taka / 1_000, 'K');
  return `৳${taka}`;
}

/** A chart bucket's name: '14:00' for an hour, '3 Nov' for a day (Dhaka time). */
export function bucketLabel(iso: string, bucket: 'hour' | 'day'): string {
  const at = new Date(iso);
  if (bucket === 'hour') return `${String(dhakaClock(at).hour).padStart(2, '0')}:00`;
  return formatDhakaDate(at, 'short').replace(/ \d{4}$/, '');
}

/** Round steps for an axis from 0 to at least `max`: at most `count` steps of 1, 2, 2.5 or 5 × 10ⁿ. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
}
