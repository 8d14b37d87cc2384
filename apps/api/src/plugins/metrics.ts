import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../db/client.js';
import { cacheCounts } from '../lib/cache/tagged-cache.js';
import { isLoopback } from '../config/env.js';

/*
 * Prometheus metrics at /metrics (issue 19; prom-client): requests by route and status, latency
 * histograms by route, the database pool, the outbox's backlog and age, and each cache's hits and
 * misses, and the background jobs waiting by queue. Scraped from the machine itself (loopback) or with METRICS_TOKEN as a bearer token;
 * anyone else gets 404. docs/deployment.md says what to watch.
 */

/** Latency buckets, seconds: the storefront's budgets sit between 50 ms and 1 s. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5];

/** A scrape does not wait longer than this for the database's figures (they keep their last value). */
const SCRAPE_QUERY_MS = 1000;

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Headers a proxy adds: a request carrying one came from elsewhere, whatever its socket says. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'];

/**
 * The scraper: whoever holds the token; without one, only this machine asking this process directly
 * (a loopback socket, a local Host, nothing a proxy adds). A balancer or proxy on the same machine
 * relays the internet from 127.0.0.1, but not under a local Host name and not without its headers.
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (token) return tokenMatches(request.headers.authorization, token);
  const host = (request.headers.host ?? '').replace(/:\d+$/, '');
  return isLoopback(request.socket.remoteAddress ?? '') && isLoopback(host) && !FORWARDED.some((h) => request.headers[h] !== undefined);
}

/** A counter whose total lives elsewhere (the caches' own counts): each scrape adds what grew since the last. */
function mirrorCounter(counter: Counter<'cache'>, read: () => Map<string, number>) {
  const last = new Map<string, number>();
  return () => {
    for (const [name, total] of read()) {
      const grown = total - (last.get(name) ?? 0);
      if (grown > 0) counter.inc({ cache: name }, grown);
      last.set(name, total);
    }
  };
}

export function registerMetrics(
  app: FastifyInstance,
  database: Database,
  token: string | undefined,
  jobDepth: () => Promise<Map<string, number>> = async () => new Map(),
): Registry {
  const register = new Registry();
  collectDefaultMetrics({ register });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route (its pattern) and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [register],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: BUCKETS,
    registers: [register],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: the label set stays bounded whatever is asked.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests, max)',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      for (const [state, n] of Object.entries(stats)) this.set({ state }, n);
    },
  });

  const hits = new Counter({
    name: 'cache_hits_total',
    help: 'Cache lookups that found an entry',
    labelNames: ['cache'] as const,
    registers: [register],
  });
  const misses = new Counter({
    name: 'cache_misses_total',
    help: 'Cache lookups that did not',
    labelNames: ['cache'] as const,
    registers: [register],
  });
  const mirrorHits = mirrorCounter(hits, () => new Map([...cacheCounts].map(([name, c]) => [name, c.hits])));
  const mirrorMisses = mirrorCounter(misses, () => new Map([...cacheCounts].map(([name, c]) => [name, c.misses])));

  const outbox = new Gauge({
    name: 'outbox_messages',
    help: 'SMS and e-mails in the outbox not delivered yet, by status',
    labelNames: ['status'] as const,
    registers: [register],
  });
  const outboxAge = new Gauge({
    name: 'outbox_oldest_due_seconds',
    help: 'How long the oldest message due for delivery has waited (outbox lag); 0 when none waits',
    registers: [register],
  });

  async function outboxFigures() {
    const rows = await selectRows<{ status: string; n: number; oldest: number | null }>(
      database.db,
      sql`select status, count(*)::int as n,
            extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now()))::float8 as oldest
          from outbox where status in ('pending', 'sending') group by status`,
    );
    outbox.set({ status: 'pending' }, 0);
    outbox.set({ status: 'sending' }, 0);
    let oldest = 0;
    for (const r of rows) {
      outbox.set({ status: r.status }, r.n);
      oldest = Math.max(oldest, r.oldest ?? 0);
    }
    outboxAge.set(oldest);
  }

  const jobsQueued = new Gauge({
    name: 'jobs_queued',
    help: "Background jobs waiting to run, by queue (pg-boss's counts, refreshed about once a minute); failed-jobs: failures waiting for staff",
    labelNames: ['queue'] as const,
    registers: [register],
  });
  async function jobFigures() {
    for (const [queue, n] of await jobDepth()) jobsQueued.set({ queue }, n);
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, token)) return reply.code(404).send({ error: { code: 'not_found', message: 'Not found' } });
    mirrorHits();
    mirrorMisses();
    // The database may be away: the scrape still answers, with the figures it had.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([outboxFigures().catch(() => undefined), jobFigures().catch(() => undefined)]),
      new Promise((r) => (timer = setTimeout(r, SCRAPE_QUERY_MS))),
    ]).finally(() => clearTimeout(timer));
    return reply
      .header('cache-control', 'no-store')
      .type(register.contentType)
      .send(await register.metrics());
  });
  return register;
}

/** A request's id: the load balancer's X-Request-Id when it is a plain token, else a new one. Logged with every line and sent back. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}
