import type { Page } from '@playwright/test';
import { newMember, openNav, signInAs } from './support/admin';
import { csrf, outbox } from './support/api';
import { placeOrder, stockOf } from './support/orders';
import { visitStore } from './support/shopper';
import { expect, test } from './support/test';

/*
 * Orders in the back office (issue 18), on a phone and on a desktop: a fulfilment staffer finds a
 * shopper's cash-on-delivery order, confirms it on a call, packs it and books its parcel; a
 * cancelled order gives its stock and its coupon back; the shopper's order page and SMS follow.
 */

/** Signs a new member of `role` in on `page` and opens the order from the Orders screen by searching its number. */
async function openOrder(page: Page, number: string) {
  await (await openNav(page)).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByLabel('Search').fill(number);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  // The filtered list, not the one it replaces (which may hold the same order): a click on a row
  // being replaced is lost.
  await expect(page.getByText('1 order · page 1 of 1')).toBeVisible();
  await page.getByRole('link', { name: number }).filter({ visible: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
}

test('a cancelled order gives back its stock and its coupon, and the shopper is told', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const shopperContext = await browser.newContext();
  const shopper = shopperContext.request;
  const order = await placeOrder(shopper, test.info().titlePath.join(' ') + test.info().project.name, { coupon: 'WELCOME10' });
  const stockAfterOrder = await stockOf(request, order.productUrl, order.variantId);

  const member = await newMember(request, 'fulfilment', 'Karim Packer');
  await signInAs(page, member.email, member.password);
  await openOrder(page, order.number);
  await page.getByRole('toolbar', { name: 'Order actions' }).getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${order.number}` });
  await dialog.getByLabel('Reason').selectOption('other');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  // "Other" needs a word of why: nothing is cancelled without it.
  await expect(dialog.getByText('Say why')).toBeVisible();
  await dialog.getByLabel('Why').fill('Ordered twice by mistake');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('The order is cancelled.')).toBeVisible();
  await expect(page.getByRole('main').getByText('Cancelled', { exact: true }).first()).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline).toContainText('Other: Ordered twice by mistake');
  await expect(timeline).toContainText('Karim Packer');

  // The stock is back, and the once-per-customer coupon can be used again by the same shopper.
  expect(await stockOf(request, order.productUrl, order.variantId)).toBe(stockAfterOrder + 2);
  const headers = await csrf(shopper);
  await shopper.post('/api/v1/cart/line-items/', {
    headers,
    data: { delivery_type: 'standard', line_item: { variant_id: order.variantId, quantity: 1, action: 'increment' } },
  });
  const again = await shopper.post('/api/v1/checkout/discount_code/', { headers, data: { discount: { code: 'WELCOME10' } } });
  expect(again.ok(), await again.text()).toBe(true);

  // The shopper's SMS and their order page say so.
  await expect
    .poll(async () => (await outbox(request, order.phone)).some((m) => m.body.includes(`order ${order.number} has been cancelled`)))
    .toBe(true);
  const shopperPage = await shopperContext.newPage();
  await visitStore(shopperPage, `/account/orders/${order.number}`);
  await expect(shopperPage.getByTestId('order-number')).toHaveText(order.number);
  await expect(shopperPage.getByRole('region', { name: 'History' })).toContainText('Cancelled');
  await shopperContext.close();
});

/** What each simulated courier calls the parcel moving, arriving and coming back (docs/couriers.md). */
const COURIER_WORDS = {
  steadfast: { name: 'Steadfast', moving: 'pending', delivered: 'delivered', returned: 'cancelled' },
  pathao: { name: 'Pathao', moving: 'order.in-transit', delivered: 'order.delivered', returned: 'order.returned' },
  redx: { name: 'RedX', moving: 'delivery-in-progress', delivered: 'delivered', returned: 'returned' },
} as const;

for (const [courier, words] of Object.entries(COURIER_WORDS)) {
  const returned = courier === 'pathao';
  test(`a COD order is confirmed on a call, packed, booked with ${words.name} and ${returned ? 'comes back: its stock returns' : 'delivered: the shopper sees each step'}`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const shopperContext = await browser.newContext();
    const order = await placeOrder(shopperContext.request, test.info().titlePath.join(' ') + test.info().project.name);
    const stockAfterOrder = await stockOf(request, order.productUrl, order.variantId);

    const member = await newMember(request, 'fulfilment', 'Shirin Fulfilment');
    await signInAs(page, member.email, member.password);
    await openOrder(page, order.number);
    await expect(page.getByTestId('cod-record')).toContainText('New phone');

    // The staffer calls the shopper: no answer first, then confirmed.
    const actions = page.getByRole('toolbar', { name: 'Order actions' });
    await actions.getByRole('button', { name: 'Record a call' }).click();
    let dialog = page.getByRole('dialog', { name: 'Record a call' });
    await dialog.getByLabel('What the call came to').selectOption('no_answer');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The call is on the timeline.')).toBeVisible();
    await actions.getByRole('button', { name: 'Record a call' }).click();
    dialog = page.getByRole('dialog', { name: 'Record a call' });
    await dialog.getByLabel('What the call came to').selectOption('confirmed');
    await dialog.getByLabel('Note (optional)').fill('Deliver after 5 pm');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The order is confirmed.')).toBeVisible();
    await actions.getByRole('button', { name: 'Mark packed' }).click();
    await expect(page.getByText('The order is packed.')).toBeVisible();

    // Booked with the courier's simulator: the consignment and tracking code land on the order.
    const shipping = page.getByRole('region', { name: 'Shipping' });
    await shipping.getByLabel('Courier').selectOption(courier);
    await shipping.getByRole('button', { name: 'Book parcel' }).click();
    const parcel = shipping.getByTestId('shipment');
    await expect(parcel).toContainText(words.name);
    await expect(parcel).toContainText('Booked');
    const consignment = /· (\S+)/.exec((await parcel.locator('span.font-medium').first().textContent()) ?? '')?.[1] ?? '';
    expect(consignment).not.toBe('');

    // The courier's webhooks move the order: in transit, then delivered (or back to the shop).
    for (const status of [words.moving, returned ? words.returned : words.delivered]) {
      const moved = await request.post(`/dev/couriers/${courier}/parcels/${encodeURIComponent(consignment)}/advance`, { data: { status } });
      expect(moved.ok(), await moved.text()).toBe(true);
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
    await expect(parcel).toContainText(returned ? 'Returned' : 'Delivered');
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText('Called the customer: Confirmed the order');
    await expect(timeline).toContainText('Shirin Fulfilment');
    await expect(timeline).toContainText(returned ? 'Order In transit → Returned' : 'Order In transit → Delivered');

    const shopperPage = await shopperContext.newPage();
    await visitStore(shopperPage, `/account/orders/${order.number}`);
    const history = shopperPage.getByRole('region', { name: 'History' });
    for (const step of ['Confirmed', 'Packed', 'Shipped', 'In transit', returned ? 'Returned' : 'Delivered'])
      await expect(history).toContainText(step);
    await expect(shopperPage.getByTestId('order-parcel')).toContainText(words.name);
    if (returned) {
      expect(await stockOf(request, order.productUrl, order.variantId)).toBe(stockAfterOrder + 2);
    } else {
      await expect(shopperPage.getByTestId('order-status')).toContainText('Paid');
      await expect
        .poll(async () =>
          (await outbox(request, order.phone)).some((m) => m.body.includes(`order ${order.number} is on its way with ${words.name}`)),
        )
        .toBe(true);
    }
    await shopperContext.close();
  });
}

/** The shopper pays on the gateway simulator's page and comes back to payment success. */
async function payOnGateway(page: Page, redirect: string, method: 'bkash' | 'card') {
  await page.goto(redirect);
  if (method === 'bkash') await page.getByRole('button', { name: 'Confirm' }).click();
  else await page.getByRole('button', { name: /^Pay BDT [\d,]+\.00$/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
}

for (const method of ['bkash', 'card'] as const) {
  const gateway = method === 'bkash' ? 'bKash' : 'Card (SSLCommerz)';
  test(`a ${method === 'bkash' ? 'bKash' : 'card'} order is refunded in part, then in full, through the gateway`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const shopperContext = await browser.newContext();
    const order = await placeOrder(shopperContext.request, test.info().titlePath.join(' ') + test.info().project.name, {
      method,
      quantity: 1,
    });
    await payOnGateway(await shopperContext.newPage(), order.redirect!, method);

    const member = await newMember(request, 'manager', 'Mitu Manager');
    await signInAs(page, member.email, member.password);
    await openOrder(page, order.number);
    const refunds = page.getByRole('region', { name: 'Refunds' });

    // Part of it first: ৳100 back to where it came from.
    await refunds.getByRole('button', { name: 'Refund…' }).click();
    let dialog = page.getByRole('dialog', { name: `Refund order ${order.number}` });
    await expect(dialog.getByLabel('How')).toHaveValue('gateway');
    await dialog.getByLabel('Amount (৳)').fill('100.5');
    await dialog.getByLabel('Reason').fill('One item arrived damaged');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog.getByText('Use a whole taka amount')).toBeVisible();
    await dialog.getByLabel('Amount (৳)').fill('100');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog).toBeHidden();
    const first = refunds.getByTestId('refund').first();
    await expect(first).toContainText(`৳100 · ${gateway}`);
    if (method === 'card') {
      // SSLCommerz answers "processing" at first; staff ask again until the bank has settled it.
      await expect(first).toContainText('Processing');
      await expect(async () => {
        await refunds.getByRole('button', { name: 'Check with the gateway' }).click();
        await expect(first).toContainText('Refunded', { timeout: 2_000 });
      }).toPass();
    }
    await expect(first).toContainText('Refunded');
    await expect(page.getByText('Partly refunded').first()).toBeVisible();

    // Then the rest: the dialog offers what is left.
    await refunds.getByRole('button', { name: 'Refund…' }).click();
    dialog = page.getByRole('dialog', { name: `Refund order ${order.number}` });
    await dialog.getByLabel('Reason').fill('Customer returned the rest');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(refunds.getByTestId('refund')).toHaveCount(2);
    if (method === 'card')
      await expect(async () => {
        await refunds.getByRole('button', { name: 'Check with the gateway' }).click();
        await expect(refunds.getByTestId('refund').filter({ hasText: 'Processing' })).toHaveCount(0, { timeout: 2_000 });
      }).toPass();
    await expect(refunds.getByTestId('refund').filter({ hasText: 'Processing' })).toHaveCount(0);
    await expect(
      page
        .getByRole('toolbar', { name: 'Order actions' })
        .or(page.getByRole('heading', { level: 1 }))
        .first(),
    ).toBeVisible();
    await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
    await expect(refunds.getByText('This order has been refunded in full')).toBeVisible();

    // The shopper is told, and their order shows the money back.
    await expect
      .poll(async () => (await outbox(request, order.phone)).filter((m) => m.body.includes('refunded')).length)
      .toBeGreaterThanOrEqual(2);
    const shopperPage = await shopperContext.newPage();
    await visitStore(shopperPage, `/account/orders/${order.number}`);
    await expect(shopperPage.getByTestId('order-status')).toContainText('Refunded');
    await expect(shopperPage.getByTestId('order-refunded')).toBeVisible();
    await shopperContext.close();
  });
}
