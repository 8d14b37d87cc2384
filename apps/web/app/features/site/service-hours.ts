import { SERVICE_CLOSE_HOUR, SERVICE_OPEN_HOUR, SERVICE_TIME_ZONE } from '@store/shared/constants';

const dhakaClock = new Intl.DateTimeFormat('en-US', { timeZone: SERVICE_TIME_ZONE, weekday: 'short', hour: 'numeric', hourCycle: 'h23' });
const CLOSED_DAYS = new Set(['Fri', 'Sat']);

/**
 * Whether customer care answers calls at this instant: Sunday to Thursday, from 10:00 until
 * 18:00 in Dhaka (SPEC §9), wherever the shopper's own clock is set.
 */
export function isWithinServiceHours(now: Date): boolean {
  const parts = dhakaClock.formatToParts(now);
  const weekday = parts.find((p) => p.type === 'weekday')?.value ?? '';
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  if (CLOSED_DAYS.has(weekday)) return false;
  return hour >= SERVICE_OPEN_HOUR && hour < SERVICE_CLOSE_HOUR;
}
