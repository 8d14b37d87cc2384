/*
 * The shop's hours in words and as a rule: customer care's days and hours, and the same-day
 * cut-off. Both are settings of the 'site' row (the back office edits them, admin-settings.ts has
 * their schemas and defaults); the storefront receives them with the public config and the
 * checkout answer and words them here. No zod: the shell and the call panel import this.
 */
import type { CareHours, Weekday } from './admin-settings.js';
import { dhakaClock } from './dhaka-time.js';
import * as m from '@store/shared/i18n/messages';
import { count } from './messages.js';

/** In the order of dhakaClock's weekday (0 = Sunday). */
const DAYS: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const DAY_NAMES: Record<Weekday, () => string> = {
  sun: m.day_sun,
  mon: m.day_mon,
  tue: m.day_tue,
  wed: m.day_wed,
  thu: m.day_thu,
  fri: m.day_fri,
  sat: m.day_sat,
};

/**
 * The parts of the day an hour is named by. English needs only AM and PM; Bangla names six parts
 * (রাত, ভোর, সকাল, দুপুর, বিকেল, সন্ধ্যা), so each band here lies inside one part in both languages.
 */
const HOUR_BANDS: readonly [until: number, label: (inputs: { hour: string }) => string][] = [
  [4, m.hour_late_night],
  [6, m.hour_dawn],
  [12, m.hour_morning],
  [15, m.hour_noon],
  [18, m.hour_afternoon],
  [20, m.hour_evening],
  [24, m.hour_night],
];

/** 10 → '10 AM' ('সকাল ১০টা'), 18 → '6 PM' ('সন্ধ্যা ৬টা'), 0 and 24 → '12 AM' ('রাত ১২টা'). */
export function hourLabel(hour: number): string {
  const h = hour % 24;
  const [, label] = HOUR_BANDS.find(([until]) => h < until)!;
  return label({ hour: count(h % 12 === 0 ? 12 : h % 12) });
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
  const openDays = open.filter(Boolean).length;
  if (openDays === DAYS.length) return m.days_every();
  // A run starts on an open day that follows a closed one; one run means the days are consecutive.
  const starts = DAYS.map((_, i) => i).filter((i) => open[i] && !open[(i + DAYS.length - 1) % DAYS.length]);
  const names = (from: number) =>
    DAYS.map((_, k) => DAYS[(from + k) % DAYS.length]!)
      .filter((d) => days.includes(d))
      .map((d) => DAY_NAMES[d]());
  if (starts.length === 1 && openDays > 2) {
    const list = names(starts[0]!);
    return m.days_range({ from: list[0]!, to: list.at(-1)! });
  }
  const list = names(starts[0] ?? 0);
  return list.length > 1 ? m.list_and({ list: list.slice(0, -1).join(', '), last: list.at(-1)! }) : (list[0] ?? '');
}

/** 'Sunday to Thursday, 10 AM to 6 PM': the footer's and the call panel's line. */
export function careHoursText(hours: CareHours): string {
  return m.care_hours({ days: careDaysText(hours.days), open: hourLabel(hours.open_hour), close: hourLabel(hours.close_hour) });
}

/** SPEC §9's sentence writes English hours short ('10am'); Bangla's hour names stay as they are. */
const shortHour = (hour: number) => {
  const label = hourLabel(hour);
  return /^\d+ [AP]M$/.test(label) ? label.replace(' ', '').toLowerCase() : label;
};

/** The call panel's warning outside the hours (SPEC §9's sentence, with the hours as set). */
export function callOutsideHoursText(hours: CareHours): string {
  return m.care_outside_hours({ open: shortHour(hours.open_hour), close: shortHour(hours.close_hour), days: careDaysText(hours.days) });
}

/** Whether customer care answers at this instant: an open day and hour in Dhaka, wherever the shopper's clock is set. */
export function isWithinCareHours(hours: CareHours, now: Date): boolean {
  const { weekday, hour } = dhakaClock(now);
  return hours.days.includes(DAYS[weekday]!) && hour >= hours.open_hour && hour < hours.close_hour;
}
