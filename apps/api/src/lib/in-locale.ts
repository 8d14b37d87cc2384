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
