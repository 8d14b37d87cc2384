import { isEmail, normalizeEmail } from '@store/shared/email';
import { messages } from '@store/shared/messages';
import { canonicalBdMobile } from '@store/shared/phone';

/**
 * The one "email or phone" field of the login modal (SPEC §5): empty and invalid have their own
 * messages; an email is lowercased and trimmed, a phone normalised, before anything is sent.
 */
export type LoginIdentifier = { ok: true; kind: 'email' | 'phone'; value: string } | { ok: false; message: string };

export function parseLoginIdentifier(raw: string): LoginIdentifier {
  const trimmed = raw.trim();
  if (!trimmed) return { ok: false, message: messages.loginFieldEmpty };
  if (trimmed.includes('@')) {
    return isEmail(trimmed) ? { ok: true, kind: 'email', value: normalizeEmail(trimmed) } : { ok: false, message: messages.loginFieldInvalid };
  }
  const phone = canonicalBdMobile(trimmed);
  return phone ? { ok: true, kind: 'phone', value: phone } : { ok: false, message: messages.loginFieldInvalid };
}
