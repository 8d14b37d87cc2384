import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StaffRole } from '@store/shared/admin';

export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/**
 * A member of the shop's staff: separate from customers. Never deleted (the audit log points at
 * them): a member who leaves is disabled. The password is null until an invitation is accepted.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial().primaryKey(),
    /** Lowercased. */
    email: text().notNull().unique(),
    name: text().notNull().default(''),
    role: text().$type<StaffRole>().notNull(),
    status: text().$type<StaffStatus>().notNull().default('invited'),
    /** argon2id; null until the member sets one. */
    passwordHash: text(),
    /** The TOTP secret (base32), sealed with the server's secret; set at enrolment, confirmed by totpEnabledAt. */
    totpSecret: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The time step of the last code accepted: a code of that step or an earlier one is refused (no replay). */
    totpLastStep: integer(),
    /** Wrong passwords or codes in a row; reset by a good sign-in. */
    failedLogins: smallint().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    invitedBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('staff_members_email_lower', sql`${t.email} = lower(${t.email})`)],
);

/** A signed-in staff browser or client: only the SHA-256 of its token is kept. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial().primaryKey(),
    tokenHash: text().notNull().unique(),
    staffId: integer()
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** Each authenticated request moves it on; a session idle longer than the idle timeout is over. */
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

export const STAFF_LINK_PURPOSES = ['invitation', 'password_reset'] as const;
export type StaffLinkPurpose = (typeof STAFF_LINK_PURPOSES)[number];

/** Invitation and password-reset links sent by e-mail: hashed secret, single use, expiring. */
export const staffLinks = pgTable(
  'staff_links',
  {
    id: serial().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    purpose: text().$type<StaffLinkPurpose>().notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('staff_links_staff_idx').on(t.staffId, t.purpose)],
);

/**
 * Every write a staff member makes: who, what (entity and id), the fields before and after, when,
 * from where. The database refuses to update or delete a row (a trigger, migration 0013), so the
 * app cannot rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** Null for the command line and the system itself. */
    staffId: integer().references(() => staffMembers.id, { onDelete: 'restrict' }),
    /** What was done, as `entity.verb`: `settings.update`, `staff.invite`, `menu_item.create`… */
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    /** The changed fields only: { field: [before, after] }. */
    changes: jsonb().$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_staff_idx').on(t.staffId, t.createdAt),
  ],
);

/** A staff member's saved filter of a back-office list (issue 18: the order list's saved views). */
export const staffSavedViews = pgTable(
  'staff_saved_views',
  {
    id: serial().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    /** Which list: 'orders', 'customers'. */
    scope: text().notNull(),
    name: text().notNull(),
    /** The list's query string, as the list's URL carries it. */
    query: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_saved_views_name_idx').on(t.staffId, t.scope, t.name)],
);
