import type { DbCtx } from '../../lib/context.js';
import { lt, or } from 'drizzle-orm';
import { deleteInBatches } from '../../lib/delete-in-batches.js';
import { accountLinks, guestRegistrations, oneTimeCodes, sessions } from './accounts.tables.js';

/**
 * How long a spent row (expired, used, revoked) is kept: the resend timers and cooldowns read the
 * latest code or link, so nothing within a day of use may go.
 */
export const KEEP_SPENT_MS = 24 * 60 * 60 * 1000;

export type AccountsCleanup = { sessions: number; codes: number; links: number; guestRegistrations: number };

/** Deletes sessions, one-time codes, links and unfinished guest registrations that were spent more than a day before `now`. */
export async function cleanUpAccounts({ db }: DbCtx, now: Date): Promise<AccountsCleanup> {
  const cutoff = new Date(now.getTime() - KEEP_SPENT_MS);
  return {
    sessions: await deleteInBatches(db, sessions, sessions.id, or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff))),
    codes: await deleteInBatches(
      db,
      oneTimeCodes,
      oneTimeCodes.id,
      or(lt(oneTimeCodes.expiresAt, cutoff), lt(oneTimeCodes.usedAt, cutoff)),
    ),
    links: await deleteInBatches(
      db,
      accountLinks,
      accountLinks.id,
      or(lt(accountLinks.expiresAt, cutoff), lt(accountLinks.usedAt, cutoff)),
    ),
    guestRegistrations: await deleteInBatches(db, guestRegistrations, guestRegistrations.id, lt(guestRegistrations.expiresAt, cutoff)),
  };
}
