import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { SHOP_NAME } from '@store/shared/constants';
import { TWO_FACTOR_ROLES, type TotpSetupResponse } from '@store/shared/admin';
import { badRequest } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { StaffActor } from '../../lib/context.js';
import type { StaffCtx } from './context.js';
import { seal, unseal } from './seal.js';
import { forbidden, otpInvalid } from './staff.errors.js';
import { recordAudit } from './audit.js';
import { memberById } from './members.js';
import { staffMembers } from './staff.tables.js';

/** One step (30 s) either way: a phone whose clock is a little off still signs in. */
const EPOCH_TOLERANCE_SECONDS = 30;

const epochOf = (ctx: Pick<StaffCtx, 'clock'>) => Math.floor(ctx.clock.nowMs() / 1000);

/**
 * Whether otp is the member's current code (one step of drift either way). A code that worked once
 * does not work again: a code seen over a shoulder or in a log is spent.
 */
export async function checkTotp(ctx: StaffCtx, member: { id: number; totpSecret: string | null }, otp: string): Promise<boolean> {
  if (!member.totpSecret) return false;
  const secret = unseal(ctx.env, member.totpSecret);
  const result = await verify({ secret, token: otp, epoch: epochOf(ctx), epochTolerance: EPOCH_TOLERANCE_SECONDS });
  // The functional API's result type also covers HOTP, which has no time step.
  if (!result.valid || !('timeStep' in result)) return false;
  // Spent in one statement: of two requests with the same code, one moves the step on and the other finds it moved.
  const spent = await ctx.db
    .update(staffMembers)
    .set({ totpLastStep: result.timeStep })
    .where(and(eq(staffMembers.id, member.id), or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, result.timeStep))))
    .returning({ id: staffMembers.id });
  return spent.length === 1;
}

/** The code an authenticator shows for a secret at the clock's time (tests and the command line's checks). */
export const totpCodeAt = (secret: string, epochSeconds: number) => generate({ secret, epoch: epochSeconds });

/** A new secret for the member, sealed and kept until a code confirms it; shown once as text, URL and QR code. */
export async function setupTotp(ctx: StaffCtx, staff: StaffActor): Promise<TotpSetupResponse> {
  const member = await memberById(ctx, staff.id);
  if (member.totpEnabledAt) throw badRequest('Two-factor sign-in is already on', { otp: 'Two-factor sign-in is already on' });
  const secret = generateSecret();
  await ctx.db
    .update(staffMembers)
    .set({ totpSecret: seal(ctx.env, secret), updatedAt: ctx.clock.now() })
    .where(eq(staffMembers.id, staff.id));
  const otpauthUrl = generateURI({ issuer: `${SHOP_NAME} back office`, label: member.email, secret });
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { data: { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg } };
}

/** The first code from the authenticator turns two-factor sign-in on. */
export async function confirmTotp(ctx: StaffCtx, staff: StaffActor, otp: string): Promise<{ success: true }> {
  const member = await memberById(ctx, staff.id);
  if (member.totpEnabledAt) throw badRequest('Two-factor sign-in is already on', { otp: 'Two-factor sign-in is already on' });
  if (!member.totpSecret) throw badRequest('Start the set-up first', { otp: 'Start the set-up first' });
  if (!(await checkTotp(ctx, member, otp))) throw otpInvalid();
  await ctx.db.transaction(async (tx) => {
    await tx.update(staffMembers).set({ totpEnabledAt: ctx.clock.now(), updatedAt: ctx.clock.now() }).where(eq(staffMembers.id, staff.id));
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: 'staff.totp_enable',
        entity: 'staff',
        entityId: staff.id,
        before: { two_factor_enabled: false },
        after: { two_factor_enabled: true },
      },
    );
  });
  return { success: true };
}

/** Turns two-factor sign-in off, with the password; roles that must use it in production cannot. */
export async function disableTotp(ctx: StaffCtx, staff: StaffActor, password: string): Promise<{ success: true }> {
  if (ctx.env.NODE_ENV === 'production' && TWO_FACTOR_ROLES.includes(staff.role)) throw forbidden();
  const member = await memberById(ctx, staff.id);
  if (!(await verifyPassword(ctx.env, member.passwordHash, password)))
    throw badRequest('Password is incorrect', { password: 'Password is incorrect' });
  if (!member.totpEnabledAt && !member.totpSecret) return { success: true };
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(staffMembers)
      .set({ totpSecret: null, totpEnabledAt: null, updatedAt: ctx.clock.now() })
      .where(eq(staffMembers.id, staff.id));
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: 'staff.totp_disable',
        entity: 'staff',
        entityId: staff.id,
        before: { two_factor_enabled: true },
        after: { two_factor_enabled: false },
      },
    );
  });
  return { success: true };
}
