import { z } from 'zod';
import { text } from './input.js';

// The arithmetic the bag, the checkout and the server share, without zod (the bag's chunk imports it).
export { nextTier, pointsFor, redeemablePoints, tierForSpend, tierIndex } from './loyalty-rules.js';

/*
 * The loyalty and referral programme (issue 22): points earned on delivered orders, tiers by spend in
 * a rolling window, points spent at checkout, and a referral code per customer. Money is poisha, as
 * everywhere in the API; points are whole numbers. The server keeps every figure: the balance is the
 * sum of the customer's ledger, and what a shopper sees here is computed from it.
 */

export const LEDGER_KINDS = [
  /** Points for a delivered order (the tier's multiplier applied). */
  'earned',
  /** Points spent on an order at checkout. */
  'redeemed',
  /** Points of an order's redemption given back (the order was cancelled, or refunded). */
  'restored',
  /** Points of an earning taken back (the order was refunded after delivery). */
  'reversed',
  /** Points that reached their expiry unspent. */
  'expired',
  /** A staff member's adjustment, with its reason. */
  'adjusted',
  /** The referrer's reward once a referred customer's first order is delivered. */
  'referral',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const TIER_KEY = /^[a-z][a-z0-9_]{0,23}$/;

export const loyaltyMessages = {
  number: 'Must be a number',
  wholeNumber: 'Must be a whole number',
  required: 'Required',
  tierKey: 'Lowercase letters, digits and _, starting with a letter',
  tiersFirstFree: 'The first tier starts at ৳0: every customer is in it',
  tiersAscending: 'Each tier needs a higher spend than the one before',
  tiersUnique: 'Each tier needs its own key',
  wholeTaka: 'Use a whole taka amount',
  reason: 'Say why (at least 3 characters)',
  adjustmentZero: 'Give a number of points other than 0',
  editConflict: 'Someone else saved the programme after you opened it. Reload to see their changes, then make yours again.',
} as const;

const whole = z.number(loyaltyMessages.number).int(loyaltyMessages.wholeNumber);
/** Poisha in whole taka, 0 to ৳10,00,000. */
const Taka = whole
  .min(0, 'At least ৳0')
  .max(100_000_000, 'At most ৳10,00,000')
  .refine((v) => v % 100 === 0, loyaltyMessages.wholeTaka);

export const TierSchema = z.object({
  key: z.string(loyaltyMessages.required).regex(TIER_KEY, loyaltyMessages.tierKey),
  name: text().trim().min(1, loyaltyMessages.required).max(30, 'At most 30 characters'),
  name_bn: text().trim().max(30, 'At most 30 characters'),
  /** Spend in the window (poisha) from which a customer is in this tier; the first tier's is 0. */
  threshold: Taka,
  /** Points multiplier in percent: 100 = ×1, 150 = ×1.5. */
  multiplier: whole.min(100, 'At least ×1 (100)').max(500, 'At most ×5 (500)'),
  /** Standard delivery costs members nothing. */
  free_delivery: z.boolean(),
  /** A voucher (poisha) on the member's birthday, once a year; 0: none. */
  birthday_voucher: Taka,
  /** Members may use a coupon this many hours before it starts (0: none). */
  early_access_hours: whole.min(0, 'At least 0').max(168, 'At most 168 hours (a week)'),
});
export type Tier = z.infer<typeof TierSchema>;

export const LoyaltyRulesSchema = z
  .object({
    enabled: z.boolean(),
    /** Points per ৳100 of items paid for (after every discount, delivery excluded), before the tier's multiplier. */
    earn_points_per_100_taka: whole.min(0, 'At least 0').max(100, 'At most 100'),
    /** What one point is worth at checkout (poisha). */
    point_value: whole.min(1, 'At least 1 poisha').max(10_000, 'At most ৳100'),
    /** Points expire this many months after they were earned. */
    expiry_months: whole.min(1, 'At least 1 month').max(60, 'At most 60 months'),
    /** Shoppers are told this many days before points expire. */
    expiry_warning_days: whole.min(1, 'At least 1 day').max(60, 'At most 60 days'),
    /** Points can be spent once the balance reaches this. */
    redeem_min_balance: whole.min(0, 'At least 0').max(1_000_000, 'At most 10,00,000'),
    /** Points pay at most this share (percent) of the items after other discounts. */
    redeem_max_share: whole.min(1, 'At least 1%').max(100, 'At most 100%'),
    /** The rolling window of spend that places a customer in a tier (months). */
    tier_window_months: whole.min(1, 'At least 1 month').max(36, 'At most 36 months'),
    tiers: z.array(TierSchema).min(1, 'Keep at least one tier').max(8, 'At most 8 tiers'),
    /** A referred customer's first order takes this off (poisha); 0: no welcome discount. */
    referral_welcome_discount: Taka,
    /** The first order must reach this (items, poisha) for the welcome discount. */
    referral_min_order: Taka,
    /** Points for the referrer once the referred customer's first order is delivered. */
    referral_reward_points: whole.min(0, 'At least 0').max(100_000, 'At most 1,00,000'),
  })
  .superRefine((r, ctx) => {
    if (r.tiers[0] && r.tiers[0].threshold !== 0)
      ctx.addIssue({ code: 'custom', path: ['tiers', 0, 'threshold'], message: loyaltyMessages.tiersFirstFree });
    r.tiers.forEach((t, i) => {
      if (i > 0 && t.threshold <= r.tiers[i - 1]!.threshold)
        ctx.addIssue({ code: 'custom', path: ['tiers', i, 'threshold'], message: loyaltyMessages.tiersAscending });
      if (r.tiers.findIndex((o) => o.key === t.key) !== i)
        ctx.addIssue({ code: 'custom', path: ['tiers', i, 'key'], message: loyaltyMessages.tiersUnique });
    });
  });
export type LoyaltyRules = z.infer<typeof LoyaltyRulesSchema>;

/** The programme a new shop starts with (docs/loyalty.md): 1 point per ৳100, a point worth ৳1, four tiers. */
export const DEFAULT_LOYALTY_RULES: LoyaltyRules = {
  enabled: true,
  earn_points_per_100_taka: 1,
  point_value: 100,
  expiry_months: 12,
  expiry_warning_days: 14,
  redeem_min_balance: 50,
  redeem_max_share: 20,
  tier_window_months: 12,
  tiers: [
    {
      key: 'member',
      name: 'Member',
      name_bn: 'মেম্বার',
      threshold: 0,
      multiplier: 100,
      free_delivery: false,
      birthday_voucher: 0,
      early_access_hours: 0,
    },
    {
      key: 'silver',
      name: 'Silver',
      name_bn: 'সিলভার',
      threshold: 1_000_000,
      multiplier: 125,
      free_delivery: false,
      birthday_voucher: 10_000,
      early_access_hours: 0,
    },
    {
      key: 'gold',
      name: 'Gold',
      name_bn: 'গোল্ড',
      threshold: 2_500_000,
      multiplier: 150,
      free_delivery: true,
      birthday_voucher: 20_000,
      early_access_hours: 24,
    },
    {
      key: 'platinum',
      name: 'Platinum',
      name_bn: 'প্লাটিনাম',
      threshold: 6_000_000,
      multiplier: 200,
      free_delivery: true,
      birthday_voucher: 50_000,
      early_access_hours: 48,
    },
  ],
  referral_welcome_discount: 10_000,
  referral_min_order: 50_000,
  referral_reward_points: 100,
};

// ------------------------------------------------------------------------------------------------
// The shopper's side: GET /api/v1/loyalty/

export const ShopperTierSchema = z.object({
  key: z.string(),
  /** In the request's language. */
  name: z.string(),
  multiplier: z.number().int(),
  free_delivery: z.boolean(),
  birthday_voucher: z.number().int(),
  early_access_hours: z.number().int(),
  threshold: z.number().int(),
});
export type ShopperTier = z.infer<typeof ShopperTierSchema>;

export const LedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed: + earned, restored, referral, a positive adjustment; − the others. */
  points: z.number().int(),
  /** A staff member's reason, or what the entry was for. */
  note: z.string(),
  order_number: z.string().nullable(),
  created_at: z.string(),
  /** When an earning expires, if unspent. */
  expires_at: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const VoucherSchema = z.object({
  code: z.string(),
  /** Poisha off an order. */
  amount: z.number().int(),
  /** 'birthday' (a tier's benefit) or 'points' (points turned into a voucher). */
  source: z.enum(['birthday', 'points']),
  ends_at: z.string().nullable(),
  used: z.boolean(),
});
export type Voucher = z.infer<typeof VoucherSchema>;

export const LoyaltyAccountSchema = z.object({
  enabled: z.boolean(),
  balance: z.number().int(),
  /** The balance in poisha at checkout. */
  balance_value: z.number().int(),
  tier: ShopperTierSchema,
  /** Spend counted for tiers in the window (poisha). */
  spend: z.number().int(),
  /** When the tier is next reviewed (a tier above the first is kept until then); null for the first tier. */
  tier_review_at: z.string().nullable(),
  /** The next tier and the spend still needed to reach it; null at the top. */
  next_tier: z.object({ key: z.string(), name: z.string(), threshold: z.number().int(), remaining: z.number().int() }).nullable(),
  /** The soonest points to expire (within the warning window or not), or null. */
  expiring: z.object({ points: z.number().int(), at: z.string() }).nullable(),
  history: z.array(LedgerEntrySchema),
  vouchers: z.array(VoucherSchema),
  referral: z.object({
    code: z.string(),
    /** The share link: the shop's home with ?ref=CODE. */
    link: z.string(),
    /** Customers who placed a first order with the code. */
    referred: z.number().int(),
    /** Of them, those whose order was delivered (the referrer was rewarded). */
    rewarded: z.number().int(),
    /** The welcome discount a referred customer gets (poisha) and the order it needs. */
    welcome_discount: z.number().int(),
    min_order: z.number().int(),
    reward_points: z.number().int(),
  }),
  rules: z.object({
    earn_points_per_100_taka: z.number().int(),
    point_value: z.number().int(),
    redeem_min_balance: z.number().int(),
    redeem_max_share: z.number().int(),
    expiry_months: z.number().int(),
    tier_window_months: z.number().int(),
  }),
  tiers: z.array(ShopperTierSchema),
});
export type LoyaltyAccount = z.infer<typeof LoyaltyAccountSchema>;
export const LoyaltyAccountResponseSchema = z.object({ data: LoyaltyAccountSchema });

/** POST /api/v1/loyalty/vouchers/: points turned into a personal voucher. */
export const PointsVoucherPayloadSchema = z.object({ points: whole.min(1, 'At least 1 point') });

// ------------------------------------------------------------------------------------------------
// Checkout: PUT /api/v1/checkout/points/ and /api/v1/checkout/referral_code/

export const PointsPayloadSchema = z.object({ points: whole.min(0, 'At least 0').max(10_000_000, 'Too many points') });
export const ReferralPayloadSchema = z.object({ code: text().trim().max(40, 'At most 40 characters') });

/** The checkout's loyalty box (null for a guest or with the programme off). */
export const CheckoutLoyaltySchema = z.object({
  balance: z.number().int(),
  point_value: z.number().int(),
  /** The most points this order can take now (0: none, e.g. below the minimum balance). */
  redeemable: z.number().int(),
  redeem_min_balance: z.number().int(),
  /** The points applied to this order (the draft's, capped by what is redeemable). */
  points: z.number().int(),
  /** Points this order earns once delivered, at the shopper's tier. */
  earn: z.number().int(),
  tier: z.string(),
  next_tier: z.object({ name: z.string(), remaining: z.number().int() }).nullable(),
  /** The tier's free standard delivery took the fee off. */
  free_delivery: z.boolean(),
});
export type CheckoutLoyalty = z.infer<typeof CheckoutLoyaltySchema>;

export const CheckoutReferralSchema = z.object({
  code: z.string(),
  /** Poisha off (0 when the code does not apply: `error` says why). */
  discount: z.number().int(),
  error: z.string().nullable(),
});
export type CheckoutReferral = z.infer<typeof CheckoutReferralSchema>;

// ------------------------------------------------------------------------------------------------
// The back office: /api/v1/admin/loyalty/…

export const AdminLoyaltySettingsSchema = z.object({ rules: LoyaltyRulesSchema, updated_at: z.string().nullable() });
export type AdminLoyaltySettings = z.infer<typeof AdminLoyaltySettingsSchema>;
/** PUT settings: the rules and when the editor loaded them (a later save by someone else is refused, 409). */
export const AdminLoyaltySettingsInputSchema = z.object({ rules: LoyaltyRulesSchema, loaded_at: z.string().nullable() });

export const AdjustmentInputSchema = z.object({
  points: whole
    .min(-1_000_000, 'At most 10,00,000 points')
    .max(1_000_000, 'At most 10,00,000 points')
    .refine((v) => v !== 0, loyaltyMessages.adjustmentZero),
  reason: text().trim().min(3, loyaltyMessages.reason).max(200, 'At most 200 characters'),
});
export type AdjustmentInput = z.infer<typeof AdjustmentInputSchema>;

export const AdminLedgerEntrySchema = LedgerEntrySchema.extend({ staff_name: z.string().nullable() });
export const AdminCustomerLoyaltySchema = z.object({
  customer_id: z.number().int(),
  balance: z.number().int(),
  tier: z.object({ key: z.string(), name: z.string() }),
  spend: z.number().int(),
  tier_since: z.string().nullable(),
  tier_review_at: z.string().nullable(),
  referral_code: z.string(),
  ledger: z.array(AdminLedgerEntrySchema),
});
export type AdminCustomerLoyalty = z.infer<typeof AdminCustomerLoyaltySchema>;

export const TierMemberSchema = z.object({
  customer_id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  tier: z.string(),
  balance: z.number().int(),
  spend: z.number().int(),
  tier_since: z.string().nullable(),
  tier_review_at: z.string().nullable(),
});
export type TierMember = z.infer<typeof TierMemberSchema>;
export const TierMembersQuerySchema = z.object({
  tier: z.string().regex(TIER_KEY).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const TierMembersPageSchema = z.object({
  data: z.array(TierMemberSchema),
  counts: z.record(z.string(), z.number().int()),
  page: z.number().int(),
  pages: z.number().int(),
});
export type TierMembersPage = z.infer<typeof TierMembersPageSchema>;

export const REFERRAL_STATUSES = ['pending', 'rewarded', 'void'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const ReferralResultSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  referrer: z.object({ id: z.number().int(), name: z.string() }),
  referee: z.object({ id: z.number().int().nullable(), name: z.string() }),
  order_number: z.string(),
  discount: z.number().int(),
  status: z.enum(REFERRAL_STATUSES),
  /** Why it earns nothing (void), or what it earned. */
  reason: z.string(),
  points: z.number().int(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type ReferralResult = z.infer<typeof ReferralResultSchema>;
export const ReferralsQuerySchema = z.object({
  status: z.enum(REFERRAL_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ReferralsPageSchema = z.object({ data: z.array(ReferralResultSchema), page: z.number().int(), pages: z.number().int() });

/** The programme's cost (the dashboard's card): what it gave and what it still owes, in a period. */
export const LoyaltyCostSchema = z.object({
  /** Points in customers' balances and what they are worth at checkout (poisha): the shop's liability. */
  outstanding_points: z.number().int(),
  outstanding_value: z.number().int(),
  /** In the period: */
  earned_points: z.number().int(),
  redeemed_points: z.number().int(),
  expired_points: z.number().int(),
  /** Money off orders placed in the period: points, referral welcome discounts, birthday and points vouchers. */
  points_discount: z.number().int(),
  referral_discount: z.number().int(),
  voucher_discount: z.number().int(),
  members: z.array(z.object({ key: z.string(), name: z.string(), count: z.number().int() })),
});
export type LoyaltyCost = z.infer<typeof LoyaltyCostSchema>;
