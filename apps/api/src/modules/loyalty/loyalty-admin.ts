import { and, count, desc, eq, gt, inArray, sql, sum } from 'drizzle-orm';
import type { DashboardPeriod } from '@store/shared/admin-dashboard';
import {
  DEFAULT_LOYALTY_RULES,
  loyaltyMessages,
  type AdjustmentInput,
  type AdminCustomerLoyalty,
  type AdminLoyaltySettings,
  type LoyaltyCost,
  type LoyaltyRules,
  type ReferralResult,
  type ReferralStatus,
  type TierMember,
  type TierMembersPage,
} from '@store/shared/loyalty';
import { selectRows } from '../../db/client.js';
import type { RequestCtx } from '../../lib/context.js';
import { assertUnchangedSince, nextStamp } from '../../lib/edit-conflict.js';
import { notFound } from '../../lib/errors.js';
import { customerContacts } from '../accounts/index.js';
import { addMonths } from './ledger.js';
import { dashboardWindows, loyaltyDiscountsBetween, orderNumbers } from '../orders/index.js';
import { recordAudit, staffNames } from '../staff/index.js';
import {
  addEntry,
  balance,
  ensureAccount,
  entryView,
  ledgerEntries,
  lockAccount,
  pointsBetween,
  readRules,
  spendInWindow,
  tierOf,
  type VoucherDesk,
} from './loyalty.service.js';
import { loyaltyAccounts, loyaltyEntries, loyaltySettings, referrals } from './loyalty.tables.js';

/*
 * The programme in the back office (issue 22 item 6): its rules, a customer's ledger and staff
 * adjustments (each audited, in the adjustment's transaction), the members of each tier, the
 * referrals and what they came to, and the programme's cost for the dashboard.
 */

const PAGE = 50;
const LEDGER = 200;

export async function getLoyaltySettings(ctx: RequestCtx): Promise<AdminLoyaltySettings> {
  const [row] = await ctx.db.select().from(loyaltySettings).where(eq(loyaltySettings.id, 1));
  return { rules: row ? await readRules(ctx) : DEFAULT_LOYALTY_RULES, updated_at: row?.updatedAt.toISOString() ?? null };
}

/** Saves the rules (one transaction with its audit row); a save from an older copy is refused (409). */
export async function saveLoyaltySettings(ctx: RequestCtx, rules: LoyaltyRules, loadedAt: string | null): Promise<AdminLoyaltySettings> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(loyaltySettings).where(eq(loyaltySettings.id, 1)).for('update');
    const before = row ? await readRules({ db: tx }) : DEFAULT_LOYALTY_RULES;
    if (row) assertUnchangedSince(loadedAt ?? undefined, row.updatedAt, loyaltyMessages.editConflict);
    else if (loadedAt !== null) assertUnchangedSince(loadedAt, new Date(0), loyaltyMessages.editConflict);
    const updatedAt = row ? nextStamp(row.updatedAt, now) : now;
    await tx
      .insert(loyaltySettings)
      .values({ id: 1, rules, updatedAt })
      .onConflictDoUpdate({ target: loyaltySettings.id, set: { rules, updatedAt } });
    await recordAudit(
      { ...ctx, db: tx },
      { action: 'loyalty_settings.update', entity: 'loyalty_settings', entityId: 1, before, after: rules },
    );
  });
  return getLoyaltySettings(ctx);
}

