import type { ProductDetail, ProductListResponse } from '@store/shared/catalog';
import * as messages from '@store/shared/messages';
import { OWNER, openNav, signInAs } from './support/admin';
import { signedInShopper, visitStore } from './support/shopper';
import { expect, test } from './support/test';

/*
 * Privilege cards from the back office (issue 17 item 6): staff issue a card nobody holds, a
 * signed-in shopper links it in the account and the bag shows its rebate, and the card's page then
 * names the shopper as its holder. It runs in the 'site-state' project with the other back-office
 * journeys; its card and shopper are its own.
 */

test('a card issued in the back office is linked by a shopper, gives the bag its rebate, and shows its holder', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, OWNER.email, OWNER.password);
  await (await openNav(page)).getByRole('link', { name: 'Privilege cards' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privilege cards' })).toBeVisible();
  await page.getByRole('link', { name: 'Issue card' }).click();
  const form = page.getByRole('form', { name: 'Issue card' });
  await form.getByLabel('Card number').fill('1234 5678 9012');
  await form.getByLabel('Rebate (percent)').fill('60');
  await form.getByRole('button', { name: 'Issue card' }).click();
  await expect(form.getByText('Between 1 and 50')).toBeVisible();
  await expect(form.getByText(/Give 12 digits/)).toBeVisible();
  await form.getByLabel('Rebate (percent)').fill('10');
  await form.getByRole('button', { name: 'Generate a number' }).click();
  const number = (await form.getByLabel('Card number').inputValue()).trim();
  expect(number).toMatch(/^\d{12}$/);
  await form.getByRole('button', { name: 'Issue card' }).click();
  const grouped = number.replace(/(\d{4})(?=\d)/g, '$1 ');
  await expect(page.getByText(`Card ${grouped} issued.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Card ${grouped}` })).toBeVisible();
  await expect(page.getByTestId('card-holder')).toHaveText('Not linked');

  // A signed-in shopper with a bag links the card in the account.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const { headers } = await signedInShopper(shopper.request, 'Farhana', 'Akter');
  const list = (await (
    await shopper.request.get('/api/v1/products/?in_stock=true&department=&page_size=24&sort=top_rated')
  ).json()) as ProductListResponse;
  let added = false;
  for (const card of list.results) {
    const product = (
      (await (await shopper.request.get(`/api/v1/products/${card.brand.handle}/${card.handle}/`)).json()) as { data: ProductDetail }
    ).data;
    const variant = product.product_variants.find((v) => v.stock >= 5);
    if (!variant) continue;
    const res = await shopper.request.post('/api/v1/cart/line-items/', {
      headers,
      data: { delivery_type: 'standard', line_item: { variant_id: variant.variant_id, quantity: 2, action: 'increment' } },
    });
    expect(res.ok()).toBe(true);
    added = true;
    break;
  }
  expect(added).toBe(true);

  await visitStore(shopper, '/account/privilege-card');
  await expect(shopper.getByRole('heading', { level: 1, name: 'Privilege card' })).toBeVisible();
  // A wrong number gets the one answer every failure gets.
  const wrong = `${number.slice(0, 11)}${(Number(number[11]) + 1) % 10}`;
  await shopper.getByLabel('Card number').fill(wrong);
  await shopper.getByRole('button', { name: 'Link card' }).click();
  await expect(shopper.getByText(messages.privilegeCardLinkFailed())).toBeVisible();
  await shopper.getByLabel('Card number').fill(grouped);
  await shopper.getByRole('button', { name: 'Link card' }).click();
  const linked = shopper.getByTestId('privilege-card');
  await expect(linked).toContainText(`•••• ${number.slice(-4)}`);
  await expect(linked).toContainText('10% off your bag');
  await expect(shopper.getByRole('button', { name: 'Remove card' })).toBeVisible();

  // The bag shows the rebate.
  await shopper
    .getByRole('link', { name: /Shopping bag/ })
    .first()
    .click();
  const bag = shopper.getByRole('dialog', { name: /Shopping bag/i });
  await expect(bag.getByText(messages.privilegeRebate(10))).toBeVisible();
  await expect(bag.getByTestId('bag-total')).toBeVisible();

  // Staff see the card held by the shopper, here and in the list.
  await page.reload();
  await expect(page.getByTestId('card-holder')).toContainText('Farhana Akter');
  await page.getByRole('link', { name: 'All cards' }).click();
  await page.getByLabel('Card number, phone or e-mail').fill(number.slice(-6));
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: grouped });
  await expect(row).toContainText('Farhana Akter');
  await expect(row).toContainText('Active');
  await shopperContext.close();
});
