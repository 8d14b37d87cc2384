import { z } from 'zod';
import { COUPON_KINDS, type CouponKind } from './checkout-rules.js';
import { IdSchema, LoadedAtSchema, NOTHING_TO_CHANGE, changesSomething, text } from './input.js';

/*
 * Coupons in the back office (issue 17 item 6): what the admin API takes and answers under
 * /api/v1/admin/offers/coupons/. Money is poisha, as everywhere in the API; the editor shows taka.
 */

export const COUPON_KIND_LABELS: Record<CouponKind, string> = {
  percentage: 'Percentage off the items',
  fixed_amount: 'Fixed amount off the items',
  free_shipping: 'Free delivery',
  buy_x_get_y: 'Buy X, get Y free',
};

export const couponMessages = {
  code: 'Use 3 to 32 letters, digits, dashes or underscores',
  codeTaken: 'Another coupon already has this code',
  required: 'Required',
  percent: 'Between 1 and 100',
  amount: 'Give a whole taka amount above 0',
  wholeTaka: 'Use a whole taka amount',
  number: 'Must be a number',
  wholeNumber: 'Must be a whole number',
  atLeastOne: 'At least 1',
  quantity: 'Between 1 and 20',
  endsAfterStart: 'The end must come after the start',
  dateTime: 'Give a date and time',
  collectionUnknown: 'Choose one of the collections',
  belowUsed: (used: number) => `Already used ${used} ${used === 1 ? 'time' : 'times'}: the limit cannot be lower`,
  editConflict: 'Someone else saved this coupon after you opened it. Reload to see their changes, then make yours again.',
} as const;

const whole = z.number(couponMessages.number).int(couponMessages.wholeNumber);
/** A limit: a whole number from 1, or null for none. */
const LimitSchema = whole.min(1, couponMessages.atLeastOne).max(10_000_000, 'At most 10,000,000').nullable();
/** Poisha, whole taka. */
const TakaSchema = whole
  .min(100, couponMessages.amount)
  .max(100_000_000, 'At most ৳10,00,000')
  .refine((v) => v % 100 === 0, couponMessages.wholeTaka);
const WhenSchema = z.iso.datetime({ offset: true, error: couponMessages.dateTime }).nullable();

const CouponFieldsSchema = z.object({
  code: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,32}$/, couponMessages.code),
  kind: z.enum(COUPON_KINDS),
  title: text().trim().min(1, couponMessages.required).max(100, 'At most 100 characters'),
  description: text().trim().max(500, 'At most 500 characters'),
  /** percentage: the percent; fixed_amount: poisha; free delivery and buy X get Y: 0. */
  value: whole.min(0, couponMessages.number),
  /** The least the items must come to, poisha; null: any bag. */
  min_subtotal: TakaSchema.nullable(),
  starts_at: WhenSchema,
  ends_at: WhenSchema,
  usage_limit: LimitSchema,
  per_customer_limit: LimitSchema,
  buy_quantity: whole.min(1, couponMessages.quantity).max(20, couponMessages.quantity).nullable(),
  get_quantity: whole.min(1, couponMessages.quantity).max(20, couponMessages.quantity).nullable(),
  /** Only this collection's products count (percentage, fixed amount, buy X get Y); null: every product. */
  collection_id: IdSchema.nullable(),
  active: z.boolean(),
});

type CouponShape = Partial<z.infer<typeof CouponFieldsSchema>>;

/** What each kind needs: its value, or both quantities. */
function kindRules(c: CouponShape, ctx: z.RefinementCtx) {
  if (c.kind === 'percentage' && c.value !== undefined && (c.value < 1 || c.value > 100))
    ctx.addIssue({ code: 'custom', message: couponMessages.percent, path: ['value'] });
  if (c.kind === 'fixed_amount' && c.value !== undefined && (c.value < 100 || c.value % 100 !== 0))
    ctx.addIssue({ code: 'custom', message: c.value < 100 ? couponMessages.amount : couponMessages.wholeTaka, path: ['value'] });
  if (c.kind === 'buy_x_get_y') {
    if (c.buy_quantity === null) ctx.addIssue({ code: 'custom', message: couponMessages.required, path: ['buy_quantity'] });
    if (c.get_quantity === null) ctx.addIssue({ code: 'custom', message: couponMessages.required, path: ['get_quantity'] });
  }
  if (c.starts_at && c.ends_at && new Date(c.ends_at).getTime() <= new Date(c.starts_at).getTime())
    ctx.addIssue({ code: 'custom', message: couponMessages.endsAfterStart, path: ['ends_at'] });
}

export const AdminCouponInputSchema = CouponFieldsSchema.superRefine(kindRules);
export type AdminCouponInput = z.input<typeof AdminCouponInputSchema>;
export type AdminCouponValues = z.output<typeof AdminCouponInputSchema>;

/** PATCH: any subset (switching a code off is `{ active: false }`); the API checks the kind's rules against the stored coupon too. */
export const AdminCouponPatchSchema = CouponFieldsSchema.partial()
  .extend({ updated_at: LoadedAtSchema.optional() })
  .refine(changesSomething, NOTHING_TO_CHANGE);
export type AdminCouponPatch = z.output<typeof AdminCouponPatchSchema>;

/** Where a coupon stands now. */
export const COUPON_STATES = ['off', 'scheduled', 'live', 'ended', 'used_up'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

export const AdminCouponSchema = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  title: z.string(),
  description: z.string(),
  value: z.number(),
  min_subtotal: z.number().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().nullable(),
  per_customer_limit: z.number().nullable(),
  buy_quantity: z.number().nullable(),
  get_quantity: z.number().nullable(),
  collection_id: z.number().nullable(),
  active: z.boolean(),
  used_count: z.number(),
  state: z.enum(COUPON_STATES),
  updated_at: z.string(),
});
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;

/** One order that used a code. */
export const CouponUseSchema = z.object({
  order: z.string(),
  order_id: z.number(),
  customer: z.string(),
  used_at: z.string(),
  /** When the order gave the use back (cancelled); null while it counts. */
  voided_at: z.string().nullable(),
  discount: z.number(),
});
export type CouponUse = z.infer<typeof CouponUseSchema>;
