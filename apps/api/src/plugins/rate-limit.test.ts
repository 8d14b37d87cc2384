import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { Clock } from '../lib/clock.js';
import { createTestDatabase } from '../../test/support/database.js';
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

describe('rate limits shared through Redis', () => {
  it('keeps the failed-login counts of the app in Redis, where another process sees them', async () => {
    const { createTestApp } = await import('../../test/support/app.js');
    const a = await createTestApp('pglite', { env: { REDIS_URL: redisUrl } });
    const otherProcess = new RedisRateLimiter(new Redis(redisUrl), new Clock());
    try {
      expect(a.app.rateLimiter).toBeInstanceOf(RedisRateLimiter);
      const email = `nobody.${randomBytes(6).toString('hex')}@gmail.com`;
      const login = () => a.app.inject({ method: 'POST', url: '/api/v1/accounts/login/', payload: { email, password: 'wrong-password' } });
      for (let i = 0; i < 10; i += 1) expect((await login()).statusCode).toBe(400);
      expect((await otherProcess.peek(`loginfail:acct:${email}`, 10, 900)).count).toBe(10);
      expect((await login()).statusCode).toBe(429);
    } finally {
      await otherProcess.close();
      await a.close();
    }
  }, 60_000);
});
