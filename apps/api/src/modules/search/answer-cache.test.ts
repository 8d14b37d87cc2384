import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';

describe('AnswerCache', () => {
  it('runs one load for concurrent requests of the same key', async () => {
    const cache = new AnswerCache<number>(1000, 10);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return 42;
    };
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([42, 42, 42]);
    expect(loads).toBe(1);
  });

  it('serves a stale answer while one refresh runs, then the fresh one', async () => {
    let t = 0;
    const cache = new AnswerCache<string>(100, 10, () => t);
    expect(await cache.get('k', async () => 'old')).toBe('old');
    t = 150;
    let refreshes = 0;
    let release: () => void = () => undefined;
    const slow = () => {
      refreshes++;
      return new Promise<string>((resolve) => {
        release = () => resolve('new');
      });
    };
    expect(await cache.get('k', slow)).toBe('old');
    expect(await cache.get('k', slow)).toBe('old');
    expect(refreshes).toBe(1);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', slow)).toBe('new');
  });

  it('forgets a failed load and evicts the least recently used entry', async () => {
    const cache = new AnswerCache<number>(1000, 2);
    await expect(cache.get('x', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('x', async () => 1)).toBe(1);
    await cache.get('y', async () => 2);
    await cache.get('x', async () => -1);
    await cache.get('z', async () => 3);
    // y was least recently used, so it went; x stayed.
    expect(await cache.get('x', async () => -1)).toBe(1);
    expect(await cache.get('y', async () => 20)).toBe(20);
  });
});
