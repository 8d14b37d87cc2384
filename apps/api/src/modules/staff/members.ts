import { eq, inArray } from 'drizzle-orm';
import { ROLE_PERMISSIONS, STAFF_ROLES, isWeakStaffPassword, type StaffMe, type StaffMember, type StaffRole } from '@store/shared/admin';
import type { Env } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { RequestCtx } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { mustEnrolTwoFactor } from './guard.js';
import { staffMembers } from './staff.tables.js';

export type MemberRow = typeof staffMembers.$inferSelect;

export async function memberById(ctx: Pick<RequestCtx, 'db'>, id: number): Promise<MemberRow> {
  const [row] = await ctx.db.select().from(staffMembers).where(eq(staffMembers.id, id));
  if (!row) throw notFound('No such staff member');
  return row;
}

export async function memberByEmail(db: Db, email: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.email, email));
  return row;
}

export function toStaffMe(env: Pick<Env, 'NODE_ENV'>, m: MemberRow): StaffMe {
  const twoFactorEnabled = m.totpEnabledAt !== null;
  return {
    id: m.id,
    email: m.email,
    name: m.name,
    role: m.role,
    permissions: [...ROLE_PERMISSIONS[m.role]],
    two_factor_enabled: twoFactorEnabled,
    two_factor_required: mustEnrolTwoFactor(env, m.role, twoFactorEnabled),
  };
}

export function toStaffMember(m: MemberRow): StaffMember {
  return {
    id: m.id,
    email: m.email,
    name: m.name,
    role: m.role,
    status: m.status,
    two_factor_enabled: m.totpEnabledAt !== null,
    last_login_at: m.lastLoginAt?.toISOString() ?? null,
    created_at: m.createdAt.toISOString(),
  };
}

export class StaffInputError extends Error {}

/**
 * An active member with a password, for the command line and the demo seed (no invitation, no
 * audit row: nobody signed in did it). Refuses a bad role, a weak password and an e-mail in use.
 */
export async function createActiveMember(
  db: Db,
  env: Pick<Env, 'NODE_ENV'>,
  input: { email: string; password: string; role: string; name?: string },
): Promise<MemberRow> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new StaffInputError(`not an e-mail address: ${input.email}`);
  if (!(STAFF_ROLES as readonly string[]).includes(input.role))
    throw new StaffInputError(`unknown role "${input.role}": use one of ${STAFF_ROLES.join(', ')}`);
  if (isWeakStaffPassword(input.password))
    throw new StaffInputError('the password is too weak: use 12 or more characters, mixing letters with digits or symbols');
  if (await memberByEmail(db, email)) throw new StaffInputError(`a staff member with the e-mail ${email} already exists`);
  const now = new Date();
  const [row] = await db
    .insert(staffMembers)
    .values({
      email,
      name: input.name?.trim() || email.split('@')[0]!,
      role: input.role as StaffRole,
      status: 'active',
      passwordHash: await hashPassword(env, input.password),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

export const memberExists = async (db: Db, email: string) => (await memberByEmail(db, email.toLowerCase())) !== undefined;

/** Other modules' timelines name who did what: the names (or e-mails) of these members. */
export async function staffNames({ db }: Pick<RequestCtx, 'db'>, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: staffMembers.id, name: staffMembers.name, email: staffMembers.email })
    .from(staffMembers)
    .where(inArray(staffMembers.id, unique));
  return new Map(rows.map((r) => [r.id, r.name || r.email]));
}
