import { and, eq } from 'drizzle-orm';
import type { Locale } from '@store/shared/locale';
import { pointsFor, type LoyaltyRules } from '@store/shared/loyalty';
import * as messages from '@store/shared/messages';
import type { Db } from '../../db/client.js';
import type { DbCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { setOrderPointsEarned, type OrderEffects, type OrderRow } from '../orders/index.js';
import { addEntry, balance, lockAccount, orderPoints, raiseTier, readRules, tierOf } from './loyalty.service.js';
import { loyaltyAccounts, referrals } from './loyalty.tables.js';
import { queueTierMessage, type LoyaltyOutbox } from './messages.js';

/*
 * What an order's life does to the programme (issue 22), in the transaction that moves the order:
 * - delivered (or partly): the order earns points on what was paid for its items, at the customer's
 *   tier; the spend counts towards tiers (a higher tier is reached at once); a referral made with it
 *   rewards its referrer.
 * - cancelled or returned before delivery: the points spent on it come back; its referral is void.
 * - a refund: the points it earned are taken back in proportion (all of them once the whole order is
 *   refunded), and the points spent on it come back in the same proportion.
 * - staff take items off it and the points' discount shrinks: the points it no longer uses come back.
 * Each is bounded by what the ledger already holds for the order, so a replay changes nothing.
 */

const EARNS: readonly OrderRow['status'][] = ['delivered', 'partially_delivered'];
const ENDS_UNDELIVERED: readonly OrderRow['status'][] = ['cancelled', 'returned'];

/** Points spent on the order that are given back now: `share` of what it spent, at most what is still out. */
async function restoreSpent(ctx: DbCtx, rules: LoyaltyRules, order: OrderRow, share: number, at: Date): Promise<void> {
  if (order.customerId === null || order.pointsRedeemed <= 0) return;
  const restored = (await orderPoints(ctx, order.id, 'restored')).points;
  const give = Math.min(order.pointsRedeemed - restored, Math.round(order.pointsRedeemed * share));
  if (give <= 0) return;
  await lockAccount(ctx.db, order.customerId, rules, at);
  await addEntry(ctx, rules, { customerId: order.customerId, kind: 'restored', points: give, orderId: order.id }, at);
}

async function earn(ctx: DbCtx, rules: LoyaltyRules, order: OrderRow, at: Date, outbox: LoyaltyOutbox | null): Promise<void> {
  if (order.customerId === null || !rules.enabled) return;
  const paid = Math.max(0, order.total - order.shipping - order.refundedAmount);
  if (paid <= 0) return;
  const account = await lockAccount(ctx.db, order.customerId, rules, at);
  const points = pointsFor(paid, rules, tierOf(rules, account.tier).multiplier);
  await addEntry(ctx, rules, { customerId: order.customerId, kind: 'earned', points, spend: paid, orderId: order.id }, at);
  await setOrderPointsEarned(ctx, order.id, points);
  await ctx.db.update(loyaltyAccounts).set({ locale: order.locale }).where(eq(loyaltyAccounts.customerId, order.customerId));
  const move = await raiseTier(ctx.db, account, rules, at);
  if (move && outbox) await queueTierMessage(ctx, outbox, order.customerId, move, 'up', order.locale as Locale, rules);
}

/** A referral made with this order: rewarded once it is delivered, void if it ends otherwise. */
async function settleReferral(ctx: DbCtx, rules: LoyaltyRules, order: OrderRow, at: Date): Promise<void> {
  const [referral] = await ctx.db
    .select()
    .from(referrals)
    .where(and(eq(referrals.orderId, order.id), eq(referrals.status, 'pending')))
    .for('update');
  if (!referral) return;
  if (!EARNS.includes(order.status)) {
    const reason = order.status === 'returned' ? 'The order was returned' : 'The order was cancelled';
    await ctx.db.update(referrals).set({ status: 'void', reason, settledAt: at }).where(eq(referrals.id, referral.id));
    return;
  }
  if (!rules.enabled || rules.referral_reward_points <= 0) {
    await ctx.db
      .update(referrals)
      .set({ status: 'void', reason: 'The programme gave no reward at the time', settledAt: at })
      .where(eq(referrals.id, referral.id));
    return;
  }
  await lockAccount(ctx.db, referral.referrerId, rules, at);
  await addEntry(
    ctx,
    rules,
    {
      customerId: referral.referrerId,
      kind: 'referral',
      points: rules.referral_reward_points,
      referralId: referral.id,
      note: referral.code,
    },
    at,
  );
  await ctx.db
    .update(referrals)
    .set({ status: 'rewarded', reason: 'The first order was delivered', points: rules.referral_reward_points, settledAt: at })
    .where(eq(referrals.id, referral.id));
}

/** Earned points taken back for a refund after delivery: in proportion to the money, all that is left once the order is wholly refunded. */
async function reverseEarned(ctx: DbCtx, rules: LoyaltyRules, order: OrderRow, amount: number, at: Date): Promise<void> {
  if (order.customerId === null) return;
  const earned = await orderPoints(ctx, order.id, 'earned');
  if (earned.spend <= 0) return;
  const reversed = await orderPoints(ctx, order.id, 'reversed');
  const pointsLeft = earned.points + reversed.points;
  const spendLeft = earned.spend + reversed.spend;
  const whole = order.paymentStatus === 'refunded';
  const takePoints = whole ? pointsLeft : Math.min(pointsLeft, Math.round((earned.points * amount) / earned.spend));
  const takeSpend = whole ? spendLeft : Math.min(spendLeft, amount);
  if (takePoints <= 0 && takeSpend <= 0) return;
  await lockAccount(ctx.db, order.customerId, rules, at);
  await addEntry(
    ctx,
    rules,
    { customerId: order.customerId, kind: 'reversed', points: -takePoints, spend: -takeSpend, orderId: order.id },
    at,
  );
  await setOrderPointsEarned(ctx, order.id, pointsLeft - takePoints);
}

/** The programme's order effects (connected to the orders module at start-up). */
export function loyaltyOrderEffects(outbox: () => LoyaltyOutbox | null): OrderEffects {
  return {
    async moved(ctx, _before, after, at) {
      if (after.customerId === null) return;
      const rules = await readRules(ctx);
      if (EARNS.includes(after.status)) {
        await earn(ctx, rules, after, at, outbox());
        await settleReferral(ctx, rules, after, at);
      } else if (ENDS_UNDELIVERED.includes(after.status)) {
        await restoreSpent(ctx, rules, after, 1, at);
        await settleReferral(ctx, rules, after, at);
      }
    },
    async repriced(ctx, before, after, at) {
      // Fewer items left the points' discount smaller: the points it no longer uses come back, in proportion.
      if (after.customerId === null || before.pointsDiscount <= 0 || after.pointsDiscount >= before.pointsDiscount) return;
      const rules = await readRules(ctx);
      await restoreSpent(ctx, rules, after, 1 - after.pointsDiscount / before.pointsDiscount, at);
    },
    async refunded(ctx, after, amount, at) {
      if (after.customerId === null) return;
      const rules = await readRules(ctx);
      await reverseEarned(ctx, rules, after, amount, at);
      const share = after.paymentStatus === 'refunded' ? 1 : after.total > 0 ? amount / after.total : 0;
      await restoreSpent(ctx, rules, after, share, at);
    },
  };
}

/**
 * Spends points on an order being placed, in the checkout's transaction: the account is locked first,
 * so parallel checkouts of one balance queue here, and each checks the balance its turn sees. Points
 * the balance no longer holds (another tab spent them) refuse the order: nothing is placed.
 */
export async function redeemPoints(tx: Db, input: { customerId: number; orderId: number; points: number }, at: Date): Promise<void> {
  if (input.points <= 0) return;
  const rules = await readRules({ db: tx });
  await lockAccount(tx, input.customerId, rules, at);
  const held = await balance({ db: tx }, input.customerId);
  if (!rules.enabled || held < input.points || held < rules.redeem_min_balance) {
    const message = messages.pointsChanged();
    throw new AppError('points_not_redeemable', message, { points: message });
  }
  await addEntry({ db: tx }, rules, { customerId: input.customerId, kind: 'redeemed', points: -input.points, orderId: input.orderId }, at);
}

/**
 * An order placed with someone's referral code (the checkout's transaction): pending until the order
 * ends when it took the welcome discount; void at once, with the reason, when the code could not
 * apply (one's own, the owner's phone or address, not a first order…), so staff see every attempt.
 */
export async function recordReferral(
  tx: Db,
  r: { code: string; referrerId: number; refereeId: number | null; orderId: number; discount: number; refusedBecause: string | null },
  at: Date,
): Promise<void> {
  const { refusedBecause, ...values } = r;
  await tx.insert(referrals).values({
    ...values,
    status: refusedBecause ? 'void' : 'pending',
    reason: refusedBecause ?? 'Waiting for the order to be delivered',
    createdAt: at,
    settledAt: refusedBecause ? at : null,
  });
}
