import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_OPTIONS, selectRows, wrapPglite, type Database } from './client.js';
import { rateLimitCounters as counters } from './schema.js';

/*
 * The embedded database is opened with drizzle's parsers as its own, so drizzle's statements go
 * through without per-statement parsers (PGlite copies its 318 parsers for each statement that
 * brings some); pg-boss, which reads the client directly, still gets Date objects (db/client.ts).
 */
describe('the embedded database and its type parsers', () => {
  let client: PGlite;
  let database: Database;
  const seen: (QueryOptions | undefined)[] = [];

  beforeAll(async () => {
    client = await PGlite.create('memory://', PGLITE_OPTIONS);
    // Every statement's options, the transactions' too.
    const recorded = <T extends Pick<PGlite, 'query'> | Transaction>(target: T): T => {
      const query = target.query.bind(target);
      target.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
        seen.push(options);
        return query(text, params, options);
      }) as T['query'];
      return target;
    };
    recorded(client);
    const transaction = client.transaction.bind(client);
    client.transaction = (<T>(run: (tx: Transaction) => Promise<T>) => transaction((tx) => run(recorded(tx)))) as PGlite['transaction'];
    database = wrapPglite(client);
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
  });

  it('refuses a PGlite opened without PGLITE_OPTIONS, which would hand drizzle Date objects where it expects text', async () => {
    const plain = await PGlite.create('memory://');
    expect(() => wrapPglite(plain)).toThrow(/PGLITE_OPTIONS/);
    await plain.close();
  });

  it('sends drizzle’s statements, in and out of a transaction, without parsers, and reads dates as drizzle maps them', async () => {
    const at = new Date('2026-11-29T03:20:37.251Z');
    seen.length = 0;
    const [row] = await database.db.insert(counters).values({ key: 'parsers', count: 1, expiresAt: at }).returning();
    const inTx = await database.db.transaction(async (tx) => tx.select().from(counters).where(eq(counters.key, 'parsers')));
    const [raw] = await selectRows<{ t: unknown }>(database.db, sql`select ${counters.expiresAt} as t from ${counters}`);

    expect(seen.length).toBe(3);
    expect(seen.filter((o) => o?.parsers !== undefined)).toEqual([]);
    expect(row!.expiresAt).toEqual(at);
    expect(inTx[0]!.expiresAt).toEqual(at);
    // A hand-written query reads PostgreSQL's text, as drizzle's own session always gave it.
    expect(raw!.t).toBe('2026-11-29 03:20:37.251+00');
  });

  it('gives pg-boss (the client it reads directly) Date objects, as node-postgres does', async () => {
    const { rows } = await database.pglite!.query<{ t: unknown }>("select timestamptz '2026-11-29 03:20:37.251+00' as t");
    expect(rows[0]!.t).toEqual(new Date('2026-11-29T03:20:37.251Z'));
    const [fromExec] = await database.pglite!.exec("select timestamptz '2026-11-29 03:20:37.251+00' as t");
    expect((fromExec!.rows[0] as { t: unknown }).t).toEqual(new Date('2026-11-29T03:20:37.251Z'));
  });
});
