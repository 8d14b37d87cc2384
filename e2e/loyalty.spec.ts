import type { APIRequestContext, Page } from '@playwright/test';
import type { CartResponse } from '@store/shared/cart';
import type { ProductListResponse, ProductDetail } from '@store/shared/catalog';
import type { Address, CheckoutResponse } from '@store/shared/checkout';
import { DEFAULT_LOYALTY_RULES, pointsFor, type LoyaltyAccount } from '@store/shared/loyalty';
import { ADMIN_API, OWNER, apiToken, bearer, newMember, openNav, signInAs } from './support/admin';
import { csrf } from './support/api';
import { signedInShopper, visitStore } from './support/shopper';
import { expect, test } from './support/test';

/*
 * The loyalty programme from the shopper's side (issue 22), on a phone and on a desktop. A new
 * customer is given points by staff, sees what the bag earns, spends points at checkout, pays cash
 * on delivery; the back office confirms, packs and ships the order and the courier delivers it; the
 * Points & rewards tab then shows the points earned, the tier the order reached and a voucher made
 * from points. A friend's share link gives another new customer the welcome discount at checkout.
 *
 * The programme's rules are the shop's own (e2e/admin-loyalty.spec.ts edits them, once): nothing here
 * changes them. One order of ৳11,000 or more reaches Silver (from ৳10,000) under the default rules.
 */

const SILVER = DEFAULT_LOYALTY_RULES.tiers[1]!;

/**
 * Puts `quantity` of a demo variant (plenty in stock, from the dearest products) in the bag so its
 * items reach `atLeast` (poisha) and stay below the tier above Silver (one dear item would skip to Gold).
 */
