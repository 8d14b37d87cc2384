import { expect, test } from './support/test';

/**
 * Anonymous pages are shared for a few seconds (PAGE_CACHE_SECONDS); a shopper with a session or a
 * bag always gets a page of their own, and a change of settings or stock is seen at once.
 */
test.describe('shared pages for anonymous shoppers', () => {
  test('a page is rendered once and then shared; a shopper with a bag gets their own', async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const url = `/all-product/?sort=price_desc&page=2&t=${test.info().project.name}`;
    const first = await anonymous.get(url);
    const second = await anonymous.get(url);
    expect(first.status()).toBe(200);
    expect(['MISS', 'HIT']).toContain(first.headers()['x-page-cache']);
    expect(second.headers()['x-page-cache']).toBe('HIT');
    expect(await second.text()).toBe(await first.text());

    const withBag = await anonymous.get(url, { headers: { cookie: 'cart=someone-elses-bag' } });
    expect(withBag.status()).toBe(200);
    expect(withBag.headers()['x-page-cache']).toBeUndefined();
    await anonymous.dispose();
  });

  test('a change of settings is seen on the next page at once', async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const url = `/about-us/privacy-policy?t=${test.info().project.name}`;
    await anonymous.get(url);
    expect((await anonymous.get(url)).headers()['x-page-cache']).toBe('HIT');
    // Merging nothing into a setting is still a write: every shared page is dropped.
    expect((await anonymous.put('/api/v1/dev/settings/basic/', { data: {} })).ok()).toBe(true);
    expect((await anonymous.get(url)).headers()['x-page-cache']).toBe('MISS');
    await anonymous.dispose();
  });
});
