import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { connectPostgres, PGLITE_OPTIONS, wrapPglite, type Notifications } from '../../db/client.js';
import { emptyPostgresDatabase } from '../../../test/support/database.js';
import { testRedis } from '../../../test/support/redis.js';
import { startDatabaseBus, startRedisBus, type RunningBus } from './bus.js';
import { followInvalidations, invalidate, type CacheTag } from './invalidation.js';

/*
 * Issue 19, cross-process invalidation: each "process" here is a bus of its own (its own origin and
 * connection), as two app processes on one database are. What one invalidates, the other forgets;
 * nobody acts on its own message twice; a lost channel forgets everything once it hears again.
 */

const quiet = { warn() {} };

/** Every invalidation this process's caches are told of, in order. */
function recorder() {
  const seen: CacheTag[][] = [];
  const stop = followInvalidations({ invalidate: (tags) => seen.push([...tags]) });
  return { seen, stop };
}

/** Resolves once `check` holds, or fails after `ms` (the bound: seen everywhere within 1 s). */
async function within(ms: number, check: () => boolean): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return Date.now() - start;
}

const running: RunningBus[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((b) => b.close()));
});

function busSuite(name: string, open: () => Promise<{ start(): Promise<RunningBus>; close(): Promise<void> }>) {
  describe(`invalidation across processes (${name})`, () => {
    let env: Awaited<ReturnType<typeof open>>;
    afterAll(async () => env?.close());

    it('one process invalidates: the other forgets within a second; the sender acts once on its own change', async () => {
      env = await open();
      const a = await env.start();
      running.push(a);
      const rec = recorder();
      try {
        invalidate(['catalog']);
        // Alone on the channel, the sender hears its own message and ignores it.
        await new Promise((r) => setTimeout(r, 150));
        expect(rec.seen).toEqual([['catalog']]);

        running.push(await env.start());
        // Both buses live in this test's process, so both publish what it invalidates: once here, and
        // once by each bus hearing the other's message (one process's bus would be heard by the other once).
        invalidate(['content', 'offers']);
        const ms = await within(1000, () => rec.seen.length === 4);
        expect(rec.seen.slice(1)).toEqual([
          ['content', 'offers'],
          ['content', 'offers'],
          ['content', 'offers'],
        ]);
        expect(ms).toBeLessThan(1000);
        await new Promise((r) => setTimeout(r, 150));
        expect(rec.seen).toHaveLength(4);
      } finally {
        rec.stop();
      }
    });
  });
}

busSuite('PGlite', async () => {
  const database = wrapPglite(await PGlite.create('memory://', PGLITE_OPTIONS));
  return { start: () => startDatabaseBus(database.notifications, quiet), close: () => database.close() };
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  busSuite('PostgreSQL LISTEN/NOTIFY', async () => {
    const empty = await emptyPostgresDatabase();
    const databases: { notifications: Notifications; close(): Promise<void> }[] = [];
    return {
      async start() {
        const d = connectPostgres(empty.url);
        databases.push(d);
        return startDatabaseBus(d.notifications, quiet);
      },
      async close() {
        await Promise.all(databases.map((d) => d.close()));
        await empty.drop();
      },
    };
  });

  it('a process whose LISTEN connection was cut forgets everything once back, and hears the others again', async () => {
    const empty = await emptyPostgresDatabase();
    const a = connectPostgres(empty.url);
    const b = connectPostgres(empty.url);
    const admin = new pg.Client({ connectionString: empty.url });
    await admin.connect();
    const rec = recorder();
    try {
      const busA = await startDatabaseBus(a.notifications, quiet);
      const busB = await startDatabaseBus(b.notifications, quiet);
      running.push(busA, busB);
      // Every LISTEN connection goes, as when the server restarts or a proxy drops them.
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'",
      );
      await within(3000, () => rec.seen.filter((t) => t.length === 3).length >= 2);
      rec.seen.length = 0;
      invalidate(['catalog']);
      await within(1000, () => rec.seen.length === 3);
      expect(rec.seen).toEqual([['catalog'], ['catalog'], ['catalog']]);
    } finally {
      rec.stop();
      await admin.end();
      await Promise.all(running.splice(0).map((x) => x.close()));
      await Promise.all([a.close(), b.close()]);
      await empty.drop();
    }
  }, 20_000);
});

describe('on Redis (REDIS_URL)', async () => {
  const redis = await testRedis();
  afterAll(() => redis.stop());
  busSuite('Redis pub/sub', async () => ({ start: () => startRedisBus(redis.url, quiet), close: async () => {} }));
});
