/** What every accounts path shares: the customer lookups, the refusals they share, sign-in and its attempt counts. */
import { localizedPath } from '@store/shared/locale';
import { eq } from 'drizzle-orm';
import { parseContact, type Contact } from '@store/shared/auth';
import * as messages from '@store/shared/messages';
import { isBdMobile } from '@store/shared/phone';
import { AppError, rateLimited } from '../../lib/errors.js';
import { customers } from './accounts.tables.js';
import type { AccountsCtx } from './context.js';
import type { DbCtx } from '../../lib/context.js';
import { sha256 } from '../../lib/secrets.js';
import { createSession } from './sessions.js';
import { adoptVisitorBag } from '../cart/index.js';

export type Customer = typeof customers.$inferSelect;

export const LOGIN_FAIL_WINDOW = 15 * 60;

export const notFoundAccount = () => new AppError('account_not_found', messages.accountNotFound());
export const wrongCredentials = () => new AppError('login_failed', messages.wrongCredentials());
/** A code that cannot be right: no such account or phone answers as a wrong code does, revealing neither. */
export const codeIncorrect = () => new AppError('otp_invalid', messages.codeIncorrect(), { code: messages.codeIncorrect() });
export const smsBdOnly = () => new AppError('sms_bd_only', messages.smsBdOnly(), { email: messages.smsBdOnly() });
/** Only Bangladeshi mobiles get SMS (SPEC §5 pattern). */
export const isSmsPhone = (phone: string | null): phone is string => phone !== null && phone.startsWith('+880') && isBdMobile(phone);

export async function findCustomer(ctx: DbCtx, contact: Contact): Promise<Customer | undefined> {
  const [row] = await ctx.db
    .select()
    .from(customers)
    .where(contact.kind === 'email' ? eq(customers.email, contact.value) : eq(customers.phone, contact.value));
  return row;
}

export async function customerById(ctx: AccountsCtx, id: number): Promise<Customer> {
  const [row] = await ctx.db.select().from(customers).where(eq(customers.id, id));
  if (!row) throw notFoundAccount();
  return row;
}

/** Contact fields reach the service already parsed by the route schema; this re-reads one (a phone or an email). */
export function contactOf(value: string): Contact {
  const contact = parseContact(value);
  if (!contact) throw new AppError('validation_failed', messages.loginFieldInvalid(), { email: messages.loginFieldInvalid() });
  return contact;
}

/** A page of the storefront in an e-mail, in the language the shopper used (Bangla pages under /bn). */
export const linkUrl = (ctx: AccountsCtx, path: string) => new URL(localizedPath(path, ctx.locale), ctx.env.PUBLIC_URL).toString();

/** Binds a magic link to the account's current email: changing the email kills older links. */
export const linkHash = (token: string, email: string) => sha256(`${token}:${email}`).slice(0, 16);
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
export const decodeUid = (uid: string) => {
  const n = Number(Buffer.from(uid, 'base64url').toString());
  return Number.isInteger(n) && n > 0 ? n : null;
};

export async function signIn(ctx: AccountsCtx, customerId: number): Promise<string> {
  await adoptVisitorBag(ctx, ctx.cartToken, { customerId });
  return createSession(ctx, { customerId }, ctx.userAgent);
}

/** The key sign-in attempts count under: the account when it exists (its e-mail and phone count together), else what was typed. */
export const attemptKey = (customer: Customer | undefined, contact: Contact) => (customer ? `id:${customer.id}` : contact.value);

/**
 * Counts a sign-in attempt before its check, atomically: 40 parallel guesses are 40 counts, so at
 * most the limit of them are ever checked. A success takes its counts back (loginSucceeded).
 */
export async function countLoginAttempt(ctx: AccountsCtx, accountKey: string): Promise<void> {
  const [acct, ip] = await Promise.all([
    ctx.limiter.hit(`loginfail:acct:${accountKey}`, ctx.env.LOGIN_FAIL_LIMIT_PER_ACCOUNT, LOGIN_FAIL_WINDOW),
    ctx.limiter.hit(`loginfail:ip:${ctx.ip}`, ctx.env.LOGIN_FAIL_LIMIT_PER_IP, LOGIN_FAIL_WINDOW),
  ]);
  for (const r of [acct, ip]) if (!r.allowed) throw rateLimited(messages.tooManyRequests(), r.retryAfterSeconds);
}

/** A right password or code: the account's count starts again, and this attempt no longer counts against the IP (shared by many shoppers behind one carrier NAT). */
export async function loginSucceeded(ctx: AccountsCtx, accountKey: string): Promise<void> {
  await ctx.limiter.reset(`loginfail:acct:${accountKey}`, LOGIN_FAIL_WINDOW);
  await ctx.limiter.release(`loginfail:ip:${ctx.ip}`, LOGIN_FAIL_WINDOW);
}