async function bagOfAtLeast(request: APIRequestContext, atLeast: number): Promise<CartResponse['data']> {
  const below = DEFAULT_LOYALTY_RULES.tiers[2]!.threshold;
  const list = (await (await request.get('/api/v1/products/?in_stock=true&page_size=48&sort=price_desc')).json()) as ProductListResponse;
  const headers = await csrf(request);
  // Parallel journeys spread their buying over the list.
  for (const card of list.results.sort(() => Math.random() - 0.5)) {
    const product = ((await (await request.get(`/api/v1/products/${card.brand.handle}/${card.handle}/`)).json()) as { data: ProductDetail })
      .data;
    // Counted at the price the bag charges (after the variant's discount), so one line reaches `atLeast` and no second one is added.
    const units = (v: { discounted_price: number }) => Math.ceil(atLeast / v.discounted_price);
    const variant = product.product_variants.find(
      (v) => v.stock >= 12 && v.discounted_price > 0 && units(v) <= 6 && units(v) * v.discounted_price < below,
    );
    if (!variant) continue;
    const quantity = units(variant);
    const res = await request.post('/api/v1/cart/line-items/', {
      headers,
      data: { delivery_type: 'standard', line_item: { variant_id: variant.variant_id, quantity, action: 'increment' } },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const cart = ((await (await request.get('/api/v1/cart/')).json()) as CartResponse).data;
    if (cart.subtotal_price_with_rebate >= atLeast) return cart;
  }
  throw new Error('no variant in the demo shop makes a bag that large');
}

/** A saved Dhaka address, chosen for standard delivery: the checkout opens on its payment step. */
async function deliverToDhaka(request: APIRequestContext, name: string, phone: string, house: string) {
  const headers = await csrf(request);
  const saved = await request.post('/api/v1/addresses/?type=shipping', {
    headers,
    data: { name, phone, division: 'Dhaka', location: 'Dhaka', area: 'Gulshan', address_detail: house, default: true },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const id = ((await saved.json()) as { data: Address }).data.id;
  const chosen = await request.post('/api/v1/checkout/shipping_address/', {
    headers,
    data: { user_address_id: id, delivery_type: 'standard' },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);
}

const taka = (poisha: number) => `৳${(poisha / 100).toLocaleString('en-IN')}`;
const randomPhone = () => `016${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** Opens the order from the back office's Orders screen by searching its number. */
async function openOrder(page: Page, number: string) {
  await (await openNav(page)).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByLabel('Search').fill(number);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page.getByText('1 order · page 1 of 1')).toBeVisible();
  await page.getByRole('link', { name: number }).filter({ visible: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
}

test('points given by staff are spent at checkout, the delivered order earns more and reaches Silver', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const shopper = await signedInShopper(page.request, 'Farzana', 'Akter');

  // Staff give the new customer 200 points (an adjustment, with its reason).
  const owner = await apiToken(request, OWNER.email, OWNER.password);
  const given = await request.post(`${ADMIN_API}/loyalty/customers/${shopper.customerId}/adjustments/`, {
    headers: bearer(owner),
    data: { points: 200, reason: 'Sorry for the late parcel' },
  });
  expect(given.ok(), await given.text()).toBe(true);

  // The bag says what the order earns at the customer's tier, and that it can reach Silver.
  const cart = await bagOfAtLeast(page.request, SILVER.threshold + 100_000);
  await deliverToDhaka(page.request, 'Farzana Akter', shopper.phone, `House ${shopper.customerId}, Road 5`);
  const estimate = pointsFor(cart.subtotal_price_with_rebate, DEFAULT_LOYALTY_RULES, 100);
  await visitStore(page, '/');
  await page.getByRole('link', { name: /Shopping bag/ }).click();
  const bag = page.getByRole('dialog', { name: /Shopping bag/i });
  await expect(bag.getByTestId('bag-points')).toHaveText(`You'll earn ${estimate.toLocaleString('en-IN')} points on this order`);
  await expect(bag.getByTestId('bag-next-tier')).toHaveText('Once delivered, this order can take you to Silver');

  // Checkout: the loyalty box spends 150 of the 200 points; the total comes down by ৳150.
  await bag.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await visitStore(page, '/checkout?step=payment');
  const box = page.getByTestId('loyalty-box');
  await expect(box).toContainText('You have 200 points, worth ৳200');
  await expect(page.getByTestId('loyalty-tier')).toHaveText('Member');
  const before = Number((await page.getByTestId('pay-total').textContent())!.replace(/[^\d]/g, ''));
  await box.getByLabel('Use points').fill('500');
  await box.getByRole('button', { name: 'Apply' }).click();
  await expect(box.getByTestId('field-error')).toHaveText('Enter a whole number of points up to 200');
  await box.getByLabel('Use points').fill('150');
  await box.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Points applied to your order')).toBeVisible();
  await expect(page.getByTestId('points-applied')).toContainText('150 points used: ৳150 off');
  await expect(page.getByTestId('pay-total')).toHaveText(taka((before - 150) * 100));
  if (test.info().project.name === 'desktop') await expect(page.getByTestId('total-points')).toContainText('Points used (150)−৳150');
  // What the order earns once delivered: its items after every discount, delivery excluded.
  const { totals } = ((await (await page.request.get('/api/v1/checkout/')).json()) as CheckoutResponse).data;
  const earns = pointsFor(totals.total - totals.shipping, DEFAULT_LOYALTY_RULES, 100);
  await expect(box.getByTestId('loyalty-earn')).toHaveText(`This order earns ${earns.toLocaleString('en-IN')} points once delivered`);

  await page.getByTestId('pay-cod').click();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await expect(page.getByTestId('total-points')).toContainText('−৳150');
  const number = (await page.getByTestId('order-number').first().textContent())!;

  // The back office confirms, packs and ships the order; the courier delivers it.
  const staffContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const staff = await staffContext.newPage();
  const member = await newMember(request, 'fulfilment', 'Selim Fulfilment');
  await signInAs(staff, member.email, member.password);
  await openOrder(staff, number);
  const actions = staff.getByRole('toolbar', { name: 'Order actions' });
  await actions.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(staff.getByText('The order is confirmed.')).toBeVisible();
  await actions.getByRole('button', { name: 'Mark packed' }).click();
  await expect(staff.getByText('The order is packed.')).toBeVisible();
  const shipping = staff.getByRole('region', { name: 'Shipping' });
  await shipping.getByLabel('Courier').selectOption('steadfast');
  await shipping.getByRole('button', { name: 'Book parcel' }).click();
  const parcel = shipping.getByTestId('shipment');
  await expect(parcel).toContainText('Booked');
  const consignment = /· (\S+)/.exec((await parcel.locator('span.font-medium').first().textContent()) ?? '')?.[1] ?? '';
  expect(consignment).not.toBe('');
  for (const status of ['pending', 'delivered']) {
    const moved = await request.post(`/dev/couriers/steadfast/parcels/${encodeURIComponent(consignment)}/advance`, { data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  await staff.reload();
  await expect(staff.getByRole('list', { name: 'Timeline' })).toContainText('Delivered');
  await staffContext.close();

  // The order shows the points it earned; Points & rewards the new balance, Silver, and the ledger.
  const balance = 200 - 150 + earns;
  await expect
    .poll(async () => ((await (await page.request.get('/api/v1/loyalty/')).json()) as { data: LoyaltyAccount }).data.balance)
    .toBe(balance);
  await visitStore(page, `/account/orders/${number}`);
  await expect(page.getByTestId('total-points-earned')).toHaveText(`Points earned+${earns.toLocaleString('en-IN')} points`);
  await visitStore(page, '/account/rewards');
  await expect(page.getByTestId('points-balance')).toHaveText(`${balance.toLocaleString('en-IN')} points`);
  await expect(page.getByTestId('tier')).toHaveText('Silver');
  await expect(page.getByTestId('tier-benefits')).toContainText('1.25 points for every ৳100 you spend');
  const entries = page.getByTestId('points-entry');
  await expect(entries.filter({ hasText: 'Earned' })).toContainText(`Order ${number}`);
  await expect(entries.filter({ hasText: 'Earned' })).toContainText(`+${earns}`);
  await expect(entries.filter({ hasText: 'Used' })).toContainText('−150');
  await expect(entries.filter({ hasText: 'Adjustment' })).toContainText('Sorry for the late parcel');

  // 50 points become a ৳50 voucher, listed with its code.
  const form = page.getByTestId('voucher-form');
  await form.getByLabel('Points to use').fill('50');
  await expect(form).toContainText('৳50 off');
  await form.getByRole('button', { name: 'Get voucher' }).click();
  await expect(page).toHaveURL(/voucher=/);
  const code = new URL(page.url()).searchParams.get('voucher')!;
  await expect(page.getByText(`Your voucher ${code} for ৳50 is ready`)).toBeVisible();
  await expect(page.getByTestId('voucher').filter({ hasText: code })).toContainText('৳50 off');
  await expect(page.getByTestId('points-balance')).toHaveText(`${(balance - 50).toLocaleString('en-IN')} points`);

  const account = ((await (await page.request.get('/api/v1/loyalty/')).json()) as { data: LoyaltyAccount }).data;
  expect(account.tier.key).toBe(SILVER.key);
});

test("a friend's share link gives a new customer the welcome discount at checkout", async ({ page, browser }) => {
  test.setTimeout(90_000);
  // The friend who shares: their code and link from their Points & rewards tab.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await signedInShopper(friend.request, 'Sadia', 'Islam');
  await visitStore(friend, '/account/rewards');
  const code = (await friend.getByTestId('referral-code').textContent())!;
  await expect(friend.getByTestId('referral-link')).toHaveText(new RegExp(`/\\?ref=${code}$`));
  const link = new URL((await friend.getByTestId('referral-link').textContent())!);
  await friendContext.close();

  // A new customer follows the link, shops, and finds the code applied at checkout.
  await visitStore(page, `${link.pathname}${link.search}`);
  const shopper = await signedInShopper(page.request, 'Mitu', 'Rahman');
  await bagOfAtLeast(page.request, DEFAULT_LOYALTY_RULES.referral_min_order);
  await deliverToDhaka(page.request, 'Mitu Rahman', randomPhone(), `Flat ${shopper.customerId}, Road 9`);
  await visitStore(page, '/checkout?step=payment');
  const applied = page.getByTestId('applied-referral');
  await expect(applied).toContainText(code);
  await expect(applied).toContainText('৳100 off your first order');
  if (test.info().project.name === 'desktop') await expect(page.getByTestId('total-referral')).toContainText(`Referral (${code})−৳100`);

  // Taken off, the field offers the code again; an unknown code stays with why it gives nothing.
  await applied.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Referral code removed')).toBeVisible();
  await page.getByText('Have a referral code?').click();
  await page.getByLabel('Referral code').fill('NOSUCHCODE');
  await page.getByRole('region', { name: 'Review and place your order' }).getByRole('button', { name: 'Apply' }).click();
  await expect(applied).toContainText('This referral code is not valid');
});
