import { expect, test } from '@playwright/test';

test('the home page is server-rendered with products and taka prices', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toMatch(/৳[\d,]+/);
});

test('a shopper opens the home page and then a product page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  const firstProduct = page.locator('a[href^="/brand/"][href*="/"]').filter({ hasText: /\S/ }).first();
  await expect(firstProduct).toBeVisible();
  const href = await firstProduct.getAttribute('href');
  expect(href).toMatch(/^\/brand\/[a-z0-9-]+\/[a-z0-9-]+/);
  await page.goto(href ?? '/');
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.getByText(/৳[\d,]+/).first()).toBeVisible();
  expect(errors).toEqual([]);
});
