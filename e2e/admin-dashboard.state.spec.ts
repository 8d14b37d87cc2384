import type { APIRequestContext } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { formatTaka, groupIndian } from '@store/shared/money';
import { ADMIN_API, OWNER, apiToken, bearer, openNav, signInAs } from './support/admin';
import { expect, test } from './support/test';

/*
 * The dashboard (issue 18 item 7) against the orders themselves: its 30-day sales and order count
 * equal the sums a test makes from the order list's CSV export of the same Dhaka days (cancelled and
 * returned orders are not sales; refunds come off). It runs with the back-office journeys
 * ('site-state'), on a phone and on a desktop; other journeys may place orders meanwhile, so the
 * comparison is read again until the screen and the sums agree.
 */

const dhakaDay = (ms: number) => new Date(ms + 6 * 3_600_000).toISOString().slice(0, 10);

/** The 30 days' sales and orders, summed from the CSV of every order placed in them. */
async function sumsFromExport(request: APIRequestContext, token: string) {
  const now = Date.now();
  const from = dhakaDay(now - 29 * 86_400_000);
  const to = dhakaDay(now);
  const res = await request.get(`${ADMIN_API}/orders/export/?from=${from}&to=${to}`, { headers: bearer(token) });
  expect(res.ok()).toBe(true);
  const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
  const sold = rows.filter((r) => r.status !== 'Cancelled' && r.status !== 'Returned');
  const taka = sold.reduce((sum, r) => sum + Number(r.total) - Number(r.refunded), 0);
  return { sales: formatTaka(Math.round(taka * 100)), orders: groupIndian(sold.length) };
}

for (const [screen, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const) {
  test.describe(screen, () => {
    test.use({ viewport });
    test(`the dashboard's 30-day sales and orders equal the orders' own sums (${screen})`, async ({ page, request }) => {
      const token = await apiToken(request, OWNER.email, OWNER.password);
      await signInAs(page, OWNER.email, OWNER.password);
      await (await openNav(page)).getByRole('link', { name: 'Dashboard' }).click();
      await page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: '30 days' }).click();
      await expect(page).toHaveURL(/period=30d/);
      await expect(async () => {
        const expected = await sumsFromExport(request, token);
        await page.reload();
        await expect(page.getByRole('group', { name: 'Sales' })).toContainText(expected.sales, { timeout: 3_000 });
        await expect(page.getByRole('group', { name: 'Orders' })).toContainText(expected.orders, { timeout: 3_000 });
      }).toPass({ timeout: 60_000 });
      // The demo shop's month of orders is there: the figures are not the empty shop's.
      await expect(page.getByRole('group', { name: 'Orders' })).not.toContainText(/^Orders\s*0\b/);
    });
  });
}
