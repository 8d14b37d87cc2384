import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite, types, type ParserOptions, type PGliteOptions, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { context } from '@opentelemetry/api';
import { traceConnection } from '../lib/query-tracing.js';
import { guardConnections, patchTransactions } from './connection-breaker.js';
import * as schema from './schema.js';

/** Column names in the database are the schema's keys in snake_case. */
export const CASING = 'snake_case' as const;

export type Schema = typeof schema;
/** One type for both drivers: the embedded PGlite and a PostgreSQL server share every query. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a hand-written query: both drivers (node-postgres and PGlite) answer db.execute with `{ rows }`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database's client, for a library that speaks to it directly (pg-boss); absent on PostgreSQL. */
  pglite?: PGlite;
  /** How to open another connection to the same server (a worker thread); absent for the embedded PGlite, which lives in this thread only. */
  postgres?: PostgresConnection;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** PostgreSQL's LISTEN/NOTIFY, which PGlite has too: messages between the processes on one database. */
  notifications: Notifications;
  /** A read replica of a PostgreSQL primary (DATABASE_READ_URL): the catalog's and search's reads (lib/read-replica.ts). */
  replica?: Db;
  /** False while the replica does not answer connections: its reads go to the primary meanwhile. */
  replicaUp?: () => boolean;
  /** The pool's connections now (PostgreSQL; the embedded PGlite has one session and no pool). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
};

/**
 * A channel's messages (LISTEN/NOTIFY). `listen` keeps listening across connection losses: after a
 * loss it calls `onGap` once listening again, since whatever was sent meanwhile was missed. It returns
 * the function that stops. `notify` sends one message to every listener, this process's too.
 */
export type Notifications = {
  listen(channel: string, onMessage: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The PostgreSQL advisory lock migrations run under (any 64-bit number no other code uses). */
export const MIGRATION_LOCK = 7_402_118_190;

// Money comes back as integers; counts (bigint) come back as strings unless told otherwise.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type PostgresOptions = {
  poolSize?: number;
  /** Milliseconds to open a connection, or to wait for a free one in the pool. */
  connectTimeoutMs?: number;
  /** Milliseconds the client waits for a query's answer. */
  queryTimeoutMs?: number;
  /** PostgreSQL's own statement_timeout for these sessions. */
  statementTimeoutMs?: number;
  /** Where connection errors are reported; they never throw out of the pool. */
  onError?: (err: Error) => void;
  /** Told when the database stops answering connections, and when it answers again. */
  onDownChange?: (down: boolean) => void;
};

/** A server's address and the timeouts its pool was opened with: plain data, so a worker thread can open its own. */
export type PostgresConnection = {
  url: string;
  options: Pick<PostgresOptions, 'connectTimeoutMs' | 'queryTimeoutMs' | 'statementTimeoutMs'>;
};

/**
 * A pool that outlives its server: a restart, a failover or a terminated backend breaks only the
 * connections it hits (their queries fail and the request answers 503), and the next query opens a
 * new connection. Every client carries an `error` listener from birth: without one, a connection
 * dying while checked out (inside a transaction) throws an unhandled `error` event and ends the process.
 */
export function connectPostgres(url: string, options: PostgresOptions = {}): Database {
  const onError = options.onError ?? (() => {});
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 2000,
    query_timeout: options.queryTimeoutMs ?? 10_000,
    statement_timeout: options.statementTimeoutMs ?? 8000,
    // A transaction left open by a client that went away releases its locks by itself.
    idle_in_transaction_session_timeout: 60_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  pool.on('error', onError);
  // pool.query waits for a connection with a callback, which another request's release would run in
  // that request's async context: bound to the asking one's, its statement's span joins the right trace.
  const connect = pool.connect.bind(pool) as (callback?: (...args: never[]) => void) => unknown;
  (pool as unknown as { connect: typeof connect }).connect = (callback) =>
    callback ? connect(context.bind(context.active(), callback)) : connect();
  pool.on('connect', (client) => {
    client.on('error', onError);
    // Each statement a span when tracing is on (lib/query-tracing.ts).
    traceConnection(client as unknown as Parameters<typeof traceConnection>[0]);
  });
  guardConnections(pool, options.onDownChange);
  patchTransactions();
  const db = drizzlePg({ client: pool, schema, casing: CASING });
  const ping = readinessPing(url, options.connectTimeoutMs ?? 2000, onError);
  const { connectTimeoutMs, queryTimeoutMs, statementTimeoutMs } = options;
  return {
    db,
    kind: 'postgres',
    postgres: { url, options: { connectTimeoutMs, queryTimeoutMs, statementTimeoutMs } },
    // Migrations get a connection of their own without the request timeouts: building an index on a
    // large catalog may take longer than any request should.
    migrate: async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: options.connectTimeoutMs ?? 2000 });
      client.on('error', onError);
      await client.connect();
      try {
        // One migrator at a time across every process and release job: the others wait here, then
        // find nothing left to apply (drizzle skips what __drizzle_migrations already records).
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client, casing: CASING }), { migrationsFolder });
      } finally {
        // Ending the session releases the lock too, should the unlock itself fail.
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        await client.end();
      }
    },
    ping,
    notifications: postgresNotifications(url, pool, options.connectTimeoutMs ?? 2000, onError),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: options.poolSize ?? 10 }),
    close: async () => {
      await Promise.all([pool.end(), ping.close()]);
    },
  };
}

