import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gt, sql, sum } from 'drizzle-orm';
import {
  DEFAULT_LOYALTY_RULES,
  LoyaltyRulesSchema,
  nextTier,
  tierForSpend,
  tierIndex,
  type LedgerEntry,
  type LedgerKind,
  type LoyaltyRules,
  type ShopperTier,
  type Tier,
  type Voucher,
} from '@store/shared/loyalty';
import type { Locale } from '@store/shared/locale';
import type { Db } from '../../db/client.js';
import type { DbCtx } from '../../lib/context.js';
import { addMonths } from './ledger.js';
import { loyaltyAccounts, loyaltyEntries, loyaltySettings } from './loyalty.tables.js';

/*
 * The programme's state as the server keeps it (issue 22): the rules (one row, the defaults until
 * staff save them), each customer's account (tier, referral code) and ledger. The balance is never
 * stored: it is the ledger's sum, read in the transaction that needs it. Spending locks the account
 * row first, so two checkouts of one balance queue and the second sees the first's entry.
 */

export type AccountRow = typeof loyaltyAccounts.$inferSelect;
export type EntryRow = typeof loyaltyEntries.$inferSelect;

/** The rules in force: the saved row, or the defaults (a row that no longer parses falls back to them too, logged by the caller). */
export async function readRules({ db }: DbCtx): Promise<LoyaltyRules> {
  const [row] = await db.select({ rules: loyaltySettings.rules }).from(loyaltySettings).where(eq(loyaltySettings.id, 1));
  if (!row) return DEFAULT_LOYALTY_RULES;
  const parsed = LoyaltyRulesSchema.safeParse(row.rules);
  return parsed.success ? parsed.data : DEFAULT_LOYALTY_RULES;
}

/** The tier named `key` in the rules; a tier staff removed since counts as the nearest one kept below it (the first). */
export function tierOf(rules: LoyaltyRules, key: string): Tier {
  return rules.tiers.find((t) => t.key === key) ?? rules.tiers[0]!;
}

export function shopperTier(t: Tier, locale: Locale): ShopperTier {
  return {
    key: t.key,
    name: tierName(t, locale),
    multiplier: t.multiplier,
    free_delivery: t.free_delivery,
    birthday_voucher: t.birthday_voucher,
    early_access_hours: t.early_access_hours,
    threshold: t.threshold,
  };
}

export const tierName = (t: Tier, locale: Locale) => (locale === 'bn' && t.name_bn ? t.name_bn : t.name);

// Codes people read aloud and type: no 0/O, 1/I/L.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function newReferralCode(): string {
  let code = 'GB';
  for (let i = 0; i < 6; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The customer's account row, made on first need in the first tier with a fresh referral code. */
export async function ensureAccount({ db }: DbCtx, customerId: number, rules: LoyaltyRules, at: Date): Promise<AccountRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [found] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.customerId, customerId));
    if (found) return found;
    // Any conflict does nothing: the same customer made meanwhile (read next time round), or a code already taken (a new code next time).
    await db
      .insert(loyaltyAccounts)
      .values({ customerId, tier: rules.tiers[0]!.key, referralCode: newReferralCode(), createdAt: at })
      .onConflictDoNothing();
  }
  throw new Error(`could not create the loyalty account of customer ${customerId}`);
}

/** The account, locked for the transaction (made first if need be): the one place a balance's spending waits its turn. */
export async function lockAccount(tx: Db, customerId: number, rules: LoyaltyRules, at: Date): Promise<AccountRow> {
  await ensureAccount({ db: tx }, customerId, rules, at);
  const [row] = await tx.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.customerId, customerId)).for('update');
  return row!;
}

export async function findAccount({ db }: DbCtx, customerId: number): Promise<AccountRow | null> {
  const [row] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.customerId, customerId));
  return row ?? null;
}

export async function accountByCode({ db }: DbCtx, code: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.referralCode, code.trim().toUpperCase()));
  return row ?? null;
}

/** The balance: the sum of the ledger, as the transaction sees it. */
export async function balance({ db }: DbCtx, customerId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(loyaltyEntries.points).mapWith(Number) })
    .from(loyaltyEntries)
    .where(eq(loyaltyEntries.customerId, customerId));
  return row?.total ?? 0;
}

/** Spend counted for tiers in the window ending `now` (what the entries of the last `months` months say). */
export async function spendInWindow({ db }: DbCtx, customerId: number, now: Date, months: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(loyaltyEntries.spend).mapWith(Number) })
    .from(loyaltyEntries)
    .where(and(eq(loyaltyEntries.customerId, customerId), gt(loyaltyEntries.createdAt, addMonths(now, -months))));
  return Math.max(0, row?.total ?? 0);
}

/** Every entry of a customer's ledger, oldest first (the expiry arithmetic reads them all: a ledger is short). */
export async function ledgerRows({ db }: DbCtx, customerId: number): Promise<EntryRow[]> {
  return db.select().from(loyaltyEntries).where(eq(loyaltyEntries.customerId, customerId)).orderBy(asc(loyaltyEntries.id));
}

