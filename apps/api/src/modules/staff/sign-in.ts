/** Staff sign-in: password, then the TOTP code when the member has one; the limits around it; sign-out and me. */
import { eq, sql } from 'drizzle-orm';
import { staffMessages, type StaffLoginResponse, type StaffMeResponse } from '@store/shared/admin';
import { rateLimited } from '../../lib/errors.js';
import type { StaffActor } from '../../lib/context.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { StaffCtx } from './context.js';
import { memberById, memberByEmail, toStaffMe, type MemberRow } from './members.js';
import { createStaffSession, revokeStaffSession } from './sessions.js';
import { loginFailed, locked, otpInvalid, twoFactorRequired } from './staff.errors.js';
import { staffMembers } from './staff.tables.js';
import { checkTotp } from './totp.js';

/** Wrong passwords or codes in a row before the account locks, and for how long. */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MINUTES = 15;
/** Sign-in attempts per e-mail (known or not, so the limit says nothing about who exists) and per IP, per 15 minutes. */
export const LOGIN_LIMIT_PER_EMAIL = 10;
export const LOGIN_LIMIT_PER_IP = 50;
const LOGIN_WINDOW_SECONDS = 15 * 60;

const emailKey = (email: string) => `staff-login:email:${email}`;
const ipKey = (ip: string) => `staff-login:ip:${ip}`;

/** Counted before the check, so parallel guesses cannot slip past the limits; a success takes its counts back. */
async function countAttempt(ctx: StaffCtx, email: string): Promise<void> {
  const [byEmail, byIp] = await Promise.all([
    ctx.limiter.hit(emailKey(email), LOGIN_LIMIT_PER_EMAIL, LOGIN_WINDOW_SECONDS),
    ctx.limiter.hit(ipKey(ctx.ip), LOGIN_LIMIT_PER_IP, LOGIN_WINDOW_SECONDS),
  ]);
  for (const r of [byEmail, byIp]) if (!r.allowed) throw rateLimited(staffMessages.tooManyAttempts, r.retryAfterSeconds);
}

/** One more wrong try in a row; the tenth locks the account for LOCK_MINUTES. */
async function recordFailure(ctx: StaffCtx, member: MemberRow): Promise<void> {
  const lockUntil = new Date(ctx.clock.nowMs() + LOCK_MINUTES * 60_000);
  await ctx.db
    .update(staffMembers)
    .set({
      failedLogins: sql`case when ${staffMembers.failedLogins} + 1 >= ${LOCK_AFTER_FAILURES} then 0 else ${staffMembers.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${staffMembers.failedLogins} + 1 >= ${LOCK_AFTER_FAILURES} then ${lockUntil.toISOString()}::timestamptz else ${staffMembers.lockedUntil} end`,
    })
    .where(eq(staffMembers.id, member.id));
}

/** Signs a member in: a new session, the counts of wrong tries gone, the time of this sign-in kept. */
export async function startSession(ctx: StaffCtx, member: MemberRow): Promise<StaffLoginResponse> {
  const [fresh] = await ctx.db
    .update(staffMembers)
    .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: ctx.clock.now() })
    .where(eq(staffMembers.id, member.id))
    .returning();
  const token = await createStaffSession(ctx.db, ctx.clock, member.id, { ip: ctx.ip, userAgent: ctx.userAgent });
  return { data: { token, staff: toStaffMe(ctx.env, fresh ?? member) } };
}

/**
 * E-mail and password, then the TOTP code if the member has one (401 two_factor_required without
 * it). An unknown, invited or disabled e-mail answers as a wrong password does, after as long.
 */
export async function login(
  ctx: StaffCtx,
  input: { email: string; password: string; otp?: string | undefined },
): Promise<StaffLoginResponse> {
  await countAttempt(ctx, input.email);
  const member = await memberByEmail(ctx.db, input.email);
  const now = ctx.clock.nowMs();
  if (member?.lockedUntil && member.lockedUntil.getTime() > now) throw locked((member.lockedUntil.getTime() - now) / 1000);
  const ok = await verifyPassword(ctx.env, member?.passwordHash ?? null, input.password);
  if (!member || member.status !== 'active') throw loginFailed();
  if (!ok) {
    await recordFailure(ctx, member);
    throw loginFailed();
  }
  if (member.totpEnabledAt) {
    if (input.otp === undefined) throw twoFactorRequired();
    if (!(await checkTotp(ctx, member, input.otp))) {
      await recordFailure(ctx, member);
      throw otpInvalid();
    }
  }
  await ctx.limiter.reset(emailKey(input.email), LOGIN_WINDOW_SECONDS);
  await ctx.limiter.release(ipKey(ctx.ip), LOGIN_WINDOW_SECONDS);
  return startSession(ctx, member);
}

export async function logout(ctx: StaffCtx, staff: StaffActor): Promise<{ success: true }> {
  await revokeStaffSession(ctx.db, ctx.clock, staff.id, staff.sessionId);
  return { success: true };
}

export async function me(ctx: StaffCtx, staff: StaffActor): Promise<StaffMeResponse> {
  return { data: toStaffMe(ctx.env, await memberById(ctx, staff.id)) };
}