/** Retries of a lost LISTEN connection start after this long and double up to the maximum. */
const LISTEN_RETRY_MS = { first: 250, max: 5000 };

/**
 * LISTEN on a connection of its own (a pooled one would go back to the pool and stop hearing), opened
 * again whenever it is lost, a restart or a failover of the server included. NOTIFY goes over the pool.
 */
function postgresNotifications(url: string, pool: pg.Pool, connectTimeoutMs: number, onError: (err: Error) => void): Notifications {
  return {
    async listen(channel, onMessage, onGap) {
      let client: pg.Client | null = null;
      let stopped = false;
      let retryMs = LISTEN_RETRY_MS.first;
      let timer: NodeJS.Timeout | null = null;
      let lost = false;
      const open = async (): Promise<void> => {
        if (stopped) return;
        // Probed after 10 s of silence: a connection a failover dropped without a word is noticed in seconds, not hours.
        const c = new pg.Client({
          connectionString: url,
          connectionTimeoutMillis: connectTimeoutMs,
          keepAlive: true,
          keepAliveInitialDelayMillis: 10_000,
        });
        client = c;
        const again = (err?: Error) => {
          if (err) onError(err);
          if (client !== c || stopped) return;
          client = null;
          lost = true;
          c.end().catch(() => {});
          timer = setTimeout(() => void open(), retryMs);
          retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
        };
        c.on('error', again);
        c.on('end', () => again());
        c.on('notification', (n) => {
          if (n.channel === channel) onMessage(n.payload ?? '');
        });
        try {
          await c.connect();
          await c.query(`listen ${pg.escapeIdentifier(channel)}`);
        } catch (err) {
          again(err as Error);
          return;
        }
        retryMs = LISTEN_RETRY_MS.first;
        if (lost) {
          lost = false;
          onGap();
        }
      };
      await open();
      return async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        const c = client;
        client = null;
        await c?.end().catch(() => {});
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
  };
}

/** A readiness ping still unanswered after this long is given up and its connection replaced. */
const STALE_PING_MS = 15_000;

/**
 * Readiness asks over a connection of its own, kept open between pings, and never sends a second
 * ping while one is unanswered. After a freeze (SIGSTOP, a stalled disk) that connection's backend
 * answers the ping it was sent the moment it runs again, instead of waiting behind the pool's
 * queued requests and the listen backlog of connection attempts the freeze left behind.
 */
function readinessPing(url: string, connectTimeoutMs: number, onError: (err: Error) => void) {
  let client: pg.Client | null = null;
  let inFlight: { answer: Promise<void>; since: number } | null = null;

  const drop = (c: pg.Client) => {
    if (client === c) client = null;
    c.end().catch(() => {});
  };
  const ask = async () => {
    let c = client;
    if (!c) {
      const fresh = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true });
      fresh.on('error', (err) => {
        onError(err);
        drop(fresh);
      });
      client = c = fresh;
      try {
        await fresh.connect();
      } catch (err) {
        drop(fresh);
        throw err;
      }
    }
    try {
      await c.query('select 1');
    } catch (err) {
      drop(c);
      throw err;
    }
  };

  const ping = () => {
    if (inFlight && Date.now() - inFlight.since > STALE_PING_MS) {
      if (client) drop(client);
      inFlight = null;
    }
    if (!inFlight) {
      const answer = ask().finally(() => {
        if (inFlight?.answer === answer) inFlight = null;
      });
      inFlight = { answer, since: Date.now() };
    }
    return inFlight.answer;
  };
  ping.close = async () => {
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
  return ping;
}

