/** Signing in: by password, SMS code or e-mail link; the session's refresh, logout and me; a forgotten password. */
import { eq } from 'drizzle-orm';
import {
  formatWait,
  type Contact,
  type LoginResponse,
  type MeResponse,
  type OtpSentResponse,
  type PasswordlessResponse,
  type PasswordResetRequestResponse,
} from '@store/shared/auth';
import { PASSWORDLESS_COOLDOWN_MINUTES } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import { AppError, rateLimited } from '../../lib/errors.js';
import { customers, guests } from './accounts.tables.js';
import type { AccountsCtx } from './context.js';
import { passwordResetEmail, passwordlessEmail } from './outgoing.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { createSession, revokeCustomerSessions, revokeSession } from './sessions.js';
import {
  consumeCode,
  consumeLink,
  createLink,
  enforceSendLimits,
  findLink,
  freshCodeTimers,
  issueCode,
  issueCodeQuietly,
  issueCodeUnlessBlocked,
  passwordlessCooldown,
  precheckSendLimits,
  smsUnavailable,
} from './verification.js';
import {
  attemptKey,
  codeIncorrect,
  contactOf,
  countLoginAttempt,
  customerById,
  decodeUid,
  encodeUid,
  findCustomer,
  isSmsPhone,
  linkHash,
  linkUrl,
  loginSucceeded,
  notFoundAccount,
  signIn,
  smsBdOnly,
  wrongCredentials,
  type Customer,
} from './customers.js';

// ---------------------------------------------------------------- passwordless

async function sendPasswordlessLink(ctx: AccountsCtx, customer: Customer & { email: string }): Promise<void> {
  await enforceSendLimits(ctx, customer.email);
  const token = await createLink(ctx, 'passwordless', customer.id);
  const url = linkUrl(ctx, `/passwordless-login/${token}/${encodeUid(customer.id)}/${linkHash(token, customer.email)}`);
  await ctx.notifier.sendEmail({ to: customer.email, ...passwordlessEmail(url, ctx.locale) }, { oneTime: true });
}

export async function requestPasswordless(ctx: AccountsCtx, value: string): Promise<PasswordlessResponse> {
  await precheckSendLimits(ctx);
  const customer = await findCustomer(ctx, contactOf(value));
  if (!customer) throw notFoundAccount();
  // A phone-only account: say so and point to the SMS code (not 'Please enter valid email' for a valid phone).
  if (!customer.email) throw new AppError('email_required', messages.accountHasNoEmail(), { email: messages.accountHasNoEmail() });
  const wait = await passwordlessCooldown(ctx, customer.id);
  if (wait > 0) throw rateLimited(messages.pleaseWait(formatWait(wait)), wait);
  await sendPasswordlessLink(ctx, { ...customer, email: customer.email });
  return { success: true, detail: messages.passwordlessSent(), cooldown_seconds: PASSWORDLESS_COOLDOWN_MINUTES * 60 };
}

export async function loginWithLink(ctx: AccountsCtx, token: string, uid: string, hash: string): Promise<LoginResponse> {
  // Every part is checked before the link is used, so a tampered link cannot burn a good one.
  const link = await findLink(ctx, 'passwordless', token);
  const owner = link ? await customerById(ctx, link.customerId).catch(() => null) : null;
  // No usable link: used, past its time, or an older one the e-mail change killed (findLink cannot tell).
  if (!link || !owner?.email) throw new AppError('otp_expired', messages.linkInvalid());
  if (decodeUid(uid) !== owner.id || linkHash(token, owner.email) !== hash) throw new AppError('otp_invalid', messages.linkInvalid());
  const customerId = await consumeLink(ctx, 'passwordless', token);
  const customer = await customerById(ctx, customerId);
  // The link reached the inbox: that proves the email.
  if (!customer.verifiedEmail)
    await ctx.db.update(customers).set({ verifiedEmail: true, updatedAt: ctx.clock.now() }).where(eq(customers.id, customerId));
  return {
    success: true,
    verified: true,
    sms: customer.verifiedSms || !isSmsPhone(customer.phone),
    detail: messages.verifiedSuccessfully(),
    data: { token: await signIn(ctx, customerId) },
  };
}

// ---------------------------------------------------------------- login

export async function requestLoginOtp(ctx: AccountsCtx, value: string): Promise<OtpSentResponse> {
  await precheckSendLimits(ctx);
  const contact = contactOf(value);
  if (contact.kind === 'phone' && !isSmsPhone(contact.value)) throw smsBdOnly();
  const customer = await findCustomer(ctx, contact);
  if (!customer) throw notFoundAccount();
  if (!isSmsPhone(customer.phone)) throw smsBdOnly();
  const otp = await issueCode(ctx, 'sms', customer.phone, { emailLink: customer.email !== null });
  return { success: true, detail: messages.otpSent(), otp };
}

