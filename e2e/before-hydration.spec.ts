import { type APIRequestContext, type Page } from '@playwright/test';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import type { ProductListResponse } from '@store/shared/catalog';
import { expect, test } from './support/test';

/**
 * The page's modules start after its first screen is painted (apps/web/app/lib/scripts-after-paint.ts).
 * What a shopper does before then is kept: these tests hold the client entry back, act, then let it in.
 */

/** Holds every script module until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function notHydrated(page: Page) {
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
}

test('the HTML asks for no script before the first paint, and the page hydrates after its load event', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).not.toContain('<link rel="modulepreload"');
  expect(html).not.toContain('<script type="module"');
  expect(html).toContain('(function startAfterPaint(');

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const timing = await page.evaluate(() => {
    const entry = performance.getEntriesByType('resource').find((e) => /\/assets\/entry\.client-/.test(e.name));
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { entryStart: entry?.startTime ?? -1, loadEnd: navigation.loadEventEnd };
  });
  expect(timing.entryStart).toBeGreaterThanOrEqual(timing.loadEnd);
});

test('a form filled and sent before the page has hydrated is sent once it has', async ({ page }) => {
  // The answer is the same whether or not the account exists; without the typed address it would be an error.
  const email = `early+${Date.now()}@example.com`;
  const release = await holdScripts(page);
  await page.goto('/forgot-password/');
  await page.getByLabel('Email or phone').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await notHydrated(page);
  await expect(page.getByRole('status').filter({ hasText: messages.passwordResetSent() })).toHaveCount(0);
  release();
  await expect(page.getByRole('status').filter({ hasText: messages.passwordResetSent() })).toBeVisible();
});

/** A product page with a variant of at least `stock` in stock chosen. */
async function productWithStock(request: APIRequestContext, stock: number): Promise<string> {
  const list = (await (await request.get('/api/v1/products/?in_stock=true&page_size=48')).json()) as ProductListResponse;
  for (const card of list.results) {
    const detail = (await (await request.get(`/api/v1/products/${card.brand.handle}/${card.handle}/`)).json()) as {
      data: { product_variants: { variant_id: number; stock: number }[] };
    };
    const variant = detail.data.product_variants.find((v) => v.stock >= stock);
    if (variant) return `${card.url}?variant=${variant.variant_id}`;
  }
  throw new Error(`no product with ${stock} in stock`);
}

test('taps on the quantity picker before hydration all count', async ({ page, request }) => {
  const url = await productWithStock(request, 3);
  const release = await holdScripts(page);
  await page.goto(url);
  const plus = page.getByRole('button', { name: 'Increase quantity' });
  await plus.click();
  await plus.click();
  await notHydrated(page);
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1');
  release();
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('3');
});

test("a double tap on 'Add to bag', held (and shown pressed) before hydration or made after it, adds once", async ({ page, request }) => {
  const url = await productWithStock(request, 3);
  const badge = page.getByTestId('bag-count');
  const release = await holdScripts(page);
  await page.goto(url);
  const add = page.getByRole('button', { name: m.add_to_bag(), exact: true });
  await add.click();
  // The held tap shows at once: the button looks pressed (app.css) and says it is busy.
  await expect(add).toHaveAttribute('data-held', '');
  await expect(add).toHaveAttribute('aria-busy', 'true');
  await add.click();
  await notHydrated(page);
  release();
  const line = page.getByRole('dialog', { name: /Shopping bag/i }).getByTestId('bag-line');
  await expect(line.getByTestId('bag-line-quantity')).toHaveText('1');
  await expect(badge).toHaveText('1');
  // The bag is a modal dialog over the page now (the button is out of the accessibility tree): found by its form.
  const pressed = page.locator('form[action="/form/bag"] button[type="submit"]');
  await expect(pressed).not.toHaveAttribute('data-held');
  await expect(pressed).not.toHaveAttribute('aria-busy');

  // Hydrated: two taps in one frame (faster than the bag can open over the button) add once more, not twice.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: m.add_to_bag(), exact: true }).evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });
  await expect(line.getByTestId('bag-line-quantity')).toHaveText('2');
  await expect(badge).toHaveText('2');
  await page.reload();
  await expect(badge).toHaveText('2');
});