/*
 * Drizzle reads dates, timestamps and intervals as PostgreSQL's text and converts them
 * itself, so its PGlite session passes parsers for these types with every statement. PGlite then
 * copies its whole table of 318 parsers into a new object per statement, which measured 180 → 280 µs
 * for a one-row select (about a third of the header badge's request on the embedded database). So the
 * embedded database is opened with drizzle's choice as its own (PGLITE_OPTIONS), drizzle's statements
 * go through without the per-statement parsers, and pg-boss, which expects Date objects as
 * node-postgres gives them, gets PGlite's usual parsers back for its own statements.
 */
// Drizzle's session also names their array types, but PGlite builds its array parsers from the
// element types' at start-up over whatever it was given: a timestamp[] comes back as string[] (no
// query of the store reads one; drizzle's array columns take either form).
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE];
const asText = (value: string) => value;
const TEXT_PARSERS: ParserOptions = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, asText]));
const USUAL_PARSERS: ParserOptions = Object.fromEntries(
  DRIZZLE_TEXT_TYPES.flatMap((oid) => (types.parsers[oid] ? [[oid, types.parsers[oid]]] : [])),
);

/** How the embedded database is opened, here and in the tests: the extensions the migrations create, and drizzle's parsers. */
export const PGLITE_OPTIONS = { extensions: { btree_gin, pg_trgm }, parsers: TEXT_PARSERS } satisfies PGliteOptions;

type Queryable = Pick<PGlite, 'query'> | Transaction;

/** The client as drizzle sees it: its statements (and its transactions' statements) without the per-statement parsers. */
function withoutStatementParsers<T extends Queryable>(target: T): T {
  return forwarding(target, {
    query: (text: string, params?: unknown[], options?: QueryOptions) =>
      target.query(text, params, options?.parsers ? { ...options, parsers: undefined } : options),
    ...('transaction' in target
      ? {
          transaction: <R>(run: (tx: Transaction) => Promise<R>) =>
            (target as PGlite).transaction((tx) => run(withoutStatementParsers(tx))),
        }
      : {}),
  });
}

/** The client as pg-boss sees it: timestamps as Date objects, as node-postgres gives them. */
function withUsualParsers(target: PGlite): PGlite {
  const usual = (options?: QueryOptions): QueryOptions => ({ ...options, parsers: { ...USUAL_PARSERS, ...options?.parsers } });
  return forwarding(target, {
    query: (text: string, params?: unknown[], options?: QueryOptions) => target.query(text, params, usual(options)),
    exec: (text: string, options?: QueryOptions) => target.exec(text, usual(options)),
  });
}

/** `target` with some methods replaced; every other member is the target's own (methods bound to it, for its private fields). */
function forwarding<T extends object>(target: T, replaced: Record<string, unknown>): T {
  return new Proxy(target, {
    get(client, key) {
      if (typeof key === 'string' && key in replaced) return replaced[key];
      const value: unknown = Reflect.get(client, key, client);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(client) : value;
    },
  });
}

/** The embedded database: persisted under dataDir, or in memory when dataDir is 'memory://'. */
export async function connectPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, PGLITE_OPTIONS);
  return wrapPglite(client);
}

/** A PGlite opened with PGLITE_OPTIONS, as the store's Database. */
export function wrapPglite(client: PGlite): Database {
  if (client.parsers[types.TIMESTAMPTZ] !== asText)
    throw new Error('the embedded database must be opened with PGLITE_OPTIONS (db/client.ts)');
  const db = drizzlePglite({ client: withoutStatementParsers(client), schema, casing: CASING });
  return {
    db,
    kind: 'pglite',
    pglite: withUsualParsers(client),
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    // One process holds the embedded database: its messages only ever reach that process, through the same code.
    notifications: {
      async listen(channel, onMessage) {
        const stop = await client.listen(channel, onMessage);
        return async () => {
          if (!client.closed) await stop();
        };
      },
      async notify(channel, payload) {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
    },
    close: () => client.close(),
  };
}

export async function connect(opts: { databaseUrl?: string | undefined; dataDir: string } & PostgresOptions): Promise<Database> {
  return opts.databaseUrl ? connectPostgres(opts.databaseUrl, opts) : connectPglite(opts.dataDir);
}

const dbIds = new WeakMap<Db, number>();
let nextDbId = 1;

/** A number per database handle, for in-process cache keys: tests running two databases in one process never share entries. */
export function dbKey(db: Db): number {
  let id = dbIds.get(db);
  if (id === undefined) dbIds.set(db, (id = nextDbId++));
  return id;
}
