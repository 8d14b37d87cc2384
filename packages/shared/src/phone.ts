/** Bangladesh mobile: optional +880, 880 or 0, then 1, then one of 0,1,3-9 (never 2), then 8 digits. */
export const BD_MOBILE_PATTERN = /^(?:\+?880|0)?1[013-9]\d{8}$/;

/** Strips spaces, dashes, dots and brackets people type between digits. */
export function normalizePhoneInput(raw: string): string {
  return raw.trim().replace(/[\s\-().]/g, '');
}

export function isBdMobile(raw: string): boolean {
  return BD_MOBILE_PATTERN.test(normalizePhoneInput(raw));
}

/** The canonical stored form: +8801XXXXXXXXX. Returns null for anything that is not a BD mobile. */
export function canonicalBdMobile(raw: string): string | null {
  const p = normalizePhoneInput(raw);
  if (!BD_MOBILE_PATTERN.test(p)) return null;
  const local = p.slice(p.length - 10); // 1XXXXXXXXX
  return `+880${local}`;
}

/** SPEC's helper: prefixes +88 to a local number (01XXXXXXXXX → +8801XXXXXXXXX). */
export function withCountryPrefix(local: string): string {
  const p = normalizePhoneInput(local);
  return p.startsWith('+88') ? p : p.startsWith('88') ? `+${p}` : `+88${p}`;
}
