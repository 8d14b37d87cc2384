import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE } from '@store/shared/api';
import { CART_COOKIE } from '@store/shared/cart';
import { Clock } from '../lib/clock.js';

/**
 * Cookies that make a page someone's own: the session, the bag and a social sign-in in progress.
 * A request without any of them (and without an Authorization header) sees what every anonymous
 * shopper sees, so its page can be shared. A page that starts reading another cookie on the server
 * must be listed here.
 */
const PERSONAL_COOKIES = [AUTH_COOKIE, CART_COOKIE, 'social_flow'];

/** Request headers a page may vary on besides its URL (the API reads them; browsers don't send them on navigation). */
const KEY_HEADERS = ['my-department', 'my-location'] as const;

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

type Entry = {
  key: string;
  status: number;
  headers: [string, string][];
  body: Buffer;
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;
  storedAt: number;
  expires: number;
  bytes: number;
};

/** A page past its time is still sent, once, while a render in the background replaces it; this long at most. */
const STALE_GRACE_MS = 60_000;

/** Renders the page; a detached render runs to its end even when the request that started it is gone. */
export type Render = (detached: boolean) => Promise<Response>;

/**
 * A micro-cache of server-rendered pages (and their `.data` twins) for anonymous shoppers: a page
 * is rendered at most once per URL every few seconds however many people open it. A burst of
 * requests for a cold page waits for one render instead of starting fifty, and a page past its
 * time is sent as it is while one render in the background brings it up to date, so nobody waits
 * for a render of a page that is in the cache. Only GET requests with no personal cookie and
 * answers that are 200 or 404, set no cookie and don't say private or no-store are kept. Entries
 * go on clear() (the owner calls it when the catalog, stock or settings change), a minute after
 * their time, or oldest first beyond 64 MB.
 */
export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry | null>>();
  private bytes = 0;
  /** Bumped by clear(): a render started before it may predate the change, so it is not kept. */
  private generation = 0;

  /** `clock` tells the time entries live by: the system's unless a test moves it. */
  constructor(
    private readonly ttlMs: number,
    private readonly clock: Pick<Clock, 'nowMs'> = new Clock(),
  ) {}

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
    const now = this.clock.nowMs();
    const entry = this.entries.get(key);
    if (entry && now < entry.expires) return this.send(entry, request, reply, 'HIT');
    if (entry && now < entry.expires + STALE_GRACE_MS) {
      if (!this.pending.has(key)) {
        this.load(key, () => render(true)).then(
          (result) => (result instanceof Response ? result.body?.cancel() : undefined),
          () => undefined, // the stale page stays until its grace ends; the next request tries again
        );
      }
      return this.send(entry, request, reply, 'STALE');
    }
    if (entry) this.remove(key, entry);
    // No await between looking for a render under way and starting one: a burst waits for one render.
    const waiting = this.pending.get(key);
    if (waiting) {
      // A failed or unshareable render of another request is not this request's answer: it renders its own.
      const shared = await waiting;
      if (shared) return this.send(shared, request, reply, 'HIT');
    }
    const result = await this.load(key, () => render(false));
    return result instanceof Response ? result : this.send(result, request, reply, 'MISS');
  }

  /** Resolves once the renders under way (started since the last clear()) have ended and their pages are kept or not. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending.values());
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
    this.bytes = 0;
  }

  /** Renders once for everyone asking for `key` meanwhile; keeps the answer when it may be shared. */
  private load(key: string, render: () => Promise<Response>): Promise<Entry | Response> {
    const generation = this.generation;
    const loading = render().then(async (response): Promise<Entry | Response> => {
      if (!shareable(response)) return response;
      const body = Buffer.from(await response.arrayBuffer());
      const entry = this.entryOf(key, response.status, response.headers, body);
      return generation === this.generation ? this.store(entry) : entry;
    });
    const shared = loading.then(
      (result) => (result instanceof Response ? null : result),
      () => null,
    );
    this.pending.set(key, shared);
    void shared.then(() => {
      if (this.pending.get(key) === shared) this.pending.delete(key);
    });
    return loading;
  }

  private entryOf(key: string, status: number, responseHeaders: Headers, body: Buffer): Entry {
    const headers: [string, string][] = [];
    for (const [name, value] of responseHeaders) if (!DROPPED_HEADERS.has(name)) headers.push([name, value]);
    const now = this.clock.nowMs();
    return { key, status, headers, body, encoded: {}, storedAt: now, expires: now + this.ttlMs, bytes: body.length };
  }

  private store(entry: Entry): Entry {
    const previous = this.entries.get(entry.key);
    if (previous) this.remove(entry.key, previous);
    this.entries.set(entry.key, entry);
    this.bytes += entry.bytes;
    this.evict();
    return entry;
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.remove(key, entry);
    }
  }

  private send(entry: Entry, request: FastifyRequest, reply: FastifyReply, state: 'HIT' | 'STALE' | 'MISS'): null {
    reply.status(entry.status);
    for (const [name, value] of entry.headers) reply.header(name, value);
    reply.header('vary', 'Accept-Encoding');
    reply.header('x-page-cache', state);
    reply.header('age', String(Math.floor((this.clock.nowMs() - entry.storedAt) / 1000)));
    const encoding = entry.body.length > 1024 ? preferredEncoding(request.headers['accept-encoding']) : 'identity';
    if (encoding === 'identity') {
      reply.send(entry.body);
      return null;
    }
    // An encoded body is final: the compression plugin leaves a reply with Content-Encoding alone.
    reply.header('content-encoding', encoding);
    reply.send((entry.encoded[encoding] ??= this.encode(entry, encoding)));
    return null;
  }

  private encode(entry: Entry, encoding: 'br' | 'gzip'): Buffer {
    const body =
      encoding === 'br'
        ? brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
        : gzipSync(entry.body, { level: 6 });
    // Counted only while the entry is the one kept (a page sent to requests that waited on a render
    // cleared meanwhile is not).
    if (this.entries.get(entry.key) === entry) {
      entry.bytes += body.length;
      this.bytes += body.length;
    }
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
