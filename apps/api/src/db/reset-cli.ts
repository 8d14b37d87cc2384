import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { mediaDir, parseEnv } from '../config/env.js';
import { connect } from './client.js';
import { openDatabase } from './open.js';
import { seedDemo } from './seed/index.js';
import { mediaStorageFor } from '../modules/media/index.js';

/** Starts fresh: drops everything (PGlite: deletes DATA_DIR), migrates and seeds the demo shop. */
const env = parseEnv(process.env);
if (env.DATABASE_URL) {
  const database = await connect({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`create schema public`);
  await database.close();
} else {
  rmSync(env.DATA_DIR, { recursive: true, force: true });
}
// Seeding a large catalog runs statements longer than any request may.
const database = await openDatabase({ ...env, DATABASE_STATEMENT_TIMEOUT_MS: 600_000, DATABASE_QUERY_TIMEOUT_MS: 600_000 });
await seedDemo(database, { mediaDir: mediaDir(env), storage: mediaStorageFor(env), production: env.NODE_ENV === 'production' });
console.log(`Database reset and seeded (${database.kind}).`);
await database.close();
