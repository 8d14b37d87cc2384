import { bengaliDigits } from '@store/shared/bangla';
import { SHOP_NAME } from '@store/shared/constants';
import * as m from '@store/shared/i18n/messages';
import type { Locale } from '@store/shared/locale';
import type { Env } from '../../config/env.js';

/**
 * The texts of every SMS and email the accounts module sends, in the language the shopper used
 * (the request's locale: lib/context.ts). The texts are in the message catalogs
 * (packages/shared/messages, keys sms_* and email_*).
 */
const shop = SHOP_NAME;
const number = (n: number, locale: Locale) => (locale === 'bn' ? bengaliDigits(String(n)) : String(n));

export function codeSms(code: string, validityMinutes: number, env: Pick<Env, 'PUBLIC_URL'>, locale: Locale): string {
  // The last line lets Android and iOS offer the code for autofill (WebOTP format): ASCII digits in every language.
  return m.sms_code({ code, shop, minutes: number(validityMinutes, locale), host: new URL(env.PUBLIC_URL).host }, { locale });
}

export function codeEmail(code: string, validityMinutes: number, locale: Locale) {
  return {
    subject: m.email_code_subject({ code, shop }, { locale }),
    text: m.email_code_text({ code, shop, minutes: number(validityMinutes, locale) }, { locale }),
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function linkEmail(subject: string, intro: string, action: string, url: string, validity: string, locale: Locale) {
  const footer = m.email_link_footer({ validity }, { locale });
  return {
    subject,
    text: `${intro}\n\n${action}: ${url}\n\n${footer}`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(footer)}</p>`,
  };
}

export const passwordlessEmail = (url: string, locale: Locale) =>
  linkEmail(
    m.email_signin_subject({ shop }, { locale }),
    m.email_signin_intro({ shop }, { locale }),
    m.email_signin_action({}, { locale }),
    url,
    m.email_signin_validity({}, { locale }),
    locale,
  );
export const verifyEmailEmail = (url: string, locale: Locale) =>
  linkEmail(
    m.email_verify_subject({ shop }, { locale }),
    m.email_verify_intro({}, { locale }),
    m.email_verify_action({}, { locale }),
    url,
    m.email_verify_validity({}, { locale }),
    locale,
  );
export const passwordResetEmail = (url: string, locale: Locale) =>
  linkEmail(
    m.email_reset_subject({ shop }, { locale }),
    m.email_reset_intro({ shop }, { locale }),
    m.email_reset_action({}, { locale }),
    url,
    m.email_reset_validity({}, { locale }),
    locale,
  );
