/** The account pages: profile, password and notification preferences. */
import { and, eq } from 'drizzle-orm';
import { type NotificationPrefs, type Profile } from '@store/shared/auth';
import * as messages from '@store/shared/messages';
import { AppError } from '../../lib/errors.js';
import { customers } from './accounts.tables.js';
import type { AccountsCtx } from './context.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { revokeCustomerSessions } from './sessions.js';
import { countLoginAttempt, customerById, loginSucceeded, notFoundAccount, type Customer } from './customers.js';

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
  return { success: true, detail: messages.profileSaved(), data: toProfile(c) };
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
      throw new AppError('login_failed', messages.wrongCredentials(), { current_password: messages.wrongCredentials() });
    await loginSucceeded(ctx, `id:${customerId}`);
  }
  await ctx.db
    .update(customers)
    .set({ passwordHash: await hashPassword(ctx.env, input.password), updatedAt: ctx.clock.now() })
    .where(eq(customers.id, customerId));
  await revokeCustomerSessions(ctx, customerId, ctx.sessionId ?? undefined);
  return { success: true, detail: messages.passwordChanged() };
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
  if (prefs.newsletter_email && (await customerById(ctx, customerId)).email === null)
    throw new AppError('email_required', messages.newsletterNeedsEmail(), { newsletter_email: messages.newsletterNeedsEmail() });
  await ctx.db
    .update(customers)
    .set({ newsletterEmail: prefs.newsletter_email, newsletterSms: prefs.newsletter_sms, updatedAt: ctx.clock.now() })
    .where(and(eq(customers.id, customerId)));
  return { success: true, detail: messages.preferencesSaved(), data: prefs };
}
