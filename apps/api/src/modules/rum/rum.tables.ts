import { bigserial, index, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One metric of one page load, as a shopper's browser measured it (issue 20, packages/shared/src/rum.ts).
 * No personal data: the page's type, the device class, the value and the blamed element's selector.
 * The clean-up deletes rows older than RUM_KEEP_DAYS.
 */
export const rumSamples = pgTable(
  'rum_samples',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    pageType: text().notNull(),
    device: text().notNull(),
    metric: text().notNull(),
    value: real().notNull(),
    target: text(),
  },
  (t) => [index('rum_samples_received_idx').on(t.receivedAt)],
);
