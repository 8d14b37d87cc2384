import type { Env } from '../config/env.js';
import { connect, type Database, type PostgresOptions } from './client.js';

type DatabaseEnv = Pick<
  Env,
  | 'DATABASE_URL'
  | 'DATA_DIR'
  | 'DATABASE_POOL_SIZE'
  | 'DATABASE_CONNECT_TIMEOUT_MS'
  | 'DATABASE_QUERY_TIMEOUT_MS'
  | 'DATABASE_STATEMENT_TIMEOUT_MS'
>;

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR) and migrates it. */
export async function openDatabase(env: DatabaseEnv, report: Pick<PostgresOptions, 'onError' | 'onDownChange'> = {}): Promise<Database> {
  const database = await connect({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    ...report,
  });
  await database.migrate();
  return database;
}
