import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, ONCE, test } from './support/test';
import type { ProductCard, ProductDetail, ProductListResponse, ProductVariant } from '@store/shared/catalog';
import { formatTaka } from '@store/shared/money';
import * as messages from '@store/shared/messages';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every test also fails on an uncaught page error or a console error (hydration mismatches surface there). */

/** The demo shop is generated: tests find the products they need through the API, as a client would. */
async function products(request: APIRequestContext, query = ''): Promise<ProductListResponse> {
  const params = new URLSearchParams({ page_size: '48' });
  for (const [key, value] of new URLSearchParams(query)) params.set(key, value);
  const res = await request.get(`/api/v1/products/?${params}`);
  expect(res.ok()).toBe(true);
  return res.json();
}

async function detail(request: APIRequestContext, card: Pick<ProductCard, 'url'>): Promise<ProductDetail> {
  const [, , brand, handle] = card.url.split('/');
  const res = await request.get(`/api/v1/products/${brand}/${handle}/`);
  expect(res.ok()).toBe(true);
  return (await res.json()).data;
}

/** The first product (newest first) whose detail satisfies `pick`, with the variant it picked. */
async function findProduct(
  request: APIRequestContext,
  pick: (p: ProductDetail) => ProductVariant | undefined,
  query = '',
): Promise<{ product: ProductDetail; variant: ProductVariant }> {
  for (let page = 1; page <= 10; page++) {
    const list = await products(request, `${query}&page=${page}`);
    for (const card of list.results) {
      const product = await detail(request, card);
      const variant = pick(product);
      if (variant) return { product, variant };
    }
    if (page * 48 >= list.count) break;
  }
  throw new Error('the demo shop has no product for this test');
}

const taka = (text: string) => Number(text.replace(/[^\d]/g, ''));
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

/** Filters sit in a left column on desktop and in a sheet behind the 'Filter' button on phones. */
async function openFilters(page: Page) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: /^Filter/ }).click();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  }
  return page.locator('#listing-filters');
}

async function closeFilters(page: Page) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: /^Show \d+ products?$/ }).click();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeHidden();
  }
}

test.describe('department homes', () => {
  test('the beauty home shows banners and product sliders with taka prices', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('hero')).toBeVisible();
    const slider = page.getByTestId('product-slider').first();
    await expect(slider).toBeVisible();
    const card = slider.getByTestId('product-card').first();
    await expect(card.getByTestId('price-current')).toHaveText(/^৳[\d,]+$/);
    expect(await page.getByTestId('product-slider').count()).toBeGreaterThan(1);
    // The first hero picture is the largest paint: loaded eagerly with high priority.
    const heroImg = page.getByTestId('hero').locator('li:visible img').first();
    await expect(heroImg).toHaveAttribute('fetchpriority', 'high');
    await expect(heroImg).toHaveAttribute('width', /\d+/);
  });

  test('a slider scrolls sideways (buttons on desktop, swipe row on phones)', async ({ page }) => {
    await page.goto('/');
    const slider = page.getByTestId('product-slider').first();
    const row = slider.locator('ul');
    await expect(row).toHaveCSS('scroll-snap-type', /x mandatory/);
    if (!isPhone(page)) {
      const next = slider.getByRole('button', { name: /^Next/ });
      const before = await row.evaluate((el) => el.scrollLeft);
      await next.click();
      await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
      await expect(slider.getByRole('button', { name: /^Previous/ })).toBeEnabled();
    } else {
      await expect(slider.getByRole('button', { name: /^Next/ })).toBeHidden();
      expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    }
  });

  test('a row renders only the cards near the screen, and keeps its height as the rest render', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const rows = page.getByTestId('product-slider').locator('ul');
    expect(await rows.count()).toBeGreaterThan(2);
    /** Per row: its height, and which cards the browser renders (content-visibility skips the rest). */
    const rendered = () =>
      rows.evaluateAll((uls) =>
        uls.map((ul) => ({
          height: ul.getBoundingClientRect().height,
          cards: [...ul.children].map((li) => li.firstElementChild!.checkVisibility({ contentVisibilityAuto: true })),
        })),
      );
    const atLoad = await rendered();
    // The first row's first card is rendered; on a phone its last (screens past the edge) is not yet.
    // The lower rows' cards are not, but for their first (which gives a row its height).
    expect(atLoad[0]!.cards[0]).toBe(true);
    if (isPhone(page)) expect(atLoad[0]!.cards.at(-1)).toBe(false);
    expect(atLoad.at(-1)!.cards.slice(1)).not.toContain(true);
    // Each row brought on screen and swiped to its end a screen at a time: each card renders as it
    // comes, and no row grows (which would move everything below it).
    const heights = new Set<string>();
    for (const index of atLoad.keys()) {
      const row = rows.nth(index);
      await row.scrollIntoViewIfNeeded();
      for (let atEnd = false; !atEnd;) {
        atEnd = await row.evaluate(async (ul) => {
          ul.scrollBy({ left: ul.clientWidth, behavior: 'instant' });
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          return ul.scrollLeft + ul.clientWidth >= ul.scrollWidth - 1;
        });
        heights.add(JSON.stringify((await rendered()).map((r) => r.height)));
      }
      expect((await rendered())[index]!.cards[0]).toBe(true);
      await expect.poll(async () => (await rendered())[index]!.cards.at(-1)).toBe(true);
    }
    expect([...heights]).toEqual([JSON.stringify(atLoad.map((row) => row.height))]);
  });

  test('each department home has its own sliders', async ({ page, request }) => {
    const toys = (await (await request.get('/api/v1/home/?department=toys')).json()).data;
    await page.goto('/toys');
    const firstTitle = toys.sections[0].title as string;
    await expect(page.getByRole('heading', { name: firstTitle, level: 2 })).toBeVisible();
    await expect(page.getByTestId('product-card').first()).toContainText(toys.sections[0].products[0].name);
  });
});

