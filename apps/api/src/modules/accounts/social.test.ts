import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, expect, it } from 'vitest';
import type { SocialProvidersResponse } from '@store/shared/auth';
import { describeOnDatabases } from '../../../test/support/app.js';
import { latestCode, TestBrowser } from '../../../test/support/test-client.js';

// A real OpenID Connect provider on 127.0.0.1, standing in for Google (and Facebook through its issuer setting).
const http = createServer();
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
const callback = (p: string) => `http://localhost:3000/api/v1/accounts/social/${p}/callback/`;
const oidc = new Provider(issuer, {
  clients: [
    {
      client_id: 'google-client',
      client_secret: 'google-secret',
      redirect_uris: [callback('google')],
      response_types: ['code'],
      grant_types: ['authorization_code'],
    },
    {
      client_id: 'fb-client',
      client_secret: 'fb-secret',
      redirect_uris: [callback('facebook')],
      response_types: ['code'],
      grant_types: ['authorization_code'],
    },
  ],
  claims: { email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'], openid: ['sub'] },
  async findAccount(_ctx: unknown, sub: string) {
    return {
      accountId: sub,
      async claims() {
        return { sub, email: `${sub}@gmail.com`, email_verified: !sub.startsWith('unverified'), given_name: 'Tania', family_name: 'Akter' };
      },
    };
  },
  pkce: { required: () => true },
  jwks: {
    keys: [
      {
        ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
        kid: 'test',
        use: 'sig',
        alg: 'RS256',
      },
    ],
  },
  ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  cookies: { keys: ['social-test-cookie-key'] },
  features: { devInteractions: { enabled: true } },
});
http.on('request', oidc.callback());
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

/** Drives the provider's login and consent pages the way a person would, and returns the callback path with its query. */
async function authorizeAt(authUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authUrl;
  let method: 'GET' | 'POST' = 'GET';
  let body: URLSearchParams | undefined;
  let prompts = ['login', 'consent'];
  for (let hop = 0; hop < 20; hop += 1) {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      ...(body ? { body } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const location = res.headers.get('location');
    if (!location) {
      // An interaction page: submit the next prompt (login, then consent).
      expect(res.status).toBe(200);
      const prompt = prompts[0]!;
      prompts = prompts.slice(1);
      method = 'POST';
      body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'x' } : { prompt });
      continue;
    }
    const next = new URL(location, url);
    if (next.origin === 'http://localhost:3000') return next.pathname + next.search;
    url = next.toString();
    method = 'GET';
    body = undefined;
  }
  throw new Error('too many redirects');
}

describeOnDatabases(
  'social sign-in',
  (ctx) => {
    let ip = 0;
    const browser = () => new TestBrowser(ctx().app, `198.20.0.${(ip += 1)}`);

    async function socialLogin(b: TestBrowser, provider: string, login: string, next = '/account/my-account') {
      const start = await b.get(`/api/v1/accounts/social/${provider}/?next=${encodeURIComponent(next)}`);
      expect(start.statusCode).toBe(302);
      const authUrl = new URL(String(start.headers.location));
      expect(authUrl.origin).toBe(issuer);
      expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authUrl.searchParams.get('state')).toBeTruthy();
      expect(authUrl.searchParams.get('nonce')).toBeTruthy();
      return b.get(await authorizeAt(authUrl.toString(), login));
    }

    it('lists only the configured providers', async () => {
      const res = await browser().get('/api/v1/social-providers/');
      expect(res.json<SocialProvidersResponse>()).toEqual({
        data: [
          { provider: 'google', name: 'Google', start_url: '/api/v1/accounts/social/google/' },
          { provider: 'facebook', name: 'Facebook', start_url: '/api/v1/accounts/social/facebook/' },
        ],
      });
      expect((await browser().get('/api/v1/accounts/social/instagram/')).statusCode).toBe(404);
      expect((await browser().get('/api/v1/accounts/social/myspace/')).statusCode).toBe(400);
    });

    it('signs in with Google end to end (code, PKCE, state, nonce) and creates the customer once', async () => {
      const b = browser();
      const done = await socialLogin(b, 'google', 'tania');
      expect(done.statusCode).toBe(302);
      expect(done.headers.location).toBe('/account/my-account');
      expect(b.cookies.get('token')).toMatch(/^[\w-]{43}$/);
      const me = (await b.get('/api/v1/me/')).json();
      expect(me.data.user).toMatchObject({
        email: 'tania@gmail.com',
        first_name: 'Tania',
        last_name: 'Akter',
        verified_email: true,
        guest: false,
      });

      const again = browser();
      await socialLogin(again, 'google', 'tania', '//evil.example/');
      expect((await again.get('/api/v1/accounts/profile/')).json().data.id).toBe((await b.get('/api/v1/accounts/profile/')).json().data.id);
    });

    it('links a Facebook sign-in to the existing customer with the same verified email', async () => {
      const reg = browser();
      const res = await reg.post('/api/v1/accounts/register/', {
        customer: { email: 'rafi@gmail.com', phone: '01713000111', first_name: 'Rafi', last_name: 'H', online_customer: true },
      });
      const code = await latestCode(ctx().app, '+8801713000111');
      await reg.post('/api/v1/accounts/verify/', { customer_id: res.json().data.customer_id, otp: code, password: 'password123' });
      const b = browser();
      const done = await socialLogin(b, 'facebook', 'rafi', '/checkout?step=address');
      expect(done.headers.location).toBe('/checkout?step=address');
      expect((await b.get('/api/v1/me/')).json().data.user).toMatchObject({
        email: 'rafi@gmail.com',
        first_name: 'Rafi',
        phone: '+8801713000111',
        verified_email: true,
      });
    });

    it('never links by an unverified email', async () => {
      const reg = browser();
      await reg.post('/api/v1/accounts/register/', {
        customer: { email: 'unverified-1@gmail.com', phone: '01713000222', first_name: 'Owner', last_name: 'O', online_customer: true },
      });
      const b = browser();
      await socialLogin(b, 'google', 'unverified-1');
      expect((await b.get('/api/v1/me/')).json().data.user).toMatchObject({ email: null, first_name: 'Tania' });
    });

    it('refuses a callback whose state does not match, or with no sign-in in progress', async () => {
      const b = browser();
      const start = await b.get('/api/v1/accounts/social/google/');
      const path = await authorizeAt(String(start.headers.location), 'mallory');
      const forged = path.replace(/state=[^&]+/, 'state=forged');
      const res = await b.get(forged);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/?social_error=google');
      expect(b.cookies.get('token')).toBeUndefined();
      const noFlow = await browser().get('/api/v1/accounts/social/google/callback/?code=abc&state=def');
      expect(noFlow.headers.location).toBe('/?social_error=google');
    });
  },
  {
    env: {
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: issuer,
      FACEBOOK_CLIENT_ID: 'fb-client',
      FACEBOOK_CLIENT_SECRET: 'fb-secret',
      FACEBOOK_ISSUER: issuer,
    },
  },
);
