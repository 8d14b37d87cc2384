import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE, FLASH_COOKIE, SIGN_IN_PHONE_COOKIE } from '@store/shared/api';
import { CART_COOKIE } from '@store/shared/cart';
import type { CacheTag } from '../lib/cache/invalidation.js';
import { TaggedCache } from '../lib/cache/tagged-cache.js';
import { Clock } from '../lib/clock.js';
import { PREVIEW_COOKIE } from '../modules/content/index.js';

/**
 * Cookies that make a page someone's own: the session, the bag, a social sign-in in progress and a
 * staff member's maintenance preview (their pages show the store to them alone).
 * A request without any of them (and without an Authorization header) sees what every anonymous
 * shopper sees, so its page can be shared. A page that starts reading another cookie on the server
 * must be listed here.
 */
const PERSONAL_COOKIES = [AUTH_COOKIE, CART_COOKIE, 'social_flow', PREVIEW_COOKIE, FLASH_COOKIE, SIGN_IN_PHONE_COOKIE];

/** Request headers a page may vary on besides its URL (the API reads them; browsers don't send them on navigation). */
// The host too: a page's canonical and hreflang addresses are built from it, so a request with a
// forged Host header gets a page of its own, never one other shoppers are served.
const KEY_HEADERS = ['host', 'my-department', 'my-location'] as const;

/** Response headers that are the transport's business, not the page's. */
const DROPPED_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
]);

const MAX_BYTES = 64 * 1024 * 1024;

type Encoding = 'br' | 'gzip' | 'identity';

/** A rendered page as kept: what the render answered, and its compressed copies once asked for. */
type Page = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;
  storedAt: number;
};

/** A page past its time is still sent, once, while a render in the background replaces it; this long at most. */
const STALE_GRACE_MS = 60_000;

/** Every page shows the catalog and the content: a change to either forgets it. */
const PAGE_TAGS: readonly CacheTag[] = ['catalog', 'content'];

/** Renders the page; a detached render runs to its end even when the request that started it is gone. */
export type Render = (detached: boolean) => Promise<Response>;

/** A render whose answer may not be shared: its own request sends it, the requests waiting on it render their own. */
class NotShareable extends Error {
  constructor(readonly response: Response) {
    super('The page is not shareable');
  }
}

/**
 * A micro-cache of server-rendered pages (and their `.data` twins) for anonymous shoppers: a page
 * is rendered at most once per URL every few seconds however many people open it. A burst of
 * requests for a cold page waits for one render instead of starting fifty, and a page past its
 * time is sent as it is while one render in the background brings it up to date, so nobody waits
 * for a render of a page that is in the cache. Only GET requests with no personal cookie and
 * answers that are 200 or 404, set no cookie and don't say private or no-store are kept. Entries
 * go when the catalog or the content is invalidated (lib/cache/invalidation.ts) or on clear(), a
 * minute after their time, or least recently used first beyond 64 MB. The keeping is a TaggedCache's.
 */
export class PageCache {
  private readonly pages: TaggedCache<Page>;
  /** What a CDN is told: keep the page as long as this process does. */
  private readonly cdnCacheControl: string;

  /** `clock` tells the time entries live by: the system's unless a test moves it. */
  constructor(
    private readonly ttlMs: number,
    private readonly clock: Pick<Clock, 'nowMs'> = new Clock(),
  ) {
    this.cdnCacheControl = `public, max-age=0, s-maxage=${Math.max(1, Math.round(ttlMs / 1000))}, stale-while-revalidate=60`;
    this.pages = new TaggedCache<Page>({
      ttlMs,
      staleMs: STALE_GRACE_MS,
      maxWeight: MAX_BYTES,
      weigh: (page) => page.body.length,
      now: () => this.clock.nowMs(),
      name: 'pages',
    });
  }

  /** The cache key of a request that may share its page, or null when the page is its own. */
  keyOf(request: FastifyRequest): string | null {
    if (this.ttlMs <= 0 || request.method !== 'GET' || request.headers.authorization) return null;
    if (PERSONAL_COOKIES.some((name) => request.cookies[name] !== undefined)) return null;
    const varying = KEY_HEADERS.map((name) => request.headers[name] ?? '').join('\u0000');
    return `${request.url}\u0000${varying}`;
  }

