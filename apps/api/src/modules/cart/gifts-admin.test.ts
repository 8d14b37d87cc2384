import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { giftRuleMessages, type AdminGiftRule } from '@store/shared/admin-gifts';
import type { ApiErrorBody } from '@store/shared/api';
import type { Cart } from '@store/shared/cart';
import { NOTHING_TO_CHANGE } from '@store/shared/input';
import * as messages from '@store/shared/messages';
import type { Db } from '../../db/client.js';
import { describeOnDatabases, type TestContext } from '../../../test/support/app.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { brands, departments, products, variants } from '../catalog/catalog.tables.js';
import { guests } from '../accounts/accounts.tables.js';
import { orderLines, orders } from '../orders/orders.tables.js';
import { auditLog } from '../staff/staff.tables.js';
import { giftRules } from './cart.tables.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;

/** A small catalog of our own: prices and stock known exactly. */
async function createCatalog(db: Db) {
  await db.insert(departments).values({ key: '', name: 'Beauty', position: 0 }).onConflictDoNothing();
  const [beauty] = await db.select().from(departments).where(eq(departments.key, ''));
  const departmentId = beauty!.id;
  const [brand] = await db.insert(brands).values({ handle: 'g-glow', name: 'Glow Lab', departmentId }).returning();
  const brandId = brand!.id;
  const [cream, mist, balm, hidden] = await db
    .insert(products)
    .values([
      { handle: 'g-cream', name: 'Night Cream', brandId, departmentId },
      { handle: 'g-mist', name: 'Rose Mist', brandId, departmentId },
      { handle: 'g-balm', name: 'Lip Balm', brandId, departmentId },
      { handle: 'g-hidden', name: 'Hidden Gift', brandId, departmentId, published: false },
    ])
    .returning();
  const [cream50, mistTravel, balm1, hidden1, soldOut] = await db
    .insert(variants)
    .values([
      { productId: cream!.id, sku: 'g-cream-50', title: '50 ml', price: 100_000, stock: 50 },
      { productId: mist!.id, sku: 'g-mist-travel', title: 'Travel size', price: 45_000, stock: 100 },
      { productId: balm!.id, sku: 'g-balm-1', title: 'Cherry', price: 30_000, stock: 50 },
      { productId: hidden!.id, sku: 'g-hidden-1', title: 'Default', price: 10_000, stock: 10 },
      { productId: balm!.id, sku: 'g-balm-2', title: 'Mint', price: 30_000, stock: 0 },
    ])
    .returning();
  return { cream: cream!, balm: balm!, cream50: cream50!, mistTravel: mistTravel!, balm1: balm1!, hidden1: hidden1!, soldOut: soldOut! };
}

/** A browser: keeps its cookies (the bag's and the CSRF token). */
function shopper(ctx: () => TestContext) {
  const csrf = 'c'.repeat(32);
  const cookies: Record<string, string> = { csrftoken: csrf };
  const keep = (res: LightMyRequestResponse) => {
    for (const k of res.cookies as { name: string; value: string }[]) cookies[k.name] = k.value;
    return res;
  };
  const change = async (variantId: number, action: 'increment' | 'decrement', quantity = 1) =>
    keep(
      await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/cart/line-items/',
        cookies,
        headers: { 'x-csrftoken': csrf },
        payload: { delivery_type: 'standard', line_item: { variant_id: variantId, quantity, action } },
      }),
    ).json<{ data: Cart }>().data;
  return {
    add: (variantId: number, quantity = 1) => change(variantId, 'increment', quantity),
    remove: (variantId: number, quantity = 1) => change(variantId, 'decrement', quantity),
    cart: async () => keep(await ctx().app.inject({ method: 'GET', url: '/api/v1/cart/', cookies })).json<{ data: Cart }>().data,
  };
}