/**
 * Password or code. A right password on an account whose phone is not verified sends a code and
 * answers sms:false (the OTP panel); one whose email is not verified sends a new magic link and
 * answers verified:false with 'Email not verified, …'. A code proves the phone by itself.
 */
export async function login(
  ctx: AccountsCtx,
  input: { email: string; password?: string | undefined; otp?: string | undefined },
): Promise<LoginResponse> {
  const contact = contactOf(input.email);
  const customer = await findCustomer(ctx, contact);
  const key = attemptKey(customer, contact);
  await countLoginAttempt(ctx, key);
  if (input.otp !== undefined) {
    if (!customer || !isSmsPhone(customer.phone)) throw wrongCredentials();
    await consumeCode(ctx, 'sms', customer.phone, input.otp);
    if (!customer.verifiedSms)
      await ctx.db.update(customers).set({ verifiedSms: true, updatedAt: ctx.clock.now() }).where(eq(customers.id, customer.id));
    await loginSucceeded(ctx, key);
    return {
      success: true,
      verified: customer.verifiedEmail,
      sms: true,
      detail: messages.verifiedSuccessfully(),
      data: { token: await signIn(ctx, customer.id) },
    };
  }
  const ok = await verifyPassword(ctx.env, customer?.passwordHash ?? null, input.password ?? '');
  if (!customer || !ok) throw wrongCredentials();
  await loginSucceeded(ctx, key);
  if (isSmsPhone(customer.phone) && !customer.verifiedSms) {
    const otp = await issueCodeUnlessBlocked(ctx, 'sms', customer.phone);
    return { success: false, verified: customer.verifiedEmail, sms: false, detail: messages.otpSent(), data: null, otp };
  }
  if (!customer.verifiedEmail && customer.email) {
    // A cooldown still running means the last link is fresh: the message stays true without a new one.
    if ((await passwordlessCooldown(ctx, customer.id)) === 0) await sendPasswordlessLink(ctx, { ...customer, email: customer.email });
    return { success: false, verified: false, sms: true, detail: messages.emailNotVerified(), data: null };
  }
  return {
    success: true,
    verified: true,
    sms: true,
    detail: messages.verifiedSuccessfully(),
    data: { token: await signIn(ctx, customer.id) },
  };
}

// ---------------------------------------------------------------- session

export async function refreshToken(ctx: AccountsCtx): Promise<{ data: { token: string } }> {
  const unauthorized = new AppError('login_required', messages.loginRequired());
  if (ctx.sessionId === null) throw unauthorized;
  // Revoke first: a refresh replayed with the same token finds it dead and gets 401.
  if (!(await revokeSession(ctx, ctx.sessionId))) throw unauthorized;
  const owner = ctx.customerId !== null ? { customerId: ctx.customerId } : ctx.guestId !== null ? { guestId: ctx.guestId } : null;
  if (!owner) throw unauthorized;
  return { data: { token: await createSession(ctx, owner, ctx.userAgent) } };
}

export async function logout(ctx: AccountsCtx): Promise<{ success: true }> {
  if (ctx.sessionId !== null) await revokeSession(ctx, ctx.sessionId);
  return { success: true };
}

/** visitorLocation: the region resolved from the request, for guests and visitors; a customer counts as BD. */
export async function me(ctx: AccountsCtx, visitorLocation: 'BD' | 'INT'): Promise<MeResponse> {
  if (ctx.customerId !== null) {
    const [c] = await ctx.db.select().from(customers).where(eq(customers.id, ctx.customerId));
    if (c) {
      return {
        data: {
          user: {
            first_name: c.firstName,
            last_name: c.lastName,
            email: c.email,
            phone: c.phone,
            guest: false,
            verified_email: c.verifiedEmail,
            verified_sms: c.verifiedSms,
          },
          location: 'BD',
        },
      };
    }
  }
  if (ctx.guestId !== null) {
    const [g] = await ctx.db.select().from(guests).where(eq(guests.id, ctx.guestId));
    if (g) {
      return {
        data: {
          user: {
            first_name: g.firstName,
            last_name: g.lastName,
            email: g.email,
            phone: g.phone,
            guest: true,
            verified_email: false,
            verified_sms: g.verifiedSms,
          },
          location: visitorLocation,
        },
      };
    }
  }
  return { data: { user: null, location: visitorLocation } };
}

