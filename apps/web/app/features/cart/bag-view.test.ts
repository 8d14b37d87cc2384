import { describe, expect, it } from 'vitest';
import type { Cart, CartLineItem } from '@store/shared/cart';
import { analyticsProduct, applyPending, CART_ACTION_EVENTS, unpricedUnits, visibleBoxes } from './bag-view';

function lineOf(id: number, variantId: number, quantity: number, extra: Partial<CartLineItem> = {}): CartLineItem {
  return {
    id,
    variant_id: variantId,
    product_id: variantId * 10,
    quantity,
    price: 120_000,
    discounted_price: 108_000,
    line_price: 108_000 * quantity,
    title: '30 ml',
    variant_title: '30 ml',
    product_title: 'Serum',
    name: 'Serum - 30 ml',
    sku: `SKU-${variantId}`,
    vendor: 'Glow Lab',
    image: null,
    product_url: '/brand/glow/serum',
    applied_discount: null,
    gift: false,
    gift_rule_id: null,
    stock: 40,
    ...extra,
  };
}

function cartOf(lines: CartLineItem[], extra: Partial<Cart> = {}): Cart {
  const subtotal = lines.reduce((s, l) => s + l.line_price, 0);
  return {
    id: 1,
    line_items: lines,
    item_count: lines.reduce((s, l) => s + l.quantity, 0),
    subtotal_price: subtotal,
    total_line_items_price: subtotal,
    subtotal_price_with_rebate: subtotal,
    rebate: null,
    applied_discount: null,
    note_attributes: [],
    variants_offer: [],
    gift_variants: [],
    variants_recommendation: [],
    delivery_type: 'standard',
    currency: 'BDT',
    ...extra,
  };
}

describe('unpricedUnits', () => {
  it('counts queued additions of lines the server has not priced yet, and nothing else', () => {
    const cart = cartOf([lineOf(1, 7, 2)]);
    const change = (id: number, variantId: number, action: 'increment' | 'decrement' | 'remove', quantity: number) => ({
      id,
      variantId,
      action,
      quantity,
      key: `k${id}`,
    });
    // 7 is priced (applyPending shows its taps); 9 is new: 2 added, 1 taken back; 11 added then removed.
    const pending = [
      change(1, 7, 'increment', 1),
      change(2, 9, 'increment', 2),
      change(3, 9, 'decrement', 1),
      change(4, 11, 'increment', 1),
      change(5, 11, 'remove', 0),
    ];
    expect(unpricedUnits(cart, pending)).toBe(1);
    // Before the bag was ever fetched (offline from the start), every queued addition counts.
    expect(unpricedUnits(null, pending)).toBe(2);
    expect(unpricedUnits(cart, [])).toBe(0);
  });
});

describe('applyPending', () => {
  it('applies queued taps in order on top of the server answer', () => {
    const cart = cartOf([lineOf(1, 7, 2), lineOf(2, 8, 1)]);
    const view = applyPending(cart, [
      { id: 1, variantId: 7, action: 'increment', quantity: 1, key: 'k1' },
      { id: 2, variantId: 7, action: 'increment', quantity: 1, key: 'k2' },
      { id: 3, variantId: 8, action: 'remove', quantity: 0, key: 'k3' },
    ]);
    expect(view.line_items.map((l) => [l.variant_id, l.quantity])).toEqual([[7, 4]]);
    expect(view.item_count).toBe(4);
    expect(view.subtotal_price).toBe(4 * 108_000);
  });

  it('removes a line decreased to 0 and never touches a gift of the same variant', () => {
    const cart = cartOf([lineOf(1, 7, 1), lineOf(2, 7, 1, { gift: true, price: 0, discounted_price: 0, line_price: 0 })]);
    const view = applyPending(cart, [{ id: 1, variantId: 7, action: 'decrement', quantity: 1, key: 'k1' }]);
    expect(view.line_items).toEqual([cart.line_items[1]]);
  });

  it('shows queued taps no further than the stock left or 6', () => {
    const taps = (variantId: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: i + 1, variantId, action: 'increment' as const, quantity: 1, key: `k${i}` }));
    expect(applyPending(cartOf([lineOf(1, 7, 1, { stock: 3 })]), taps(7, 5)).line_items[0]!.quantity).toBe(3);
    expect(applyPending(cartOf([lineOf(1, 7, 1, { stock: 40 })]), taps(7, 9)).line_items[0]!.quantity).toBe(6);
    // A line already above a stock that fell meanwhile is not lowered by a tap.
    expect(applyPending(cartOf([lineOf(1, 7, 4, { stock: 2 })]), taps(7, 1)).line_items[0]!.quantity).toBe(4);
  });

  it('returns the server answer untouched when nothing is queued', () => {
    const cart = cartOf([lineOf(1, 7, 2)]);
    expect(applyPending(cart, [])).toBe(cart);
  });
});

describe('analytics', () => {
  it('maps the cart actions as SPEC §7 does', () => {
    expect(CART_ACTION_EVENTS).toEqual({
      increment: { event: 'addToCart', action: 'added to cart' },
      decrement: { event: 'removeFromCart', action: 'removed from cart' },
      remove: { event: 'removeFromCart', action: 'removed item from cart' },
    });
  });

  it('reports whole taka (BDT) and the quantity that changed', () => {
    expect(analyticsProduct(lineOf(1, 7, 3), 1)).toEqual({
      id: 'SKU-7',
      name: 'Serum',
      variant: '30 ml',
      brand: 'Glow Lab',
      price: 1080,
      quantity: 1,
    });
  });
});

describe('visibleBoxes', () => {
  const gift = {
    rule_id: 4,
    title: 'Gift',
    description: '',
    variant_id: 9,
    variant_title: '100ml',
    product_title: 'Lotion',
    vendor: 'Dove',
    image: null,
    product_url: '/x',
    quantity: 1,
    value: 42_000,
  };
  const offer = { ...gift, rule_id: 5, kind: 'spend' as const, remaining: 50_000, message: 'Add ৳500 more to get Lotion free' };

  it('shows an offer only while the bag holds no gift', () => {
    expect(visibleBoxes(cartOf([], { variants_offer: [offer] }))).toEqual({ gift: null, offer: 'offer:5' });
    expect(visibleBoxes(cartOf([], { variants_offer: [offer], gift_variants: [gift] }))).toEqual({ gift: 'gift:4', offer: null });
  });

  it('hides a box the shopper closed, until the rules behind it change', () => {
    const closed = [{ name: 'dismissed_boxes', value: 'offer:5' }];
    expect(visibleBoxes(cartOf([], { variants_offer: [offer], note_attributes: closed })).offer).toBeNull();
    expect(visibleBoxes(cartOf([], { variants_offer: [{ ...offer, rule_id: 6 }], note_attributes: closed })).offer).toBe('offer:6');
  });
});
