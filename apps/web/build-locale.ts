import { LOCALES, type Locale } from '@store/shared/locale';

/**
 * The language a build of the storefront speaks (decision 009): STORE_LOCALE, English by default.
 * `npm run build -w apps/web` builds each of LOCALES in turn (scripts/build.mjs).
 */
export function buildLocale(): Locale {
  const asked = process.env.STORE_LOCALE ?? 'en';
  const locale = LOCALES.find((l) => l === asked);
  if (!locale) throw new Error(`STORE_LOCALE=${asked}: the store speaks ${LOCALES.join(', ')}`);
  return locale;
}

/**
 * Where a language's build goes: the English one in WEB_BUILD_DIR (build/ by default, which lets
 * parallel builds for tests use folders of their own), every other language in a folder of that
 * name inside it (build/bn/). The API server loads them all from there (apps/api/src/plugins/web.ts).
 */
export function localeBuildDirectory(locale: Locale): string {
  const root = process.env.WEB_BUILD_DIR ?? 'build';
  return locale === 'en' ? root : `${root}/${locale}`;
}
