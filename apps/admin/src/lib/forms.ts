import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, waitText } from './api';

/** What to say when the request never got an answer. */
export const OFFLINE_MESSAGE = 'The server could not be reached. Check the connection and try again.';

/**
 * Puts an API error on the form: each field the API named gets its message under that field; what
 * is left (or an error without fields) comes back as the form's own message.
 */
export function apiErrorToForm<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): string | null {
  if (!(error instanceof ApiError)) return OFFLINE_MESSAGE;
  if (error.code === 'rate_limited' && error.retryAfter) return `Too many attempts. Try again in ${waitText(error.retryAfter)}.`;
  const unplaced: string[] = [];
  for (const [name, message] of Object.entries(error.fields)) {
    // A nested field comes as a dotted path (shipping_fees.same_day), which react-hook-form reads the same way.
    if (fieldNames.some((f) => name === f || name.startsWith(`${f}.`))) setError(name as Path<T>, { type: 'server', message });
    else unplaced.push(message);
  }
  if (Object.keys(error.fields).length === 0) return error.message;
  return unplaced.length ? unplaced.join(' ') : null;
}

/** The message of any failed call, for places without a form. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return OFFLINE_MESSAGE;
  if (error.code === 'rate_limited' && error.retryAfter) return `Too many attempts. Try again in ${waitText(error.retryAfter)}.`;
  return error.message;
}

/** The error with its field messages, for a dialog whose fields are few (each message names its field). */
export function fieldsText(error: unknown): string {
  if (error instanceof ApiError && Object.keys(error.fields).length) return Object.values(error.fields).join(' ');
  return errorMessage(error);
}

/** register() options for a number box: empty is NaN, which the schema answers with its message rather than a silent 0. */
export const numberField = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v)) };
