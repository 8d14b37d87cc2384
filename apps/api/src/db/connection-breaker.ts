import pg from 'pg';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { sql, type SQL, type TablesRelationalConfig } from 'drizzle-orm';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { isDatabaseUnavailable } from './unavailable.js';

/** The refusal a request gets while the breaker waits for its probe: mapped to 503 like any unavailable database. */
export class DatabaseNotAnswering extends Error {
  constructor() {
    super('the database is not answering (one probe connection at a time until it does)');
  }
}

/** pg-pool's error for a request that waited too long for a free pooled connection: the database answers, the pool is busy. */
const isPoolWait = (err: Error) => err.message === 'timeout exceeded when trying to connect';

type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

/**
 * One connection attempt at a time while the database does not answer. Without it, every request
 * during a freeze opens a connection and gives up after the connect timeout; the server queues them
 * all and, once thawed, starts a session for each dead attempt before it reaches a live one, so the
 * store stays down for seconds after its database is back. Open after a failed new connection (not
 * after a wait for a busy pool's free connection: that database answers); the next
 * request becomes the probe, the others get 503 at once; a successful connect closes it.
 */
export function guardConnections(pool: pg.Pool, onChange: (down: boolean) => void = () => {}) {
  let down = false;
  let probing = false;
  const connect = pool.connect.bind(pool) as (callback: ConnectCallback) => void;
  const guarded = (callback?: ConnectCallback): Promise<pg.PoolClient> | undefined => {
    if (!callback)
      return new Promise(
        (resolve, reject) => void guarded((err, client) => (err || !client ? reject(err ?? new DatabaseNotAnswering()) : resolve(client))),
      );
    if (down && probing) {
      process.nextTick(callback, new DatabaseNotAnswering());
      return undefined;
    }
    if (down) probing = true;
    connect((err, client, done) => {
      if (down) probing = false;
      if (!err && down) {
        down = false;
        onChange(false);
      } else if (err && !down && isDatabaseUnavailable(err) && !isPoolWait(err)) {
        down = true;
        onChange(true);
      }
      callback(err, client, done);
    });
    return undefined;
  };
  pool.connect = guarded as typeof pool.connect;
}

let patched = false;

/**
 * drizzle-orm 0.45's node-postgres transaction runs BEGIN before its try/finally (a BEGIN that
 * times out never returns its connection to the pool) and returns a connection whose ROLLBACK failed
 * to the pool as if healthy. This replaces it, once per process, with the same steps where every path
 * releases the connection, and one that met a connection-level failure is destroyed, not reused.
 * TODO: remove when drizzle-orm releases the connection itself on a failed BEGIN.
 */
export function patchTransactions() {
  if (patched) return;
  patched = true;
  type Tx = NodePgTransaction<Record<string, never>, TablesRelationalConfig>;
  // Fields drizzle keeps private; their shapes are the constructor's parameters.
  type SessionFields = {
    client: pg.Pool | pg.PoolClient;
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
  type ConfigSql = { getTransactionConfigSQL(config: PgTransactionConfig): SQL };
  NodePgSession.prototype.transaction = async function transaction<T>(
    this: NodePgSession<Record<string, never>, TablesRelationalConfig>,
    run: (tx: Tx) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    const self = this as unknown as SessionFields;
    const client = self.client instanceof pg.Pool ? await self.client.connect() : null;
    const session = client ? new NodePgSession(client, self.dialect, self.schema, self.options) : this;
    const tx: Tx = new NodePgTransaction(self.dialect, session, self.schema);
    let broken: Error | undefined;
    try {
      await tx.execute(sql`begin${config ? sql` ${(tx as unknown as ConfigSql).getTransactionConfigSQL(config)}` : undefined}`);
      try {
        const result = await run(tx);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`).catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken ??= error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client?.release(broken);
    }
  } as typeof NodePgSession.prototype.transaction;
}
