import { z } from 'zod';
import { IdSchema, LoadedAtSchema, NOTHING_TO_CHANGE, changesSomething, text } from './input.js';
import { formatTaka } from './money.js';

/*
 * Gift rules in the back office (issue 17 item 6): what the admin API takes and answers under
 * /api/v1/admin/offers/gifts/. A rule gives a free gift line to a bag that spends enough ('spend') or
 * holds enough of one product ('buy'); the bag's offer box tells a shopper part-way there. Money is
 * poisha, as everywhere in the API; the editor shows taka.
 */

export const GIFT_RULE_KINDS = ['spend', 'buy'] as const;
export type GiftRuleKind = (typeof GIFT_RULE_KINDS)[number];

export const GIFT_RULE_KIND_LABELS: Record<GiftRuleKind, string> = {
  spend: 'Spend an amount',
  buy: 'Buy N of a product',
};

/** A rule's gift and 'buy' quantities: the bag's own line limit. */
export const GIFT_QUANTITY_MAX = 6;

export const giftRuleMessages = {
  required: 'Required',
  number: 'Must be a number',
  wholeNumber: 'Must be a whole number',
  threshold: 'Give a whole taka amount above 0',
  wholeTaka: 'Use a whole taka amount',
  quantity: `Between 1 and ${GIFT_QUANTITY_MAX}`,
  endsAfterStart: 'The end must come after the start',
  dateTime: 'Give a date and time',
  productUnknown: 'Choose one of the products',
  variantUnknown: 'Choose one of the variants',
  reorderList: 'Send every gift rule once',
  editConflict: 'Someone else saved this gift rule after you opened it. Reload to see their changes, then make yours again.',
} as const;

const whole = z.number(giftRuleMessages.number).int(giftRuleMessages.wholeNumber);
const QuantitySchema = whole.min(1, giftRuleMessages.quantity).max(GIFT_QUANTITY_MAX, giftRuleMessages.quantity);
/** Poisha, whole taka, above 0. */
const ThresholdSchema = whole
  .min(100, giftRuleMessages.threshold)
  .max(100_000_000, 'At most ৳10,00,000')
  .refine((v) => v % 100 === 0, giftRuleMessages.wholeTaka);
const WhenSchema = z.iso.datetime({ offset: true, error: giftRuleMessages.dateTime }).nullable();

const GiftRuleFieldsSchema = z.object({
  kind: z.enum(GIFT_RULE_KINDS, { error: 'Choose spend or buy' }),
  /** The offer box's heading and the gift box's line: shoppers read it. */
  title: text().trim().min(1, giftRuleMessages.required).max(100, 'At most 100 characters'),
  description: text().trim().max(300, 'At most 300 characters'),
  /** spend: the bag's subtotal (poisha, after the variants' discounts, gifts excluded) from which the gift is given. */
  min_subtotal: ThresholdSchema.nullable(),
  /** buy: the product and how many of it. */
  buy_product_id: IdSchema.nullable(),
  buy_quantity: QuantitySchema.nullable(),
  gift_variant_id: IdSchema,
  gift_quantity: QuantitySchema,
  starts_at: WhenSchema,
  ends_at: WhenSchema,
  active: z.boolean(),
});

type GiftRuleShape = Partial<z.infer<typeof GiftRuleFieldsSchema>>;

/** What each kind needs: a threshold, or the product and how many; the window the right way round. */
function kindRules(r: GiftRuleShape, ctx: z.RefinementCtx) {
  if (r.kind === 'spend' && r.min_subtotal === null)
    ctx.addIssue({ code: 'custom', message: giftRuleMessages.threshold, path: ['min_subtotal'] });
  if (r.kind === 'buy') {
    if (r.buy_product_id === null) ctx.addIssue({ code: 'custom', message: giftRuleMessages.productUnknown, path: ['buy_product_id'] });
    if (r.buy_quantity === null) ctx.addIssue({ code: 'custom', message: giftRuleMessages.quantity, path: ['buy_quantity'] });
  }
  if (r.starts_at && r.ends_at && new Date(r.ends_at).getTime() <= new Date(r.starts_at).getTime())
    ctx.addIssue({ code: 'custom', message: giftRuleMessages.endsAfterStart, path: ['ends_at'] });
}

