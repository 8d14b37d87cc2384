/**
 * A short-lived in-process cache of answers shared by every request with the same key.
 *
 * - Concurrent misses for one key share one load (the promise is kept while it runs), so a cold
 *   burst of identical requests runs its queries once.
 * - A failed load is not remembered: every waiter gets the error, the next request tries again.
 * - `clear()` forgets everything at once, including loads still running: their result goes to the
 *   requests already waiting on them but is not stored, since it may predate the change that
 *   caused the clear. Requests after the clear start a fresh load.
 * - At most `maxEntries` answers are kept; the least recently used goes first.
 */
export class SharedCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  /** Bumped by clear(): a load started before it may not store its result. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The stored answer, or undefined when there is none or it is older than the time to live. */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last, so the first key is the one to evict.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /** The stored answer, else the running load for the key, else a new load (stored when it succeeds). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const running = this.loading.get(key);
    if (running) return running;
    const generation = this.generation;
    // Started on the next tick, so even a load that throws at once settles only after it is registered.
    const promise: Promise<V> = Promise.resolve()
      .then(load)
      .then((value) => {
        if (generation === this.generation) this.store(key, value);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Keeps `value` for `key` from now on (a value computed by the caller rather than loaded). */
  set(key: string, value: V): void {
    this.store(key, value);
  }

  private store(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
