import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/support/app.js';

describeOnDatabases('session', (ctx) => {
  it('answers health and readiness', async () => {
    expect((await ctx().app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx().app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', database: ctx().kind });
  });

  it('issues a CSRF token and enforces it on cookie-authenticated writes', async () => {
    const res = await ctx().app.inject('/api/v1/csrf/');
    const { csrfToken } = res.json<{ csrfToken: string }>();
    expect(csrfToken).toMatch(/^[\w-]{32}$/);
    expect(res.cookies.find((c) => c.name === 'csrftoken')?.value).toBe(csrfToken);

    const missing = await ctx().app.inject({ method: 'POST', url: '/api/v1/anything/', cookies: { csrftoken: csrfToken }, payload: {} });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ error: { code: 'csrf_failed', message: 'CSRF token missing or incorrect' } });

    const wrong = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/anything/',
      cookies: { csrftoken: csrfToken },
      headers: { 'x-csrftoken': 'x'.repeat(32) },
      payload: {},
    });
    expect(wrong.statusCode).toBe(403);

    const right = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/anything/',
      cookies: { csrftoken: csrfToken },
      headers: { 'x-csrftoken': csrfToken },
      payload: {},
    });
    expect(right.statusCode).toBe(404);
  });

  it('resolves the region to INT when unknown and trusts only a configured country header', async () => {
    const res = await ctx().app.inject({ url: '/api/v1/region/', headers: { 'cf-ipcountry': 'BD' } });
    expect(res.body).toBe('INT');
  });

  it('answers an unknown endpoint with the error body and no stack trace', async () => {
    const res = await ctx().app.inject('/api/v1/nope/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No such endpoint' } });
  });
});
