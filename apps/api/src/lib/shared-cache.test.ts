import { describe, expect, it } from 'vitest';
import { SharedCache } from './shared-cache.js';

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

describe('SharedCache', () => {
  it('runs one load for concurrent misses of one key, and none for a hit', async () => {
    const cache = new SharedCache<string>(1000, 10);
    const { load, release } = gatedLoad('answer');
    const waiting = Array.from({ length: 50 }, () => cache.get('k', load));
    await tick();
    // Every caller is waiting on the same load, which has not finished.
    expect(load.calls).toBe(1);
    release();
    expect(await Promise.all(waiting)).toEqual(Array(50).fill('answer'));
    expect(await cache.get('k', load)).toBe('answer');
    expect(load.calls).toBe(1);
    // Another key is another load.
    expect(await cache.get('other', async () => 'other answer')).toBe('other answer');
  });

  it('loads again once the time to live has passed', async () => {
    let t = 0;
    const cache = new SharedCache<number>(100, 10, () => t);
    let n = 0;
    const load = async () => ++n;
    expect(await cache.get('k', load)).toBe(1);
    t = 99;
    expect(await cache.get('k', load)).toBe(1);
    t = 100;
    expect(cache.peek('k')).toBeUndefined();
    expect(await cache.get('k', load)).toBe(2);
  });

  it('gives a failed load to every waiter, keeps nothing, and tries again on the next request', async () => {
    const cache = new SharedCache<number>(1000, 10);
    let calls = 0;
    const failing = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      throw new Error('db down');
    };
    const results = await Promise.allSettled([cache.get('k', failing), cache.get('k', failing), cache.get('k', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(calls).toBe(1);
    // A load that throws before returning a promise fails the same way.
    await expect(
      cache.get('k', () => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('forgets everything on clear, and does not keep a load that started before it', async () => {
    const cache = new SharedCache<string>(1000, 10);
    expect(await cache.get('a', async () => 'old a')).toBe('old a');
    const { load: slow, release } = gatedLoad('read before the change');
    const before = cache.get('b', slow);
    cache.clear();
    expect(cache.peek('a')).toBeUndefined();
    // A request after the clear does not join the load that started before it.
    const { load: fresh, release: releaseFresh } = gatedLoad('read after the change');
    const after = cache.get('b', fresh);
    await tick();
    expect(slow.calls).toBe(1);
    expect(fresh.calls).toBe(1);
    releaseFresh();
    expect(await after).toBe('read after the change');
    // The load from before the change ends last: its caller gets its answer…
    release();
    expect(await before).toBe('read before the change');
    // …but it does not replace the answer read after the change.
    expect(await cache.get('b', async () => 'reloaded')).toBe('read after the change');
    // Nor is it kept when it is the only one.
    const { load: lone, release: releaseLone } = gatedLoad('lone, from before');
    const pending = cache.get('c', lone);
    await tick();
    cache.clear();
    releaseLone();
    expect(await pending).toBe('lone, from before');
    expect(await cache.get('c', async () => 'reloaded')).toBe('reloaded');
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new SharedCache<number>(1000, 2);
    await cache.get('x', async () => 1);
    await cache.get('y', async () => 2);
    expect(cache.peek('x')).toBe(1);
    await cache.get('z', async () => 3);
    expect(cache.size).toBe(2);
    // y was used least recently, so it went; x stayed.
    expect(cache.peek('y')).toBeUndefined();
    expect(cache.peek('x')).toBe(1);
    expect(cache.peek('z')).toBe(3);
  });
});
