/** Registration: the lookups the form makes, an account and its verification, a guest's phone. */
import { resolveMx } from 'node:dns/promises';
import { and, eq, gt, or } from 'drizzle-orm';
import {
  parseContact,
  type EmailValidResponse,
  type ExistsResponse,
  type GuestRegisterResponse,
  type LoginResponse,
  type OtpSentResponse,
  type RegisterResponse,
  type VerificationKind,
  type VerificationStatusResponse,
  type VerifyResponse,
} from '@store/shared/auth';
import * as messages from '@store/shared/messages';
import { AppError, rateLimited } from '../../lib/errors.js';
import { customers, guestRegistrations, guests, socialIdentities } from './accounts.tables.js';
import type { AccountsCtx } from './context.js';
import { verifyEmailEmail } from './outgoing.js';
import { hashPassword } from '../../lib/passwords.js';
import { createSession, revokeCustomerSessions } from './sessions.js';
import { adoptVisitorBag } from '../cart/index.js';
import {
  consumeCode,
  consumeLink,
  createLink,
  issueCode,
  issueCodeUnlessBlocked,
  precheckSendLimits,
  withinSendLimits,
} from './verification.js';
import {
  codeIncorrect,
  contactOf,
  customerById,
  findCustomer,
  isSmsPhone,
  linkUrl,
  notFoundAccount,
  signIn,
  smsBdOnly,
  type Customer,
} from './customers.js';

// ---------------------------------------------------------------- lookups

export async function accountExists(ctx: AccountsCtx, value: string): Promise<ExistsResponse> {
  const contact = contactOf(value);
  // Existence answers are what enumeration needs: they share the per-IP sending budget's hourly window.
  const perIp = await ctx.limiter.hit(`exists:ip:${ctx.ip}`, ctx.env.SEND_LIMIT_PER_IP_HOUR * 10, 3600);
  if (!perIp.allowed) throw rateLimited(messages.tooManyRequests(), perIp.retryAfterSeconds);
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
  const invalid: EmailValidResponse = { result: 'invalid', message: messages.emailCheckInvalid() };
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

// ---------------------------------------------------------------- registration

type RegisterInput = {
  /** Null for a shopper without one: the schema allows it only with a Bangladeshi mobile (the code goes by SMS). */
  email: string | null;
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
    .where(
      input.email === null ? eq(customers.phone, input.phone) : or(eq(customers.email, input.email), eq(customers.phone, input.phone)),
    );
  const fields: Record<string, string> = {};
  let reuse: Customer | undefined;
  for (const c of existing) {
    // Started again with the same email and phone, or with the same phone and no email (the shopper dropped it).
    const same = c.phone === input.phone && (c.email === input.email || input.email === null);
    if (existing.length === 1 && same && (await isUnfinished(ctx, c))) {
      reuse = c;
      continue;
    }
    if (input.email !== null && c.email === input.email) fields.email = messages.emailTaken();
    if (c.phone === input.phone) fields.phone = messages.phoneTaken();
  }
  if (Object.keys(fields).length) throw new AppError('account_exists', fields.email ?? fields.phone ?? messages.emailTaken(), fields);
  const values = {
    email: input.email,
    phone: input.phone,
    firstName: input.first_name,
    lastName: input.last_name,
    birthday: input.note.birthday ?? null,
    gender: input.note.gender ?? null,
    // No address, no newsletter by email (the account's notifications tab says why).
    newsletterEmail: input.newsletter_email && input.email !== null,
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
      if (isUniqueViolation(err))
        throw input.email === null
          ? new AppError('account_exists', messages.phoneTaken(), { phone: messages.phoneTaken() })
          : new AppError('account_exists', messages.emailTaken(), { email: messages.emailTaken() });
      throw err;
    }
  }
  const channel = isSmsPhone(input.phone) ? 'sms' : 'email';
  const target = channel === 'sms' ? input.phone : input.email;
  if (target === null) throw new AppError('email_required', messages.emailNeededAbroad(), { email: messages.emailNeededAbroad() });
  const otp = await issueCodeUnlessBlocked(ctx, channel, target);
  // The verify-email link goes through the same caps as every message: registering again and again
  // with one address must not flood its inbox. Over a cap the registration goes on without it.
  if (channel === 'sms' && input.email !== null && (await withinSendLimits(ctx, input.email))) {
    const token = await createLink(ctx, 'verify_email', customerId);
    await ctx.notifier.sendEmail(
      { to: input.email, ...verifyEmailEmail(linkUrl(ctx, `/verify-email/${token}`), ctx.locale) },
      { oneTime: true },
    );
  }
  return {
    success: true,
    detail: messages.registrationSuccessful(),
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
  if (!target || (channel === 'sms' && !isSmsPhone(target))) throw codeIncorrect();
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
  if (passwordHash && customer.passwordHash) await revokeCustomerSessions(ctx, customer.id);
  return { success: true, detail: messages.createdNewUser(), data: input.login ? { token: await signIn(ctx, customer.id) } : null };
}

/** Verifies a customer's phone with the SMS code; signs in unless login is false (willNotLoginAfterRegister). */
export async function verifySms(
  ctx: AccountsCtx,
  input: { email?: string | undefined; phone?: string | undefined; code: string; login: boolean },
): Promise<VerifyResponse> {
  const customer = input.phone
    ? await findCustomer(ctx, { kind: 'phone', value: input.phone })
    : await findCustomer(ctx, contactOf(input.email ?? ''));
  if (!customer || !isSmsPhone(customer.phone)) throw codeIncorrect();
  await consumeCode(ctx, 'sms', customer.phone, input.code);
  await ctx.db.update(customers).set({ verifiedSms: true, updatedAt: ctx.clock.now() }).where(eq(customers.id, customer.id));
  return { success: true, detail: messages.smsVerified(), data: input.login ? { token: await signIn(ctx, customer.id) } : null };
}

/** Resend: a code to the phone (SMS) or to the address (email) of an existing customer. */
export async function sendOtp(ctx: AccountsCtx, value: string): Promise<OtpSentResponse> {
  await precheckSendLimits(ctx);
  const contact = contactOf(value);
  const customer = await findCustomer(ctx, contact);
  if (!customer) throw notFoundAccount();
  if (contact.kind === 'phone' && !isSmsPhone(contact.value)) throw smsBdOnly();
  const otp = await issueCode(ctx, contact.kind === 'phone' ? 'sms' : 'email', contact.value, { emailLink: customer.email !== null });
  return { success: true, detail: messages.otpResent(), otp };
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
  return { success: true, id, detail: messages.otpSent(), otp };
}

/** A resend answers alike for any Bangladeshi mobile: POST /accounts/guest/ sends to any of them anyway. */
export async function sendGuestOtp(ctx: AccountsCtx, phone: string): Promise<OtpSentResponse> {
  await precheckSendLimits(ctx);
  if (!isSmsPhone(phone)) throw smsBdOnly();
  return { success: true, detail: messages.otpResent(), otp: await issueCode(ctx, 'sms', phone) };
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
  if (!phone || !isSmsPhone(phone)) throw codeIncorrect();
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
  await adoptVisitorBag(ctx, ctx.cartToken, { customerId: null, guestId: guest!.id });
  const token = await createSession(ctx, { guestId: guest!.id }, ctx.userAgent);
  return { success: true, detail: messages.smsVerified(), data: { token, guest_id: guest!.id } };
}

// ---------------------------------------------------------------- email verification

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
    detail: messages.verifiedSuccessfully(),
    data: { token: await signIn(ctx, customerId) },
  };
}