  /**
   * Sends the page cached under `key`, rendering it with `render` when there is none. An answer
   * that may not be shared is returned unsent, still streaming, for the caller to send.
   */
  async serve(key: string, request: FastifyRequest, reply: FastifyReply, render: Render): Promise<Response | null> {
    const hit = this.pages.lookup(key);
    if (hit && this.pages.isFresh(hit)) return this.send(key, hit.value, request, reply, 'HIT');
    if (hit) {
      if (!this.pages.running(key)) {
        this.load(key, () => render(true)).then(
          (result) => (result instanceof Response ? result.body?.cancel() : undefined),
          () => undefined, // the stale page stays until its grace ends; the next request tries again
        );
      }
      return this.send(key, hit.value, request, reply, 'STALE');
    }
    // No await between looking for a render under way and starting one: a burst waits for one render.
    const waiting = this.pages.running(key);
    if (waiting) {
      // A failed or unshareable render of another request is not this request's answer: it renders its own.
      const shared = await waiting.then(
        (page) => page,
        () => null,
      );
      if (shared) return this.send(key, shared, request, reply, 'HIT');
    }
    const result = await this.load(key, () => render(false));
    return result instanceof Response ? result : this.send(key, result, request, reply, 'MISS');
  }

  /** Resolves once the renders under way (started since the last clear()) have ended and their pages are kept or not. */
  settled(): Promise<void> {
    return this.pages.settled();
  }

  /** Forgets the pages built from the tagged data (followInvalidations calls it). */
  invalidate(tags: readonly CacheTag[]): void {
    this.pages.invalidate(tags);
  }

  clear(): void {
    this.pages.clear();
  }

  /** Renders once for everyone asking for `key` meanwhile; keeps the answer when it may be shared. */
  private async load(key: string, render: () => Promise<Response>): Promise<Page | Response> {
    try {
      return await this.pages.load(key, PAGE_TAGS, async () => {
        const response = await render();
        if (!shareable(response)) throw new NotShareable(response);
        return this.pageOf(response.status, response.headers, Buffer.from(await response.arrayBuffer()));
      });
    } catch (error) {
      if (error instanceof NotShareable) return error.response;
      throw error;
    }
  }

  private pageOf(status: number, responseHeaders: Headers, body: Buffer): Page {
    const headers: [string, string][] = [];
    for (const [name, value] of responseHeaders) if (!DROPPED_HEADERS.has(name)) headers.push([name, value]);
    return { status, headers, body, encoded: {}, storedAt: this.clock.nowMs() };
  }

  private send(key: string, page: Page, request: FastifyRequest, reply: FastifyReply, state: 'HIT' | 'STALE' | 'MISS'): null {
    reply.status(page.status);
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header('vary', 'Accept-Encoding');
    // A CDN in front may keep the page as long as this process does, and is purged by tag on change
    // (lib/cache/cdn-purge.ts): Surrogate-Key (Fastly, Akamai, Varnish) and Cache-Tag (Cloudflare).
    if (!page.headers.some(([name]) => name === 'cache-control')) reply.header('cache-control', this.cdnCacheControl);
    reply.header('surrogate-key', PAGE_TAGS.join(' '));
    reply.header('cache-tag', PAGE_TAGS.join(','));
    reply.header('x-page-cache', state);
    reply.header('age', String(Math.floor((this.clock.nowMs() - page.storedAt) / 1000)));
    const encoding = page.body.length > 1024 ? preferredEncoding(request.headers['accept-encoding']) : 'identity';
    if (encoding === 'identity') {
      reply.send(page.body);
      return null;
    }
    // An encoded body is final: the compression plugin leaves a reply with Content-Encoding alone.
    reply.header('content-encoding', encoding);
    reply.send((page.encoded[encoding] ??= this.encode(key, page, encoding)));
    return null;
  }

  private encode(key: string, page: Page, encoding: 'br' | 'gzip'): Buffer {
    const body =
      encoding === 'br'
        ? brotliCompressSync(page.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length } })
        : gzipSync(page.body, { level: 6 });
    // Counted only while the page is the one kept (a page sent to requests that waited on a render
    // cleared meanwhile is not).
    this.pages.addWeight(key, page, body.length);
    return body;
  }
}

function shareable(response: Response): boolean {
  if (response.status !== 200 && response.status !== 404) return false;
  if (response.headers.has('set-cookie')) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  return !/\b(private|no-store)\b/i.test(cacheControl);
}

/** br, then gzip, then none, as the Accept-Encoding header allows (an explicit q=0 refuses). */
export function preferredEncoding(header: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}