// ---------------------------------------------------------------- password reset

/**
 * Same answer whether or not the account exists; sending is capped like every other send. A
 * Bangladeshi mobile gets a 6-digit code by SMS (unless channel is 'email'); an email, or a phone
 * abroad, gets a link to the account's email.
 */
export async function requestPasswordReset(
  ctx: AccountsCtx,
  input: { email: string; channel?: 'sms' | 'email' | undefined },
): Promise<PasswordResetRequestResponse> {
  await precheckSendLimits(ctx);
  const contact = contactOf(input.email);
  const bySms = contact.kind === 'phone' && isSmsPhone(contact.value) && input.channel !== 'email';
  if (input.channel === 'sms' && !bySms) throw smsBdOnly();
  if (bySms) return requestPasswordResetCode(ctx, contact.value);
  const customer = await findCustomer(ctx, contact);
  await enforceSendLimits(ctx, customer?.email ?? contact.value);
  if (customer?.email) {
    const token = await createLink(ctx, 'password_reset', customer.id);
    await ctx.notifier.sendEmail(
      { to: customer.email, ...passwordResetEmail(linkUrl(ctx, `/forgot-password/${token}`), ctx.locale) },
      { oneTime: true },
    );
  }
  return { success: true, detail: messages.passwordResetSent(), channel: 'email' };
}

/**
 * The SMS half of requestPasswordReset: the login-code machinery sends the code (a live one inside
 * its resend block is left to work); an unknown phone spends the same sending budgets and gets the
 * same answer, with the timers of a fresh code either way.
 */
async function requestPasswordResetCode(ctx: AccountsCtx, phone: string): Promise<PasswordResetRequestResponse> {
  // Checked for every phone, known or not, so a failing gateway's 503 says nothing about the account.
  if (ctx.notifier.smsHealth.shouldRefuse()) throw smsUnavailable(false);
  const customer = await findCustomer(ctx, { kind: 'phone', value: phone });
  await issueCodeQuietly(ctx, 'sms', phone, customer !== undefined);
  return { success: true, detail: messages.passwordResetCodeSent(), channel: 'sms', otp: await freshCodeTimers(ctx) };
}

/**
 * A new password with the SMS code sent to the phone. The password is checked (by the schema)
 * before the code is used; a wrong, expired or used code, and a phone without an account, all
 * answer 'Code incorrect or expired'. The code proves the phone; every other session ends.
 */
export async function resetPasswordWithCode(
  ctx: AccountsCtx,
  input: { phone: string; code: string; password: string },
): Promise<LoginResponse> {
  const contact: Contact = { kind: 'phone', value: input.phone };
  const customer = await findCustomer(ctx, contact);
  const key = attemptKey(customer, contact);
  await countLoginAttempt(ctx, key);
  if (!customer) throw codeIncorrect();
  await consumeCode(ctx, 'sms', input.phone, input.code);
  const passwordHash = await hashPassword(ctx.env, input.password);
  await ctx.db.update(customers).set({ passwordHash, verifiedSms: true, updatedAt: ctx.clock.now() }).where(eq(customers.id, customer.id));
  await revokeCustomerSessions(ctx, customer.id);
  await loginSucceeded(ctx, key);
  return {
    success: true,
    verified: customer.verifiedEmail || customer.email === null,
    sms: true,
    detail: messages.passwordChanged(),
    data: { token: await signIn(ctx, customer.id) },
  };
}

export async function checkPasswordReset(ctx: AccountsCtx, token: string): Promise<{ success: true }> {
  if (!(await findLink(ctx, 'password_reset', token))) throw new AppError('otp_expired', messages.passwordResetInvalid());
  return { success: true };
}

export async function resetPassword(ctx: AccountsCtx, token: string, password: string): Promise<LoginResponse> {
  const customerId = await consumeLink(ctx, 'password_reset', token);
  const passwordHash = await hashPassword(ctx.env, password);
  // The link came by email: that proves the address too.
  const [c] = await ctx.db
    .update(customers)
    .set({ passwordHash, verifiedEmail: true, updatedAt: ctx.clock.now() })
    .where(eq(customers.id, customerId))
    .returning();
  await revokeCustomerSessions(ctx, customerId);
  return {
    success: true,
    verified: true,
    sms: Boolean(c && (c.verifiedSms || !isSmsPhone(c.phone))),
    detail: messages.passwordChanged(),
    data: { token: await signIn(ctx, customerId) },
  };
}
