import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { formatWait, type OtpTimers } from '@store/shared/auth';
import { PASSWORDLESS_COOLDOWN_MINUTES } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import { AppError, rateLimited } from '../../lib/errors.js';
import { getSiteSettings } from '../content/index.js';
import { accountLinks, oneTimeCodes, type CodeChannel, type LinkPurpose } from './accounts.tables.js';
import type { AccountsCtx } from './context.js';
import { codeEmail, codeSms } from './outgoing.js';
import { SmsUnavailable } from '../notifications/index.js';
import { generateCode, hashCode, newSalt, randomToken, sameHex, sha256 } from '../../lib/secrets.js';

/** Wrong tries allowed per code: the sixth try is refused even with the right digits. */
export const MAX_CODE_ATTEMPTS = 5;
const HOUR = 3600;
const DAY = 86400;

export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  passwordless: 15 * 60_000,
  verify_email: 7 * DAY * 1000,
  password_reset: HOUR * 1000,
};

/** The same words for every refusal of a code; the code says whether another try could help. */
const codeIncorrect = () => new AppError('otp_invalid', messages.codeIncorrect(), { code: messages.codeIncorrect() });
const codeExpired = () => new AppError('otp_expired', messages.codeIncorrect(), { code: messages.codeIncorrect() });

type Budget = { key: string; limit: number; windowSeconds: number };

/** Signed-in customers and verified guests (a guest session exists only after the phone's code). */
const isTrusted = (ctx: AccountsCtx) => ctx.customerId !== null || ctx.guestId !== null;

/** The operator prefix of a canonical Bangladeshi mobile: +88017… → 017 (Grameenphone), 019 (Banglalink), … */
export const operatorPrefix = (phone: string) => phone.slice(3, 6);

/**
 * Every budget one message spends, checked in this order. Anonymous requests: per IP, per recipient,
 * per operator prefix (SMS), and the shop-wide hourly and daily budgets. Signed-in customers and
 * verified guests spend their own shop-wide budget, so anonymous pumping never starves their resends.
 */
function budgetsFor(ctx: AccountsCtx, target: string): Budget[] {
  const env = ctx.env;
  const perTarget = { key: `send:to:${target}`, limit: env.SEND_LIMIT_PER_TARGET_HOUR, windowSeconds: HOUR };
  if (isTrusted(ctx)) return [perTarget, { key: 'send:trusted', limit: env.SEND_LIMIT_TRUSTED_PER_HOUR, windowSeconds: HOUR }];
  return [
    { key: `send:ip:${ctx.ip}`, limit: env.SEND_LIMIT_PER_IP_HOUR, windowSeconds: HOUR },
    perTarget,
    ...(target.startsWith('+880')
      ? [{ key: `send:prefix:${operatorPrefix(target)}`, limit: env.SEND_LIMIT_PER_PREFIX_HOUR, windowSeconds: HOUR }]
      : []),
    { key: SHOP_HOURLY, limit: env.SEND_LIMIT_PER_HOUR, windowSeconds: HOUR },
    { key: 'send:all', limit: env.SEND_LIMIT_PER_DAY, windowSeconds: DAY },
  ];
}

const SHOP_HOURLY = 'send:all:hour';

/** The log speaks when the shop-wide hourly budget is 80 % spent and when it runs out: someone may be pumping. */
function alertOnShopBudget(ctx: AccountsCtx, budget: Budget, count: number) {
  if (budget.key !== SHOP_HOURLY) return;
  if (count === Math.ceil(budget.limit * 0.8)) ctx.log.warn({ count, limit: budget.limit }, 'sending budget: 80 % of this hour spent');
  if (count === budget.limit + 1) ctx.log.error({ limit: budget.limit }, 'sending budget: spent for this hour, anonymous sends refused');
}

/**
 * Spends one message of every budget for target (a canonical phone or an email), or refuses with
 * 429 and the seconds until the refusing window ends. Counts are atomic (database or Redis), so
 * parallel requests cannot overshoot, and they hold across restarts and processes.
 */
export async function enforceSendLimits(ctx: AccountsCtx, target: string): Promise<void> {
  for (const budget of budgetsFor(ctx, target)) {
    const r = await ctx.limiter.hit(budget.key, budget.limit, budget.windowSeconds);
    alertOnShopBudget(ctx, budget, r.count);
    if (!r.allowed) throw rateLimited(messages.tooManyRequests(), r.retryAfterSeconds);
  }
}

/** enforceSendLimits for a message the request can do without (the registration's verify-email link): false when a cap refuses. */
export async function withinSendLimits(ctx: AccountsCtx, target: string): Promise<boolean> {
  try {
    await enforceSendLimits(ctx, target);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'rate_limited') return false;
    throw err;
  }
}

