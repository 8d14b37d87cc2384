import type { Env } from '../config/env.js';
import { connect, type Database } from './client.js';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR) and migrates it. */
export async function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>): Promise<Database> {
  const database = await connect({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE });
  await database.migrate();
  return database;
}
