import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageApp } from '../../test/support/web-app.js';

/** Pages answer every odd request with a 4xx: nothing a client sends to a page may cause a 500. */
describe('requests with bodies to pages', () => {
  let ctx: Awaited<ReturnType<typeof createPageApp>>;
  // Builds the storefront first on a fresh checkout.
  beforeAll(async () => {
    ctx = await createPageApp();
  }, 600_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (headers: Record<string, string>, payload?: string | Buffer, method: 'POST' | 'PUT' | 'DELETE' = 'POST') =>
    ctx.app.inject({ method, url: '/', headers, ...(payload === undefined ? {} : { payload }) });

  it('answers a POST without a body as a page without an action does (405), not with a 500', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(405);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect((await post({ 'content-length': '0' })).statusCode).toBe(405);
    expect((await post({}, undefined, 'PUT')).statusCode).toBe(405);
    expect((await post({}, undefined, 'DELETE')).statusCode).toBe(405);
  });

  it('answers bodies of any type, well-formed or not, with a 4xx', async () => {
    const bodies: [Record<string, string>, string][] = [
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'q=serum&page=2'],
      [{ 'content-type': 'text/plain' }, 'hello'],
      [{ 'content-type': 'application/json' }, '{"unterminated": '],
      [{ 'content-type': 'multipart/form-data' }, '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
      [{ 'content-type': 'multipart/form-data; boundary=x' }, 'not multipart at all'],
      [{ 'content-type': 'application/octet-stream' }, '\u0000\u0001\u0002'],
      [{}, 'a body without a type'],
    ];
    for (const [headers, payload] of bodies) {
      const res = await post(headers, payload);
      expect(res.statusCode, `${JSON.stringify(headers)} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${JSON.stringify(headers)} ${payload}`).toBeLessThan(500);
    }
  });

  it('refuses a body over 1 MB with 413 before the page reads it', async () => {
    const res = await post({ 'content-type': 'application/x-www-form-urlencoded' }, Buffer.alloc(1024 * 1024 + 1, 'a'));
    expect(res.statusCode).toBe(413);
    expect((await post({ 'content-type': 'application/x-www-form-urlencoded' }, Buffer.alloc(1024 * 1024, 'a'))).statusCode).toBe(405);
  });

  it('still serves the page to a GET', async () => {
    const res = await ctx.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('(function startAfterPaint(');
  });
});
