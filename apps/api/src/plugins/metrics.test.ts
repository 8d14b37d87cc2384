import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeOnDatabases } from '../../test/support/app.js';

/** A metric's value in the Prometheus text, by its name and labels as written; undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeOnDatabases('metrics at /metrics (issue 19)', (ctx) => {
  it('counts requests by route pattern and status, times them, and reports the caches, the outbox and the pool', async () => {
    const { app } = ctx();
    await app.inject('/api/v1/settings/');
    await app.inject('/api/v1/settings/');
    await app.inject('/api/v1/products/no-such-brand/no-such-product/');
    const res = await app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(value(text, 'http_requests_total{method="GET",route="/api/v1/settings/",status="200"}')).toBe(2);
    // The pattern, not the URL: a thousand product URLs are one series.
    expect(value(text, 'http_requests_total{method="GET",route="/api/v1/products/:brand/:handle/",status="404"}')).toBe(1);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/settings/"}')).toBe(2);
    expect(value(text, 'cache_hits_total{cache="content"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^cache_misses_total\{cache="content"\} \d+/m);
    expect(value(text, 'outbox_messages{status="pending"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'outbox_oldest_due_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('process_cpu_seconds_total');
    if (ctx().database.kind === 'postgres') expect(value(text, 'db_pool_connections{state="max"}')).toBe(20);
  });

  it('answers only this machine without a token', async () => {
    const { app } = ctx();
    expect((await app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
    // A forwarded address does not make a remote scraper local.
    expect((await app.inject({ url: '/metrics', remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(
      404,
    );
    // A proxy on this machine relays the internet from 127.0.0.1: its headers or the public Host give it away.
    expect((await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    expect((await app.inject({ url: '/metrics', headers: { host: 'shop.example.com' } })).statusCode).toBe(404);
    expect((await app.inject({ url: '/metrics', headers: { host: '127.0.0.1:3001' } })).statusCode).toBe(200);
  });

  it('carries a request id on every answer: the load balancer’s when it is a plain token, else a new one', async () => {
    const { app } = ctx();
    const given = await app.inject({ url: '/api/v1/settings/', headers: { 'x-request-id': 'lb-7f3a.19' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.19');
    const odd = await app.inject({ url: '/api/v1/settings/', headers: { 'x-request-id': 'a b\nc' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('metrics with METRICS_TOKEN', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { METRICS_TOKEN: 'scrape-token-0123456789' } });
  });
  afterAll(() => t.close());

  it('asks everyone, this machine too, for the bearer token', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(404);
    const ok = await t.app.inject({
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { authorization: 'Bearer scrape-token-0123456789' },
    });
    expect(ok.statusCode).toBe(200);
  });
});
