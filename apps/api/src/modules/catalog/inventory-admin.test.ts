import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { AdjustmentResult, InventoryAdjustment, InventoryPage } from '@store/shared/admin-inventory';
import type { ApiErrorBody } from '@store/shared/api';
import type { ProductDetail } from '@store/shared/catalog';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer, payData, uniquePhone, type TestCatalog } from '../../../test/support/fixtures.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { patchSetting } from '../content/index.js';
import { outbox } from '../notifications/notifications.tables.js';
import { auditLog } from '../staff/staff.tables.js';
import { products, stockNotifications, variants } from './catalog.tables.js';
import { inventoryAdjustments } from './inventory.tables.js';
import { adjustStock, releaseStock, reserveStock } from './stock.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;

describeOnDatabases('admin inventory: adjustments, history, low stock, back in stock', (ctx) => {
  const app = () => ctx().app;
  const db = () => ctx().db;
  let cat: TestCatalog;
  let keeper: { client: StaffClient; member: { id: number } };

  const adjust = (body: Record<string, unknown>, client = keeper.client) =>
    client.post('/inventory/adjustments/', { kind: 'add', reason: 'received', note: '', ...body });
  const stockOf = async (variantId: number) => (await db().select().from(variants).where(eq(variants.id, variantId)))[0]!.stock;
  const historyCount = async (variantId: number) =>
    (await db().select().from(inventoryAdjustments).where(eq(inventoryAdjustments.variantId, variantId))).length;
  const setStock = (variantId: number, stock: number) => db().update(variants).set({ stock }).where(eq(variants.id, variantId));
  const productPage = async (handle: string) =>
    (await app().inject(`/api/v1/products/iv-brand/${handle}/`)).json<{ data: ProductDetail }>().data;
  const notifyMe = async (variantId: number, contact: { email?: string; phone?: string }, headers: Record<string, string> = {}) => {
    const res = await app().inject({ method: 'POST', url: '/api/v1/notify-me/', payload: { variant_id: variantId, ...contact }, headers });
    expect(res.statusCode, res.body).toBe(201);
  };
  const outboxTo = (to: string) => db().select().from(outbox).where(eq(outbox.recipient, to));

  beforeAll(async () => {
    cat = await createTestCatalog(db(), 'iv');
  });
  beforeEach(async () => {
    keeper = await signedInStaff(app(), ctx().env, 'catalog_editor');
  });

  it('adds and sets stock with a reason and note, writes history and an audit row, and the product page follows at once', async () => {
    const v = cat.cream50;
    await setStock(v.id, 0);
    expect((await productPage('iv-cream')).product_variants[0]!.in_stock).toBe(false); // cached: the write must clear it
    await db().update(products).set({ inStock: false }).where(eq(products.id, v.productId));

    const received = await adjust({ variant_id: v.id, kind: 'add', quantity: 12, reason: 'received', note: 'Carton 7' });
    expect(received.statusCode, received.body).toBe(201);
    const result = received.json<{ data: AdjustmentResult }>().data;
    expect(result.adjustment).toMatchObject({ kind: 'add', quantity: 12, reason: 'received', note: 'Carton 7', before: 0, after: 12 });
    expect(result.adjustment.staff).toMatchObject({ id: keeper.member.id, name: 'Test catalog_editor' });
    expect(result.variant).toMatchObject({ id: v.id, stock: 12, sku: 'iv-cream-50', product_name: 'Night Cream', low: false });
    const page = await productPage('iv-cream');
    expect(page.product_variants[0]).toMatchObject({ stock: 12, in_stock: true });
    expect((await db().select().from(products).where(eq(products.id, v.productId)))[0]!.inStock).toBe(true);

    const damaged = await adjust({ variant_id: v.id, kind: 'add', quantity: -2, reason: 'damaged' });
    expect(damaged.json<{ data: AdjustmentResult }>().data.adjustment).toMatchObject({ before: 12, after: 10 });
    const counted = await adjust({ variant_id: v.id, kind: 'set', quantity: 0, reason: 'count', note: 'Shelf empty' });
    expect(counted.json<{ data: AdjustmentResult }>().data.adjustment).toMatchObject({ before: 10, after: 0 });
    expect((await productPage('iv-cream')).product_variants[0]!.in_stock).toBe(false);
    expect((await db().select().from(products).where(eq(products.id, v.productId)))[0]!.inStock).toBe(false);

    const history = await keeper.client.get(`/inventory/variants/${v.id}/history/`);
    expect(history.statusCode, history.body).toBe(200);
    const rows = history.json<{ data: InventoryAdjustment[] }>().data;
    expect(rows.map((r) => [r.reason, r.before, r.after, r.note])).toEqual([
      ['count', 10, 0, 'Shelf empty'],
      ['damaged', 12, 10, ''],
      ['received', 0, 12, 'Carton 7'],
    ]);
    expect(rows.every((r) => r.staff?.name === 'Test catalog_editor' && !Number.isNaN(Date.parse(r.created_at)))).toBe(true);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'variant'), eq(auditLog.entityId, String(v.id))));
    expect(audits).toHaveLength(3);
    expect(audits.every((a) => a.action === 'variant.stock_adjust' && a.staffId === keeper.member.id)).toBe(true);
    expect(audits.map((a) => (a.changes as Record<string, unknown>).stock)).toEqual(
      expect.arrayContaining([
        [0, 12],
        [12, 10],
        [10, 0],
      ]),
    );
  });

  it('refuses bad input and a result below 0 with a field message, and writes nothing', async () => {
    const v = cat.mask1;
    await setStock(v.id, 3);
    const before = await historyCount(v.id);
    const auditsBefore = (
      await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(v.id)))
    ).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ variant_id: v.id, kind: 'add', quantity: -4 }, 'quantity'],
      [{ variant_id: v.id, kind: 'set', quantity: -1 }, 'quantity'],
      [{ variant_id: v.id, kind: 'add', quantity: 0 }, 'quantity'],
      [{ variant_id: v.id, kind: 'add', quantity: 1.5 }, 'quantity'],
      [{ variant_id: v.id, kind: 'add', quantity: '2' }, 'quantity'],
      [{ variant_id: v.id, kind: 'set', quantity: 2_000_000 }, 'quantity'],
      [{ variant_id: v.id, kind: 'move', quantity: 1 }, 'kind'],
      [{ variant_id: v.id, quantity: 1, reason: 'stolen' }, 'reason'],
      [{ variant_id: v.id, quantity: 1, note: 'a\u0000b' }, 'note'],
      [{ variant_id: v.id, quantity: 1, note: 'x'.repeat(501) }, 'note'],
      [{ variant_id: v.id, quantity: 1, note: 'x'.repeat(100_000) }, 'note'],
      [{ variant_id: 'one', quantity: 1 }, 'variant_id'],
    ];
    for (const [body, field] of cases) {
      const res = await adjust(body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${res.body}`).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    const below = await adjust({ variant_id: v.id, kind: 'add', quantity: -4 });
    expect(errorOf(below).fields).toEqual({ quantity: 'Stock cannot go below 0: there are 3 now' });
    expect((await adjust({ variant_id: 999_999, quantity: 1 })).statusCode).toBe(404);
    expect(await stockOf(v.id)).toBe(3);
    expect(await historyCount(v.id)).toBe(before);
    expect(
      (
        await db()
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, String(v.id)))
      ).length,
    ).toBe(auditsBefore);
  });

  it("lists variants by search and the low-stock list at or below the shop's threshold, lowest first, paged", async () => {
    await patchSetting(ctx(), 'site', { stock_warning_threshold: 4 });
    try {
      await setStock(cat.serum30.id, 4);
      await setStock(cat.cream50.id, 9);
      await setStock(cat.mask1.id, 1);
      await setStock(cat.toner150.id, 5);
      const all = (await keeper.client.get('/inventory/variants/?q=iv-')).json<InventoryPage>();
      expect(all.data.map((r) => r.sku)).toEqual(['iv-serum-30', 'iv-cream-50', 'iv-toner-150', 'iv-mask-1']); // by product name
      expect(all.meta).toMatchObject({ page: 1, total: 4, threshold: 4 });
      const low = (await keeper.client.get('/inventory/variants/?q=iv-&low=true')).json<InventoryPage>();
      expect(low.data.map((r) => [r.sku, r.stock, r.low])).toEqual([
        ['iv-mask-1', 1, true],
        ['iv-serum-30', 4, true],
      ]);
      const byName = (await keeper.client.get(`/inventory/variants/?q=${encodeURIComponent('night CREAM')}`)).json<InventoryPage>();
      expect(byName.data.map((r) => r.sku)).toContain('iv-cream-50');
      // A wildcard is a letter.
      expect((await keeper.client.get('/inventory/variants/?q=%25')).json<InventoryPage>().data).toEqual([]);
      const page2 = (await keeper.client.get('/inventory/variants/?q=iv-&page=2')).json<InventoryPage>();
      expect(page2.data).toEqual([]);
      expect((await keeper.client.get('/inventory/variants/?low=maybe')).statusCode).toBe(400);
      expect((await keeper.client.get(`/inventory/variants/?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    } finally {
      await patchSetting(ctx(), 'site', { stock_warning_threshold: 5 });
    }
  });

  it('lets fulfilment and catalog editors adjust stock, and refuses other roles', async () => {
    const v = cat.toner150;
    await setStock(v.id, 5);
    const fulfilment = await signedInStaff(app(), ctx().env, 'fulfilment');
    expect((await adjust({ variant_id: v.id, quantity: 1 }, fulfilment.client)).statusCode).toBe(201);
    for (const role of ['content_editor', 'customer_care'] as const) {
      const other = await signedInStaff(app(), ctx().env, role);
      const res = await adjust({ variant_id: v.id, quantity: 1 }, other.client);
      expect(res.statusCode).toBe(403);
      expect((await other.client.get('/inventory/variants/')).statusCode).toBe(403);
      expect((await other.client.get(`/inventory/variants/${v.id}/history/`)).statusCode).toBe(403);
    }
    expect((await app().inject({ method: 'GET', url: '/api/v1/admin/inventory/variants/' })).statusCode).toBe(401);
    expect(await stockOf(v.id)).toBe(6);
  });

  it('writes the back-in-stock message in the language the request was made in, with the product page in it (issue 21)', async () => {
    const v = cat.serum30;
    await setStock(v.id, 0);
    await db().delete(stockNotifications).where(eq(stockNotifications.variantId, v.id));
    const phone = uniquePhone();
    const email = `notify.bn.${Date.now()}@example.com`;
    await notifyMe(v.id, { phone }, { 'x-store-locale': 'bn' });
    await notifyMe(v.id, { email }, { 'x-store-locale': 'bn' });
    await adjust({ variant_id: v.id, kind: 'set', quantity: 5, reason: 'received' });
    const [sms] = await outboxTo(phone);
    expect(sms!.body).toBe(`Glow Bazaar: Glow Serum (30 ml) আবার স্টকে এসেছে। ${ctx().env.PUBLIC_URL}/bn/brand/iv-brand/iv-serum`);
    const [mail] = await outboxTo(email);
    expect(mail).toMatchObject({ subject: 'আবার স্টকে: Glow Serum (30 ml)' });
    expect(mail!.body).toContain(`এখনই কিনুন: ${ctx().env.PUBLIC_URL}/bn/brand/iv-brand/iv-serum`);
  });

  it('sends one back-in-stock message per request when stock leaves 0, never twice, and again only to later requests', async () => {
    const v = cat.serum30;
    await setStock(v.id, 0);
    await db().delete(stockNotifications).where(eq(stockNotifications.variantId, v.id));
    const email = `notify.${Date.now()}@example.com`;
    const phone = uniquePhone();
    await notifyMe(v.id, { email });
    await notifyMe(v.id, { phone });
    await notifyMe(v.id, { phone }); // asked twice: stored once

    const first = await adjust({ variant_id: v.id, kind: 'set', quantity: 5, reason: 'received' });
    expect(first.json<{ data: AdjustmentResult }>().data.notified).toBe(2);
    const sms = await outboxTo(phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.channel).toBe('sms');
    expect(sms[0]!.body).toBe(`Glow Bazaar: Glow Serum (30 ml) is back in stock. ${ctx().env.PUBLIC_URL}/brand/iv-brand/iv-serum`);
    const mail = await outboxTo(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: 'email', subject: 'Back in stock: Glow Serum (30 ml)' });
    expect(mail[0]!.body).toContain(`${ctx().env.PUBLIC_URL}/brand/iv-brand/iv-serum`);
    const marked = await db().select().from(stockNotifications).where(eq(stockNotifications.variantId, v.id));
    expect(marked.every((r) => r.notifiedAt !== null)).toBe(true);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'variant'), eq(auditLog.entityId, String(v.id))));
    expect(audit.some((a) => JSON.stringify(a.changes).includes('"notified":[null,2]'))).toBe(true);

    // More stock, and down to 0 and back: nothing for the requests already answered.
    expect((await adjust({ variant_id: v.id, quantity: 3 })).json<{ data: AdjustmentResult }>().data.notified).toBe(0);
    await adjust({ variant_id: v.id, kind: 'set', quantity: 0, reason: 'count' });
    const later = uniquePhone();
    await notifyMe(v.id, { phone: later });
    await notifyMe(v.id, { phone }); // the first shopper asks again: a new request
    expect(
      (await adjust({ variant_id: v.id, kind: 'set', quantity: 5, reason: 'received' })).json<{ data: AdjustmentResult }>().data.notified,
    ).toBe(2);
    expect(await outboxTo(phone)).toHaveLength(2);
    expect(await outboxTo(later)).toHaveLength(1);
    expect(await outboxTo(email)).toHaveLength(1);
  });

  it('sends the back-in-stock messages when a cancelled order gives stock back (releaseStock), in its transaction', async () => {
    const v = cat.cream50;
    await setStock(v.id, 0);
    await db().delete(stockNotifications).where(eq(stockNotifications.variantId, v.id));
    const phone = uniquePhone();
    await notifyMe(v.id, { phone });

    // A rollback takes the messages and the marks back with the stock.
    await expect(
      db().transaction(async (tx) => {
        await releaseStock({ db: tx }, [{ variantId: v.id, quantity: 2 }]);
        throw new Error('order cancellation failed');
      }),
    ).rejects.toThrow('order cancellation failed');
    expect(await outboxTo(phone)).toHaveLength(0);
    expect((await db().select().from(stockNotifications).where(eq(stockNotifications.phone, phone)))[0]!.notifiedAt).toBeNull();

    await db().transaction((tx) => releaseStock({ db: tx }, [{ variantId: v.id, quantity: 2 }]));
    await db().transaction((tx) => releaseStock({ db: tx }, [{ variantId: v.id, quantity: 1 }]));
    const sent = await outboxTo(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain('Night Cream (50 ml) is back in stock');
    expect(await stockOf(v.id)).toBe(3);
    expect((await db().select().from(products).where(eq(products.id, v.productId)))[0]!.inStock).toBe(true);
  });

  it('tells the shoppers who asked when a shopper cancels the order that took the last unit', async () => {
    const v = cat.toner150;
    await setStock(v.id, 1);
    const buyer = await newCustomer(app());
    await buyer.add(v.id, 1);
    await buyer.address();
    const res = await buyer.pay({ payment_method: 'bkash' }, 'inventory-bkash-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(v.id)).toBe(0);
    const email = `waiting.${Date.now()}@example.com`;
    await notifyMe(v.id, { email });

    const cancelled = await buyer.request('POST', `/orders/${payData(res).order.number}/cancel/`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(v.id)).toBe(1);
    const sent = await outboxTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Back in stock: Rice Toner (150 ml)');
  });

  it('never races an order: reserveStock and an adjustment on the same stock, run together, leave a count that adds up', async () => {
    const v = cat.mask1;
    for (let round = 0; round < 10; round++) {
      await setStock(v.id, 5);
      const order = db().transaction((tx) => reserveStock({ db: tx }, [{ variantId: v.id, quantity: 3 }]));
      const damaged = db().transaction((tx) => adjustStock({ db: tx }, { variantId: v.id, kind: 'add', quantity: -3 }));
      const [o, d] = await Promise.allSettled([order, damaged]);
      // Only one of them fits in 5: the other is refused, and the count is 2 either way.
      expect([o.status, d.status].sort()).toEqual(['fulfilled', 'rejected']);
      expect(await stockOf(v.id)).toBe(2);
      if (d.status === 'fulfilled') expect(d.value).toMatchObject({ before: 5, after: 2 });
    }
    for (let round = 0; round < 10; round++) {
      await setStock(v.id, 5);
      const orders = Array.from({ length: 4 }, () =>
        db().transaction((tx) => reserveStock({ db: tx }, [{ variantId: v.id, quantity: 1 }])),
      );
      const received = db().transaction((tx) => adjustStock({ db: tx }, { variantId: v.id, kind: 'add', quantity: 10 }));
      const count = db().transaction((tx) => adjustStock({ db: tx }, { variantId: v.id, kind: 'add', quantity: -1 }));
      const results = await Promise.allSettled([...orders, received, count]);
      expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
      expect(await stockOf(v.id)).toBe(5 - 4 + 10 - 1);
      // Each adjustment's before → after is exactly its own step, whatever ran around it.
      const [r, c] = results.slice(4) as PromiseFulfilledResult<{ before: number; after: number }>[];
      expect(r!.value.after - r!.value.before).toBe(10);
      expect(c!.value.after - c!.value.before).toBe(-1);
    }
  });
});
