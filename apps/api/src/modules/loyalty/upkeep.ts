import { and, eq, gt, isNotNull, lte } from 'drizzle-orm';
import { dhakaClock } from '@store/shared/dhaka-time';
import * as m from '@store/shared/i18n/messages';
import { tierForSpend, tierIndex, type LoyaltyRules } from '@store/shared/loyalty';
import type { RequestCtx } from '../../lib/context.js';
import { customersBornOn } from '../accounts/index.js';
import { addMonths, expiredPoints, expiringWithin } from './ledger.js';
import { addEntry, findAccount, ledgerRows, lockAccount, readRules, spendInWindow, tierOf, type VoucherDesk } from './loyalty.service.js';
import { loyaltyAccounts, loyaltyEntries } from './loyalty.tables.js';
import { queueBirthdayVoucher, queueExpiryWarning, queueTierMessage, type LoyaltyOutbox } from './messages.js';

/*
 * The programme's upkeep (the job 'loyalty-upkeep', every LOYALTY_UPKEEP_SECONDS; docs/loyalty.md):
 * 1. points whose expiry has come and that were never spent leave the balance (an 'expired' entry);
 * 2. a customer with points expiring within the warning window is told once for those points;
 * 3. a tier whose window has ended is reviewed: kept while the spend of the last window still earns
 *    it, else lowered to the tier that spend earns (and the customer is told);
 * 4. a customer whose birthday it is (Dhaka) gets their tier's birthday voucher, once a year.
 * Each customer's change is its own transaction with the account locked; a run that stops half-way
 * is finished by the next, and nothing is done twice (what is done is recorded with it).
 */

export type UpkeepDeps = RequestCtx & { outbox: LoyaltyOutbox | null; vouchers: VoucherDesk };
export type UpkeepReport = { expired: number; warned: number; lowered: number; reviewed: number; birthdays: number };

/** Credits expired this long ago are still looked at: a job stopped for up to this long catches up. */
const EXPIRY_CATCH_UP_DAYS = 35;
const DAY_MS = 86_400_000;
/** A birthday voucher can be used for this long. */
const BIRTHDAY_VOUCHER_DAYS = 30;

async function distinctCustomers(deps: UpkeepDeps, where: ReturnType<typeof and>): Promise<number[]> {
  const rows = await deps.db.selectDistinct({ id: loyaltyEntries.customerId }).from(loyaltyEntries).where(where);
  return rows.map((r) => r.id);
}

async function expire(deps: UpkeepDeps, rules: LoyaltyRules, now: Date): Promise<number> {
  const ids = await distinctCustomers(
    deps,
    and(
      gt(loyaltyEntries.points, 0),
      lte(loyaltyEntries.expiresAt, now),
      gt(loyaltyEntries.expiresAt, new Date(now.getTime() - EXPIRY_CATCH_UP_DAYS * DAY_MS)),
    ),
  );
  let done = 0;
  for (const customerId of ids) {
    const expired = await deps.db.transaction(async (tx) => {
      await lockAccount(tx, customerId, rules, now);
      const points = expiredPoints(await ledgerRows({ db: tx }, customerId), now);
      if (points > 0) await addEntry({ db: tx }, rules, { customerId, kind: 'expired', points: -points, note: '' }, now);
      return points;
    });
    if (expired > 0) done++;
  }
  return done;
}

async function warn(deps: UpkeepDeps, rules: LoyaltyRules, now: Date): Promise<number> {
  if (!deps.outbox) return 0;
  const until = new Date(now.getTime() + rules.expiry_warning_days * DAY_MS);
  const ids = await distinctCustomers(
    deps,
    and(gt(loyaltyEntries.points, 0), gt(loyaltyEntries.expiresAt, now), lte(loyaltyEntries.expiresAt, until)),
  );
  let done = 0;
  for (const customerId of ids) {
    const warned = await deps.db.transaction(async (tx) => {
      const account = await lockAccount(tx, customerId, rules, now);
      const soon = expiringWithin(await ledgerRows({ db: tx }, customerId), now, until);
      if (!soon || (account.expiryWarnedUntil && soon.last <= account.expiryWarnedUntil)) return false;
      await queueExpiryWarning({ db: tx }, deps.outbox!, customerId, { points: soon.points, at: soon.last }, account.locale);
      await tx.update(loyaltyAccounts).set({ expiryWarnedUntil: soon.last }).where(eq(loyaltyAccounts.customerId, customerId));
      return true;
    });
    if (warned) done++;
  }
  return done;
}

