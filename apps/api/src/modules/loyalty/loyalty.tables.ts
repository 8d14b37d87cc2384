import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Locale } from '@store/shared/locale';
import type { LedgerKind, LoyaltyRules, ReferralStatus } from '@store/shared/loyalty';
import { customers } from '../accounts/accounts.tables.js';
import { orders } from '../orders/orders.tables.js';
import { staffMembers } from '../staff/staff.tables.js';

/** The programme's rules (one row; docs/loyalty.md). Absent: the defaults (DEFAULT_LOYALTY_RULES). */
export const loyaltySettings = pgTable(
  'loyalty_settings',
  {
    id: smallint().primaryKey().default(1),
    rules: jsonb().$type<LoyaltyRules>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('loyalty_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * A customer's place in the programme: the tier and until when it is kept, the referral code, and
 * what was last told (expiry warnings, the year's birthday voucher). The balance is not here: it is
 * the sum of the ledger, always. The row is also the lock that serialises spending one balance.
 */
export const loyaltyAccounts = pgTable('loyalty_accounts', {
  customerId: integer()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  tier: text().notNull(),
  /** When the customer reached the tier (null for the first tier). */
  tierSince: timestamp({ withTimezone: true }),
  /** The window's end: the tier is reviewed (kept, or lowered to what the spend then earns) at this time. */
  tierReviewAt: timestamp({ withTimezone: true }),
  referralCode: text().notNull().unique(),
  /** Earnings expiring up to this time have been warned about. */
  expiryWarnedUntil: timestamp({ withTimezone: true }),
  /** The language of the customer's latest order: what the programme's messages are written in. */
  locale: text().$type<Locale>().notNull().default('en'),
  /** The year (Dhaka) of the last birthday voucher. */
  birthdayVoucherYear: smallint(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The ledger: one row per change of a balance, never edited or deleted. `points` is signed; `spend`
 * is what the entry counts towards tiers (an earning's paid amount, a reversal's negative). An
 * earning carries its expiry.
 */
export const loyaltyEntries = pgTable(
  'loyalty_entries',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text().$type<LedgerKind>().notNull(),
    points: integer().notNull(),
    spend: integer().notNull().default(0),
    orderId: integer().references(() => orders.id, { onDelete: 'restrict' }),
    referralId: integer(),
    staffId: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    note: text().notNull().default(''),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('loyalty_entries_kind', sql`${t.kind} in ('earned', 'redeemed', 'restored', 'reversed', 'expired', 'adjusted', 'referral')`),
    check(
      'loyalty_entries_sign',
      sql`(${t.kind} in ('earned', 'restored', 'referral') and ${t.points} >= 0) or (${t.kind} in ('redeemed', 'reversed', 'expired') and ${t.points} <= 0) or (${t.kind} = 'adjusted' and ${t.points} <> 0)`,
    ),
    index('loyalty_entries_customer_idx').on(t.customerId, t.id),
    index('loyalty_entries_kind_time_idx').on(t.kind, t.createdAt),
    // An order earns once and spends once; a referral rewards once.
    uniqueIndex('loyalty_entries_earned_once')
      .on(t.orderId)
      .where(sql`${t.kind} = 'earned'`),
    uniqueIndex('loyalty_entries_redeemed_once')
      .on(t.orderId)
      .where(sql`${t.kind} = 'redeemed'`),
    uniqueIndex('loyalty_entries_referral_once')
      .on(t.referralId)
      .where(sql`${t.kind} = 'referral'`),
    index('loyalty_entries_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);

/** A first order placed with a referral code: pending until it is delivered (rewarded) or ends otherwise (void, with the reason). */
export const referrals = pgTable(
  'referrals',
  {
    id: serial().primaryKey(),
    code: text().notNull(),
    referrerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    refereeId: integer().references(() => customers.id, { onDelete: 'set null' }),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    discount: integer().notNull().default(0),
    status: text().$type<ReferralStatus>().notNull().default('pending'),
    reason: text().notNull().default(''),
    points: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('referrals_status', sql`${t.status} in ('pending', 'rewarded', 'void')`),
    index('referrals_referrer_idx').on(t.referrerId, t.id.desc()),
    index('referrals_status_idx').on(t.status, t.id.desc()),
  ],
);
