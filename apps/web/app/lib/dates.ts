import { formatDhakaDate } from './format';

/** '1 June 2025', as the date falls in Dhaka: the same on the server and in every browser. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDhakaDate(date, 'long');
}
