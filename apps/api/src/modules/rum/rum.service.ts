import { lt, sql } from 'drizzle-orm';
import { RUM_THRESHOLDS, type RumBeacon, type RumMetric, type RumSummary, type RumSummaryRow } from '@store/shared/rum';
import { selectRows } from '../../db/client.js';
import type { DbCtx } from '../../lib/context.js';
import { deleteInBatches } from '../../lib/delete-in-batches.js';
import { rumSamples } from './rum.tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Keeps one beacon: a row per metric, in one statement. */
export async function recordBeacon({ db }: DbCtx, beacon: RumBeacon, now: Date): Promise<void> {
  await db.insert(rumSamples).values(
    beacon.metrics.map((m) => ({
      receivedAt: now,
      pageType: beacon.page_type,
      device: beacon.device,
      metric: m.name,
      value: m.value,
      target: m.target ?? null,
    })),
  );
}

type FigureRow = {
  page_type: RumSummaryRow['page_type'];
  device: RumSummaryRow['device'];
  metric: RumMetric;
  p75: number;
  samples: number;
};
type TargetRow = { page_type: RumSummaryRow['page_type']; device: RumSummaryRow['device']; target: string };

/** A value web.dev calls poor for its metric: the samples whose blamed element is worth naming. */
const poorCondition = sql.join(
  Object.entries(RUM_THRESHOLDS).map(([metric, t]) => sql`(metric = ${metric} and value > ${t.poor})`),
  sql` or `,
);

/**
 * The last `days` days: the 75th percentile and sample count of each metric per page type and
 * device, and per page type and device the element most often blamed for a poor value.
 */
export async function rumSummary({ db }: DbCtx, days: number, now: Date): Promise<RumSummary> {
  const since = new Date(now.getTime() - days * DAY_MS);
  const [figures, targets] = await Promise.all([
    selectRows<FigureRow>(
      db,
      sql`select page_type, device, metric, percentile_cont(0.75) within group (order by value)::float8 as p75, count(*)::int as samples
          from rum_samples where received_at >= ${since} group by page_type, device, metric`,
    ),
    selectRows<TargetRow>(
      db,
      sql`select distinct on (page_type, device) page_type, device, target from rum_samples
          where received_at >= ${since} and target is not null and target <> '' and (${poorCondition})
          group by page_type, device, target order by page_type, device, count(*) desc, target`,
    ),
  ]);
  const rows = new Map<string, RumSummaryRow>();
  // Every beacon carries TTFB or FCP once its page has loaded: the larger of their counts is the page loads.
  const loads = { TTFB: 0, FCP: 0 };
  for (const f of figures) {
    if (f.metric === 'TTFB' || f.metric === 'FCP') loads[f.metric] += Number(f.samples);
    const key = `${f.page_type}|${f.device}`;
    const row = rows.get(key) ?? { page_type: f.page_type, device: f.device, metrics: {}, worst_target: null };
    const p75 = Number(f.p75);
    row.metrics[f.metric] = { p75: f.metric === 'CLS' ? Math.round(p75 * 1000) / 1000 : Math.round(p75), samples: Number(f.samples) };
    rows.set(key, row);
  }
  for (const t of targets) {
    const row = rows.get(`${t.page_type}|${t.device}`);
    if (row) row.worst_target = t.target;
  }
  return { days, page_loads: Math.max(loads.TTFB, loads.FCP), rows: [...rows.values()] };
}

/** The clean-up's step: samples older than `before` go. */
export function deleteOldRumSamples({ db }: DbCtx, before: Date): Promise<number> {
  return deleteInBatches(db, rumSamples, rumSamples.id, lt(rumSamples.receivedAt, before));
}
