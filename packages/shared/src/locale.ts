/*
 * The store's two languages (issue 21, decision 008). English is the spec's language and has
 * unprefixed URLs; Bangla pages live under /bn. The message catalogs are packages/shared/messages/
 * {en,bn}.json, compiled by Paraglide JS into src/i18n/ (`npm run i18n -w packages/shared`).
 */

export const LOCALES = ['en', 'bn'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

const BANGLA_PREFIX = /^\/bn(?=[/?#]|$)/;

/** The language of a page by its path: /bn and /bn/… are Bangla, every other path English. */
export function localeOfPath(pathname: string): Locale {
  return BANGLA_PREFIX.test(pathname) ? 'bn' : 'en';
}

/**
 * A path without its language: '/bn/brand/nyx' → '/brand/nyx', '/bn' → '/'. What is left always
 * starts with one slash: '/bn//evil.example' gives '/evil.example', never a protocol-relative address.
 */
export function unlocalizedPath(path: string): string {
  if (!BANGLA_PREFIX.test(path)) return path;
  const rest = path.replace(BANGLA_PREFIX, '');
  return rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest.replace(/^[/\\]+/, '/');
}

/**
 * A path of this shop in a language: '/brand/nyx?x=1' → '/bn/brand/nyx?x=1' in Bangla, as given
 * in English. A path that already names a language is moved to the asked one. Anything that is not
 * a path of this shop (an address with a scheme, '//host', '#top', '') is returned as given.
 */
export function localizedPath(path: string, locale: Locale): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const bare = unlocalizedPath(path);
  if (locale === 'en') return bare;
  return bare === '/' ? '/bn' : bare.startsWith('/?') || bare.startsWith('/#') ? `/bn${bare.slice(1)}` : `/bn${bare}`;
}

/**
 * The shop's language a browser prefers by its Accept-Language header: Bangla when a Bangla tag
 * (bn, bn-BD, bn-IN…) ranks above every English one, English otherwise (also when the header is
 * missing or says neither). Quality values are honoured; ties keep the header's order.
 */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0 && (entry.language === 'bn' || entry.language === 'en'))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked[0]?.language === 'bn' ? 'bn' : DEFAULT_LOCALE;
}

/**
 * The header by which the storefront tells the API the language of the page a call comes from
 * (apps/web/app/lib/http.ts, and the page server's in-process calls): SMS and e-mails go out in it.
 */
export const LOCALE_HEADER = 'x-store-locale';

/** The cookie that remembers the language a shopper chose (set by GET /language, read by the page server and the API). */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** A cookie's value as a language of the store, or null when it names none. */
export function localeOrNull(value: string | undefined | null): Locale | null {
  return LOCALES.find((locale) => locale === value) ?? null;
}
