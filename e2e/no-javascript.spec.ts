import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import type { Cart } from '@store/shared/cart';
import type { ProductDetail, ProductListResponse } from '@store/shared/catalog';
import type { OrderListResponse } from '@store/shared/checkout';
import * as messages from '@store/shared/messages';
import { latestCode } from './support/api';
import { registeredAhead, signedInShopper } from './support/shopper';
import { expect, ONCE, test } from './support/test';

/**
 * Issue 20 item 1: the shopper's first actions as plain HTML forms, with JavaScript off. Every
 * step goes through a React Router action (routes/form-bag.ts, the account and checkout pages'
 * actions), which calls the API in-process and answers with a redirect.
 */
test.use({ javaScriptEnabled: false });

const randomPhone = () => `018${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A demo product with two variants in good stock (two shoppers in parallel never run it short). */
async function productWithTwoVariants(api: APIRequestContext): Promise<{ product: ProductDetail; ids: [number, number] }> {
  // From the beauty department (`department=` is beauty's empty key): every product page is under /brand/, and
  // the header's search box there searches beauty only, so a sports product would not be found from it.
  const list = (await (
    await api.get('/api/v1/products/?department=&in_stock=true&page_size=48&sort=top_rated')
  ).json()) as ProductListResponse;
  for (const card of list.results.sort(() => Math.random() - 0.5)) {
    const product = ((await (await api.get(`/api/v1/products/${card.brand.handle}/${card.handle}/`)).json()) as { data: ProductDetail })
      .data;
    if (product.department !== '') continue;
    const stocked = product.product_variants.filter((v) => v.in_stock && v.stock >= 10);
    if (stocked.length >= 2) return { product, ids: [stocked[0]!.variant_id, stocked[1]!.variant_id] };
  }
  throw new Error('the demo shop has no product with two stocked variants');
}

/** The seconds a 'Please wait m:ss' asks for, and one more. */
function secondsToWait(text: string): number {
  const [minutes, seconds] = text.replace('Please wait ', '').split(':').map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0) + 1;
}

const badge = (page: Page) => page.getByTestId('bag-count').first();

/** The bag as the server keeps it: each bought variant's quantity (a rule's free gift aside), and the badge's count. */
async function serverBag(page: Page): Promise<{ lines: Record<number, number>; count: number }> {
  const cart = ((await (await page.request.get('/api/v1/cart/')).json()) as { data: Cart }).data;
  const count = ((await (await page.request.get('/api/v1/cart/count/')).json()) as { data: { count: number } }).data.count;
  return { lines: Object.fromEntries(cart.line_items.filter((l) => !l.gift).map((l) => [l.variant_id, l.quantity])), count };
}

test('with JavaScript off a shopper adds two variants, changes a quantity, searches, signs in by code and places a COD order', async ({
  page,
  baseURL,
}, testInfo) => {
  // The whole journey, page by page, on a busy 2-core machine (and, run alone, the registration's resend block waited out).
  test.setTimeout(300_000);
  // Registered at the start of the run from another client (this browser stays signed out).
  const { phone } = registeredAhead(testInfo.project.name, 'no-javascript');
  const api = await playwrightRequest.newContext({ baseURL });
  const { product, ids } = await productWithTwoVariants(api);

  // Two variants, the first two at once (the quantity field is a plain number input).
  await page.goto(`${product.url}?variant=${ids[0]}`);
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Add to bag', exact: true }).click();
  await expect(page.getByTestId('flash-notice')).toHaveText(messages.addedToBag());
  await expect(page).toHaveURL(new RegExp(`variant=${ids[0]}`));
  expect((await serverBag(page)).lines).toEqual({ [ids[0]]: 2 });
  await expect(badge(page)).toHaveText(String((await serverBag(page)).count));

  await page.goto(`${product.url}?variant=${ids[1]}`);
  await page.getByRole('button', { name: 'Add to bag', exact: true }).click();
  await expect(page.getByTestId('flash-notice')).toHaveText(messages.addedToBag());
  expect((await serverBag(page)).lines).toEqual({ [ids[0]]: 2, [ids[1]]: 1 });
  // Shown once: the next page has no message.
  await page.reload();
  await expect(page.getByTestId('flash-notice')).toHaveCount(0);

  // Search: the box is a plain GET form.
  const box = page.getByRole('combobox', { name: 'Search products' }).first();
  await box.fill(product.name);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\/?\?search=/);
  await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();

  // The bag icon leads to the checkout, where each line has its own −, + and Remove.
  await page
    .getByRole('link', { name: /^Shopping bag, \d+ items/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByTestId('plain-line-controls')).toHaveCount(2);
  const first = product.product_variants.find((v) => v.variant_id === ids[0])!;
  await page.getByRole('button', { name: `Decrease quantity: ${product.name} ${first.title}` }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  expect((await serverBag(page)).lines).toEqual({ [ids[0]]: 1, [ids[1]]: 1 });
  const increase = page.getByRole('button', { name: `Increase quantity: ${product.name} ${first.title}` });
  await increase.click();
  await expect.poll(async () => (await serverBag(page)).lines).toEqual({ [ids[0]]: 2, [ids[1]]: 1 });
  await expect(page.getByTestId('plain-line-controls').first()).toContainText('2');
  await increase.click();
  await expect.poll(async () => (await serverBag(page)).lines).toEqual({ [ids[0]]: 3, [ids[1]]: 1 });

  // Not signed in: the contact card's link goes to the sign-in page, which comes back here.
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/my-account\?login=1&redirect=%2Fcheckout/);
  const wait = page.getByTestId('flash-notice');
  const sendCode = async () => {
    await page.getByLabel('Phone').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter the code' }).or(wait).first()).toBeVisible();
  };
  await sendCode();
  // Run alone, the registration's code went out moments ago: its resend block (SMS_TIMER) is waited out.
  if (await page.getByText(/^Please wait \d:\d\d$/).isVisible()) {
    await page.waitForTimeout(secondsToWait(await wait.innerText()) * 1000);
    await sendCode();
  }
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  await expect(page.getByTestId('plain-sign-in')).toContainText(`we sent by SMS to +88${phone}`);
  // Another code at once is refused with the time left, and the code step stays.
  await page.getByRole('button', { name: 'Resent OTP' }).click();
  await expect(wait).toHaveText(/^Please wait [0-2]:\d\d$/);
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  // A wrong code is refused, and the code step stays.
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('flash-notice')).toHaveText(messages.codeIncorrect());
  await page.getByLabel('Code').fill(await latestCode(api, `+88${phone}`));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('greeting').first()).toHaveText('Hi Tahmina');

  // A new address: the district first (its areas follow), then the rest.
  // (The scripted address form is in the page too, hidden: the plain one stands in for it.)
  await expect(page.getByRole('form', { name: 'Address details' })).toBeHidden();
  const plain = page.getByTestId('plain-delivery');
  await plain.getByLabel('District').selectOption('Dhaka');
  await plain.getByRole('button', { name: 'Choose area' }).click();
  // Refused: nothing typed is lost, and each field says what is wrong.
  await plain.getByLabel('Area').selectOption('Dhanmondi');
  await plain.getByLabel('Full name').fill('Tahmina Akter');
  await plain.getByLabel('Phone').fill('12345');
  await plain.getByLabel('House, road, block').fill('House 12, Road 5');
  await plain.getByRole('button', { name: 'Save address and deliver here' }).click();
  await expect(plain.getByText(messages.phoneInvalid())).toBeVisible();
  await expect(plain.getByLabel('Full name')).toHaveValue('Tahmina Akter');
  await expect(plain.getByLabel('Area')).toHaveValue('Dhanmondi');
  await plain.getByLabel('Phone').fill(phone);
  await plain.getByRole('button', { name: 'Save address and deliver here' }).click();
  await expect(page).toHaveURL(/\/checkout\?step=payment$/);

  // Cash on delivery is chosen already; one press places one order.
  await expect(page.getByTestId('plain-pay-cod').getByRole('radio')).toBeChecked();
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();

  const orders = (await (await page.request.get('/api/v1/orders/')).json()) as OrderListResponse;
  expect(orders.data).toHaveLength(1);
  expect(orders.data[0]!.payment_method).toBe('cod');
  expect((await serverBag(page)).lines).toEqual({});
  await api.dispose();
});

test(`with JavaScript off 'Notify me' is a plain form: a wrong contact is refused, a phone is saved ${ONCE}`, async ({ page }) => {
  let url: string | null = null;
  for (let n = 1; n <= 6 && !url; n++) {
    const list = (await (await page.request.get(`/api/v1/products/?page_size=48&page=${n}`)).json()) as ProductListResponse;
    url = list.results.find((card) => !card.in_stock)?.url ?? null;
  }
  expect(url, 'the demo shop has a product out of stock').not.toBeNull();
  await page.goto(url!);
  const form = page.getByTestId('plain-notify');
  await form.getByLabel('Tell me when it is back in stock').fill('not a contact');
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByTestId('flash-notice')).toHaveText(messages.loginFieldInvalid());
  await page.getByTestId('plain-notify').getByLabel('Tell me when it is back in stock').fill(randomPhone());
  await page.getByTestId('plain-notify').getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByTestId('flash-notice')).toHaveText(messages.notifyMeSaved());
  await expect(page).toHaveURL(url!);
});

test(`a form sent from another site is refused and changes nothing ${ONCE}`, async ({ page }) => {
  const res = await page.request.post('/form/bag', {
    headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    data: 'intent=add&variant=1&quantity=1&back=/',
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  const count = (await (await page.request.get('/api/v1/cart/count/')).json()) as { data: { count: number } };
  expect(count.data.count).toBe(0);
});

test.describe('with JavaScript on', () => {
  test.use({ javaScriptEnabled: true });

  test('none of the plain stand-ins shows: the browser keeps every <noscript> hidden, whatever layout it gets without scripts', async ({
    page,
  }) => {
    await signedInShopper(page.request);
    const { product } = await productWithTwoVariants(page.request);
    await page.goto(product.url);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.getByRole('button', { name: 'Add to bag', exact: true }).click();
    for (const path of ['/', product.url, '/checkout?step=address']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      for (const stand of await page.locator('noscript').all()) await expect(stand).toBeHidden();
      await expect(page.locator('body')).not.toContainText('</');
    }
  });
});
