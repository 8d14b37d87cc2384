import { type APIRequestContext, type APIResponse } from '@playwright/test';
import { expect, test } from './support/test';

/**
 * Anonymous pages are shared for a few seconds (PAGE_CACHE_SECONDS); a shopper with a session or a
 * bag always gets a page of their own, and a change of settings or stock is seen at once.
 *
 * Other tests running meanwhile change stock and settings, which drops every shared page, and a
 * slow machine can let a page's few seconds pass between two requests: "asked twice in a row, the
 * second comes from the cache" is asked again until one pair shows it. Each run has its own URL.
 */

/** Asks for `url` twice in a row until the second answer is the first one's page from the cache; returns both. */
async function twiceShared(anonymous: APIRequestContext, url: string): Promise<[APIResponse, APIResponse]> {
  let pair: [APIResponse, APIResponse] | null = null;
  await expect
    .poll(async () => {
      pair = [await anonymous.get(url), await anonymous.get(url)];
      return pair.map((r) => r.headers()['x-page-cache']).join(' then ');
    })
    .toMatch(/^(MISS|HIT) then HIT$/);
  return pair!;
}

/** This run's own copy of a page: no other test, nor another run of this one, asks for it. */
const ownUrl = (path: string) => `${path}${path.includes('?') ? '&' : '?'}t=${test.info().project.name}-${test.info().repeatEachIndex}`;

test.describe('shared pages for anonymous shoppers', () => {
  test('a page is rendered once and then shared; a shopper with a bag gets their own', async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const url = ownUrl('/all-product/?sort=price_desc&page=2');
    const [first, second] = await twiceShared(anonymous, url);
    expect(first.status()).toBe(200);
    expect(await second.text()).toBe(await first.text());

    const withBag = await anonymous.get(url, { headers: { cookie: 'cart=someone-elses-bag' } });
    expect(withBag.status()).toBe(200);
    expect(withBag.headers()['x-page-cache']).toBeUndefined();
    await anonymous.dispose();
  });

  test('a change of settings is seen on the next page at once', async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const url = ownUrl('/about-us/privacy-policy');
    await twiceShared(anonymous, url);
    // Merging nothing into a setting is still a write: every shared page is dropped.
    expect((await anonymous.put('/api/v1/dev/settings/basic/', { data: {} })).ok()).toBe(true);
    expect((await anonymous.get(url)).headers()['x-page-cache']).toBe('MISS');
    await anonymous.dispose();
  });
});
