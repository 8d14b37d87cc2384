import { describe, expect, it } from 'vitest';
import { isWithinServiceHours } from './service-hours';

// Dhaka is UTC+6 all year (no daylight saving): 10:00 in Dhaka is 04:00Z, 18:00 is 12:00Z.
describe('isWithinServiceHours (Asia/Dhaka)', () => {
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
    expect(isWithinServiceHours(new Date(iso))).toBe(open);
  });
});
