import { ContactFieldSchema, parseContact } from '@store/shared/auth';
import * as messages from '@store/shared/messages';

/**
 * The modal's one "email or phone" field (SPEC §5), read with the shared schema: an email is
 * lowercased and trimmed, a phone normalised (+8801…), before anything is sent.
 */
export type ContactRead = { ok: true; kind: 'email' | 'phone'; value: string } | { ok: false; message: string };

export function readContact(raw: string): ContactRead {
  const parsed = ContactFieldSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? '' };
  const contact = parseContact(parsed.data);
  return contact ? { ok: true, kind: contact.kind, value: contact.value } : { ok: false, message: messages.loginFieldInvalid() };
}
