import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import {
  API_PREFIX,
  CSRF_COOKIE,
  CSRF_HEADER,
  type ApiClient,
  type ApiErrorBody,
  type ApiResult,
  type ApiSendMethod,
  type ApiSendResult,
} from '@store/shared/api';
import { apiClientContext } from '@store/shared/ssr-context';
import { LOCALE_HEADER, LOCALES, type Locale } from '@store/shared/locale';
import { followInvalidations } from '../lib/cache/invalidation.js';
import { PageCache } from './page-cache.js';
import { scriptNonce, withoutNonce } from './security-headers.js';
import { languageRedirect, pageLocale, registerLanguageSwitch } from './web-locale.js';

/** Page forms are small: a bigger body is refused with 413 before the page sees it. */
const PAGE_BODY_LIMIT = 1024 * 1024;

/** Hands the response's script nonce to the render (apps/web/app/entry.server.tsx reads it); never the client's own. */
const NONCE_HEADER = 'x-csp-nonce';

/** Headers a loader's API call inherits from the page request: who is asking, and from where. */
const FORWARDED = ['cookie', 'authorization', 'my-department', 'my-location', 'user-agent', 'x-forwarded-for', 'accept-language'] as const;

/** An injected answer as the loaders see it: the data, or the API's error body. */
function apiResult<T>(res: { statusCode: number; headers: Record<string, unknown>; body: string; json(): unknown }): ApiResult<T> {
  const body: unknown = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : res.body;
  if (res.statusCode >= 200 && res.statusCode < 300) return { ok: true, status: res.statusCode, data: body as T };
  const error = (body as Partial<ApiErrorBody> | null)?.error ?? { code: 'internal' as const, message: String(body) };
  return { ok: false, status: res.statusCode, error };
}

/**
 * An API client for loaders and form actions that calls the API routes in-process: the same
 * contract as HTTP, no socket. A form action's change carries the CSRF token the API asks of a
 * cookie-carrying request: the page server vouched for the form's origin (sameOriginForm) before
 * any action ran, which is what the token proves for a script.
 */
function inProcessApi(app: FastifyInstance, request: FastifyRequest): ApiClient {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // The page's language: what the API writes back to the shopper (an SMS, an e-mail) is in it.
  headers[LOCALE_HEADER] = pageLocale(request.url);
  return {
    async get<T>(path: string): Promise<ApiResult<T>> {
      const res = await app.inject({ method: 'GET', url: `${API_PREFIX}${path}`, headers, remoteAddress: request.ip });
      return apiResult<T>(res);
    },
    async send<T>(method: ApiSendMethod, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<ApiSendResult<T>> {
      const sent: Record<string, string> = { ...headers, ...extra, accept: 'application/json' };
      if (body !== undefined) sent['content-type'] = 'application/json';
      if (sent.cookie) {
        // A browser that never fetched the token has none yet: this one call gets one of its own.
        let token = request.cookies[CSRF_COOKIE];
        if (token === undefined) {
          token = randomBytes(24).toString('base64url');
          sent.cookie = `${sent.cookie}; ${CSRF_COOKIE}=${token}`;
        }
        sent[CSRF_HEADER] = token;
      }
      const res = await app.inject({
        method,
        url: `${API_PREFIX}${path}`,
        headers: sent,
        remoteAddress: request.ip,
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      const cookies = res.headers['set-cookie'];
      const setCookies = cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [String(cookies)];
      return { ...apiResult<T>(res), setCookies };
    },
  };
}

/**
 * A page form (a POST to a page, before hydration or with JavaScript off) must come from the shop's
 * own pages. The page cache shares HTML between visitors, so no per-visitor token can be embedded
 * in it; browsers say where a form came from instead: Sec-Fetch-Site, else Origin. A request
 * that says neither is refused too (docs/security.md).
 */
export function sameOriginForm(request: Pick<FastifyRequest, 'headers' | 'host'>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/** The page request as a web Request; unless `detached`, it is aborted when the shopper goes away. */
function toWebRequest(request: FastifyRequest, nonce: string, detached = false): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  headers.set(NONCE_HEADER, nonce);
  const controller = new AbortController();
  if (!detached) request.raw.once('close', () => controller.abort());
  // A request that came without a body (a bare POST) has none here either.
  const body = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body) ? request.body : undefined;
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(body ? { body } : {}),
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as WebReadableStream));
}

/** Where a language's build is (apps/web/build-locale.ts): English in the build folder, others in a folder of their name inside it. */
const localeBuildDir = (buildDir: string, locale: Locale) => (locale === 'en' ? buildDir : join(buildDir, locale));

/**
 * Serves the React Router builds, one per language (decision 009): hashed assets from each build's
 * client folder, every other path server-rendered by the build of its language (/bn/… Bangla).
 */
export async function registerWeb(app: FastifyInstance, buildDir: string) {
  const mode = app.env.NODE_ENV === 'development' ? 'development' : 'production';
  const load = async (locale: Locale) => {
    const serverEntry = join(localeBuildDir(buildDir, locale), 'server', 'index.js');
    if (!existsSync(serverEntry)) throw new Error(`No web build at ${serverEntry}: run npm run build`);
    return createRequestHandler((await import(pathToFileURL(serverEntry).href)) as ServerBuild, mode);
  };
  const handlers: Record<Locale, ReturnType<typeof createRequestHandler>> = { en: await load('en'), bn: await load('bn') };
  const pages = new PageCache(app.env.PAGE_CACHE_SECONDS * 1000);
  // Pages are built from the catalog and the content: a change to either, named by tag, drops them.
  const stopClearing = followInvalidations(pages);
  app.addHook('onClose', async () => stopClearing());

  await app.register(fastifyStatic, {
    // A chunk both builds share has one name (its content's hash) and the same bytes in both.
    root: LOCALES.map((locale) => join(localeBuildDir(buildDir, locale), 'client')),
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      // The service worker and the manifest are checked on every visit, so a release reaches installed shops at once.
      const fresh = path.endsWith('/sw.js') || path.endsWith('.webmanifest');
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : fresh ? 'no-cache' : 'public, max-age=3600',
      );
    },
  });

  registerLanguageSwitch(app);

  await app.register(async (web) => {
    // Form actions read the body themselves: whatever its type, it reaches them as bytes, up to the limit.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PAGE_BODY_LIMIT }, (_request, body, done) => done(null, body));
    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        if (request.url.startsWith(API_PREFIX)) return reply.callNotFound();
        const moveTo = languageRedirect(request);
        if (moveTo)
          return reply.header('cache-control', 'private, no-store').header('vary', 'Cookie, Accept-Language').redirect(moveTo, 302);
        if (request.method !== 'GET' && request.method !== 'HEAD' && !sameOriginForm(request)) {
          return reply
            .code(403)
            .type('text/plain; charset=utf-8')
            .send("This form can only be sent from the shop's own pages. Please go back, reload the page and try again.");
        }
        const nonce = scriptNonce(reply.raw);
        // Read before anything is sent: a page from the cache brings its own policy.
        const policy = String(reply.getHeader('content-security-policy'));
        const key = pages.keyOf(request);
        const render = async (detached = false) => {
          const context = new RouterContextProvider();
          context.set(apiClientContext, inProcessApi(app, request));
          const response = await handlers[pageLocale(request.url)](toWebRequest(request, nonce, detached), context);
          // A page the cache may send to others must not carry this response's nonce.
          return key ? withoutNonce(response, nonce, policy) : response;
        };
        const response = key ? await pages.serve(key, request, reply, render) : await render();
        return response ? sendWebResponse(reply, response) : reply;
      },
    });
  });
}
