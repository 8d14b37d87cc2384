import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { acceptCookies } from './support/cookies';
import { expect, test } from './support/test';
import * as messages from '@store/shared/messages';
import { latestCode, csrf } from './support/api';

/**
 * The address book of the account (issue 14): /account/addresses lists the shopper's delivery and
 * billing addresses with add, edit, delete and 'Set as default', on the checkout's address API and
 * form. Each test signs its own shopper in (a phone-only registration through the API, as a client
 * would), reading the SMS code from the development outbox.
 */

let counter = 0;
const newPhone = () => `018${`${Date.now() % 1e6}`.padStart(6, '0')}${String(counter++ % 100).padStart(2, '0')}`;

/** Registers a shopper by phone and signs in the context that owns `request` (the page's, or a separate one). */
async function signedInShopper(request: APIRequestContext, firstName = 'Tahmina') {
  const phone = newPhone();
  const headers = await csrf(request);
  const reg = await request.post('/api/v1/accounts/register/', {
    headers,
    data: { customer: { phone, first_name: firstName, last_name: 'Haque', note: {}, online_customer: true } },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const customerId = ((await reg.json()) as { data: { customer_id: number } }).data.customer_id;
  const done = await request.post('/api/v1/accounts/verify/', {
    headers,
    data: { customer_id: customerId, password: 'address-book-1', otp: await latestCode(request, phone), login: true },
  });
  expect(done.ok(), await done.text()).toBe(true);
  return { phone, headers };
}

const HOME = { name: 'Tahmina Haque', area: 'Dhanmondi', detail: 'House 12, Road 5' };
const OFFICE = { name: 'Tahmina at work', area: 'Gulshan', detail: 'Level 4, Gulshan Avenue' };

async function fillAddress(form: Locator, a: { name: string; area: string; detail: string }) {
  await form.getByLabel('Full name').fill(a.name);
  await form.getByLabel('Mobile number').fill('01712345678');
  await form.getByLabel('Division').selectOption('Dhaka');
  await form.getByLabel('District').selectOption('Dhaka');
  await form.getByLabel('Area / thana').selectOption(a.area);
  await form.getByLabel('Address', { exact: true }).fill(a.detail);
}

const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text });
const card = (section: Locator, name: string) => section.getByTestId('address-book-card').filter({ hasText: name });

test.beforeEach(async ({ page }) => acceptCookies(page));

