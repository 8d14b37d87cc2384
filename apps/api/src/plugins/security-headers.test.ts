import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app.js';
import { createPageApp } from '../../test/support/web-app.js';
import { PERMISSIONS_POLICY, withoutNonce } from './security-headers.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** What production needs besides NODE_ENV (config/env.ts refuses to start without it). */
const PRODUCTION = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SMS_PROVIDER: 'http',
  SMS_API_KEY: 'key',
  SMS_SENDER_ID: 'sender',
  SECRET_KEY: 'x'.repeat(32),
};

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

describe('security headers on API answers', () => {
  let test: App;
  let production: App;
  beforeAll(async () => {
    test = await createTestApp('pglite');
    production = await createTestApp('pglite', { env: PRODUCTION });
  });
  afterAll(async () => {
    await test?.close();
    await production?.close();
  });

  it('sends the safe headers with JSON, and a policy under which nothing loads', async () => {
    const res = await test.app.inject('/api/v1/products/?page_size=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(directives(res.headers['content-security-policy'])).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("gives what is not the API the pages' policy, scripts by nonce", async () => {
    const csp = directives((await test.app.inject('/healthz')).headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual([expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/), "'strict-dynamic'", "'self'"]);
  });

  it('sets on API answers exactly the headers helmet sets on pages, but the policy', async () => {
    const api = (await production.app.inject('/api/v1/products/?page_size=1')).headers;
    const page = (await production.app.inject('/healthz')).headers;
    const names = [
      'strict-transport-security',
      'x-frame-options',
      'x-content-type-options',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
      'permissions-policy',
    ];
    for (const name of names) {
      expect(page[name], name).toBeDefined();
      expect(api[name], name).toBe(page[name]);
    }
    expect(api['x-powered-by']).toBeUndefined();
  });

  it('sends them with errors too', async () => {
    const res = await test.app.inject('/api/v1/products/no-brand/no-product/');
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('gives every answer its own nonce', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++)
      nonces.add(directives((await test.app.inject('/healthz')).headers['content-security-policy'])['script-src']![0]!);
    expect(nonces.size).toBe(5);
  });

  it('asks for HTTPS (HSTS) and upgrades requests only in production', async () => {
    const res = await production.app.inject('/healthz');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
    expect(directives((await test.app.inject('/healthz')).headers['content-security-policy'])).not.toHaveProperty(
      'upgrade-insecure-requests',
    );
  });

  it('serves /api/docs outside production only, unless API_DOCS says otherwise', async () => {
    expect((await production.app.inject('/api/docs')).statusCode).toBe(404);
    expect((await production.app.inject('/api/docs/json')).statusCode).toBe(404);
    const docs = await test.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    // Swagger UI's own files are scripts from 'self'; no nonce is handed to it.
    expect(directives(docs.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
    const configured = await createTestApp('pglite', { env: { ...PRODUCTION, API_DOCS: 'true' } });
    try {
      expect((await configured.app.inject('/api/docs/json')).statusCode).toBe(200);
    } finally {
      await configured.close();
    }
  });

  it("lets the gateway simulators, which stand in for the gateways' own sites, run their inline scripts", async () => {
    const res = await test.app.inject('/sandbox/bkash/checkout?paymentId=none');
    expect(directives(res.headers['content-security-policy'])['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('lets product pictures be shown on other sites', async () => {
    const res = await test.app.inject('/media/none.webp');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await test.app.inject('/healthz')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The inline scripts of a page that a browser runs (JSON-LD is data), with their opening tags. */
function runningScripts(html: string): { tag: string; code: string }[] {
  return [...html.matchAll(/(<script(?:\s[^>]*)?>)([\s\S]*?)<\/script>/g)]
    .map(([, tag = '', code = '']) => ({ tag, code }))
    .filter(({ tag }) => !tag.includes('type="application/ld+json"'));
}

describe('withoutNonce', () => {
  const nonce = 'cmVuZGVyLW5vbmNlLTEyMw==';
  const policy = `default-src 'self';script-src 'nonce-${nonce}' 'strict-dynamic' 'self';frame-ancestors 'none'`;
  const page = (html: string, type = 'text/html') => new Response(html, { headers: { 'content-type': type, 'x-kept': 'yes' } });

  it("allows the render's scripts by hash, and nothing else", async () => {
    const html = [
      `<html><head><script nonce="${nonce}">window.a = 1;</script>`,
      `<script type="application/ld+json" nonce="${nonce}">{"@type":"Product"}</script>`,
      `<link rel="icon" href="/favicon.svg" nonce="${nonce}"/></head><body>`,
      // What a product description might smuggle in: not the render's, so not allowed.
      '<div><script>steal()</script></div>',
      `<script async="" nonce="${nonce}" data-adds-script="sha256-AbC+/0=">boot()</script>`,
      `<script nonce="${nonce}">line1\r\nline2</script></body></html>`,
    ].join('');
    const sealed = await withoutNonce(page(html), nonce, policy);
    const body = await sealed.text();
    expect(body).not.toContain(nonce);
    expect(body).toContain('<script>window.a = 1;</script>');
    expect(sealed.headers.get('x-kept')).toBe('yes');
    const hashes = [sha256('window.a = 1;'), sha256('boot()'), "'sha256-AbC+/0='", sha256('line1\nline2')];
    expect(sealed.headers.get('content-security-policy')).toBe(
      `default-src 'self';script-src ${hashes.join(' ')} 'strict-dynamic' 'self';frame-ancestors 'none'`,
    );
  });

  it('leaves answers other than HTML alone', async () => {
    const data = page('[1,2]', 'text/x-script');
    expect(await withoutNonce(data, nonce, policy)).toBe(data);
  });
});

describe('security headers on pages', () => {
  let ctx: Awaited<ReturnType<typeof createPageApp>>;
  // Builds the storefront first on a fresh checkout.
  beforeAll(async () => {
    ctx = await createPageApp({ FACEBOOK_PIXEL_ID: '1234567890' });
  }, 600_000);
  afterAll(async () => {
    await ctx?.close();
  });

  // A cookie of a social sign-in under way makes the page the shopper's own: rendered for this response only.
  const ownPage = () => ctx.app.inject({ url: '/', headers: { cookie: 'social_flow=x' } });

  it("puts the response's nonce on every script of a shopper's own page, the tracking pixel's too", async () => {
    const res = await ownPage();
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-page-cache']).toBeUndefined();
    for (const name of ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy'])
      expect(res.headers).toHaveProperty(name);
    const csp = directives(res.headers['content-security-policy']);
    const nonce = /^'nonce-(.+)'$/.exec(csp['script-src']?.[0] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(new Set([...res.body.matchAll(/ nonce="([^"]*)"/g)].map((m) => m[1]))).toEqual(new Set([nonce]));
    const scripts = runningScripts(res.body);
    expect(scripts.length).toBeGreaterThan(3);
    for (const { tag } of scripts) expect(tag).toContain(` nonce="${nonce}"`);
    expect(scripts.some(({ code }) => code.includes('fbq(\'init\',"1234567890")'))).toBe(true);
    expect(csp['img-src']).toContain('https://www.facebook.com');
    expect(csp['connect-src']).toContain('https://www.facebook.com');
  });

  it('gives each response its own nonce', async () => {
    const [a, b] = [await ownPage(), await ownPage()];
    const nonceOf = (header: unknown) => /'nonce-([^']+)'/.exec(String(header))?.[1];
    expect(nonceOf(a.headers['content-security-policy'])).not.toBe(nonceOf(b.headers['content-security-policy']));
    expect(b.body).toContain(` nonce="${nonceOf(b.headers['content-security-policy'])}"`);
    expect(b.body).not.toContain(` nonce="${nonceOf(a.headers['content-security-policy'])}"`);
  });

  it('sends a page shared by the page cache with the hashes of its scripts and no nonce at all', async () => {
    const first = await ctx.app.inject('/all-product/');
    const second = await ctx.app.inject('/all-product/');
    expect([first.headers['x-page-cache'], second.headers['x-page-cache']]).toEqual(['MISS', 'HIT']);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(first.body).not.toMatch(/ nonce="/);
    const scriptSrc = directives(first.headers['content-security-policy'])['script-src'] ?? [];
    expect(scriptSrc.some((s) => s.startsWith("'nonce-"))).toBe(false);
    // Each script the page runs, and the entry module its boot script adds, is allowed by its hash.
    const expected = runningScripts(first.body).map(({ code }) => sha256(code));
    const boot = /data-adds-script="([^"]+)"/.exec(first.body)?.[1];
    expect(boot).toBeTruthy();
    expect(new Set(scriptSrc.filter((s) => s.startsWith("'sha256-")))).toEqual(new Set([...expected, `'${boot}'`]));
  });
});
