import { describe, expect, it } from 'vitest';
import { followInvalidations, invalidate } from './invalidation.js';
import { TaggedCache } from './tagged-cache.js';

/** A load that waits until released, counting its calls. */
function gatedLoad<V>(value: V) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const load = Object.assign(
    async () => {
      load.calls++;
      await gate;
      return value;
    },
    { calls: 0 },
  );
  return { load, release: () => release() };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('TaggedCache', () => {
  it('runs one load for concurrent requests of the same key', async () => {
    const cache = new TaggedCache<number>({ ttlMs: 1000, maxEntries: 10, staleMs: Infinity });
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return 42;
    };
    expect(await Promise.all([cache.getOrLoad('a', [], load), cache.getOrLoad('a', [], load), cache.getOrLoad('a', [], load)])).toEqual([
      42, 42, 42,
    ]);
    expect(loads).toBe(1);
  });

  it('with staleMs, serves a stale answer while one refresh runs, then the fresh one', async () => {
    let t = 0;
    const cache = new TaggedCache<string>({ ttlMs: 100, maxEntries: 10, staleMs: Infinity, now: () => t });
    expect(await cache.getOrLoad('k', [], async () => 'old')).toBe('old');
    t = 150;
    let refreshes = 0;
    let release: () => void = () => undefined;
    const slow = () => {
      refreshes++;
      return new Promise<string>((resolve) => {
        release = () => resolve('new');
      });
    };
    expect(await cache.getOrLoad('k', [], slow)).toBe('old');
    expect(await cache.getOrLoad('k', [], slow)).toBe('old');
    expect(refreshes).toBe(1);
    release();
    await tick();
    expect(await cache.getOrLoad('k', [], slow)).toBe('new');
  });

  it('keeps the stale answer when its refresh fails, and tries again on the next request', async () => {
    let t = 0;
    const cache = new TaggedCache<string>({ ttlMs: 100, staleMs: 1000, now: () => t });
    expect(await cache.getOrLoad('k', [], async () => 'old')).toBe('old');
    t = 150;
    expect(await cache.getOrLoad('k', [], () => Promise.reject(new Error('db down')))).toBe('old');
    await tick();
    expect(await cache.getOrLoad('k', [], async () => 'new')).toBe('old');
    await tick();
    expect(await cache.getOrLoad('k', [], async () => 'newer')).toBe('new');
    // Past its stale time an answer is not served: the request waits for a load.
    t = 150 + 100 + 1000;
    expect(await cache.getOrLoad('k', [], async () => 'after')).toBe('after');
  });

  it('forgets a failed load and evicts the least recently used entry', async () => {
    const cache = new TaggedCache<number>({ ttlMs: 1000, maxEntries: 2, staleMs: Infinity });
    await expect(cache.getOrLoad('x', [], () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.getOrLoad('x', [], async () => 1)).toBe(1);
    await cache.getOrLoad('y', [], async () => 2);
    await cache.getOrLoad('x', [], async () => -1);
    await cache.getOrLoad('z', [], async () => 3);
    // y was least recently used, so it went; x stayed.
    expect(await cache.getOrLoad('x', [], async () => -1)).toBe(1);
    expect(await cache.getOrLoad('y', [], async () => 20)).toBe(20);
  });

  it('evicts the least recently used beyond maxWeight, counting weight added later', () => {
    const cache = new TaggedCache<string>({ ttlMs: 1000, maxWeight: 10, weigh: (v) => v.length });
    cache.set('a', [], 'aaaa');
    cache.set('b', [], 'bbbb');
    cache.addWeight('a', 'aaaa', 2);
    // Weight for a value no longer kept is not counted.
    cache.addWeight('b', 'other', 100);
    expect(cache.peek('a')).toBe('aaaa');
    cache.set('c', [], 'cc');
    // 6 + 4 + 2 > 10: b, the least recently used, goes.
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe('aaaa');
    expect(cache.peek('c')).toBe('cc');
  });

  it('invalidate(tags) forgets the entries and the loads under way carrying one of the tags, and only those', async () => {
    const cache = new TaggedCache<string>({ ttlMs: 1000 });
    const stop = followInvalidations(cache);
    try {
      cache.set('product', ['catalog'], 'product');
      cache.set('page', ['catalog', 'content'], 'page');
      cache.set('menu', ['content'], 'menu');
      cache.set('own', [], 'own');
      const { load, release } = gatedLoad('read before the change');
      const before = cache.getOrLoad('listing', ['catalog'], load);
      await tick();
      invalidate(['catalog']);
      expect(cache.peek('product')).toBeUndefined();
      expect(cache.peek('page')).toBeUndefined();
      expect(cache.peek('menu')).toBe('menu');
      expect(cache.peek('own')).toBe('own');
      // A request after the change does not join the load that started before it…
      const after = cache.getOrLoad('listing', ['catalog'], async () => 'read after the change');
      expect(await after).toBe('read after the change');
      release();
      // …whose caller gets its answer, which is not kept.
      expect(await before).toBe('read before the change');
      expect(cache.peek('listing')).toBe('read after the change');
    } finally {
      stop();
    }
    // Unfollowed, the cache hears of no change.
    cache.set('product', ['catalog'], 'product');
    invalidate(['catalog']);
    expect(cache.peek('product')).toBe('product');
  });

  it('settled() waits for the loads under way, failed or not', async () => {
    const cache = new TaggedCache<string>({ ttlMs: 1000 });
    const { load, release } = gatedLoad('done');
    void cache.getOrLoad('a', [], load);
    cache.getOrLoad('b', [], () => Promise.reject(new Error('no'))).catch(() => undefined);
    let settled = false;
    const waiting = cache.settled().then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    release();
    await waiting;
    expect(cache.peek('a')).toBe('done');
  });
});

