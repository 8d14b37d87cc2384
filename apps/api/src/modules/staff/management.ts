/** Staff management (owners): invitations, roles, disabling; and every member's password reset by e-mail link. */
import { and, asc, count, eq, gt, isNull, ne } from 'drizzle-orm';
import {
  staffMessages,
  type AdminDetailResponse,
  type InvitationResponse,
  type StaffLoginResponse,
  type StaffMember,
  type StaffRole,
  type StaffUpdatePayload,
} from '@store/shared/admin';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, rateLimited } from '../../lib/errors.js';
import type { StaffActor } from '../../lib/context.js';
import { hashPassword } from '../../lib/passwords.js';
import { randomToken, sha256 } from '../../lib/secrets.js';
import { recordAudit } from './audit.js';
import type { StaffCtx } from './context.js';
import { memberById, memberByEmail, toStaffMember, type MemberRow } from './members.js';
import { invitationEmail, staffPasswordResetEmail } from './outgoing.js';
import { revokeAllStaffSessions } from './sessions.js';
import { startSession } from './sign-in.js';
import { lastOwner, linkInvalid } from './staff.errors.js';
import { staffLinks, staffMembers, type StaffLinkPurpose } from './staff.tables.js';

const LINK_TTL_MS: Record<StaffLinkPurpose, number> = { invitation: 7 * 24 * 60 * 60 * 1000, password_reset: 60 * 60 * 1000 };
const LINK_PATH: Record<StaffLinkPurpose, string> = { invitation: '/admin/invitation/', password_reset: '/admin/reset-password/' };
/** Reset e-mails per address and per IP, per hour: known and unknown addresses count alike. */
const RESET_LIMIT_PER_EMAIL = 3;
const RESET_LIMIT_PER_IP = 20;

/** A new single-use link for the member; earlier ones of the same purpose stop working. Returns its URL. */
async function issueLink(ctx: StaffCtx, db: Db, staffId: number, purpose: StaffLinkPurpose): Promise<string> {
  const now = ctx.clock.now();
  await db
    .update(staffLinks)
    .set({ usedAt: now })
    .where(and(eq(staffLinks.staffId, staffId), eq(staffLinks.purpose, purpose), isNull(staffLinks.usedAt)));
  const token = randomToken();
  await db.insert(staffLinks).values({
    staffId,
    purpose,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + LINK_TTL_MS[purpose]),
  });
  return `${ctx.env.PUBLIC_URL}${LINK_PATH[purpose]}${token}`;
}

/** A live link's member, or null: unknown, used, or past its time. */
async function findLink(ctx: StaffCtx, purpose: StaffLinkPurpose, token: string): Promise<MemberRow | null> {
  const [row] = await ctx.db
    .select({ member: staffMembers })
    .from(staffLinks)
    .innerJoin(staffMembers, eq(staffMembers.id, staffLinks.staffId))
    .where(
      and(
        eq(staffLinks.tokenHash, sha256(token)),
        eq(staffLinks.purpose, purpose),
        isNull(staffLinks.usedAt),
        gt(staffLinks.expiresAt, ctx.clock.now()),
      ),
    );
  return row?.member ?? null;
}

/** Uses a link once: of two requests racing with the same link, one wins. */
async function consumeLink(ctx: StaffCtx, db: Db, purpose: StaffLinkPurpose, token: string): Promise<number> {
  const [row] = await db
    .update(staffLinks)
    .set({ usedAt: ctx.clock.now() })
    .where(
      and(
        eq(staffLinks.tokenHash, sha256(token)),
        eq(staffLinks.purpose, purpose),
        isNull(staffLinks.usedAt),
        gt(staffLinks.expiresAt, ctx.clock.now()),
      ),
    )
    .returning({ staffId: staffLinks.staffId });
  if (!row) throw linkInvalid();
  return row.staffId;
}

/** What the audit log compares for a member. */
const audited = (m: MemberRow) => ({ email: m.email, name: m.name, role: m.role, status: m.status });

export async function listStaff(ctx: StaffCtx): Promise<{ data: StaffMember[] }> {
  const rows = await ctx.db.select().from(staffMembers).orderBy(asc(staffMembers.createdAt), asc(staffMembers.id));
  return { data: rows.map(toStaffMember) };
}

