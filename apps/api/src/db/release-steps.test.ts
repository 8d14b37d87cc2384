import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateAtBoot, parseEnv, seedAtBoot } from '../config/env.js';
import { PRODUCTION_ENV } from '../../test/support/app.js';
import { emptyPostgresDatabase } from '../../test/support/database.js';
import { connectPostgres, migrationsFolder, PGLITE_OPTIONS, wrapPglite } from './client.js';
import { openDatabase } from './open.js';
import { SchemaBehind, schemaStatus } from './schema-version.js';

/*
 * Issue 19, release steps: migrations run under an advisory lock (two at once: one migrates, the
 * other waits and finds nothing to do); an app process that may not migrate checks the schema and
 * refuses to serve when it is behind; the demo seed runs at boot only on the embedded default.
 */
const expected = readMigrationFiles({ migrationsFolder }).length;

describe('the boot policy', () => {
  const production = { NODE_ENV: 'production', ...PRODUCTION_ENV };
  const pgUrl = { DATABASE_URL: 'postgres://u@db.example.com/shop' };

  it('seeds and migrates the embedded default at boot, as `npm start` always did', () => {
    const env = parseEnv({});
    expect([seedAtBoot(env), migrateAtBoot(env)]).toEqual([true, true]);
  });

  it('does not seed PostgreSQL unless asked, and never seeds in production', () => {
    expect(seedAtBoot(parseEnv(pgUrl))).toBe(false);
    expect(seedAtBoot(parseEnv({ ...pgUrl, SEED_DEMO: 'true' }))).toBe(true);
    expect(seedAtBoot(parseEnv(production))).toBe(false);
    expect(() => parseEnv({ ...production, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO: production never seeds/);
  });

  it('leaves migrating to the release step in production on PostgreSQL, unless told otherwise', () => {
    expect(migrateAtBoot(parseEnv({ ...production, ...pgUrl }))).toBe(false);
    expect(migrateAtBoot(parseEnv({ ...production, ...pgUrl, MIGRATE_ON_BOOT: 'true' }))).toBe(true);
    expect(migrateAtBoot(parseEnv(production))).toBe(true);
    expect(migrateAtBoot(parseEnv({ ...pgUrl, MIGRATE_ON_BOOT: 'false' }))).toBe(false);
  });
});

describe('the schema version', () => {
  it('knows an unmigrated embedded database is behind, and a migrated one is not', async () => {
    const database = wrapPglite(await PGlite.create('memory://', PGLITE_OPTIONS));
    try {
      expect(await schemaStatus(database.db)).toEqual({ applied: 0, expected, pending: expected });
      await database.migrate();
      expect(await schemaStatus(database.db)).toEqual({ applied: expected, expected, pending: 0 });
    } finally {
      await database.close();
    }
  });

  it('refuses to open a database behind the release without migrating it, and says what to run', async () => {
    const opening = openDatabase(
      {
        DATA_DIR: 'memory://',
        DATABASE_POOL_SIZE: 1,
        DATABASE_CONNECT_TIMEOUT_MS: 1000,
        DATABASE_QUERY_TIMEOUT_MS: 1000,
        DATABASE_STATEMENT_TIMEOUT_MS: 1000,
      },
      {},
      { migrate: false },
    );
    await expect(opening).rejects.toBeInstanceOf(SchemaBehind);
    await expect(opening).rejects.toThrow(/Run `npm run db:migrate`/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  it('two migrators at once: one applies every migration, the other waits and finds nothing to do', async () => {
    const empty = await emptyPostgresDatabase();
    const a = connectPostgres(empty.url);
    const b = connectPostgres(empty.url);
    try {
      await Promise.all([a.migrate(), b.migrate(), a.migrate()]);
      const client = new pg.Client({ connectionString: empty.url });
      await client.connect();
      const { rows } = await client.query<{ n: number; distinct: number }>(
        'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
      );
      await client.end();
      expect(rows[0]).toEqual({ n: expected, distinct: expected });
      expect(await schemaStatus(a.db)).toMatchObject({ pending: 0 });
      // An app process that may not migrate opens it: the schema is this release's.
      const env = {
        DATA_DIR: 'memory://',
        DATABASE_URL: empty.url,
        DATABASE_POOL_SIZE: 1,
        DATABASE_CONNECT_TIMEOUT_MS: 1000,
        DATABASE_QUERY_TIMEOUT_MS: 5000,
        DATABASE_STATEMENT_TIMEOUT_MS: 5000,
      };
      const app = await openDatabase(env, {}, { migrate: false });
      await app.close();
    } finally {
      await Promise.all([a.close(), b.close()]);
      await empty.drop();
    }
  }, 60_000);
});
