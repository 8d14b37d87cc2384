import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BASELINE, migrationsApplied } from './invariants.js';
import type { Sql } from './lib/check.js';
import { killOnExit, sleep } from './lib/processes.js';
import { afterBurst, liveBurst, printLog, summarisePays, toldBefore, toldNumbers, untilTold } from './lib/report.js';
import { orderOf, pool, ReadyWatch, Shop, type Shopper } from './lib/shop.js';
import { StoreProcess } from './lib/store.js';

/*
 * F6: the embedded database. The store runs without DATABASE_URL on a PGlite folder of its own and
 * is killed (kill -9) while it writes (bag updates, COD orders), then started again: it must open
 * the folder, pass its migrations and hold the invariants. PGlite is one process's database, so the
 * suite reads it (baseline before, invariants after) only while the store is stopped.
 */

const STOCK = 300;
const MIGRATIONS = (
  JSON.parse(readFileSync(join(inject('faultsBuild'), 'apps/api/drizzle/meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

let dataDir: string;
let store: StoreProcess;
let shop: Shop;

/** Opens the folder in this process (the store must be stopped), runs `work`, closes it. */
async function withPglite<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
  const db = await PGlite.create(dataDir, { extensions: { btree_gin, pg_trgm } }); // the store's extensions (apps/api/src/db/client.ts); read with PGlite's own parsers
  try {
    return await work(async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'faults-pglite-'));
  store = await StoreProcess.create({ DATA_DIR: dataDir });
  killOnExit(() => {
    store.killNow();
    rmSync(dataDir, { recursive: true, force: true });
  });
  store.start();
  const readyMs = await store.ready(240_000);
  shop = new Shop(store.base);
  console.log(`[setup] PGlite in ${dataDir}: store ready in ${readyMs} ms (migrated, demo shop seeded)`);
});

afterAll(async () => {
  await store?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('PGlite faults', () => {
  it('F6: the store on PGlite killed (kill -9) during writes and started again', async () => {
    const variants = await shop.variants(4);
    const first = 10_000_000 + Math.floor(Math.random() * 80_000_000);
    const started = Date.now();
    const tokens = await pool(
      Array.from({ length: 34 }, (_, i) => `+88019${String(first + i).slice(-8)}`),
      4,
      (phone) => shop.guest(phone),
    );
    const all: Shopper[] = tokens.map((token, i) => ({ phone: '', token, variantId: variants[i % variants.length]! }));
    await pool(all, 4, (s) => shop.fillBag(s));
    const payers = all.slice(0, 28);
    const bagShoppers = all.slice(28, 32);
    const late = all.slice(32);
    console.log(`[F6] ${all.length} guests with a bag and an address in ${Date.now() - started} ms`);

    // The baseline is written with the store stopped (one process owns a PGlite folder at a time).
    await store.stop();
    await withPglite(async (sql) => {
      await sql('update variants set stock = $2 where id = any($1::int[])', [variants, STOCK]);
      for (const statement of BASELINE) await sql(statement);
    });
    store.start();
    await store.ready(120_000);
    const log = store.lines.length;

    const watch = new ReadyWatch(shop);
    const b = liveBurst(shop, { payers, bagShoppers, keyPrefix: 'f6', deadlineMs: 90_000, spreadMs: 80, concurrency: 4 });
    await untilTold(b.records, 6, 20_000);
    const killedAt = Date.now();
    const killedPid = store.kill9();
    await store.exited(5000);
    await sleep(500);
    const restartAt = Date.now();
    store.start();
    const reopened = await store.ready(120_000).then(
      (ms) => ms,
      (err: unknown) => {
        console.log(`[F6] the store did not come back: ${String(err)}`);
        return null;
      },
    );
    const { pays, payTally, bagTally, bagUpdates } = await b.run;
    // A shopper who only arrives after the restart can still order.
    const after = await Promise.all(late.map((s, i) => shop.pay(s.token, `f6-late-${i}-${s.token.slice(0, 8)}`)));
    await watch.stop();

    const before = toldBefore(pays, killedAt);
    console.log(
      `[F6] killed the store (pid ${killedPid}) after ${before} orders; started again: ` +
        `${reopened === null ? 'NOT ready' : `ready ${reopened} ms after the start (opened the folder, migrations passed)`}`,
    );
    console.log(`[F6] /readyz: ${watch.summary(killedAt)}`);
    const s = summarisePays('F6', pays, payTally);
    console.log(`[F6] orders after the restart by new shoppers: ${after.map((a) => a.status).join(', ')}`);
    console.log(`[F6] bag updates: ${bagUpdates} (${bagTally.toString()})`);
    printLog('F6', store, log);

    await store.stop();
    const told = [...toldNumbers(pays), ...after.flatMap((a) => (orderOf(a) ? [orderOf(a)!.number] : []))];
    const broken = await withPglite((sql) => afterBurst('F6', sql, told, [{ invariant: migrationsApplied, params: [MIGRATIONS] }]));
    console.log(`[F6] restart took ${reopened ?? '—'} ms after ${restartAt - killedAt} ms down`);

    expect.soft(reopened, 'the store opens the folder again after kill -9').not.toBeNull();
    expect.soft(before, 'the kill landed mid-burst').toBeGreaterThan(0);
    expect.soft(before).toBeLessThan(payers.length);
    expect.soft(s.unanswered).toBe(0);
    expect.soft(after.map((a) => a.status)).toEqual(after.map(() => 200));
    expect.soft(pays.filter((p) => p.told.size > 1)).toEqual([]);
    expect.soft(broken).toEqual([]);
  }, 300_000);
});
