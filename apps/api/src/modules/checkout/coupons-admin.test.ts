import { count, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { couponMessages, type AdminCoupon, type CouponUse } from '@store/shared/admin-offers';
import type { ApiErrorBody } from '@store/shared/api';
import { NOTHING_TO_CHANGE } from '@store/shared/input';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { auditLog } from '../staff/staff.tables.js';
import { coupons } from './checkout.tables.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;
const HOUR = 3_600_000;

describeOnDatabases('admin offers: coupons', (ctx) => {
  const app = () => ctx().app;
  let editor: { client: StaffClient };
  let seq = 0;
  const code = (base: string) => `${base}${(seq += 1)}`;
  const input = (over: Record<string, unknown> = {}) => ({
    code: code('eid'),
    kind: 'percentage',
    title: 'Eid 15% off',
    description: 'On everything',
    value: 15,
    min_subtotal: 100_000,
    starts_at: null,
    ends_at: null,
    usage_limit: 500,
    per_customer_limit: 1,
    buy_quantity: null,
    get_quantity: null,
    collection_id: null,
    active: true,
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await editor.client.post('/offers/coupons/', input(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: AdminCoupon }>().data;
  };

  beforeEach(async () => {
    editor = await signedInStaff(app(), ctx().env, 'catalog_editor');
  });

  it('creates each kind of coupon, stored as the checkout reads it, audited', async () => {
    const pct = await create({ code: ` ${code('eid')} `.toLowerCase() });
    expect(pct).toMatchObject({ kind: 'percentage', value: 15, min_subtotal: 100_000, state: 'live', used_count: 0 });
    expect(pct.code).toMatch(/^EID\d+$/);
    const fixed = await create({ kind: 'fixed_amount', value: 20_000 });
    expect(fixed.value).toBe(20_000);
    // A free-delivery code keeps no value or collection; buy X get Y keeps its quantities.
    const free = await create({ kind: 'free_shipping', value: 99, collection_id: null });
    expect(free).toMatchObject({ value: 0, buy_quantity: null });
    const bxgy = await create({ kind: 'buy_x_get_y', value: 0, buy_quantity: 2, get_quantity: 1 });
    expect(bxgy).toMatchObject({ buy_quantity: 2, get_quantity: 1, value: 0 });
    const [stored] = await ctx().db.select().from(coupons).where(eq(coupons.id, pct.id));
    expect(stored).toMatchObject({ code: pct.code, usageLimit: 500, perCustomerLimit: 1, active: true });
    const [audit] = await ctx()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(pct.id)));
    expect(audit).toMatchObject({ action: 'coupon.create', entity: 'coupon' });

    const later = await create({ starts_at: new Date(app().clock.nowMs() + HOUR).toISOString() });
    expect(later.state).toBe('scheduled');
    const list = (await editor.client.get('/offers/coupons/')).json<{ data: AdminCoupon[] }>().data;
    expect(list.map((c) => c.id)).toEqual(expect.arrayContaining([pct.id, fixed.id, free.id, bxgy.id, later.id]));
    expect((await editor.client.get(`/offers/coupons/${pct.id}/uses/`)).json<{ data: CouponUse[] }>().data).toEqual([]);
  });

  it('refuses bad input with a field message and creates nothing', async () => {
    const taken = await create();
    const before = (await ctx().db.select({ n: count() }).from(coupons))[0]!.n;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: taken.code.toLowerCase() }, 'code', couponMessages.codeTaken],
      [{ code: 'no spaces' }, 'code', couponMessages.code],
      [{ code: 'AB' }, 'code', couponMessages.code],
      [{ value: 101 }, 'value', couponMessages.percent],
      [{ kind: 'fixed_amount', value: 10_050 }, 'value', couponMessages.wholeTaka],
      [{ kind: 'fixed_amount', value: 0 }, 'value', couponMessages.amount],
      [{ kind: 'buy_x_get_y', value: 0 }, 'buy_quantity', couponMessages.required],
      [{ min_subtotal: -100 }, 'min_subtotal', couponMessages.amount],
      [{ usage_limit: 0 }, 'usage_limit', couponMessages.atLeastOne],
      [{ usage_limit: '5' }, 'usage_limit', couponMessages.number],
      [{ starts_at: '2026-12-10T10:00:00+06:00', ends_at: '2026-12-01T10:00:00+06:00' }, 'ends_at', couponMessages.endsAfterStart],
      [{ title: 'Eid\u0000' }, 'title', messages.textNotAllowed()],
      [{ title: 'x'.repeat(100_000) }, 'title', 'At most 100 characters'],
      [{ collection_id: 2_000_000 }, 'collection_id', couponMessages.collectionUnknown],
    ];
    for (const [over, field, message] of cases) {
      const res = await editor.client.post('/offers/coupons/', input(over));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(errorOf(res).fields?.[field], field).toBe(message);
    }
    expect((await ctx().db.select({ n: count() }).from(coupons))[0]!.n).toBe(before);
  });

  it('edits a coupon, switches it off, keeps the limit above its uses, and refuses a stale save', async () => {
    const c = await create({ usage_limit: 10 });
    await ctx().db.update(coupons).set({ usedCount: 4 }).where(eq(coupons.id, c.id));
    const below = await editor.client.patch(`/offers/coupons/${c.id}/`, { usage_limit: 3 });
    expect(errorOf(below).fields).toEqual({ usage_limit: couponMessages.belowUsed(4) });
    // A patch is checked with the stored fields: a percentage cannot become 250.
    expect(errorOf(await editor.client.patch(`/offers/coupons/${c.id}/`, { value: 250 })).fields).toEqual({
      value: couponMessages.percent,
    });
    expect(errorOf(await editor.client.patch(`/offers/coupons/${c.id}/`, {})).fields?._).toBe(NOTHING_TO_CHANGE);

    const edited = await editor.client.patch(`/offers/coupons/${c.id}/`, { value: 20, usage_limit: 4, updated_at: c.updated_at });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: AdminCoupon }>().data).toMatchObject({ value: 20, usage_limit: 4, state: 'used_up' });
    const stale = await editor.client.patch(`/offers/coupons/${c.id}/`, { value: 25, updated_at: c.updated_at });
    expect(stale.statusCode).toBe(409);

    const off = await editor.client.patch(`/offers/coupons/${c.id}/`, { active: false });
    expect(off.json<{ data: AdminCoupon }>().data.state).toBe('off');
    const actions = (
      await ctx()
        .db.select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(c.id)))
        .orderBy(auditLog.id)
    ).map((r) => r.action);
    expect(actions).toEqual(['coupon.create', 'coupon.update', 'coupon.switch_off']);
  });

  it('is for roles with offers.write', async () => {
    const content = await signedInStaff(app(), ctx().env, 'content_editor');
    expect((await content.client.get('/offers/coupons/')).statusCode).toBe(403);
    const fulfilment = await signedInStaff(app(), ctx().env, 'fulfilment');
    expect((await fulfilment.client.post('/offers/coupons/', input())).statusCode).toBe(403);
  });
});
