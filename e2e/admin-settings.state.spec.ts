import type { Page } from '@playwright/test';
import type { AdminSettings } from '@store/shared/admin-settings';
import { ADMIN_API, OWNER, apiToken, bearer, openNav, signInAs } from './support/admin';
import { expect, test } from './support/test';

/*
 * Settings from the back office, seen on the storefront. These change site-wide settings, so they run
 * in the 'site-state' project after the phone and desktop specs. Maintenance mode, which closes every
 * page, has its own project after this one: maintenance.closed.spec.ts.
 */

async function openSettings(page: Page) {
  await signInAs(page, OWNER.email, OWNER.password);
  await (await openNav(page)).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

test.describe('the audit log', () => {
  let original: number | undefined;
  test.afterEach(async ({ request }) => {
    if (original === undefined) return;
    const token = await apiToken(request, OWNER.email, OWNER.password);
    await request.patch(`${ADMIN_API}/settings/`, { headers: bearer(token), data: { stock_warning_threshold: original } });
  });

  test('a settings change appears with who made it and its before and after', async ({ page, request }) => {
    const token = await apiToken(request, OWNER.email, OWNER.password);
    original = ((await (await request.get(`${ADMIN_API}/settings/`, { headers: bearer(token) })).json()) as { data: AdminSettings }).data
      .stock_warning_threshold;
    const next = original + 1;

    await openSettings(page);
    const stock = page.getByRole('form', { name: 'Stock warning' });
    // Bad input gets the shared schema's message and saves nothing.
    await stock.getByLabel('Warn below (units)').fill('0');
    await stock.getByRole('button', { name: 'Save' }).click();
    await expect(stock.getByText('At least 1')).toBeVisible();
    await stock.getByLabel('Warn below (units)').fill(String(next));
    await stock.getByRole('button', { name: 'Save' }).click();
    await expect(stock.getByRole('status')).toContainText('Saved');

    await (await openNav(page)).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const filters = page.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('Entity').fill('settings');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/entity=settings/);
    const row = page.getByRole('row').filter({ hasText: 'stock_warning_threshold' }).first();
    await expect(row).toContainText('settings.update');
    await expect(row).toContainText('Demo Owner');
    await row.getByRole('button', { name: /Show the changes/ }).click();
    const change = page.getByRole('row', { name: /^stock_warning_threshold/ }).first();
    await expect(change.getByRole('cell').nth(0)).toHaveText(String(original));
    await expect(change.getByRole('cell').nth(1)).toHaveText(String(next));
  });
});
