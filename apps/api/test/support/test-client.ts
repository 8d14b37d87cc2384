import type { FastifyInstance, InjectOptions } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@store/shared/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A browser for integration tests: keeps cookies between calls (the HttpOnly token included) and
 * echoes the CSRF cookie as X-CSRFToken on unsafe requests, the way the storefront's http wrapper does.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly ip = '203.0.113.10',
  ) {}

  async request(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    if (method !== 'GET' && !this.cookies.has(CSRF_COOKIE)) await this.request('GET', '/api/v1/csrf/');
    const sendHeaders: Record<string, string> = { ...headers };
    if (method !== 'GET' && this.cookies.has(CSRF_COOKIE) && !(CSRF_HEADER in sendHeaders))
      sendHeaders[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE)!;
    const options: InjectOptions = {
      method,
      url,
      headers: sendHeaders,
      cookies: Object.fromEntries(this.cookies),
      remoteAddress: this.ip,
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    };
    const res = await this.app.inject(options);
    for (const c of res.cookies) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && new Date(c.expires).getTime() <= Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, payload: unknown = {}, headers?: Record<string, string>) => this.request('POST', url, payload, headers);
  put = (url: string, payload: unknown, headers?: Record<string, string>) => this.request('PUT', url, payload, headers);
  delete = (url: string) => this.request('DELETE', url);
}

export type OutboxRow = { id: number; channel: 'sms' | 'email'; to: string; subject: string | null; body: string; status: string };

export async function outboxFor(app: FastifyInstance, to: string): Promise<OutboxRow[]> {
  const res = await app.inject({ url: `/dev/outbox.json?to=${encodeURIComponent(to)}` });
  return res.json<{ data: OutboxRow[] }>().data;
}

/** The newest code sent to a phone or an email. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const [row] = await outboxFor(app, to);
  const match = row && /\b(\d{6})\b/.exec(row.body);
  if (!match) throw new Error(`no code sent to ${to}`);
  return match[1]!;
}

/** The path of the newest link sent to an email whose path starts with prefix. */
export async function latestLink(app: FastifyInstance, to: string, prefix: string): Promise<string> {
  for (const row of await outboxFor(app, to)) {
    const match = new RegExp(`https?://[^/\\s]+(${prefix}[^\\s]*)`).exec(row.body);
    if (match) return match[1]!;
  }
  throw new Error(`no ${prefix} link sent to ${to}`);
}
