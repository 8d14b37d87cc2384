import type { APIRequestContext } from '@playwright/test';
import type { InventoryPage, InventoryVariant } from '@store/shared/admin-inventory';
import type { ProductDetail, ProductListResponse } from '@store/shared/catalog';
import { ADMIN_API, OWNER, apiToken, bearer, openNav, signInAs, uniqueEmail } from './support/admin';
import { outbox } from './support/api';
import { expect, test } from './support/test';

/*
 * Inventory and back in stock (issue 17 items 3 and 4): a shopper asks 'Notify me' on a sold-out
 * variant, staff set its stock from 0 to 5 on the Inventory screen, the shopper gets exactly one
 * message and the product page shows it in stock; a second adjustment sends nothing more. The
 * stock is shop-wide data, so this runs in the 'site-state' project and puts the count back.
 */

/** A published product with a single variant (so its page shows that variant), and the variant's inventory row. */
async function singleVariantProduct(request: APIRequestContext, token: string): Promise<{ product: ProductDetail; row: InventoryVariant }> {
  const cards = ((await (await request.get('/api/v1/products/?in_stock=true')).json()) as ProductListResponse).results;
  for (const card of cards) {
    const res = await request.get(`/api/v1/products/${card.brand.handle}/${card.handle}/`);
    if (!res.ok()) continue;
    const product = ((await res.json()) as { data: ProductDetail }).data;
    if (product.product_variants.length !== 1) continue;
    const sku = product.product_variants[0]!.sku;
    const page = (await (
      await request.get(`${ADMIN_API}/inventory/variants/?q=${encodeURIComponent(sku)}`, { headers: bearer(token) })
    ).json()) as InventoryPage;
    const row = page.data.find((r) => r.sku === sku);
    if (row) return { product, row };
  }
  throw new Error('no single-variant product in the demo shop');
}

async function setStock(request: APIRequestContext, token: string, variantId: number, quantity: number) {
  const res = await request.post(`${ADMIN_API}/inventory/adjustments/`, {
    headers: bearer(token),
    data: { variant_id: variantId, kind: 'set', quantity, reason: 'correction', note: 'e2e: admin-inventory' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('stock set from 0 to 5 on the Inventory screen sends the back-in-stock message once, and the product page shows it', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, OWNER.email, OWNER.password);
  const { product, row } = await singleVariantProduct(request, token);
  const original = row.stock;
  const productPath = new URL(product.url, 'http://x').pathname;
  try {
    // Sold out, and a shopper asks to be told.
    await setStock(request, token, row.id, 0);
    await page.goto(productPath);
    await expect(page.getByTestId('out-of-stock')).toBeVisible();
    await page.getByRole('button', { name: 'Notify me' }).click();
    const email = uniqueEmail('back-in-stock');
    await page.getByLabel('Tell me when it is back in stock').fill(email);
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page.getByTestId('notify-done')).toBeVisible();
    expect(await outbox(request, email)).toHaveLength(0);

    // Staff count 5 on the shelf.
    await signInAs(page, OWNER.email, OWNER.password);
    await (await openNav(page)).getByRole('link', { name: 'Inventory' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
    const search = page.getByRole('search', { name: 'Find variants' });
    await search.getByLabel('Search').fill(row.sku);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=/);
    const item = page.getByTestId('list-item').filter({ visible: true }).filter({ hasText: row.sku });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Sold out');
    await item.getByRole('button', { name: /^Adjust the stock of/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Change').selectOption('set');
    // Bad input: a negative count is refused by the shared schema, under its field.
    await dialog.getByLabel('Count').fill('-1');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(dialog.getByText('A count cannot be below 0')).toBeVisible();
    await dialog.getByLabel('Count').fill('5');
    await expect(dialog.getByTestId('new-count')).toContainText('0 → 5');
    await dialog.getByLabel('Reason').selectOption('received');
    await dialog.getByLabel('Note').fill('Delivery from the distributor');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(page.getByRole('status').filter({ hasText: '0 → 5 in stock' })).toContainText('1 shopper was told it is back in stock');
    await expect(item).toContainText('5');

    // Exactly one message, with the product's link.
    await expect.poll(async () => (await outbox(request, email)).length).toBe(1);
    const [message] = await outbox(request, email);
    expect(message!.subject).toContain(product.name);
    expect(message!.body).toContain(productPath);

    // The storefront shows it in stock at once.
    await page.goto(productPath);
    await expect(page.getByRole('button', { name: 'Add to bag', exact: true })).toBeVisible();
    await expect(page.getByTestId('out-of-stock')).toHaveCount(0);

    // A second adjustment sends nothing more; its history lists both.
    await page.goto(`/admin/inventory?q=${encodeURIComponent(row.sku)}`);
    await item.getByRole('button', { name: /^Adjust the stock of/ }).click();
    await dialog.getByLabel('Quantity (+/−)').fill('2');
    await dialog.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(page.getByRole('status').filter({ hasText: '5 → 7 in stock' })).toBeVisible();
    await item.getByRole('button', { name: /^Stock history of/ }).click();
    const history = page.getByRole('dialog');
    await expect(history.getByTestId('history-item').first()).toContainText('5 → 7');
    await expect(history.getByTestId('history-item').nth(1)).toContainText('Delivery from the distributor');
    await expect(history.getByTestId('history-item').nth(1)).toContainText('Demo Owner');
    expect(await outbox(request, email)).toHaveLength(1);
  } finally {
    await setStock(request, token, row.id, original);
  }
});
