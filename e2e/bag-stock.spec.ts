import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { acceptCookies } from './support/cookies';
import type { ProductDetail, ProductListResponse, ProductVariant } from '@store/shared/catalog';
import { LOW_STOCK_THRESHOLD } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { formatTaka } from '@store/shared/money';

/**
 * Issue 14, item 6: the bag's '+' stops at the stock left and says how many are left (the product
 * page's quantity picker follows the same rule), and a card's 'Add to bag' of a product with several
 * shades or sizes lets the shopper choose one in place. Each test is its own shopper.
 */

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`);
  expect(res.ok(), path).toBe(true);
  return res.json() as Promise<T>;
}

/**
 * The first product of the beauty listing whose detail satisfies `pick`, among those whose card is on
 * the first page of their brand's listing (where the test then finds the card).
 */
async function findProduct(
  request: APIRequestContext,
  pick: (p: ProductDetail) => boolean,
  { onBrandPage = false } = {},
): Promise<ProductDetail> {
  for (let page = 1; page <= 8; page++) {
    const list = await json<ProductListResponse>(request, `/products/?in_stock=true&department=&page_size=48&page=${page}`);
    for (const card of list.results) {
      const product = (await json<{ data: ProductDetail }>(request, `/products/${card.brand.handle}/${card.handle}/`)).data;
      if (!pick(product)) continue;
      if (onBrandPage) {
        const brandList = await json<ProductListResponse>(request, `/products/?brand=${card.brand.handle}&department=`);
        if (!brandList.results.some((c) => c.handle === card.handle)) continue;
      }
      return product;
    }
    if (page * 48 >= list.count) break;
  }
  throw new Error('the demo shop has no product for this test');
}

async function supportPhone(request: APIRequestContext): Promise<string> {
  return (await json<{ data: { support_phone: string } }>(request, '/public-config/')).data.support_phone;
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
}

const bag = (page: Page) => page.getByRole('dialog', { name: /Shopping bag/i });
const sheet = (page: Page, product: ProductDetail) => page.getByRole('dialog', { name: product.name });
const cardButton = (page: Page, product: ProductDetail) =>
  page
    .getByTestId('product-card')
    .filter({ hasText: product.name })
    .getByRole('button', { name: `${m.add_to_bag()}: ${product.name}` });
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A variant's radio (in `scope`): its name is the title, then its availability, then its price. */
const option = (scope: Locator | Page, v: ProductVariant) =>
  scope.getByRole('radio', { name: new RegExp(`^${escape(v.title)} (In stock|Only \\d+ left|Out of stock)`) });
/** The row of a variant in the sheet. */
const row = (page: Page, dialog: Locator, v: ProductVariant) => dialog.getByTestId('variant-option').filter({ has: option(page, v) });

/** The element the description of `el` (aria-describedby) points at, as text. */
const description = (el: Locator) =>
  el.evaluate((node) =>
    (node.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test("the bag's '+' stops exactly at the stock left and says how many are left", async ({ page, request }) => {
  // A variant with 2–4 in stock: '+' works below the stock and stops at it, before the limit of 6.
  const product = await findProduct(request, (p) => p.product_variants.some((v) => v.stock >= 2 && v.stock < LOW_STOCK_THRESHOLD));
  const variant = product.product_variants.find((v) => v.stock >= 2 && v.stock < LOW_STOCK_THRESHOLD)!;
  const left = `Only ${variant.stock} left`;
  await visit(page, `${product.url}?variant=${variant.variant_id}`);

  // The product page's picker: the same rule.
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  const pickerPlus = page.getByRole('button', { name: 'Increase quantity' });
  for (let n = 1; n < variant.stock; n++) {
    await expect(pickerPlus).toBeEnabled();
    await pickerPlus.click();
  }
  await expect(quantity).toHaveValue(String(variant.stock));
  await expect(pickerPlus).toBeDisabled();
  // The page already says how many are left (SPEC's words): '+' points to that rather than repeating it.
  const lowStock = messages.lowStock(product.name, variant.title, variant.stock);
  await expect(page.getByTestId('low-stock')).toHaveText(lowStock);
  await expect(page.getByTestId('quantity-warning')).toBeEmpty();
  expect(await description(pickerPlus)).toBe(lowStock);
  // A number typed above the stock comes down to it.
  await quantity.fill('9');
  await expect(quantity).toHaveValue(String(variant.stock));
  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(pickerPlus).toBeEnabled();
  expect(await description(pickerPlus)).toBe('');
  await quantity.fill('1');

  await page.getByRole('button', { name: m.add_to_bag(), exact: true }).click();
  const line = bag(page).getByTestId('bag-line').filter({ hasText: product.name });
  await expect(line.getByTestId('bag-line-quantity')).toHaveText('1');
  // Low stock is said before the limit, too.
  await expect(line.getByTestId('bag-line-limit')).toHaveText(left);
  const plus = line.getByRole('button', { name: `Increase quantity of ${product.name}` });
  for (let n = 1; n < variant.stock; n++) {
    await expect(plus).toBeEnabled();
    await plus.click();
    await expect(line.getByTestId('bag-line-quantity')).toHaveText(String(n + 1));
  }
  await expect(bag(page).getByRole('progressbar')).toBeHidden();
  await expect(plus).toBeDisabled();
  await expect(plus).toHaveAttribute('aria-disabled', 'true');
  expect(await description(plus)).toBe(left);
  // Focus stays on it (a keyboard user is not thrown out), and a further tap sends nothing and warns of nothing.
  await plus.focus();
  await page.keyboard.press('Enter');
  await plus.click({ force: true });
  await expect(plus).toBeFocused();
  await expect(line.getByTestId('bag-line-quantity')).toHaveText(String(variant.stock));
  await expect(page.locator('[data-toast]')).toHaveCount(0);

  // The server holds what the bag shows; − gives '+' back.
  const cart = (await (await page.request.get('/api/v1/cart/')).json()) as {
    data: { line_items: { variant_id: number; quantity: number; stock: number }[] };
  };
  expect(cart.data.line_items.find((l) => l.variant_id === variant.variant_id)).toMatchObject({
    quantity: variant.stock,
    stock: variant.stock,
  });
  await line.getByRole('button', { name: `Decrease quantity of ${product.name}` }).click();
  await expect(plus).toBeEnabled();
  await expect(line.getByTestId('bag-line-limit')).toHaveText(left);
});

test("the bag's '+' stops at 6 and says whom to call", async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.product_variants.some((v) => v.stock > 6 && v.discounted_price * 6 < 300_000));
  const variant = product.product_variants.find((v) => v.stock > 6 && v.discounted_price * 6 < 300_000)!;
  const phone = await supportPhone(request);
  await visit(page, `${product.url}?variant=${variant.variant_id}`);
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('5');
  await page.getByRole('button', { name: m.add_to_bag(), exact: true }).click();
  const line = bag(page).getByTestId('bag-line').filter({ hasText: product.name });
  await expect(line.getByTestId('bag-line-quantity')).toHaveText('5');
  await expect(line.getByTestId('bag-line-limit')).toBeEmpty();
  const plus = line.getByRole('button', { name: `Increase quantity of ${product.name}` });
  await plus.click();
  await expect(line.getByTestId('bag-line-quantity')).toHaveText('6');
  await expect(plus).toBeDisabled();
  const why = `Up to 6 per item. ${messages.biggerPurchase(phone)}`;
  await expect(line.getByTestId('bag-line-limit')).toHaveText(why);
  expect(await description(plus)).toBe(why);
});

test('a shade chosen on a card goes into the bag, and one out of stock cannot be chosen', async ({ page, request }) => {
  // Several variants, one out of stock and at least two in stock (so the choice is not the first by default).
  const product = await findProduct(
    request,
    (p) => p.product_variants.some((v) => !v.in_stock) && p.product_variants.filter((v) => v.in_stock).length >= 2,
    { onBrandPage: true },
  );
  const soldOut = product.product_variants.find((v) => !v.in_stock)!;
  const inStock = product.product_variants.filter((v) => v.in_stock);
  const wanted = inStock[inStock.length - 1]!;

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await visit(page, `/all-product/?brand=${product.brand_ref.handle}`);
  // The sheet's code is not part of the page until a tap needs it.
  expect(scripts.filter((u) => /variant-sheet/.test(u))).toEqual([]);

  await cardButton(page, product).click();
  const dialog = sheet(page, product);
  await expect(dialog).toBeVisible();
  expect(scripts.filter((u) => /variant-sheet/.test(u))).toHaveLength(1);
  await expect(dialog.getByRole('radio')).toHaveCount(product.product_variants.length);
  await expect(dialog.getByRole('group')).toContainText(/Choose a (shade|size|option)/);

  // Every variant with its price (the sale price when on sale) and whether it can be had.
  for (const v of product.product_variants) {
    const r = row(page, dialog, v);
    await expect(r).toContainText(formatTaka(v.discounted_price));
    if (v.discounted_price < v.price) await expect(r.locator('s')).toContainText(formatTaka(v.price));
    await expect(r).toContainText(!v.in_stock ? 'Out of stock' : v.stock < LOW_STOCK_THRESHOLD ? `Only ${v.stock} left` : 'In stock');
  }

  // The one out of stock cannot be chosen, by the arrow keys or by a tap.
  await expect(option(dialog, soldOut)).toBeDisabled();
  await expect(option(dialog, inStock[0]!)).toBeChecked();
  await expect(option(dialog, inStock[0]!)).toBeFocused();
  for (let i = 0; i < product.product_variants.length * 2; i++) {
    await page.keyboard.press('ArrowDown');
    await expect(option(dialog, soldOut)).not.toBeChecked();
  }
  await row(page, dialog, soldOut).click({ force: true });
  await expect(option(dialog, soldOut)).not.toBeChecked();

  await option(dialog, wanted).check();
  await dialog.getByRole('button', { name: m.add_to_bag(), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(bag(page)).toBeVisible();
  const lines = bag(page).locator(`[data-testid="bag-line"]:not([data-gift])`);
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toHaveAttribute('data-variant-id', String(wanted.variant_id));
  await expect(lines.first()).toContainText(wanted.title);
  await expect(lines.first().getByTestId('bag-line-quantity')).toHaveText('1');
  await expect(page.getByTestId('bag-count')).toHaveText('1');
});

test('the variant sheet works from the keyboard and fits the screen', async ({ page, request }) => {
  const product = await findProduct(request, (p) => p.product_variants.filter((v) => v.in_stock).length >= 2, { onBrandPage: true });
  const wanted = product.product_variants.filter((v) => v.in_stock)[1]!;
  await visit(page, `/all-product/?brand=${product.brand_ref.handle}`);
  const button = cardButton(page, product);
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = sheet(page, product);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { checked: true })).toBeFocused();

  // Where it sits: a bottom sheet the width of a phone, a small dialog in the middle of a desktop,
  // measured once it has finished sliding in (a busy machine may still be mid-animation).
  await dialog.evaluate((d) => Promise.all(d.getAnimations({ subtree: true }).map((a) => a.finished)));
  const viewport = page.viewportSize()!;
  const box = (await dialog.boundingBox())!;
  if (viewport.width < 640) {
    expect(Math.round(box.width)).toBe(viewport.width);
    expect(Math.round(box.y + box.height)).toBe(viewport.height);
  } else {
    expect(box.width).toBeLessThanOrEqual(420);
    // In the middle, give or take half the page's kept scrollbar gutter.
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(8);
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThan(viewport.height);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

  // Tab stays inside; Escape closes and focus goes back to the card's button.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // Again, this time choosing with the arrow keys and adding with Enter.
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('radio', { checked: true })).toBeFocused();
  for (let i = 0; i < product.product_variants.length && !(await option(dialog, wanted).isChecked()); i++)
    await page.keyboard.press('ArrowDown');
  await expect(option(dialog, wanted)).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const line = bag(page).locator(`[data-testid="bag-line"][data-variant-id="${wanted.variant_id}"]`);
  await expect(line).toBeVisible();
  await bag(page).getByRole('button', { name: 'Close shopping bag' }).click();
  await expect(bag(page)).toBeHidden();
  await expect(button).toBeFocused();
});
