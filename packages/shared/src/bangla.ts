/*
 * Numbers, money and dates as Bangla pages write them (issue 21): Bengali digits (০–৯), lakh and
 * crore grouping, Bangla month and day names, Dhaka time. Written out, as money.ts and
 * dhaka-time.ts are, rather than read from Intl (a page's first Intl formatter costs the browser
 * tens of milliseconds), and kept apart from them so English pages carry none of it. The tests
 * check every function against Intl's bn-BD.
 */
import { dhakaClock, type DhakaClock } from './dhaka-time.js';
import { groupIndian, toAmount } from './money.js';

const BENGALI_DIGITS = ['০', '১', '২', '৩', '৪', '৫', '৬', '৭', '৮', '৯'];

/** Latin digits written as Bengali ones: '1,23,450' → '১,২৩,৪৫০'. */
export function bengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => BENGALI_DIGITS[Number(digit)]!);
}

/** A whole number with lakh and crore grouping in Bengali digits: 1234567 → '১২,৩৪,৫৬৭', as bn-BD writes it. */
export function formatNumberBn(whole: number): string {
  return bengaliDigits(groupIndian(whole));
}

/** Taka in Bangla: the sign before the number, as the shop writes prices: 12345000 poisha → '৳১,২৩,৪৫০'. */
export function formatTakaBn(poisha: unknown): string {
  return `৳${formatNumberBn(Math.round(toAmount(poisha) / 100))}`;
}

// As bn-BD names them within a date (CLDR's format forms: the short ones differ from the stand-alone ones).
const MONTHS = ['জানুয়ারি', 'ফেব্রুয়ারি', 'মার্চ', 'এপ্রিল', 'মে', 'জুন', 'জুলাই', 'আগস্ট', 'সেপ্টেম্বর', 'অক্টোবর', 'নভেম্বর', 'ডিসেম্বর'];
const SHORT_MONTHS = ['জানু', 'ফেব', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুল', 'আগ', 'সেপ', 'অক্টো', 'নভে', 'ডিসে'];
const WEEKDAYS = ['রবিবার', 'সোমবার', 'মঙ্গলবার', 'বুধবার', 'বৃহস্পতিবার', 'শুক্রবার', 'শনিবার'];

const dateOf = (c: DhakaClock, month: 'long' | 'short') =>
  bengaliDigits(`${c.day} ${(month === 'long' ? MONTHS : SHORT_MONTHS)[c.month]}, ${c.year}`);

/** The Dhaka date: '৩ সেপ্টেম্বর, ২০২৬' (month 'long') or '৩ সেপ, ২০২৬' (month 'short'). */
export function formatDhakaDateBn(at: Date, month: 'long' | 'short'): string {
  return dateOf(dhakaClock(at), month);
}

/** The Dhaka date with the 24-hour time, two-digit hours: '৩ সেপ, ২০২৬, ০৯:০৫'. */
export function formatDhakaDateTimeBn(at: Date): string {
  const c = dhakaClock(at);
  return `${dateOf(c, 'short')}, ${bengaliDigits(`${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`)}`;
}

/** A day of the week by its number (0 = Sunday): 5 → 'শুক্রবার'. */
export function weekdayNameBn(weekday: number): string {
  return WEEKDAYS[weekday] ?? '';
}
