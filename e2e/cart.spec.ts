import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { ProductDetail, ProductListResponse, ProductVariant } from '@store/shared/catalog';
import type { PublicConfig } from '@store/shared/content';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { latestCode } from './support/api';

/**
 * The shopping bag (issue 6): adding from a product page and from a card, the header badge, the
 * limit of 6 and its warning, − down to removal, and a bag that survives a reload and a sign-in.
 * Each test is its own shopper (its own browser context, so its own bag cookie).
 */

type Pick1 = { product: ProductDetail; variant: ProductVariant };

/**
 * A variant in stock (at least `minStock`) cheap enough that even 6 of it stay under the demo
 * shop's ৳3,000 gift threshold, so no free gift joins the bag and changes the counts. `single`:
 * from a product with only that variant (what a card can add directly).
 */
async function cheapVariant(request: APIRequestContext, opts: { minStock: number; single?: boolean; skip?: string[] }): Promise<Pick1> {
  for (const page of [1, 2, 3]) {
    const list = (await (
      await request.get(`/api/v1/products/?in_stock=true&sort=price_asc&page_size=48&page=${page}&department=`)
    ).json()) as ProductListResponse;
    for (const card of list.results) {
      if (opts.skip?.includes(card.handle) || card.discounted_price * 6 >= 300_000) continue;
      const product = (
        (await (await request.get(`/api/v1/products/${card.brand.handle}/${card.handle}/`)).json()) as { data: ProductDetail }
      ).data;
      if (opts.single && product.product_variants.length !== 1) continue;
      const variant = product.product_variants.find((v) => v.stock >= opts.minStock && v.discounted_price * 6 < 300_000);
      if (variant) return { product, variant };
    }
  }
  throw new Error('no cheap variant with enough stock in the demo shop');
}

async function supportPhone(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/v1/public-config/')).json()) as { data: PublicConfig }).data.support_phone;
}

async function acceptCookies(page: Page) {
  await page
    .getByRole('button', { name: 'Accept' })
    .click({ timeout: 2000 })
    .catch(() => undefined);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await acceptCookies(page);
}

const bag = (page: Page) => page.getByRole('dialog', { name: /Shopping bag/i });
const badge = (page: Page) => page.getByTestId('bag-count');
const lineOf = (page: Page, product: ProductDetail) => bag(page).getByTestId('bag-line').filter({ hasText: product.name });

