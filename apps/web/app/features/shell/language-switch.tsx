import { useLocation } from 'react-router';
import { localizedPath, type Locale } from '@store/shared/locale';
import { LOCALE } from '../../lib/locale';
import banglaWord from '../catalog/fonts/bangla-word.woff2?no-inline';

/** The other language, named in itself. */
const OTHER: { locale: Locale; name: string } = LOCALE === 'en' ? { locale: 'bn', name: 'বাংলা' } : { locale: 'en', name: 'English' };

/**
 * The root's preload of the 1 kB font that draws 'বাংলা' on English pages where the device has no
 * Bengali font (app.css, 'Bangla Word'). Without the preload Chromium shapes the word before the
 * font arrives and leaves it as boxes (as with ৳, taka-font.ts).
 */
export const languageSwitchFontLinks = () =>
  LOCALE === 'en' ? [{ rel: 'preload', href: banglaWord, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' } as const] : [];

/**
 * This page in the other language (issue 21). A plain link to GET /language, which remembers the
 * choice in a cookie and goes there: the other language is the other build (decision 009), so the
 * switch is a page load, and it works before the page's scripts.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { pathname, search } = useLocation();
  const to = localizedPath(`${pathname}${search}`, OTHER.locale);
  return (
    <a
      href={`/language?to=${encodeURIComponent(to)}`}
      lang={OTHER.locale}
      hrefLang={OTHER.locale}
      rel="nofollow"
      data-testid="language-switch"
      className={className}
      // First in its own stack: a subset font named after the page's fonts arrives after Chromium has
      // shaped the word with the fallback, and the boxes stay (as with ৳; decision 009).
      style={LOCALE === 'en' ? { fontFamily: "'Bangla Word', var(--font-sans)" } : undefined}
    >
      {OTHER.name}
    </a>
  );
}
