/** A same-site path from ?redirect= or a form's `back` (never another origin, never a protocol-relative //host). */
export function safeRedirectPath(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}
