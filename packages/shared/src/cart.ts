import { z } from 'zod';
import { ProductCardSchema } from './catalog.js';
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
 * POST   /cart/line-items/             CartUpdatePayload → { data: Cart } | 400 quantity_limit / out_of_stock /
 *                                      variant_not_found (unknown or off sale) / validation_failed (a malformed body)
 * POST   /cart/dismiss/                CartDismissPayload → { data: Cart } (remembers a closed offer or gift box)
 * GET    /carts/:id/                   → { data: Cart } when the bag is the caller's own, else 404 bag_not_found
 * POST   /carts/:id/line-items/        CartUpdatePayload → as /cart/line-items/, 404 bag_not_found for someone else's bag
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

// What the API answers, as zod schemas: the routes declare them as response schemas, so an answer
// that strays from the contract fails in the API's tests, not in the shopper's browser.

export const NoteAttributeSchema = z.object({ name: z.string(), value: z.string() });
export type NoteAttribute = z.infer<typeof NoteAttributeSchema>;

/** A discount as SPEC §3 names it. On a line, `amount` is the whole line's saving (unit saving × quantity). */
export const AppliedDiscountSchema = z.object({
  amount: z.number(),
  value: z.number(),
  value_type: z.enum(['fixed_amount', 'percentage']),
  title: z.string(),
  description: z.string(),
});
export type AppliedDiscount = z.infer<typeof AppliedDiscountSchema>;

export const LineImageSchema = z.object({ url: z.string(), alt: z.string(), width: z.number(), height: z.number() });
export type LineImage = z.infer<typeof LineImageSchema>;

export const CartLineItemSchema = z.object({
  id: z.number().int(),
  variant_id: z.number().int(),
  product_id: z.number().int(),
  quantity: z.number().int(),
  /** Regular unit price (poisha); 0 for a gift. */
  price: z.number().int(),
  /** Unit price after the variant's discount; what the shopper pays per item. */
  discounted_price: z.number().int(),
  /** discounted_price × quantity. */
  line_price: z.number().int(),
  /** The variant's title (e.g. '50 ml'). */
  title: z.string(),
  variant_title: z.string(),
  product_title: z.string(),
  /** 'Product - Variant', as analytics names a line. */
  name: z.string(),
  sku: z.string(),
  /** The brand. */
  vendor: z.string(),
  image: LineImageSchema.nullable(),
  product_url: z.string(),
  applied_discount: AppliedDiscountSchema.nullable(),
  /** A free gift from a rule: its quantity is locked and it has no decrease control. */
  gift: z.boolean(),
  /** The gift rule that put the line in the bag. */
  gift_rule_id: z.number().int().nullable(),
  /** Units in stock: the most this line can reach is min(stock, 6). */
  stock: z.number().int(),
});
export type CartLineItem = z.infer<typeof CartLineItemSchema>;

/** A variant offered by a gift rule, as the gift and offer boxes show it. */
export const GiftVariantSchema = z.object({
  rule_id: z.number().int(),
  /** The rule's headline ('Free travel-size gift'). */
  title: z.string(),
  description: z.string(),
  variant_id: z.number().int(),
  variant_title: z.string(),
  product_title: z.string(),
  vendor: z.string(),
  image: LineImageSchema.nullable(),
  product_url: z.string(),
  quantity: z.number().int(),
  /** What the gift would cost (regular price, poisha). */
  value: z.number().int(),
});
export type GiftVariant = z.infer<typeof GiftVariantSchema>;

export const GIFT_RULE_KINDS = ['spend', 'buy'] as const;
export type GiftRuleKind = (typeof GIFT_RULE_KINDS)[number];

/** An offer suggestion ('Add ৳500 more to get a free gift'); shown only while the bag holds no gift. */
export const VariantOfferSchema = GiftVariantSchema.extend({
  /** The sentence the box shows. */
  message: z.string(),
  /** spend: poisha still to add; buy: items still to add. */
  remaining: z.number().int(),
  kind: z.enum(GIFT_RULE_KINDS),
});
export type VariantOffer = z.infer<typeof VariantOfferSchema>;

/** The privilege card rebate on the signed-in customer's bag. */
export const CartRebateSchema = z.object({ card: z.string(), percent: z.number(), amount: z.number().int(), title: z.string() });
export type CartRebate = z.infer<typeof CartRebateSchema>;

export const CartSchema = z.object({
  /** The draft order's id; null while the shopper has no bag yet. */
  id: z.number().int().nullable(),
  line_items: z.array(CartLineItemSchema),
  /** Sum of quantities, the badge of the bag icon (gifts included). */
  item_count: z.number().int(),
  /** Sum of line prices after the variants' discounts (poisha). */
  subtotal_price: z.number().int(),
  /** Sum of regular prices, before any discount. */
  total_line_items_price: z.number().int(),
  /** subtotal_price less the privilege card rebate. */
  subtotal_price_with_rebate: z.number().int(),
  rebate: CartRebateSchema.nullable(),
  /** The order-level discount (a coupon), applied at checkout; null when none. */
  applied_discount: AppliedDiscountSchema.nullable(),
  note_attributes: z.array(NoteAttributeSchema),
  variants_offer: z.array(VariantOfferSchema),
  gift_variants: z.array(GiftVariantSchema),
  /** Product cards suggested while the bag is empty. */
  variants_recommendation: z.array(ProductCardSchema),
  delivery_type: z.enum(DELIVERY_TYPES),
  currency: z.literal('BDT'),
});
export type Cart = z.infer<typeof CartSchema>;

export const CartResponseSchema = z.object({ data: CartSchema });
export type CartResponse = z.infer<typeof CartResponseSchema>;
export const CartCountResponseSchema = z.object({ data: z.object({ count: z.number().int() }) });
export type CartCountResponse = z.infer<typeof CartCountResponseSchema>;

export { boxKey, dismissedBoxes } from './cart-boxes.js';
