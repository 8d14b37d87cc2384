import { AppError } from './errors.js';

/*
 * Two staff editing one item: each editor's save names the `updated_at` it loaded, and a save whose
 * time is not the stored one would undo someone else's work, so it is refused (409 edit_conflict)
 * and the editor says to reload. Stamps only move forward, so two saves in one millisecond still differ.
 */

/** Refuses a save made from an older copy. Call it on the row locked FOR UPDATE; without a loaded time (an API client that sends none) the save goes through. */
export function assertUnchangedSince(loadedAt: string | undefined, storedAt: Date, message: string): void {
  if (loadedAt !== undefined && new Date(loadedAt).getTime() !== storedAt.getTime()) throw new AppError('edit_conflict', message);
}

/** The new `updated_at`: now, or a millisecond past the stored one when the clock has not moved on. */
export function nextStamp(storedAt: Date, now: Date): Date {
  return new Date(Math.max(now.getTime(), storedAt.getTime() + 1));
}
