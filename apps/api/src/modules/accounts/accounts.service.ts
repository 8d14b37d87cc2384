import { resolveMx } from 'node:dns/promises';
import { and, eq, gt, or } from 'drizzle-orm';
import {
  formatWait,
  parseContact,
  type Contact,
  type EmailValidResponse,
  type ExistsResponse,
  type GuestRegisterResponse,
  type LoginResponse,
  type MeResponse,
  type NotificationPrefs,
  type OtpSentResponse,
  type PasswordlessResponse,
  type Profile,
  type RegisterResponse,
  type VerificationKind,
  type VerificationStatusResponse,
  type VerifyResponse,
} from '@store/shared/auth';
import { PASSWORDLESS_COOLDOWN_MINUTES } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import { isBdMobile } from '@store/shared/phone';
import { AppError, rateLimited } from '../../lib/errors.js';
import { customers, guestRegistrations, guests, socialIdentities } from './accounts.tables.js';
import type { AccountsCtx } from './context.js';
import { passwordlessEmail, passwordResetEmail, verifyEmailEmail } from './outgoing.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { sha256 } from './secrets.js';
import { createSession, revokeCustomerSessions, revokeSession } from './sessions.js';
import { mergeVisitorCart, mergeVisitorCartIntoGuest } from '../cart/index.js';
import {
  consumeCode,
  consumeLink,
  createLink,
  enforceSendLimits,
  findLink,
  issueCode,
  issueCodeUnlessBlocked,
  passwordlessCooldown,
  precheckSendLimits,
  withinSendLimits,
} from './verification.js';

type Customer = typeof customers.$inferSelect;

const LOGIN_FAIL_WINDOW = 15 * 60;

const notFoundAccount = () => new AppError('not_found', messages.accountNotFound);
const wrongCredentials = () => new AppError('bad_request', messages.wrongCredentials);
/** Only Bangladeshi mobiles get SMS (SPEC §5 pattern). */
const isSmsPhone = (phone: string | null): phone is string => phone !== null && phone.startsWith('+880') && isBdMobile(phone);

export async function findCustomer(ctx: AccountsCtx, contact: Contact): Promise<Customer | undefined> {
  const [row] = await ctx.db
    .select()
    .from(customers)
    .where(contact.kind === 'email' ? eq(customers.email, contact.value) : eq(customers.phone, contact.value));
  return row;
}

async function customerById(ctx: AccountsCtx, id: number): Promise<Customer> {
  const [row] = await ctx.db.select().from(customers).where(eq(customers.id, id));
  if (!row) throw notFoundAccount();
  return row;
}

/** Contact fields reach the service already parsed by the route schema; this re-reads one (a phone or an email). */
function contactOf(value: string): Contact {
  const contact = parseContact(value);
  if (!contact) throw new AppError('bad_request', messages.loginFieldInvalid, { email: messages.loginFieldInvalid });
  return contact;
}

const linkUrl = (ctx: AccountsCtx, path: string) => new URL(path, ctx.env.PUBLIC_URL).toString();

/** Binds a magic link to the account's current email: changing the email kills older links. */
const linkHash = (token: string, email: string) => sha256(`${token}:${email}`).slice(0, 16);
const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
const decodeUid = (uid: string) => {
  const n = Number(Buffer.from(uid, 'base64url').toString());
  return Number.isInteger(n) && n > 0 ? n : null;
};

async function signIn(ctx: AccountsCtx, customerId: number): Promise<string> {
  await mergeVisitorCart(ctx.db, ctx.cartToken, customerId);
  return createSession(ctx.db, ctx.clock, { customerId }, ctx.userAgent);
}

// ---------------------------------------------------------------- lookups

