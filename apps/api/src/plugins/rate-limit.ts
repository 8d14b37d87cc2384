import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { rateLimitCounters } from './rate-limit.tables.js';

export type RateLimitResult = { allowed: boolean; count: number; limit: number; retryAfterSeconds: number };

/**
 * Fixed-window counters: `hit` counts one event under key and says whether it is within limit for
 * the current window of windowSeconds. Redis keeps them across processes; memory for one process.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** The count so far in the current window, without counting. */
  peek(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  reset(key: string, windowSeconds: number): Promise<void>;
  /** Takes one count back (an attempt counted before its check turned out to succeed). */
  release(key: string, windowSeconds: number): Promise<void>;
  close(): Promise<void>;
}

function windowOf(nowMs: number, windowSeconds: number) {
  const size = windowSeconds * 1000;
  const index = Math.floor(nowMs / size);
  return { index, retryAfterSeconds: Math.ceil(((index + 1) * size - nowMs) / 1000) };
}

const result = (count: number, limit: number, retryAfterSeconds: number): RateLimitResult => ({
  allowed: count <= limit,
  count,
  limit,
  retryAfterSeconds,
});

export class MemoryRateLimiter implements RateLimiter {
  private readonly counters = new Map<string, { count: number; expiresAt: number }>();
  constructor(private readonly clock: Clock) {}

  private prune(now: number) {
    if (this.counters.size < 10_000) return;
    for (const [k, v] of this.counters) if (v.expiresAt <= now) this.counters.delete(k);
  }

  async hit(key: string, limit: number, windowSeconds: number) {
    const now = this.clock.nowMs();
    const w = windowOf(now, windowSeconds);
    const k = `${key}:${windowSeconds}:${w.index}`;
    const entry = this.counters.get(k);
    const count = (entry?.count ?? 0) + 1;
    this.counters.set(k, { count, expiresAt: now + w.retryAfterSeconds * 1000 });
    this.prune(now);
    return result(count, limit, w.retryAfterSeconds);
  }

  async peek(key: string, limit: number, windowSeconds: number) {
    const w = windowOf(this.clock.nowMs(), windowSeconds);
    return result(this.counters.get(`${key}:${windowSeconds}:${w.index}`)?.count ?? 0, limit, w.retryAfterSeconds);
  }

  async reset(key: string, windowSeconds: number) {
    const w = windowOf(this.clock.nowMs(), windowSeconds);
    this.counters.delete(`${key}:${windowSeconds}:${w.index}`);
  }