test.describe('the product listing', () => {
  test('filter, sort and pagination live in the URL and survive a reload', async ({ page, request }) => {
    const expected = await products(request, 'in_stock=true&sort=price_asc&page_size=24&page=2');
    expect(expected.count).toBeGreaterThan(24);

    await page.goto('/all-product/');
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
    const form = await openFilters(page);
    await form.getByLabel('In stock').check();
    await expect(page).toHaveURL(/[?&]in_stock=true/);
    await closeFilters(page);

    await page.getByLabel('Sort by').selectOption('price_asc');
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page).toHaveURL(/in_stock=true/);

    // The URL changes before the page has re-rendered its links: wait for page 2's link to carry the sort.
    const page2 = page.getByTestId('pagination').getByRole('link', { name: 'Page 2' });
    await expect(page2).toHaveAttribute('href', /sort=price_asc/);
    await page2.click();
    await expect(page).toHaveURL(/page=2/);
    const check = async () => {
      await expect(page.getByTestId('pagination').locator('[aria-current="page"]')).toHaveText(/2/);
      await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
      const names = page.getByTestId('product-grid').getByTestId('product-card').locator('h3');
      await expect(names.first()).toHaveText(expected.results[0]!.name);
      await expect(names).toHaveCount(expected.results.length);
      const prices = await page.getByTestId('product-grid').getByTestId('price-current').allTextContents();
      expect(prices.map(taka)).toEqual([...prices.map(taka)].sort((a, b) => a - b));
    };
    await check();
    await page.reload();
    await check();
    const form2 = await openFilters(page);
    await expect(form2.getByLabel('In stock')).toBeChecked();
  });

  test('a page tapped while a new sort is still loading is that page of the new sort', async ({ page }) => {
    await page.goto('/all-product/');
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
    const page2 = page.getByTestId('pagination').getByRole('link', { name: 'Page 2' });
    await expect(page2).toBeVisible();
    // The sort's data (every request for it: a service worker may ask again) is held until page 2 has been tapped.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.data\?/, async (route) => {
      const asked = new URL(route.request().url()).searchParams;
      if (asked.get('sort') === 'price_asc' && !asked.has('page')) await held;
      await route.continue().catch(() => {}); // the router may have dropped it for the tap's navigation
    });
    await page.getByLabel('Sort by').selectOption('price_asc');
    // The grid says it is loading; its links are still the old sort's.
    await expect(page.getByTestId('product-grid')).toHaveAttribute('aria-busy', 'true');
    await expect(page2).not.toHaveAttribute('href', /sort=/);
    await page2.click();
    release();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page.getByTestId('pagination').locator('[aria-current="page"]')).toHaveText(/2/);
    await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
    await expect(page.getByTestId('product-grid')).toHaveAttribute('aria-busy', 'false');
    // The links built from the landed page carry the shopper's query only, not the router's own.
    await expect(page.getByTestId('pagination').getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', /sort=price_asc/);
    await expect(page.getByTestId('pagination').getByRole('link', { name: 'Page 1' })).not.toHaveAttribute('href', /_routes/);
  });

  test('several brands can be chosen and the count follows', async ({ page, request }) => {
    const all = await products(request, 'department=');
    const [a, b] = all.facets.brands.filter((f) => f.count > 0);
    const both = await products(request, `brand=${a!.value},${b!.value}`);
    await page.goto('/all-product/?department=beauty');
    let form = await openFilters(page);
    await form.getByRole('checkbox', { name: new RegExp(`^${a!.label}`) }).check();
    await expect(page).toHaveURL(new RegExp(`brand=${a!.value}`));
    form = page.locator('#listing-filters');
    // The form re-renders for the new URL; the focus stays on the box just ticked.
    await expect(form.getByRole('checkbox', { name: new RegExp(`^${a!.label}`) })).toBeFocused();
    await form.getByRole('checkbox', { name: new RegExp(`^${b!.label}`) }).check();
    await expect(page).toHaveURL(new RegExp(`brand=${a!.value}&brand=${b!.value}`));
    await closeFilters(page);
    const count = isPhone(page) ? page.getByTestId('result-count-mobile') : page.getByTestId('result-count');
    await expect(count).toContainText(`${both.count} product`);
    // A chip removes one brand again.
    await page.getByRole('link', { name: new RegExp(`^${a!.label}.*remove filter`) }).click();
    await expect(page).not.toHaveURL(new RegExp(`brand=${a!.value}(&|$)`));
  });

  test('the filters work without JavaScript as a plain GET form', async ({ browser, baseURL, viewport }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL!, viewport });
    const page = await context.newPage();
    await page.goto('/all-product/');
    // On phones the sheet opens through Invoker Commands (command="show-modal"), no script needed.
    const form = await openFilters(page);
    await form.getByLabel('On sale').check();
    await page.getByRole('button', { name: 'Apply filters' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/on_sale=true/);
    await expect(page.getByTestId('product-grid')).toBeVisible();
    const badges = await page.getByTestId('sale-badge').allTextContents();
    expect(badges.length).toBeGreaterThan(0);
    for (const badge of badges) expect(badge).toMatch(/^Up to -\d+%$/);
    await context.close();
  });

  test(
    'a bad link still lists products and says what was left out, an unknown section is a 404',
    { tag: ONCE },
    async ({ page, request }) => {
      const res = await page.goto('/all-product/?page=0&sort=cheapest');
      expect(res?.status()).toBe(200);
      await expect(page.getByTestId('listing-notices')).toContainText('Page “0” doesn’t exist, so this is page 1.');
      await expect(page.getByTestId('listing-notices')).toContainText('Products can’t be sorted by “cheapest”');
      await expect(page.getByTestId('product-grid')).toBeVisible();

      expect((await request.get('/kids/all-product/')).status()).toBe(200);
      // The department names are sections too: /toys/… is /kids/….
      expect((await request.get('/toys/all-product/')).url()).toMatch(/\/kids\/all-product\/$/);
      expect((await request.get('/lego/all-product/')).status()).toBe(404);
    },
  );

  test('a brand page shows the brand and only its products', async ({ page, request }) => {
    const brands = (await (await request.get('/api/v1/brands/')).json()).data as {
      handle: string;
      name: string;
      description: string;
      product_count: number;
    }[];
    const brand = brands.find((b) => b.product_count > 1 && b.description)!;
    await page.goto(`/brand/${brand.handle}`);
    await expect(page.getByRole('heading', { level: 1, name: brand.name })).toBeVisible();
    await expect(page.getByText(brand.description)).toBeVisible();
    const cards = page.getByTestId('product-grid').getByTestId('product-card');
    await expect(cards).toHaveCount(Math.min(24, brand.product_count));
    for (const text of await cards.locator('p').first().allTextContents()) expect(text.toLowerCase()).toBe(brand.name.toLowerCase());
    expect((await request.get('/brand/no-such-brand-here')).status()).toBe(404);
  });
});

