import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { AdjustmentKind, AdjustmentReason } from '@store/shared/admin-inventory';
import { staffMembers } from '../staff/staff.tables.js';
import { variants } from './catalog.tables.js';

/**
 * Staff stock adjustments (issue 17 item 3): one row per change made in the back office, with the
 * count before and after as the same UPDATE saw them. Orders' reservations and releases move stock
 * without a row here: their history is the order's.
 */
export const inventoryAdjustments = pgTable(
  'inventory_adjustments',
  {
    id: serial().primaryKey(),
    variantId: integer()
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    /** Who made it; null once the member's row is gone (the audit log keeps the rest). */
    staffId: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    /** Their name when they made it, as a log line keeps it. */
    staffName: text().notNull().default(''),
    kind: text().$type<AdjustmentKind>().notNull(),
    /** As given: the count for `set`, the signed delta for `add`. */
    quantity: integer().notNull(),
    reason: text().$type<AdjustmentReason>().notNull(),
    note: text().notNull().default(''),
    before: integer().notNull(),
    after: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inventory_adjustments_variant_idx').on(t.variantId, t.id.desc()),
    check('inventory_adjustments_kind', sql`${t.kind} in ('set', 'add')`),
    check('inventory_adjustments_reason', sql`${t.reason} in ('received', 'count', 'damaged', 'returned', 'correction')`),
    check('inventory_adjustments_after_nonnegative', sql`${t.after} >= 0`),
  ],
);