export async function customerLoyalty(ctx: RequestCtx, customerId: number): Promise<AdminCustomerLoyalty> {
  if (!(await customerContacts(ctx, [customerId])).has(customerId)) throw notFound('Customer not found');
  const rules = await readRules(ctx);
  const now = ctx.clock.now();
  const account = await ensureAccount(ctx, customerId, rules, now);
  const [held, spend, entries] = await Promise.all([
    balance(ctx, customerId),
    spendInWindow(ctx, customerId, now, rules.tier_window_months),
    ledgerEntries(ctx, customerId, LEDGER),
  ]);
  const [numbers, names] = await Promise.all([
    orderNumbers(ctx, [...new Set(entries.flatMap((e) => (e.orderId === null ? [] : [e.orderId])))]),
    staffNames(ctx, [...new Set(entries.flatMap((e) => (e.staffId === null ? [] : [e.staffId])))]),
  ]);
  const tier = tierOf(rules, account.tier);
  return {
    customer_id: customerId,
    balance: held,
    tier: { key: tier.key, name: tier.name },
    spend,
    tier_since: account.tierSince?.toISOString() ?? null,
    tier_review_at: account.tierReviewAt?.toISOString() ?? null,
    referral_code: account.referralCode,
    ledger: entries.map((e) => ({
      ...entryView(e, e.orderId === null ? null : (numbers.get(e.orderId) ?? null)),
      staff_name: e.staffId === null ? null : (names.get(e.staffId) ?? null),
    })),
  };
}

/** A staff member's adjustment with its reason: a ledger entry and an audit row in one transaction. A debit may take the balance below zero only as far as it is. */
export async function adjustPoints(ctx: RequestCtx, customerId: number, input: AdjustmentInput): Promise<AdminCustomerLoyalty> {
  if (!(await customerContacts(ctx, [customerId])).has(customerId)) throw notFound('Customer not found');
  const rules = await readRules(ctx);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, customerId, rules, now);
    const before = await balance({ db: tx }, customerId);
    const entry = await addEntry(
      { db: tx },
      rules,
      { customerId, kind: 'adjusted', points: input.points, staffId: ctx.staff?.id ?? null, note: input.reason },
      now,
    );
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: 'loyalty_points.adjust',
        entity: 'customer',
        entityId: customerId,
        before: { balance: before },
        after: { balance: before + input.points, points: input.points, reason: input.reason, entry: entry.id },
      },
    );
  });
  return customerLoyalty(ctx, customerId);
}

/** The members of a tier (or every account), newest to the tier first, with the count of each tier. */
export async function tierMembers(ctx: RequestCtx, query: { tier?: string | undefined; page: number }): Promise<TierMembersPage> {
  const rules = await readRules(ctx);
  const now = ctx.clock.now();
  const where = query.tier ? eq(loyaltyAccounts.tier, query.tier) : undefined;
  const [rows, totals, tierCounts] = await Promise.all([
    ctx.db
      .select()
      .from(loyaltyAccounts)
      .where(where)
      .orderBy(sql`${loyaltyAccounts.tierSince} desc nulls last`, desc(loyaltyAccounts.customerId))
      .limit(PAGE)
      .offset((query.page - 1) * PAGE),
    ctx.db.select({ n: count() }).from(loyaltyAccounts).where(where),
    ctx.db.select({ tier: loyaltyAccounts.tier, n: count() }).from(loyaltyAccounts).groupBy(loyaltyAccounts.tier),
  ]);
  const ids = rows.map((r) => r.customerId);
  const contacts = await customerContacts(ctx, ids);
  const balances = await sumsBy(ctx, ids, 'points');
  const spends = await sumsBy(ctx, ids, 'spend', addMonths(now, -rules.tier_window_months));
  const data: TierMember[] = [];
  for (const r of rows) {
    const c = contacts.get(r.customerId);
    data.push({
      customer_id: r.customerId,
      name: c?.name ?? '',
      phone: c?.phone ?? null,
      email: c?.email ?? null,
      tier: tierOf(rules, r.tier).name,
      balance: balances.get(r.customerId) ?? 0,
      spend: Math.max(0, spends.get(r.customerId) ?? 0),
      tier_since: r.tierSince?.toISOString() ?? null,
      tier_review_at: r.tierReviewAt?.toISOString() ?? null,
    });
  }
  const total = Number(totals[0]?.n ?? 0);
  return {
    data,
    counts: Object.fromEntries(rules.tiers.map((t) => [t.key, Number(tierCounts.find((c) => c.tier === t.key)?.n ?? 0)])),
    page: query.page,
    pages: Math.max(1, Math.ceil(total / PAGE)),
  };
}

