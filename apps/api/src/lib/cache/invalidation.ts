/**
 * The one place every cache invalidation passes through. In-process caches follow it; a change
 * names the data it touched by tag and every entry built from that data goes. Issue 19 broadcasts
 * invalidations to the other instances here, in `invalidate`, and nowhere else.
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

/** Tells every cache in this process that the tagged data changed. Call it after the commit. */
export function invalidate(tags: readonly CacheTag[]): void {
  for (const follower of followers) follower.invalidate(tags);
}

/** True when the two tag lists share one (lists are one or two tags long: no set needed). */
export function overlaps(a: readonly CacheTag[], b: readonly CacheTag[]): boolean {
  return a.some((tag) => b.includes(tag));
}
