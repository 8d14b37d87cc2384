import { SERVICE_CLOSE_HOUR, SERVICE_OPEN_HOUR } from '@store/shared/constants';
import { dhakaClock } from '@store/shared/dhaka-time';

const FRIDAY = 5;
const SATURDAY = 6;

/**
 * Whether customer care answers calls at this instant: Sunday to Thursday, from 10:00 until
 * 18:00 in Dhaka (SPEC §9), wherever the shopper's own clock is set.
 */
export function isWithinServiceHours(now: Date): boolean {
  const { weekday, hour } = dhakaClock(now);
  if (weekday === FRIDAY || weekday === SATURDAY) return false;
  return hour >= SERVICE_OPEN_HOUR && hour < SERVICE_CLOSE_HOUR;
}
