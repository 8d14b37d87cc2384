import type { Page } from '@playwright/test';
import { expect, ONCE, test } from './support/test';
import type { ProductDetail, ProductListResponse } from '@store/shared/catalog';
import type { Address } from '@store/shared/checkout';
import * as messages from '@store/shared/messages';
import { latestCode, csrf } from './support/api';

/**
 * Checkout journeys (issue 7), each its own shopper in its own browser context: a COD order to a
 * new address, a cash-on-pickup order by a phone-verified guest, bKash and card payments through the
 * gateway simulators, a cancelled payment that keeps the bag, and a coupon applied and removed.
 * Each ends on the page the shopper should see, showing the order number.
 */

const randomPhone = () => `017${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const canonical = (local: string) => `+88${local}`;

/** A registered customer, signed in in this browser context (the session cookie is the context's). */
async function signIn(page: Page): Promise<{ phone: string }> {
  const phone = randomPhone();
  const headers = await csrf(page.request);
  const reg = await page.request.post('/api/v1/accounts/register/', {
    headers,
    data: {
      customer: {
        email: `co${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`,
        phone,
        first_name: 'Nusrat',
        last_name: 'Jahan',
        note: {},
        newsletter_email: true,
        newsletter_sms: true,
        online_customer: true,
      },
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const customerId = ((await reg.json()) as { data: { customer_id: number } }).data.customer_id;
  const verify = await page.request.post('/api/v1/accounts/verify/', {
    headers,
    data: { customer_id: customerId, password: 'Checkout-2026!', otp: await latestCode(page.request, canonical(phone)) },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
  return { phone };
}

/** One of the demo shop's products with plenty in stock, picked at random so parallel tests spread their buying. */
async function addToBag(page: Page, quantity = 1): Promise<ProductDetail> {
  const list = (await (
    await page.request.get('/api/v1/products/?in_stock=true&department=&page_size=24&sort=top_rated')
  ).json()) as ProductListResponse;
  const headers = await csrf(page.request);
  for (const card of list.results.sort(() => Math.random() - 0.5)) {
    const product = (
      (await (await page.request.get(`/api/v1/products/${card.brand.handle}/${card.handle}/`)).json()) as { data: ProductDetail }
    ).data;
    const variant = product.product_variants.find((v) => v.stock >= 10);
    if (!variant) continue;
    const res = await page.request.post('/api/v1/cart/line-items/', {
      headers,
      data: { delivery_type: 'standard', line_item: { variant_id: variant.variant_id, quantity, action: 'increment' } },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return product;
  }
  throw new Error('no product with stock in the demo shop');
}

async function savedAddress(page: Page): Promise<Address> {
  const res = await page.request.post('/api/v1/addresses/?type=shipping', {
    headers: await csrf(page.request),
    data: {
      name: 'Nusrat Jahan',
      phone: '01712345678',
      division: 'Dhaka',
      location: 'Dhaka',
      area: 'Gulshan',
      address_detail: 'House 7, Road 41',
      default: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: Address }).data;
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await page
    .getByRole('button', { name: 'Accept' })
    .click({ timeout: 1500 })
    .catch(() => undefined);
}

const placeOrder = (page: Page) => page.getByTestId('place-order');
const orderNumber = (page: Page) => page.getByTestId('order-number');
const dataLayerEvents = (page: Page) =>
  page.evaluate(() => ((window as { dataLayer?: { event: string }[] }).dataLayer ?? []).map((e) => e.event));

test('a customer pays cash on delivery to a new address and lands on payment success', async ({ page }) => {
  await signIn(page);
  const product = await addToBag(page, 2);
  await visit(page, '/checkout?step=address');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect.poll(() => dataLayerEvents(page)).toContain('InitiateCheckout');

  // No address yet: the form is the address step; the list narrows division → district → area.
  await page.getByRole('button', { name: 'Save and use this address' }).click();
  await expect(page.getByText(messages.addressPhoneRequired())).toBeVisible();
  await page.getByLabel('Full name').fill('Nusrat Jahan');
  await page.getByLabel('Mobile number').fill('01712345678');
  await page.getByLabel('Division').selectOption('Chattogram');
  await page.getByLabel('District').selectOption('Chattogram');
  await page.getByLabel('Area / thana').selectOption('Panchlaish');
  await expect(page.getByTestId('address-zone')).toHaveText('Delivery zone: Outside Dhaka');
  await page.getByLabel('Address', { exact: true }).fill('House 3, Road 2, OR Nizam Road');
  await page.getByRole('button', { name: 'Save and use this address' }).click();
  await expect(page.getByText(messages.addAddressSuccess())).toBeVisible();
  await expect(page.getByTestId('address-card')).toContainText('Panchlaish');
  await expect(page.getByTestId('total-shipping')).toContainText('130');

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/step=payment/);
  await page.getByTestId('pay-cod').click();
  await expect(placeOrder(page)).toContainText('Place order');
  await placeOrder(page).click();

  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(orderNumber(page)).toHaveText(/^GB-\d{4}-\d{6}$/);
  await expect(page.getByText(product.name).first()).toBeVisible();
  await expect(page.getByTestId('bag-count')).toHaveText('0');
  await expect.poll(() => dataLayerEvents(page)).toContain('purchase');
});

test('a guest verifies their phone and collects the order at a store, paying cash on pickup', async ({ page }) => {
  await addToBag(page);
  await visit(page, '/checkout');
  const local = randomPhone();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(messages.addressPhoneRequired())).toBeVisible();
  await page.getByLabel('Mobile number').fill('12345');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/^Error phone\/email, Need help\? Please call: /)).toBeVisible();
  await page.getByLabel('Mobile number').fill(local);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await latestCode(page.request, canonical(local));
  await page.getByRole('group', { name: 'Verification code' }).getByRole('textbox').first().fill(code);
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByTestId('checkout-contact')).toContainText('Guest checkout');

  await page.getByRole('radio', { name: /Store pickup/ }).click();
  await page.getByTestId('store-choice').first().click();
  await expect(page.getByTestId('total-shipping')).toContainText('Free');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('pay-cash_on_pickup').getByRole('radio')).toBeChecked();
  await expect(page.getByTestId('pay-cod')).toHaveCount(0);
  await placeOrder(page).click();

  await expect(page).toHaveURL(/\/order-verify\/success\/[\w-]+\/$/);
  await expect(page.getByRole('heading', { name: messages.orderPlaced() })).toBeVisible();
  await expect(page.getByTestId('order-status')).toContainText('Pay at pickup');
  await expect(orderNumber(page)).toHaveText(/^GB-\d{4}-\d{6}$/);
  await expect(page.getByText(/Pick up at Glow Bazaar/)).toBeVisible();
});

test('a bKash payment through the simulator ends on payment success', async ({ page }) => {
  await signIn(page);
  await savedAddress(page);
  await addToBag(page);
  await visit(page, '/checkout?step=payment');
  await page.getByTestId('pay-bkash').click();
  await expect(placeOrder(page)).toContainText('with bKash');
  await placeOrder(page).click();

  await expect(page).toHaveURL(/\/sandbox\/bkash\/checkout\?paymentId=TR0011/);
  await expect(page.getByText(/Invoice: GB-\d{4}-\d{6}/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText(/Paid ৳[\d,]+ with bKash/)).toBeVisible();
  await expect(orderNumber(page)).toHaveText(/^GB-\d{4}-\d{6}$/);
  await expect(page.getByTestId('order-status')).toContainText('Paid');
});

test('a card payment through the SSLCommerz simulator ends on payment success', async ({ page }) => {
  await signIn(page);
  await savedAddress(page);
  await addToBag(page);
  await visit(page, '/checkout?step=payment');
  await page.getByTestId('pay-card').click();
  await expect(placeOrder(page)).toContainText('by card');
  await placeOrder(page).click();

  await expect(page).toHaveURL(/\/sandbox\/sslcommerz\/EasyCheckOut\//);
  await expect(page.getByText('VISA', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Pay BDT [\d,]+\.00$/ }).click();

  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(orderNumber(page)).toHaveText(/^GB-\d{4}-\d{6}$/);
  await page.getByRole('link', { name: 'View receipt' }).click();
  await expect(page).toHaveURL(/\/receipt\//);
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page.getByText('Deliver to')).toBeVisible();
  await expect(page.getByTestId('whatsapp-button')).toHaveCount(0);
});

test('a cancelled payment keeps the bag and holds the order: Pay now pays the same order', { tag: ONCE }, async ({ page }) => {
  await signIn(page);
  await savedAddress(page);
  const product = await addToBag(page, 2);
  const inBag = ((await (await page.request.get('/api/v1/cart/count/')).json()) as { data: { count: number } }).data.count;
  await visit(page, '/checkout?step=payment');
  await page.getByTestId('pay-bkash').click();
  await expect(placeOrder(page)).toContainText('with bKash');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/sandbox\/bkash\/checkout/);
  await page.getByRole('button', { name: 'Close' }).click();

  await expect(page).toHaveURL(/\/order-verify\/cancelled\/[\w-]+\/$/);
  await expect(page.getByRole('heading', { name: messages.paymentCancelled() })).toBeVisible();
  await expect(
    page.getByText(/^Nothing was charged\. We hold your items until \d{1,2}:\d{2}: pay now, or cancel the order\.$/),
  ).toBeVisible();
  const number = (await orderNumber(page).textContent())!;
  await expect(page.getByTestId('order-status')).toContainText('Placed');
  await expect(page.getByTestId('order-status')).toContainText('Payment failed');
  await expect(page.getByTestId('bag-count')).toHaveText(String(inBag));

  await page.getByRole('button', { name: 'Pay now with bKash' }).click();
  await expect(page).toHaveURL(/\/sandbox\/bkash\/checkout/);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await expect(orderNumber(page)).toHaveText(number);
  // One order for the whole checkout, paid on the second attempt.
  await visit(page, '/account/orders');
  await expect(page.getByTestId('order-list').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('order-list')).toContainText(number);
  expect(product.name).toBeTruthy();
});

test('a shopper cancels an order the shop has not confirmed, and its items go back', { tag: ONCE }, async ({ page }) => {
  await signIn(page);
  await savedAddress(page);
  await addToBag(page, 1);
  await visit(page, '/checkout?step=payment');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  const number = (await orderNumber(page).textContent())!;
  await visit(page, `/account/orders/${number}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`Cancel order ${number}?`);
  await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(page.getByText(messages.orderCancelled())).toBeVisible();
  await expect(page.getByTestId('order-status').first()).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

