/**
 * A cache of search answers shared by every shopper typing the same thing. It keeps the promise,
 * so concurrent requests for one term run one query; an answer older than `ttlMs` is still served
 * while one refresh runs behind it, so a popular term never makes a shopper wait for its expiry.
 * Entries are bounded by `maxEntries`, the least recently used going first.
 */
export class AnswerCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; at: number; refreshing: boolean }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used last, so the first key is the one to evict.
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (!entry.refreshing && this.now() - entry.at > this.ttlMs) {
        entry.refreshing = true;
        load().then(
          (value) => this.entries.set(key, { value: Promise.resolve(value), at: this.now(), refreshing: false }),
          () => {
            entry.refreshing = false;
          },
        );
      }
      return entry.value;
    }
    const value = load();
    this.entries.set(key, { value, at: this.now(), refreshing: false });
    // A failed load is not remembered: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }
}
