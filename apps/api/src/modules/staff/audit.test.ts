import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuditQuerySchema, type AuditPage } from '@store/shared/admin-settings';
import type { ApiErrorBody } from '@store/shared/api';
import { describeOnDatabases } from '../../../test/support/app.js';
import { signedInStaff } from '../../../test/support/staff.js';
import { Clock } from '../../lib/clock.js';
import { changedFields, listAudit, recordAudit, REDACTED, type AuditCtx } from './audit.js';
import { auditLog, staffMembers } from './staff.tables.js';

describe('changedFields', () => {
  it('keeps only the fields that differ, compared deeply, a missing field counting as null', () => {
    const before = { name: 'Rina', fees: { a: 1, b: 2 }, tags: ['x'], gone: 'yes', same: { deep: [1, { z: true }] } };
    const after = { name: 'Rina', fees: { a: 1, b: 3 }, tags: ['x'], added: 0, same: { deep: [1, { z: true }] } };
    expect(changedFields(before, after)).toEqual({
      fees: [
        { a: 1, b: 2 },
        { a: 1, b: 3 },
      ],
      gone: ['yes', null],
      added: [null, 0],
    });
  });

  it('compares dates as the JSON it stores', () => {
    const at = new Date('2026-11-24T10:00:00Z');
    expect(changedFields({ at }, { at: new Date(at.getTime()) })).toEqual({});
    expect(changedFields({ at }, { at: null })).toEqual({ at: ['2026-11-24T10:00:00.000Z', null] });
  });

  it('never keeps a secret: password hashes, TOTP secrets and tokens show only that they changed', () => {
    const changes = changedFields(
      { passwordHash: '$argon2id$old', totpSecret: null, name: 'A', nested: { api_key: 'k1', keep: 1 } },
      { passwordHash: '$argon2id$new', totpSecret: 'JBSWY3DP', name: 'B', nested: { api_key: 'k2', keep: 2 }, token_hash: 'abc' },
    );
    expect(changes).toEqual({
      passwordHash: [REDACTED, REDACTED],
      totpSecret: [null, REDACTED],
      name: ['A', 'B'],
      nested: [
        { api_key: REDACTED, keep: 1 },
        { api_key: REDACTED, keep: 2 },
      ],
      token_hash: [null, REDACTED],
    });
    expect(JSON.stringify(changes)).not.toMatch(/argon2id|JBSWY3DP|k1|k2|abc/);
  });

  it('lists every field of a creation and of a deletion', () => {
    expect(changedFields(null, { id: 3, title: 'Home' })).toEqual({ id: [null, 3], title: [null, 'Home'] });
    expect(changedFields({ id: 3, title: 'Home' }, null)).toEqual({ id: [3, null], title: ['Home', null] });
  });
});