describeOnDatabases('admin offers: gift rules', (ctx) => {
  const app = () => ctx().app;
  let c: Awaited<ReturnType<typeof createCatalog>>;
  let editor: { client: StaffClient };
  const input = (over: Record<string, unknown> = {}) => ({
    kind: 'spend',
    title: 'Free travel-size mist',
    description: 'On bags of ৳3,000 or more',
    min_subtotal: 300_000,
    buy_product_id: null,
    buy_quantity: null,
    gift_variant_id: c.mistTravel.id,
    gift_quantity: 1,
    starts_at: null,
    ends_at: null,
    active: true,
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await editor.client.post('/offers/gifts/', input(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: AdminGiftRule }>().data;
  };
  const patch = async (id: number, body: Record<string, unknown>) => {
    const res = await editor.client.patch(`/offers/gifts/${id}/`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminGiftRule }>().data;
  };
  const actionsOf = async (id: number) =>
    (
      await ctx()
        .db.select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(id)))
        .orderBy(auditLog.id)
    ).map((r) => r.action);

  beforeAll(async () => {
    c = await createCatalog(ctx().db);
  });
  beforeEach(async () => {
    editor = await signedInStaff(app(), ctx().env, 'catalog_editor');
  });

  it('creates both kinds, stored as the bag reads them, with the gift, its stock and its problems, audited', async () => {
    const spend = await create();
    expect(spend).toMatchObject({
      kind: 'spend',
      min_subtotal: 300_000,
      buy_product_id: null,
      state: 'live',
      gift_problem: null,
      gift_orders: 0,
      gift: { product_name: 'Rose Mist', brand: 'Glow Lab', variant_title: 'Travel size', price: 45_000, stock: 100, on_sale: true },
    });
    // A buy rule keeps no threshold; it names its product.
    const buy = await create({ kind: 'buy', min_subtotal: 300_000, buy_product_id: c.cream.id, buy_quantity: 2, gift_quantity: 2 });
    expect(buy).toMatchObject({ min_subtotal: null, buy_product_name: 'Night Cream', buy_quantity: 2, gift_quantity: 2 });
    expect(buy.position).toBeGreaterThan(spend.position);
    const [stored] = await ctx().db.select().from(giftRules).where(eq(giftRules.id, buy.id));
    expect(stored).toMatchObject({
      kind: 'buy',
      buyProductId: c.cream.id,
      buyQuantity: 2,
      minSubtotal: null,
      giftQuantity: 2,
      active: true,
    });
    expect(await actionsOf(spend.id)).toEqual(['gift_rule.create']);

    // A gift out of stock, or not on sale, is told: the rule gives nothing then. Both still save (they may come back).
    expect((await create({ gift_variant_id: c.soldOut.id, active: false })).gift_problem).toBe('out_of_stock');
    expect((await create({ gift_variant_id: c.hidden1.id, active: false })).gift_problem).toBe('not_on_sale');
    const later = await create({ starts_at: new Date(app().clock.nowMs() + 3_600_000).toISOString(), active: false });
    expect(later.state).toBe('off');
    const list = (await editor.client.get('/offers/gifts/')).json<{ data: AdminGiftRule[] }>().data;
    expect(list.map((r) => r.id)).toEqual(expect.arrayContaining([spend.id, buy.id, later.id]));
    expect((await editor.client.get(`/offers/gifts/${buy.id}/`)).json<{ data: AdminGiftRule }>().data.title).toBe(buy.title);
    // Everything back off: the next tests start from no live rule.
    for (const r of [spend, buy]) await patch(r.id, { active: false });
  });

  it('refuses bad input with a field message and changes nothing', async () => {
    const before = (await ctx().db.select({ n: count() }).from(giftRules))[0]!.n;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ min_subtotal: null }, 'min_subtotal', giftRuleMessages.threshold],
      [{ min_subtotal: 0 }, 'min_subtotal', giftRuleMessages.threshold],
      [{ min_subtotal: -100 }, 'min_subtotal', giftRuleMessages.threshold],
      [{ min_subtotal: 150_050 }, 'min_subtotal', giftRuleMessages.wholeTaka],
      [{ min_subtotal: '2000' }, 'min_subtotal', giftRuleMessages.number],
      [{ kind: 'buy', buy_quantity: 2 }, 'buy_product_id', giftRuleMessages.productUnknown],
      [{ kind: 'buy', buy_product_id: c.cream.id }, 'buy_quantity', giftRuleMessages.quantity],
      [{ kind: 'buy', buy_product_id: c.cream.id, buy_quantity: 7 }, 'buy_quantity', giftRuleMessages.quantity],
      [{ kind: 'buy', buy_product_id: 2_000_000, buy_quantity: 2 }, 'buy_product_id', giftRuleMessages.productUnknown],
      [{ gift_variant_id: 2_000_000 }, 'gift_variant_id', giftRuleMessages.variantUnknown],
      [{ gift_quantity: 0 }, 'gift_quantity', giftRuleMessages.quantity],
      [{ gift_quantity: 1.5 }, 'gift_quantity', giftRuleMessages.wholeNumber],
      [{ starts_at: '2026-12-10T10:00:00+06:00', ends_at: '2026-12-01T10:00:00+06:00' }, 'ends_at', giftRuleMessages.endsAfterStart],
      [{ starts_at: 'tomorrow' }, 'starts_at', giftRuleMessages.dateTime],
      [{ title: '' }, 'title', giftRuleMessages.required],
      [{ title: 'Gift\u0000' }, 'title', messages.textNotAllowed()],
      [{ description: 'On\u0000 bags' }, 'description', messages.textNotAllowed()],
      [{ title: 'x'.repeat(100_000) }, 'title', 'At most 100 characters'],
    ];
    for (const [over, field, message] of cases) {
      const res = await editor.client.post('/offers/gifts/', input(over));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(errorOf(res).fields?.[field], field).toBe(message);
    }
    expect((await ctx().db.select({ n: count() }).from(giftRules))[0]!.n).toBe(before);

    // A patch is checked with the stored fields: a spend rule cannot lose its threshold, nor become 'buy' without a product.
    const r = await create({ active: false });
    expect(errorOf(await editor.client.patch(`/offers/gifts/${r.id}/`, { min_subtotal: null })).fields).toEqual({
      min_subtotal: giftRuleMessages.threshold,
    });
    expect(errorOf(await editor.client.patch(`/offers/gifts/${r.id}/`, { kind: 'buy' })).fields).toMatchObject({
      buy_product_id: giftRuleMessages.productUnknown,
    });
    expect(errorOf(await editor.client.patch(`/offers/gifts/${r.id}/`, {})).fields?._).toBe(NOTHING_TO_CHANGE);
    expect((await editor.client.patch('/offers/gifts/2000000/', { active: false })).statusCode).toBe(404);
    expect(await actionsOf(r.id)).toEqual(['gift_rule.create']);
  });

  it('refuses a save made from a copy someone else has saved since (409 edit_conflict), changing nothing', async () => {
    const rule = await create({ title: 'Two editors', active: false });
    const first = await patch(rule.id, { title: 'First editor', updated_at: rule.updated_at });
    expect(first.updated_at).not.toBe(rule.updated_at);
    const stale = await editor.client.patch(`/offers/gifts/${rule.id}/`, { title: 'Second editor', updated_at: rule.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toMatchObject({ code: 'edit_conflict', message: giftRuleMessages.editConflict });
    const [row] = await ctx().db.select().from(giftRules).where(eq(giftRules.id, rule.id));
    expect(row).toMatchObject({ title: 'First editor', updatedAt: new Date(first.updated_at) });
    // Saved from the copy the first save answered, it goes through.
    expect((await patch(rule.id, { title: 'Second editor', updated_at: first.updated_at })).title).toBe('Second editor');
  });

  it('reorders every rule, audited, and refuses a partial list', async () => {
    const list = (await editor.client.get('/offers/gifts/')).json<{ data: AdminGiftRule[] }>().data;
    const ids = list.map((r) => r.id).reverse();
    const res = await editor.client.put('/offers/gifts/order/', { ids });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ data: AdminGiftRule[] }>().data;
    expect(after.map((r) => r.id)).toEqual(ids);
    expect(after.map((r) => r.position)).toEqual(ids.map((_, i) => i));
    const partial = await editor.client.put('/offers/gifts/order/', { ids: ids.slice(1) });
    expect(errorOf(partial).fields).toEqual({ ids: giftRuleMessages.reorderList });
    const twice = await editor.client.put('/offers/gifts/order/', { ids: [...ids.slice(1), ids[1]] });
    expect(twice.statusCode).toBe(400);
    const [audit] = await ctx().db.select().from(auditLog).where(eq(auditLog.action, 'gift_rule.reorder'));
    expect(audit?.changes).toEqual({ order: [[...ids].reverse(), ids] });
  });

  it('a spend rule: over the threshold the bag gets the gift line, under it the offer box; switched off, both are gone', async () => {
    const rule = await create({ title: 'Spend ৳2,500, get a mist', min_subtotal: 250_000 });
    const under = shopper(ctx);
    // 2 × ৳1,000: ৳500 short.
    let bag = await under.add(c.cream50.id, 2);
    expect(bag.variants_offer).toEqual([
      expect.objectContaining({
        rule_id: rule.id,
        kind: 'spend',
        title: 'Spend ৳2,500, get a mist',
        remaining: 50_000,
        message: messages.offerSpend('৳500', 'Glow Lab Rose Mist'),
      }),
    ]);
    expect(bag.line_items.some((l) => l.gift)).toBe(false);
    const over = shopper(ctx);
    bag = await over.add(c.cream50.id, 3);
    expect(bag.line_items.filter((l) => l.gift)).toEqual([expect.objectContaining({ variant_id: c.mistTravel.id, gift_rule_id: rule.id })]);
    expect(bag.gift_variants).toEqual([expect.objectContaining({ rule_id: rule.id, title: 'Spend ৳2,500, get a mist', value: 45_000 })]);

    // A change shows at once (this process's cache is cleared by the write).
    await patch(rule.id, { min_subtotal: 150_000 });
    expect((await under.cart()).line_items.filter((l) => l.gift).map((l) => l.gift_rule_id)).toEqual([rule.id]);

    await patch(rule.id, { active: false });
    const [u, o] = [await under.cart(), await over.cart()];
    for (const b of [u, o]) {
      expect(b.variants_offer).toEqual([]);
      expect(b.gift_variants).toEqual([]);
      expect(b.line_items.some((l) => l.gift)).toBe(false);
    }
    expect(await actionsOf(rule.id)).toEqual(['gift_rule.create', 'gift_rule.update', 'gift_rule.switch_off']);
  });

  it('a buy-N rule: part-way the offer box, at N the gift line; switched off, both are gone; its uses are counted', async () => {
    const rule = await create({ kind: 'buy', title: 'Buy 3 balms', min_subtotal: null, buy_product_id: c.balm.id, buy_quantity: 3 });
    const s = shopper(ctx);
    let bag = await s.add(c.balm1.id, 1);
    expect(bag.variants_offer).toEqual([
      expect.objectContaining({
        rule_id: rule.id,
        kind: 'buy',
        remaining: 2,
        message: messages.offerBuy(2, 'Lip Balm', 'Glow Lab Rose Mist'),
      }),
    ]);
    bag = await s.add(c.balm1.id, 2);
    expect(bag.variants_offer).toEqual([]);
    expect(bag.line_items.filter((l) => l.gift).map((l) => l.gift_rule_id)).toEqual([rule.id]);

    // An order that got the gift counts as a use (a cancelled one does not).
    await ctx().db.insert(guests).values({ id: 'g-guest', phone: '+8801700000099' });
    const order = async (n: string, status: 'placed' | 'cancelled') => {
      const [o] = await ctx()
        .db.insert(orders)
        .values({
          number: n,
          token: `t-${n}`,
          guestId: 'g-guest',
          status,
          paymentMethod: 'cod',
          deliveryType: 'standard',
          subtotal: 90_000,
          total: 90_000,
        })
        .returning();
      const line = {
        orderId: o!.id,
        productId: 1,
        sku: 'g',
        productTitle: 'g',
        variantTitle: 'g',
        vendor: 'g',
        productUrl: '/',
        quantity: 1,
      };
      await ctx()
        .db.insert(orderLines)
        .values([
          { ...line, variantId: c.balm1.id, price: 30_000, discountedPrice: 30_000, linePrice: 90_000 },
          { ...line, variantId: c.mistTravel.id, price: 0, discountedPrice: 0, linePrice: 0, gift: true },
        ]);
    };
    await order('G-1', 'placed');
    await order('G-2', 'cancelled');
    expect((await editor.client.get(`/offers/gifts/${rule.id}/`)).json<{ data: AdminGiftRule }>().data.gift_orders).toBe(1);

    await patch(rule.id, { active: false });
    bag = await s.cart();
    expect(bag.line_items.some((l) => l.gift)).toBe(false);
    bag = await s.remove(c.balm1.id, 1);
    expect(bag.variants_offer).toEqual([]);
  });

  it('is for signed-in staff with offers.write', async () => {
    expect((await app().inject({ method: 'GET', url: '/api/v1/admin/offers/gifts/' })).statusCode).toBe(401);
    expect((await app().inject({ method: 'POST', url: '/api/v1/admin/offers/gifts/', payload: input() })).statusCode).toBe(401);
    const content = await signedInStaff(app(), ctx().env, 'content_editor');
    expect((await content.client.get('/offers/gifts/')).statusCode).toBe(403);
    const fulfilment = await signedInStaff(app(), ctx().env, 'fulfilment');
    expect((await fulfilment.client.post('/offers/gifts/', input())).statusCode).toBe(403);
    expect((await fulfilment.client.put('/offers/gifts/order/', { ids: [1] })).statusCode).toBe(403);
  });
});
