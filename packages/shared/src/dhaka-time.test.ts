import { describe, expect, it } from 'vitest';
import { SERVICE_TIME_ZONE } from './constants.js';
import { dhakaClock, formatDhakaDate, formatDhakaDateTime } from './dhaka-time.js';

// About every hour (the minutes drifting) over two years, and instants around each Dhaka midnight and New Year.
const instants: Date[] = [];
for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 2, 1); t += 61 * 60 * 1000 + 7 * 1000) instants.push(new Date(t));
for (const iso of [
  '2026-12-31T17:59:59Z',
  '2026-12-31T18:00:00Z',
  '2027-02-28T18:00:00Z',
  '2028-02-28T18:00:00Z',
  '2010-01-01T00:00:00Z',
  '2099-06-30T12:34:00Z',
]) {
  instants.push(new Date(iso));
}

describe('the Dhaka clock', () => {
  it('reads the same weekday, date, hour and minute as Intl in Asia/Dhaka', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: SERVICE_TIME_ZONE,
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    for (const at of instants) {
      const parts = Object.fromEntries(intl.formatToParts(at).map((p) => [p.type, p.value]));
      expect(dhakaClock(at)).toEqual({
        year: Number(parts.year),
        month: Number(parts.month) - 1,
        day: Number(parts.day),
        weekday: weekdays.indexOf(parts.weekday!),
        hour: Number(parts.hour),
        minute: Number(parts.minute),
      });
    }
  });

  it('writes dates and times as en-GB does in Asia/Dhaka', () => {
    const long = new Intl.DateTimeFormat('en-GB', { timeZone: SERVICE_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });
    const short = new Intl.DateTimeFormat('en-GB', { timeZone: SERVICE_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' });
    const withTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: SERVICE_TIME_ZONE,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    for (const at of instants) {
      expect(formatDhakaDate(at, 'long')).toBe(long.format(at));
      expect(formatDhakaDate(at, 'short')).toBe(short.format(at));
      expect(formatDhakaDateTime(at)).toBe(withTime.format(at));
    }
    expect(formatDhakaDate(new Date('2026-09-02T18:30:00Z'), 'short')).toBe('3 Sept 2026');
    expect(formatDhakaDateTime(new Date('2026-01-01T20:30:00Z'))).toBe('2 Jan 2026, 2:30');
  });
});
