import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/** Rows per DELETE: each statement holds its row locks only for a moment, however large the backlog. */
export const DELETE_BATCH_SIZE = 1000;

/**
 * Deletes the rows of `table` matching `where`, a batch at a time, and returns how many went. Rows
 * another transaction holds are skipped (they are the ones in use, and the next run gets them), so
 * several processes running this at once neither wait on each other nor delete a row twice; the
 * lock also re-checks `where` on the row as it stands, so a row touched meanwhile is kept.
 */
export async function deleteInBatches(
  db: Db,
  table: PgTable,
  id: PgColumn,
  where: SQL | undefined,
  batchSize = DELETE_BATCH_SIZE,
): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db.select({ id }).from(table).where(where).limit(batchSize).for('update', { skipLocked: true });
    const deleted = await db.delete(table).where(inArray(id, batch)).returning({ id });
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}