export async function accountExists(ctx: AccountsCtx, value: string): Promise<ExistsResponse> {
  const contact = contactOf(value);
  // Existence answers are what enumeration needs: they share the per-IP sending budget's hourly window.
  const perIp = await ctx.limiter.hit(`exists:ip:${ctx.ip}`, ctx.env.SEND_LIMIT_PER_IP_HOUR * 10, 3600);
  if (!perIp.allowed) throw rateLimited(messages.tooManyRequests, perIp.retryAfterSeconds);
  const customer = await findCustomer(ctx, contact);
  return { success: Boolean(customer), exists: Boolean(customer), kind: contact.kind };
}

const RESERVED_TLDS = new Set(['test', 'example', 'invalid', 'localhost', 'local']);

export type MxResolver = (domain: string) => Promise<{ exchange: string }[]>;

/**
 * The further validity check: the syntax, a domain that can receive mail (reserved test domains
 * cannot; a domain DNS says does not exist or has no MX cannot). When DNS cannot answer, the
 * address gets the benefit of the doubt: a resolver outage must not block registration.
 */
export async function checkEmailValidity(email: string, resolver: MxResolver = resolveMx): Promise<EmailValidResponse> {
  const invalid: EmailValidResponse = { result: 'invalid', message: messages.emailCheckInvalid };
  const contact = parseContact(email);
  if (!contact || contact.kind !== 'email') return invalid;
  const domain = contact.value.slice(contact.value.lastIndexOf('@') + 1);
  if (domain.startsWith('[')) return invalid;
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  if (RESERVED_TLDS.has(tld) || domain === 'example.com' || domain === 'example.org' || domain === 'example.net') return invalid;
  try {
    const mx = await Promise.race([
      resolver(domain),
      new Promise<never>((_, reject) => setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })), 2000).unref()),
    ]);
    if (mx.length === 0 || mx.every((r) => r.exchange === '' || r.exchange === '.')) return invalid;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return invalid;
  }
  return { result: 'valid', message: null };
}

// ---------------------------------------------------------------- passwordless

async function sendPasswordlessLink(ctx: AccountsCtx, customer: Customer & { email: string }): Promise<void> {
  await enforceSendLimits(ctx, customer.email);
  const token = await createLink(ctx, 'passwordless', customer.id);
  const url = linkUrl(ctx, `/passwordless-login/${token}/${encodeUid(customer.id)}/${linkHash(token, customer.email)}`);
  await ctx.notifier.sendEmail({ to: customer.email, ...passwordlessEmail(url) });
}

export async function requestPasswordless(ctx: AccountsCtx, value: string): Promise<PasswordlessResponse> {
  await precheckSendLimits(ctx);
  const customer = await findCustomer(ctx, contactOf(value));
  if (!customer) throw notFoundAccount();
  if (!customer.email) throw new AppError('bad_request', messages.emailInvalid, { email: messages.emailInvalid });
  const wait = await passwordlessCooldown(ctx, customer.id);
  if (wait > 0) throw rateLimited(messages.pleaseWait(formatWait(wait)), wait);
  await sendPasswordlessLink(ctx, { ...customer, email: customer.email });
  return { success: true, detail: messages.passwordlessSent, cooldown_seconds: PASSWORDLESS_COOLDOWN_MINUTES * 60 };
}

export async function loginWithLink(ctx: AccountsCtx, token: string, uid: string, hash: string): Promise<LoginResponse> {
  // Every part is checked before the link is used, so a tampered link cannot burn a good one.
  const link = await findLink(ctx, 'passwordless', token);
  const owner = link ? await customerById(ctx, link.customerId).catch(() => null) : null;
  if (!link || !owner?.email || decodeUid(uid) !== owner.id || linkHash(token, owner.email) !== hash)
    throw new AppError('bad_request', messages.linkInvalid);
  const customerId = await consumeLink(ctx, 'passwordless', token);
  const customer = await customerById(ctx, customerId);
  // The link reached the inbox: that proves the email.
  if (!customer.verifiedEmail)
    await ctx.db.update(customers).set({ verifiedEmail: true, updatedAt: ctx.clock.now() }).where(eq(customers.id, customerId));
  return {
    success: true,
    verified: true,
    sms: customer.verifiedSms || !isSmsPhone(customer.phone),
    detail: messages.verifiedSuccessfully,
    data: { token: await signIn(ctx, customerId) },
  };
}

