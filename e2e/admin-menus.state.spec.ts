import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminHighlight, AdminNavItem, AdminStoreLocation } from '@store/shared/admin-navigation';
import { ADMIN_API, OWNER, apiToken, bearer, openNav, signInAs } from './support/admin';
import { expect, test } from './support/test';

/*
 * Menus, the highlight message and store locations from the back office, seen on the storefront.
 * They change what every page shows (the header, the footer), so they run in the 'site-state'
 * project, alone and after every other spec, and put everything back at the end.
 */

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function ownerToken(request: APIRequestContext) {
  return apiToken(request, OWNER.email, OWNER.password);
}

/** Deletes what a test added (menu items by title, stores by name) and puts the highlight back. */
async function cleanUp(request: APIRequestContext, titles: string[], stores: string[], highlight: AdminHighlight | null) {
  const token = await ownerToken(request);
  for (const menu of ['beauty', 'kids']) {
    const items = (
      (await (await request.get(`${ADMIN_API}/content/menus/?menu=${menu}`, { headers: bearer(token) })).json()) as {
        data: AdminNavItem[];
      }
    ).data;
    for (const item of items.filter((i) => titles.includes(i.title))) {
      await request.delete(`${ADMIN_API}/content/menu-items/${item.id}/`, { headers: bearer(token) });
    }
  }
  const locations = (
    (await (await request.get(`${ADMIN_API}/content/store-locations/`, { headers: bearer(token) })).json()) as {
      data: AdminStoreLocation[];
    }
  ).data;
  for (const location of locations.filter((l) => stores.includes(l.name))) {
    await request.delete(`${ADMIN_API}/content/store-locations/${location.id}/`, { headers: bearer(token) });
  }
  if (highlight) await request.put(`${ADMIN_API}/content/highlight/`, { headers: bearer(token), data: highlight });
}

