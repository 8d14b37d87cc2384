import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { CART_COOKIE } from '@store/shared/cart';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, type TestCatalog } from '../../../test/support/fixtures.js';
import { carts } from './cart.tables.js';

const csrf = 'c'.repeat(32);

describeOnDatabases(
  'new visitor bags per IP',
  (ctx) => {
    let c: TestCatalog;
    beforeAll(async () => {
      c = await createTestCatalog(ctx().db, 'baglimit');
    });

    /** One addition from a browser at `ip`, with the bag cookie it already has (if any). */
    const add = (ip: string, cartCookie?: string) =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/v1/cart/line-items/',
        remoteAddress: ip,
        cookies: { csrftoken: csrf, ...(cartCookie ? { [CART_COOKIE]: cartCookie } : {}) },
        headers: { 'x-csrftoken': csrf },
        payload: { delivery_type: 'standard', line_item: { variant_id: c.mask1.id, quantity: 1, action: 'increment' } },
      });
    const bagCount = async () => (await ctx().db.select({ n: count() }).from(carts))[0]!.n;
    const cartCookieOf = (res: Awaited<ReturnType<typeof add>>) =>
      (res.cookies as { name: string; value: string }[]).find((k) => k.name === CART_COOKIE)?.value;

    it('lets one IP start NEW_BAGS_PER_IP_HOUR bags an hour, then answers 429 without making a bag', async () => {
      const ip = '203.0.113.7';
      const first = await add(ip);
      expect(first.statusCode).toBe(200);
      const cookie = cartCookieOf(first);
      expect(cookie).toBeDefined();
      for (let i = 0; i < 2; i++) expect((await add(ip)).statusCode).toBe(200);

      const before = await bagCount();
      const refused = await add(ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ error: { code: string; message: string } }>().error).toMatchObject({
        code: 'rate_limited',
        message: messages.tooManyRequests(),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(cartCookieOf(refused)).toBeUndefined();
      expect(await bagCount()).toBe(before);

      // A bag already started keeps working; another IP is not affected.
      expect((await add(ip, cookie)).statusCode).toBe(200);
      expect((await add('198.51.100.20')).statusCode).toBe(200);
      // The next hour the IP may start bags again.
      ctx().app.clock.advance(60 * 60 * 1000);
      expect((await add(ip)).statusCode).toBe(200);
    });
  },
  { env: { NEW_BAGS_PER_IP_HOUR: '3' } },
);
