import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';
import { PERMISSIONS_POLICY } from './security-headers.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** What production needs besides NODE_ENV (config/env.ts refuses to start without it). */
const PRODUCTION = { NODE_ENV: 'production', LOG_LEVEL: 'silent', SMS_PROVIDER: 'http', SMS_API_KEY: 'key', SMS_SENDER_ID: 'sender' };

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

  it('sends the safe headers with JSON, and a policy under which no script runs', async () => {
    const res = await test.app.inject('/api/v1/products/?page_size=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual([expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/), "'strict-dynamic'", "'self'"]);
    expect(res.headers['strict-transport-security']).toBeUndefined();
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
    for (let i = 0; i < 5; i++) nonces.add(directives((await test.app.inject('/healthz')).headers['content-security-policy'])['script-src']![0]!);
    expect(nonces.size).toBe(5);
  });

  it('asks for HTTPS (HSTS) and upgrades requests only in production', async () => {
    const res = await production.app.inject('/healthz');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
    expect(directives((await test.app.inject('/healthz')).headers['content-security-policy'])).not.toHaveProperty('upgrade-insecure-requests');
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

  it('lets product pictures be shown on other sites', async () => {
    const res = await test.app.inject('/media/none.webp');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await test.app.inject('/healthz')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
