import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@store/shared/api';
import * as messages from '@store/shared/messages';
import { createTestApp } from '../../test/support/app.js';

/**
 * The API answers in the request's language: a schema's field message, the error's summary and an
 * error thrown deep in a service all read it (registerRequestLocale), one request never leaks its
 * language into another, and the back office's API stays English.
 */
describe('the API answers in the language of the request', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await createTestApp('pglite'));
  });
  afterAll(() => close());

  const post = (url: string, payload: object, extra: Partial<InjectOptions> = {}) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: '198.51.100.7', ...extra });
  const errorOf = (res: { json(): unknown }) =>
    (res.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

  const banglaEmpty = {
    code: 'validation_failed',
    message: 'চিহ্নিত ঘরগুলো একবার দেখে নিন',
    fields: { email: 'আপনার ইমেইল বা ফোন নম্বর লিখুন' },
  };
  const englishEmpty = {
    code: 'validation_failed',
    message: 'Please check the highlighted fields',
    fields: { email: 'Please enter your email or phone number' },
  };

  it('reads the storefront’s header first, then the locale cookie, then Accept-Language; English otherwise', async () => {
    const url = '/api/v1/accounts/exists/';
    expect(errorOf(await post(url, { email: ' ' }, { headers: { 'x-store-locale': 'bn' } }))).toEqual(banglaEmpty);
    // A cookie-carrying call carries the CSRF token (plugins/csrf.ts).
    const cookies = (locale: string) => ({ cookies: { locale, [CSRF_COOKIE]: 'token' }, headers: { [CSRF_HEADER]: 'token' } });
    expect(errorOf(await post(url, { email: ' ' }, cookies('bn')))).toEqual(banglaEmpty);
    expect(errorOf(await post(url, { email: ' ' }, { headers: { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' } }))).toEqual(banglaEmpty);
    expect(
      errorOf(await post(url, { email: ' ' }, { ...cookies('bn'), headers: { 'x-store-locale': 'en', [CSRF_HEADER]: 'token' } })),
    ).toEqual(englishEmpty);
    expect(errorOf(await post(url, { email: ' ' }))).toEqual(englishEmpty);
  });

  it('an error a service throws after reading the database is in the request’s language too', async () => {
    const payload = { email: 'nobody.here@gmail.com', password: 'whatever1' };
    const bangla = await post('/api/v1/accounts/login/', payload, { headers: { 'x-store-locale': 'bn' } });
    expect(errorOf(bangla)).toEqual({ code: 'login_failed', message: 'ইউজারনেম বা পাসওয়ার্ড ভুল' });
    const english = await post('/api/v1/accounts/login/', payload);
    expect(errorOf(english)).toEqual({ code: 'login_failed', message: 'Wrong username or password' });
  });

  it('keeps each request’s language when many run at once', async () => {
    const locales = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? 'en' : 'bn'));
    const answers = await Promise.all(
      locales.map((locale) => post('/api/v1/accounts/exists/', { email: '0123' }, { headers: { 'x-store-locale': locale } })),
    );
    answers.forEach((res, i) =>
      expect(errorOf(res).fields?.email, `request ${i}`).toBe(
        locales[i] === 'bn' ? 'সঠিক ইমেইল বা ফোন নম্বর লিখুন' : 'Please enter valid email or phone',
      ),
    );
  });

  it('answers the back office in English, whatever the staff member’s browser or cookie says', async () => {
    const res = await post(
      '/api/v1/admin/auth/login/',
      { email: '', password: '' },
      {
        headers: { 'accept-language': 'bn', 'x-store-locale': 'bn', [CSRF_HEADER]: 'token' },
        cookies: { locale: 'bn', [CSRF_COOKIE]: 'token' },
      },
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('Please check the highlighted fields');
  });

  it('writes English outside any request (jobs, upkeep)', () => {
    expect(messages.badRequest()).toBe('Please check the highlighted fields');
    expect(messages.lowStock('Matte Lipstick', 'Ruby', 3)).toBe('Matte Lipstick - Ruby only 3 products left');
  });
});
