import type { Page } from '@playwright/test';
import type { AdminOrderListResponse } from '@store/shared/admin-orders';
import { ADMIN_API, OWNER, apiToken, bearer, openNav, signInAs } from './support/admin';
import { csrf } from './support/api';
import { someVariant } from './support/orders';
import { signedInShopper, visitStore } from './support/shopper';
import { expect, test } from './support/test';

/*
 * Issue 18, item 4: the owner switches on "High-risk shoppers pay the delivery fee by bKash first";
 * a shopper delivering to a phone the demo shop's history marks high-risk sees why at checkout, pays
 * ৳60 on bKash's page and lands on a cash-on-delivery order with the rest to pay at the door; staff
 * see the fee paid and what the courier collects. A site-wide setting: this runs in 'site-state',
 * on a phone and on a desktop.
 */

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ request }) => {
  const token = await apiToken(request, OWNER.email, OWNER.password);
  await request.patch(`${ADMIN_API}/settings/`, { headers: bearer(token), data: { cod_deposit_high_risk: false } });
});

test('the owner turns the setting on in the back office', async ({ page }) => {
  await signInAs(page, OWNER.email, OWNER.password);
  await (await openNav(page)).getByRole('link', { name: 'Settings' }).click();
  const group = page.getByRole('form', { name: 'Cash on delivery' });
  const toggle = group.getByRole('switch', { name: 'High-risk shoppers pay the delivery fee by bKash first' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await group.getByRole('button', { name: 'Save' }).click();
  await expect(group.getByRole('status')).toContainText('Saved');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Cash on delivery' }).getByRole('switch')).toHaveAttribute('aria-checked', 'true');
});

/** A phone the seeded history marks high-risk (its parcels came back). */
async function riskyPhone(page: Page): Promise<string> {
  const token = await apiToken(page.request, OWNER.email, OWNER.password);
  const res = await page.request.get(`${ADMIN_API}/orders/?risk=high`, { headers: bearer(token) });
  expect(res.ok(), await res.text()).toBe(true);
  const phone = ((await res.json()) as AdminOrderListResponse).data.find((o) => o.phone)?.phone;
  expect(phone, 'the demo shop has a high-risk phone').toBeTruthy();
  return phone!.replace(/^\+88/, '');
}

for (const [screen, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const) {
  test(`on a ${screen}: a high-risk shopper pays the ৳60 fee by bKash, then the order is cash on delivery for the rest`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport, ...(screen === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
    const page = await context.newPage();
    await signedInShopper(page.request, 'Rina', 'Akter');
    const headers = await csrf(page.request);
    const variant = await someVariant(page.request, `cod-deposit-${screen}`);
    const added = await page.request.post('/api/v1/cart/line-items/', {
      headers,
      data: { delivery_type: 'standard', line_item: { variant_id: variant.variantId, quantity: 1, action: 'increment' } },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const address = await page.request.post('/api/v1/addresses/?type=shipping', {
      headers,
      data: {
        name: 'Rina Akter',
        phone: await riskyPhone(page),
        division: 'Dhaka',
        location: 'Dhaka',
        area: 'Gulshan',
        address_detail: 'House 9, Road 12',
      },
    });
    expect(address.status(), await address.text()).toBe(201);

    await visitStore(page, '/checkout?step=payment');
    await expect(page.getByTestId('pay-cod-deposit')).toContainText('Pay the delivery fee of ৳60 by bKash now to confirm your order');
    const place = page.getByTestId('place-order');
    await expect(place).toHaveText('Pay delivery fee ৳60 with bKash');
    await page.screenshot({ path: test.info().outputPath(`checkout-${screen}.png`), fullPage: true });
    await place.click();

    await expect(page).toHaveURL(/\/sandbox\/bkash\/checkout\?paymentId=TR0011/);
    await expect(page.getByText('BDT 60.00')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/payment-success\?order=/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByText(/Paid the delivery fee of ৳60 with bKash\. Pay the rest, ৳[\d,]+, in cash/)).toBeVisible();
    await expect(page.getByTestId('order-status')).toContainText('Delivery fee paid');
    await expect(page.getByTestId('order-cod-deposit')).toContainText('Delivery fee paid by bKash');
    await expect(page.getByTestId('order-cod-deposit')).toContainText('To pay on delivery');
    const number = (await page.getByTestId('order-number').first().textContent())!.trim();
    await page.screenshot({ path: test.info().outputPath(`shopper-${screen}.png`), fullPage: true });
    // The bag was closed by the payment.
    const bag = (await (await page.request.get('/api/v1/cart/')).json()) as { data: { item_count: number } };
    expect(bag.data.item_count).toBe(0);

    // Staff see the fee paid and what the courier is to collect.
    const staff = await context.newPage();
    await signInAs(staff, OWNER.email, OWNER.password);
    await staff.goto(`/admin/orders?q=${encodeURIComponent(number)}`);
    await staff.getByRole('link', { name: number }).filter({ visible: true }).click();
    await expect(staff.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(staff.getByTestId('order-deposit')).toContainText('Delivery fee by bKash first(paid)');
    await expect(staff.getByText('Courier collects')).toBeVisible();
    await expect(staff.getByRole('main').getByText('Delivery fee paid').first()).toBeVisible();
    await staff.screenshot({ path: test.info().outputPath(`staff-${screen}.png`), fullPage: true });
    await context.close();
  });
}
