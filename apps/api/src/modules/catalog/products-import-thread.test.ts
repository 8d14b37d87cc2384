import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';
import { Clock } from '../../lib/clock.js';
import type { RequestCtx } from '../../lib/context.js';
import { createTestDatabase } from '../../../test/support/database.js';
import { auditLog } from '../staff/staff.tables.js';
import { brands, departments, products } from './catalog.tables.js';
import { ImportThreads } from './products-import-thread.js';

// The thread needs a PostgreSQL server (the embedded PGlite cannot be opened from another thread):
// CI sets TEST_DATABASE_URL. On PGlite the import runs in the request's thread, which
// products-csv.test.ts covers on both databases.
describe.runIf(process.env.TEST_DATABASE_URL)('a CSV import on a thread of its own', () => {
  let database: Database;
  const clock = new Clock();
  const ctx = (): RequestCtx => ({
    db: database.db,
    clock,
    log: undefined as never,
    requestId: 'req-import-test',
    locale: 'en',
    customerId: null,
    guestId: null,
    sessionId: null,
    staff: null,
    ip: '192.0.2.7',
    userAgent: 'import-thread-test',
  });
  const csvOf = (prefix: string, n: number) =>
    Buffer.from(
      [
        'handle,name,brand,department,status,sku,variant_title,price,stock',
        ...Array.from({ length: n }, (_, i) => `${prefix}-${i},Thread Cream ${i},thread-brand,beauty,active,${prefix}-${i}-S,50 ml,450,3`),
      ].join('\n'),
    );
  const countOf = async (prefix: string) =>
    (
      await database.db
        .select({ n: count() })
        .from(products)
        .where(like(products.handle, `${prefix}-%`))
    )[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await database.db.insert(departments).values({ key: '', name: 'Beauty' }).onConflictDoNothing();
    const [beauty] = await database.db.select().from(departments).where(eq(departments.key, ''));
    await database.db.insert(brands).values({ handle: 'thread-brand', name: 'Thread Brand', departmentId: beauty!.id });
  });
  afterAll(async () => {
    await database.close();
  });

  it('checks and imports off the request thread, one thread for many imports, audited as the request', async () => {
    const threads = new ImportThreads(database, 'silent');
    try {
      const checking = threads.run(ctx(), 'Thread Editor', csvOf('thr-a', 50), true);
      expect(threads.running).toBe(1);
      const checked = await checking;
      expect(checked).toMatchObject({ ok: true, dry_run: true, products_created: 50 });
      expect(await countOf('thr-a')).toBe(0);

      clock.advance(3_600_000); // the thread reads the request's clock, moved or not
      const [a, b] = await Promise.all([
        threads.run(ctx(), 'Thread Editor', csvOf('thr-a', 50), false),
        threads.run(ctx(), 'Thread Editor', csvOf('thr-b', 20), false),
      ]);
      expect(threads.running).toBe(0);
      expect([a.products_created, b.products_created]).toEqual([50, 20]);
      expect([await countOf('thr-a'), await countOf('thr-b')]).toEqual([50, 20]);
      const [created] = await database.db.select().from(products).where(eq(products.handle, 'thr-a-0'));
      expect(Math.abs(created!.createdAt.getTime() - clock.nowMs())).toBeLessThan(60_000);
      const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, 'product.import'));
      expect(audits).toHaveLength(2);
      expect(audits.every((row) => row.ip === '192.0.2.7' && row.userAgent === 'import-thread-test')).toBe(true);
    } finally {
      await threads.close();
    }
  });

  it('answers a refused file with its rows, and a database that does not answer as unavailable (503)', async () => {
    const threads = new ImportThreads(database, 'silent');
    try {
      const refused = await threads.run(ctx(), 'Thread Editor', Buffer.from('handle,name\nthr-c-1,'), false);
      expect(refused.ok).toBe(false);
      expect(refused.errors.length).toBeGreaterThan(0);
    } finally {
      await threads.close();
    }
    const nowhere = new ImportThreads(
      { postgres: { url: 'postgres://postgres@127.0.0.1:9/none', options: { connectTimeoutMs: 500 } } },
      'silent',
    );
    try {
      const failed = await nowhere.run(ctx(), 'Thread Editor', csvOf('thr-d', 2), false).catch((err: unknown) => err);
      expect(isDatabaseUnavailable(failed)).toBe(true);
    } finally {
      await nowhere.close();
    }
  });

  it('an import under way when the app closes is rolled back whole', async () => {
    const threads = new ImportThreads(database, 'silent');
    const importing = threads.run(ctx(), 'Thread Editor', csvOf('thr-e', 3_000), false).catch((err: unknown) => err);
    await threads.close();
    expect(await importing).toBeInstanceOf(Error);
    expect(await countOf('thr-e')).toBe(0);
  });
});
