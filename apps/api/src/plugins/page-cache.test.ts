import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followInvalidations } from '../lib/cache/invalidation.js';
import { Clock } from '../lib/clock.js';
import { contentChanged } from '../lib/content-changes.js';
import { PageCache, preferredEncoding } from './page-cache.js';

type Page = { status?: number; headers?: Record<string, string>; body?: string; fail?: boolean };

/**
 * A Fastify app whose one route serves through a PageCache on a clock the test moves; `page` says
 * what each render answers. Renders end at once unless the test holds them; `until` waits for a
 * state of the app (requests arrived, renders started), never for time.
 */
async function appWith(ttlMs: number, page: (url: string, n: number) => Page) {
  const clock = new Clock();
  const cache = new PageCache(ttlMs, clock);
  const renders: { url: string; detached: boolean }[] = [];
  let arrived = 0;
  let gate: Promise<void> | null = null;
  const waiters = new Set<() => void>();
  const changed = () => waiters.forEach((check) => check());
  const app: FastifyInstance = Fastify();
  await app.register(cookie);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  app.get('/*', async (request, reply) => {
    arrived++;
    changed();
    const render = async (detached: boolean) => {
      renders.push({ url: request.url, detached });
      const p = page(request.url, renders.length);
      changed();
      if (gate) await gate;
      if (p.fail) throw new Error('render failed');
      return new Response(p.body ?? `page ${request.url} #${renders.length}`, {
        status: p.status ?? 200,
        headers: p.headers ?? { 'content-type': 'text/html' },
      });
    };
    const key = cache.keyOf(request);
    const response = key ? await cache.serve(key, request, reply, render) : await render(false);
    if (!response) return reply;
    reply.status(response.status);
    response.headers.forEach((value, name) => reply.header(name, value));
    return reply.send(await response.text());
  });
  await app.ready();
  return {
    app,
    cache,
    clock,
    renders,
    arrived: () => arrived,
    /** Renders from now on wait until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    until(test: () => boolean): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (!test()) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
  };
}

describe('PageCache', () => {
  let ctx: Awaited<ReturnType<typeof appWith>>;
  afterEach(async () => {
    await ctx?.app.close();
  });

  describe('an anonymous page', () => {
    beforeEach(async () => {
      ctx = await appWith(5_000, () => ({}));
    });

    it('is rendered once and then sent from the cache', async () => {
      const first = await ctx.app.inject({ url: '/all-product/?page=2' });
      const second = await ctx.app.inject({ url: '/all-product/?page=2' });
      expect(first.headers['x-page-cache']).toBe('MISS');
      expect(second.headers['x-page-cache']).toBe('HIT');
      expect(second.body).toBe(first.body);
      expect(ctx.renders).toHaveLength(1);
    });

    it('tells a CDN in front how long it may keep it and which tags purge it; a page with its own Cache-Control keeps it', async () => {
      const res = await ctx.app.inject({ url: '/all-product/' });
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=60');
      expect(res.headers['surrogate-key']).toBe('catalog content');
      expect(res.headers['cache-tag']).toBe('catalog,content');
      const own = await appWith(5_000, () => ({ headers: { 'content-type': 'text/html', 'cache-control': 'public, max-age=30' } }));
      expect((await own.app.inject({ url: '/x' })).headers['cache-control']).toBe('public, max-age=30');
      await own.app.close();
    });

    it('is kept apart per URL and per My-Department header', async () => {
      await ctx.app.inject({ url: '/a' });
      await ctx.app.inject({ url: '/b' });
      await ctx.app.inject({ url: '/a', headers: { 'my-department': 'toys' } });
      const again = await ctx.app.inject({ url: '/a', headers: { 'my-department': 'toys' } });
      expect(ctx.renders.map((r) => r.url)).toEqual(['/a', '/b', '/a']);
      expect(again.body).toBe('page /a #3');
    });

    it('is kept apart per Host: a forged Host header never fills the page other shoppers get', async () => {
      await ctx.app.inject({ url: '/a', headers: { host: 'shop.example' } });
      const forged = await ctx.app.inject({ url: '/a', headers: { host: 'evil.example' } });
      const real = await ctx.app.inject({ url: '/a', headers: { host: 'shop.example' } });
      expect(ctx.renders.map((r) => r.url)).toEqual(['/a', '/a']);
      expect(forged.body).toBe('page /a #2');
      expect(real.body).toBe('page /a #1');
    });

    it('is rendered once for fifty requests that arrive together', async () => {
      const release = ctx.hold();
      const answering = Promise.all(Array.from({ length: 50 }, () => ctx.app.inject({ url: '/' })));
      await ctx.until(() => ctx.arrived() === 50); // all fifty are in while the first render is under way
      release();
      const answers = await answering;
      expect(ctx.renders).toHaveLength(1);
      expect(new Set(answers.map((a) => a.body))).toEqual(new Set(['page / #1']));
    });

    it('is not kept when clear() comes while it renders (it may predate the change)', async () => {
      const release = ctx.hold();
      const during = ctx.app.inject({ url: '/' });
      await ctx.until(() => ctx.renders.length === 1); // the render is under way
      ctx.cache.clear();
      release();
      expect((await during).body).toBe('page / #1');
      const after = await ctx.app.inject({ url: '/' });
      expect(after.headers['x-page-cache']).toBe('MISS');
      expect(after.body).toBe('page / #2');
    });

    it('is forgotten on clear()', async () => {
      await ctx.app.inject({ url: '/' });
      ctx.cache.clear();
      const after = await ctx.app.inject({ url: '/' });
      expect(after.headers['x-page-cache']).toBe('MISS');
      expect(after.body).toBe('page / #2');
    });

    it('is forgotten when contentChanged() invalidates what pages are built from, once it follows invalidations', async () => {
      const stop = followInvalidations(ctx.cache);
      try {
        await ctx.app.inject({ url: '/' });
        contentChanged();
        const after = await ctx.app.inject({ url: '/' });
        expect(after.headers['x-page-cache']).toBe('MISS');
        expect(after.body).toBe('page / #2');
      } finally {
        stop();
      }
      contentChanged();
      expect((await ctx.app.inject({ url: '/' })).headers['x-page-cache']).toBe('HIT');
    });

    it('is sent compressed the way the browser asks, and whole without Accept-Encoding', async () => {
      ctx = await appWith(5_000, () => ({ body: 'x'.repeat(5_000) }));
      await ctx.app.inject({ url: '/big' });
      const br = await ctx.app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      const gzip = await ctx.app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
      const plain = await ctx.app.inject({ url: '/big' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe('x'.repeat(5_000));
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe('x'.repeat(5_000));
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe('x'.repeat(5_000));
      expect(br.headers.vary).toContain('Accept-Encoding');
    });
  });

  describe('past its time', () => {
    it('is sent stale while one detached render replaces it, then fresh', async () => {
      ctx = await appWith(5_000, () => ({}));
      await ctx.app.inject({ url: '/' });
      ctx.clock.advance(5_000);
      const release = ctx.hold();
      const stale = await Promise.all([ctx.app.inject({ url: '/' }), ctx.app.inject({ url: '/' })]);
      expect(stale.map((s) => s.headers['x-page-cache'])).toEqual(['STALE', 'STALE']);
      expect(stale.map((s) => s.body)).toEqual(['page / #1', 'page / #1']);
      release();
      await ctx.cache.settled(); // the background render ends
      const fresh = await ctx.app.inject({ url: '/' });
      expect(fresh.headers['x-page-cache']).toBe('HIT');
      expect(fresh.body).toBe('page / #2');
      expect(ctx.renders).toEqual([
        { url: '/', detached: false },
        { url: '/', detached: true },
      ]);
    });

    it('keeps the stale page when the background render fails', async () => {
      ctx = await appWith(5_000, (_url, n) => ({ fail: n === 2 }));
      await ctx.app.inject({ url: '/' });
      ctx.clock.advance(5_000);
      expect((await ctx.app.inject({ url: '/' })).headers['x-page-cache']).toBe('STALE');
      await ctx.cache.settled(); // the background render has failed
      const next = await ctx.app.inject({ url: '/' });
      expect(next.statusCode).toBe(200);
      expect(next.headers['x-page-cache']).toBe('STALE');
      expect(next.body).toBe('page / #1');
    });

    it('is rendered afresh, with the shopper waiting, a minute after its time', async () => {
      ctx = await appWith(5_000, () => ({}));
      await ctx.app.inject({ url: '/' });
      ctx.clock.advance(5_000 + 60_000);
      const late = await ctx.app.inject({ url: '/' });
      expect(late.headers['x-page-cache']).toBe('MISS');
      expect(late.body).toBe('page / #2');
      expect(ctx.renders.map((r) => r.detached)).toEqual([false, false]);
    });

    it('says its age in seconds by the clock', async () => {
      ctx = await appWith(5_000, () => ({}));
      await ctx.app.inject({ url: '/' });
      ctx.clock.advance(3_500);
      expect((await ctx.app.inject({ url: '/' })).headers.age).toBe('3');
    });
  });

  describe('is not used for', () => {
    beforeEach(async () => {
      ctx = await appWith(5_000, (url): Page => {
        if (url === '/checkout/') return { headers: { 'cache-control': 'private, no-store' } };
        if (url === '/cookie') return { headers: { 'set-cookie': 'csrftoken=abc; Path=/' } };
        if (url === '/down') return { status: 503 };
        return {};
      });
    });

    it.each([
      ['a signed-in shopper', { cookie: 'token=abc' }],
      ['a shopper with a bag', { cookie: 'cart=abc; csrftoken=x' }],
      ['an API client with a token', { authorization: 'Token abc' }],
    ])('%s', async (_who, headers) => {
      const first = await ctx.app.inject({ url: '/', headers });
      await ctx.app.inject({ url: '/', headers });
      expect(first.headers['x-page-cache']).toBeUndefined();
      expect(ctx.renders).toHaveLength(2);
    });

    it('a cookie that is nobody’s own (the CSRF token) does not stop sharing', async () => {
      await ctx.app.inject({ url: '/', headers: { cookie: 'csrftoken=x' } });
      const second = await ctx.app.inject({ url: '/' });
      expect(second.headers['x-page-cache']).toBe('HIT');
    });

    it.each([
      ['private or no-store answers', '/checkout/'],
      ['answers that set a cookie', '/cookie'],
      ['answers other than 200 and 404', '/down'],
    ])('%s', async (_what, url) => {
      const first = await ctx.app.inject({ url });
      const second = await ctx.app.inject({ url });
      expect(second.headers['x-page-cache']).toBeUndefined();
      expect(second.statusCode).toBe(first.statusCode);
      expect(ctx.renders).toHaveLength(2);
    });

    it('requests other than GET', async () => {
      await ctx.app.inject({ url: '/', method: 'HEAD' });
      await ctx.app.inject({ url: '/', method: 'HEAD' });
      expect(ctx.renders).toHaveLength(2);
    });

    it('anything when the time to live is 0', async () => {
      ctx = await appWith(0, () => ({}));
      await ctx.app.inject({ url: '/' });
      await ctx.app.inject({ url: '/' });
      expect(ctx.renders).toHaveLength(2);
    });
  });
});

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
    ['identity', 'identity'],
    [undefined, 'identity'],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