describe('AuditQuerySchema', () => {
  it('reads a date as a whole Dhaka day and an instant as it is', () => {
    const q = AuditQuerySchema.parse({ from: '2026-11-24', to: '2026-11-24' });
    expect(q.from?.toISOString()).toBe('2026-11-23T18:00:00.000Z');
    expect(q.to?.toISOString()).toBe('2026-11-24T18:00:00.000Z');
    expect(AuditQuerySchema.parse({ from: '2026-11-24T10:00:00+06:00' }).from?.toISOString()).toBe('2026-11-24T04:00:00.000Z');
    expect(AuditQuerySchema.safeParse({ from: 'yesterday' }).success).toBe(false);
    expect(AuditQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
  });
});

describeOnDatabases('audit log', (ctx) => {
  const clock = new Clock();
  let staffId = 0;
  const auditCtx = (over: Partial<AuditCtx> = {}): AuditCtx => ({
    db: ctx().db,
    clock,
    staff: { id: staffId },
    ip: '203.0.113.7',
    userAgent: 'Test/1.0',
    ...over,
  });

  it('records who changed what, from where, in the caller’s transaction', async () => {
    const [member] = await ctx()
      .db.insert(staffMembers)
      .values({ email: 'audit-owner@example.com', name: 'Audit Owner', role: 'owner', status: 'active' })
      .returning({ id: staffMembers.id });
    staffId = member!.id;

    const changes = await recordAudit(auditCtx(), {
      action: 'settings.update',
      entity: 'settings',
      before: { SMS_TIMER: 2, OTP_VALIDITY: 5 },
      after: { SMS_TIMER: 3, OTP_VALIDITY: 5 },
    });
    expect(changes).toEqual({ SMS_TIMER: [2, 3] });
    const [row] = await ctx().db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(row).toMatchObject({
      staffId,
      entity: 'settings',
      entityId: null,
      changes: { SMS_TIMER: [2, 3] },
      ip: '203.0.113.7',
      userAgent: 'Test/1.0',
    });

    // A write that rolls back takes its audit row with it.
    await expect(
      ctx().db.transaction(async (tx) => {
        await recordAudit(auditCtx({ db: tx }), { action: 'menu_item.create', entity: 'menu_item', entityId: 99, after: { title: 'x' } });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await ctx().db.select().from(auditLog).where(eq(auditLog.action, 'menu_item.create'))).toEqual([]);
  });

  it('leaves no row for an update that changed nothing, and one for the system with no member', async () => {
    expect(await recordAudit(auditCtx(), { action: 'settings.update', entity: 'settings', before: { a: 1 }, after: { a: 1 } })).toBeNull();
    await recordAudit(auditCtx({ staff: null, ip: null, userAgent: null }), {
      action: 'staff.create',
      entity: 'staff',
      entityId: 'cli',
      after: { email: 'x@example.com', passwordHash: 'secret-hash' },
    });
    const rows = await ctx().db.select().from(auditLog).where(eq(auditLog.action, 'staff.create'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staffId: null,
      entityId: 'cli',
      changes: { email: [null, 'x@example.com'], passwordHash: [null, REDACTED] },
    });
  });

  it('cannot be edited or deleted, even with SQL', async () => {
    await expect(ctx().db.execute(sql`update audit_log set action = 'forged'`)).rejects.toThrow();
    await expect(ctx().db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await ctx().db.select().from(auditLog)).length).toBeGreaterThanOrEqual(2);
  });

  it('lists entries newest first, filtered and paged, with the member who wrote each', async () => {
    const base = Date.parse('2026-03-10T06:00:00Z');
    for (let i = 0; i < 5; i++) {
      const at = new Date(base + i * 3_600_000);
      await recordAudit(auditCtx({ clock: { now: () => at } }), {
        action: 'page.update',
        entity: 'page',
        entityId: `p${i}`,
        before: { n: i },
        after: { n: i + 1 },
      });
    }
    const all = await listAudit(ctx(), AuditQuerySchema.parse({ entity: 'page', page_size: '2' }));
    expect(all.meta).toEqual({ page: 1, page_size: 2, total: 5 });
    expect(all.data.map((e) => e.entity_id)).toEqual(['p4', 'p3']);
    expect(all.data[0]).toEqual({
      id: expect.any(Number),
      staff: { id: staffId, email: 'audit-owner@example.com', name: 'Audit Owner' },
      action: 'page.update',
      entity: 'page',
      entity_id: 'p4',
      changes: { n: [4, 5] },
      ip: '203.0.113.7',
      user_agent: 'Test/1.0',
      created_at: '2026-03-10T10:00:00.000Z',
    });
    const third = await listAudit(ctx(), AuditQuerySchema.parse({ entity: 'page', page_size: '2', page: '3' }));
    expect(third.data.map((e) => e.entity_id)).toEqual(['p0']);

    const window = await listAudit(ctx(), AuditQuerySchema.parse({ from: '2026-03-10T07:00:00Z', to: '2026-03-10T09:00:00Z' }));
    expect(window.data.map((e) => e.entity_id)).toEqual(['p2', 'p1']);
    const day = await listAudit(ctx(), AuditQuerySchema.parse({ from: '2026-03-10', to: '2026-03-10', action: 'page.update' }));
    expect(day.meta.total).toBe(5);
    const byStaff = await listAudit(ctx(), AuditQuerySchema.parse({ staff_id: String(staffId), entity_id: 'p1' }));
    expect(byStaff.data.map((e) => e.entity_id)).toEqual(['p1']);
    const nobody = await listAudit(ctx(), AuditQuerySchema.parse({ staff_id: String(staffId + 1000) }));
    expect(nobody).toEqual({ data: [], meta: { page: 1, page_size: 25, total: 0 } });
    const system = await listAudit(ctx(), AuditQuerySchema.parse({ action: 'staff.create' }));
    expect(system.data[0]?.staff).toBeNull();
  });

  it('serves the audit screen to audit.read only, filtered and paged, and refuses a bad filter', async () => {
    const owner = await signedInStaff(ctx().app, ctx().env, 'owner');
    const res = await owner.client.get('/audit/?entity=page&page_size=2&page=2');
    expect(res.statusCode).toBe(200);
    const page = res.json<AuditPage>();
    expect(page.meta).toEqual({ page: 2, page_size: 2, total: 5 });
    expect(page.data.map((e) => e.entity_id)).toEqual(['p2', 'p1']);
    expect(page.data[0]?.staff?.email).toBe('audit-owner@example.com');

    const bad = await owner.client.get('/audit/?from=last-week&page_size=500');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ApiErrorBody>().error.fields ?? {}).sort()).toEqual(['from', 'page_size']);

    const care = await signedInStaff(ctx().app, ctx().env, 'customer_care');
    const refused = await care.client.get('/audit/');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiErrorBody>().error.code).toBe('forbidden');
    expect((await ctx().app.inject('/api/v1/admin/audit/')).statusCode).toBe(401);
    // Read only: the log has no route that writes.
    expect((await owner.client.delete('/audit/')).statusCode).toBe(404);
  });

  it('documents the audit route in the OpenAPI description', async () => {
    const spec = ctx().app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toContain('/api/v1/admin/audit/');
  });
});
