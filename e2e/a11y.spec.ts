import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ProductListResponse } from '@store/shared/catalog';
import { acceptCookies } from './support/cookies';
import { placeOrder } from './support/orders';
import { visitStore } from './support/shopper';
import { expect, test } from './support/test';

/*
 * axe-core on every storefront page and the panels a shopper opens, on the phone and the desktop
 * (issue 20 item 5): no serious or critical violation of WCAG 2.2 A/AA or axe's best practices.
 * Moderate and minor findings are printed, not failed.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

/** The serious and critical findings on the page as it is now, one line each, named by where. */
async function audit(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  for (const v of violations.filter((f) => !BLOCKING.has(f.impact ?? ''))) {
    console.log(`axe (${v.impact}) ${where}: ${v.id} × ${v.nodes.length}`);
  }
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function auditPages(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await visitStore(page, path);
    found.push(...(await audit(page, path)));
  }
  expect(found).toEqual([]);
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

test('catalog pages have no serious accessibility violation', async ({ page }) => {
  // Twelve pages audited one after another: 2.0–2.3 min on this 2-core machine under the full suite, past test.slow()'s 135 s.
  test.setTimeout(300_000);
  // The first page is audited with the cookie banner up.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
  const banner = await audit(page, '/ with the cookie banner');
  await auditPages(page, [
    '/',
    '/toys',
    '/home',
    '/sport',
    '/all-product',
    '/all-product?on_sale=true&sort=price_asc',
    '/kids/all-product',
    '/brand/nyx',
    '/brand/nyx/nyx-soft-matte-lip-cream-lipstick',
    '/product?search=lipstick',
    '/product?search=zzqqxx',
  ]);
  expect(banner).toEqual([]);
});

test('Bangla pages have no serious accessibility violation (issue 21)', async ({ page }) => {
  test.slow();
  await acceptCookies(page);
  await auditPages(page, [
    '/bn',
    '/bn/toys',
    '/bn/all-product',
    '/bn/brand/nyx/nyx-soft-matte-lip-cream-lipstick',
    '/bn/product?search=lipstick',
    '/bn/checkout',
    '/bn/page/shipping-policy',
    '/bn/blog/skincare-routine-for-humid-dhaka-weather',
    '/bn/store/register',
    '/bn/forgot-password',
    '/bn/orders',
    '/bn/no-such-page-here',
  ]);
});

test('content, help and sign-in pages have no serious accessibility violation', async ({ page }) => {
  test.slow();
  await acceptCookies(page);
  await auditPages(page, [
    '/blog',
    '/blog/skincare-routine-for-humid-dhaka-weather',
    '/page/contact-us',
    '/page/shipping-policy',
    '/about-us/terms-conditions',
    '/about-us/privacy-policy',
    '/404',
    '/no-such-page-here',
    '/orders',
    '/checkout',
    '/store/register',
    '/forgot-password',
    '/account/profile',
  ]);
});

test('the panels a shopper opens have no serious accessibility violation', async ({ page, request }) => {
  test.slow();
  await acceptCookies(page);
  const found: string[] = [];

  await visitStore(page, '/all-product');
  const box = page.getByTestId(`search-box-${isPhone(page) ? 'mobile' : 'desktop'}`).getByRole('combobox');
  await box.fill('lip');
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  found.push(...(await audit(page, 'search suggestions')));
  await box.press('Escape');

  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await audit(page, 'mobile menu')));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } else {
    await page.getByRole('navigation', { name: 'Main' }).locator('[aria-expanded]').first().hover();
    // The panel shows once the menu has come (its links), not while it loads.
    await expect(page.locator('[data-menu-panel]:not([hidden]) a').first()).toBeVisible();
    found.push(...(await audit(page, 'mega-menu')));
    await page.keyboard.press('Escape');
  }

  // A product card's 'Add to bag' on a product whose variants differ opens the variant sheet.
  const list = (await (await request.get('/api/v1/products/?in_stock=true&page_size=48')).json()) as ProductListResponse;
  const several = list.results.find((p) => p.from);
  expect(several, 'a product with variants in the first 48').toBeTruthy();
  await visitStore(page, `/brand/${several!.brand.handle}`);
  await page.getByTestId('product-card').filter({ hasText: several!.name }).first().getByTestId('card-add-to-bag').click();
  const sheet = page.getByTestId('variant-sheet');
  await expect(sheet).toBeVisible();
  found.push(...(await audit(page, 'variant sheet')));
  await sheet.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByRole('dialog', { name: /bag/i })).toBeVisible();
  found.push(...(await audit(page, 'bag with a line')));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /bag/i })).toHaveCount(0);

  await (
    isPhone(page)
      ? page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('button', { name: 'Account' })
      : page.getByTestId('login-button')
  ).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await audit(page, 'sign-in dialog')));

  // The checkout with that line in the bag, as a guest.
  await visitStore(page, '/checkout');
  found.push(...(await audit(page, 'checkout with a line')));

  expect(found).toEqual([]);
});

test("a signed-in shopper's pages have no serious accessibility violation", async ({ page }) => {
  test.slow();
  await acceptCookies(page);
  const order = await placeOrder(page.request, 'a11y-audit');
  await auditPages(page, [
    '/account/my-account',
    '/account/orders',
    '/account/addresses',
    '/account/wishlist',
    '/account/profile',
    '/account/notifications',
    '/account/privilege-card',
    '/account/rewards',
    `/account/orders/${order.number}`,
    `/receipt/${order.token}`,
  ]);
});
