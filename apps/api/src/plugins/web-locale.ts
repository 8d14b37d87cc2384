import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  type Locale,
  localeOfPath,
  localeOrNull,
  localizedPath,
  preferredLocale,
} from '@store/shared/locale';
import { safeRedirectPath } from '@store/shared/safe-path';

/**
 * The build that answers a request to the storefront: Bangla for /bn, /bn/… and the router's data
 * request for Bangla's home page (/bn.data), English for the rest.
 */
export function pageLocale(url: string): Locale {
  return /^\/bn\.data(?:[?#]|$)/.test(url) ? 'bn' : localeOfPath(url);
}

/**
 * The language of a page request (issue 21, decision 009): Bangla pages live under /bn, English ones
 * unprefixed. A shopper who opens an English address is sent to its Bangla page when they chose
 * Bangla before (the `locale` cookie) or, before any choice, when their browser prefers Bangla
 * (Accept-Language). Only page loads are moved: the router's data requests (`.data`, `__manifest`)
 * belong to a page already in its language, crawlers see every address as it is (the pages name
 * each other with hreflang), and a Bangla address is never moved to English.
 */
export function languageRedirect(request: Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'cookies'>): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const path = request.url;
  // Only a path of this shop ('//host' is another site's address to a browser).
  if (safeRedirectPath(path) === null || pageLocale(path) !== 'en') return null;
  const pathname = path.split('?')[0] ?? '';
  if (pathname.endsWith('.data') || pathname.startsWith('/__manifest')) return null;
  if (!String(request.headers.accept ?? '').includes('text/html')) return null;
  const locale = localeOrNull(request.cookies[LOCALE_COOKIE]) ?? preferredLocale(request.headers['accept-language']);
  if (locale === 'en') return null;
  // Last, as the dearest test (a long pattern), and only for the few loads that would move.
  const userAgent = request.headers['user-agent'];
  return userAgent && isbot(userAgent) ? null : localizedPath(path, locale);
}

/**
 * GET /language?to=/bn/brand/nyx: the language switch of the header and the phone menu. Remembers
 * the language of `to` in the cookie and goes there; a plain link, so it works before any script.
 * `to` must be a path of this shop; anything else goes to the English home page.
 */
export function registerLanguageSwitch(app: FastifyInstance) {
  app.get<{ Querystring: { to?: string } }>('/language', { schema: { hide: true } }, async (request, reply) => {
    const to = safeRedirectPath(typeof request.query.to === 'string' ? request.query.to : null) ?? '/';
    const locale = localeOfPath(to);
    reply.setCookie(LOCALE_COOKIE, locale, {
      path: '/',
      maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS,
      sameSite: 'lax',
      httpOnly: false,
      secure: request.protocol === 'https',
    });
    // A Location header is ASCII: a Bangla search term in `to` goes percent-encoded (%-escapes already there stay).
    const location = to.replace(/[^\p{ASCII}]+/gu, (text) => encodeURIComponent(text));
    return reply.header('cache-control', 'no-store').redirect(location, 303);
  });
}