export type NewEntry = {
  customerId: number;
  kind: LedgerKind;
  points: number;
  spend?: number;
  orderId?: number | null;
  referralId?: number | null;
  staffId?: number | null;
  note?: string;
  expiresAt?: Date | null;
};

/** Appends to the ledger (never edited). A credit expires `expiry_months` after it is made unless told otherwise. */
export async function addEntry({ db }: DbCtx, rules: LoyaltyRules, entry: NewEntry, at: Date): Promise<EntryRow> {
  const credit = entry.points > 0;
  const [row] = await db
    .insert(loyaltyEntries)
    .values({
      customerId: entry.customerId,
      kind: entry.kind,
      points: entry.points,
      spend: entry.spend ?? 0,
      orderId: entry.orderId ?? null,
      referralId: entry.referralId ?? null,
      staffId: entry.staffId ?? null,
      note: entry.note ?? '',
      expiresAt: entry.expiresAt !== undefined ? entry.expiresAt : credit ? addMonths(at, rules.expiry_months) : null,
      createdAt: at,
    })
    .returning();
  return row!;
}

/** Sum of an order's entries of one kind (points). */
export async function orderPoints({ db }: DbCtx, orderId: number, kind: LedgerKind): Promise<{ points: number; spend: number }> {
  const [row] = await db
    .select({ points: sum(loyaltyEntries.points).mapWith(Number), spend: sum(loyaltyEntries.spend).mapWith(Number) })
    .from(loyaltyEntries)
    .where(and(eq(loyaltyEntries.orderId, orderId), eq(loyaltyEntries.kind, kind)));
  return { points: row?.points ?? 0, spend: row?.spend ?? 0 };
}

export type TierMove = { from: Tier; to: Tier; reviewAt: Date | null };

/**
 * Moves the account up at once when the window's spend reaches a higher tier: the new tier is kept
 * for a whole window from now. Moving down happens only at the review (upkeep.ts). Returns the move.
 */
export async function raiseTier(tx: Db, account: AccountRow, rules: LoyaltyRules, at: Date): Promise<TierMove | null> {
  const spend = await spendInWindow({ db: tx }, account.customerId, at, rules.tier_window_months);
  const current = tierOf(rules, account.tier);
  const earned = tierForSpend(rules.tiers, spend);
  if (tierIndex(rules.tiers, earned.key) <= tierIndex(rules.tiers, current.key)) return null;
  const reviewAt = addMonths(at, rules.tier_window_months);
  await tx
    .update(loyaltyAccounts)
    .set({ tier: earned.key, tierSince: at, tierReviewAt: reviewAt })
    .where(eq(loyaltyAccounts.customerId, account.customerId));
  return { from: current, to: earned, reviewAt };
}

/** The next tier up from the account's and the spend still needed, in the locale's names. */
export function progress(rules: LoyaltyRules, tierKey: string, spend: number, locale: Locale) {
  const next = nextTier(rules.tiers, tierOf(rules, tierKey).key);
  return next
    ? { key: next.key, name: tierName(next, locale), threshold: next.threshold, remaining: Math.max(0, next.threshold - spend) }
    : null;
}

/** The ledger as a shopper or staff reads it, newest first. */
export async function ledgerEntries({ db }: DbCtx, customerId: number, limit: number): Promise<EntryRow[]> {
  return db.select().from(loyaltyEntries).where(eq(loyaltyEntries.customerId, customerId)).orderBy(desc(loyaltyEntries.id)).limit(limit);
}

export const entryView = (e: EntryRow, orderNumber: string | null): LedgerEntry => ({
  id: e.id,
  kind: e.kind,
  points: e.points,
  note: e.note,
  order_number: orderNumber,
  created_at: e.createdAt.toISOString(),
  expires_at: e.kind === 'redeemed' || e.points <= 0 ? null : (e.expiresAt?.toISOString() ?? null),
});

/** The vouchers a customer holds, from the checkout's coupons (given to the module at start: see VoucherDesk). */
export type VoucherDesk = {
  issue(
    ctx: DbCtx,
    v: { customerId: number; amount: number; source: Voucher['source']; title: string; endsAt: Date | null },
  ): Promise<{ code: string }>;
  list(ctx: DbCtx, customerId: number): Promise<Voucher[]>;
  /** Money taken off orders placed in [from, to) by personal vouchers (the programme's cost). */
  discountBetween(ctx: DbCtx, from: Date, to: Date): Promise<number>;
};

/** Sum of `kind` entries' points created in [from, to) (the programme's cost). */
export async function pointsBetween({ db }: DbCtx, kind: LedgerKind, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ total: sum(loyaltyEntries.points).mapWith(Number) })
    .from(loyaltyEntries)
    .where(and(eq(loyaltyEntries.kind, kind), sql`${loyaltyEntries.createdAt} >= ${from}`, sql`${loyaltyEntries.createdAt} < ${to}`));
  return row?.total ?? 0;
}
