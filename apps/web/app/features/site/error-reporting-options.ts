import { API_PREFIX } from '@store/shared/api';
import type { PublicConfig } from '@store/shared/content';

/** How the storefront reports browser errors: shared by the loader (error-reporting.ts) and the SDK chunk. */

export type ErrorReporting = NonNullable<PublicConfig['error_reporting']>;

export const ERROR_TUNNEL = `${API_PREFIX}/rum/errors/`;
/** SPEC: replay 10 % of sessions, and every session in which an error happens. */
export const REPLAY_SESSION_RATE = 0.1;
export const REPLAY_ON_ERROR_RATE = 1;

/** What the lazily loaded SDK module offers (error-reporting-sdk.ts). */
export type ReportingSdk = { start(config: ErrorReporting): void; report(error: unknown): void };

/**
 * A path segment that is a capability (a receipt's token, a sign-in link's hash): 16 or more letters,
 * digits, dashes or underscores, with an upper-case letter or with no dash. Handles (lower-case words
 * joined by dashes, such as loreal-revitalift-serum-30ml) and order numbers stay.
 */
const isToken = (segment: string) => /^[A-Za-z0-9_-]{16,}$/.test(segment) && (/[A-Z]/.test(segment) || !segment.includes('-'));

/**
 * A URL as reports may carry it: the query and fragment dropped (a search may be a phone number), and
 * token-like path segments (receipt links, sign-in and reset links) replaced by ':token'.
 */
export function scrubUrl(url: string): string {
  try {
    const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(url);
    const parsed = new URL(url, 'http://relative.invalid');
    const path = parsed.pathname
      .split('/')
      .map((segment) => (isToken(segment) ? ':token' : segment))
      .join('/');
    return (absolute ? parsed.origin : '') + path + (parsed.search ? '?…' : parsed.hash ? '#…' : '');
  } catch {
    return '(unreadable URL)';
  }
}
