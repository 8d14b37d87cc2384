import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { AdminCollection, AdminCollectionSummary, CollectionRule, ProductOption } from '@store/shared/admin-catalog-brands';
import type { ApiErrorBody } from '@store/shared/api';
import type { HomeResponse } from '@store/shared/content';
import { describeOnDatabases } from '../../../test/support/app.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { clearContentCaches } from '../content/index.js';
import { auditLog } from '../staff/staff.tables.js';
import { brands, collectionProducts, collections, departments, products } from './catalog.tables.js';
import { refreshRuleCollections } from './index.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;

describeOnDatabases('admin catalog: collections', (ctx) => {
  const app = () => ctx().app;
  let editor: StaffClient;
  /** Product ids by short name. */
  const ids: Record<string, number> = {};
  let brandA = 0;
  let brandB = 0;
  let toysBrand = 0;

  const collectionInput = (title: string, handle: string, overrides: Record<string, unknown> = {}) => ({
    title,
    handle,
    department: '',
    home_position: null,
    kind: 'manual',
    rule: null,
    product_ids: [],
    ...overrides,
  });
  const ruleCollection = async (handle: string, rule: CollectionRule, overrides: Record<string, unknown> = {}) => {
    const res = await editor.post('/catalog/collections/', collectionInput(handle, handle, { kind: 'rule', rule, ...overrides }));
    expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
    return res.json<{ data: AdminCollection }>().data;
  };
  /** The members as stored, in the storefront's order. */
  const membersOf = async (collectionId: number) =>
    (
      await ctx()
        .db.select({ id: collectionProducts.productId })
        .from(collectionProducts)
        .where(eq(collectionProducts.collectionId, collectionId))
        .orderBy(asc(collectionProducts.position))
    ).map((r) => r.id);
  const named = (...names: string[]) => names.map((n) => ids[n]!);

  beforeAll(async () => {
    const db = ctx().db;
    await db
      .insert(departments)
      .values([
        { key: '', name: 'Beauty', position: 0 },
        { key: 'toys', name: 'Kids', position: 1 },
      ])
      .onConflictDoNothing();
    const [beauty] = await db.select().from(departments).where(eq(departments.key, ''));
    const [toys] = await db.select().from(departments).where(eq(departments.key, 'toys'));
    const [a, b, t] = await db
      .insert(brands)
      .values([
        { handle: 'cl-a', name: 'Brand A', departmentId: beauty!.id },
        { handle: 'cl-b', name: 'Brand B', departmentId: beauty!.id },
        { handle: 'cl-toys', name: 'Toy Brand', departmentId: toys!.id },
      ])
      .returning();
    brandA = a!.id;
    brandB = b!.id;
    toysBrand = t!.id;
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    // name: brand, tags, lowest price after discount (taka), sale flag, max discount, created.
    const rows = [
      { key: 'kbeauty', brandId: brandA, tags: ['cl-kbeauty'], price: 500, sale: false, max: 0, created: day(1) },
      { key: 'kbeautySale', brandId: brandA, tags: ['cl-kbeauty', 'cl-serum'], price: 900, sale: true, max: 0, created: day(2) },
      { key: 'serumDiscount', brandId: brandB, tags: ['cl-serum'], price: 1500, sale: false, max: 20, created: day(3) },
      { key: 'plain', brandId: brandB, tags: [], price: 3000, sale: false, max: 0, created: day(4) },
      { key: 'draft', brandId: brandA, tags: ['cl-kbeauty'], price: 500, sale: true, max: 0, created: day(5), published: false },
    ];
    const inserted = await db
      .insert(products)
      .values(
        rows.map((r) => ({
          handle: `cl-${r.key.toLowerCase()}`,
          name: `CL ${r.key}`,
          brandId: r.brandId,
          departmentId: beauty!.id,
          tags: r.tags,
          minPrice: r.price * 100,
          minDiscountedPrice: r.price * 100,
          maxPrice: r.price * 100,
          sale: r.sale,
          maxDiscountValue: r.max,
          published: r.published ?? true,
          createdAt: r.created,
        })),
      )
      .returning();
    rows.forEach((r, i) => (ids[r.key] = inserted[i]!.id));
    const [toy] = await db
      .insert(products)
      .values({
        handle: 'cl-toy',
        name: 'CL toy',
        brandId: toysBrand,
        departmentId: toys!.id,
        tags: ['cl-kbeauty'],
        minDiscountedPrice: 50000,
        sale: true,
      })
      .returning();
    ids.toy = toy!.id;
  });
  beforeEach(async () => {
    clearContentCaches();
    editor = (await signedInStaff(app(), ctx().env, 'catalog_editor')).client;
  });

  it('takes in, for each condition, exactly the published products of the department that match, newest first', async () => {
    const tag = await ruleCollection('cl-rule-tag', { tags: ['cl-kbeauty'] });
    // The draft and the toy (another department) carry the tag too, and stay out.
    expect(await membersOf(tag.id)).toEqual(named('kbeautySale', 'kbeauty'));
    expect(tag).toMatchObject({ kind: 'rule', product_count: 2, rule: { tags: ['cl-kbeauty'] } });
    expect(tag.products.map((p) => p.id)).toEqual(named('kbeautySale', 'kbeauty'));

    expect(await membersOf((await ruleCollection('cl-rule-tags', { tags: ['cl-kbeauty', 'cl-serum'] })).id)).toEqual(
      named('serumDiscount', 'kbeautySale', 'kbeauty'),
    );
    expect(await membersOf((await ruleCollection('cl-rule-brand', { brand_ids: [brandB] })).id)).toEqual(named('plain', 'serumDiscount'));
    expect(await membersOf((await ruleCollection('cl-rule-min', { price_min: 900 })).id)).toEqual(
      named('plain', 'serumDiscount', 'kbeautySale'),
    );
    expect(await membersOf((await ruleCollection('cl-rule-max', { price_max: 900 })).id)).toEqual(named('kbeautySale', 'kbeauty'));
    expect(await membersOf((await ruleCollection('cl-rule-range', { price_min: 600, price_max: 2000 })).id)).toEqual(
      named('serumDiscount', 'kbeautySale'),
    );
    // On sale: the sale flag or a discount, as the listing's filter says; false: the others.
    expect(await membersOf((await ruleCollection('cl-rule-sale', { on_sale: true })).id)).toEqual(named('serumDiscount', 'kbeautySale'));
    expect(await membersOf((await ruleCollection('cl-rule-nosale', { on_sale: false })).id)).toEqual(named('plain', 'kbeauty'));
    // Every condition at once.
    expect(await membersOf((await ruleCollection('cl-rule-all', { tags: ['cl-kbeauty'], on_sale: true, brand_ids: [brandA] })).id)).toEqual(
      named('kbeautySale'),
    );
    expect(
      await membersOf((await ruleCollection('cl-rule-none', { tags: ['cl-serum'], brand_ids: [brandA], price_min: 1000 })).id),
    ).toEqual([]);
    // The toys department has its own.
    expect(await membersOf((await ruleCollection('cl-rule-toys', { tags: ['cl-kbeauty'] }, { department: 'toys' })).id)).toEqual(
      named('toy'),
    );
  });

  it('previews the count of a rule without saving, and refuses an empty or upside-down rule', async () => {
    const count = async (rule: Record<string, unknown>) => editor.post('/catalog/collections/rule-preview/', { department: '', rule });
    expect((await count({ tags: ['cl-kbeauty'], on_sale: true })).json<{ data: { count: number } }>().data.count).toBe(1);
    expect((await count({ brand_ids: [brandA, brandB] })).json<{ data: { count: number } }>().data.count).toBeGreaterThanOrEqual(4);
    expect(errorOf(await count({})).fields?.['rule.tags']).toBe('Give at least one condition (a tag, a brand, a price or on sale)');
    expect(errorOf(await count({ tags: [] })).fields?.['rule.tags']).toBeTruthy();
    expect(errorOf(await count({ price_min: 500, price_max: 100 })).fields?.['rule.price_max']).toBe(
      'The lowest price must not be above the highest',
    );
    expect(errorOf(await count({ price_min: -1 })).fields?.['rule.price_min']).toBeTruthy();
  });

  it('recomputes the members when the rule changes, and for the products a write touched', async () => {
    const col = await ruleCollection('cl-rule-change', { tags: ['cl-serum'] });
    expect(await membersOf(col.id)).toEqual(named('serumDiscount', 'kbeautySale'));
    const res = await editor.patch(`/catalog/collections/${col.id}/`, { rule: { brand_ids: [brandB] }, updated_at: col.updated_at });
    expect(res.statusCode).toBe(200);
    expect(await membersOf(col.id)).toEqual(named('plain', 'serumDiscount'));

    // A product write (the lead's product editor) changes a product, then refreshes its membership.
    await ctx().db.update(products).set({ brandId: brandA }).where(eq(products.id, ids.plain!));
    await refreshRuleCollections(ctx(), [ids.plain!]);
    expect(await membersOf(col.id)).toEqual(named('serumDiscount'));
    await ctx().db.update(products).set({ brandId: brandB }).where(eq(products.id, ids.plain!));
    await refreshRuleCollections(ctx(), [ids.serumDiscount!]);
    // Only the products named are looked at.
    expect(await membersOf(col.id)).toEqual(named('serumDiscount'));
    await refreshRuleCollections(ctx());
    expect(await membersOf(col.id)).toEqual(named('plain', 'serumDiscount'));

    const audit = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'collection'), eq(auditLog.entityId, String(col.id))));
    const update = audit.find((e) => e.action === 'collection.update');
    expect(update!.changes).toMatchObject({ rule: [{ tags: ['cl-serum'] }, { brand_ids: [brandB] }] });
  });

  it('keeps a manual collection in the order staff gave, reorders and removes, and shows it as a home slider', async () => {
    const res = await editor.post(
      '/catalog/collections/',
      collectionInput('Staff picks', 'cl-picks', { product_ids: named('plain', 'kbeauty', 'serumDiscount'), home_position: 0 }),
    );
    expect(res.statusCode).toBe(201);
    const col = res.json<{ data: AdminCollection }>().data;
    expect(col.products.map((p) => p.id)).toEqual(named('plain', 'kbeauty', 'serumDiscount'));
    expect(col.products[0]).toMatchObject({ name: 'CL plain', brand: 'Brand B' });
    const slider = async () =>
      (await app().inject('/api/v1/home/?department=')).json<{ data: HomeResponse }>().data.sections.find((s) => s.handle === 'cl-picks');
    expect((await slider())?.products.map((p) => p.id)).toEqual(named('plain', 'kbeauty', 'serumDiscount'));

    const moved = await editor.patch(`/catalog/collections/${col.id}/`, { product_ids: named('serumDiscount', 'plain') });
    expect(moved.json<{ data: AdminCollection }>().data.products.map((p) => p.id)).toEqual(named('serumDiscount', 'plain'));
    expect((await slider())?.products.map((p) => p.id)).toEqual(named('serumDiscount', 'plain'));

    // Off the home page.
    await editor.patch(`/catalog/collections/${col.id}/`, { home_position: null });
    expect(await slider()).toBeUndefined();

    // Turned into a rule collection and back: the rule's members become the manual list, in their order.
    await editor.patch(`/catalog/collections/${col.id}/`, { kind: 'rule', rule: { brand_ids: [brandB] } });
    expect(await membersOf(col.id)).toEqual(named('plain', 'serumDiscount'));
    const manual = (await editor.patch(`/catalog/collections/${col.id}/`, { kind: 'manual' })).json<{ data: AdminCollection }>().data;
    expect(manual).toMatchObject({ kind: 'manual', rule: null });
    expect(manual.products.map((p) => p.id)).toEqual(named('plain', 'serumDiscount'));
    await refreshRuleCollections(ctx());
    expect(await membersOf(col.id)).toEqual(named('plain', 'serumDiscount'));

    const listed = (await editor.get('/catalog/collections/')).json<{ data: AdminCollectionSummary[] }>().data;
    expect(listed.find((c) => c.id === col.id)).toMatchObject({ kind: 'manual', product_count: 2, home_position: null });

    const audit = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'collection'), eq(auditLog.entityId, String(col.id))));
    expect(audit.map((e) => e.action)).toContain('collection.create');
    expect(audit.some((e) => JSON.stringify(e.changes).includes('product_ids'))).toBe(true);
  });

  it('orders the home sliders by home position', async () => {
    await ruleCollection('cl-second', { tags: ['cl-serum'] }, { home_position: 20 });
    await ruleCollection('cl-first', { brand_ids: [brandA] }, { home_position: 10 });
    const sections = (await app().inject('/api/v1/home/?department=')).json<{ data: HomeResponse }>().data.sections.map((s) => s.handle);
    expect(sections.indexOf('cl-first')).toBeLessThan(sections.indexOf('cl-second'));
  });

  it('searches products for the picker by name', async () => {
    const found = (await editor.get('/catalog/collections/product-options/?q=cl%20kbeauty')).json<{ data: ProductOption[] }>().data;
    expect(found.map((p) => p.id).sort()).toEqual(named('kbeauty', 'kbeautySale').sort());
    expect((await editor.get('/catalog/collections/product-options/?q=%25')).json<{ data: ProductOption[] }>().data).toEqual([]);
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const before = await ctx().db.select().from(collections);
    const cases: [Record<string, unknown>, string][] = [
      [collectionInput('Nul\u0000', 'cl-bad-1'), 'title'],
      [collectionInput('x'.repeat(100_000), 'cl-bad-2'), 'title'],
      [collectionInput('Bad handle', 'Bad Handle'), 'handle'],
      [collectionInput('Dupes', 'cl-bad-3', { product_ids: [ids.plain, ids.plain] }), 'product_ids'],
      [collectionInput('Gone', 'cl-bad-4', { product_ids: [2_000_000_000] }), 'product_ids'],
      [collectionInput('No rule', 'cl-bad-5', { kind: 'rule', rule: null }), 'rule'],
      [collectionInput('Bad brand', 'cl-bad-6', { kind: 'rule', rule: { brand_ids: [2_000_000_000] } }), 'rule.brand_ids'],
      [collectionInput('Position', 'cl-bad-7', { home_position: -1 }), 'home_position'],
      [collectionInput('Type', 'cl-bad-8', { home_position: 'first' }), 'home_position'],
      [collectionInput('Taken', 'cl-picks'), 'handle'],
    ];
    for (const [body, field] of cases) {
      const res = await editor.post('/catalog/collections/', body);
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).fields?.[field], field).toBeTruthy();
    }
    expect(await ctx().db.select().from(collections)).toEqual(before);
    const stale = await editor.patch(`/catalog/collections/${before[0]!.id}/`, {
      title: 'Old copy',
      updated_at: new Date(0).toISOString(),
    });
    expect(stale.statusCode).toBe(409);
  });

  it('deletes a collection, its products stay, audited; staff without catalog.write cannot', async () => {
    const col = await ruleCollection('cl-delete-me', { tags: ['cl-serum'] });
    const content = (await signedInStaff(app(), ctx().env, 'content_editor')).client;
    expect((await content.delete(`/catalog/collections/${col.id}/`)).statusCode).toBe(403);
    expect((await content.get('/catalog/collections/product-options/?q=cl')).statusCode).toBe(403);
    expect((await editor.delete(`/catalog/collections/${col.id}/`)).statusCode).toBe(200);
    expect(await ctx().db.select().from(collections).where(eq(collections.id, col.id))).toEqual([]);
    expect(await membersOf(col.id)).toEqual([]);
    expect(
      await ctx()
        .db.select()
        .from(products)
        .where(inArray(products.id, named('serumDiscount', 'kbeautySale'))),
    ).toHaveLength(2);
    const [entry] = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'collection.delete'), eq(auditLog.entityId, String(col.id))));
    expect(entry).toBeTruthy();
  });
});
