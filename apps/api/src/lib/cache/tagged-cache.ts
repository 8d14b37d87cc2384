import { overlaps, type CacheTag } from './invalidation.js';

/**
 * A bounded in-process cache of answers, keyed, each entry tagged with the data it was built from.
 * The one cache the API's read paths share (catalog answers, search, settings, rendered pages).
 *
 * - Concurrent misses for one key share one load (the promise is kept while it runs), so a cold
 *   burst of identical requests runs its work once.
 * - A failed load is not remembered: every waiter gets the error, the next request tries again.
 * - `invalidate(tags)` forgets every entry carrying one of the tags, and the loads under way with
 *   one of them: their result goes to the requests already waiting on them but is not stored, since
 *   it may predate the change. Requests after it start a fresh load. `clear()` does so for all.
 * - An entry is fresh for `ttlMs`; with `staleMs` it is then still served for that long while one
 *   load behind it replaces it (so a popular key never makes anybody wait for its expiry).
 * - At most `maxEntries` entries and `maxWeight` (by `weigh`) are kept; the least recently used
 *   goes first.
 */
export type TaggedCacheOptions<V> = {
  ttlMs: number;
  /** How long past its time an entry is still served while one load replaces it; 0 (default): never. */
  staleMs?: number;
  maxEntries?: number;
  maxWeight?: number;
  weigh?: (value: V) => number;
  /** The time entries live by: the system's unless a test moves it. */
  now?: () => number;
  /** Counts hits and misses under this name for /metrics (caches of one name add up). */
  name?: string;
};

/** Lookups that found an entry, and those that did not, per cache name: what /metrics reports as the hit rate. */
export const cacheCounts = new Map<string, { hits: number; misses: number }>();

/** What a lookup finds: the value, and until when it is fresh. */
export type CacheEntry<V> = {
  readonly value: V;
  readonly tags: readonly CacheTag[];
  readonly expires: number;
  weight: number;
  /** The value as a settled promise, made on the first hit that asks for one and reused after. */
  settled?: Promise<V>;
};

type Load<V> = { promise: Promise<V>; tags: readonly CacheTag[]; cancelled: boolean };

export class TaggedCache<V> {
  private readonly entries = new Map<string, CacheEntry<V>>();
  private readonly loads = new Map<string, Load<V>>();
  private weight = 0;
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly maxEntries: number;
  private readonly maxWeight: number;
  private readonly weigh: ((value: V) => number) | undefined;
  private readonly now: () => number;
  private readonly counts: { hits: number; misses: number } | null;

  constructor(options: TaggedCacheOptions<V>) {
    this.ttlMs = options.ttlMs;
    this.staleMs = options.staleMs ?? 0;
    this.maxEntries = options.maxEntries ?? Infinity;
    this.maxWeight = options.maxWeight ?? Infinity;
    this.weigh = options.weigh;
    this.now = options.now ?? Date.now;
    this.counts = null;
    if (options.name) {
      const counts = cacheCounts.get(options.name) ?? { hits: 0, misses: 0 };
      cacheCounts.set(options.name, counts);
      this.counts = counts;
    }
  }

  /** The entry under `key`, fresh or still servable stale, else undefined (an older one is dropped). */
  lookup(key: string): CacheEntry<V> | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.expires + this.staleMs <= this.now()) {
      if (hit) this.remove(key, hit);
      if (this.counts) this.counts.misses++;
      return undefined;
    }
    if (this.counts) this.counts.hits++;
    // Most recently used last, so the first key is the one to evict.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /** The fresh value under `key`, or undefined when there is none or it is past its time. */
  peek(key: string): V | undefined {
    const hit = this.lookup(key);
    return hit && this.now() < hit.expires ? hit.value : undefined;
  }

  isFresh(entry: CacheEntry<V>): boolean {
    return this.now() < entry.expires;
  }

  /**
   * The stored value, else the running load for the key, else a new load (stored when it succeeds).
   * A stale value is served as it is while one load behind it replaces it.
   */
  getOrLoad(key: string, tags: readonly CacheTag[], load: () => Promise<V>): Promise<V> {
    const hit = this.lookup(key);
    if (hit) {
      if (this.now() >= hit.expires && !this.loads.has(key)) {
        // The stale value stays until its time runs out; the next request tries again.
        this.load(key, tags, load).catch(() => undefined);
      }
      return (hit.settled ??= Promise.resolve(hit.value));
    }
    return this.running(key) ?? this.load(key, tags, load);
  }

  /** The load under way for `key`, if any. */
  running(key: string): Promise<V> | undefined {
    return this.loads.get(key)?.promise;
  }

  /** Starts a load for `key` now, which later requests for it join; its value is stored when it succeeds. */
  load(key: string, tags: readonly CacheTag[], load: () => Promise<V>): Promise<V> {
    // Started on the next tick, so even a load that throws at once settles only after it is registered.
    const running: Load<V> = { promise: Promise.resolve().then(load), tags, cancelled: false };
    running.promise = running.promise
      .then((value) => {
        if (!running.cancelled) this.set(key, tags, value);
        return value;
      })
      .finally(() => {
        if (this.loads.get(key) === running) this.loads.delete(key);
      });
    this.loads.set(key, running);
    return running.promise;
  }

  /** Resolves once the loads under way (started since the last invalidation) have ended, stored or not. */
  async settled(): Promise<void> {
    while (this.loads.size > 0) await Promise.allSettled([...this.loads.values()].map((l) => l.promise));
  }

  /** Keeps `value` for `key` from now on (a value computed by the caller rather than loaded). */
  set(key: string, tags: readonly CacheTag[], value: V): CacheEntry<V> {
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const entry: CacheEntry<V> = { value, tags, expires: this.now() + this.ttlMs, weight: this.weigh?.(value) ?? 0 };
    this.entries.set(key, entry);
    this.weight += entry.weight;
    this.evict();
    return entry;
  }

  /** Counts `extra` more weight for `value` (a compressed copy made later), while it is the one kept under `key`. */
  addWeight(key: string, value: V, extra: number): void {
    const entry = this.entries.get(key);
    if (entry?.value !== value) return;
    entry.weight += extra;
    this.weight += extra;
  }

  invalidate(tags: readonly CacheTag[]): void {
    for (const [key, entry] of this.entries) if (overlaps(entry.tags, tags)) this.remove(key, entry);
    for (const [key, running] of this.loads) {
      if (!overlaps(running.tags, tags)) continue;
      running.cancelled = true;
      this.loads.delete(key);
    }
  }

  clear(): void {
    for (const running of this.loads.values()) running.cancelled = true;
    this.loads.clear();
    this.entries.clear();
    this.weight = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, entry: CacheEntry<V>) {
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.weight <= this.maxWeight) break;
      this.remove(key, entry);
    }
  }
}
