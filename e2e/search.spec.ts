import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, ONCE, test } from './support/test';
import { SEARCH_DEBOUNCE_MS, SEARCH_SUGGESTIONS_DESKTOP, SEARCH_SUGGESTIONS_MOBILE } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import type { SearchResponse, SuggestionsResponse } from '@store/shared/search';

/** Every test also fails on an uncaught page error or a console error (hydration mismatches surface there). */

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;
const limitFor = (page: Page) => (isPhone(page) ? SEARCH_SUGGESTIONS_MOBILE : SEARCH_SUGGESTIONS_DESKTOP);

/** The header's search box for this viewport: the desktop one on wide screens, the phone one below the logo. */
function searchBox(page: Page): Locator {
  return page.getByTestId(`search-box-${isPhone(page) ? 'mobile' : 'desktop'}`).getByRole('combobox', { name: 'Search products' });
}

async function open(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/** What the box should show, asked of the API as the browser would. */
async function suggestions(request: APIRequestContext, page: Page, term: string, department = ''): Promise<SuggestionsResponse> {
  const res = await request.get(`/api/v1/search/suggestions/?q=${encodeURIComponent(term)}&limit=${limitFor(page)}`, {
    headers: { 'my-department': department },
  });
  expect(res.ok()).toBe(true);
  return res.json();
}

/**
 * Records, in the page, each suggestions request as it is sent (the search term), so a test reads
 * exactly what has been asked at any moment rather than network events still on their way.
 */
async function recordSuggestionRequests(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const sent: string[] = [];
    const send = window.fetch.bind(window);
    Object.assign(window, { suggestionsAsked: sent });
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      if (url.pathname === '/api/v1/search/suggestions/') sent.push(url.searchParams.get('q') ?? '');
      return send(input, init);
    };
  });
  return () => page.evaluate(() => [...(window as unknown as { suggestionsAsked: string[] }).suggestionsAsked]);
}

