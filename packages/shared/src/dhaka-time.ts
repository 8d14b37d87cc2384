/*
 * The shop's clock and calendar: Asia/Dhaka (SERVICE_TIME_ZONE), the same on the server and in
 * every browser whatever the device's own zone. Dhaka keeps UTC+6 all year (Bangladesh has not
 * used daylight saving since 2009), so its wall time is UTC moved six hours on, and no Intl
 * time-zone or locale data is needed: a page's first Intl formatter costs the browser 5–100 ms of
 * main thread while it loads that data. The tests check every function against Intl with
 * timeZone 'Asia/Dhaka'.
 */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
// As en-GB abbreviates them (with 'Sept').
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

export type DhakaClock = {
  year: number;
  /** 0 = January. */
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  hour: number;
  minute: number;
};

/** The date and time on a wall clock in Dhaka at the given instant. */
export function dhakaClock(at: Date): DhakaClock {
  const d = new Date(at.getTime() + DHAKA_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

const dateOf = (c: DhakaClock, month: 'long' | 'short') => `${c.day} ${(month === 'long' ? MONTHS : SHORT_MONTHS)[c.month]} ${c.year}`;

/** '3 September 2026' (month 'long') or '3 Sept 2026' (month 'short'), as en-GB writes the Dhaka date. */
export function formatDhakaDate(at: Date, month: 'long' | 'short'): string {
  return dateOf(dhakaClock(at), month);
}

/** '3 Sept 2026, 9:05': the Dhaka date with the 24-hour time, as en-GB writes them. */
export function formatDhakaDateTime(at: Date): string {
  const c = dhakaClock(at);
  return `${dateOf(c, 'short')}, ${c.hour}:${String(c.minute).padStart(2, '0')}`;
}
