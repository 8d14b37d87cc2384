/**
 * The one place every cache invalidation passes through. In-process caches follow it; a change
 * names the data it touched by tag and every entry built from that data goes, here and, through the
 * bus (lib/cache/bus.ts: PostgreSQL NOTIFY, or Redis pub/sub), in every other process of the shop.
 */

/** What a cached answer was built from: an entry carries the tags of every kind of data it read. */
// 'offers': the bag's gift rules, which only the bag reads (a rule changed clears no page or listing).
export const CACHE_TAGS = ['catalog', 'content', 'offers'] as const;
export type CacheTag = (typeof CACHE_TAGS)[number];

/** Anything that forgets what it built from the tagged data (a TaggedCache, the page cache). */
export type Invalidatable = { invalidate(tags: readonly CacheTag[]): void };

const followers = new Set<Invalidatable>();

/** `target` forgets from now on whatever `invalidate` names; returns the function that stops it. */
export function followInvalidations(target: Invalidatable): () => void {
  followers.add(target);
  return () => followers.delete(target);
}

/** Carries invalidations to the other processes of the shop (lib/cache/bus.ts). */
export type InvalidationBus = { publish(tags: readonly CacheTag[]): void };

const buses = new Set<InvalidationBus>();

/** `bus` carries every invalidation made here from now on; returns the function that stops it. */
export function attachBus(bus: InvalidationBus): () => void {
  buses.add(bus);
  return () => buses.delete(bus);
}

/** Tells every cache, in this process and (through the bus) in every other one, that the tagged data changed. Call it after the commit. */
export function invalidate(tags: readonly CacheTag[]): void {
  invalidateHere(tags);
  for (const bus of buses) bus.publish(tags);
}

/** Tells this process's caches only: what the bus does with a change another process made. */
export function invalidateHere(tags: readonly CacheTag[]): void {
  for (const follower of followers) follower.invalidate(tags);
}

/** True when the two tag lists share one (lists are one or two tags long: no set needed). */
export function overlaps(a: readonly CacheTag[], b: readonly CacheTag[]): boolean {
  return a.some((tag) => b.includes(tag));
}
