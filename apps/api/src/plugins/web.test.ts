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

  const post = (headers: Record<string, string>, payload?: string | Buffer, method: 'POST' | 'PUT' | 'DELETE' = 'POST', url = '/') =>
    ctx.app.inject({
      method,
      url,
      headers: { 'sec-fetch-site': 'same-origin', ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  it("takes a form only from the shop's own pages: Sec-Fetch-Site, else Origin; neither is refused", async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const body = 'intent=add&variant=1&quantity=1';
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': '', origin: 'https://evil.example' },
    ];
    for (const headers of refused) {
      const res = await post({ ...form, ...headers }, body, 'POST', '/form/bag');
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const bare = await ctx.app.inject({ method: 'POST', url: '/form/bag', headers: form, payload: body });
    expect(bare.statusCode).toBe(403);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/form/bag',
      headers: { ...form, origin: 'https://evil.example' },
      payload: body,
    });
    expect(foreign.statusCode).toBe(403);
    // An older browser without Sec-Fetch-Site: its Origin names this host.
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/form/bag',
      headers: { ...form, host: 'shop.test', origin: 'https://shop.test' },
      payload: body,
    });
    expect(own.statusCode).toBe(303);
  });

  it('answers a form action a body that is not a form with 400, and a form it cannot use by going back with why', async () => {
    for (const url of ['/form/bag', '/checkout', '/account/my-account?login=1']) {
      const json = await post({ 'content-type': 'application/json' }, '{"intent":"add"}', 'POST', url);
      expect(json.statusCode, url).toBe(400);
      const cut = await post({ 'content-type': 'multipart/form-data; boundary=x' }, 'not multipart at all', 'POST', url);
      expect(cut.statusCode, url).toBe(400);
    }
    const unknown = await post(
      { 'content-type': 'application/x-www-form-urlencoded' },
      'intent=add&variant=999999999&back=/',
      'POST',
      '/form/bag',
    );
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe('/');
    expect(String(unknown.headers['set-cookie'])).toMatch(/^flash=/);
    // A `back` to another site is not followed.
    const away = await post(
      { 'content-type': 'application/x-www-form-urlencoded' },
      'intent=add&back=//evil.example/',
      'POST',
      '/form/bag',
    );
    expect(away.headers.location).toBe('/checkout');
  });

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
