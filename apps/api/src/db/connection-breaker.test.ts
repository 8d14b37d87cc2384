import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type Database } from './client.js';
import { DatabaseNotAnswering } from './connection-breaker.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** A "database" that accepts connections and never answers: PostgreSQL under SIGSTOP, as a client sees it. */
describe('connections while the database does not answer', () => {
  let frozen: Server;
  const sockets: Socket[] = [];
  let database: Database;
  const changes: boolean[] = [];
  /** A query through the pool; the error drizzle throws carries the driver's as its cause. */
  const query = () => database.db.execute(sql`select 1`).catch((err: Error) => Promise.reject(err.cause ?? err));

  beforeAll(async () => {
    frozen = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => frozen.listen(0, '127.0.0.1', resolve));
    const { port } = frozen.address() as AddressInfo;
    database = connectPostgres(`postgres://postgres@127.0.0.1:${port}/store`, {
      poolSize: 5,
      connectTimeoutMs: 300,
      onDownChange: (down) => changes.push(down),
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    frozen.close();
    await database.close().catch(() => undefined);
  });

  it('makes one probe attempt at a time once a connect has failed, and refuses the rest at once', async () => {
    const first = await Promise.allSettled(Array.from({ length: 5 }, query));
    expect(first.every((r) => r.status === 'rejected' && isDatabaseUnavailable(r.reason))).toBe(true);
    expect(changes).toEqual([true]);
    const attemptsBefore = sockets.length;

    const started = Date.now();
    const burst = await Promise.allSettled(Array.from({ length: 20 }, query));
    const refused = burst.filter((r) => r.status === 'rejected' && r.reason instanceof DatabaseNotAnswering);
    expect(refused).toHaveLength(19);
    expect(burst.every((r) => r.status === 'rejected' && isDatabaseUnavailable(r.reason))).toBe(true);
    // One socket for the probe; the refusals did not wait for a connect timeout each.
    expect(sockets.length - attemptsBefore).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