test.describe('the product page', () => {
  test('choosing a variant changes the price and the URL', async ({ page, request }) => {
    const { product, variant } = await findProduct(
      request,
      (p) => p.product_variants.find((v, _, all) => v !== all[0] && v.discounted_price !== all[0]!.discounted_price),
      'sort=newest',
    );
    const first = product.product_variants[0]!;
    await page.goto(`${product.url}?variant=${first.variant_id}`);
    const price = page.locator('main, body').getByTestId('price-current').first();
    await expect(price).toHaveText(formatTaka(first.discounted_price));
    // With the page's scripts running, the choice is a radio group named by its legend.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const group = page.getByRole('radiogroup', { name: new RegExp(`: ${escapeRegExp(first.title)}$`) });
    await expect(group.getByRole('radio', { name: new RegExp(`^${escapeRegExp(first.title)}(,|$)`) })).toBeChecked();
    // A shopper taps the pill: the label around the visually hidden radio.
    const radio = page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(variant.title)}(,|$)`) });
    await group.locator('label', { has: radio }).click();
    await expect(page.getByTestId('variant-picker').getByRole('radio', { checked: true })).toHaveAccessibleName(
      new RegExp(`^${escapeRegExp(variant.title)}(,|$)`),
    );
    await expect(page).toHaveURL(new RegExp(`variant=${variant.variant_id}`));
    await expect(price).toHaveText(formatTaka(variant.discounted_price));
    await expect(page.getByRole('radiogroup', { name: new RegExp(`: ${escapeRegExp(variant.title)}$`) })).toBeVisible();
    await page.reload();
    await expect(price).toHaveText(formatTaka(variant.discounted_price));
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the variants are links that choose by URL', { tag: ONCE }, async ({ page, request }) => {
      const { product, variant } = await findProduct(request, (p) =>
        p.product_variants.find((v, _, all) => v !== all[0] && v.discounted_price !== all[0]!.discounted_price),
      );
      await page.goto(`${product.url}?variant=${product.product_variants[0]!.variant_id}`);
      const picker = page.getByTestId('variant-picker');
      await expect(picker.getByRole('radio')).toHaveCount(0);
      await picker.getByRole('link', { name: new RegExp(`^${escapeRegExp(variant.title)}`) }).click();
      await expect(page).toHaveURL(new RegExp(`variant=${variant.variant_id}`));
      await expect(page.locator('main').getByTestId('price-current').first()).toHaveText(formatTaka(variant.discounted_price));
    });
  });

  test('the variant radio group moves with the arrow keys', { tag: ONCE }, async ({ page, request }) => {
    const { product } = await findProduct(request, (p) => (p.product_variants.length >= 3 ? p.product_variants[0] : undefined));
    const [first, second] = product.product_variants;
    await page.goto(`${product.url}?variant=${first!.variant_id}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const radios = page.getByTestId('variant-picker').getByRole('radio');
    await expect(radios).toHaveCount(product.product_variants.length);
    await radios.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(new RegExp(`variant=${second!.variant_id}`));
    await expect(radios.nth(1)).toBeChecked();
    await expect(radios.nth(1)).toBeFocused();
  });

  test('quantity stops at 6 with the bigger-purchase message', { tag: ONCE }, async ({ page, request }) => {
    const { product, variant } = await findProduct(request, (p) => p.product_variants.find((v) => v.stock > 6), 'in_stock=true');
    const settings = (await (await request.get('/api/v1/settings/')).json()).data;
    await page.goto(`${product.url}?variant=${variant.variant_id}`);
    const plus = page.getByRole('button', { name: 'Increase quantity' });
    for (let i = 0; i < 4; i++) await plus.click();
    await expect(page.getByTestId('quantity-warning')).toBeEmpty();
    await plus.click();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('6');
    // At 6 '+' stops (issue 14) and says whom to call.
    await expect(plus).toBeDisabled();
    await expect(page.getByTestId('quantity-warning')).toContainText(messages.biggerPurchase(settings.support_phone));
    await expect(page.getByRole('button', { name: 'Add to bag', exact: true })).toBeVisible();
  });

  test('a low-stock variant says how many are left', { tag: ONCE }, async ({ page, request }) => {
    const { product, variant } = await findProduct(
      request,
      (p) => p.product_variants.find((v) => v.stock > 0 && v.stock < 5),
      'in_stock=true',
    );
    await page.goto(`${product.url}?variant=${variant.variant_id}`);
    await expect(page.getByTestId('low-stock')).toHaveText(messages.lowStock(product.name, variant.title, variant.stock));
  });

  test('out of stock offers Notify me, which validates and stores the request', async ({ page, request }) => {
    const { product, variant } = await findProduct(request, (p) => p.product_variants.find((v) => !v.in_stock));
    await page.goto(`${product.url}?variant=${variant.variant_id}`);
    await expect(page.getByRole('button', { name: 'Add to bag', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Notify me' }).click();
    const field = page.getByPlaceholder('Email or phone number');
    await field.fill('someone@');
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByTestId('notify-error')).toHaveText(messages.emailInvalid());
    await field.fill(`shopper+${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByTestId('notify-done')).toHaveText(messages.notifyMeSaved());
  });

  test(
    'the server HTML has the title, description, price and JSON-LD, gone after client navigation',
    { tag: ONCE },
    async ({ page, request }) => {
      const { product } = await findProduct(request, (p) => (p.review_count > 0 ? p.product_variants[0] : undefined));
      const res = await request.get(product.url);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<h1`);
      expect(html).toContain(product.name.replaceAll('&', '&amp;').replaceAll("'", '&#x27;'));
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]+"/);
      expect(html).toContain(formatTaka(product.product_variants[0]!.discounted_price));
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
        (m) => JSON.parse(m[1]!) as Record<string, unknown>,
      );
      type Offer = { priceCurrency: string; itemCondition: string; price: number };
      const ld = blocks.find((b) => b['@type'] === 'Product') as { offers: Offer | Offer[] } | undefined;
      expect(ld).toMatchObject({
        name: product.name,
        brand: { name: product.brand },
        aggregateRating: { bestRating: 5, reviewCount: product.review_count },
      });
      const offers = Array.isArray(ld!.offers) ? ld!.offers : [ld!.offers];
      expect(offers[0]).toMatchObject({ priceCurrency: 'BDT', itemCondition: 'https://schema.org/NewCondition' });
      expect(blocks.some((b) => b['@type'] === 'BreadcrumbList')).toBe(true);

      await page.goto(product.url);
      // Playwright's text matching skips <script>, so the blocks are read from the DOM.
      const ldTypes = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('script[type="application/ld+json"]')].map(
            (s) => (JSON.parse(s.textContent ?? '{}') as { '@type'?: string })['@type'],
          ),
        );
      await expect.poll(ldTypes).toEqual(expect.arrayContaining(['Product', 'BreadcrumbList']));
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
      await expect(page).toHaveURL(/\/$/);
      // The URL changes before React commits the new page: wait for the home's own hero.
      await expect(page.getByTestId('hero')).toBeVisible();
      await expect(page.getByTestId('gallery')).toHaveCount(0);
      const after = await ldTypes();
      expect(after).not.toContain('Product');
      expect(after).not.toContain('BreadcrumbList');
    },
  );

  test('an unknown product is a real 404', { tag: ONCE }, async ({ page, request }) => {
    expect((await request.get('/brand/no-such-brand/no-such-product')).status()).toBe(404);
    const res = await page.goto('/brand/cerave/no-such-product');
    expect(res?.status()).toBe(404);
  });
});