describe('TaggedCache without tags: load, expiry, failure, clear and bounds', () => {
  it('runs one load for concurrent misses of one key, and none for a hit', async () => {
    const cache = new TaggedCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const { load, release } = gatedLoad('answer');
    const waiting = Array.from({ length: 50 }, () => cache.getOrLoad('k', [], load));
    await tick();
    // Every caller is waiting on the same load, which has not finished.
    expect(load.calls).toBe(1);
    release();
    expect(await Promise.all(waiting)).toEqual(Array(50).fill('answer'));
    expect(await cache.getOrLoad('k', [], load)).toBe('answer');
    expect(load.calls).toBe(1);
    // Another key is another load.
    expect(await cache.getOrLoad('other', [], async () => 'other answer')).toBe('other answer');
  });

  it('loads again once the time to live has passed', async () => {
    let t = 0;
    const cache = new TaggedCache<number>({ ttlMs: 100, maxEntries: 10, now: () => t });
    let n = 0;
    const load = async () => ++n;
    expect(await cache.getOrLoad('k', [], load)).toBe(1);
    t = 99;
    expect(await cache.getOrLoad('k', [], load)).toBe(1);
    t = 100;
    expect(cache.peek('k')).toBeUndefined();
    expect(await cache.getOrLoad('k', [], load)).toBe(2);
  });

  it('gives a failed load to every waiter, keeps nothing, and tries again on the next request', async () => {
    const cache = new TaggedCache<number>({ ttlMs: 1000, maxEntries: 10 });
    let calls = 0;
    const failing = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      throw new Error('db down');
    };
    const results = await Promise.allSettled([
      cache.getOrLoad('k', [], failing),
      cache.getOrLoad('k', [], failing),
      cache.getOrLoad('k', [], failing),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls).toBe(1);
    // A load that throws before returning a promise fails the same way.
    await expect(
      cache.getOrLoad('k', [], () => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    expect(await cache.getOrLoad('k', [], async () => 7)).toBe(7);
  });

  it('forgets everything on clear, and does not keep a load that started before it', async () => {
    const cache = new TaggedCache<string>({ ttlMs: 1000, maxEntries: 10 });
    expect(await cache.getOrLoad('a', [], async () => 'old a')).toBe('old a');
    const { load: slow, release } = gatedLoad('read before the change');
    const before = cache.getOrLoad('b', [], slow);
    cache.clear();
    expect(cache.peek('a')).toBeUndefined();
    // A request after the clear does not join the load that started before it.
    const { load: fresh, release: releaseFresh } = gatedLoad('read after the change');
    const after = cache.getOrLoad('b', [], fresh);
    await tick();
    expect(slow.calls).toBe(1);
    expect(fresh.calls).toBe(1);
    releaseFresh();
    expect(await after).toBe('read after the change');
    // The load from before the change ends last: its caller gets its answer…
    release();
    expect(await before).toBe('read before the change');
    // …but it does not replace the answer read after the change.
    expect(await cache.getOrLoad('b', [], async () => 'reloaded')).toBe('read after the change');
    // Nor is it kept when it is the only one.
    const { load: lone, release: releaseLone } = gatedLoad('lone, from before');
    const pending = cache.getOrLoad('c', [], lone);
    await tick();
    cache.clear();
    releaseLone();
    expect(await pending).toBe('lone, from before');
    expect(await cache.getOrLoad('c', [], async () => 'reloaded')).toBe('reloaded');
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new TaggedCache<number>({ ttlMs: 1000, maxEntries: 2 });
    await cache.getOrLoad('x', [], async () => 1);
    await cache.getOrLoad('y', [], async () => 2);
    expect(cache.peek('x')).toBe(1);
    await cache.getOrLoad('z', [], async () => 3);
    expect(cache.size).toBe(2);
    // y was used least recently, so it went; x stayed.
    expect(cache.peek('y')).toBeUndefined();
    expect(cache.peek('x')).toBe(1);
    expect(cache.peek('z')).toBe(3);
  });
});
