import { attachBus, type CacheTag } from './invalidation.js';

/*
 * A CDN in front of the shop keeps anonymous pages (they carry `s-maxage` and their tags: see
 * plugins/page-cache.ts) and is told to drop them when what they show changes. Only the process
 * that made the change tells it (the bus's receivers forget locally), once per change, after the
 * commit. The purge endpoint is yours: the CDN's purge-by-tag API, or a small function that calls it
 * (docs/deployment.md). Without CDN_PURGE_URL nothing is sent.
 */

export type PurgeLog = { warn(obj: object, msg: string): void };

/** A purge that has not answered within this long is given up (the pages then expire by their s-maxage). */
const PURGE_TIMEOUT_MS = 5000;

/** Changes within this long go in one purge (every order changes stock: purge APIs are rate-limited). */
export const PURGE_COALESCE_MS = 2000;

export function startCdnPurge(
  url: string | undefined,
  token: string | undefined,
  log: PurgeLog,
  coalesceMs = PURGE_COALESCE_MS,
): () => void {
  if (!url) return () => {};
  const purge = (tags: CacheTag[]) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ tags }),
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    })
      .then((res) => {
        if (!res.ok) log.warn({ status: res.status, tags }, 'CDN purge refused');
      })
      .catch((err: unknown) => log.warn({ err, tags }, 'CDN purge failed'));
  const pending = new Set<CacheTag>();
  let timer: NodeJS.Timeout | null = null;
  const send = () => {
    timer = null;
    const tags = [...pending];
    pending.clear();
    if (tags.length) purge(tags);
  };
  const detach = attachBus({
    publish(tags: readonly CacheTag[]) {
      for (const tag of tags) pending.add(tag);
      timer ??= setTimeout(send, coalesceMs);
    },
  });
  return () => {
    detach();
    // What is waiting goes now: the process is stopping.
    if (timer) {
      clearTimeout(timer);
      send();
    }
  };
}