/** Refuses at once, before any database work, an IP or a shop that has no sending budget left (a pump gets cheap answers). */
export async function precheckSendLimits(ctx: AccountsCtx): Promise<void> {
  const budgets = budgetsFor(ctx, '').filter((b) => !b.key.startsWith('send:to:') && !b.key.startsWith('send:prefix:'));
  const peeks = await Promise.all(budgets.map((b) => ctx.limiter.peek(b.key, b.limit, b.windowSeconds)));
  for (const r of peeks) if (r.count >= r.limit) throw rateLimited(messages.tooManyRequests(), r.retryAfterSeconds);
}

/** The SMS gateway is failing: say so (503), and offer the e-mail link where the account has an address. */
export function smsUnavailable(emailLink: boolean): AppError {
  const err = new AppError('delivery_unavailable', emailLink ? messages.smsUnavailableTryEmail() : messages.smsUnavailable());
  if (emailLink) err.offer = 'email_link';
  err.retryAfter = 30;
  return err;
}

async function timers(ctx: AccountsCtx) {
  const site = await getSiteSettings(ctx);
  return { resendMs: site.SMS_TIMER * 60_000, validityMs: site.OTP_VALIDITY * 60_000, validityMinutes: site.OTP_VALIDITY };
}

/** A fresh code's timers (SMS_TIMER and OTP_VALIDITY), for an answer that must not depend on whether a code was sent. */
export async function freshCodeTimers(ctx: AccountsCtx): Promise<OtpTimers> {
  const t = await timers(ctx);
  return { resend_in_seconds: Math.round(t.resendMs / 1000), expires_in_seconds: Math.round(t.validityMs / 1000) };
}

async function latestCode(ctx: AccountsCtx, channel: CodeChannel, target: string) {
  const [row] = await ctx.db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.channel, channel), eq(oneTimeCodes.target, target)))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  return row;
}

/**
 * Sends a fresh 6-digit code by SMS (a Bangladeshi mobile) or email. Refused with 429 and
 * 'Please wait m:ss' while the previous one is inside its SMS_TIMER block, or over a sending cap.
 * The new code replaces every earlier one for the same target.
 */
export type IssueOptions = {
  /** The account has an e-mail address: a failing SMS gateway's answer offers the e-mail link. */
  emailLink?: boolean;
  /** A code already used does not block a new one (the shopper had it: the block stops pumping, not them). */
  replaceUsed?: boolean;
};

export async function issueCode(ctx: AccountsCtx, channel: CodeChannel, target: string, options: IssueOptions = {}): Promise<OtpTimers> {
  if (channel === 'sms' && ctx.notifier.smsHealth.shouldRefuse()) throw smsUnavailable(options.emailLink ?? false);
  const t = await timers(ctx);
  const now = ctx.clock.nowMs();
  const previous = await latestCode(ctx, channel, target);
  if (previous && !(options.replaceUsed && previous.usedAt)) {
    const wait = previous.createdAt.getTime() + t.resendMs - now;
    if (wait > 0) throw rateLimited(messages.pleaseWait(formatWait(wait / 1000)), wait / 1000);
  }
  await enforceSendLimits(ctx, target);
  const code = generateCode();
  const salt = newSalt();
  const [row] = await ctx.db
    .insert(oneTimeCodes)
    .values({
      channel,
      target,
      codeHash: hashCode(salt, target, code),
      salt,
      createdAt: new Date(now),
      expiresAt: new Date(now + t.validityMs),
    })
    .returning({ id: oneTimeCodes.id });
  if (channel === 'sms') {
    try {
      await ctx.notifier.sendSmsNow(target, codeSms(code, t.validityMinutes, ctx.env, ctx.locale));
    } catch (err) {
      if (!(err instanceof SmsUnavailable)) throw err;
      // The code never left: it must neither work nor block a resend once the gateway is back.
      await ctx.db.delete(oneTimeCodes).where(eq(oneTimeCodes.id, row!.id));
      throw smsUnavailable(options.emailLink ?? false);
    }
  } else await ctx.notifier.sendEmail({ to: target, ...codeEmail(code, t.validityMinutes, ctx.locale) }, { oneTime: true });
  return { resend_in_seconds: Math.round(t.resendMs / 1000), expires_in_seconds: Math.round(t.validityMs / 1000) };
}

/** Like issueCode, but a code still inside its block is left alone and its timers returned (a login that needs the OTP panel). */
export async function issueCodeUnlessBlocked(
  ctx: AccountsCtx,
  channel: CodeChannel,
  target: string,
  options: IssueOptions = {},
): Promise<OtpTimers> {
  const t = await timers(ctx);
  const previous = await latestCode(ctx, channel, target);
  const now = ctx.clock.nowMs();
  if (previous && !previous.usedAt && previous.createdAt.getTime() + t.resendMs > now) {
    return {
      resend_in_seconds: Math.ceil((previous.createdAt.getTime() + t.resendMs - now) / 1000),
      expires_in_seconds: Math.max(0, Math.ceil((previous.expiresAt.getTime() - now) / 1000)),
    };
  }
  return issueCode(ctx, channel, target, options);
}

