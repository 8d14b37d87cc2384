/**
 * A path of this shop taken from a request (?redirect=, ?to=, a form's `back`), or null: never
 * another origin, never a protocol-relative //host or /\host, and no control characters or spaces
 * (a browser drops a tab or a newline from an address, which would turn '/\t/host' into '//host').
 */
export function safeRedirectPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(raw)) return null;
  return raw;
}
