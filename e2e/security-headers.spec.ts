import { type Page, type Response } from '@playwright/test';
import type { ProductListResponse } from '@store/shared/catalog';
import { expect, test } from './support/test';

/**
 * Pages run under a Content-Security-Policy (apps/api/src/plugins/security-headers.ts): their own
 * scripts by nonce or, on a page shared from the page cache, by hash. These journeys prove in a
 * real browser that pages hydrate and navigate with nothing refused.
 */

declare global {
  interface Window {
    reportViolation?: (violation: string) => void;
  }
}

/** Every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      window.reportViolation?.(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  page.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

function policyOf(response: Response | null): string {
  const policy = response?.headers()['content-security-policy'];
  expect(policy, 'a Content-Security-Policy header').toBeTruthy();
  return policy ?? '';
}

/** The nonces the HTML's own tags carry (a browser hides them from the page, so they are read from the response). */
async function nonceAttributes(response: Response | null): Promise<Set<string>> {
  const html = (await response?.text()) ?? '';
  return new Set([...html.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1] ?? ''));
}

async function firstProductUrl(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/products/?page_size=1');
  const list = (await res.json()) as ProductListResponse;
  const url = list.results[0]?.url;
  if (!url) throw new Error('the demo shop has no product');
  return url;
}

test('the home page hydrates under its policy, rendered afresh and from the page cache', async ({ page }) => {
  const violations = await watchViolations(page);
  const first = await page.goto('/');
  const policy = policyOf(first);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("'strict-dynamic'");
  expect(first?.headers()['x-frame-options']).toBe('DENY');
  expect(first?.headers()['x-content-type-options']).toBe('nosniff');
  await hydrated(page);

  // Within the cache's few seconds the same page is sent again: by hash, with no nonce to share.
  const again = await page.reload();
  expect(['HIT', 'STALE']).toContain(again?.headers()['x-page-cache']);
  expect(policyOf(again)).not.toContain("'nonce-");
  expect(await nonceAttributes(again)).toEqual(new Set());
  await hydrated(page);
  expect(violations).toEqual([]);
});

test('a product page hydrates with its JSON-LD, and the shopper can go on to another page', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto(await firstProductUrl(page));
  await hydrated(page);
  await expect(page.locator('script[type="application/ld+json"]').first()).toBeAttached();
  // A client-side navigation loads the next route's modules, which 'strict-dynamic' lets in.
  await page.locator('header a[href="/"]:visible').first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('product-slider').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test("a shopper's own page carries a fresh nonce, the same in its header and its HTML", async ({ page, context, baseURL }) => {
  // A personal cookie (a social sign-in under way) makes the page the shopper's own: never shared, streamed with its own nonce.
  await context.addCookies([{ name: 'social_flow', value: 'e2e', url: baseURL ?? '' }]);
  const violations = await watchViolations(page);
  const url = await firstProductUrl(page);
  const nonces: string[] = [];
  for (let i = 0; i < 2; i++) {
    const response = await page.goto(url);
    expect(response?.headers()['x-page-cache']).toBeUndefined();
    const nonce = /'nonce-([^']+)'/.exec(policyOf(response))?.[1] ?? '';
    expect(await nonceAttributes(response)).toEqual(new Set([nonce]));
    nonces.push(nonce);
    await hydrated(page);
  }
  expect(new Set(nonces).size).toBe(2);
  expect(violations).toEqual([]);
});

test('pages that React does not render keep their styles and scripts', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { name: 'Development outbox' })).toBeVisible();
  // The page's inline <style> applies: 60rem wide at most.
  expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe('960px');

  await page.goto('/api/docs/');
  // Swagger UI resolves the whole API's description (about 370 kB, 190 routes) in the browser before
  // it shows anything: on a busy 2-core machine that can take longer than the usual 10 s.
  await expect(page.locator('.swagger-ui .info')).toBeVisible({ timeout: 30_000 });
  expect(violations).toEqual([]);
});
