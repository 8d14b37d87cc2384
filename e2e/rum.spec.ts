import type { RumBeacon } from '@store/shared/rum';
import { newMember, signInAs } from './support/admin';
import { expect, test } from './support/test';

/*
 * Real-user monitoring (issue 20 item 3), on a phone and on a desktop: page loads send their Web
 * Vitals when the shopper leaves them (the e2e server samples every load), a malformed beacon is
 * refused, and a manager reads the figures on the dashboard by page type and device.
 */

test('page loads beacon their Web Vitals; the dashboard shows them by page type and device', async ({ page, request }) => {
  const device = test.info().project.name === 'phone' ? 'phone' : 'desktop';
  /** The beacon sent when the shopper hides the page (switches tab or app), as the browser would report it. */
  const hide = async (): Promise<RumBeacon> => {
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/rum/');
    // The library has loaded (after hydration) once its chunk is in; then the page goes hidden.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('web-vitals'))))
      .toBe(true);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const request = await sent;
    expect((await request.response())?.status()).toBe(204);
    return request.postDataJSON() as RumBeacon;
  };

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // A tap gives INP something to measure (the cookie banner's button, or the menu on a phone).
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  const home = await hide();
  expect(home.page_type).toBe('home');
  expect(home.device).toBe(device);
  const names = home.metrics.map((m) => m.name);
  for (const metric of ['TTFB', 'FCP'] as const) expect(names).toContain(metric);
  // Nothing personal rides along: only these keys.
  expect(Object.keys(home).sort()).toEqual(['device', 'metrics', 'page_type']);

  await page.goto('/all-product/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect((await hide()).page_type).toBe('listing');

  const malformed = await request.post('/api/v1/rum/', { data: { page_type: 'home', device, metrics: [{ name: 'LCP', value: 'slow' }] } });
  expect(malformed.status()).toBe(400);

  const manager = await newMember(request, 'manager');
  await signInAs(page, manager.email, manager.password);
  await page.goto('/admin/dashboard?period=7d');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const vitals = page.getByRole('table', { name: 'Web Vitals at the 75th percentile, by page type and device' });
  await expect(vitals).toBeVisible();
  const label = device === 'phone' ? 'Phone' : 'Desktop';
  for (const pageType of ['Home', 'Listing']) {
    // The page's name heads its row (on a phone with the device under it).
    const row = vitals
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${pageType}\\b`) }) })
      .filter({ hasText: label });
    await expect(row).toBeVisible();
    // Each measured metric's cell holds a time (or CLS's score) and how many loads it comes from.
    await expect(
      row
        .getByRole('cell')
        .filter({ hasText: /^\d+(\.\d+)? (ms|s)/ })
        .first(),
    ).toContainText(/\d+×/);
  }
});
