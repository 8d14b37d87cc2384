import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLocale, overwriteGetLocale } from '@store/shared/i18n/runtime';
import { DEFAULT_CARE_HOURS, type CareHours } from './admin-settings.js';
import { callOutsideHoursText, careDaysText, careHoursText, cutoffLabel, hourLabel, isWithinCareHours } from './shop-hours.js';

describe('hourLabel and cutoffLabel', () => {
  it.each([
    [0, '12 AM'],
    [9, '9 AM'],
    [12, '12 PM'],
    [14, '2 PM'],
    [23, '11 PM'],
    [24, '12 AM'],
  ])('%i → %s', (hour, label) => {
    expect(hourLabel(hour)).toBe(label);
  });

  it('writes the default cut-off as the copy always did', () => {
    expect(cutoffLabel(14)).toBe('2 PM');
    expect(cutoffLabel(13)).toBe('1 PM');
  });
});

describe('care hours in words', () => {
  it('words the default hours exactly as SPEC §9 and the old constants did', () => {
    expect(careHoursText(DEFAULT_CARE_HOURS)).toBe('Sunday to Thursday, 10 AM to 6 PM');
    expect(callOutsideHoursText(DEFAULT_CARE_HOURS)).toBe(
      'Customer Service Representatives are available between 10am and 6pm Sunday to Thursday, except holidays.',
    );
  });

  it.each<[CareHours['days'], string]>([
    [['sun', 'mon', 'tue', 'wed', 'thu'], 'Sunday to Thursday'],
    [['sat', 'sun', 'mon', 'tue', 'wed', 'thu'], 'Saturday to Thursday'],
    [['thu', 'sat', 'sun', 'mon', 'tue', 'wed'], 'Saturday to Thursday'],
    [['fri', 'sat'], 'Friday and Saturday'],
    [['sun', 'tue', 'thu'], 'Sunday, Tuesday and Thursday'],
    [['sat', 'mon'], 'Monday and Saturday'],
    [['wed'], 'Wednesday'],
    [['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'], 'Every day'],
  ])('%j → %s', (days, text) => {
    expect(careDaysText(days)).toBe(text);
  });

  it('follows changed hours', () => {
    const hours: CareHours = { days: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'], open_hour: 9, close_hour: 21 };
    expect(careHoursText(hours)).toBe('Saturday to Thursday, 9 AM to 9 PM');
    expect(callOutsideHoursText(hours)).toBe(
      'Customer Service Representatives are available between 9am and 9pm Saturday to Thursday, except holidays.',
    );
  });
});

// Dhaka is UTC+6 all year (no daylight saving): 10:00 in Dhaka is 04:00Z, 18:00 is 12:00Z.
describe('isWithinCareHours with the default hours (Asia/Dhaka)', () => {
  it.each([
    ['2025-06-01T04:00:00Z', true, 'Sunday 10:00 opens'],
    ['2025-06-01T03:59:59Z', false, 'Sunday 09:59 is before opening'],
    ['2025-06-05T11:59:59Z', true, 'Thursday 17:59 is still open'],
    ['2025-06-05T12:00:00Z', false, 'Thursday 18:00 has closed'],
    ['2025-06-03T08:00:00+06:00', false, 'Tuesday 08:00'],
    ['2025-06-03T14:30:00+06:00', true, 'Tuesday 14:30'],
    ['2025-06-06T06:00:00Z', false, 'Friday noon is closed'],
    ['2025-06-07T06:00:00Z', false, 'Saturday noon is closed'],
    ['2025-06-05T20:00:00Z', false, 'Thursday 20:00Z is already Friday 02:00 in Dhaka'],
    ['2025-06-07T22:30:00Z', false, 'Saturday 22:30Z is Sunday 04:30 in Dhaka, before opening'],
    ['2025-06-08T04:30:00Z', true, 'Sunday 04:30Z is 10:30 in Dhaka'],
    ['2025-06-07T23:00:00-05:00', true, 'Saturday evening in New York is Sunday 10:00 in Dhaka'],
    ['2025-06-05T10:00:00-04:00', false, 'Thursday morning in New York is Thursday 20:00 in Dhaka'],
    ['2025-12-31T18:30:00Z', false, 'New Year midnight in Dhaka'],
    ['2026-03-29T05:00:00Z', true, 'a Sunday when Europe changes its clocks makes no difference'],
  ])('%s → %s (%s)', (iso, open) => {
    expect(isWithinCareHours(DEFAULT_CARE_HOURS, new Date(iso))).toBe(open);
  });
});

describe('isWithinCareHours with changed hours', () => {
  const hours: CareHours = { days: ['fri', 'sat'], open_hour: 8, close_hour: 24 };
  it.each([
    ['2025-06-06T02:00:00Z', true, 'Friday 08:00 opens'],
    ['2025-06-06T01:59:59Z', false, 'Friday 07:59'],
    ['2025-06-07T17:59:00Z', true, 'Saturday 23:59 is still open (closes at midnight)'],
    ['2025-06-07T18:00:00Z', false, 'Sunday 00:00 is not an open day'],
    ['2025-06-01T06:00:00Z', false, 'Sunday noon is now closed'],
  ])('%s → %s (%s)', (iso, open) => {
    expect(isWithinCareHours(hours, new Date(iso))).toBe(open);
  });
});

describe('care hours in Bangla (the catalogs read the request’s language)', () => {
  const english = getLocale;
  beforeAll(() => overwriteGetLocale(() => 'bn'));
  afterAll(() => overwriteGetLocale(english));

  it('names the part of the day and writes Bengali digits', () => {
    expect([0, 5, 10, 12, 14, 16, 18, 21].map(hourLabel)).toEqual([
      'রাত ১২টা',
      'ভোর ৫টা',
      'সকাল ১০টা',
      'দুপুর ১২টা',
      'দুপুর ২টা',
      'বিকেল ৪টা',
      'সন্ধ্যা ৬টা',
      'রাত ৯টা',
    ]);
  });

  it('words the days and the hours, and the call panel’s warning', () => {
    expect(careHoursText(DEFAULT_CARE_HOURS)).toBe('রবিবার থেকে বৃহস্পতিবার, সকাল ১০টা থেকে সন্ধ্যা ৬টা');
    expect(careDaysText(['fri', 'sat'])).toBe('শুক্রবার ও শনিবার');
    expect(callOutsideHoursText(DEFAULT_CARE_HOURS)).toBe(
      'কাস্টমার সার্ভিস প্রতিনিধিরা রবিবার থেকে বৃহস্পতিবার সকাল ১০টা থেকে সন্ধ্যা ৬টা পর্যন্ত আছেন, ছুটির দিন ছাড়া।',
    );
  });
});
