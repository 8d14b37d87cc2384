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

export function startCdnPurge(url: string | undefined, token: string | undefined, log: PurgeLog): () => void {
  if (!url) return () => {};
  return attachBus({
    publish(tags: readonly CacheTag[]) {
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
    },
  });
}