/** Invites a new member by e-mail: they choose their name's spelling and password from the link. */
export async function inviteStaff(
  ctx: StaffCtx,
  by: StaffActor,
  input: { email: string; name: string; role: StaffRole },
): Promise<{ data: StaffMember }> {
  if (await memberByEmail(ctx.db, input.email))
    throw new AppError('account_exists', staffMessages.staffExists, { email: staffMessages.staffExists });
  const now = ctx.clock.now();
  const { member, url } = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(staffMembers)
      .values({
        email: input.email,
        name: input.name,
        role: input.role,
        status: 'invited',
        invitedBy: by.id,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('account_exists', staffMessages.staffExists, { email: staffMessages.staffExists });
    const link = await issueLink(ctx, tx, created.id, 'invitation');
    await recordAudit(
      { ...ctx, db: tx },
      { action: 'staff.invite', entity: 'staff', entityId: created.id, before: null, after: audited(created) },
    );
    return { member: created, url: link };
  });
  await ctx.notifier.sendEmail({ to: member.email, ...invitationEmail(url, member.role, by.name || by.email) }, { oneTime: true });
  return { data: toStaffMember(member) };
}

export async function resendInvitation(ctx: StaffCtx, by: StaffActor, id: number): Promise<AdminDetailResponse> {
  const member = await memberById(ctx, id);
  if (member.status !== 'invited') throw badRequest('Only an invitation not yet accepted can be sent again');
  const url = await ctx.db.transaction(async (tx) => {
    const link = await issueLink(ctx, tx, member.id, 'invitation');
    await recordAudit(
      { ...ctx, db: tx },
      { action: 'staff.resend_invitation', entity: 'staff', entityId: member.id, before: null, after: null },
    );
    return link;
  });
  await ctx.notifier.sendEmail({ to: member.email, ...invitationEmail(url, member.role, by.name || by.email) }, { oneTime: true });
  return { success: true, detail: `Invitation sent again to ${member.email}` };
}

export async function getInvitation(ctx: StaffCtx, token: string): Promise<InvitationResponse> {
  const member = await findLink(ctx, 'invitation', token);
  if (!member || member.status !== 'invited') throw linkInvalid();
  return { data: { email: member.email, role: member.role } };
}

/** The invited member sets their name and password and is signed in. */
export async function acceptInvitation(
  ctx: StaffCtx,
  input: { token: string; name: string; password: string },
): Promise<StaffLoginResponse> {
  const passwordHash = await hashPassword(ctx.env, input.password);
  const member = await ctx.db.transaction(async (tx) => {
    const staffId = await consumeLink(ctx, tx, 'invitation', input.token);
    const [before] = await tx.select().from(staffMembers).where(eq(staffMembers.id, staffId)).for('update');
    const [accepted] = await tx
      .update(staffMembers)
      .set({ name: input.name, passwordHash, status: 'active', updatedAt: ctx.clock.now() })
      .where(and(eq(staffMembers.id, staffId), eq(staffMembers.status, 'invited')))
      .returning();
    // A member disabled since the invitation was sent: the link died with the invitation.
    if (!accepted || !before) throw linkInvalid();
    // The new member is the one who acts: the log shows who joined, when and from where.
    await recordAudit(
      { ...ctx, db: tx, staff: { id: staffId } },
      { action: 'staff.accept_invitation', entity: 'staff', entityId: staffId, before: audited(before), after: audited(accepted) },
    );
    return accepted;
  });
  return startSession(ctx, member);
}

/**
 * An owner changes a member's name, role or status. The last active owner can be neither demoted
 * nor disabled; a disabled member's sessions end at once. An invited member becomes active only by
 * accepting, and a disabled one only if they had accepted before.
 */
