import { SHOP_NAME } from '@store/shared/constants';
import type { Env } from '../../config/env.js';

/** The texts of every SMS and email the accounts module sends. */
const SHOP = SHOP_NAME;

export function codeSms(code: string, validityMinutes: number, env: Pick<Env, 'PUBLIC_URL'>): string {
  // The last line lets Android and iOS offer the code for autofill (WebOTP format).
  return `${code} is your ${SHOP} verification code. It expires in ${validityMinutes} minutes. Never share it.\n\n@${new URL(env.PUBLIC_URL).host} #${code}`;
}

export function codeEmail(code: string, validityMinutes: number) {
  return {
    subject: `${code} is your ${SHOP} verification code`,
    text: `Your ${SHOP} verification code is ${code}.\nIt expires in ${validityMinutes} minutes. If you did not ask for it, ignore this email.`,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function linkEmail(subject: string, intro: string, action: string, url: string, validity: string) {
  return {
    subject,
    text: `${intro}\n\n${action}: ${url}\n\nThe link works once and expires in ${validity}. If you did not ask for it, ignore this email.`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>The link works once and expires in ${escapeHtml(validity)}. If you did not ask for it, ignore this email.</p>`,
  };
}

export const passwordlessEmail = (url: string) =>
  linkEmail(`Sign in to ${SHOP}`, `Here is your link to sign in to ${SHOP}.`, 'Sign in', url, '15 minutes');
export const verifyEmailEmail = (url: string) =>
  linkEmail(`Verify your email for ${SHOP}`, `Please confirm that this is your email address.`, 'Verify email', url, '7 days');
export const passwordResetEmail = (url: string) =>
  linkEmail(`Reset your ${SHOP} password`, `Someone asked to reset the password of your ${SHOP} account.`, 'Reset password', url, '1 hour');
