import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, selectRows, type Db } from './client.js';

/** Where the database's schema stands against this release's migrations (apps/api/drizzle). */
export type SchemaStatus = { applied: number; expected: number; pending: number };

/**
 * Reads what the migrator recorded (drizzle.__drizzle_migrations, one row per migration applied) and
 * counts this release's migrations newer than the last one applied, as the migrator itself decides.
 * A database newer than the release (a migration applied ahead of a rolling deploy) is not behind.
 */
export async function schemaStatus(db: Db): Promise<SchemaStatus> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const [table] = await selectRows<{ name: string | null }>(db, sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`);
  const rows = table?.name
    ? await selectRows<{ applied: number; last: string | null }>(
        db,
        sql`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
      )
    : [];
  const applied = rows[0]?.applied ?? 0;
  const last = rows[0]?.last ? Number(rows[0].last) : -1;
  const pending = migrations.filter((m) => m.folderMillis > last).length;
  return { applied, expected: migrations.length, pending };
}

/** A process whose database has not been migrated to its release refuses to serve (exit 78 from server.ts). */
export class SchemaBehind extends Error {
  constructor(readonly status: SchemaStatus) {
    super(
      `The database schema is behind this release: ${status.pending} of its ${status.expected} migrations are not applied. ` +
        'Run `npm run db:migrate` (the release step, safe to run from several places at once) and start the app again.',
    );
  }
}
