import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { connectPostgres, PGLITE_OPTIONS, wrapPglite, type Database } from '../../src/db/client.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated, empty PGlite data folder (a tarball) made by vitest.global-setup.ts: each test file's database starts from it. */
    pgliteTemplate: string;
  }
}

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh, migrated database of its own for one test file: in-memory PGlite, or a new database on the server. */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    // Loaded from the migrated template the global setup made (vitest.global-setup.ts); migrate() then has nothing to do.
    const template = inject('pgliteTemplate');
    const loadDataDir = template ? new Blob([readFileSync(template)]) : undefined;
    const database = wrapPglite(await PGlite.create('memory://', { ...PGLITE_OPTIONS, loadDataDir }));
    await database.migrate();
    return database;
  }
  const empty = await emptyPostgresDatabase();
  const database = connectPostgres(empty.url, { poolSize: 20 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

/** A new, empty database on the TEST_DATABASE_URL server (not migrated), and how to drop it. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pool.end() resolves before its sockets have closed; forcing the drop while one is still open
      // kills it mid-goodbye and its client throws an uncaught error. Wait for them to go first.
      for (let i = 0; i < 40; i++) {
        const { rows } = await cleanup.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (!rows[0]?.n) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
