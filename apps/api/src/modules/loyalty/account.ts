import { and, count, eq, sql } from 'drizzle-orm';
import { type LoyaltyAccount, type LoyaltyRules, type Tier } from '@store/shared/loyalty';
import * as m from '@store/shared/i18n/messages';
import * as messages from '@store/shared/messages';
import type { RequestCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { orderNumbers } from '../orders/index.js';
import { nextExpiry } from './ledger.js';
import {
  addEntry,
  balance,
  ensureAccount,
  entryView,
  findAccount,
  ledgerRows,
  lockAccount,
  progress,
  readRules,
  shopperTier,
  spendInWindow,
  tierOf,
  type VoucherDesk,
} from './loyalty.service.js';
import { referrals } from './loyalty.tables.js';

/*
 * The shopper's side of the programme (issue 22 item 5): what GET /api/v1/loyalty/ answers, and
 * points turned into a voucher. The checkout's side (points to earn and to spend) is quote().
 */

const HISTORY = 50;

export type LoyaltyDeps = RequestCtx & { vouchers: VoucherDesk; publicUrl: string };

export async function loyaltyAccount(deps: LoyaltyDeps, customerId: number): Promise<LoyaltyAccount> {
  const rules = await readRules(deps);
  const now = deps.clock.now();
  const account = await ensureAccount(deps, customerId, rules, now);
  const [held, spend, rows, vouchers, referred] = await Promise.all([
    balance(deps, customerId),
    spendInWindow(deps, customerId, now, rules.tier_window_months),
    ledgerRows(deps, customerId),
    deps.vouchers.list(deps, customerId),
    deps.db
      .select({ status: referrals.status, n: count() })
      .from(referrals)
      .where(and(eq(referrals.referrerId, customerId), sql`${referrals.status} <> 'void'`))
      .groupBy(referrals.status),
  ]);
  // The ledger is read once: the expiry arithmetic needs every entry, the history shows the newest.
  const entries = rows.slice(-HISTORY).reverse();
  const numbers = await orderNumbers(deps, [...new Set(entries.flatMap((e) => (e.orderId === null ? [] : [e.orderId])))]);
  const expiring = nextExpiry(rows, now);
  const tier = tierOf(rules, account.tier);
  const referredCount = (s: string) => Number(referred.find((r) => r.status === s)?.n ?? 0);
  return {
    enabled: rules.enabled,
    balance: held,
    balance_value: Math.max(0, held) * rules.point_value,
    tier: shopperTier(tier, deps.locale),
    spend,
    tier_review_at: account.tierReviewAt?.toISOString() ?? null,
    next_tier: progress(rules, tier.key, spend, deps.locale),
    expiring: expiring ? { points: expiring.points, at: expiring.at.toISOString() } : null,
    history: entries.map((e) => entryView(e, e.orderId === null ? null : (numbers.get(e.orderId) ?? null))),
    vouchers,
    referral: {
      code: account.referralCode,
      link: `${deps.publicUrl.replace(/\/$/, '')}/?ref=${account.referralCode}`,
      referred: referredCount('pending') + referredCount('rewarded'),
      rewarded: referredCount('rewarded'),
      welcome_discount: rules.referral_welcome_discount,
      min_order: rules.referral_min_order,
      reward_points: rules.referral_reward_points,
    },
    rules: {
      earn_points_per_100_taka: rules.earn_points_per_100_taka,
      point_value: rules.point_value,
      redeem_min_balance: rules.redeem_min_balance,
      redeem_max_share: rules.redeem_max_share,
      expiry_months: rules.expiry_months,
      tier_window_months: rules.tier_window_months,
    },
    tiers: rules.tiers.map((t) => shopperTier(t, deps.locale)),
  };
}

/** Days a voucher bought with points can be used. */
const VOUCHER_DAYS = 90;

/**
 * POST /api/v1/loyalty/vouchers/: points turned into a personal voucher worth what they would take
 * off at checkout, valid 90 days. The points leave the balance in the same transaction as the
 * voucher is made (the account locked), so two requests cannot spend one balance twice.
 */
export async function buyVoucher(deps: LoyaltyDeps, customerId: number, points: number): Promise<LoyaltyAccount> {
  const rules = await readRules(deps);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockAccount(tx, customerId, rules, now);
    const held = await balance({ db: tx }, customerId);
    if (!rules.enabled) throw new AppError('points_not_redeemable', messages.programmeOff(), { points: messages.programmeOff() });
    if (held < rules.redeem_min_balance) {
      const message = messages.pointsMinBalance(rules.redeem_min_balance);
      throw new AppError('points_not_redeemable', message, { points: message });
    }
    if (points > held) {
      const message = messages.voucherTooMany(Math.max(0, held));
      throw new AppError('points_not_redeemable', message, { points: message });
    }
    const title = m.loyalty_api_voucher_title({ points: messages.count(points) });
    const { code } = await deps.vouchers.issue(
      { db: tx },
      {
        customerId,
        amount: points * rules.point_value,
        source: 'points',
        title,
        endsAt: new Date(now.getTime() + VOUCHER_DAYS * 86_400_000),
      },
    );
    await addEntry({ db: tx }, rules, { customerId, kind: 'redeemed', points: -points, note: code }, now);
  });
  return loyaltyAccount(deps, customerId);
}

/** What the checkout prices with: the rules, the balance, the tier and its spend (a customer without an account is in the first tier). */
export type LoyaltyQuote = { rules: LoyaltyRules; balance: number; tier: Tier; spend: number };

export async function loyaltyQuote(deps: Pick<RequestCtx, 'db'>, customerId: number, now: Date): Promise<LoyaltyQuote> {
  const rules = await readRules(deps);
  // One query after another: the checkout reads this inside its transaction (one connection).
  const account = await findAccount(deps, customerId);
  const held = await balance(deps, customerId);
  const spend = await spendInWindow(deps, customerId, now, rules.tier_window_months);
  return { rules, balance: held, tier: tierOf(rules, account?.tier ?? rules.tiers[0]!.key), spend };
}
