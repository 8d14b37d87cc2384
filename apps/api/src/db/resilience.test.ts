import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../plugins/errors.js';
import { connectPostgres, type Database } from './client.js';
import { isDatabaseUnavailable } from './unavailable.js';

describe('isDatabaseUnavailable', () => {
  it('tells a database that cannot answer from a request that is wrong', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
    // Drizzle wraps the driver's error.
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query: select 1'), { cause: new Error('Query read timeout') }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});

// What a PostgreSQL server does to its clients (terminating backends, cancelling statements) needs a
// server: CI sets TEST_DATABASE_URL. The kill -9 and SIGSTOP cases are in the fault suite (faults/).
describe.runIf(process.env.TEST_DATABASE_URL)('a pool whose server misbehaves', () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `t_${randomBytes(6).toString('hex')}`;
  let database: Database;
  let admin: pg.Client;
  const errors: Error[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = connectPostgres(url.toString(), {
      poolSize: 4,
      statementTimeoutMs: 300,
      queryTimeoutMs: 2000,
      onError: (e) => errors.push(e),
    });
  });
  afterAll(async () => {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const terminateAll = () =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);

  it('survives its idle connections being terminated, and reconnects', async () => {
    const one = () => database.db.execute(sql`select 1`);
    await Promise.all([one(), one(), one()]);
    await terminateAll();
    await new Promise((r) => setTimeout(r, 100));
    await one();
    expect(errors.length).toBeGreaterThan(0); // reported to onError, never thrown
  });

  it('pings for readiness over a connection of its own: answered while the pool is busy, reopened once terminated', async () => {
    const backends = async () =>
      (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])).rows;
    // Every pooled connection sleeps (the pool holds 4): the ping does not queue behind them.
    let slept = 0;
    const busy = Array.from({ length: 4 }, () =>
      database.db
        .execute(sql`select pg_sleep(0.25)`)
        .catch(() => null)
        .finally(() => slept++),
    );
    await new Promise((r) => setTimeout(r, 50));
    await database.ping();
    expect(slept).toBe(0);
    await Promise.all(busy);
    // The same connection serves the next ping.
    const before = (await backends()).length;
    await database.ping();
    expect((await backends()).length).toBe(before);
    // Terminated, the ping fails once at most, then opens a new connection.
    await terminateAll();
    await new Promise((r) => setTimeout(r, 100));
    await database.ping().catch(() => database.ping());
    await database.ping();
  });

  it('survives a connection terminated inside a transaction: the transaction fails, the next one works', async () => {
    const inside = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await terminateAll();
      await tx.execute(sql`select 1`);
    });
    const err = await inside.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
    await database.db.transaction(async (tx) => tx.execute(sql`select 1`));
  });

  it('answers 503 with Retry-After when a statement runs out of time', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/slow', async () => database.db.execute(sql`select pg_sleep(2)`));
    const res = await app.inject({ url: '/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error.code).toBe('unavailable');
    await app.close();
  });
});
