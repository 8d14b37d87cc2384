import { describe, expect, it } from 'vitest';
import { bengaliDigits, formatDhakaDateBn, formatDhakaDateTimeBn, formatNumberBn, formatTakaBn, weekdayNameBn } from './bangla.js';
import { SERVICE_TIME_ZONE } from './constants.js';

// About every hour (the minutes drifting) over two years, and instants around Dhaka's midnights and New Year.
const instants: Date[] = [];
for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 2, 1); t += 61 * 60 * 1000 + 7 * 1000) instants.push(new Date(t));
for (const iso of ['2026-12-31T17:59:59Z', '2026-12-31T18:00:00Z', '2028-02-28T18:00:00Z', '2099-06-30T12:34:00Z'])
  instants.push(new Date(iso));

describe('Bangla numbers, money and dates', () => {
  it('write amounts in Bengali digits with the lakh grouping of Intl bn-BD', () => {
    const bn = new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 0 });
    for (const n of [0, 7, 42, 999, 1000, 12345, 123450, 1234567, 12345678, 123456789, -1234567]) {
      expect(formatNumberBn(n)).toBe(bn.format(n));
      expect(formatTakaBn(n * 100)).toBe(`৳${bn.format(n)}`);
    }
    expect(formatTakaBn(12345000)).toBe('৳১,২৩,৪৫০');
    expect(formatTakaBn('')).toBe('৳০');
    expect(bengaliDigits('Order 2026-0042')).toBe('Order ২০২৬-০০৪২');
  });

  it('write dates and times as bn-BD does in Asia/Dhaka', () => {
    const options = { timeZone: SERVICE_TIME_ZONE, day: 'numeric', year: 'numeric' } as const;
    const long = new Intl.DateTimeFormat('bn-BD', { ...options, month: 'long' });
    const short = new Intl.DateTimeFormat('bn-BD', { ...options, month: 'short' });
    const withTime = new Intl.DateTimeFormat('bn-BD', { ...options, month: 'short', hour: 'numeric', minute: '2-digit', hourCycle: 'h23' });
    for (const at of instants) {
      expect(formatDhakaDateBn(at, 'long')).toBe(long.format(at));
      expect(formatDhakaDateBn(at, 'short')).toBe(short.format(at));
      expect(formatDhakaDateTimeBn(at)).toBe(withTime.format(at));
    }
    expect(formatDhakaDateBn(new Date('2026-09-02T18:30:00Z'), 'long')).toBe('৩ সেপ্টেম্বর, ২০২৬');
  });

  it('name the days of the week as bn-BD does', () => {
    const intl = new Intl.DateTimeFormat('bn-BD', { timeZone: 'UTC', weekday: 'long' });
    // 1 November 2026 is a Sunday.
    for (let day = 0; day < 7; day++) expect(weekdayNameBn(day)).toBe(intl.format(new Date(Date.UTC(2026, 10, 1 + day))));
    expect(weekdayNameBn(5)).toBe('শুক্রবার');
  });
});
