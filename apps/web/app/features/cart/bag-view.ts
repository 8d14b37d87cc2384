import type { Cart, CartAction, CartLineItem } from '@store/shared/cart';
import { boxKey, dismissedBoxes } from '@store/shared/cart-boxes';
import type { AnalyticsProduct } from '../site/analytics';
import { maxQuantity } from './line-limit';

/** A change waiting in the queue (or on the wire): what the shopper asked for, in order. */
export type PendingChange = {
  id: number;
  variantId: number;
  action: CartAction;
  quantity: number;
  /** The change's Idempotency-Key: sent again (a lost answer, a queue replayed offline), it applies once. */
  key: string;
};

/**
 * The bag as the shopper should see it now: the server's last answer with the queued changes
 * applied on top, so rapid taps show at once and in order. A line the server has not priced yet
 * (a first addition) appears when its answer comes back.
 */
export function applyPending(cart: Cart, pending: readonly PendingChange[]): Cart {
  if (pending.length === 0) return cart;
  let lines = cart.line_items;
  for (const change of pending) {
    lines = lines.flatMap((line) => {
      if (line.gift || line.variant_id !== change.variantId) return [line];
      const quantity =
        change.action === 'increment'
          ? Math.max(line.quantity, Math.min(maxQuantity(line.stock), line.quantity + change.quantity))
          : change.action === 'decrement'
            ? line.quantity - change.quantity
            : 0;
      if (quantity <= 0) return [];
      return [{ ...line, quantity, line_price: line.discounted_price * quantity }];
    });
  }
  const subtotal = lines.reduce((sum, l) => sum + l.line_price, 0);
  const rebate = cart.subtotal_price - cart.subtotal_price_with_rebate;
  return {
    ...cart,
    line_items: lines,
    item_count: itemCount(lines),
    subtotal_price: subtotal,
    // The server recomputes the rebate; until it answers, keep the last known saving in proportion.
    subtotal_price_with_rebate: cart.subtotal_price > 0 ? subtotal - Math.round((rebate * subtotal) / cart.subtotal_price) : subtotal,
  };
}

export const itemCount = (lines: readonly Pick<CartLineItem, 'quantity'>[]) => lines.reduce((sum, l) => sum + l.quantity, 0);

/**
 * Units of queued additions the server has not priced yet (new lines, or every line while the bag was
 * never fetched): the badge counts them at once, offline too.
 */
export function unpricedUnits(cart: Cart | null, pending: readonly PendingChange[]): number {
  const priced = new Set(cart?.line_items.filter((l) => !l.gift).map((l) => l.variant_id));
  const units = new Map<number, number>();
  for (const change of pending) {
    if (priced.has(change.variantId)) continue;
    const now = units.get(change.variantId) ?? 0;
    units.set(
      change.variantId,
      change.action === 'increment' ? now + change.quantity : change.action === 'decrement' ? Math.max(0, now - change.quantity) : 0,
    );
  }
  return [...units.values()].reduce((sum, n) => sum + n, 0);
}

/** The paid line of a variant (a gift of the same variant is a separate, locked line). */
export const paidLine = (cart: Cart | null, variantId: number) => cart?.line_items.find((l) => l.variant_id === variantId && !l.gift);

/** SPEC §7: increment adds to the bag; decrement removes from it; remove removes the item. */
export const CART_ACTION_EVENTS = {
  increment: { event: 'addToCart', action: 'added to cart' },
  decrement: { event: 'removeFromCart', action: 'removed from cart' },
  remove: { event: 'removeFromCart', action: 'removed item from cart' },
} as const satisfies Record<CartAction, { event: 'addToCart' | 'removeFromCart'; action: string }>;

/** A line as the data layer reports it: whole taka (BDT), the quantity that changed. */
export function analyticsProduct(line: CartLineItem, quantity: number): AnalyticsProduct {
  return {
    id: line.sku,
    name: line.product_title,
    variant: line.variant_title,
    brand: line.vendor,
    price: Math.round(line.discounted_price / 100),
    quantity,
  };
}

/** The offer and gift boxes still to show: offers only while there is no gift, and neither once closed. */
export function visibleBoxes(cart: Cart): { gift: string | null; offer: string | null } {
  const closed = dismissedBoxes(cart);
  const gift = cart.gift_variants.length ? boxKey('gift', cart.gift_variants) : null;
  const offer = !gift && cart.variants_offer.length ? boxKey('offer', cart.variants_offer) : null;
  return { gift: gift && !closed.has(gift) ? gift : null, offer: offer && !closed.has(offer) ? offer : null };
}
