import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '@store/shared/catalog';
import { buildApp } from '../app.js';
import { parseEnv } from '../config/env.js';
import { createTestDatabase } from '../../test/support/database.js';
import { createTestCatalog, newCustomer } from '../../test/support/fixtures.js';
import { invalidate } from './cache/invalidation.js';
import { changedRecently } from './read-replica.js';

/*
 * Issue 19, the read replica: the catalog's and search's reads go to DATABASE_READ_URL; right after a
 * change they go to the primary; bags and everything else always do. The "replica" here is a second,
 * empty database, so which one answered shows in the answer.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('reads on a replica', () => {
  let primary: Awaited<ReturnType<typeof createTestDatabase>>;
  let replica: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let variantId = 0;

  beforeAll(async () => {
    [primary, replica] = await Promise.all([createTestDatabase('postgres'), createTestDatabase('postgres')]);
    const catalog = await createTestCatalog(primary.db, 'replica');
    variantId = catalog.serum30.id;
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'replica-')), PAGE_CACHE_SECONDS: '0' });
    app = await buildApp({ env, database: { ...primary, replica: replica.db } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await Promise.all([primary?.close(), replica?.close()]);
  });

  const listing = async () => (await app.inject('/api/v1/products/?page_size=48')).json<ProductListResponse>().count;

  it('serves the catalog from the replica, the primary right after a change, and bags from the primary always', async () => {
    while (changedRecently()) await new Promise((r) => setTimeout(r, 100));
    expect(await listing()).toBe(0);
    expect((await app.inject('/api/v1/brands/')).json<{ data: unknown[] }>().data).toEqual([]);

    // A bag reads and writes the primary: the product the replica does not have goes in.
    const shopper = await newCustomer(app);
    expect((await shopper.add(variantId, 1)).statusCode).toBe(200);

    invalidate(['catalog']);
    expect(changedRecently()).toBe(true);
    expect(await listing()).toBeGreaterThan(0);
    expect((await app.inject('/api/v1/brands/')).json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);
  }, 20_000);
});
