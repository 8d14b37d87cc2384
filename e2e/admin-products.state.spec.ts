import type { Page } from '@playwright/test';
import type { AdminProduct } from '@store/shared/admin-catalog';
import type { ProductListResponse } from '@store/shared/catalog';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { ADMIN_API, OWNER, apiToken, bearer, openNav, signInAs } from './support/admin';
import { guestPickupToPayment, visitStore } from './support/shopper';
import { expect, test } from './support/test';

/*
 * Products from the back office (issue 17 item 1), seen and bought on the storefront: a new product
 * with two sizes and a picture is published, found by search and bought; a price change shows on the
 * product page and in the bag for lines added after it. It adds a product to the shared e2e shop, so
 * it runs in the 'site-state' project; it archives the product at the end.
 */

/** A square picture drawn in the page, as a PNG file to upload. */
async function pictureFile(page: Page) {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 600;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#f6d5dc';
    g.fillRect(0, 0, 600, 600);
    g.fillStyle = '#c2185b';
    g.fillRect(220, 120, 160, 380);
    return canvas.toDataURL('image/png');
  });
  return { name: 'bottle.png', mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64') };
}

const variantRow = (page: Page, n: number) => page.getByRole('listitem', { name: `Variant ${n}` });

test('a product made in the back office is found by search, bought, and its new price reaches the product page and the bag', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const word = `Zarin${Date.now().toString(36)}`;
  const name = `${word} Rose Water Mist`;
  const sku = word.toUpperCase();

  await signInAs(page, OWNER.email, OWNER.password);
  await (await openNav(page)).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await page.getByRole('link', { name: 'New product' }).click();
  const form = page.getByRole('form', { name: 'Product' });

  // Saved empty: every required field says so, nothing is created.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Required').first()).toBeVisible();
  await expect(page).toHaveURL(/\/catalog\/products\/new$/);

  await form.getByLabel('Name').fill(name);
  await expect(form.getByLabel('Address')).toHaveValue(`${word.toLowerCase()}-rose-water-mist`);
  await form.getByLabel('Brand').selectOption({ index: 1 });
  await form.getByLabel('Add a picture: choose a file').setInputFiles(await pictureFile(page));
  await expect(form.getByRole('listitem', { name: 'Picture 1' })).toBeVisible();
  await form.getByLabel('Alt text (card picture)').fill('A pink bottle of rose water mist');

  await variantRow(page, 1).getByLabel('Size').fill('50 ml');
  await variantRow(page, 1).getByLabel('SKU').fill(`${sku}-50`);
  await variantRow(page, 1).getByLabel('Price (taka)').fill('900');
  await variantRow(page, 1).getByLabel('Discount (%)').fill('10');
  await variantRow(page, 1).getByLabel('Stock').fill('8');
  await expect(variantRow(page, 1)).toContainText('Shoppers pay ৳810');
  await form.getByRole('button', { name: 'Add size' }).click();
  await variantRow(page, 2).getByLabel('Size').fill('100 ml');
  await variantRow(page, 2).getByLabel('SKU').fill(`${sku}-50`);
  await variantRow(page, 2).getByLabel('Price (taka)').fill('1500');
  await variantRow(page, 2).getByLabel('Stock').fill('4');
  // The card's price as shoppers will see it: 'From', the lowest price after discount, the regular one struck through.
  await expect(page.getByTestId('price-preview')).toContainText('From ৳810');

  await form.getByLabel('Status').selectOption('active');
  await form.getByRole('button', { name: 'Save' }).click();
  // The same SKU twice is refused under the second variant.
  await expect(variantRow(page, 2).getByText('Two variants of this product have this SKU')).toBeVisible();
  await variantRow(page, 2).getByLabel('SKU').fill(`${sku}-100`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. Shoppers see it now.')).toBeVisible();
  await expect(page).toHaveURL(/\/catalog\/products\/\d+$/);
  const id = Number(page.url().split('/').pop());

  // A shopper finds it by search and buys the 50 ml as a guest collecting at a store.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await visitStore(shopper, `/product/?search=${word}`);
  const card = shopper.getByRole('link', { name: new RegExp(name) }).first();
  await expect(card).toBeVisible();
  await card.click();
  await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shopper.getByRole('img', { name: 'A pink bottle of rose water mist' }).first()).toBeVisible();
  await shopper.getByRole('button', { name: m.add_to_bag(), exact: true }).click();
  await expect(
    shopper
      .getByRole('dialog', { name: /Shopping bag/i })
      .getByTestId('bag-line')
      .filter({ hasText: name }),
  ).toContainText('৳810');

  await guestPickupToPayment(shopper);
  await shopper.getByTestId('place-order').click();
  await expect(shopper.getByRole('heading', { name: messages.orderPlaced() })).toBeVisible();
  await expect(shopper.getByText(name).first()).toBeVisible();

  // The price of the 50 ml goes up: the product page and a bag line added now both show it.
  await page.reload();
  await variantRow(page, 1).getByLabel('Price (taka)').fill('1000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. Shoppers see it now.')).toBeVisible();
  const product = await (
    await request.get(`${ADMIN_API}/catalog/products/${id}/`, { headers: bearer(await apiToken(request, OWNER.email, OWNER.password)) })
  ).json();
  const saved = (product as { data: AdminProduct }).data;
  expect(saved.variants[0]).toMatchObject({ price: 100_000, discounted_price: 90_000, stock: 7 });

  const next = await (await browser.newContext()).newPage();
  await visitStore(next, saved.url);
  await expect(next.getByRole('main').getByTestId('price-current').first()).toHaveText('৳900');
  await next.getByRole('button', { name: m.add_to_bag(), exact: true }).click();
  await expect(
    next
      .getByRole('dialog', { name: /Shopping bag/i })
      .getByTestId('bag-line')
      .filter({ hasText: name }),
  ).toContainText('৳900');

  // Archived, it leaves the storefront's search at once.
  await form.getByLabel('Status').selectOption('archived');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Archived. Shoppers no longer see it.')).toBeVisible();
  const found = (await (await request.get(`/api/v1/products/?search=${word}`)).json()) as ProductListResponse;
  expect(found.results.map((p) => p.handle)).not.toContain(saved.handle);
  await shopperContext.close();
});

