import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env.js';
import { registerAdminApp } from './admin-app.js';
import { registerErrorHandler } from './errors.js';
import { registerSecurityHeaders } from './security-headers.js';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

const INDEX =
  '<!doctype html><html><head><script type="module" src="/admin/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

/**
 * The app around the admin plugin as buildApp puts it: security headers first, the error handler,
 * the admin app, then a stand-in for the storefront's catch-all (plugins/web.ts registers '/*').
 */
async function serve(distDir: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  app.decorate('env', parseEnv({ NODE_ENV: 'test', DATA_DIR: distDir, ...env }));
  await registerSecurityHeaders(app);
  registerErrorHandler(app);
  await registerAdminApp(app, distDir);
  app.route({ method: ['GET', 'HEAD', 'POST'], url: '/*', handler: async (_request, reply) => reply.type('text/html').send('storefront') });
  await app.ready();
  return app;
}

describe('the admin app under /admin', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'admin-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("admin")');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await serve(dist);
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers every path of the app with index.html, never cached, under its own strict policy', async () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/sign-in',
      '/admin/settings',
      '/admin/invitation/abc_DEF-123',
      '/admin/reset-password/xyz',
    ]) {
      const res = await app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.body, path).toBe(INDEX);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers['x-robots-tag'], path).toBe('noindex, nofollow');
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src'], path).toEqual(["'self'"]);
      expect(csp['connect-src'], path).toEqual(["'self'"]);
      expect(csp['frame-ancestors'], path).toEqual(["'none'"]);
      expect(csp['object-src'], path).toEqual(["'none'"]);
      expect(csp['base-uri'], path).toEqual(["'none'"]);
      expect(res.headers['content-security-policy'], path).not.toContain('nonce-');
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
  });

  it('serves hashed assets for a year and the public files for an hour', async () => {
    const asset = await app.inject('/admin/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("admin")');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject('/admin/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404 for a missing asset instead of the app, and never leaves the build folder', async () => {
    for (const path of [
      '/admin/assets/index-old999.js',
      '/admin/missing.svg',
      '/admin/assets/../../etc/passwd',
      '/admin/%2e%2e/%2e%2e/package.json',
    ]) {
      const res = await app.inject(path);
      expect(res.statusCode, path).not.toBe(500);
      expect(res.body, path).not.toContain('root:');
      if (path.includes('assets/index-old') || path.endsWith('.svg')) expect(res.statusCode, path).toBe(404);
    }
  });

  it('refuses writes to its pages with 405', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/admin/settings', payload: { a: 1 } });
      expect(res.statusCode, method).toBe(405);
      expect(res.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
    }
  });

  it('leaves every other path to the storefront, including ones that only start with "admin"', async () => {
    for (const path of ['/', '/administrator', '/admins/x', '/blog']) {
      const res = await app.inject(path);
      expect(res.body, path).toBe('storefront');
      expect(directives(res.headers['content-security-policy'])['script-src'], path).toContain("'strict-dynamic'");
    }
  });

  it('upgrades insecure requests in production', async () => {
    const production = await serve(dist, {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://shop.example.com',
      SMS_PROVIDER: 'http',
      SMS_API_URL: 'https://127.0.0.1:9/api/smsapi',
      SMS_API_KEY: 'k',
      SMS_SENDER_ID: 's',
      SECRET_KEY: 'x'.repeat(32),
    });
    try {
      const res = await production.inject('/admin/');
      expect(directives(res.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
    } finally {
      await production.close();
    }
  });

  it('says how to build it when there is no build, and does not fall through to the storefront', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'admin-none-'));
    const unbuilt = await serve(empty);
    try {
      const res = await unbuilt.inject('/admin/sign-in');
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await unbuilt.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
