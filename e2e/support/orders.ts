import type { APIRequestContext } from '@playwright/test';
import type { ProductDetail, ProductListResponse } from '@store/shared/catalog';
import type { Address, PayResponse } from '@store/shared/checkout';
import type { PaymentMethod } from '@store/shared/checkout-rules';
import { csrf } from './api';
import { signedInShopper } from './shopper';
import { expect } from './test';

/** A stable number from a text: each test starts its search for a product at its own place in the list. */
const spread = (key: string) => [...key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

/**
 * A demo variant with stock for the test named `key`: from the home department, which the other
 * journeys do not buy from, at a place of its own in the list, so tests running side by side count
 * the stock of different variants.
 */
export async function someVariant(
  request: APIRequestContext,
  key: string,
): Promise<{ variantId: number; stock: number; productUrl: string }> {
  const list = (await (
    await request.get('/api/v1/products/?in_stock=true&department=home&page_size=48&sort=newest')
  ).json()) as ProductListResponse;
  const start = spread(key) % Math.max(list.results.length, 1);
  for (const card of [...list.results.slice(start), ...list.results.slice(0, start)]) {
    const product = ((await (await request.get(`/api/v1/products/${card.brand.handle}/${card.handle}/`)).json()) as { data: ProductDetail })
      .data;
    const variant = product.product_variants.find((v) => v.stock >= 10);
    if (variant) return { variantId: variant.variant_id, stock: variant.stock, productUrl: product.url };
  }
  throw new Error('no product with stock in the demo shop');
}

/** The variant's stock as the storefront says now. */
export async function stockOf(request: APIRequestContext, productUrl: string, variantId: number): Promise<number> {
  const [, , brand, handle] = productUrl.split('/');
  const product = ((await (await request.get(`/api/v1/products/${brand}/${handle}/`)).json()) as { data: ProductDetail }).data;
  return product.product_variants.find((v) => v.variant_id === variantId)!.stock;
}

/**
 * A newly registered shopper (signed in on `request`'s context) buys two of the test's demo variant for
 * delivery in Dhaka, with a coupon when asked, and pays with `method` (cash on delivery by default).
 */
export async function placeOrder(
  request: APIRequestContext,
  key: string,
  opts: { coupon?: string; method?: PaymentMethod; quantity?: number } = {},
): Promise<{ number: string; token: string; phone: string; variantId: number; productUrl: string; redirect: string | null }> {
  const shopper = await signedInShopper(request, 'Rupa', 'Begum');
  const headers = await csrf(request);
  const variant = await someVariant(request, key);
  const added = await request.post('/api/v1/cart/line-items/', {
    headers,
    data: { delivery_type: 'standard', line_item: { variant_id: variant.variantId, quantity: opts.quantity ?? 2, action: 'increment' } },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const address = await request.post('/api/v1/addresses/?type=shipping', {
    headers,
    data: {
      name: 'Rupa Begum',
      phone: shopper.phone,
      division: 'Dhaka',
      location: 'Dhaka',
      area: 'Gulshan',
      address_detail: 'House 7, Road 3',
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const addressId = ((await address.json()) as { data: Address }).data.id;
  if (opts.coupon) {
    const applied = await request.post('/api/v1/checkout/discount_code/', { headers, data: { discount: { code: opts.coupon } } });
    expect(applied.ok(), await applied.text()).toBe(true);
  }
  const paid = await request.post('/api/v1/checkout/pay/', {
    headers: { ...headers, 'idempotency-key': `orders-${Date.now()}-${Math.random()}` },
    data: { address_id: addressId, payment_method: opts.method ?? 'cod' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const data = ((await paid.json()) as PayResponse).data;
  return {
    number: data.order.number,
    token: data.order.id,
    phone: `+88${shopper.phone}`,
    variantId: variant.variantId,
    productUrl: variant.productUrl,
    redirect: data.redirectGatewayURL,
  };
}
