import { isDeepStrictEqual } from 'node:util';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditPage, AuditQuery } from '@store/shared/admin-settings';
import type { Clock } from '../../lib/clock.js';
import type { RequestCtx } from '../../lib/context.js';
import { auditLog, staffMembers } from './staff.tables.js';

/**
 * The audit log (issue 16 item 3): every staff write leaves a row saying who did what to which
 * entity, the fields that changed, when and from where. Rows are append-only (a trigger refuses
 * UPDATE and DELETE), so nothing here edits or removes one.
 */

/**
 * What recordAudit reads from the context: the transaction to write in, the time, and the acting
 * staff member with the request's IP and user agent (absent for the command line and the system).
 */
export type AuditCtx = Pick<RequestCtx, 'db'> & {
  clock: Pick<Clock, 'now'>;
  staff?: { id: number } | null;
  ip?: string | null;
  userAgent?: string | null;
};

export type AuditChanges = Record<string, [unknown, unknown]>;

export type AuditRecord = {
  /** `entity.verb`: `settings.update`, `staff.invite`, `menu_item.create`… */
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** The entity before the write; null or absent for a creation. */
  before?: object | null;
  /** The entity after the write; null or absent for a deletion. */
  after?: object | null;
};

/** Fields whose values never reach the log: the log says that they changed, not to what. */
const SECRET_FIELD = /password|secret|token|hash|api_?key|private_?key/i;
export const REDACTED = '[redacted]';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** As it will be stored (JSON): dates become ISO strings, undefined becomes null. */
function asJson(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

/** The value with every secret-named key inside it replaced by REDACTED, however deep. */
function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_FIELD.test(key) ? REDACTED : redact(inner)]));
}

/**
 * The fields that differ between two versions of an entity, as { field: [before, after] }: compared
 * deeply as JSON, a missing field counting as null. A secret field shows only that it was set,
 * changed or cleared.
 */
export function changedFields(before: object | null | undefined, after: object | null | undefined): AuditChanges {
  const was = asJson(before ?? {}) as Record<string, unknown>;
  const now = asJson(after ?? {}) as Record<string, unknown>;
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(was), ...Object.keys(now)])) {
    const from = was[field] ?? null;
    const to = now[field] ?? null;
    if (isDeepStrictEqual(from, to)) continue;
    changes[field] = SECRET_FIELD.test(field)
      ? [from === null ? null : REDACTED, to === null ? null : REDACTED]
      : [redact(from), redact(to)];
  }
  return changes;
}

/**
 * Writes the audit row of a staff write, in ctx's database or transaction (call it inside the
 * write's transaction, so the row and the write commit or roll back together). An update that
 * changed nothing leaves no row; a creation or a deletion always does. Returns the changes kept.
 */
export async function recordAudit(ctx: AuditCtx, record: AuditRecord): Promise<AuditChanges | null> {
  const changes = changedFields(record.before, record.after);
  const isUpdate = record.before != null && record.after != null;
  if (isUpdate && Object.keys(changes).length === 0) return null;
  await ctx.db.insert(auditLog).values({
    staffId: ctx.staff?.id ?? null,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId == null ? null : String(record.entityId),
    changes,
    ip: ctx.ip ?? null,
    userAgent: ctx.userAgent ?? null,
    createdAt: ctx.clock.now(),
  });
  return changes;
}

/** The audit screen: entries newest first, filtered by member, entity, action and time, a page at a time. */
export async function listAudit(ctx: Pick<RequestCtx, 'db'>, query: AuditQuery): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (query.staff_id !== undefined) conditions.push(eq(auditLog.staffId, query.staff_id));
  if (query.entity !== undefined) conditions.push(eq(auditLog.entity, query.entity));
  if (query.entity_id !== undefined) conditions.push(eq(auditLog.entityId, query.entity_id));
  if (query.action !== undefined) conditions.push(eq(auditLog.action, query.action));
  if (query.from !== undefined) conditions.push(gte(auditLog.createdAt, query.from));
  if (query.to !== undefined) conditions.push(lt(auditLog.createdAt, query.to));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    ctx.db
      .select({
        id: auditLog.id,
        staffId: auditLog.staffId,
        staffEmail: staffMembers.email,
        staffName: staffMembers.name,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        changes: auditLog.changes,
        ip: auditLog.ip,
        userAgent: auditLog.userAgent,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(staffMembers, eq(staffMembers.id, auditLog.staffId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const data = rows.map((r): AuditEntry => ({
    id: r.id,
    staff: r.staffId === null ? null : { id: r.staffId, email: r.staffEmail ?? '', name: r.staffName ?? '' },
    action: r.action,
    entity: r.entity,
    entity_id: r.entityId,
    changes: r.changes,
    ip: r.ip,
    user_agent: r.userAgent,
    created_at: r.createdAt.toISOString(),
  }));
  return { data, meta: { page: query.page, page_size: query.page_size, total: Number(totals[0]?.n ?? 0) } };
}
