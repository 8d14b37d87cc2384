import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env.js';
import { configuredProviders, listSocialProviders, safeNext, startSocialLogin } from './social.js';

describe('social sign-in configuration', () => {
  it('offers a provider only when both its client id and secret are set', () => {
    expect(configuredProviders(parseEnv({}))).toEqual([]);
    expect(configuredProviders(parseEnv({ GOOGLE_CLIENT_ID: 'id' }))).toEqual([]);
    const env = parseEnv({ INSTAGRAM_CLIENT_ID: 'ig', INSTAGRAM_CLIENT_SECRET: 's', GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' });
    expect(listSocialProviders(env).data.map((p) => p.provider)).toEqual(['google', 'instagram']);
  });

  it('sends Facebook and Instagram to their OAuth 2 dialogs with state and PKCE when no issuer is set', async () => {
    const env = parseEnv({
      FACEBOOK_CLIENT_ID: 'fb-id',
      FACEBOOK_CLIENT_SECRET: 's',
      INSTAGRAM_CLIENT_ID: 'ig-id',
      INSTAGRAM_CLIENT_SECRET: 's',
      PUBLIC_URL: 'https://shop.example.com.bd',
    });
    const fb = await startSocialLogin(env, 'facebook', '/account/wishlist');
    const url = new URL(fb!.url);
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/v23.0/dialog/oauth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'fb-id',
      redirect_uri: 'https://shop.example.com.bd/api/v1/accounts/social/facebook/callback/',
      response_type: 'code',
      scope: 'email public_profile',
      state: fb!.flow.state,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(fb!.flow.next).toBe('/account/wishlist');
    const ig = new URL((await startSocialLogin(env, 'instagram', undefined))!.url);
    expect(ig.origin + ig.pathname).toBe('https://www.instagram.com/oauth/authorize');
    expect(ig.searchParams.get('scope')).toBe('instagram_business_basic');
    expect(await startSocialLogin(env, 'google', undefined)).toBeNull();
  });

  it('returns only to paths on this site', () => {
    expect(safeNext('/checkout?step=address')).toBe('/checkout?step=address');
    expect(safeNext('//evil.example/')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext('https://evil.example/')).toBe('/');
    expect(safeNext(undefined)).toBe('/');
  });

  it('refuses the known ways around the path check (browsers drop tabs and newlines, read \\ as /)', () => {
    const bypasses = [
      '/\t/evil.com',
      '/\n/evil.com',
      '/\r\n/evil.com',
      '/\\evil.com',
      '/\\/evil.com',
      '\\/evil.com',
      '//evil.com',
      '///evil.com',
      '/%09/evil.com',
      '/%0a/evil.com',
      '/%2F/evil.com',
      '/%5Cevil.com',
      '/%zz',
      ' /evil.com',
      '/ /evil.com',
      '\t//evil.com',
      'https://evil.com',
      'javascript:alert(1)',
      '/\u0000/evil.com',
      '/\u3000/evil.com',
      '',
    ];
    for (const next of bypasses) expect(safeNext(next), JSON.stringify(next)).toBe('/');
    expect(safeNext('/search?q=red%20shirt')).toBe('/search?q=red%20shirt');
    expect(safeNext('/account/orders/12#details')).toBe('/account/orders/12#details');
  });
});
