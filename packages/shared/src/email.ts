/** A standard address: local part, @, a domain with a letter TLD, or a bracketed IPv4 address. */
export const EMAIL_PATTERN =
  /^(?:[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*|"[^"\r\n]+")@(?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}|\[(?:\d{1,3}\.){3}\d{1,3}\])$/i;

/** Emails are lowercased and trimmed before sending. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isEmail(raw: string): boolean {
  return EMAIL_PATTERN.test(normalizeEmail(raw));
}