test(
  'a bag over the free-delivery threshold goes to Dhaka free, as the header and the policy page say',
  { tag: ONCE },
  async ({ page }) => {
    await signIn(page);
    await savedAddress(page);
    // Products until the items pass ৳2,000.
    const subtotal = async () =>
      ((await (await page.request.get('/api/v1/checkout/')).json()) as { data: { totals: { subtotal: number } } }).data.totals.subtotal;
    for (let i = 0; i < 10 && (await subtotal()) < 200_000; i++) await addToBag(page, 3);
    expect(await subtotal()).toBeGreaterThanOrEqual(200_000);
    await visit(page, '/');
    await page
      .getByRole('link', { name: /Shopping bag/ })
      .first()
      .click();
    await expect(page.getByTestId('bag-free-delivery')).toHaveText('Your order qualifies for free standard delivery inside Dhaka');
    await visit(page, '/checkout?step=address');
    await expect(page.getByTestId('total-shipping').first()).toContainText('Free');
    await expect(page.getByTestId('free-delivery-note').first()).toHaveText('Free standard delivery applied');
    await expect(page.getByTestId('standard-fee')).toHaveText('Free');

    const conditions = page.getByTestId('free-shipping-conditions');
    await expect(conditions).toHaveAttribute('title', 'Free standard delivery inside Dhaka on orders of ৳2,000 or more');
    await conditions.click();
    await expect(page).toHaveURL(/\/page\/shipping-policy#free-delivery$/);
    const policy = page.getByRole('main');
    await expect(policy.getByText('Free standard delivery inside Dhaka on orders of ৳2,000 or more')).toBeVisible();
    await expect(policy.getByText('Order before 2 PM', { exact: false })).toBeVisible();
  },
);

test('a guest follows their orders by the verified phone, without an account', { tag: ONCE }, async ({ page, browser }) => {
  const phone = randomPhone();
  await addToBag(page, 1);
  await visit(page, '/checkout?step=address');
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await latestCode(page.request, canonical(phone));
  await page.getByRole('group', { name: 'Verification code' }).getByRole('textbox').first().fill(code);
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByTestId('checkout-contact')).toContainText('Guest checkout');
  await page.getByRole('radio', { name: /Store pickup/ }).click();
  // Until a store is chosen, no delivery fee of the last address shows.
  await expect(page.getByTestId('total-shipping').first()).toContainText('—');
  // A quick shopper taps Continue while the store choice is still on its way: Continue waits for it
  // rather than saying no delivery was chosen (the store's answer is held until Continue is tapped).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/checkout/shipping_address/', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('store-choice').first().click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  release();
  await expect(placeOrder(page)).toBeVisible();
  await expect(page.getByText(messages.chooseDeliveryAddress())).toHaveCount(0);
  await page.unroute('**/api/v1/checkout/shipping_address/');
  await placeOrder(page).click();
  await expect(orderNumber(page)).toHaveText(/^GB-\d{4}-\d{6}$/);
  const number = (await orderNumber(page).textContent())!;

  // 'My orders' for the guest: the orders of the verified phone, each with its page.
  await visit(page, '/orders');
  await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible();
  await expect(page.getByTestId('order-list')).toContainText(number);
  await page.getByTestId('order-list').getByText(number).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${number}$`));
  await expect(page.getByTestId('order-number')).toHaveText(number);

  // Another browser, no session: /orders asks for the phone and a code first (a new phone here: the
  // first phone's resend timer is running; the API test proves the same phone finds its orders again).
  const other = await browser.newPage();
  const fresh = randomPhone();
  await visit(other, '/orders');
  await expect(other.getByRole('heading', { name: 'Checked out as a guest?' })).toBeVisible();
  await other.getByLabel('Mobile number').fill(fresh);
  await other.getByRole('button', { name: 'Send code' }).click();
  await other
    .getByRole('group', { name: 'Verification code' })
    .getByRole('textbox')
    .first()
    .fill(await latestCode(other.request, canonical(fresh)));
  await other.getByRole('button', { name: 'Show my orders' }).click();
  await expect(other.getByText('No orders yet')).toBeVisible();
  await other.close();
});

test('a coupon is applied and removed, then the order is placed with it', async ({ page }) => {
  await signIn(page);
  await savedAddress(page);
  await addToBag(page, 2);
  await visit(page, '/checkout?step=payment');
  const total = await page.getByTestId('pay-total').textContent();

  await page.getByPlaceholder('Enter coupon code').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('field-error')).toHaveText(messages.couponInvalid());

  await page.getByPlaceholder('Enter coupon code').fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(messages.couponApplied('WELCOME10'))).toBeVisible();
  await expect(page.getByTestId('applied-coupon')).toContainText('WELCOME10');
  await expect(page.getByTestId('total-discount')).toContainText('WELCOME10');
  await expect(page.getByTestId('pay-total')).not.toHaveText(total!);

  await page.getByTestId('applied-coupon').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(messages.couponRemoved())).toBeVisible();
  await expect(page.getByTestId('total-discount')).toHaveCount(0);
  await expect(page.getByTestId('pay-total')).toHaveText(total!);

  await page.getByPlaceholder('Enter coupon code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('applied-coupon')).toBeVisible();
  await page.getByTestId('pay-cod').click();
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await expect(orderNumber(page)).toHaveText(/^GB-\d{4}-\d{6}$/);
  await expect(page.getByTestId('total-discount')).toContainText('WELCOME10');
});
