import type { APIRequestContext, Page } from '@playwright/test';
import type { PublicConfig } from '@store/shared/content';
import * as messages from '@store/shared/messages';
import { ADMIN_API, OWNER, apiToken, bearer, openNav, signInAs } from './support/admin';
import { expect, test } from './support/test';

/*
 * Maintenance mode closes every page of the shared e2e server, so these run in the 'closed-store'
 * project: after every other project, one test at a time. The layout test flips the switch through
 * PUT /api/v1/dev/settings/site/ (it exists only when NODE_ENV is not production); the settings test
 * flips it from the back office as the owner would.
 */
test.describe.configure({ mode: 'serial' });

async function openSettings(page: Page) {
  await signInAs(page, OWNER.email, OWNER.password);
  await (await openNav(page)).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

async function setMaintenance(request: APIRequestContext, on: boolean) {
  const res = await request.put('/api/v1/dev/settings/site/', { data: { site_under_maintenance: on } });
  expect(res.ok()).toBe(true);
}

test.describe('maintenance mode', () => {
  test.afterEach(async ({ request }) => setMaintenance(request, false));

  test('the maintenance page replaces every page with status 503 while the settings say so', async ({ page, request }) => {
    const config = (await (await request.get('/api/v1/public-config/')).json()).data as PublicConfig;
    await setMaintenance(request, true);

    for (const path of ['/', '/all-product/', '/blog', '/page/about-us', '/no/such/page', '/404']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(503);
      const html = await res.text();
      expect(html, path).toContain(messages.maintenanceTitle());
      expect(html, path).not.toContain('aria-label="Main"');
    }

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.maintenanceTitle());
    await expect(page.getByText(messages.maintenanceBody())).toBeVisible();
    await expect(page.getByRole('link', { name: config.support_email })).toHaveAttribute('href', `mailto:${config.support_email}`);
    await expect(page.locator(`a[href="tel:${config.support_phone}"]`)).toBeVisible();
    await expect(page.locator('header')).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    await expect(page).toHaveTitle(messages.maintenanceTitle());

    await setMaintenance(request, false);
    expect((await request.get('/')).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
  });
});

test.describe('maintenance from the settings screen', () => {
  test.afterEach(async ({ request }) => {
    const token = await apiToken(request, OWNER.email, OWNER.password);
    const res = await request.patch(`${ADMIN_API}/settings/`, { headers: bearer(token), data: { site_under_maintenance: false } });
    expect(res.ok()).toBe(true);
  });

  test('switching it on closes the storefront to shoppers while staff preview it, and off opens it again', async ({ page, browser }) => {
    await openSettings(page);
    const maintenance = page.getByRole('switch', { name: 'Website under maintenance' });
    await expect(maintenance).not.toBeChecked();
    await maintenance.click();
    const confirm = page.getByRole('dialog', { name: 'Close the storefront?' });
    await confirm.getByRole('button', { name: 'Turn maintenance on' }).click();
    await expect(confirm).toBeHidden();
    await expect(maintenance).toBeChecked();

    const shopper = await browser.newPage();
    await shopper.goto('/');
    await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(messages.maintenanceTitle());

    // The member's preview: a new tab of the same browser sees the store.
    const [store] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Preview the store' }).click(),
    ]);
    await store.waitForLoadState();
    await expect(store.getByRole('navigation', { name: 'Main' })).toBeAttached();
    await expect(store.getByRole('heading', { level: 1, name: messages.maintenanceTitle() })).toHaveCount(0);
    await store.close();

    await maintenance.click();
    await page.getByRole('dialog', { name: 'Open the storefront?' }).getByRole('button', { name: 'Turn maintenance off' }).click();
    await expect(maintenance).not.toBeChecked();
    await shopper.reload();
    await expect(shopper.getByRole('navigation', { name: 'Main' })).toBeAttached();
    await shopper.close();
  });
});
