import type { BrowserContext, Page } from '@playwright/test';
import type { ProductDetail, ProductListResponse } from '@store/shared/catalog';
import { DESKTOP_ONLY, ONCE, PHONE_ONLY, expect, test } from './support/test';

/**
 * Issue 21 item 2: the store in Bangla under /bn (its own build, decision 009) and in English
 * unprefixed; a switch in the header and the phone menu; the choice remembered in a cookie and first
 * guessed from the browser's languages.
 */

const BENGALI_PRICE = /^৳[০-৯][০-৯,]*$/;

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

async function localeCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === 'locale')?.value;
}

test('a Bangla page is Bangla throughout: its language, its alternates, its words, its digits, its font, its links', async ({
  page,
  baseURL,
}) => {
  // English pages never fetch the Bengali font; Bangla pages draw their Bangla with it.
  const fonts: string[] = [];
  page.on('request', (r) => (r.url().includes('noto-sans-bengali') ? fonts.push(new URL(r.url()).pathname) : undefined));
  await page.goto('/all-product');
  await hydrated(page);
  expect(fonts).toEqual([]);
  await page.goto('/bn/all-product');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${baseURL}/all-product`);
  await expect(page.locator('link[rel="alternate"][hreflang="bn"]')).toHaveAttribute('href', `${baseURL}/bn/all-product`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/bn\/all-product\/?$/);
  await expect(page.getByRole('button', { name: 'মেনু খুলুন' }).or(page.getByRole('list', { name: 'বিভাগ' }))).toBeVisible();
  await expect(page.getByTestId('price-current').first()).toHaveText(BENGALI_PRICE);
  // The listing's own words and counts.
  const phone = (page.viewportSize()?.width ?? 0) < 1024;
  await expect(page.getByTestId(phone ? 'result-count-mobile' : 'result-count')).toHaveText(/^[০-৯,]+টি পণ্য$/);
  await expect(page.getByLabel('সাজান')).toHaveValue('newest');
  await expect(page.getByLabel('সাজান').locator('option:checked')).toHaveText('নতুন আগে');
  // Fetched once, unless the machine has Noto Sans Bengali of its own (as Android has): then that draws it.
  const ownFont = await page.evaluate(() =>
    new FontFace('Own Bengali', "local('NotoSansBengali-Regular')").load().then(
      () => true,
      () => false,
    ),
  );
  expect(fonts).toHaveLength(ownFont ? 0 : 1);
  expect(await page.evaluate(async () => (await document.fonts.load('16px "Noto Sans Bengali Web"', 'বাংলা')).length)).toBe(1);

  // A product card leads to the product in Bangla, by the router (no page load: the same document).
  const card = page.getByTestId('product-card').first().getByRole('link').first();
  await expect(card).toHaveAttribute('href', /^\/bn\/brand\//);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await card.click();
  await expect(page).toHaveURL(/\/bn\/brand\/[^/]+\/[^/]+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(page.getByTestId('price-current').first()).toHaveText(BENGALI_PRICE);
  // The product page's own words.
  await expect(page.getByRole('heading', { name: 'বিবরণ' })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'পরিমাণ' }).or(page.getByTestId('out-of-stock'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
});

test(`the header's switch takes the shopper to the same page in the other language ${DESKTOP_ONLY}`, async ({ page, context }) => {
  await page.goto('/toys');
  await hydrated(page);
  const departments = page.getByRole('list', { name: 'Departments' });
  await expect(departments.getByRole('link', { name: 'Toys' })).toHaveAttribute('aria-current', 'true');
  await page.getByTestId('language-switch').filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/bn\/toys$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await hydrated(page);
  expect(await localeCookie(context)).toBe('bn');
  // The departments and the bag in Bangla; a department tab stays in Bangla.
  const bangla = page.getByRole('list', { name: 'বিভাগ' });
  await expect(bangla.getByRole('link', { name: 'খেলনা' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('link', { name: /^শপিং ব্যাগ, [০-৯]+টি পণ্য$/ })).toBeVisible();
  await bangla.getByRole('link', { name: 'খেলাধুলা' }).click();
  await expect(page).toHaveURL(/\/bn\/sport$/);
  await expect(page.getByTestId('language-switch').filter({ visible: true }).first()).toHaveText('English');
  await page.getByTestId('language-switch').filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/sport$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await localeCookie(context)).toBe('en');
});

test(`the phone menu has the switch ${PHONE_ONLY}`, async ({ page, context }) => {
  await page.goto('/home');
  await hydrated(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.getByTestId('language-switch').click();
  await expect(page).toHaveURL(/\/bn\/home$/);
  await hydrated(page);
  expect(await localeCookie(context)).toBe('bn');
  // The bottom bar speaks Bangla too.
  await expect(page.getByRole('navigation', { name: 'শর্টকাট' }).getByRole('button', { name: 'কাস্টমার কেয়ার' })).toBeVisible();
  await page.getByRole('button', { name: 'মেনু খুলুন' }).click();
  const bangla = page.getByRole('dialog', { name: 'মেনু' });
  await expect(bangla.getByRole('list', { name: 'বিভাগ' }).getByRole('link', { name: 'গৃহস্থালি' })).toHaveAttribute('aria-current', 'true');
  await expect(bangla.getByTestId('language-switch')).toHaveText('English');
});

test(`the choice is remembered, and before any choice the browser's languages decide ${ONCE}`, async ({ browser, baseURL }) => {
  // A browser that prefers Bangla lands on Bangla pages; one that chose English stays in English.
  const bangla = await browser.newContext({ baseURL, locale: 'bn-BD' });
  const page = await bangla.newPage();
  await page.goto('/toys');
  await expect(page).toHaveURL(/\/bn\/toys$/);
  await page.getByTestId('language-switch').filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/toys$/);
  expect(await localeCookie(bangla)).toBe('en');
  await page.goto('/sport');
  await expect(page).toHaveURL(/\/sport$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await bangla.close();

  // An English browser that chose Bangla once is taken to Bangla when it comes back to an English address.
  const english = await browser.newContext({ baseURL, locale: 'en-US' });
  const again = await english.newPage();
  await again.goto('/');
  await expect(again.locator('html')).toHaveAttribute('lang', 'en');
  await again.getByTestId('language-switch').filter({ visible: true }).first().click();
  await expect(again).toHaveURL(/\/bn$/);
  await again.goto('/all-product?sort=price_asc');
  await expect(again).toHaveURL(/\/bn\/all-product\?sort=price_asc$/);
  await english.close();
});

test(`with JavaScript off the Bangla pages' plain forms stay in Bangla: add to bag, the switch ${ONCE}`, async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const list = (await (await page.request.get('/api/v1/products/?department=&in_stock=true&page_size=24')).json()) as ProductListResponse;
  let product: ProductDetail | undefined;
  for (const card of list.results) {
    const detail = (
      (await (await page.request.get(`/api/v1/products/${card.brand.handle}/${card.handle}/`)).json()) as { data: ProductDetail }
    ).data;
    if (detail.product_variants.some((v) => v.in_stock && v.stock >= 5)) {
      product = detail;
      break;
    }
  }
  if (!product) throw new Error('the demo shop has no product in stock');
  const variant = product.product_variants.find((v) => v.in_stock && v.stock >= 5)!;
  await page.goto(`/bn${product.url}?variant=${variant.variant_id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByRole('button', { name: 'ব্যাগে যোগ করুন', exact: true }).click();
  // The notice is the Bangla build's text of SPEC's message.
  await expect(page.getByTestId('flash-notice')).toHaveText('ব্যাগে যোগ হয়েছে');
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/bn/brand/.*variant=${variant.variant_id}`));
  await expect(page.getByTestId('bag-count').first()).toHaveText('১');
  await page.getByTestId('language-switch').filter({ visible: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/brand/.*variant=${variant.variant_id}`));
  await expect(page.getByTestId('bag-count').first()).toHaveText('1');
  await context.close();
});

test('a shopper searches in Bangla and in Banglish and finds the products, named in Bangla on Bangla pages', async ({ page }) => {
  await page.goto('/bn/all-product');
  await hydrated(page);
  const phone = (page.viewportSize()?.width ?? 0) < 1024;
  const box = page.getByTestId(`search-box-${phone ? 'mobile' : 'desktop'}`).getByRole('combobox', { name: 'পণ্য খুঁজুন' });
  await expect(box).toHaveAttribute('placeholder', 'পণ্য বা ব্র্যান্ড খুঁজুন…');
  // The box suggests lipsticks while লিপস্টিক is still being typed.
  await box.fill('লিপস্টি');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const listbox = page.locator(`[id="${(await box.getAttribute('aria-controls'))!}"]`);
  // Product names are Bangla on Bangla pages where the shop wrote one, English otherwise.
  await expect(listbox.getByRole('option').first()).toContainText(/lipstick|লিপস্টিক/i);
  await box.fill('লিপস্টিক');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/bn\/product\/?\?search=/);
  // The lipsticks an English search finds, no more (the demo shop has fewer than a page of them).
  const english = ((await (await page.request.get('/api/v1/products/?search=lipstick')).json()) as ProductListResponse).count;
  expect(english).toBeGreaterThan(1);
  expect(english).toBeLessThanOrEqual(24);
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(english);
  await expect(cards.first()).toContainText(/lipstick|লিপস্টিক/i);
  // Banglish finds the same products.
  await page.goto(`/bn/product/?search=${encodeURIComponent('lipstik')}`);
  await expect(cards).toHaveCount(english);
  await page.goto(`/bn/product/?search=${encodeURIComponent('foundeshon')}`);
  await expect(cards.first()).toContainText(/foundation|ফাউন্ডেশন/i);
});
