import { SERVICE_TIME_ZONE } from '@store/shared/constants';

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SERVICE_TIME_ZONE });

/** '1 June 2025', as the date falls in Dhaka: the same on the server and in every browser. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}