/**
 * For answers that must not tell whether an account exists (the password reset): every call spends
 * the sending budgets once, whether a code leaves or not. With send false (no account) nothing is
 * sent; otherwise a live code inside its resend block is left to work, and a used one is replaced.
 */
export async function issueCodeQuietly(ctx: AccountsCtx, channel: CodeChannel, target: string, send: boolean): Promise<void> {
  const t = await timers(ctx);
  const previous = await latestCode(ctx, channel, target);
  const now = ctx.clock.nowMs();
  const live = previous && !previous.usedAt && previous.expiresAt.getTime() > now && previous.createdAt.getTime() + t.resendMs > now;
  if (!send || live) await enforceSendLimits(ctx, target);
  else await issueCode(ctx, channel, target, { replaceUsed: true });
}

/**
 * Consumes the latest code sent to target. Wrong, expired, used or superseded codes, and any try
 * after MAX_CODE_ATTEMPTS, throw 'Code incorrect or expired'. Every try counts, atomically, so
 * parallel guesses cannot exceed the limit and a code is used once.
 */
export async function consumeCode(ctx: AccountsCtx, channel: CodeChannel, target: string, code: string): Promise<void> {
  const now = ctx.clock.now();
  const latest = await latestCode(ctx, channel, target);
  if (!latest) throw codeIncorrect();
  if (latest.usedAt || latest.expiresAt <= now) throw codeExpired();
  const [counted] = await ctx.db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(and(eq(oneTimeCodes.id, latest.id), lt(oneTimeCodes.attempts, MAX_CODE_ATTEMPTS), isNull(oneTimeCodes.usedAt)))
    .returning({ attempts: oneTimeCodes.attempts });
  // Its attempts are used up: only a new code can help.
  if (!counted) throw codeExpired();
  if (!sameHex(hashCode(latest.salt, target, code), latest.codeHash)) throw codeIncorrect();
  const used = await ctx.db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.id, latest.id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  if (used.length === 0) throw codeExpired();
}

/** The remaining passwordless cooldown in seconds (0 when a new link may be sent). */
export async function passwordlessCooldown(ctx: AccountsCtx, customerId: number): Promise<number> {
  const since = new Date(ctx.clock.nowMs() - PASSWORDLESS_COOLDOWN_MINUTES * 60_000);
  const [row] = await ctx.db
    .select({ createdAt: accountLinks.createdAt })
    .from(accountLinks)
    .where(and(eq(accountLinks.customerId, customerId), eq(accountLinks.purpose, 'passwordless'), gt(accountLinks.createdAt, since)))
    .orderBy(desc(accountLinks.createdAt))
    .limit(1);
  if (!row) return 0;
  return Math.max(0, Math.ceil((row.createdAt.getTime() + PASSWORDLESS_COOLDOWN_MINUTES * 60_000 - ctx.clock.nowMs()) / 1000));
}

/** Creates a single-use link secret; only its hash is stored. */
export async function createLink(ctx: AccountsCtx, purpose: LinkPurpose, customerId: number): Promise<string> {
  const token = randomToken();
  const now = ctx.clock.nowMs();
  await ctx.db.insert(accountLinks).values({
    purpose,
    tokenHash: sha256(token),
    customerId,
    createdAt: new Date(now),
    expiresAt: new Date(now + LINK_TTL_MS[purpose]),
  });
  return token;
}

/** The live link for a secret, without using it (the reset page checks its link before showing the form). */
export async function findLink(ctx: AccountsCtx, purpose: LinkPurpose, token: string) {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await ctx.db
    .select()
    .from(accountLinks)
    .where(
      and(
        eq(accountLinks.tokenHash, sha256(token)),
        eq(accountLinks.purpose, purpose),
        isNull(accountLinks.usedAt),
        gt(accountLinks.expiresAt, ctx.clock.now()),
      ),
    );
  return row ?? null;
}

/** Uses a link once: a second use, an expired or unknown link all answer 'This link is invalid or has expired'. */
export async function consumeLink(
  ctx: AccountsCtx,
  purpose: LinkPurpose,
  token: string,
  check?: (customerId: number) => boolean,
): Promise<number> {
  const link = await findLink(ctx, purpose, token);
  // A link found by its token that fails is used, past its time or not this account's: a new link is needed.
  const invalid = () =>
    new AppError('otp_expired', purpose === 'password_reset' ? messages.passwordResetInvalid() : messages.linkInvalid());
  if (!link || (check && !check(link.customerId))) throw invalid();
  const used = await ctx.db
    .update(accountLinks)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(accountLinks.id, link.id), isNull(accountLinks.usedAt)))
    .returning({ customerId: accountLinks.customerId });
  if (!used[0]) throw invalid();
  return used[0].customerId;
}
