import { SHOP_NAME } from '@store/shared/constants';
import * as m from '@store/shared/i18n/messages';
import type { Locale } from '@store/shared/locale';
import type { Env } from '../../config/env.js';
import { digitsIn } from '../../lib/in-locale.js';

/**
 * The texts of every SMS and email the accounts module sends, in the language the shopper used
 * (the request's locale: lib/context.ts). The texts are in the message catalogs
 * (packages/shared/messages, keys sms_* and email_*).
 */
const shop = SHOP_NAME;

export function codeSms(code: string, validityMinutes: number, env: Pick<Env, 'PUBLIC_URL'>, locale: Locale): string {
  // The last line lets Android and iOS offer the code for autofill (WebOTP format): ASCII digits in every language.
  return m.sms_code({ code, shop, minutes: digitsIn(locale, validityMinutes), host: new URL(env.PUBLIC_URL).host }, { locale });
}

export function codeEmail(code: string, validityMinutes: number, locale: Locale) {
  return {
    subject: m.email_code_subject({ code, shop }, { locale }),
    text: m.email_code_text({ code, shop, minutes: digitsIn(locale, validityMinutes) }, { locale }),
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Text = (inputs: { shop: string }, options: { locale: Locale }) => string;

/** The words of each link e-mail: subject, introduction, the link's text and how long it works. */
const LINK_EMAILS: Record<'signIn' | 'verify' | 'reset', [subject: Text, intro: Text, action: Text, validity: Text]> = {
  signIn: [m.email_signin_subject, m.email_signin_intro, m.email_signin_action, m.email_signin_validity],
  verify: [m.email_verify_subject, m.email_verify_intro, m.email_verify_action, m.email_verify_validity],
  reset: [m.email_reset_subject, m.email_reset_intro, m.email_reset_action, m.email_reset_validity],
};

function linkEmail(kind: keyof typeof LINK_EMAILS, url: string, locale: Locale) {
  const [subject, intro, action, validity] = LINK_EMAILS[kind].map((text) => text({ shop }, { locale }));
  const footer = m.email_link_footer({ validity: validity! }, { locale });
  return {
    subject: subject!,
    text: `${intro}\n\n${action}: ${url}\n\n${footer}`,
    html: `<p>${escapeHtml(intro!)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action!)}</a></p><p>${escapeHtml(footer)}</p>`,
  };
}

export const passwordlessEmail = (url: string, locale: Locale) => linkEmail('signIn', url, locale);
export const verifyEmailEmail = (url: string, locale: Locale) => linkEmail('verify', url, locale);
export const passwordResetEmail = (url: string, locale: Locale) => linkEmail('reset', url, locale);
