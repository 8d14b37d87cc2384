import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { acceptCookies } from './support/cookies';
import type { BrandSummary, ProductDetail, ProductListResponse } from '@store/shared/catalog';
import { DEPARTMENT_HOME_PATHS, PAGE_SIZE, SECTION_PREFIXES } from '@store/shared/constants';
import type { NavItem } from '@store/shared/content';
import { formatTaka } from '@store/shared/money';
import type { SearchResponse } from '@store/shared/search';

/**
 * Issue 14, items 7 and 8 and two contradictions: listings past their last page, links with values
 * nobody can read, a price range upside down, every section prefix on every route that takes one,
 * a heading that says what the listing shows, and generated copy that never quotes a stale price.
 */

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`);
  expect(res.ok(), path).toBe(true);
  return res.json() as Promise<T>;
}

const lastPage = (count: number) => Math.max(1, Math.ceil(count / PAGE_SIZE));
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;
const amounts = (text: string) => [...text.matchAll(/৳\s?[\d,]+/g)].map((m) => Number(m[0].replace(/[^\d]/g, '')) * 100);

/** Developer words that must never reach a shopper: zod's and JavaScript's. */
const DEVELOPER_TEXT = /expected|received|NaN|invalid input|invalid option|undefined|too_small|too_big/i;

/** The redirect a page request answers, without following it. */
async function redirectOf(request: APIRequestContext, path: string): Promise<{ status: number; location: string }> {
  const res = await request.get(path, { maxRedirects: 0 });
  return { status: res.status(), location: res.headers()['location'] ?? '' };
}

async function openFilters(page: Page) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: /^Filter/ }).click();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  }
  return page.locator('#listing-filters');
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test.describe('a page past the last', () => {
  test('redirects a listing to its last page, keeping the other values', async ({ page, request }) => {
    const list = await api<ProductListResponse>(request, `/products/?in_stock=true&sort=price_asc&page_size=${PAGE_SIZE}`);
    const last = lastPage(list.count);
    expect(last).toBeGreaterThan(1);

    const hop = await redirectOf(request, '/all-product/?in_stock=true&sort=price_asc&page=999');
    expect(hop.status).toBe(302);
    const target = new URL(hop.location, 'http://x');
    expect(target.pathname).toBe('/all-product/');
    expect(Object.fromEntries(target.searchParams)).toEqual({ in_stock: 'true', sort: 'price_asc', page: String(last) });

    const res = await page.goto('/all-product/?in_stock=true&sort=price_asc&page=999');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`));
    await expect(page.getByTestId('listing-empty')).toHaveCount(0);
    const cards = page.getByTestId('product-grid').getByTestId('product-card');
    await expect(cards).toHaveCount(list.count - (last - 1) * PAGE_SIZE);
    await expect(page.getByTestId('pagination').locator('[aria-current="page"]')).toHaveText(`Page ${last}`);
  });

  test('redirects a section listing, a brand page and search results too', async ({ page, request }) => {
    const toys = await api<ProductListResponse>(request, `/products/?department=toys&page_size=${PAGE_SIZE}`);
    const kids = await redirectOf(request, '/kids/all-product/?page=40');
    expect(kids).toEqual({
      status: 302,
      location: toys.count > PAGE_SIZE ? `/kids/all-product/?page=${lastPage(toys.count)}` : '/kids/all-product/',
    });

    const brands = (await api<{ data: BrandSummary[] }>(request, '/brands/')).data;
    const brand = brands.find((b) => b.product_count > 1)!;
    expect(await redirectOf(request, `/brand/${brand.handle}?page=7`)).toEqual({
      status: 302,
      location: brand.product_count > PAGE_SIZE ? `/brand/${brand.handle}?page=${lastPage(brand.product_count)}` : `/brand/${brand.handle}`,
    });

    const found = await api<SearchResponse>(request, `/products/?search=cream&page_size=${PAGE_SIZE}`);
    expect(found.count).toBeGreaterThan(0);
    const hop = await redirectOf(request, '/product/?search=cream&sort=price_desc&page=300');
    expect(hop.status).toBe(302);
    const target = new URL(hop.location, 'http://x');
    expect(target.pathname).toBe('/product/');
    expect(target.searchParams.get('search')).toBe('cream');
    expect(target.searchParams.get('sort')).toBe('price_desc');
    expect(target.searchParams.get('page') ?? '1').toBe(String(lastPage(found.count)));

    await page.goto('/product/?search=cream&page=300');
    await expect(page.getByTestId('product-grid').getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('listing-empty')).toHaveCount(0);
  });
});