/** Each customer's sum of points (the balance) or of spend (since `after`: the tier window), in one query. */
async function sumsBy(ctx: RequestCtx, ids: number[], column: 'points' | 'spend', after?: Date): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: loyaltyEntries.customerId, total: sum(loyaltyEntries[column]).mapWith(Number) })
    .from(loyaltyEntries)
    .where(and(inArray(loyaltyEntries.customerId, ids), after ? gt(loyaltyEntries.createdAt, after) : undefined))
    .groupBy(loyaltyEntries.customerId);
  return new Map(rows.map((r) => [r.id, r.total ?? 0]));
}

export async function referralResults(
  ctx: RequestCtx,
  query: { status?: ReferralStatus | undefined; page: number },
): Promise<{ data: ReferralResult[]; page: number; pages: number }> {
  const where = query.status ? eq(referrals.status, query.status) : undefined;
  const [rows, totals] = await Promise.all([
    ctx.db
      .select()
      .from(referrals)
      .where(where)
      .orderBy(desc(referrals.id))
      .limit(PAGE)
      .offset((query.page - 1) * PAGE),
    ctx.db.select({ n: count() }).from(referrals).where(where),
  ]);
  const people = await customerContacts(ctx, [
    ...new Set(rows.flatMap((r) => (r.refereeId === null ? [r.referrerId] : [r.referrerId, r.refereeId]))),
  ]);
  const numbers = await orderNumbers(
    ctx,
    rows.map((r) => r.orderId),
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      code: r.code,
      referrer: { id: r.referrerId, name: people.get(r.referrerId)?.name ?? '' },
      referee: { id: r.refereeId, name: r.refereeId === null ? '' : (people.get(r.refereeId)?.name ?? '') },
      order_number: numbers.get(r.orderId) ?? '',
      discount: r.discount,
      status: r.status,
      reason: r.reason,
      points: r.points,
      created_at: r.createdAt.toISOString(),
      settled_at: r.settledAt?.toISOString() ?? null,
    })),
    page: query.page,
    pages: Math.max(1, Math.ceil(Number(totals[0]?.n ?? 0) / PAGE)),
  };
}

/** The programme's cost in a period, and what it still owes (every balance above zero, at the point's value now). */
export async function loyaltyCost(ctx: RequestCtx, period: DashboardPeriod, vouchers: VoucherDesk): Promise<LoyaltyCost> {
  const rules = await readRules(ctx);
  // The dashboard's own window of the period (today, or 7 or 30 Dhaka days up to now).
  const { current } = dashboardWindows(period, ctx.clock.now());
  const from = new Date(current.from);
  const to = new Date(current.to);
  const [outstanding, earned, redeemed, expired, discounts, voucherDiscount, members] = await Promise.all([
    selectRows<{ points: number | null }>(
      ctx.db,
      sql`select coalesce(sum(b), 0)::int as points from (select sum(${loyaltyEntries.points}) as b from ${loyaltyEntries} group by ${loyaltyEntries.customerId}) s where b > 0`,
    ),
    pointsBetween(ctx, 'earned', from, to),
    pointsBetween(ctx, 'redeemed', from, to),
    pointsBetween(ctx, 'expired', from, to),
    loyaltyDiscountsBetween(ctx, from, to),
    vouchers.discountBetween(ctx, from, to),
    ctx.db.select({ tier: loyaltyAccounts.tier, n: count() }).from(loyaltyAccounts).groupBy(loyaltyAccounts.tier),
  ]);
  const owed = Number(outstanding[0]?.points ?? 0);
  return {
    outstanding_points: owed,
    outstanding_value: owed * rules.point_value,
    earned_points: earned,
    redeemed_points: -redeemed,
    expired_points: -expired,
    points_discount: discounts.points,
    referral_discount: discounts.referral,
    voucher_discount: voucherDiscount,
    members: rules.tiers.map((t) => ({ key: t.key, name: t.name, count: Number(members.find((m) => m.tier === t.key)?.n ?? 0) })),
  };
}
