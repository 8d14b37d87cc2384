/*
 * The shop's hours in words and as a rule: customer care's days and hours, and the same-day
 * cut-off. Both are settings of the 'site' row (the back office edits them, admin-settings.ts has
 * their schemas and defaults); the storefront receives them with the public config and the
 * checkout answer and words them here. No zod: the shell and the call panel import this.
 */
import type { CareHours, Weekday } from './admin-settings.js';
import { dhakaClock } from './dhaka-time.js';

/** In the order of dhakaClock's weekday (0 = Sunday). */
const DAYS: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const DAY_NAMES: Record<Weekday, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};

/** 10 → '10 AM', 18 → '6 PM', 0 and 24 → '12 AM'. */
export function hourLabel(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour % 24 < 12 ? 'AM' : 'PM'}`;
}

/** The same-day cut-off as the checkout and the copy write it: 14 → '2 PM'. */
export const cutoffLabel = (cutoffHour: number) => hourLabel(cutoffHour);

/**
 * The days in words, from the first day of the week's longest run: 'Sunday to Thursday',
 * 'Saturday to Thursday' (a run may cross the weekend), 'Friday and Saturday', 'Sunday, Tuesday
 * and Thursday', 'Every day'.
 */
export function careDaysText(days: readonly Weekday[]): string {
  const open = DAYS.map((d) => days.includes(d));
  const count = open.filter(Boolean).length;
  if (count === DAYS.length) return 'Every day';
  // A run starts on an open day that follows a closed one; one run means the days are consecutive.
  const starts = DAYS.map((_, i) => i).filter((i) => open[i] && !open[(i + DAYS.length - 1) % DAYS.length]);
  const names = (from: number) =>
    DAYS.map((_, k) => DAYS[(from + k) % DAYS.length]!)
      .filter((d) => days.includes(d))
      .map((d) => DAY_NAMES[d]);
  if (starts.length === 1 && count > 2) {
    const list = names(starts[0]!);
    return `${list[0]} to ${list.at(-1)}`;
  }
  const list = names(starts[0] ?? 0);
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : (list[0] ?? '');
}

/** 'Sunday to Thursday, 10 AM to 6 PM': the footer's and the call panel's line. */
export function careHoursText(hours: CareHours): string {
  return `${careDaysText(hours.days)}, ${hourLabel(hours.open_hour)} to ${hourLabel(hours.close_hour)}`;
}

const shortHour = (hour: number) => hourLabel(hour).replace(' ', '').toLowerCase();

/** The call panel's warning outside the hours (SPEC §9's sentence, with the hours as set). */
export function callOutsideHoursText(hours: CareHours): string {
  return `Customer Service Representatives are available between ${shortHour(hours.open_hour)} and ${shortHour(hours.close_hour)} ${careDaysText(hours.days)}, except holidays.`;
}

/** Whether customer care answers at this instant: an open day and hour in Dhaka, wherever the shopper's clock is set. */
export function isWithinCareHours(hours: CareHours, now: Date): boolean {
  const { weekday, hour } = dhakaClock(now);
  return hours.days.includes(DAYS[weekday]!) && hour >= hours.open_hour && hour < hours.close_hour;
}