test('a sort chosen and a box ticked before hydration apply once it has', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/all-product/');
  await page.getByLabel('Sort by').selectOption('price_asc');
  // The filter boxes are on the page on a desktop; on a phone they wait behind the Filter button.
  const desktop = (page.viewportSize()?.width ?? 0) >= 1024;
  if (desktop) await page.locator('#listing-filters').getByLabel('In stock').check();
  await notHydrated(page);
  expect(page.url()).not.toContain('sort=');
  release();
  await expect(page).toHaveURL(/sort=price_asc/);
  if (desktop) {
    await expect(page).toHaveURL(/in_stock=true/);
    await expect(page.locator('#listing-filters').getByLabel('In stock')).toBeChecked();
  }
});

test('after hydration, a tap on the bag or the menu whose code is still on its way shows pressed until it opens', async ({ page }) => {
  /** Holds the panel's code back, as a slow 4G would, until the returned function is called. */
  const holdCode = async (chunk: string) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route) => {
      await released;
      await route.continue();
    });
    return release;
  };
  const releaseBag = await holdCode('bag-panel');
  const releaseMenu = await holdCode('mobile-menu');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

  // Found by its count: once the bag is open, the page under the modal is out of the accessibility tree.
  const bag = page.getByTestId('bag-count').locator('xpath=..');
  await bag.click();
  await expect(bag).toHaveAttribute('data-held', '');
  await expect(bag).toHaveAttribute('aria-busy', 'true');
  releaseBag();
  const panel = page.getByRole('dialog', { name: /Shopping bag/ });
  await expect(panel).toBeVisible();
  await expect(bag).not.toHaveAttribute('data-held');
  await expect(bag).not.toHaveAttribute('aria-busy');
  await panel.getByRole('button', { name: 'Close shopping bag' }).click();
  await expect(panel).toBeHidden();

  // The header's menu button, by its label for the same reason.
  const menu = page.locator(`button[aria-label="${m.shell_open_menu()}"]`);
  await menu.click();
  await expect(menu).toHaveAttribute('data-held', '');
  await expect(menu).toHaveAttribute('aria-busy', 'true');
  releaseMenu();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expect(menu).not.toHaveAttribute('data-held');
  await expect(menu).not.toHaveAttribute('aria-busy');
});

test('a menu button starts fetching the menu as soon as a finger or focus reaches it, before its tap', async ({ page }) => {
  const code = /\/assets\/mobile-menu-[\w-]+\.js$/;
  const levels = /\/api\/v1\/site-config\/\?type=/;
  const reachedBy = [
    // The bottom bar's button, under a pointer (a finger's touch starts with one).
    { reach: () => page.getByRole('navigation', { name: m.shell_shortcuts() }).getByRole('button', { name: m.shell_menu() }).hover() },
    // The header's, by the keyboard.
    { reach: () => page.locator(`header button[aria-label="${m.shell_open_menu()}"]`).focus() },
  ];
  for (const { reach } of reachedBy) {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const fetched = Promise.all([page.waitForRequest(code), page.waitForRequest(levels)]);
    await reach();
    await fetched;
    // Fetched, not opened: the menu waits for the tap.
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  }
});

test('a tap on a menu button held before hydration has the menu fetched while the page hydrates, before the tap is replayed', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/');
  const menu = page.locator(`header button[aria-label="${m.shell_open_menu()}"]`);
  await menu.click();
  await expect(menu).toHaveAttribute('data-held', '');
  await notHydrated(page);
  // The held tap is replayed as a click on the button: the page notes when it comes, before the menu's own handler runs.
  await page.evaluate(() => {
    const noteReplay = (event: MouseEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest('header [data-opens-menu]')) return;
      document.documentElement.dataset.replayedAt = String(performance.now());
      removeEventListener('click', noteReplay, true);
    };
    addEventListener('click', noteReplay, true);
  });
  release();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  const { replayedAt, code, levels } = await page.evaluate(() => {
    const started = (pattern: RegExp) =>
      performance.getEntriesByType('resource').find((entry) => pattern.test(entry.name))?.startTime ?? Infinity;
    return {
      replayedAt: Number(document.documentElement.dataset.replayedAt),
      code: started(/\/assets\/mobile-menu-[\w-]+\.js$/),
      levels: started(/\/api\/v1\/site-config\/\?type=/),
    };
  });
  expect(replayedAt).toBeGreaterThan(0);
  expect(code).toBeLessThan(replayedAt);
  expect(levels).toBeLessThan(replayedAt);
});
