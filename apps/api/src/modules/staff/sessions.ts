import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { StaffSession } from '@store/shared/admin';
import type { Env } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { StaffActor } from '../../lib/context.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { staffMembers, staffSessions } from './staff.tables.js';

/** A back-office session ends 12 hours after sign-in, however busy. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

const idleMs = (env: Pick<Env, 'STAFF_IDLE_MINUTES'>) => env.STAFF_IDLE_MINUTES * 60 * 1000;

/** Opens a session and returns its token: the only time the token exists outside the client. */
export async function createStaffSession(
  db: Db,
  clock: Clock,
  staffId: number,
  from: { ip: string | undefined; userAgent: string | undefined },
): Promise<string> {
  const token = randomToken();
  const now = clock.now();
  await db.insert(staffSessions).values({
    tokenHash: sha256(token),
    staffId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + STAFF_SESSION_TTL_MS),
    ip: from.ip ?? null,
    userAgent: from.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/**
 * The staff member behind a token: a live session (not revoked, not past 12 hours, used within the
 * idle timeout) of an active member. Each hit moves the session's last use on.
 */
/** How stale a session's last-seen time may get before a request moves it (the idle limit's slack). */
const LAST_SEEN_STEP_MS = 60_000;

export async function findStaffBySession(
  db: Db,
  clock: Clock,
  env: Pick<Env, 'STAFF_IDLE_MINUTES'>,
  token: string,
): Promise<{ actor: StaffActor; twoFactorEnabled: boolean } | null> {
  if (token.length < 20 || token.length > 100) return null;
  const now = clock.now();
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      id: staffMembers.id,
      email: staffMembers.email,
      name: staffMembers.name,
      role: staffMembers.role,
      totpEnabledAt: staffMembers.totpEnabledAt,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, sha256(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - idleMs(env))),
        eq(staffMembers.status, 'active'),
      ),
    );
  if (!row) return null;
  // The idle clock moves at most once a minute: a busy screen's every request would otherwise be a
  // write, each waiting on the last for the same row.
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.sessionId));
  }
  const { totpEnabledAt, lastSeenAt: _lastSeenAt, ...actor } = row;
  return { actor, twoFactorEnabled: totpEnabledAt !== null };
}

/** The member's live sessions, newest first. */
export async function listStaffSessions(
  db: Db,
  clock: Clock,
  env: Pick<Env, 'STAFF_IDLE_MINUTES'>,
  staff: Pick<StaffActor, 'id' | 'sessionId'>,
): Promise<StaffSession[]> {
  const now = clock.now();
  const rows = await db
    .select()
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.staffId, staff.id),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - idleMs(env))),
      ),
    )
    .orderBy(desc(staffSessions.lastSeenAt), desc(staffSessions.id));
  return rows.map((s) => ({
    id: s.id,
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    ip: s.ip,
    user_agent: s.userAgent,
    current: s.id === staff.sessionId,
  }));
}

/** Ends one of the member's own sessions; false when there is no such live session of theirs. */
export async function revokeStaffSession(db: Db, clock: Clock, staffId: number, sessionId: number): Promise<boolean> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return rows.length > 0;
}

/** Ends every session of a member: sign-out-everywhere, a disabled member, a new password. */
export async function revokeAllStaffSessions(db: Db, clock: Clock, staffId: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}
