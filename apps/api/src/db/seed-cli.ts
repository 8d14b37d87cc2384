import { parseArgs } from 'node:util';
import { mediaDir, parseEnv } from '../config/env.js';
import { openDatabase } from './open.js';
import { seedDemo } from './seed/index.js';
import { mediaStorageFor } from '../modules/media/index.js';

const { values } = parseArgs({ options: { products: { type: 'string' } } });
const products = values.products === undefined ? undefined : Number(values.products);
if (products !== undefined && (!Number.isInteger(products) || products < 1)) {
  console.error('--products takes a whole number of products, e.g. --products 50000');
  process.exit(1);
}
const env = parseEnv(process.env);
// Seeding a large catalog runs statements longer than any request may.
const database = await openDatabase({ ...env, DATABASE_STATEMENT_TIMEOUT_MS: 600_000, DATABASE_QUERY_TIMEOUT_MS: 600_000 });
const started = Date.now();
await seedDemo(database, {
  mediaDir: mediaDir(env),
  storage: mediaStorageFor(env),
  production: env.NODE_ENV === 'production',
  ...(products ? { products } : {}),
});
console.log(`Seeded (${database.kind}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
await database.close();