  async release(key: string, windowSeconds: number) {
    const w = windowOf(this.clock.nowMs(), windowSeconds);
    const entry = this.counters.get(`${key}:${windowSeconds}:${w.index}`);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async close() {
    this.counters.clear();
  }
}

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly prefix = 'rl:',
  ) {}

  static connect(url: string, clock: Clock, onError: (err: Error) => void): RedisRateLimiter {
    const redis = new Redis(url, { maxRetriesPerRequest: 2 });
    // ioredis reconnects by itself; the error is logged, and a request that cannot count fails.
    redis.on('error', onError);
    return new RedisRateLimiter(redis, clock);
  }

  private key(key: string, windowSeconds: number, index: number) {
    return `${this.prefix}${key}:${windowSeconds}:${index}`;
  }

  async hit(key: string, limit: number, windowSeconds: number) {
    const w = windowOf(this.clock.nowMs(), windowSeconds);
    const k = this.key(key, windowSeconds, w.index);
    const replies = await this.redis
      .multi()
      .incr(k)
      .expire(k, w.retryAfterSeconds + 1)
      .exec();
    const count = Number(replies?.[0]?.[1] ?? 0);
    return result(count, limit, w.retryAfterSeconds);
  }

  async peek(key: string, limit: number, windowSeconds: number) {
    const w = windowOf(this.clock.nowMs(), windowSeconds);
    const raw = await this.redis.get(this.key(key, windowSeconds, w.index));
    return result(Number(raw ?? 0), limit, w.retryAfterSeconds);
  }

  async reset(key: string, windowSeconds: number) {
    const w = windowOf(this.clock.nowMs(), windowSeconds);
    await this.redis.del(this.key(key, windowSeconds, w.index));
  }

  async release(key: string, windowSeconds: number) {
    const w = windowOf(this.clock.nowMs(), windowSeconds);
    const k = this.key(key, windowSeconds, w.index);
    // Decrement only a counter that exists and is above zero.
    await this.redis.eval(
      "local v = tonumber(redis.call('get', KEYS[1]) or '0') if v > 0 then redis.call('decr', KEYS[1]) end return 0",
      1,
      k,
    );
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

type Waiter = { resolve: (count: number) => void; reject: (err: unknown) => void };

/**
 * Counters in the shop's database (PostgreSQL or PGlite): one atomic upsert adds the hits, so parallel
 * requests and several processes count exactly, and a restart forgets nothing. Expired windows are
 * pruned now and then by the hits themselves.
 *
 * One counter is one row, and an update holds its row lock until its commit is on disk, so hits on one
 * key would go through PostgreSQL one commit at a time: every shopper behind one address (a mobile
 * carrier's NAT puts thousands behind one) would queue there. So a process keeps at most one upsert per
 * counter in flight; hits that arrive meanwhile wait for it and then go together as one upsert that
 * adds their number, each still getting its own count (the total's last n values, in arrival order).
 */
export class DatabaseRateLimiter implements RateLimiter {
  private hits = 0;
  /** Per counter row: the hits waiting for the upsert in flight to come back. */
  private readonly waiting = new Map<string, { expiresAt: Date; waiters: Waiter[] }>();
  private readonly inFlight = new Set<string>();
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly pruneEvery = 500,
  ) {}

  private key(key: string, windowSeconds: number, index: number) {
    return `${key}:${windowSeconds}:${index}`;
  }

  async hit(key: string, limit: number, windowSeconds: number) {
    const now = this.clock.nowMs();
    const w = windowOf(now, windowSeconds);
    const row = this.key(key, windowSeconds, w.index);
    const count = await new Promise<number>((resolve, reject) => {
      const batch = this.waiting.get(row) ?? { expiresAt: new Date(now + w.retryAfterSeconds * 1000), waiters: [] };
      batch.waiters.push({ resolve, reject });
      this.waiting.set(row, batch);
      if (!this.inFlight.has(row)) this.send(row);
    });
    if (++this.hits % this.pruneEvery === 0) await this.prune();
    return result(count, limit, w.retryAfterSeconds);
  }

  /** Adds the waiting hits of one counter in one upsert; the next batch goes when it is back. */
  private send(row: string) {
    const batch = this.waiting.get(row);
    if (!batch) return;
    this.waiting.delete(row);
    this.inFlight.add(row);
    const n = batch.waiters.length;
    const upsert = async () => {
      const [r] = await this.db
        .insert(rateLimitCounters)
        .values({ key: row, count: n, expiresAt: batch.expiresAt })
        .onConflictDoUpdate({ target: rateLimitCounters.key, set: { count: sql`${rateLimitCounters.count} + ${n}` } })
        .returning({ count: rateLimitCounters.count });
      return r?.count ?? n;
    };
    upsert()
      .then(
        (total) => batch.waiters.forEach((waiter, i) => waiter.resolve(total - n + 1 + i)),
        (err: unknown) => batch.waiters.forEach((waiter) => waiter.reject(err)),
      )
      .finally(() => {
        this.inFlight.delete(row);
        this.send(row);
      });
  }

  async peek(key: string, limit: number, windowSeconds: number) {
    const w = windowOf(this.clock.nowMs(), windowSeconds);
    const [row] = await this.db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, this.key(key, windowSeconds, w.index)));
    return result(row?.count ?? 0, limit, w.retryAfterSeconds);
  }

  async reset(key: string, windowSeconds: number) {
    const w = windowOf(this.clock.nowMs(), windowSeconds);
    await this.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, this.key(key, windowSeconds, w.index)));
  }

  async release(key: string, windowSeconds: number) {
    const w = windowOf(this.clock.nowMs(), windowSeconds);
    await this.db
      .update(rateLimitCounters)
      .set({ count: sql`${rateLimitCounters.count} - 1` })
      .where(and(eq(rateLimitCounters.key, this.key(key, windowSeconds, w.index)), gt(rateLimitCounters.count, 0)));
  }

  /** Removes windows that have ended. */
  async prune(): Promise<number> {
    const gone = await this.db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.expiresAt, this.clock.now()))
      .returning({ key: rateLimitCounters.key });
    return gone.length;
  }

  async close() {}
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/** app.rateLimiter: in Redis when REDIS_URL is set, else in the shop's database; closed with the app. */
export function registerRateLimiter(app: FastifyInstance, clock: Clock, limiter?: RateLimiter) {
  const chosen =
    limiter ??
    (app.env.REDIS_URL
      ? RedisRateLimiter.connect(app.env.REDIS_URL, clock, (err) => app.log.warn({ err }, 'redis rate limiter'))
      : new DatabaseRateLimiter(app.db, clock));
  app.decorate('rateLimiter', chosen);
  app.addHook('onClose', async () => chosen.close());
}