test('a shopper keeps an address book: add, edit, set as default and delete, per type', async ({ page }) => {
  await signedInShopper(page.request);
  await page.goto('/account/my-account');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Addresses' }).click();
  await expect(page).toHaveURL(/\/account\/addresses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Addresses' })).toBeVisible();

  const shipping = page.getByTestId('address-book-shipping');
  const billing = page.getByTestId('address-book-billing');
  await expect(shipping.getByText('No delivery address saved yet.')).toBeVisible();

  // The checkout's form and its messages, before anything is sent.
  await shipping.getByRole('button', { name: 'Add a delivery address' }).click();
  await shipping.getByRole('button', { name: 'Save address' }).click();
  await expect(shipping.getByText(messages.addressNameRequired())).toBeVisible();
  await expect(shipping.getByText(messages.divisionRequired())).toBeVisible();
  await fillAddress(shipping, HOME);
  await expect(shipping.getByLabel('Make this my default address')).toBeChecked();
  await shipping.getByRole('button', { name: 'Save address' }).click();
  await expect(toast(page, messages.addAddressSuccess())).toBeVisible();
  await expect(card(shipping, HOME.name)).toContainText('Default');
  await expect(card(shipping, HOME.name)).toContainText(`${HOME.detail}, Dhanmondi, Dhaka`);

  await shipping.getByRole('button', { name: 'Add a delivery address' }).click();
  await fillAddress(shipping, OFFICE);
  await expect(shipping.getByLabel('Make this my default address')).not.toBeChecked();
  await shipping.getByRole('button', { name: 'Save address' }).click();
  await expect(shipping.getByTestId('address-book-card')).toHaveCount(2);
  await expect(card(shipping, OFFICE.name)).not.toContainText('Default');

  // Set as default: the badge moves, and the default comes first.
  await card(shipping, OFFICE.name)
    .getByRole('button', { name: /^Set .* as the default$/ })
    .click();
  await expect(toast(page, messages.addressUpdated())).toBeVisible();
  await expect(card(shipping, OFFICE.name)).toContainText('Default');
  await expect(card(shipping, HOME.name)).not.toContainText('Default');
  await expect(shipping.getByTestId('address-book-card').first()).toContainText(OFFICE.name);

  await card(shipping, HOME.name).getByRole('button', { name: 'Edit' }).click();
  await expect(shipping.getByLabel('Full name')).toHaveValue(HOME.name);
  await shipping.getByLabel('Address', { exact: true }).fill('House 99, Road 1');
  await shipping.getByRole('button', { name: 'Save address' }).click();
  await expect(card(shipping, HOME.name)).toContainText('House 99, Road 1, Dhanmondi, Dhaka');

  // Deleting asks first; the default went, so the other address takes over.
  await card(shipping, OFFICE.name).getByRole('button', { name: 'Delete' }).click();
  await card(shipping, OFFICE.name).getByRole('button', { name: 'Keep' }).click();
  await expect(shipping.getByTestId('address-book-card')).toHaveCount(2);
  await card(shipping, OFFICE.name).getByRole('button', { name: 'Delete' }).click();
  await card(shipping, OFFICE.name).getByRole('group', { name: 'Delete this address?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, messages.deleteSuccess())).toBeVisible();
  await expect(shipping.getByTestId('address-book-card')).toHaveCount(1);
  await expect(card(shipping, HOME.name)).toContainText('Default');

  // Billing addresses are a list of their own.
  await expect(billing.getByText('No billing address saved yet.')).toBeVisible();
  await billing.getByRole('button', { name: 'Add a billing address' }).click();
  await fillAddress(billing, OFFICE);
  await billing.getByRole('button', { name: 'Save address' }).click();
  await expect(card(billing, OFFICE.name)).toContainText('Default');

  // It is all on the server.
  await page.reload();
  await expect(shipping.getByTestId('address-book-card')).toHaveCount(1);
  await expect(billing.getByTestId('address-book-card')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test("a shopper never sees or changes another shopper's addresses", async ({ page, playwright, baseURL }) => {
  const other = await playwright.request.newContext({ baseURL });
  const owner = await signedInShopper(other, 'Owner');
  const created = await other.post('/api/v1/addresses/?type=shipping', {
    headers: owner.headers,
    data: { name: 'Only Mine', phone: '01712345678', division: 'Dhaka', location: 'Dhaka', area: 'Banani', address_detail: 'Road 11' },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;

  const me = await signedInShopper(page.request);
  await page.goto('/account/addresses');
  await expect(page.getByTestId('address-book-shipping').getByText('No delivery address saved yet.')).toBeVisible();
  await expect(page.getByText('Only Mine')).toHaveCount(0);
  const edit = await page.request.put(`/api/v1/addresses/${id}/?type=shipping`, {
    headers: me.headers,
    data: { name: 'Taken', phone: '01712345678', division: 'Dhaka', location: 'Dhaka', area: 'Banani', address_detail: 'x', default: true },
  });
  expect(edit.status()).toBe(404);
  expect((await page.request.delete(`/api/v1/addresses/${id}/?type=shipping`, { headers: me.headers })).status()).toBe(404);
  const theirs = (await (await other.get('/api/v1/addresses/?type=shipping')).json()) as { data: { name: string }[] };
  expect(theirs.data.map((a) => a.name)).toEqual(['Only Mine']);
  await other.dispose();
});

test('a full address book says how many addresses it keeps, and adds nothing', async ({ page }) => {
  const s = await signedInShopper(page.request);
  // MAX_ADDRESSES_PER_SHOPPER is 20 by default.
  for (let i = 0; i < 20; i++) {
    const res = await page.request.post('/api/v1/addresses/?type=shipping', {
      headers: s.headers,
      data: {
        name: `Address ${i + 1}`,
        phone: '01712345678',
        division: 'Dhaka',
        location: 'Dhaka',
        area: 'Mirpur',
        address_detail: `Flat ${i + 1}`,
      },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/account/addresses');
  const shipping = page.getByTestId('address-book-shipping');
  await expect(shipping.getByTestId('address-book-card')).toHaveCount(20);
  await shipping.getByRole('button', { name: 'Add a delivery address' }).click();
  await fillAddress(shipping, { name: 'One too many', area: 'Gulshan', detail: 'Road 1' });
  await shipping.getByRole('button', { name: 'Save address' }).click();
  await expect(shipping.getByRole('alert')).toHaveText(messages.tooManyAddresses(20));
  // The form stays, with what was typed; nothing was added.
  await expect(shipping.getByLabel('Full name')).toHaveValue('One too many');
  await page.reload();
  await expect(shipping.getByTestId('address-book-card')).toHaveCount(20);
  await expect(page.getByText('One too many')).toHaveCount(0);
});
