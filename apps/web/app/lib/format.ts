import { bengaliDigits, formatDhakaDateBn, formatDhakaDateTimeBn, formatNumberBn, formatTakaBn } from '@store/shared/bangla';
import { formatDhakaDate as formatDhakaDateEn, formatDhakaDateTime as formatDhakaDateTimeEn } from '@store/shared/dhaka-time';
import { formatTaka as formatTakaEn, groupIndian } from '@store/shared/money';
import { LOCALE } from './locale';

/*
 * Money, counts and dates as the page's language writes them (issue 21): '৳1,23,450' and
 * '12 March 2026' in English, '৳১,২৩,৪৫০' and '১২ মার্চ ২০২৬' in Bangla, Dhaka time in both.
 * LOCALE is a constant of the build, so each build keeps one side of every choice here.
 */

/** A price in poisha as taka: lakh grouping, no decimals. */
export const formatTaka = LOCALE === 'bn' ? formatTakaBn : formatTakaEn;

/** A whole number (a count, a quantity) in the page's digits, with lakh grouping. */
export const formatCount = LOCALE === 'bn' ? formatNumberBn : groupIndian;

/** A day in Dhaka: '12 March 2026' ('long') or '12 Mar 2026' ('short'). */
export const formatDhakaDate = LOCALE === 'bn' ? formatDhakaDateBn : formatDhakaDateEn;

/** A moment in Dhaka, day and time. */
export const formatDhakaDateTime = LOCALE === 'bn' ? formatDhakaDateTimeBn : formatDhakaDateTimeEn;

/** Digits as the page writes them, nothing else changed (a year, a code shown to read). */
export const formatDigits = LOCALE === 'bn' ? bengaliDigits : (text: string) => text;