test('a CSV of 1,000 rows with 3 bad ones is refused with their lines, then imported once fixed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const brand = ((await (await request.get('/api/v1/brands/?department=')).json()) as { data: { handle: string }[] }).data[0]!.handle;
  const tag = `csv${Date.now().toString(36)}`;
  const header = 'handle,name,brand,department,status,sku,variant_title,price,discount,stock';
  const rows = Array.from({ length: 500 }, (_, i) => [
    `${tag}-${i},${tag} Body Lotion ${i},${brand},beauty,active,${tag}-${i}-S,100 ml,450,10,5`,
    `${tag}-${i},,,,,${tag}-${i}-L,200 ml,800,0,3`,
  ]).flat();
  const bad = [...rows];
  bad[10] = bad[10]!.replace(',450,10,5', ',-450,10,5'); // line 12: a negative price
  bad[400] = bad[400]!.replace(`,${brand},`, ',no-such-brand,'); // line 402: an unknown brand
  bad[801] = bad[801]!.replace(`${tag}-400-L`, `${tag}-0-L`); // line 803: the SKU of line 3
  const file = (lines: string[]) => ({ name: `${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from([header, ...lines].join('\n')) });

  await signInAs(page, OWNER.email, OWNER.password);
  await (await openNav(page)).getByRole('link', { name: 'Products' }).click();
  await page.getByRole('link', { name: 'Import or export' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import and export products' })).toBeVisible();

  await page.getByLabel('CSV file: choose a file').setInputFiles(file(bad));
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByTestId('import-result')).toContainText('3 rows are wrong in 1,000. Nothing was imported');
  await expect(page.getByTestId('import-error')).toHaveCount(3);
  await expect(page.getByTestId('import-error').nth(0)).toContainText('12price');
  await expect(page.getByTestId('import-error').nth(1)).toContainText('402brandNo brand has this handle');
  await expect(page.getByTestId('import-error').nth(2)).toContainText('803skuThis SKU is also on line 3');
  await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();

  await page.getByLabel('CSV file: choose a file').setInputFiles(file(rows));
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByTestId('import-result')).toContainText('The file is good: 1,000 rows, 500 new and 0 updated products; 1000 new');
  expect((await request.get(`/api/v1/products/${brand}/${tag}-7/`)).status()).toBe(404);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByTestId('import-result')).toContainText('Imported 1,000 rows', { timeout: 30_000 });
  const shown = await request.get(`/api/v1/products/${brand}/${tag}-7/`);
  expect(shown.status()).toBe(200);

  // The imported products leave the storefront again (archived in one more import).
  const archive = ['handle,status', ...Array.from({ length: 500 }, (_, i) => `${tag}-${i},archived`)];
  const token = await apiToken(request, OWNER.email, OWNER.password);
  const res = await request.post(`${ADMIN_API}/catalog/products/import/?dry_run=false`, {
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    data: archive.join('\n'),
  });
  expect(res.status(), await res.text()).toBe(200);
});
