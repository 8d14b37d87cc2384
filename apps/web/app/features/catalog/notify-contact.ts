import { isEmail, normalizeEmail } from '@store/shared/email';
import { isBdMobile } from '@store/shared/phone';
import * as messages from '@store/shared/messages';

export type NotifyContact = { ok: true; body: { email: string } | { phone: string } } | { ok: false; error: string };

/**
 * Reads the one 'email or phone' field of the Notify me form into the API's body, with SPEC §5's
 * messages: empty, a bad email (it has an @), a bad phone (it is mostly digits), or neither.
 */
export function parseNotifyContact(raw: string): NotifyContact {
  const value = raw.trim();
  if (!value) return { ok: false, error: messages.addressEmailOrPhoneRequired() };
  if (isEmail(value)) return { ok: true, body: { email: normalizeEmail(value) } };
  if (isBdMobile(value)) return { ok: true, body: { phone: value } };
  if (value.includes('@')) return { ok: false, error: messages.emailInvalid() };
  if (/^[+\d\s\-().]+$/.test(value)) return { ok: false, error: messages.phoneInvalid() };
  return { ok: false, error: messages.loginFieldInvalid() };
}
