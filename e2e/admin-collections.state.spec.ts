import type { Page } from '@playwright/test';
import type { AdminBrand, AdminCollectionSummary } from '@store/shared/admin-catalog-brands';
import type { BrandSummary, ProductListResponse } from '@store/shared/catalog';
import { ADMIN_API, OWNER, apiToken, bearer, openNav, signInAs } from './support/admin';
import { expect, test } from './support/test';

/*
 * Brands and collections from the back office, seen on the storefront: a collection by rule shown
 * as a slider on the beauty home, and a new brand with its page. They change what every shopper
 * sees, so they run in the 'site-state' project; what they create is named uniquely and deleted after.
 */

const suffix = `${Date.now() % 1_000_000}`;
const collectionHandle = `e2e-fragrance-deals-${suffix}`;
const collectionTitle = `Fragrance deals ${suffix}`;
const brandHandle = `e2e-brand-${suffix}`;
const brandName = `Lumen Lab ${suffix}`;

test.afterAll(async ({ request }) => {
  const token = await apiToken(request, OWNER.email, OWNER.password);
  const collections = (
    (await (await request.get(`${ADMIN_API}/catalog/collections/`, { headers: bearer(token) })).json()) as {
      data: AdminCollectionSummary[];
    }
  ).data;
  for (const c of collections.filter((c) => c.handle === collectionHandle))
    await request.delete(`${ADMIN_API}/catalog/collections/${c.id}/`, { headers: bearer(token) });
  const brands = (
    (await (await request.get(`${ADMIN_API}/catalog/brands/?q=${brandHandle}`, { headers: bearer(token) })).json()) as {
      data: AdminBrand[];
    }
  ).data;
  for (const b of brands) await request.delete(`${ADMIN_API}/catalog/brands/${b.id}/`, { headers: bearer(token) });
});

async function openScreen(page: Page, name: string) {
  await (await openNav(page)).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a collection by rule becomes a slider on the department home with the products it matches', async ({ page, browser, request }) => {
  await signInAs(page, OWNER.email, OWNER.password);
  await openScreen(page, 'Collections');
  await page.getByRole('link', { name: 'New collection' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New collection' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Collection' });
  await form.getByLabel('Title').fill(collectionTitle);
  await form.getByLabel('Address').fill('Not An Address');
  await form.getByLabel('By rule, newest first').check();
  // Bad input: the shared schema's messages under the fields, nothing saved.
  await form.getByLabel('Lowest price (taka)').fill('5000');
  await form.getByLabel('Highest price (taka)').fill('100');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Use lowercase letters, digits and dashes (for example the-ordinary)')).toBeVisible();
  await expect(form.getByLabel('Highest price (taka)')).toHaveAccessibleDescription('The lowest price must not be above the highest');
  await expect(page).toHaveURL(/\/catalog\/collections\/new$/);

  await form.getByLabel('Address').fill(collectionHandle);
  await form.getByLabel('Lowest price (taka)').fill('');
  await form.getByLabel('Highest price (taka)').fill('');
  await form.getByLabel('Tags').fill('EDP, EDT');
  await form.getByLabel('On sale', { exact: true }).selectOption('yes');
  const count = form.getByTestId('rule-count');
  await expect(count).toHaveText(/^\d+ products? match$/);
  const matching = Number((await count.textContent())!.split(' ')[0]);
  expect(matching).toBeGreaterThan(0);
  await form.getByLabel('Home slider order').fill('9');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved: ${matching} product`)).toBeVisible();
  await expect(page).toHaveURL(/\/catalog\/collections\/\d+$/);

  // The storefront's listing of the collection holds exactly the matching products.
  const listed = (await (await request.get(`/api/v1/products/?collection=${collectionHandle}`)).json()) as ProductListResponse;
  expect(listed.count).toBe(matching);
  for (const product of listed.results) expect(product.sale || product.max_discount.value > 0).toBe(true);

  // The beauty home shows it as a slider, with those products.
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/');
  const slider = shopper.getByRole('region', { name: collectionTitle });
  await expect(slider).toBeVisible();
  const names = listed.results.slice(0, 3).map((p) => p.name);
  for (const name of names) await expect(slider.getByText(name, { exact: false }).first()).toBeAttached();

  // Taken off the home page: the slider leaves.
  await form.getByLabel('Home slider order').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved:')).toBeVisible();
  await shopper.reload();
  await expect(shopper.getByRole('heading', { name: collectionTitle })).toHaveCount(0);
});

test('a new brand is on the storefront at once, with its products page', async ({ page, browser, request }) => {
  await signInAs(page, OWNER.email, OWNER.password);
  await openScreen(page, 'Brands');
  await page.getByRole('link', { name: 'New brand' }).click();
  const form = page.getByRole('form', { name: 'Brand' });
  await form.getByLabel('Name').fill(brandName);
  await form.getByLabel('Address').fill('ba-brand with spaces');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Use lowercase letters, digits and dashes (for example the-ordinary)')).toBeVisible();
  await form.getByLabel('Address').fill(brandHandle);
  await form.getByLabel('Description').fill('Clean serums made in Dhaka.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved. Shoppers see ${brandName}`)).toBeVisible();

  const brands = ((await (await request.get('/api/v1/brands/')).json()) as { data: BrandSummary[] }).data;
  expect(brands.map((b) => b.handle)).toContain(brandHandle);
  const shopper = await (await browser.newContext()).newPage();
  expect((await shopper.goto(`/brand/${brandHandle}`))?.status()).toBe(200);
  await expect(shopper.getByRole('heading', { level: 1, name: brandName })).toBeVisible();
  await expect(shopper.getByText('Clean serums made in Dhaka.')).toBeVisible();

  // The list finds it; a brand with products refuses to be deleted, this one (none) goes.
  await openScreen(page, 'Brands');
  await page.getByLabel('Search brands').fill(brandHandle);
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByRole('button', { name: `Delete ${brandName}` })
    .filter({ visible: true })
    .click();
  await page.getByRole('button', { name: 'Delete the brand' }).click();
  await expect(page.getByText(`The brand “${brandName}” is deleted.`)).toBeVisible();
  expect((await shopper.goto(`/brand/${brandHandle}`))?.status()).toBe(404);
});