async function listboxOf(page: Page, box: Locator): Promise<Locator> {
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const id = await box.getAttribute('aria-controls');
  expect(id).toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

test.describe('the results page', () => {
  test('sorts by relevance first, then by the listing sorts, and filters by brand', { tag: ONCE }, async ({ page, request }) => {
    const all = (await (await request.get('/api/v1/products/?search=lipstick')).json()) as SearchResponse;
    const brand = all.facets.brands.find((b) => b.count > 0 && b.count < all.count);
    expect(brand).toBeDefined();
    await open(page, '/product/?search=lipstick');
    const sort = page.getByLabel('Sort by');
    await expect(sort).toHaveValue('relevance');
    await sort.selectOption('price_asc');
    await expect(page).toHaveURL(/[?&]sort=price_asc/);
    await expect(page).toHaveURL(/[?&]search=lipstick/);
    const prices = async () =>
      (await page.getByTestId('product-grid').getByTestId('price-current').allTextContents()).map((t) => Number(t.replace(/[^\d]/g, '')));
    await expect.poll(async () => (await prices()).length).toBeGreaterThan(1);
    const shown = await prices();
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    // Newest is a choice on a results page (relevance is its default), so the URL keeps it.
    await sort.selectOption('newest');
    await expect(page).toHaveURL(/[?&]sort=newest/);

    if (isPhone(page)) await page.getByRole('button', { name: /^Filter/ }).click();
    await page
      .locator('#listing-filters')
      .getByRole('checkbox', { name: new RegExp(`^${brand!.label}`) })
      .check();
    await expect(page).toHaveURL(new RegExp(`[?&]brand=${brand!.value}`));
    if (isPhone(page)) await page.getByRole('button', { name: /^Show \d+ products?$/ }).click();
    await expect(page.getByTestId(isPhone(page) ? 'result-count-mobile' : 'result-count')).toContainText(`${brand!.count} product`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“lipstick”');
  });
});

test.describe('the header search box', () => {
  test('suggests at most 5 products on desktop and 3 on phones, with the total linking to the results', async ({ page, request }) => {
    const expected = await suggestions(request, page, 'lipstick');
    expect(expected.count).toBeGreaterThan(limitFor(page));
    await open(page);
    const box = searchBox(page);
    await box.fill('lipstick');
    const listbox = await listboxOf(page, box);
    await expect(listbox).toHaveAttribute('role', 'listbox');
    const options = listbox.getByRole('option');
    await expect(options).toHaveCount(limitFor(page));
    await expect(options).toHaveText(expected.results.map((s) => new RegExp(s.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))));
    const total = page.getByRole('link', { name: messages.totalSearch(expected.count, expected.count_capped) });
    await expect(total).toBeVisible();
    await total.click();
    await expect(page).toHaveURL(/\/product\/\?search=lipstick$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“lipstick”');
    await expect(page.getByTestId(isPhone(page) ? 'result-count-mobile' : 'result-count')).toContainText(`${expected.count} products`);
    await expect(box).toHaveValue('lipstick');
  });

  test('asks once, 300 ms after typing stops, and finds what a typo meant', async ({ page, request }) => {
    const expected = await suggestions(request, page, 'lipstik');
    const asked = await recordSuggestionRequests(page);
    // The page runs on Playwright's clock: it flows while the page loads and hydrates, then stands
    // still while the shopper types, so only runFor moves the debounce, however slow the machine.
    await page.clock.install();
    await open(page);
    const box = searchBox(page);
    await box.click();
    // A minute on, so the page's clock cannot have passed it however slowly this line is reached.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
    // A slow typist: every key comes just before the wait is over, and each one starts it again.
    for (const key of 'lipstik') {
      await box.press(key);
      await page.clock.runFor(SEARCH_DEBOUNCE_MS - 1);
      expect(await asked()).toEqual([]);
    }
    await page.clock.runFor(1);
    expect(await asked()).toEqual(['lipstik']);

    await page.clock.resume();
    const listbox = await listboxOf(page, box);
    await expect(listbox.getByRole('option').first()).toContainText(/lipstick/i);
    await expect(listbox.getByRole('option').first()).toContainText(expected.results[0]!.name);
    expect(await asked()).toEqual(['lipstik']);
  });

  test('each suggestion is the product’s own link: a tap opens it, a long press or middle click can open a tab', async ({
    page,
    request,
    context,
  }) => {
    const expected = await suggestions(request, page, 'lipstick');
    await open(page);
    const box = searchBox(page);
    await box.fill('lipstick');
    const options = (await listboxOf(page, box)).getByRole('option');
    await expect(options).toHaveCount(limitFor(page));
    for (const [i, s] of expected.results.slice(0, limitFor(page)).entries()) await expect(options.nth(i)).toHaveAttribute('href', s.url);
    // Out of the tab order: focus stays in the box, which drives the list.
    await expect(options.first()).toHaveAttribute('tabindex', '-1');

    // A middle click opens the product in a new tab and leaves this page as it was.
    const [tab] = await Promise.all([context.waitForEvent('page'), options.nth(1).click({ button: 'middle' })]);
    // A new tab starts on about:blank and then loads the link.
    await expect(tab).toHaveURL(new RegExp(`${expected.results[1]!.url}$`));
    await tab.close();
    expect(new URL(page.url()).pathname).not.toBe(expected.results[1]!.url);

    await options.first().click();
    await expect(page).toHaveURL(new RegExp(`${expected.results[0]!.url}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.results[0]!.name);
    await expect(page.getByTestId('search-suggestions')).toHaveCount(0);
  });

  test('arrows move through the suggestions, Enter opens the highlighted one, Escape closes the list', async ({ page, request }) => {
    const expected = await suggestions(request, page, 'lipstick');
    await open(page);
    const box = searchBox(page);
    await box.fill('lipstick');
    const listbox = await listboxOf(page, box);
    const options = listbox.getByRole('option');
    await expect(options).toHaveCount(limitFor(page));

    await box.press('ArrowDown');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
    await box.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
    await box.press('ArrowUp');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowUp');
    await expect(box).not.toHaveAttribute('aria-activedescendant');

    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(listbox).toBeHidden();

    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${expected.results[1]!.url}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.results[1]!.name);
  });

  test('Enter without a highlighted suggestion goes to the results page', async ({ page, request }) => {
    const expected = (await (await request.get('/api/v1/products/?search=nivea')).json()) as SearchResponse;
    await open(page);
    const box = searchBox(page);
    await box.fill('nivea');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/product\/\?search=nivea$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“nivea”');
    const cards = page.getByTestId('product-grid').getByTestId('product-card');
    await expect(cards.first()).toContainText(expected.results[0]!.name);
    await expect(cards).toHaveCount(Math.min(expected.count, 24));
  });

  test('says when nothing matches, and the results page offers popular products', { tag: ONCE }, async ({ page, request }) => {
    const expected = (await (await request.get('/api/v1/products/?search=qxjvwz')).json()) as SearchResponse;
    expect(expected.search_no_response_products.length).toBeGreaterThan(0);
    await open(page);
    const box = searchBox(page);
    await box.fill('qxjvwz');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('search-empty')).toHaveText(messages.searchNoSuggestions('qxjvwz'));
    await expect(page.getByRole('link', { name: /^Total Search/ })).toHaveCount(0);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/product\/\?search=qxjvwz$/);
    await expect(page.getByTestId('search-no-results')).toHaveText(messages.searchNoResults('qxjvwz'));
    await expect(page.getByRole('heading', { name: 'Popular right now' })).toBeVisible();
    await expect(page.getByTestId('product-card')).toHaveCount(expected.search_no_response_products.length);
  });

  test('a toy brand word goes to the toys section and the luxury word to its brand page', { tag: ONCE }, async ({ page, request }) => {
    const toy = (await (await request.get('/api/v1/products/?search=lego')).json()) as SearchResponse;
    const luxury = (await (await request.get('/api/v1/products/?search=dior')).json()) as SearchResponse;
    expect(toy.redirect).toBe('/kids/product/?search=lego');
    expect(luxury.redirect).toMatch(/^\/brand\//);

    await open(page);
    const box = searchBox(page);
    await box.fill('lego');
    // The box shows the toys it will lead to; Enter follows the redirect.
    await expect((await listboxOf(page, box)).getByRole('option').first()).toContainText(/lego/i);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/kids\/product\/\?search=lego$/);
    await expect(page.getByTestId('product-card').first()).toBeVisible();

    // Typed straight into the address bar, the results page redirects too.
    await page.goto('/product/?search=dior');
    await expect(page).toHaveURL(new RegExp(`${luxury.redirect}/?$`));
  });

  test(
    'suggestions come from the department of the page, and an older answer never replaces a newer one',
    { tag: ONCE },
    async ({ page }) => {
      await open(page, '/toys');
      const departments: string[] = [];
      let releaseFirst = () => {};
      const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
      let first = true;
      // The first answer is held back until after the second one has arrived.
      await page.route('**/api/v1/search/suggestions/**', async (route) => {
        departments.push(route.request().headers()['my-department'] ?? '');
        if (first) {
          first = false;
          await firstHeld;
        }
        await route.continue().catch(() => undefined);
      });
      const box = searchBox(page);
      const asking = page.waitForRequest('**/api/v1/search/suggestions/**');
      await box.fill('bar');
      const older = await asking;
      await box.fill('lego');
      const listbox = await listboxOf(page, box);
      await expect(listbox.getByRole('option').first()).toContainText(/lego/i);
      releaseFirst();
      // The older request ends, cancelled or answered late; whatever it brought has been read.
      const late = await older.response();
      if (late) await late.finished();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await expect(listbox.getByRole('option').first()).toContainText(/lego/i);
      expect(departments).toHaveLength(2);
      expect(departments.every((d) => d === 'toys')).toBe(true);
    },
  );
});