async function openScreen(page: Page, link: string, heading: string) {
  await (await openNav(page)).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Adds a top-level item to the menu on screen and moves it to the top (the ↑ button, and the last place by a keyboard drag when asked); the order is left unsaved. */
async function addItemAtTop(page: Page, title: string, { keyboardDrag }: { keyboardDrag: boolean }) {
  await page.getByRole('button', { name: 'Add a menu item' }).click();
  const editor = page.getByRole('dialog', { name: 'Add a menu item' });
  await editor.getByLabel('Title').fill(title);
  await editor.getByLabel('Relative address').fill('/all-product/');
  // The form's own check first: a colour that is not #rrggbb.
  await editor.getByLabel('Colour', { exact: true }).fill('pink');
  await editor.getByRole('button', { name: 'Add item' }).click();
  await expect(editor.getByText('Must be a colour such as #c2185b')).toBeVisible();
  await editor.getByLabel('Colour', { exact: true }).fill('#c2185b');
  await editor.getByRole('button', { name: 'Add item' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `“${title}” saved` })).toBeVisible();

  const top = page.getByRole('list', { name: 'Menu items' });
  const rows = top.locator(':scope > li');
  await expect(rows.last()).toContainText(title);
  const up = page.getByRole('button', { name: `Move ${title} up` });
  // Up until it is first (second when the keyboard drag takes the last step). Counted as it goes:
  // the phone's journey may add an item to this menu meanwhile.
  const stopAt = rows.nth(keyboardDrag ? 1 : 0);
  for (let i = 0; i < 100 && !((await stopAt.textContent()) ?? '').includes(title); i += 1) await up.click();
  if (keyboardDrag) {
    await expect(rows.nth(1)).toContainText(title);
    // The last step by dragging its handle with the keyboard (pick up, up one place, drop), each key
    // pressed once what the screen reader hears says the one before has landed.
    const handle = page.getByRole('button', { name: `Drag ${title}` });
    const heard = (text: string) => expect(page.getByRole('status').filter({ hasText: text })).toBeAttached();
    await expect(async () => {
      if (!((await rows.first().textContent()) ?? '').includes(title)) {
        await handle.focus();
        await page.keyboard.press('Space');
        await expect(handle).toHaveAttribute('aria-pressed', 'true');
        await heard(`Picked up ${title}, at position 2 of`);
        await page.keyboard.press('ArrowUp');
        await heard(`${title} is over position 1 of`);
        await page.keyboard.press('Space');
        await heard(`${title} was dropped at position 1 of`);
      }
      await expect(rows.first()).toContainText(title, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }
  await expect(rows.first()).toContainText(title);
  await expect(up).toBeDisabled();
  await expect(page.getByText('Unsaved order')).toBeVisible();
  return rows;
}

test.describe('content from the back office on a desktop', () => {
  const title = `E2E desk ${stamp}`;
  const store = `E2E store ${stamp}`;
  let highlight: AdminHighlight | null = null;

  test.afterAll(async ({ request }) => {
    await cleanUp(request, [title], [store], highlight);
  });

  test('a menu item added and moved to the top, the highlight message and a store show on the storefront, each write audited', async ({
    page,
    browser,
    request,
  }) => {
    const token = await ownerToken(request);
    highlight = (
      (await (await request.get(`${ADMIN_API}/content/highlight/`, { headers: bearer(token) })).json()) as { data: AdminHighlight }
    ).data;

    await signInAs(page, OWNER.email, OWNER.password);
    await openScreen(page, 'Menus', 'Menus');
    await addItemAtTop(page, title, { keyboardDrag: true });
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Order saved' })).toBeVisible();
    await expect(page.getByText('Unsaved order')).toBeHidden();

    const shopper = await browser.newPage();
    await shopper.goto('/');
    const main = shopper.getByRole('navigation', { name: 'Main' });
    await expect(main.locator(':scope > ul > li').first()).toContainText(title);

    // The highlight message, on the same screen.
    const message = `E2E: free delivery all week ${stamp}`;
    const form = page.getByRole('form', { name: 'Highlight message' });
    await form.getByLabel('Message').fill('x'.repeat(201));
    await form.getByRole('button', { name: 'Save message' }).click();
    await expect(form.getByText('At most 200 characters')).toBeVisible();
    await form.getByLabel('Message').fill(message);
    await form.getByRole('button', { name: 'Save message' }).click();
    await expect(form.getByRole('status')).toContainText('Saved');
    await shopper.reload();
    await expect(shopper.getByTestId('highlight-message')).toHaveText(message);

    // A store location, listed in the storefront's footer.
    await openScreen(page, 'Store locations', 'Store locations');
    await page.getByRole('button', { name: 'Add a store' }).click();
    const editor = page.getByRole('dialog', { name: 'Add a store' });
    await editor.getByLabel('Name').fill(store);
    await editor.getByLabel('Address').fill('House 7, Road 11');
    await editor.getByLabel('Area').fill('Banani');
    await editor.getByLabel('Phone').fill('+8801711000099');
    await editor.getByLabel('Opening hours').fill('Every day 10am–8pm');
    await editor.getByLabel('Map link').fill('http://maps.example');
    await editor.getByRole('button', { name: 'Add store' }).click();
    await expect(editor.getByText('Give the map link starting with https://')).toBeVisible();
    await editor.getByLabel('Map link').fill('https://maps.google.com/?q=Banani');
    await editor.getByRole('button', { name: 'Add store' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByTestId('store-location').filter({ hasText: store })).toBeVisible();
    await shopper.reload();
    const stores = shopper.getByRole('region', { name: 'Our stores' });
    await expect(stores).toContainText(store);
    await expect(stores).toContainText('Banani, Dhaka · Every day 10am–8pm');
    await expect(stores.getByRole('link', { name: `Map of ${store}` })).toHaveAttribute('href', 'https://maps.google.com/?q=Banani');
    await shopper.close();

    // Each write in the audit log.
    await openScreen(page, 'Audit log', 'Audit log');
    const filters = page.getByRole('form', { name: 'Filter the audit log' });
    for (const [entity, action] of [
      ['menu_item', 'menu_item.create'],
      ['menu', 'menu.reorder'],
      ['settings', 'highlight.update'],
      ['store_location', 'store_location.create'],
    ] as const) {
      // The form takes the last filter's values from the URL once its list has loaded, which can land
      // just after the next value was typed: then it is typed again.
      await expect(async () => {
        await filters.getByLabel('Entity').fill(entity);
        await filters.getByRole('button', { name: 'Filter' }).click();
        await expect(page).toHaveURL(new RegExp(`entity=${entity}(&|$)`), { timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      await expect(page.getByRole('row').filter({ hasText: action }).first()).toContainText('Demo Owner');
    }
  });
});

test.describe('the menus on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });
  const title = `E2E phone ${stamp}`;

  test.afterAll(async ({ request }) => {
    await cleanUp(request, [title], [], null);
  });

  test('an item moved with the buttons is first in the phone menu; leaving unsaved asks first', async ({ page, browser }) => {
    await signInAs(page, OWNER.email, OWNER.password);
    await openScreen(page, 'Menus', 'Menus');
    await addItemAtTop(page, title, { keyboardDrag: false });

    // Leaving with the order unsaved asks; staying keeps it.
    await (await openNav(page)).getByRole('link', { name: 'Audit log' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Menus' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('Unsaved order')).toBeVisible();
    await page.getByRole('button', { name: 'Save order' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Order saved' })).toBeVisible();

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const shopper = await context.newPage();
    await shopper.goto('/');
    await shopper.getByRole('button', { name: 'Open menu' }).click();
    const categories = shopper.getByRole('navigation', { name: 'Categories' });
    await expect(categories.locator(':scope > ul > li').first()).toContainText(title);
    await context.close();
  });
});
