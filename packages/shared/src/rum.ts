import { z } from 'zod';
import { RUM_DEVICES, RUM_METRICS, RUM_PAGE_TYPES, type RumMetric } from './rum-kinds.js';

export * from './rum-kinds.js';

/*
 * Real-user monitoring (issue 20): what a shopper's browser measured of a page load (the Core Web
 * Vitals, by the web-vitals library), sent to POST /api/v1/rum/ and shown in the back office as the
 * 75th percentile per page type and device class, the figure every storefront budget is judged by
 * in production. A beacon carries no personal data: no address, no query, no id, no cookie; only
 * the kind of page, the kind of device and the numbers (with the CSS selector of the element a
 * metric blames, which names markup, not people).
 */

/** Values past these are broken clocks or tabs left in the background, not experiences: refused. */
const MAX_VALUE: Record<RumMetric, number> = { LCP: 120_000, INP: 60_000, CLS: 100, TTFB: 120_000, FCP: 120_000 };

const RumEntrySchema = z
  .object({
    name: z.enum(RUM_METRICS),
    value: z.number().finite().min(0),
    /** The element the metric blames (web-vitals' attribution), as a CSS selector. */
    target: z.string().max(200).optional(),
  })
  .strict()
  .refine((e) => e.value <= MAX_VALUE[e.name], { message: 'Out of range', path: ['value'] });

export const RumBeaconSchema = z
  .object({
    page_type: z.enum(RUM_PAGE_TYPES),
    device: z.enum(RUM_DEVICES),
    metrics: z.array(RumEntrySchema).min(1).max(RUM_METRICS.length),
  })
  .strict()
  .refine((b) => new Set(b.metrics.map((m) => m.name)).size === b.metrics.length, {
    message: 'Each metric at most once',
    path: ['metrics'],
  });
export type RumBeacon = z.infer<typeof RumBeaconSchema>;

export const RUM_DAYS = [1, 7, 30] as const;
export const RumSummaryQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (RUM_DAYS as readonly number[]).includes(d), 'Must be 1, 7 or 30')
    .default(7),
});

const RumFigureSchema = z.object({ p75: z.number(), samples: z.number() });
export const RumSummaryRowSchema = z.object({
  page_type: z.enum(RUM_PAGE_TYPES),
  device: z.enum(RUM_DEVICES),
  /** p75 and sample count per metric; a metric with no sample is missing. */
  metrics: z.partialRecord(z.enum(RUM_METRICS), RumFigureSchema),
  /** The element most often blamed for a poor LCP, INP or CLS on these pages, if any. */
  worst_target: z.string().nullable(),
});
export const RumSummarySchema = z.object({ days: z.number(), page_loads: z.number(), rows: z.array(RumSummaryRowSchema) });
export type RumSummary = z.infer<typeof RumSummarySchema>;
export type RumSummaryRow = z.infer<typeof RumSummaryRowSchema>;
