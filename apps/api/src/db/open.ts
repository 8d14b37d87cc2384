import type { Env } from '../config/env.js';
import { connect, connectPostgres, type Database, type PostgresOptions } from './client.js';
import { schemaStatus, SchemaBehind } from './schema-version.js';

type DatabaseEnv = Pick<
  Env,
  | 'DATABASE_URL'
  | 'DATABASE_READ_URL'
  | 'DATA_DIR'
  | 'DATABASE_POOL_SIZE'
  | 'DATABASE_CONNECT_TIMEOUT_MS'
  | 'DATABASE_QUERY_TIMEOUT_MS'
  | 'DATABASE_STATEMENT_TIMEOUT_MS'
>;

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR) and
 * migrates it (under an advisory lock on PostgreSQL: several processes may ask at once). With
 * `migrate: false` (a production app process: migrating is a release step) it only checks that the
 * schema is this release's, and throws SchemaBehind when it is not.
 */
export async function openDatabase(
  env: DatabaseEnv,
  report: Pick<PostgresOptions, 'onError' | 'onDownChange'> = {},
  opts: { migrate?: boolean } = {},
): Promise<Database> {
  const database = await connect({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    ...report,
  });
  if (opts.migrate !== false) await database.migrate();
  else await assertCurrent(database);
  return withReplica(database, env, report);
}

/** With DATABASE_READ_URL, a pool on the replica beside the primary's (closed with it). */
function withReplica(database: Database, env: DatabaseEnv, report: Pick<PostgresOptions, 'onError'>): Database {
  if (!env.DATABASE_READ_URL || database.kind !== 'postgres') return database;
  let up = true;
  const replica = connectPostgres(env.DATABASE_READ_URL, {
    poolSize: env.DATABASE_POOL_SIZE,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    onError: (err) => report.onError?.(new Error(`read replica: ${err.message}`)),
    // A replica that stops answering sends its reads back to the primary until it answers again.
    onDownChange: (down) => {
      up = !down;
    },
  });
  return {
    ...database,
    replica: replica.db,
    replicaUp: () => up,
    close: async () => {
      await Promise.all([database.close(), replica.close()]);
    },
  };
}

/** A database behind this release's schema refuses (SchemaBehind); it is closed first. */
async function assertCurrent(database: Database): Promise<void> {
  const status = await schemaStatus(database.db);
  if (status.pending > 0) {
    await database.close();
    throw new SchemaBehind(status);
  }
}
