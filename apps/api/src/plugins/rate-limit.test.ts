import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Clock } from '../lib/clock.js';
import { createTestDatabase, DATABASE_KINDS } from '../../test/support/database.js';
import { testRedis } from '../../test/support/redis.js';
import { DatabaseRateLimiter, MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './rate-limit.js';

const redis = await testRedis();
const redisUrl = redis.url;
const database = await createTestDatabase('pglite');
afterAll(async () => {
  redis.stop();
  await database.close();
});

const kinds: [string, (clock: Clock) => RateLimiter][] = [
  ['memory', (clock) => new MemoryRateLimiter(clock)],
  ['redis', (clock) => new RedisRateLimiter(new Redis(redisUrl), clock, `rl-test:${randomBytes(4).toString('hex')}:`)],
  ['database', (clock) => new DatabaseRateLimiter(database.db, clock)],
];

describe.each(kinds)('rate limiter (%s)', (_name, make) => {
  const clock = new Clock();
  const limiter = make(clock);
  afterAll(() => limiter.close());

  it('allows up to the limit in a window, then refuses with the seconds left', async () => {
    // Start just after a window boundary so the window cannot roll over mid-test.
    clock.advance(60_000 - (clock.nowMs() % 60_000) + 10);
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await limiter.hit('k1', 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ count: 4, limit: 3 });
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(55);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.peek('k1', 3, 60)).count).toBe(4);
    expect((await limiter.peek('other', 3, 60)).count).toBe(0);
  });

  it('opens a new window when the time passes, and resets on demand', async () => {
    clock.advance(60_000);
    expect(await limiter.hit('k1', 3, 60)).toMatchObject({ allowed: true, count: 1 });
    await limiter.hit('k2', 1, 60);
    await limiter.reset('k2', 60);
    expect((await limiter.hit('k2', 1, 60)).allowed).toBe(true);
  });

  it('takes one count back on release, never below zero', async () => {
    await limiter.hit('k3', 5, 60);
    await limiter.hit('k3', 5, 60);
    await limiter.release('k3', 60);
    expect((await limiter.peek('k3', 5, 60)).count).toBe(1);
    await limiter.release('k3', 60);
    await limiter.release('k3', 60);
    expect((await limiter.peek('k3', 5, 60)).count).toBe(0);
  });

  it('counts parallel hits exactly', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.hit('k4', 10, 60)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect((await limiter.peek('k4', 10, 60)).count).toBe(40);
  });
});

describe('rate limits kept in the database', () => {
  it('are seen by a second limiter on the same database (another process, or the same one after a restart)', async () => {
    const clock = new Clock();
    const first = new DatabaseRateLimiter(database.db, clock);
    for (let i = 0; i < 3; i += 1) await first.hit('restart', 3, 3600);
    const second = new DatabaseRateLimiter(database.db, clock);
    expect((await second.hit('restart', 3, 3600)).allowed).toBe(false);
  });

  it('prunes windows that have ended', async () => {
    const clock = new Clock();
    const limiter = new DatabaseRateLimiter(database.db, clock);
    await limiter.hit('old', 3, 60);
    clock.advance(120_000);
    expect(await limiter.prune()).toBeGreaterThanOrEqual(1);
    expect((await limiter.peek('old', 3, 60)).count).toBe(0);
  });
});

describe.each(DATABASE_KINDS)('one counter hit by many at once (%s)', (kind) => {
  // PostgreSQL in a database of its own, which takes a few seconds to make.
  it('is one upsert per round trip, each hit with its own count, exact across processes', { timeout: 30_000 }, async () => {
    const own = kind === 'pglite' ? { db: database.db, close: async () => {} } : await createTestDatabase(kind);
    try {
      const clock = new Clock();
      const inserts = vi.spyOn(own.db, 'insert');
      // Two processes, 60 shoppers behind one address each, at once.
      const [a, b] = [new DatabaseRateLimiter(own.db, clock), new DatabaseRateLimiter(own.db, clock)];
      const results = await Promise.all(Array.from({ length: 120 }, (_, i) => (i % 2 ? a : b).hit('bag:new:ip:nat', 100, 3600)));
      expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
      expect(results.filter((r) => r.allowed)).toHaveLength(100);
      expect((await a.peek('bag:new:ip:nat', 100, 3600)).count).toBe(120);
      // Each process sent its first hit alone and the rest together: not a statement per hit.
      expect(inserts.mock.calls.length).toBeLessThanOrEqual(6);
      // A failed upsert fails the hits that waited on it, and the next hits count again.
      inserts.mockImplementationOnce(() => {
        throw new Error('database gone');
      });
      await expect(a.hit('bag:new:ip:nat', 100, 3600)).rejects.toThrow('database gone');
      expect((await a.hit('bag:new:ip:nat', 100, 3600)).count).toBe(121);
      inserts.mockRestore();
    } finally {
      await own.close();
    }
  });
});

describe('rate limits shared through Redis', () => {
  it('keeps the failed-login counts of the app in Redis, where another process sees them', async () => {
    const { createTestApp } = await import('../../test/support/app.js');
    const a = await createTestApp('pglite', { env: { REDIS_URL: redisUrl } });
    const otherProcess = new RedisRateLimiter(new Redis(redisUrl), new Clock());
    try {
      expect(a.app.rateLimiter).toBeInstanceOf(RedisRateLimiter);
      const email = `nobody.${randomBytes(6).toString('hex')}@gmail.com`;
      // An address of its own: the machine's Redis outlives this run, and its per-address count with it.
      const remoteAddress = `10.${randomBytes(3).join('.')}`;
      const login = () =>
        a.app.inject({ method: 'POST', url: '/api/v1/accounts/login/', remoteAddress, payload: { email, password: 'wrong-password' } });
      for (let i = 0; i < 10; i += 1) expect((await login()).statusCode).toBe(400);
      expect((await otherProcess.peek(`loginfail:acct:${email}`, 10, 900)).count).toBe(10);
      expect((await login()).statusCode).toBe(429);
    } finally {
      await otherProcess.close();
      await a.close();
    }
  }, 60_000);
});
