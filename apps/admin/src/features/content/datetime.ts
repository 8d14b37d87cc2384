/**
 * Date-time fields hold the moment as the API speaks it (ISO with an offset) and show it in the
 * browser's own clock (an <input type="datetime-local"> has no time zone): the member picks a time
 * on their device and the API gets the same instant.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-24T18:30" in this browser's time zone, for a datetime-local input; '' for none. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant a datetime-local value names, as ISO; null for an empty field, the text itself when it is not a date (the schema says so). */
export function localInputToIso(value: string): string | null {
  if (value.trim() === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}
