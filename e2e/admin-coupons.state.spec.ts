import type { ProductDetail, ProductListResponse } from '@store/shared/catalog';
import * as messages from '@store/shared/messages';
import { OWNER, openNav, signInAs } from './support/admin';
import { csrf } from './support/api';
import { guestPickupToPayment } from './support/shopper';
import { expect, test } from './support/test';

/*
 * Coupons from the back office (issue 17 item 6): a code made on the Coupons screen is applied by a
 * shopper at checkout, its use shows on the coupon, and switched off it is refused. It runs in the
 * 'site-state' project with the other back-office journeys; its code is its own.
 */

test('a coupon made in the back office is used at checkout, counted, and refused once switched off', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const code = `EID${Date.now().toString(36).toUpperCase()}`;

  await signInAs(page, OWNER.email, OWNER.password);
  await (await openNav(page)).getByRole('link', { name: 'Coupons' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  await page.getByRole('link', { name: 'New coupon' }).click();
  const form = page.getByRole('form', { name: 'Coupon' });
  await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await form.getByLabel('Title', { exact: true }).fill('Eid: 15% off');
  await form.getByLabel('Percent off').fill('150');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Between 1 and 100')).toBeVisible();
  await form.getByLabel('Percent off').fill('15');
  await expect(page.getByTestId('coupon-example')).toContainText('On a bag of ৳2,000: −৳300');
  await form.getByLabel('Uses in total').fill('50');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved. ${code} is live: shoppers can use it now.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Coupon ${code}` })).toBeVisible();

  // A guest with a bag applies it (in lower case) and places the order.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const list = (await (
    await shopper.request.get('/api/v1/products/?in_stock=true&department=&page_size=24&sort=top_rated')
  ).json()) as ProductListResponse;
  const headers = await csrf(shopper.request);
  let variantId = 0;
  for (const card of list.results) {
    const product = (
      (await (await shopper.request.get(`/api/v1/products/${card.brand.handle}/${card.handle}/`)).json()) as { data: ProductDetail }
    ).data;
    const variant = product.product_variants.find((v) => v.stock >= 10);
    if (!variant) continue;
    const added = await shopper.request.post('/api/v1/cart/line-items/', {
      headers,
      data: { delivery_type: 'standard', line_item: { variant_id: variant.variant_id, quantity: 2, action: 'increment' } },
    });
    expect(added.ok()).toBe(true);
    variantId = variant.variant_id;
    break;
  }
  expect(variantId).toBeGreaterThan(0);
  await guestPickupToPayment(shopper);
  await shopper.getByPlaceholder('Enter coupon code').fill(code.toLowerCase());
  await shopper.getByRole('button', { name: 'Apply' }).click();
  await expect(shopper.getByText(messages.couponApplied(code))).toBeVisible();
  await expect(shopper.getByTestId('total-discount')).toContainText(code);
  await shopper.getByTestId('place-order').click();
  await expect(shopper.getByRole('heading', { name: messages.orderPlaced() })).toBeVisible();

  // The coupon counts the use and lists the order.
  await page.reload();
  await expect(page.getByText(/used 1 of 50 times/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Uses' }).getByRole('row')).toHaveCount(2);

  // Switched off, the next try is told the code is not valid.
  await page.getByRole('switch', { name: 'On (shoppers can use it)' }).click();
  await page.getByRole('form', { name: 'Coupon' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved. ${code} is off.`)).toBeVisible();
  const again = await csrf(shopper.request);
  await shopper.request.post('/api/v1/cart/line-items/', {
    headers: again,
    data: { delivery_type: 'standard', line_item: { variant_id: variantId, quantity: 1, action: 'increment' } },
  });
  const check = await shopper.request.post('/api/v1/checkout/discount_code/', { headers: again, data: { discount: { code } } });
  expect(check.status()).toBe(400);
  expect(((await check.json()) as { error: { fields?: Record<string, string> } }).error.fields?.discount).toBe(messages.couponInvalid());
  await shopperContext.close();
});