test('adds from the product page, counts in the badge, stops at 6 with whom to call and removes at 0', async ({ page, request }) => {
  const { product, variant } = await cheapVariant(request, { minStock: 7 });
  const phone = await supportPhone(request);
  await visit(page, `${product.url}?variant=${variant.variant_id}`);
  await expect(badge(page)).toHaveText('0');

  await page.getByRole('button', { name: m.add_to_bag(), exact: true }).click();
  await expect(bag(page)).toBeVisible();
  const line = lineOf(page, product);
  await expect(line).toBeVisible();
  await expect(line.getByTestId('bag-line-quantity')).toHaveText('1');
  await expect(badge(page)).toHaveText('1');
  // The data layer heard it, in whole taka (SPEC §7).
  const events = () =>
    page.evaluate(
      () => (window as unknown as { dataLayer?: { event: string; action?: string; ecommerce: Record<string, unknown> }[] }).dataLayer ?? [],
    );
  await expect
    .poll(async () => (await events()).filter((e) => e.event === 'addToCart'))
    .toEqual([
      {
        event: 'addToCart',
        action: 'added to cart',
        ecommerce: {
          currencyCode: 'BDT',
          add: {
            products: [
              {
                id: variant.sku,
                name: product.name,
                variant: variant.title,
                brand: product.brand,
                price: variant.discounted_price / 100,
                quantity: 1,
              },
            ],
          },
        },
      },
    ]);

  // Five quick taps: the queue applies them in order.
  const plus = line.getByRole('button', { name: `Increase quantity of ${product.name}` });
  for (let i = 0; i < 5; i++) await plus.click();
  await expect(line.getByTestId('bag-line-quantity')).toHaveText('6');
  await expect(bag(page).getByRole('progressbar')).toBeHidden();
  await expect(badge(page)).toHaveText('6');

  // No 7th: '+' stops at 6 and the line says whom to call.
  await expect(plus).toBeDisabled();
  await expect(line.getByTestId('bag-line-limit')).toHaveText(`Up to 6 per item. ${messages.biggerPurchase(phone)}`);
  await plus.click({ force: true });
  await expect(line.getByTestId('bag-line-quantity')).toHaveText('6');

  // − down to 1, then − once more removes the line.
  const minus = line.getByRole('button', { name: `Decrease quantity of ${product.name}` });
  for (let i = 0; i < 5; i++) await minus.click();
  await expect(line.getByTestId('bag-line-quantity')).toHaveText('1');
  await line.getByRole('button', { name: `Remove ${product.name}` }).click();
  await expect(line).toHaveCount(0);
  await expect
    .poll(async () => (await events()).filter((e) => e.event === 'removeFromCart').map((e) => e.action))
    .toEqual([...Array(5).fill('removed from cart'), 'removed item from cart']);
  await expect(bag(page).getByText(messages.bagEmpty())).toBeVisible();
  await expect(bag(page).getByTestId('bag-recommendations')).toBeVisible();
  await expect(bag(page).getByRole('button', { name: messages.checkout() })).toBeDisabled();
  await expect(badge(page)).toHaveText('0');

  // The server agrees.
  await page.reload();
  await expect(badge(page)).toHaveText('0');
});

test('adds a single-variant product from its card and closes the bag every way', async ({ page, request }) => {
  const { product } = await cheapVariant(request, { minStock: 1, single: true });
  await visit(page, `/all-product/?brand=${product.brand_ref.handle}`);
  const card = page.getByTestId('product-card').filter({ hasText: product.name });
  await card.getByRole('button', { name: `${m.add_to_bag()}: ${product.name}` }).click();
  await expect(bag(page)).toBeVisible();
  await expect(lineOf(page, product)).toBeVisible();
  await expect(badge(page)).toHaveText('1');
  await expect(bag(page).getByRole('button', { name: messages.checkout() })).toBeEnabled();

  // Close button, 'Continue shopping' and the backdrop each slide it out.
  await bag(page).getByRole('button', { name: 'Close shopping bag' }).click();
  await expect(bag(page)).toBeHidden();
  await page.getByRole('link', { name: /Shopping bag, 1 item/ }).click();
  await expect(lineOf(page, product)).toBeVisible();
  await bag(page).getByRole('button', { name: messages.continueShopping() }).click();
  await expect(bag(page)).toBeHidden();
  await page.getByRole('link', { name: /Shopping bag/ }).click();
  await expect(bag(page)).toBeVisible();
  await page.getByTestId('bag-backdrop').click({ position: { x: 10, y: 300 } });
  await expect(bag(page)).toBeHidden();

  // Changed in another tab meanwhile: reopening shows the bag as the server has it.
  const other = await page.context().newPage();
  await visit(other, `/all-product/?brand=${product.brand_ref.handle}`);
  await other
    .getByTestId('product-card')
    .filter({ hasText: product.name })
    .getByRole('button', { name: `${m.add_to_bag()}: ${product.name}` })
    .click();
  await expect(lineOf(other, product).getByTestId('bag-line-quantity')).toHaveText('2');
  await other.close();
  await page.getByRole('link', { name: /Shopping bag/ }).click();
  await expect(lineOf(page, product).getByTestId('bag-line-quantity')).toHaveText('2');
  await expect(badge(page)).toHaveText('2');
  await bag(page).getByRole('button', { name: 'Close shopping bag' }).click();

  // Checkout closes the bag and goes to /checkout.
  await page.getByRole('link', { name: /Shopping bag/ }).click();
  await bag(page).getByRole('button', { name: messages.checkout() }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(bag(page)).toBeHidden();
});

test('the bag survives a reload and a sign-in', async ({ page, request }) => {
  const first = await cheapVariant(request, { minStock: 3 });
  const second = await cheapVariant(request, { minStock: 3, skip: [first.product.handle] });
  const shopper = await createCustomer(request);

  await visit(page, `${first.product.url}?variant=${first.variant.variant_id}`);
  await page.getByRole('button', { name: m.add_to_bag(), exact: true }).click();
  await expect(lineOf(page, first.product)).toBeVisible();
  await bag(page).getByRole('button', { name: 'Close shopping bag' }).click();
  await visit(page, `${second.product.url}?variant=${second.variant.variant_id}`);
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: m.add_to_bag(), exact: true }).click();
  await expect(lineOf(page, second.product).getByTestId('bag-line-quantity')).toHaveText('2');
  await expect(badge(page)).toHaveText('3');

  await page.reload();
  await expect(badge(page)).toHaveText('3');

  // Sign in with the password: the page reloads signed in, and the bag is still there.
  await signIn(page, shopper);
  await expect(badge(page)).toHaveText('3');
  await page.getByRole('link', { name: /Shopping bag/ }).click();
  await expect(lineOf(page, first.product).getByTestId('bag-line-quantity')).toHaveText('1');
  await expect(lineOf(page, second.product).getByTestId('bag-line-quantity')).toHaveText('2');
});

