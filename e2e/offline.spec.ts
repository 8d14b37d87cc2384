import type { CartResponse } from '@store/shared/cart';
import type { ProductListResponse } from '@store/shared/catalog';
import * as m from '@store/shared/i18n/messages';
import { acceptCookies } from './support/cookies';
import { someVariant } from './support/orders';
import { signedInShopper } from './support/shopper';
import { expect, test as base } from '@playwright/test';
import { ONCE } from './support/test';

/**
 * Offline, the browser logs every failed load (and React Router its failed route discovery) as a
 * console error, so these journeys fail on uncaught page errors only.
 */
const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

/*
 * Installable and offline-tolerant (issue 20 item 4): the web app manifest, and the Workbox service
 * worker that keeps recently viewed public pages for when the connection drops and shows the offline
 * page for everything else. (The other journeys run with service workers blocked: playwright.config.ts.)
 */

test.use({ serviceWorkers: 'allow' });

test('the storefront is installable: a manifest with the icons an installer asks for', { tag: ONCE }, async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.ok()).toBe(true);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Glow Bazaar', display: 'standalone', start_url: '/?source=app' });
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && !i.purpose);
    expect(icon, size).toBeTruthy();
    const file = await request.get(icon!.src);
    expect(file.headers()['content-type']).toBe('image/png');
  }
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
});

test('offline, a product viewed before still opens and any other page says the shop is offline', async ({ page, context, request }) => {
  await acceptCookies(page);
  const list = (await (await request.get('/api/v1/products/?page_size=2&sort=newest')).json()) as ProductListResponse;
  const [seen, unseen] = list.results;

  await page.goto(seen!.url);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  // The worker takes control of the page (clientsClaim) once it is active.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
  // A load under its control stores the page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seen!.name);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(seen!.name);

    await page.goto(unseen!.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re offline');
    // A shopper's own pages are never kept: offline, the checkout is the offline page too.
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re offline');
  } finally {
    await context.setOffline(false);
  }
  // Back online, "Try again" loads the page itself.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/checkout\/?\?$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('You’re offline');
});

test('bag changes made offline wait, survive a reload and reach the server when the connection returns', async ({ page, context }) => {
  await acceptCookies(page);
  const { variantId, productUrl } = await someVariant(page.request, 'offline-bag');
  const serverQuantity = async () =>
    ((await (await page.request.get('/api/v1/cart/')).json()) as CartResponse).data.line_items.find(
      (l) => l.variant_id === variantId && !l.gift,
    )?.quantity ?? 0;

  await page.goto(`${productUrl}?variant=${variantId}`);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
  // The first visit installs the worker; from the next load on, the page is kept.
  await page.reload();
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await page.getByRole('button', { name: m.add_to_bag(), exact: true }).click();
  const bag = page.getByRole('dialog', { name: /Shopping bag/i });
  const quantity = bag.getByTestId('bag-line').first().getByTestId('bag-line-quantity');
  await expect(quantity).toHaveText('1');
  expect(await serverQuantity()).toBe(1);
  const badge = page.getByTestId('bag-count');
  const before = Number(await badge.textContent());

  await context.setOffline(true);
  try {
    await bag
      .getByRole('button', { name: /^Increase quantity of / })
      .first()
      .click();
    await expect(quantity).toHaveText('2');
    // Counted at once, and marked as waiting.
    await expect(badge).toHaveText(String(before + 1));
    await expect(badge).toHaveAttribute('data-waiting', 'true');
    // (The open bag makes the page behind it inert: the link's name is read from its attribute.)
    await expect(badge.locator('xpath=..')).toHaveAttribute('aria-label', /, changes waiting for a connection$/);

    // A reload without a connection (the page from the service worker) keeps the change.
    await page.reload();
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await expect(page.getByTestId('bag-count')).toHaveAttribute('data-waiting', 'true');
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByTestId('bag-count')).not.toHaveAttribute('data-waiting', 'true');
  await expect.poll(serverQuantity).toBe(2);
  // Sent once: nothing is replayed again on the next page.
  await page.reload();
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await page.waitForTimeout(1000);
  expect(await serverQuantity()).toBe(2);
});

test(
  "a signed-in shopper's pages stay off the device; the same page seen by a visitor is kept",
  { tag: ONCE },
  async ({ page, context, request }) => {
    await acceptCookies(page);
    const list = (await (await request.get('/api/v1/products/?page_size=3&sort=newest')).json()) as ProductListResponse;
    const product = list.results[2]!;
    const stored = () => page.evaluate(async () => (await (await caches.open('pages')).keys()).map((r) => new URL(r.url).pathname));
    const view = async () => {
      await page.goto(product.url);
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    };

    await signedInShopper(page.request);
    await view();
    // The page carries the shopper's name and bag in its data: it is not written to the device.
    expect(await stored()).not.toContain(product.url);

    await context.clearCookies();
    await view();
    await expect.poll(stored).toContain(product.url);
  },
);