test.describe('values nobody can read', () => {
  test('are left out with a plain word each, never developer text', async ({ page }) => {
    const res = await page.goto('/all-product/?page=abc&price_min=xyz&sort=cheapest&on_sale=maybe&department=garden');
    expect(res?.status()).toBe(200);
    const notices = page.getByTestId('listing-notices');
    await expect(notices).toBeVisible();
    await expect(notices).toContainText('Page “abc” doesn’t exist, so this is page 1.');
    await expect(notices).toContainText('“xyz” isn’t a price, so the minimum price was left out.');
    await expect(notices).toContainText('Products can’t be sorted by “cheapest”, so they are sorted by Newest.');
    await expect(notices).toContainText('“maybe” isn’t yes or no, so the On sale filter was left out.');
    await expect(notices).toContainText('There is no “garden” department, so all departments are shown.');
    await expect(page.getByTestId('product-grid').getByTestId('product-card').first()).toBeVisible();
    expect(await page.locator('main').innerText()).not.toMatch(DEVELOPER_TEXT);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All products');

    // The filters show what is applied, and the links of the page carry none of the bad values.
    const form = await openFilters(page);
    await expect(form.getByLabel('Min', { exact: true })).toHaveValue('');
    await expect(form.getByLabel('On sale')).not.toBeChecked();
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
    for (const href of await page
      .getByTestId('pagination')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      expect(href).not.toMatch(/abc|xyz|cheapest|maybe|garden/);
  });

  test('on search results and brand pages too', async ({ page, request }) => {
    await page.goto('/product/?search=cream&price_max=lots&in_stock=perhaps');
    const notices = page.getByTestId('listing-notices');
    await expect(notices).toContainText('“lots” isn’t a price, so the maximum price was left out.');
    await expect(notices).toContainText('“perhaps” isn’t yes or no, so the In stock filter was left out.');
    await expect(page.getByTestId('product-grid').getByTestId('product-card').first()).toBeVisible();
    expect(await page.locator('main').innerText()).not.toMatch(DEVELOPER_TEXT);

    const brand = (await api<{ data: BrandSummary[] }>(request, '/brands/')).data.find((b) => b.product_count > 1)!;
    await page.goto(`/brand/${brand.handle}?page=-2&sort=best`);
    await expect(page.getByTestId('listing-notices')).toContainText('Page “-2” doesn’t exist, so this is page 1.');
    await expect(page.getByTestId('listing-notices')).toContainText('Products can’t be sorted by “best”, so they are sorted by Newest.');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(brand.name);
    expect(await page.locator('main').innerText()).not.toMatch(DEVELOPER_TEXT);
  });
});

test.describe('a minimum price above the maximum', () => {
  test('is swapped, said, and the products are in the range', async ({ page }) => {
    await page.goto('/all-product/?price_min=3000&price_max=1000');
    await expect(page.getByTestId('listing-notices')).toHaveText(
      `The minimum price was above the maximum, so they were swapped: ${formatTaka(100_000)} – ${formatTaka(300_000)}.`,
    );
    await expect(page.getByTestId('listing-empty')).toHaveCount(0);
    const prices = await page.getByTestId('product-grid').getByTestId('price-current').allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) {
      const taka = Number(p.replace(/[^\d]/g, ''));
      expect(taka).toBeGreaterThanOrEqual(1000);
      expect(taka).toBeLessThanOrEqual(3000);
    }
    const form = await openFilters(page);
    await expect(form.getByLabel('Min', { exact: true })).toHaveValue('1000');
    await expect(form.getByLabel('Max', { exact: true })).toHaveValue('3000');
  });

  test('typed into the filters the wrong way round is swapped as well', async ({ page }) => {
    await page.goto('/all-product/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const form = await openFilters(page);
    await form.getByLabel('Min', { exact: true }).fill('2500');
    await form.getByLabel('Max', { exact: true }).fill('500');
    // Leaving Min for Max applies nothing: the range applies with Go, so the Max being typed is kept.
    await expect(page).toHaveURL(/\/all-product\/$/);
    await expect(form.getByLabel('Max', { exact: true })).toHaveValue('500');
    await form.getByRole('button', { name: 'Go' }).click();
    await expect(page.getByTestId('listing-notices')).toContainText('The minimum price was above the maximum, so they were swapped');
    await expect(page.locator('#listing-filters').getByLabel('Min', { exact: true })).toHaveValue('500');
    await expect(page.locator('#listing-filters').getByLabel('Max', { exact: true })).toHaveValue('2500');
    await expect(page.getByTestId('product-grid').getByTestId('product-card').first()).toBeAttached();
  });
});

test.describe('section prefixes', () => {
  test('every section prefix works on the listing, search results, brand and product routes', async ({ request }) => {
    const toys = await api<ProductListResponse>(request, '/products/?department=toys&page_size=1');
    const product = toys.results[0]!;
    const brandPath = product.url.split('/').slice(0, 3).join('/');
    const routes = ['/all-product/', '/product/?search=lego', brandPath, product.url];
    // The SPEC's prefixes (kids, home, sports) and the department names shoppers see in /toys, /sport.
    const canonical = Object.keys(SECTION_PREFIXES);
    const aliases = Object.entries(DEPARTMENT_HOME_PATHS)
      .map(([, home]) => home.slice(1))
      .filter((segment) => segment && !canonical.includes(segment));
    expect(aliases.sort()).toEqual(['sport', 'toys']);
    for (const prefix of canonical)
      for (const route of routes) expect((await request.get(`/${prefix}${route}`)).status(), `/${prefix}${route}`).toBe(200);
    for (const alias of aliases) {
      const to = Object.entries(SECTION_PREFIXES).find(([, key]) => key === alias)![0];
      for (const route of routes) {
        const hop = await redirectOf(request, `/${alias}${route}`);
        expect(hop, `/${alias}${route}`).toEqual({ status: 301, location: `/${to}${route}` });
        expect((await request.get(`/${alias}${route}`)).status()).toBe(200);
      }
    }
    expect((await request.get('/constructor/all-product/')).status()).toBe(404);
  });

  test('/toys/all-product/ and /sport/all-product/ show their department', async ({ page }) => {
    await page.goto('/toys/all-product/');
    await expect(page).toHaveURL(/\/kids\/all-product\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All toys products');
    await page.goto('/sport/all-product/?on_sale=true');
    await expect(page).toHaveURL(/\/sports\/all-product\/\?on_sale=true$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sport on sale');
  });

  test('every catalog link of both menus and footers leads to a page', async ({ request }) => {
    const urls = new Set<string>();
    const walk = (items: NavItem[]) => {
      for (const i of items) {
        const url = i.redirect_url?.relative_url ?? (i.disable_url ? null : i.relative_url);
        if (url) urls.add(url);
        walk(i.children);
      }
    };
    for (const type of ['beauty', 'kids']) {
      walk((await api<{ data: { data: NavItem[] } }>(request, `/navigation/?type=${type}`)).data.data);
      for (const group of (await api<{ data: { data: { children: { relative_url: string }[] }[] } }>(request, `/footer/?type=${type}`)).data
        .data)
        for (const link of group.children) urls.add(link.relative_url);
    }
    // The routes that take a section prefix, and the department homes.
    const catalog = [...urls].filter((u) => /(^|\/)(all-product|product|brand)(\/|\?|$)/.test(u) || /^\/(toys|home|sport)?$/.test(u));
    expect(catalog.length).toBeGreaterThan(20);
    for (const url of catalog) expect((await request.get(url)).status(), url).toBe(200);
  });
});

test.describe('headings and copy that agree with what is shown', () => {
  test('the on-sale links are headed by what they show', async ({ page, request }) => {
    const offers = (await api<{ data: { data: NavItem[] } }>(request, '/navigation/?type=beauty')).data.data.find(
      (i) => i.title === 'Offers',
    )!;
    await page.goto(offers.relative_url!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('On sale');
    await expect(page).toHaveTitle(/^On sale \|/);

    const onSaleNow = offers.children.flatMap((g) => g.children).find((i) => i.title === 'On sale now')!;
    await page.goto(onSaleNow.relative_url!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('On sale');

    const kidsOffers = (await api<{ data: { data: NavItem[] } }>(request, '/navigation/?type=kids')).data.data.find(
      (i) => i.title === 'Offers',
    )!;
    await page.goto(kidsOffers.relative_url!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Toys on sale');

    await page.goto('/all-product/?collection=member-deals');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Member deals');
    await page.goto('/all-product/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All products');
  });

  test('a product on sale quotes no price but its own in its description', async ({ page, request }) => {
    const sale = await api<ProductListResponse>(request, '/products/?on_sale=true&page_size=48');
    const card = sale.results.find((c) => c.discounted_price < c.price)!;
    const [, , brand, handle] = card.url.split('/');
    const product = (await api<{ data: ProductDetail }>(request, `/products/${brand}/${handle}/`)).data;
    const prices = new Set(product.product_variants.map((v) => v.discounted_price));
    await page.goto(card.url);
    const texts = [
      (await page.locator('meta[name="description"]').getAttribute('content')) ?? '',
      (await page.locator('meta[property="og:description"]').getAttribute('content')) ?? '',
      ...(await page.locator('script[type="application/ld+json"]').allTextContents()),
      await page.locator('section[aria-labelledby="description-title"]').innerText(),
    ];
    for (const text of texts)
      for (const amount of amounts(text)) expect(prices, `${formatTaka(amount)} in ${text.slice(0, 120)}`).toContain(amount);
    expect(texts[0]).not.toContain(formatTaka(card.price));
  });
});
