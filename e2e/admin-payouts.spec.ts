import type { APIRequestContext } from '@playwright/test';
import type { AdminOrderDetail, AdminOrderListResponse } from '@store/shared/admin-orders';
import { ADMIN_API, apiToken, bearer, newMember, openNav, signInAs } from './support/admin';
import { placeOrder } from './support/orders';
import { expect, test } from './support/test';

/*
 * Couriers' cash in the back office (issue 18 item 3), on a phone and on a desktop: two confirmed
 * cash-on-delivery orders are booked together from the order list, Steadfast delivers them, and its
 * short payment for both is recorded on the payouts screen: the shortfall shows and the parcels
 * leave the cash Steadfast holds.
 */

/** Confirms the order numbered `number` through the admin API, as a staffer's call would. */
async function confirmOrder(request: APIRequestContext, token: string, number: string) {
  const found = await request.get(`${ADMIN_API}/orders/?q=${encodeURIComponent(number)}`, { headers: bearer(token) });
  expect(found.ok(), await found.text()).toBe(true);
  const id = ((await found.json()) as AdminOrderListResponse).data.find((o) => o.number === number)?.id;
  expect(id).toBeDefined();
  const detail = await request.get(`${ADMIN_API}/orders/${id}/`, { headers: bearer(token) });
  const { revision } = ((await detail.json()) as { data: AdminOrderDetail }).data;
  const confirmed = await request.post(`${ADMIN_API}/orders/${id}/confirm/`, { headers: bearer(token), data: { revision } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

/** "৳6,480" → 6480 (taka). */
const taka = (text: string) => Number(/৳([\d,]+)/.exec(text)?.[1]?.replaceAll(',', '') ?? Number.NaN);

test('two COD orders booked together with Steadfast, delivered, and paid out short: the shortfall shows', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const key = test.info().titlePath.join(' ') + test.info().project.name;
  const orders = [];
  for (const n of [1, 2]) {
    const shopper = await browser.newContext();
    orders.push(await placeOrder(shopper.request, `${key} ${n}`));
    await shopper.close();
  }
  const member = await newMember(request, 'fulfilment', 'Nadia Payouts');
  const token = await apiToken(request, member.email, member.password);
  for (const order of orders) await confirmOrder(request, token, order.number);

  // The confirmed orders, both ticked and booked with Steadfast in one go.
  await signInAs(page, member.email, member.password);
  await (await openNav(page)).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByRole('link', { name: 'confirmed', exact: true }).click();
  await expect(page).toHaveURL(/status=confirmed/);
  for (const order of orders) {
    await page
      .getByRole('checkbox', { name: `Select order ${order.number}` })
      .filter({ visible: true })
      .check();
  }
  const bar = page.getByRole('region', { name: 'Book parcels' });
  await expect(bar).toContainText('2 selected');
  await bar.getByLabel('Courier').selectOption('steadfast');
  await bar.getByRole('button', { name: 'Book parcels' }).click();
  await expect(bar.getByRole('status')).toHaveText('Booked 2 of 2 with Steadfast');
  const consignments: string[] = [];
  for (const order of orders) {
    const result = bar.getByTestId('booking-result').filter({ hasText: order.number });
    await expect(result).toContainText('Booked: consignment');
    consignments.push(/consignment (\S+)/.exec((await result.textContent()) ?? '')?.[1] ?? '');
  }
  expect(consignments.every(Boolean)).toBe(true);
  // Shipped now: they leave the list of confirmed orders.
  for (const order of orders) await expect(page.getByRole('checkbox', { name: `Select order ${order.number}` })).toHaveCount(0);

  // Steadfast delivers both and collects the cash.
  for (const consignment of consignments) {
    const moved = await request.post(`/dev/couriers/steadfast/parcels/${encodeURIComponent(consignment)}/advance`, {
      data: { status: 'delivered' },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }

  // Steadfast pays ৳50 less than both parcels' cash less fees: recorded against the two parcels.
  await (await openNav(page)).getByRole('link', { name: 'Courier payouts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Courier payouts' })).toBeVisible();
  const steadfast = page.getByRole('region', { name: 'Steadfast', exact: true });
  const parcel = (consignment: string) => steadfast.getByRole('checkbox', { name: new RegExp(`^Select parcel ${consignment} `) });
  for (const consignment of consignments) await parcel(consignment).filter({ visible: true }).check();
  const expected = steadfast.getByTestId('payout-expected');
  await expect(expected).toContainText('Expected ৳');
  const due = taka((await expected.textContent()) ?? '');
  expect(due).toBeGreaterThan(50);
  const reference = `SF-${Date.now()}-${test.info().project.name}`;
  await steadfast.getByLabel('Reference').fill(reference);
  await steadfast.getByLabel('Amount paid (৳)').fill(String(due - 50));
  await expect(expected).toContainText('৳50 short');
  await steadfast.getByRole('button', { name: 'Record payout' }).click();

  await expect(page.getByRole('status').filter({ hasText: reference })).toContainText('৳50 short');
  for (const consignment of consignments) await expect(parcel(consignment)).toHaveCount(0);
  const recorded = page
    .getByRole('region', { name: 'Payouts recorded' })
    .getByTestId('list-item')
    .filter({ hasText: reference })
    .filter({ visible: true });
  await expect(recorded).toContainText('2 parcels');
  await expect(recorded.getByTestId('payout-short')).toHaveText('৳50 short');
});