async function review(deps: UpkeepDeps, rules: LoyaltyRules, now: Date): Promise<{ reviewed: number; lowered: number }> {
  const due = await deps.db
    .select({ id: loyaltyAccounts.customerId })
    .from(loyaltyAccounts)
    .where(and(isNotNull(loyaltyAccounts.tierReviewAt), lte(loyaltyAccounts.tierReviewAt, now)));
  let lowered = 0;
  for (const { id } of due) {
    const down = await deps.db.transaction(async (tx) => {
      const account = await lockAccount(tx, id, rules, now);
      if (!account.tierReviewAt || account.tierReviewAt > now) return false;
      const current = tierOf(rules, account.tier);
      const spend = await spendInWindow({ db: tx }, id, now, rules.tier_window_months);
      const earned = tierForSpend(rules.tiers, spend);
      const first = tierIndex(rules.tiers, earned.key) === 0;
      if (tierIndex(rules.tiers, earned.key) >= tierIndex(rules.tiers, current.key)) {
        // Still earned (or more: raised at once when it happened): kept for another window.
        await tx
          .update(loyaltyAccounts)
          .set({ tier: earned.key, tierReviewAt: first ? null : addMonths(now, rules.tier_window_months) })
          .where(eq(loyaltyAccounts.customerId, id));
        return false;
      }
      const reviewAt = first ? null : addMonths(now, rules.tier_window_months);
      await tx
        .update(loyaltyAccounts)
        .set({ tier: earned.key, tierSince: first ? null : now, tierReviewAt: reviewAt })
        .where(eq(loyaltyAccounts.customerId, id));
      if (deps.outbox)
        await queueTierMessage({ db: tx }, deps.outbox, id, { from: current, to: earned, reviewAt }, 'down', account.locale, rules);
      return true;
    });
    if (down) lowered++;
  }
  return { reviewed: due.length, lowered };
}

async function birthdays(deps: UpkeepDeps, rules: LoyaltyRules, now: Date): Promise<number> {
  const today = dhakaClock(now);
  const monthDay = `${String(today.month + 1).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
  let done = 0;
  for (const customerId of await customersBornOn(deps, monthDay)) {
    const existing = await findAccount(deps, customerId);
    if (existing?.birthdayVoucherYear === today.year) continue;
    const gave = await deps.db.transaction(async (tx) => {
      const account = await lockAccount(tx, customerId, rules, now);
      const amount = tierOf(rules, account.tier).birthday_voucher;
      if (account.birthdayVoucherYear === today.year || amount <= 0 || !rules.enabled) return false;
      const endsAt = new Date(now.getTime() + BIRTHDAY_VOUCHER_DAYS * DAY_MS);
      const { code } = await deps.vouchers.issue(
        { db: tx },
        { customerId, amount, source: 'birthday', title: m.loyalty_api_birthday_title({}, { locale: account.locale }), endsAt },
      );
      await tx.update(loyaltyAccounts).set({ birthdayVoucherYear: today.year }).where(eq(loyaltyAccounts.customerId, customerId));
      if (deps.outbox) await queueBirthdayVoucher({ db: tx }, deps.outbox, customerId, { code, amount, endsAt }, account.locale);
      return true;
    });
    if (gave) done++;
  }
  return done;
}

/** One run of the upkeep at the clock's now. */
export async function runLoyaltyUpkeep(deps: UpkeepDeps): Promise<UpkeepReport> {
  const rules = await readRules(deps);
  const now = deps.clock.now();
  const expired = await expire(deps, rules, now);
  const warned = await warn(deps, rules, now);
  const { reviewed, lowered } = await review(deps, rules, now);
  const birthdayCount = await birthdays(deps, rules, now);
  const report = { expired, warned, lowered, reviewed, birthdays: birthdayCount };
  if (expired || warned || reviewed || birthdayCount) deps.log.info(report, 'loyalty upkeep');
  return report;
}