// ---------------------------------------------------------------- login

/** The key sign-in attempts count under: the account when it exists (its e-mail and phone count together), else what was typed. */
const attemptKey = (customer: Customer | undefined, contact: Contact) => (customer ? `id:${customer.id}` : contact.value);

/**
 * Counts a sign-in attempt before its check, atomically: 40 parallel guesses are 40 counts, so at
 * most the limit of them are ever checked. A success takes its counts back (loginSucceeded).
 */
async function countLoginAttempt(ctx: AccountsCtx, accountKey: string): Promise<void> {
  const [acct, ip] = await Promise.all([
    ctx.limiter.hit(`loginfail:acct:${accountKey}`, ctx.env.LOGIN_FAIL_LIMIT_PER_ACCOUNT, LOGIN_FAIL_WINDOW),
    ctx.limiter.hit(`loginfail:ip:${ctx.ip}`, ctx.env.LOGIN_FAIL_LIMIT_PER_IP, LOGIN_FAIL_WINDOW),
  ]);
  for (const r of [acct, ip]) if (!r.allowed) throw rateLimited(messages.tooManyRequests, r.retryAfterSeconds);
}

/** A right password or code: the account's count starts again, and this attempt no longer counts against the IP (shared by many shoppers behind one carrier NAT). */
async function loginSucceeded(ctx: AccountsCtx, accountKey: string): Promise<void> {
  await ctx.limiter.reset(`loginfail:acct:${accountKey}`, LOGIN_FAIL_WINDOW);
  await ctx.limiter.release(`loginfail:ip:${ctx.ip}`, LOGIN_FAIL_WINDOW);
}

export async function requestLoginOtp(ctx: AccountsCtx, value: string): Promise<OtpSentResponse> {
  await precheckSendLimits(ctx);
  const contact = contactOf(value);
  if (contact.kind === 'phone' && !isSmsPhone(contact.value))
    throw new AppError('bad_request', messages.smsBdOnly, { email: messages.smsBdOnly });
  const customer = await findCustomer(ctx, contact);
  if (!customer) throw notFoundAccount();
  if (!isSmsPhone(customer.phone)) throw new AppError('bad_request', messages.smsBdOnly, { email: messages.smsBdOnly });
  const otp = await issueCode(ctx, 'sms', customer.phone, { emailLink: customer.email !== null });
  return { success: true, detail: messages.otpSent, otp };
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
      detail: messages.verifiedSuccessfully,
      data: { token: await signIn(ctx, customer.id) },
    };
  }
  const ok = await verifyPassword(ctx.env, customer?.passwordHash ?? null, input.password ?? '');
  if (!customer || !ok) throw wrongCredentials();
  await loginSucceeded(ctx, key);
  if (isSmsPhone(customer.phone) && !customer.verifiedSms) {
    const otp = await issueCodeUnlessBlocked(ctx, 'sms', customer.phone);
    return { success: false, verified: customer.verifiedEmail, sms: false, detail: messages.otpSent, data: null, otp };
  }
  if (!customer.verifiedEmail && customer.email) {
    // A cooldown still running means the last link is fresh: the message stays true without a new one.
    if ((await passwordlessCooldown(ctx, customer.id)) === 0) await sendPasswordlessLink(ctx, { ...customer, email: customer.email });
    return { success: false, verified: false, sms: true, detail: messages.emailNotVerified, data: null };
  }
  return {
    success: true,
    verified: true,
    sms: true,
    detail: messages.verifiedSuccessfully,
    data: { token: await signIn(ctx, customer.id) },
  };
}

// ---------------------------------------------------------------- registration

type RegisterInput = {
  email: string;
  phone: string;
  first_name: string;
  last_name: string;
  note: { birthday?: string | null | undefined; gender?: 'other' | 'male' | 'female' | null | undefined };
  newsletter_email: boolean;
  newsletter_sms: boolean;
};

