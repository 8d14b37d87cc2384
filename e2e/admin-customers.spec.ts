import * as messages from '@store/shared/messages';
import { newMember, openNav, signInAs } from './support/admin';
import { someVariant } from './support/orders';
import { signedInShopper, visitStore } from './support/shopper';
import { expect, test } from './support/test';

/*
 * Customers in the back office (issue 18 item 6), on a phone and on a desktop: a customer-care member
 * finds a shopper by phone (typed as people write it), notes what the call was about and blocks cash
 * on delivery with a reason; that shopper's checkout then shows cash on delivery unavailable, saying why.
 */

test('customer care finds a customer by phone, adds a note and blocks COD; their checkout no longer offers it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const shopperContext = await browser.newContext();
  const shopper = await signedInShopper(shopperContext.request, 'Parveen', 'Sultana');
  const variant = await someVariant(request, test.info().titlePath.join(' ') + test.info().project.name);
  const added = await shopperContext.request.post('/api/v1/cart/line-items/', {
    headers: shopper.headers,
    data: { delivery_type: 'standard', line_item: { variant_id: variant.variantId, quantity: 1, action: 'increment' } },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const address = await shopperContext.request.post('/api/v1/addresses/?type=shipping', {
    headers: shopper.headers,
    data: {
      name: 'Parveen Sultana',
      phone: shopper.phone,
      division: 'Dhaka',
      location: 'Dhaka',
      area: 'Gulshan',
      address_detail: 'House 7, Road 3',
    },
  });
  expect(address.status(), await address.text()).toBe(201);

  const member = await newMember(request, 'customer_care', 'Rina Care');
  await signInAs(page, member.email, member.password);
  await (await openNav(page)).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  // The phone as a caller reads it out: with the country code and a space.
  await page.getByLabel('Search').fill(`+88 ${shopper.phone}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('1 customer ·');
  await page.getByRole('link', { name: 'Parveen Sultana' }).filter({ visible: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Parveen Sultana' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('House 7, Road 3');

  await page.getByLabel('Add a note').fill('Called about three refused parcels');
  await page.getByRole('button', { name: 'Add note' }).click();
  const notes = page.getByRole('list', { name: 'Notes' });
  await expect(notes).toContainText('Called about three refused parcels');
  await expect(notes).toContainText('Rina Care');

  await page.getByRole('button', { name: 'Block cash on delivery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Block cash on delivery' });
  await expect(dialog.getByRole('button', { name: 'Block cash on delivery' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('Refused three parcels at the door');
  await dialog.getByRole('button', { name: 'Block cash on delivery' }).click();
  await expect(page.getByText('Cash on delivery is blocked for this customer.')).toBeVisible();
  await expect(page.getByTestId('cod-block')).toContainText('Refused three parcels at the door');
  await expect(notes).toContainText('Blocked cash on delivery: Refused three parcels at the door');
  await expect(page.getByRole('button', { name: 'Allow cash on delivery' })).toBeVisible();

  // The shopper's payment step: cash on delivery shows, unavailable, with why; bKash is offered instead.
  const shopperPage = await shopperContext.newPage();
  await visitStore(shopperPage, '/checkout?step=payment');
  await expect(shopperPage.getByTestId('pay-cod').getByRole('radio')).toBeDisabled();
  await expect(shopperPage.getByTestId('pay-cod-reason')).toHaveText(messages.codNotAllowed());
  await expect(shopperPage.getByTestId('pay-bkash').getByRole('radio')).toBeChecked();
  await expect(shopperPage.getByTestId('place-order')).toContainText('with bKash');
  await shopperContext.close();
});

test('a filter chosen while the last search is still loading is kept when that search lands', async ({ page, request }) => {
  const member = await newMember(request, 'customer_care', 'Mita Care');
  await signInAs(page, member.email, member.password);
  await (await openNav(page)).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  // The search's answer is held until the next filter has been chosen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let searched!: () => void;
  const searching = new Promise<void>((resolve) => (searched = resolve));
  await page.route(/\/api\/v1\/admin\/customers\/\?.*q=Sultana/, async (route) => {
    searched();
    await held;
    await route.continue();
  });
  await page.getByLabel('Search').fill('Sultana');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await searching;
  await page.getByLabel('Cash on delivery').selectOption('blocked');
  release();
  await expect(page).toHaveURL(/q=Sultana/);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();
  // The search landed (its field shows it) and the filter chosen meanwhile is still chosen.
  await expect(page.getByLabel('Search')).toHaveValue('Sultana');
  await expect(page.getByLabel('Cash on delivery')).toHaveValue('blocked');
  // Submitted, both are in the URL; Clear empties both.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/cod=blocked/);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByLabel('Search')).toHaveValue('');
  await expect(page.getByLabel('Cash on delivery')).toHaveValue('');
});
