import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../../test/support/database.js';
import { getStoredSetting } from './content.service.js';
import { settings } from './content.tables.js';

// Two databases in one process (the test suite keeps its modules between files): the settings
// cache never answers one database with the other's rows.
let first: Database;
let second: Database;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase('pglite'), createTestDatabase('pglite')]);
  await first.db.insert(settings).values({ key: 'shop_rules', value: { stock_warning_threshold: 3 } });
  await second.db.insert(settings).values({ key: 'shop_rules', value: { stock_warning_threshold: 9 } });
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

it('keeps a cached setting to the database it was read from', async () => {
  expect(await getStoredSetting({ db: first.db }, 'shop_rules')).toEqual({ stock_warning_threshold: 3 });
  expect(await getStoredSetting({ db: second.db }, 'shop_rules')).toEqual({ stock_warning_threshold: 9 });
  expect(await getStoredSetting({ db: first.db }, 'shop_rules')).toEqual({ stock_warning_threshold: 3 });
});
