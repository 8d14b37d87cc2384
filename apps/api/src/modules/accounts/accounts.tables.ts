import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A registered customer. Email lowercased, phone canonical (+8801… or +<digits> abroad); either may be absent after a social sign-in. */
export const customers = pgTable('customers', {
  id: serial().primaryKey(),
  email: text().unique(),
  phone: text().unique(),
  firstName: text().notNull().default(''),
  lastName: text().notNull().default(''),
  birthday: date({ mode: 'string' }),
  /** other, male or female (SPEC §3: stored lowercase). */
  gender: text().$type<'other' | 'male' | 'female'>(),
  newsletterEmail: boolean().notNull().default(true),
  newsletterSms: boolean().notNull().default(true),
  /** argon2id; null until the customer sets one (registration finishes with it, social sign-ins may never). */
  passwordHash: text(),
  verifiedEmail: boolean().notNull().default(false),
  verifiedSms: boolean().notNull().default(false),
  onlineCustomer: boolean().notNull().default(true),
  /** Staff took cash on delivery away from this customer (issue 18): checkout offers only prepaid methods and pickup. */
  codBlockedAt: timestamp({ withTimezone: true }),
  codBlockedReason: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** What staff wrote about a customer (issue 18): kept, never edited. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    staffId: integer(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_notes_customer_idx').on(t.customerId, t.id)],
);

/** A guest: checks out with a verified phone and no account. The id is random so it cannot be guessed. */
export const guests = pgTable('guests', {
  id: text().primaryKey(),
  phone: text().notNull().unique(),
  email: text(),
  firstName: text().notNull().default(''),
  lastName: text().notNull().default(''),
  verifiedSms: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A signed-in browser or client: only the SHA-256 of the token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    guestId: text().references(() => guests.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: text(),
  },
  (t) => [
    index('sessions_customer_idx').on(t.customerId),
    check('sessions_one_owner', sql`(${t.customerId} is null) <> (${t.guestId} is null)`),
  ],
);

export const CODE_CHANNELS = ['sms', 'email'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

/** One-time codes sent by SMS or email: salted hash, single use, expiring, with a count of wrong tries. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial().primaryKey(),
    channel: text().$type<CodeChannel>().notNull(),
    /** The canonical phone or the lowercased email the code went to. */
    target: text().notNull(),
    codeHash: text().notNull(),
    salt: text().notNull(),
    attempts: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('one_time_codes_target_idx').on(t.target, t.createdAt)],
);

export const LINK_PURPOSES = ['passwordless', 'verify_email', 'password_reset'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/** Links sent by email (magic sign-in, email verification, password reset): hashed secret, single use, expiring. */
export const accountLinks = pgTable(
  'account_links',
  {
    id: serial().primaryKey(),
    purpose: text().$type<LinkPurpose>().notNull(),
    tokenHash: text().notNull().unique(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('account_links_customer_idx').on(t.customerId, t.purpose, t.createdAt)],
);

/** A customer's identity at Google, Facebook or Instagram (the provider's subject id). */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial().primaryKey(),
    provider: text().notNull(),
    subject: text().notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_identities_subject_idx').on(t.provider, t.subject)],
);

/**
 * A guest's details as typed before the phone is proved: they reach the guests row only when the
 * code sent to that phone is verified from the same browser (its cookie holds the id), so knowing a
 * phone number is not enough to change a guest's e-mail or name.
 */
export const guestRegistrations = pgTable('guest_registrations', {
  id: text().primaryKey(),
  phone: text().notNull(),
  email: text(),
  firstName: text().notNull().default(''),
  lastName: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