// ---------------------------------------------------------------------------------------------
// A customer made through the API, and the sign-in a shopper does in the login modal.

type Shopper = { email: string; phone: string; password: string; firstName: string };

async function createCustomer(request: APIRequestContext): Promise<Shopper> {
  const n = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const s: Shopper = { email: `bag.${n}@example.com`, phone: `019${n}`, password: 'bag-of-roses-7', firstName: `Bag${n.slice(-3)}` };
  const csrf = ((await (await request.get('/api/v1/csrf/')).json()) as { csrfToken: string }).csrfToken;
  const headers = { 'x-csrftoken': csrf };
  const reg = await request.post('/api/v1/accounts/register/', {
    headers,
    data: {
      customer: {
        email: s.email,
        phone: s.phone,
        first_name: s.firstName,
        last_name: 'Shopper',
        note: {},
        newsletter_email: false,
        newsletter_sms: false,
        online_customer: true,
      },
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const customerId = ((await reg.json()) as { data: { customer_id: number } }).data.customer_id;
  const otp = await latestCode(request, `+880${s.phone.slice(1)}`);
  const verify = await request.post('/api/v1/accounts/verify/', {
    headers,
    data: { customer_id: customerId, password: s.password, otp, login: false },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
  // Email verified too, so a password sign-in goes straight through.
  let link = '';
  await expect
    .poll(async () => {
      const rows = (
        (await (await request.get(`/dev/outbox.json?to=${encodeURIComponent(s.email)}`)).json()) as { data: { body: string }[] }
      ).data;
      link = rows.map((r) => /\/verify-email\/([\w-]+)/.exec(r.body)?.[1]).find(Boolean) ?? '';
      return link;
    })
    .not.toBe('');
  expect((await request.post(`/api/v1/accounts/verify-email/${link}/`, { headers, data: {} })).ok()).toBe(true);
  return s;
}

async function signIn(page: Page, s: Shopper) {
  const phoneLayout = (page.viewportSize()?.width ?? 0) < 1024;
  if (phoneLayout) await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('button', { name: 'Account' }).click();
  else await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog', { name: 'SIGN IN' });
  await dialog.getByRole('radio', { name: 'PASSWORD' }).click();
  await dialog.getByLabel('Email or phone').fill(s.email);
  await dialog.getByLabel('Password', { exact: true }).fill(s.password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  if (!phoneLayout) await expect(page.getByTestId('greeting')).toHaveText(`Hi ${s.firstName}`);
}
