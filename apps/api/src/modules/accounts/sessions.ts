import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { RequestCtx } from '../../lib/context.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { sessions } from './accounts.tables.js';
import { randomToken, sha256 } from '../../lib/secrets.js';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionOwner = { customerId: number } | { guestId: string };
export type ActiveSession = { id: number; customerId: number | null; guestId: string | null };
/** Sessions need the database and the time of the context. */
type SessionCtx = Pick<RequestCtx, 'db' | 'clock'>;

/** Creates a session and returns its token: the only time the token exists outside the browser. */
export async function createSession({ db, clock }: SessionCtx, owner: SessionOwner, userAgent?: string): Promise<string> {
  const token = randomToken();
  const now = clock.now();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    customerId: 'customerId' in owner ? owner.customerId : null,
    guestId: 'guestId' in owner ? owner.guestId : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** Every signed-in request's first statement: prepared once. */
const sessionByToken = preparedPerDatabase((db) =>
  db
    .select({ id: sessions.id, customerId: sessions.customerId, guestId: sessions.guestId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('session_by_token'),
);

export async function findSession({ db, clock }: SessionCtx, token: string): Promise<ActiveSession | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await sessionByToken(db).execute({ hash: sha256(token), now: clock.now() });
  return row ?? null;
}

/** Revokes one session; true when it was still live (so a refresh cannot be replayed). */
export async function revokeSession({ db, clock }: SessionCtx, sessionId: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of a customer (password change or reset), except the one given. */
export async function revokeCustomerSessions({ db, clock }: SessionCtx, customerId: number, exceptSessionId?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(
      and(
        eq(sessions.customerId, customerId),
        isNull(sessions.revokedAt),
        exceptSessionId !== undefined ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}
