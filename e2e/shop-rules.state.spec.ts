import type { APIRequestContext } from '@playwright/test';
import { DEFAULT_CARE_HOURS, DEFAULT_STOCK_WARNING_THRESHOLD } from '@store/shared/admin-settings';
import type { ProductDetail, ProductListResponse } from '@store/shared/catalog';
import * as messages from '@store/shared/messages';
import { ADMIN_API, OWNER, apiToken, bearer } from './support/admin';
import { expect, test } from './support/test';

/*
 * Issue 16 item 4: customer-care hours and the stock warning threshold set in the back office are
 * what the storefront shows on its next page load. Site-wide state: the 'site-state' project runs
 * this alone, after the other specs.
 */

async function patchSettings(request: APIRequestContext, data: object) {
  const token = await apiToken(request, OWNER.email, OWNER.password);
  const res = await request.patch(`${ADMIN_API}/settings/`, { headers: bearer(token), data });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A product with an in-stock variant of at least `min` units: not low at the default threshold. */
async function productWithStock(request: APIRequestContext, min: number): Promise<ProductDetail> {
  const list = (await (await request.get('/api/v1/products/?in_stock=true&department=&page_size=48')).json()) as ProductListResponse;
  for (const card of list.results) {
    const res = await request.get(`/api/v1/products/${card.brand.handle}/${card.handle}/`);
    const product = ((await res.json()) as { data: ProductDetail }).data;
    if (product.product_variants.some((v) => v.in_stock && v.stock >= min && v.stock < 1000)) return product;
  }
  throw new Error(`no product with a variant of ${min} or more in stock`);
}

test.afterEach(async ({ request }) => {
  await patchSettings(request, { care_hours: DEFAULT_CARE_HOURS, stock_warning_threshold: DEFAULT_STOCK_WARNING_THRESHOLD });
});

test('care hours and the stock warning set in the back office show on the storefront', async ({ page, request }) => {
  const product = await productWithStock(request, DEFAULT_STOCK_WARNING_THRESHOLD);
  const variant = product.product_variants.find((v) => v.in_stock && v.stock >= DEFAULT_STOCK_WARNING_THRESHOLD && v.stock < 1000)!;
  const lowStock = page.getByTestId('low-stock');

  await page.goto(`${product.url}?variant=${variant.variant_id}`);
  await expect(page.getByRole('contentinfo')).toContainText('Sunday to Thursday, 10 AM to 6 PM');
  await expect(lowStock).toHaveCount(0);

  await patchSettings(request, {
    care_hours: { days: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'], open_hour: 9, close_hour: 21 },
    stock_warning_threshold: 1000,
  });
  await page.reload();
  await expect(page.getByRole('contentinfo')).toContainText('Saturday to Thursday, 9 AM to 9 PM');
  await expect(lowStock).toHaveText(messages.lowStock(product.name, variant.title, variant.stock));
});