export const AdminGiftRuleInputSchema = GiftRuleFieldsSchema.superRefine(kindRules);
export type AdminGiftRuleInput = z.input<typeof AdminGiftRuleInputSchema>;
export type AdminGiftRuleValues = z.output<typeof AdminGiftRuleInputSchema>;

/**
 * PATCH: any subset (switching a rule off is `{ active: false }`); the API checks the kind's rules
 * against the stored rule too. `updated_at` as the editor loaded it: a save over a newer one is refused.
 */
export const AdminGiftRulePatchSchema = GiftRuleFieldsSchema.partial()
  .extend({ updated_at: LoadedAtSchema.optional() })
  .refine(changesSomething, NOTHING_TO_CHANGE);
export type AdminGiftRulePatch = z.output<typeof AdminGiftRulePatchSchema>;

/** The new order of the list: every rule's id once, first shown first. */
export const GiftRuleOrderSchema = z.object({
  ids: z.array(IdSchema).min(1, giftRuleMessages.reorderList).max(500, giftRuleMessages.reorderList),
});
export type GiftRuleOrder = z.infer<typeof GiftRuleOrderSchema>;

/** Where a rule stands now. */
export const GIFT_RULE_STATES = ['off', 'scheduled', 'live', 'ended'] as const;
export type GiftRuleState = (typeof GIFT_RULE_STATES)[number];

/** Why a live rule gives nothing now: its gift is sold out, or its product is not on sale. */
export const GIFT_PROBLEMS = ['out_of_stock', 'not_on_sale'] as const;
export type GiftProblem = (typeof GIFT_PROBLEMS)[number];

export const GIFT_PROBLEM_LABELS: Record<GiftProblem, string> = {
  out_of_stock: 'The gift is out of stock: this rule gives nothing until it is restocked',
  not_on_sale: 'The gift’s product is not on sale: this rule gives nothing until it is',
};

export const GiftSchema = z.object({
  product_id: z.number(),
  product_name: z.string(),
  brand: z.string(),
  variant_title: z.string(),
  /** Poisha, before any discount: what the gift box says it is worth. */
  price: z.number(),
  stock: z.number(),
  on_sale: z.boolean(),
});
export type Gift = z.infer<typeof GiftSchema>;

export const AdminGiftRuleSchema = z.object({
  id: z.number(),
  kind: z.enum(GIFT_RULE_KINDS),
  title: z.string(),
  description: z.string(),
  min_subtotal: z.number().nullable(),
  buy_product_id: z.number().nullable(),
  buy_quantity: z.number().nullable(),
  /** The product to buy, by name (null for 'spend'). */
  buy_product_name: z.string().nullable(),
  gift_variant_id: z.number(),
  gift_quantity: z.number(),
  gift: GiftSchema,
  /** Set while the rule cannot give its gift. */
  gift_problem: z.enum(GIFT_PROBLEMS).nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  active: z.boolean(),
  position: z.number(),
  state: z.enum(GIFT_RULE_STATES),
  /**
   * Orders holding a free line of this rule's gift variant (order lines mark gifts but not the rule,
   * so two rules with the same gift share the count).
   */
  gift_orders: z.number(),
  updated_at: z.string(),
});
export type AdminGiftRule = z.infer<typeof AdminGiftRuleSchema>;

/** 'Glow Lab Rose Mist': how the bag names a gift in its offer box (product names leave the brand out). */
export const giftName = (gift: Pick<Gift, 'brand' | 'product_name'>) => `${gift.brand} ${gift.product_name}`;

/** A rule's condition in words: 'Spend ৳2,000' or 'Buy 2 of Night Cream'. */
export function giftRuleCondition(r: Pick<AdminGiftRule, 'kind' | 'min_subtotal' | 'buy_quantity' | 'buy_product_name'>): string {
  if (r.kind === 'spend') return `Spend ${formatTaka(r.min_subtotal ?? 0)}`;
  return `Buy ${r.buy_quantity ?? '?'} of ${r.buy_product_name ?? 'a product'}`;
}
