import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@store/shared/api';

/** Browser features the shop does not use, refused to its pages and to anything they embed. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

const nonces = new WeakMap<ServerResponse, string>();

/** The script nonce of one response: 128 random bits, made on first use, never shared with another response. */
export function scriptNonce(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(res, nonce);
  }
  return nonce;
}

type Source = string | ((req: IncomingMessage, res: ServerResponse) => string);

/** Sets one set of security headers on a response (helmet's middleware signature). */
type SetHeaders = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's security headers over the shop's (a page with scripts of its own, say). */
    securityHeaders?: HelmetOptions;
    /** Its headers, made when the route is added (see registerSecurityHeaders). */
    applySecurityHeaders?: SetHeaders;
  }
}

/**
 * Helmet's headers for options with no value made per response (no nonce), worked out once when the
 * server starts and set as they are on every response: the same headers helmet would set, without
 * helmet going through its eleven middlewares and the policy's directives each time.
 */
export function fixedHeaders(options: HelmetOptions): SetHeaders {
  const headers: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * Security headers on every answer, pages and API alike, through helmet: on pages a CSP whose
 * scripts run only by this response's nonce (and what they load, by 'strict-dynamic'), on API
 * answers one that allows nothing; HSTS in production, no framing, nosniff, a referrer trimmed to
 * the origin across sites, and a Permissions-Policy. See docs/security.md. The pages' headers are
 * one helmet middleware made once, its nonce a function called per response (@fastify/helmet made
 * a new middleware for every request, parsing every directive again: 13 % of the header badge's
 * CPU); every other set, the API's among them, is worked out once (fixedHeaders).
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const production = app.env.NODE_ENV === 'production';
  // The tracking pixel (only when configured) reports to Facebook by image and by beacon.
  const pixel = app.env.FACEBOOK_PIXEL_ID ? ['https://www.facebook.com', 'https://connect.facebook.net'] : [];
  const media = app.env.MEDIA_S3_BUCKET && app.env.MEDIA_PUBLIC_URL ? [new URL(app.env.MEDIA_PUBLIC_URL).origin] : [];
  const directives = (scriptSrc: Source[]) => ({
    'default-src': ["'self'"],
    'script-src': scriptSrc,
    'script-src-attr': ["'none'"],
    // React's style props are style attributes, which only 'unsafe-inline' allows.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Pictures in a bucket: /media/ redirects there (docs/deployment.md, "Media").
    'img-src': ["'self'", 'data:', ...media, ...pixel],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...pixel],
    // The storefront's service worker (/sw.js); session replay (SENTRY_DSN set) compresses its recording
    // in a worker the SDK starts from a blob. (Without worker-src, script-src's 'strict-dynamic' would govern.)
    'worker-src': ["'self'", ...(app.env.SENTRY_DSN ? ['blob:'] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    // The gateways are reached by top-level navigations (location.assign), which form-action does not govern.
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(production ? { 'upgrade-insecure-requests': [] } : {}),
  });
  const nonce: Source = (_req, res) => `'nonce-${scriptNonce(res)}'`;

  const shop: HelmetOptions = {
    // 'self' is for browsers without 'strict-dynamic' (CSP level 2); the others ignore it.
    contentSecurityPolicy: { useDefaults: false, directives: directives([nonce, "'strict-dynamic'", "'self'"]) },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
  const everywhere = helmet(shop);

  // Pages that React does not render keep their own scripts: Swagger UI loads its files from 'self';
  // the gateway simulators (never in production) stand in for the gateways' own sites, whose return
  // page posts itself by an inline script.
  const ownScripts = (scriptSrc: Source[]): HelmetOptions => ({
    contentSecurityPolicy: { useDefaults: false, directives: directives(scriptSrc) },
  });
  // The API answers JSON (and downloads): nothing in it is a document that loads anything, so its
  // policy allows nothing at all and needs no nonce.
  const api: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
  };
  app.addHook('onRoute', (route) => {
    let own = route.config?.securityHeaders;
    if (route.url.startsWith(`${API_PREFIX}/`)) own ??= api;
    if (route.url.startsWith('/api/docs')) own = ownScripts(["'self'"]);
    if (route.url.startsWith('/sandbox/')) own = ownScripts(["'self'", "'unsafe-inline'"]);
    // Product pictures may be shown by search engines and link previews on their own sites.
    if (route.url.startsWith('/media/')) own = { crossOriginResourcePolicy: { policy: 'cross-origin' } };
    // Both name each header by helmet's own names (not the old aliases), so the merge is a HelmetOptions too.
    // None of these has a nonce: their headers are the same on every response.
    if (own) route.config = { ...route.config, applySecurityHeaders: fixedHeaders({ ...shop, ...own } as HelmetOptions) };
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Helmet sets no Permissions-Policy.
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    const setHeaders: SetHeaders = request.routeOptions.config.applySecurityHeaders ?? everywhere;
    setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
}

/** An inline script of server-rendered HTML: React escapes '<' in what it writes, so `</script>` only ever closes one. */
const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/g;
/** The type attributes of scripts that run; any other type (application/ld+json) is data, which CSP does not govern. */
const RUNS = /^(|module|(text|application)\/(java|ecma)script)$/i;

/**
 * A page that the page cache will send to other shoppers must not carry this response's nonce;
 * `policy` is the response's CSP with that nonce. Every script the render marked with the nonce is
 * allowed by its hash instead, as is the script one of them declares it adds (data-adds-script:
 * the boot script's entry module). The nonce attributes go, and the policy lists the hashes where
 * the nonce was. A script the render did not mark is not hashed, so it stays blocked. Answers other
 * than HTML pass through as they are.
 */
export async function withoutNonce(response: Response, nonce: string, policy: string): Promise<Response> {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const mark = ` nonce="${nonce}"`;
  const html = await response.text();
  const hashes = new Set<string>();
  for (const [, attributes = '', code = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (!attributes.includes(mark) || !RUNS.test(/\stype="([^"]*)"/.exec(attributes)?.[1] ?? '')) continue;
    // The browser hashes the text after the parser turned CR LF and CR into LF.
    hashes.add(`'sha256-${createHash('sha256').update(code.replace(/\r\n?/g, '\n')).digest('base64')}'`);
    const added = /\sdata-adds-script="(sha256-[A-Za-z0-9+/]+=*)"/.exec(attributes)?.[1];
    if (added) hashes.add(`'${added}'`);
  }
  const headers = new Headers(response.headers);
  headers.set('content-security-policy', policy.replace(` 'nonce-${nonce}'`, [...hashes].map((h) => ` ${h}`).join('')));
  return new Response(html.replaceAll(mark, ''), { status: response.status, statusText: response.statusText, headers });
}
