import { getLocale } from '@store/shared/i18n/runtime';
import { bengaliDigits, formatTakaBn } from '@store/shared/bangla';
import { localizedPath, type Locale } from '@store/shared/locale';
import { formatTaka } from '@store/shared/money';

/**
 * What a message to a shopper writes in their language (issue 21): taka as that language writes it
 * ('৳1,250' or '৳১,২৫০'), and a storefront page's address in it (Bangla pages under /bn).
 */
export const takaIn = (locale: Locale, poisha: number): string => (locale === 'bn' ? formatTakaBn(poisha) : formatTaka(poisha));

/** A number as digits of the language, no grouping (a quantity, minutes). */
export const digitsIn = (locale: Locale, n: number): string => (locale === 'bn' ? bengaliDigits(String(n)) : String(n));

export const pageUrlIn = (publicUrl: string, path: string, locale: Locale): string =>
  `${publicUrl.replace(/\/$/, '')}${localizedPath(path, locale)}`;

/**
 * A content field in the language of the request being served (issue 21 item 4): its Bangla where
 * staff wrote one, else the English, which every field has. The request's language is the one the
 * catalogs' messages read (plugins/request-locale.ts); outside a request it is English.
 */
export function inRequestLanguage(english: string, bangla: string | null | undefined): string {
  return inLanguage(getLocale(), english, bangla);
}

const collators: Record<Locale, Intl.Collator> = {
  en: new Intl.Collator('en', { sensitivity: 'base', numeric: true }),
  bn: new Intl.Collator('bn', { sensitivity: 'base', numeric: true }),
};

/**
 * Rows in the alphabetical order of the request's language by their label, once that label is in
 * it: a Bangla page lists a filter's categories as a Bangla reader looks for them, not in the order
 * of their English names.
 */
export function byLabelInRequestLanguage<Row extends { label: string }>(rows: Row[]): Row[] {
  const collator = collators[getLocale()];
  return rows.sort((a, b) => collator.compare(a.label, b.label));
}

/** The same choice for a language named outside a request (an order's e-mail, a back-in-stock note). */
export function inLanguage(locale: Locale, english: string, bangla: string | null | undefined): string {
  return locale === 'bn' && bangla?.trim() ? bangla : english;
}

/**
 * A cache key for an answer that holds content in the request's language (product names, page text):
 * one entry per language, so a Bangla answer is never served to an English page.
 */
export const languageKey = (key: string): string => `${getLocale()}|${key}`;

/**
 * A Bangla field as the back office stores it: left out of a patch (undefined) it stays as it is;
 * empty it becomes null, so the page shows the English.
 */
export function storedBangla(value: string | undefined): string | null | undefined {
  return value === undefined ? undefined : value.trim() || null;
}

/** What the back office shows of a stored Bangla field: '' for none. */
export const shownBangla = (value: string | null): string => value ?? '';
