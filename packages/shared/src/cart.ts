import { z } from 'zod';
import type { ProductCard } from './catalog.js';
import { DEFAULT_DELIVERY_TYPE, MAX_LINE_QUANTITY } from './constants.js';
import { IdSchema } from './input.js';

/*
 * The bag (SPEC §3, §7): a server-side draft order. Every path is under /api/v1. A visitor's bag is
 * found by the HttpOnly `cart` cookie (a random token; the database keeps only its hash), a signed-in
 * shopper's by their session. Prices, discounts, gifts and the rebate are computed by the server
 * only; a price sent by the client is ignored.
 *
 * method path                          body → response
 * GET    /cart/                        → { data: Cart } (an empty bag, with recommendations, when there is none yet)
 * GET    /cart/count/                  → { data: { count } } (sum of quantities, for the header badge)
 * POST   /cart/line-items/             CartUpdatePayload → { data: Cart } | 400 quantity_limit / out_of_stock / bad_request
 * POST   /cart/dismiss/                CartDismissPayload → { data: Cart } (remembers a closed offer or gift box)
 * GET    /carts/:id/                   → { data: Cart } when the bag is the caller's own, else 404
 * POST   /carts/:id/line-items/        CartUpdatePayload → as /cart/line-items/, 404 for someone else's bag
 */

export const CART_COOKIE = 'cart';

/** How the order reaches the shopper; standard is the default and the fallback after a shipping error (SPEC §4). */
export const DELIVERY_TYPES = ['standard', 'same_day', 'pickup'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** SPEC §7's cart actions: + is increment, − is decrement, and − at quantity 1 (or the bin) is remove. */
export const CART_ACTIONS = ['increment', 'decrement', 'remove'] as const;
export type CartAction = (typeof CART_ACTIONS)[number];

/**
 * The cart update payload (SPEC §3). `quantity` is how many to add (increment) or take away
 * (decrement); remove sends 0. Unknown keys (a price, say) are dropped: the server prices the bag.
 */
export const CartUpdatePayloadSchema = z.object({
  delivery_type: z.enum(DELIVERY_TYPES).default(DEFAULT_DELIVERY_TYPE),
  line_item: z
    .object({
      variant_id: IdSchema,
      quantity: z
        .number('Must be a number')
        .int('Must be a whole number')
        .min(0, 'Must be 0 or more')
        .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY}`),
      action: z.enum(CART_ACTIONS, 'Must be increment, decrement or remove'),
    })
    .superRefine((line, ctx) => {
      if (line.action === 'remove' && line.quantity !== 0)
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Remove sends quantity 0' });
      if (line.action !== 'remove' && line.quantity === 0)
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Must be 1 or more' });
    }),
});
export type CartUpdateInput = z.input<typeof CartUpdatePayloadSchema>;
export type CartUpdatePayload = z.output<typeof CartUpdatePayloadSchema>;

/** The boxes of the bag a shopper can close; the closed box's key is kept in note_attributes. */
export const CartDismissPayloadSchema = z.object({
  key: z
    .string()
    .max(100)
    .regex(/^(offer|gift):\d+(-\d+)*$/, 'Must be a box key'),
});
export type CartDismissPayload = z.infer<typeof CartDismissPayloadSchema>;

/** note_attributes name under which closed boxes are remembered (value: the box keys, comma-separated). */
export { DISMISSED_BOXES_ATTRIBUTE } from './cart-boxes.js';

export type NoteAttribute = { name: string; value: string };

/** A discount as SPEC §3 names it. On a line, `amount` is the whole line's saving (unit saving × quantity). */
export type AppliedDiscount = {
  amount: number;
  value: number;
  value_type: 'fixed_amount' | 'percentage';
  title: string;
  description: string;
};

export type LineImage = { url: string; alt: string; width: number; height: number };

export type CartLineItem = {
  id: number;
  variant_id: number;
  product_id: number;
  quantity: number;
  /** Regular unit price (poisha); 0 for a gift. */
  price: number;
  /** Unit price after the variant's discount; what the shopper pays per item. */
  discounted_price: number;
  /** discounted_price × quantity. */
  line_price: number;
  /** The variant's title (e.g. '50 ml'). */
  title: string;
  variant_title: string;
  product_title: string;
  /** 'Product - Variant', as analytics names a line. */
  name: string;
  sku: string;
  /** The brand. */
  vendor: string;
  image: LineImage | null;
  product_url: string;
  applied_discount: AppliedDiscount | null;
  /** A free gift from a rule: its quantity is locked and it has no decrease control. */
  gift: boolean;
  /** The gift rule that put the line in the bag. */
  gift_rule_id: number | null;
  /** Units in stock: the most this line can reach is min(stock, 6). */
  stock: number;
};

/** A variant offered by a gift rule, as the gift and offer boxes show it. */
export type GiftVariant = {
  rule_id: number;
  /** The rule's headline ('Free travel-size gift'). */
  title: string;
  description: string;
  variant_id: number;
  variant_title: string;
  product_title: string;
  vendor: string;
  image: LineImage | null;
  product_url: string;
  quantity: number;
  /** What the gift would cost (regular price, poisha). */
  value: number;
};

/** An offer suggestion ('Add ৳500 more to get a free gift'); shown only while the bag holds no gift. */
export type VariantOffer = GiftVariant & {
  /** The sentence the box shows. */
  message: string;
  /** spend: poisha still to add; buy: items still to add. */
  remaining: number;
  kind: GiftRuleKind;
};

export const GIFT_RULE_KINDS = ['spend', 'buy'] as const;
export type GiftRuleKind = (typeof GIFT_RULE_KINDS)[number];

/** The privilege card rebate on the signed-in customer's bag. */
export type CartRebate = { card: string; percent: number; amount: number; title: string };

export type Cart = {
  /** The draft order's id; null while the shopper has no bag yet. */
  id: number | null;
  line_items: CartLineItem[];
  /** Sum of quantities, the badge of the bag icon (gifts included). */
  item_count: number;
  /** Sum of line prices after the variants' discounts (poisha). */
  subtotal_price: number;
  /** Sum of regular prices, before any discount. */
  total_line_items_price: number;
  /** subtotal_price less the privilege card rebate. */
  subtotal_price_with_rebate: number;
  rebate: CartRebate | null;
  /** The order-level discount (a coupon), applied at checkout; null when none. */
  applied_discount: AppliedDiscount | null;
  note_attributes: NoteAttribute[];
  variants_offer: VariantOffer[];
  gift_variants: GiftVariant[];
  /** Product cards suggested while the bag is empty. */
  variants_recommendation: ProductCard[];
  delivery_type: DeliveryType;
  currency: 'BDT';
};

export type CartResponse = { data: Cart };
export type CartCountResponse = { data: { count: number } };

export { boxKey, dismissedBoxes } from './cart-boxes.js';