export async function updateStaff(ctx: StaffCtx, id: number, input: StaffUpdatePayload): Promise<{ data: StaffMember }> {
  const updated = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffMembers).where(eq(staffMembers.id, id)).for('update');
    if (!before) throw new AppError('not_found', 'No such staff member');
    let status = before.status;
    if (input.status === 'disabled') status = 'disabled';
    if (input.status === 'active' && before.status !== 'active') {
      if (before.passwordHash === null)
        throw badRequest('An invited member becomes active by accepting the invitation', { status: 'Not accepted yet' });
      status = 'active';
    }
    const role = input.role ?? before.role;
    const losesOwner = before.role === 'owner' && before.status === 'active' && (role !== 'owner' || status !== 'active');
    if (losesOwner) {
      // Every active owner's row is locked: two owners demoting each other at once cannot both succeed.
      const owners = await tx
        .select({ id: staffMembers.id })
        .from(staffMembers)
        .where(and(eq(staffMembers.role, 'owner'), eq(staffMembers.status, 'active'), ne(staffMembers.id, id)))
        .for('update');
      if (owners.length === 0) throw lastOwner();
    }
    const [after] = await tx
      .update(staffMembers)
      .set({ name: input.name ?? before.name, role, status, updatedAt: ctx.clock.now() })
      .where(eq(staffMembers.id, id))
      .returning();
    if (status === 'disabled' && before.status !== 'disabled') {
      await revokeAllStaffSessions(tx, ctx.clock, id);
      // An invitation still out dies with the member.
      await tx
        .update(staffLinks)
        .set({ usedAt: ctx.clock.now() })
        .where(and(eq(staffLinks.staffId, id), isNull(staffLinks.usedAt)));
    }
    const action =
      before.role !== role
        ? 'staff.role_change'
        : status !== before.status
          ? status === 'disabled'
            ? 'staff.disable'
            : 'staff.enable'
          : 'staff.update';
    await recordAudit({ ...ctx, db: tx }, { action, entity: 'staff', entityId: id, before: audited(before), after: audited(after!) });
    return after!;
  });
  return { data: toStaffMember(updated) };
}

/** Active owners (the command line and tests check the rule from outside). */
export async function countActiveOwners(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffMembers)
    .where(and(eq(staffMembers.role, 'owner'), eq(staffMembers.status, 'active')));
  return row?.n ?? 0;
}

/** Always the same answer: whether the e-mail belongs to a member is not told. */
export async function requestPasswordReset(ctx: StaffCtx, email: string): Promise<AdminDetailResponse> {
  const window = 60 * 60;
  const [byEmail, byIp] = await Promise.all([
    ctx.limiter.hit(`staff-reset:email:${email}`, RESET_LIMIT_PER_EMAIL, window),
    ctx.limiter.hit(`staff-reset:ip:${ctx.ip}`, RESET_LIMIT_PER_IP, window),
  ]);
  for (const r of [byEmail, byIp]) if (!r.allowed) throw rateLimited('Too many requests: try again later', r.retryAfterSeconds);
  const member = await memberByEmail(ctx.db, email);
  if (member && member.status === 'active') {
    const url = await issueLink(ctx, ctx.db, member.id, 'password_reset');
    await ctx.notifier.sendEmail({ to: member.email, ...staffPasswordResetEmail(url) }, { oneTime: true });
  }
  return { success: true, detail: staffMessages.passwordResetSent };
}

/** A new password from the e-mailed link: every session ends and the lock lifts; the member then signs in (with their code, if they use one). */
export async function confirmPasswordReset(ctx: StaffCtx, input: { token: string; password: string }): Promise<AdminDetailResponse> {
  const passwordHash = await hashPassword(ctx.env, input.password);
  await ctx.db.transaction(async (tx) => {
    const staffId = await consumeLink(ctx, tx, 'password_reset', input.token);
    const [member] = await tx
      .update(staffMembers)
      .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: ctx.clock.now() })
      .where(and(eq(staffMembers.id, staffId), eq(staffMembers.status, 'active')))
      .returning({ id: staffMembers.id });
    if (!member) throw linkInvalid();
    await revokeAllStaffSessions(tx, ctx.clock, staffId);
    await recordAudit(
      { ...ctx, db: tx, staff: { id: staffId } },
      { action: 'staff.password_reset', entity: 'staff', entityId: staffId, before: null, after: null },
    );
  });
  return { success: true, detail: 'Your password is changed: sign in with it now' };
}