/** A registration that never finished (no password, nothing verified, no social sign-in) may be started again. */
async function isUnfinished(ctx: AccountsCtx, c: Customer): Promise<boolean> {
  if (c.passwordHash || c.verifiedEmail || c.verifiedSms) return false;
  const [social] = await ctx.db
    .select({ id: socialIdentities.id })
    .from(socialIdentities)
    .where(eq(socialIdentities.customerId, c.id))
    .limit(1);
  return !social;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

export async function register(ctx: AccountsCtx, input: RegisterInput): Promise<RegisterResponse> {
  await precheckSendLimits(ctx);
  const existing = await ctx.db
    .select()
    .from(customers)
    .where(or(eq(customers.email, input.email), eq(customers.phone, input.phone)));
  const fields: Record<string, string> = {};
  let reuse: Customer | undefined;
  for (const c of existing) {
    if (existing.length === 1 && c.email === input.email && c.phone === input.phone && (await isUnfinished(ctx, c))) {
      reuse = c;
      continue;
    }
    if (c.email === input.email) fields.email = messages.emailTaken;
    if (c.phone === input.phone) fields.phone = messages.phoneTaken;
  }
  if (Object.keys(fields).length) throw new AppError('conflict', fields.email ?? fields.phone ?? messages.emailTaken, fields);
  const values = {
    email: input.email,
    phone: input.phone,
    firstName: input.first_name,
    lastName: input.last_name,
    birthday: input.note.birthday ?? null,
    gender: input.note.gender ?? null,
    newsletterEmail: input.newsletter_email,
    newsletterSms: input.newsletter_sms,
    onlineCustomer: true,
    updatedAt: ctx.clock.now(),
  };
  let customerId: number;
  if (reuse) {
    await ctx.db.update(customers).set(values).where(eq(customers.id, reuse.id));
    customerId = reuse.id;
  } else {
    try {
      const [row] = await ctx.db.insert(customers).values(values).returning({ id: customers.id });
      customerId = row!.id;
    } catch (err) {
      // Two registrations raced for the same email or phone.
      if (isUniqueViolation(err)) throw new AppError('conflict', messages.emailTaken, { email: messages.emailTaken });
      throw err;
    }
  }
  const channel = isSmsPhone(input.phone) ? 'sms' : 'email';
  const otp = await issueCodeUnlessBlocked(ctx, channel, channel === 'sms' ? input.phone : input.email);
  // The verify-email link goes through the same caps as every message: registering again and again
  // with one address must not flood its inbox. Over a cap the registration goes on without it.
  if (channel === 'sms' && (await withinSendLimits(ctx, input.email))) {
    const token = await createLink(ctx, 'verify_email', customerId);
    await ctx.notifier.sendEmail({ to: input.email, ...verifyEmailEmail(linkUrl(ctx, `/verify-email/${token}`)) });
  }
  return {
    success: true,
    detail: messages.registrationSuccessful,
    data: { customer_id: customerId, guest: false, email: input.email, phone: input.phone, otp_channel: channel },
    otp,
  };
}

/** Finishes a registration: the code (SMS, or email for a phone abroad) and the password; signs in unless login is false. */
export async function verifyAccount(
  ctx: AccountsCtx,
  input: { customer_id: number; password?: string | undefined; otp: string; login: boolean; channel?: 'sms' | 'email' | undefined },
): Promise<VerifyResponse> {
  const customer = await customerById(ctx, input.customer_id);
  const channel = input.channel ?? (isSmsPhone(customer.phone) ? 'sms' : 'email');
  const target = channel === 'sms' ? customer.phone : customer.email;
  if (!target || (channel === 'sms' && !isSmsPhone(target)))
    throw new AppError('bad_request', messages.codeIncorrect, { code: messages.codeIncorrect });
  await consumeCode(ctx, channel, target, input.otp);
  const passwordHash = input.password ? await hashPassword(ctx.env, input.password) : undefined;
  await ctx.db
    .update(customers)
    .set({
      ...(channel === 'sms' ? { verifiedSms: true } : { verifiedEmail: true }),
      ...(passwordHash ? { passwordHash } : {}),
      updatedAt: ctx.clock.now(),
    })
    .where(eq(customers.id, customer.id));
  if (passwordHash && customer.passwordHash) await revokeCustomerSessions(ctx.db, ctx.clock, customer.id);
  return { success: true, detail: messages.createdNewUser, data: input.login ? { token: await signIn(ctx, customer.id) } : null };
}

/** Verifies a customer's phone with the SMS code; signs in unless login is false (willNotLoginAfterRegister). */
export async function verifySms(
  ctx: AccountsCtx,
  input: { email?: string | undefined; phone?: string | undefined; code: string; login: boolean },
): Promise<VerifyResponse> {
  const customer = input.phone
    ? await findCustomer(ctx, { kind: 'phone', value: input.phone })
    : await findCustomer(ctx, contactOf(input.email ?? ''));
  if (!customer || !isSmsPhone(customer.phone)) throw new AppError('bad_request', messages.codeIncorrect, { code: messages.codeIncorrect });
  await consumeCode(ctx, 'sms', customer.phone, input.code);
  await ctx.db.update(customers).set({ verifiedSms: true, updatedAt: ctx.clock.now() }).where(eq(customers.id, customer.id));
  return { success: true, detail: messages.smsVerified, data: input.login ? { token: await signIn(ctx, customer.id) } : null };
}

/** Resend: a code to the phone (SMS) or to the address (email) of an existing customer. */
export async function sendOtp(ctx: AccountsCtx, value: string): Promise<OtpSentResponse> {
  await precheckSendLimits(ctx);
  const contact = contactOf(value);
  const customer = await findCustomer(ctx, contact);
  if (!customer) throw notFoundAccount();
  if (contact.kind === 'phone' && !isSmsPhone(contact.value))
    throw new AppError('bad_request', messages.smsBdOnly, { email: messages.smsBdOnly });
  const otp = await issueCode(ctx, contact.kind === 'phone' ? 'sms' : 'email', contact.value, { emailLink: customer.email !== null });
  return { success: true, detail: messages.otpResent, otp };
}

export async function verificationStatus(
  ctx: AccountsCtx,
  customerId: number,
  kind: VerificationKind,
): Promise<VerificationStatusResponse> {
  const c = await customerById(ctx, customerId);
  return { kind, verified: kind === 'email' ? c.verifiedEmail : c.verifiedSms };
}

// ---------------------------------------------------------------- guests

/** How long a guest's typed details wait for the phone's code. */
const GUEST_REGISTRATION_MS = 60 * 60_000;

/**
 * Starts a guest checkout: sends a code to the phone and keeps the typed details aside, under a
 * fresh id the route puts in an HttpOnly cookie. Nothing about an existing guest changes, and the
 * answer is the same whether or not the phone has been a guest before.
 */
export async function registerGuest(
  ctx: AccountsCtx,
  input: { phone: string; email?: string | undefined; first_name?: string | undefined; last_name?: string | undefined },
): Promise<GuestRegisterResponse> {
  await precheckSendLimits(ctx);
  const id = crypto.randomUUID();
  const now = ctx.clock.nowMs();
  await ctx.db.insert(guestRegistrations).values({
    id,
    phone: input.phone,
    email: input.email || null,
    firstName: input.first_name ?? '',
    lastName: input.last_name ?? '',
    createdAt: new Date(now),
    expiresAt: new Date(now + GUEST_REGISTRATION_MS),
  });
  const otp = await issueCodeUnlessBlocked(ctx, 'sms', input.phone);
  return { success: true, id, detail: messages.otpSent, otp };
}

/** A resend answers alike for any Bangladeshi mobile: POST /accounts/guest/ sends to any of them anyway. */
export async function sendGuestOtp(ctx: AccountsCtx, phone: string): Promise<OtpSentResponse> {
  await precheckSendLimits(ctx);
  if (!isSmsPhone(phone)) throw new AppError('bad_request', messages.smsBdOnly, { email: messages.smsBdOnly });
  return { success: true, detail: messages.otpResent, otp: await issueCode(ctx, 'sms', phone) };
}

/**
 * Proves the phone, then (and only then) applies the details typed in this browser's registration
 * (registrationId, from its cookie) to the guest, creating the guest on the first verification.
 */
export async function verifyGuestSms(
  ctx: AccountsCtx,
  input: { email?: string | undefined; phone?: string | undefined; code: string },
  registrationId: string | null,
): Promise<VerifyResponse> {
  const phone = input.phone || (input.email && parseContact(input.email)?.kind === 'phone' ? input.email : undefined);
  if (!phone || !isSmsPhone(phone)) throw new AppError('bad_request', messages.codeIncorrect, { code: messages.codeIncorrect });
  await consumeCode(ctx, 'sms', phone, input.code);
  const [registration] = registrationId
    ? await ctx.db
        .delete(guestRegistrations)
        .where(
          and(
            eq(guestRegistrations.id, registrationId),
            eq(guestRegistrations.phone, phone),
            gt(guestRegistrations.expiresAt, ctx.clock.now()),
          ),
        )
        .returning()
    : [];
  const details = registration
    ? { email: registration.email, firstName: registration.firstName, lastName: registration.lastName }
    : undefined;
  const [guest] = await ctx.db
    .insert(guests)
    .values({ id: registration?.id ?? crypto.randomUUID(), phone, verifiedSms: true, createdAt: ctx.clock.now(), ...details })
    .onConflictDoUpdate({ target: guests.phone, set: { verifiedSms: true, ...details } })
    .returning({ id: guests.id });
  await mergeVisitorCartIntoGuest(ctx.db, ctx.cartToken, guest!.id);
  const token = await createSession(ctx.db, ctx.clock, { guestId: guest!.id }, ctx.userAgent);
  return { success: true, detail: messages.smsVerified, data: { token, guest_id: guest!.id } };
}

// ---------------------------------------------------------------- session

export async function refreshToken(ctx: AccountsCtx): Promise<{ data: { token: string } }> {
  const unauthorized = new AppError('unauthorized', messages.loginRequired);
  if (ctx.sessionId === null) throw unauthorized;
  // Revoke first: a refresh replayed with the same token finds it dead and gets 401.
  if (!(await revokeSession(ctx.db, ctx.clock, ctx.sessionId))) throw unauthorized;
  const owner = ctx.customerId !== null ? { customerId: ctx.customerId } : ctx.guestId !== null ? { guestId: ctx.guestId } : null;
  if (!owner) throw unauthorized;
  return { data: { token: await createSession(ctx.db, ctx.clock, owner, ctx.userAgent) } };
}

export async function logout(ctx: AccountsCtx): Promise<{ success: true }> {
  if (ctx.sessionId !== null) await revokeSession(ctx.db, ctx.clock, ctx.sessionId);
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

// ---------------------------------------------------------------- email verification and password reset

export async function verifyEmail(ctx: AccountsCtx, token: string): Promise<LoginResponse> {
  const customerId = await consumeLink(ctx, 'verify_email', token);
  const [c] = await ctx.db
    .update(customers)
    .set({ verifiedEmail: true, updatedAt: ctx.clock.now() })
    .where(eq(customers.id, customerId))
    .returning();
  return {
    success: true,
    verified: true,
    sms: Boolean(c && (c.verifiedSms || !isSmsPhone(c.phone))),
    detail: messages.verifiedSuccessfully,
    data: { token: await signIn(ctx, customerId) },
  };
}

/** Same answer whether or not the account exists; sending is capped like every other send. */
export async function requestPasswordReset(ctx: AccountsCtx, value: string): Promise<{ success: true; detail: string }> {
  await precheckSendLimits(ctx);
  const contact = contactOf(value);
  const customer = await findCustomer(ctx, contact);
  await enforceSendLimits(ctx, customer?.email ?? contact.value);
  if (customer?.email) {
    const token = await createLink(ctx, 'password_reset', customer.id);
    await ctx.notifier.sendEmail({ to: customer.email, ...passwordResetEmail(linkUrl(ctx, `/forgot-password/${token}`)) });
  }
  return { success: true, detail: messages.passwordResetSent };
}

export async function checkPasswordReset(ctx: AccountsCtx, token: string): Promise<{ success: true }> {
  if (!(await findLink(ctx, 'password_reset', token))) throw new AppError('not_found', messages.passwordResetInvalid);
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
  await revokeCustomerSessions(ctx.db, ctx.clock, customerId);
  return {
    success: true,
    verified: true,
    sms: Boolean(c && (c.verifiedSms || !isSmsPhone(c.phone))),
    detail: messages.passwordChanged,
    data: { token: await signIn(ctx, customerId) },
  };
}

// ---------------------------------------------------------------- account pages

function toProfile(c: Customer): Profile {
  return {
    id: c.id,
    email: c.email,
    phone: c.phone,
    first_name: c.firstName,
    last_name: c.lastName,
    birthday: c.birthday,
    gender: c.gender,
    verified_email: c.verifiedEmail,
    verified_sms: c.verifiedSms,
    has_password: c.passwordHash !== null,
  };
}

export async function getProfile(ctx: AccountsCtx, customerId: number): Promise<{ data: Profile }> {
  return { data: toProfile(await customerById(ctx, customerId)) };
}

export async function updateProfile(
  ctx: AccountsCtx,
  customerId: number,
  input: {
    first_name: string;
    last_name: string;
    birthday?: string | null | undefined;
    gender?: 'other' | 'male' | 'female' | null | undefined;
  },
): Promise<{ success: true; detail: string; data: Profile }> {
  const [c] = await ctx.db
    .update(customers)
    .set({
      firstName: input.first_name,
      lastName: input.last_name,
      ...(input.birthday !== undefined ? { birthday: input.birthday } : {}),
      ...(input.gender !== undefined ? { gender: input.gender } : {}),
      updatedAt: ctx.clock.now(),
    })
    .where(eq(customers.id, customerId))
    .returning();
  if (!c) throw notFoundAccount();
  return { success: true, detail: messages.profileSaved, data: toProfile(c) };
}

export async function changePassword(
  ctx: AccountsCtx,
  customerId: number,
  input: { current_password?: string | undefined; password: string },
): Promise<{ success: true; detail: string }> {
  const c = await customerById(ctx, customerId);
  if (c.passwordHash) {
    await countLoginAttempt(ctx, `id:${customerId}`);
    if (!(await verifyPassword(ctx.env, c.passwordHash, input.current_password ?? '')))
      throw new AppError('bad_request', messages.wrongCredentials, { current_password: messages.wrongCredentials });
    await loginSucceeded(ctx, `id:${customerId}`);
  }
  await ctx.db
    .update(customers)
    .set({ passwordHash: await hashPassword(ctx.env, input.password), updatedAt: ctx.clock.now() })
    .where(eq(customers.id, customerId));
  await revokeCustomerSessions(ctx.db, ctx.clock, customerId, ctx.sessionId ?? undefined);
  return { success: true, detail: messages.passwordChanged };
}

export async function getNotificationPrefs(ctx: AccountsCtx, customerId: number): Promise<{ data: NotificationPrefs }> {
  const c = await customerById(ctx, customerId);
  return { data: { newsletter_email: c.newsletterEmail, newsletter_sms: c.newsletterSms } };
}

export async function updateNotificationPrefs(
  ctx: AccountsCtx,
  customerId: number,
  prefs: NotificationPrefs,
): Promise<{ success: true; detail: string; data: NotificationPrefs }> {
  await ctx.db
    .update(customers)
    .set({ newsletterEmail: prefs.newsletter_email, newsletterSms: prefs.newsletter_sms, updatedAt: ctx.clock.now() })
    .where(and(eq(customers.id, customerId)));
  return { success: true, detail: messages.preferencesSaved, data: prefs };
}
