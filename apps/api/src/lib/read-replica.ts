import type { Database, Db } from '../db/client.js';
import { followInvalidations } from './cache/invalidation.js';

/*
 * The read replica (DATABASE_READ_URL, issue 19): the catalog's and search's reads go there, since
 * they are most of what shoppers ask and can be a moment old. Everything else (bags, checkout,
 * accounts, the back office) reads the primary. Right after a change to the catalog or the content,
 * made by this process or announced by another (lib/cache/bus.ts), the replica may not have it yet:
 * for READ_AFTER_CHANGE_MS those reads go to the primary too, so no cache refills from the old rows.
 */

/** Longer than a healthy replica's lag (well under a second); a lagging replica is a monitoring matter. */
export const READ_AFTER_CHANGE_MS = 3000;

let lastChange = 0;
followInvalidations({
  invalidate() {
    lastChange = Date.now();
  },
});

/** Whether a change was made or announced within READ_AFTER_CHANGE_MS. */
export const changedRecently = () => Date.now() - lastChange <= READ_AFTER_CHANGE_MS;

/** The database the catalog's and search's reads use now. */
export function readDb(database: Pick<Database, 'db' | 'replica' | 'replicaUp'>): Db {
  return database.replica && (database.replicaUp?.() ?? true) && !changedRecently() ? database.replica : database.db;
}
