import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import {
  bulkMessages,
  catalogMessages,
  type AdminProduct,
  type AdminProductListResponse,
  type AdminVariantListResponse,
  type AdminVariantRow,
} from '@store/shared/admin-catalog';
import type { ApiErrorBody } from '@store/shared/api';
import type { ProductDetail, ProductListResponse } from '@store/shared/catalog';
import { NOTHING_TO_CHANGE } from '@store/shared/input';
import * as messages from '@store/shared/messages';
import { selectRows } from '../../db/client.js';
import { describeOnDatabases } from '../../../test/support/app.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { auditLog } from '../staff/staff.tables.js';
import { clearCatalogCaches } from './catalog.service.js';
import { brands, categories, collectionProducts, collections, departments, products, variants } from './catalog.tables.js';
import { publishDueProducts } from './products-admin.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;
const MINUTE = 60_000;
const image = (name: string, alt = name) => ({
  original: `/media/ab/${name}.jpg`,
  webp: `/media/ab/${name}.webp`,
  mobile: `/media/ab/${name}-m.webp`,
  alt,
  width: 1000,
  height: 1000,
});

describeOnDatabases('admin catalog: products', (ctx) => {
  const app = () => ctx().app;
  const db = () => ctx().db;
  let editor: { client: StaffClient };
  let brand: { id: number; handle: string };
  let otherBrand: { id: number; handle: string };
  let category: number;
  let toysCategory: number;
  let collection: number;
  let seq = 0;
  const next = (base: string) => `${base}-${(seq += 1)}`;

  const productInput = (handle: string, overrides: Record<string, unknown> = {}) => ({
    handle,
    name: 'Rose Water Toner',
    body_html: '<p>Fresh <strong>rose</strong> water.</p>',
    brand_id: brand.id,
    department: '',
    category_id: category,
    collection_ids: [collection],
    tags: ['toner', 'EDT'],
    title_tag: 'Rose Water Toner | Glow Bazaar',
    description_tag: 'A gentle toner.',
    show_max_discount_on_detail_page: true,
    show_max_discount_on_homepage: false,
    sale: true,
    status: 'active',
    publish_at: null,
    option: 'size',
    images: [image(`${handle}-1`, 'The bottle'), image(`${handle}-2`)],
    variants: [
      {
        sku: `${handle}-100`.toUpperCase(),
        title: '100 ml',
        swatch: null,
        price: 80_000,
        discount: 10,
        barcode: '8901234567890',
        stock: 5,
      },
      { sku: `${handle}-200`.toUpperCase(), title: '200 ml', swatch: null, price: 120_000, discount: 0, barcode: '', stock: 0 },
    ],
    ...overrides,
  });

  const create = async (handle: string, overrides: Record<string, unknown> = {}) => {
    const res = await editor.client.post('/catalog/products/', productInput(handle, overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: AdminProduct }>().data;
  };
  const storefront = (p: { url: string; handle: string }) => app().inject(`/api/v1/products/${p.url.split('/')[2]}/${p.handle}/`);
  const productCount = async () => (await db().select({ n: count() }).from(products))[0]!.n;

  beforeAll(async () => {
    // The departments the demo seed would make, when this database has none yet.
    await db()
      .insert(departments)
      .values([
        { key: '', name: 'Beauty' },
        { key: 'toys', name: 'Toys', position: 1 },
      ])
      .onConflictDoNothing();
    const deptRows = await db().select().from(departments);
    const dept = (key: string) => deptRows.find((d) => d.key === key)!.id;
    const [a, b] = await db()
      .insert(brands)
      .values([
        { handle: 'pa-alpha', name: 'PA Alpha', departmentId: dept('') },
        { handle: 'pa-beta', name: 'PA Beta', departmentId: dept('') },
      ])
      .returning();
    brand = a!;
    otherBrand = b!;
    const [c, t] = await db()
      .insert(categories)
      .values([
        { handle: 'pa-toners', name: 'PA Toners', departmentId: dept('') },
        { handle: 'pa-blocks', name: 'PA Blocks', departmentId: dept('toys') },
      ])
      .returning();
    category = c!.id;
    toysCategory = t!.id;
    const [col] = await db()
      .insert(collections)
      .values({ handle: 'pa-picks', title: 'PA Picks', departmentId: dept('') })
      .returning();
    collection = col!.id;
  });

  beforeEach(async () => {
    clearCatalogCaches();
    editor = await signedInStaff(app(), ctx().env, 'catalog_editor');
  });

  it('creates an active product with two variants and pictures: on the storefront at once, in its collection, audited', async () => {
    const handle = next('rose-toner');
    const product = await create(handle, { body_html: '<p onclick="x()">Fresh<script>alert(1)</script></p>' });
    expect(product).toMatchObject({
      handle,
      state: 'active',
      brand: { id: brand.id, handle: brand.handle },
      collection_ids: [collection],
      tags: ['toner', 'EDT'],
      max_discount: { value: 10, show_on_detail_page: true, show_on_homepage: false },
      body_html: '<p>Fresh</p>',
    });
    expect(product.variants.map((v) => [v.title, v.price, v.discounted_price, v.stock])).toEqual([
      ['100 ml', 80_000, 72_000, 5],
      ['200 ml', 120_000, 120_000, 0],
    ]);

    const shown = await storefront(product);
    expect(shown.statusCode).toBe(200);
    const detail = shown.json<{ data: ProductDetail }>().data;
    expect(detail.product_variants.map((v) => v.sku)).toEqual([`${handle}-100`.toUpperCase(), `${handle}-200`.toUpperCase()]);
    expect(detail.images.map((i) => i.alt)).toEqual(['The bottle', `${handle}-2`]);
    expect(detail.metafields).toEqual([
      { key: 'title_tag', value: 'Rose Water Toner | Glow Bazaar' },
      { key: 'description_tag', value: 'A gentle toner.' },
    ]);
    const listing = (await app().inject('/api/v1/products/?collection=pa-picks')).json<ProductListResponse>();
    expect(listing.results.map((p) => p.handle)).toContain(handle);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(product.id)));
    expect(audit).toMatchObject({ action: 'product.create', entity: 'product' });
  });

  it('keeps a Bangla name and description beside the English: Bangla pages read them, English ones never do, an empty one falls back', async () => {
    const handle = next('neem-soap');
    const product = await create(handle, {
      name: 'Neem Bar',
      name_bn: '  নিম সাবান  ',
      body_html: '<p>Neem and tulsi.</p>',
      body_html_bn: '<p onclick="x()">নিম ও তুলসীর <strong>সাবান</strong>।</p>',
    });
    expect(product).toMatchObject({ name: 'Neem Bar', name_bn: 'নিম সাবান', body_html_bn: '<p>নিম ও তুলসীর <strong>সাবান</strong>।</p>' });
    const brandHandle = product.brand.handle;
    const read = async (url: string, locale: string) =>
      (await app().inject({ url, headers: { 'x-store-locale': locale } })).json<{ data: ProductDetail }>().data;
    const list = async (locale: string) =>
      (
        await app().inject({ url: `/api/v1/products/?brand=${brandHandle}&page_size=48`, headers: { 'x-store-locale': locale } })
      ).json<ProductListResponse>();
    // English first, then Bangla, then English again: each answer is kept per language.
    for (const locale of ['en', 'bn', 'en', 'bn']) {
      const detail = await read(`/api/v1/products/${brandHandle}/${handle}/`, locale);
      expect(detail.name).toBe(locale === 'bn' ? 'নিম সাবান' : 'Neem Bar');
      expect(detail.body_html).toBe(locale === 'bn' ? '<p>নিম ও তুলসীর <strong>সাবান</strong>।</p>' : '<p>Neem and tulsi.</p>');
      expect((await list(locale)).results.find((c) => c.handle === handle)?.name).toBe(locale === 'bn' ? 'নিম সাবান' : 'Neem Bar');
    }
    // The Bangla name is in the search document (the trigger of drizzle/0037), which Bangla searches match.
    const [indexed] = await selectRows<{ text: boolean; vector: boolean }>(
      db(),
      sql`select search_text like '%নিম সাবান%' as text, search_vector @@ to_tsquery('simple', 'সাবান') as vector from products where handle = ${handle}`,
    );
    expect(indexed).toEqual({ text: true, vector: true });
    const found = (
      await app().inject({ url: `/api/v1/products/?search=${encodeURIComponent('নিম সাবান')}`, headers: { 'x-store-locale': 'bn' } })
    ).json<ProductListResponse>();
    expect(found.results.map((c) => c.handle)).toContain(handle);

    // Emptied, the Bangla page shows the English again.
    const res = await editor.client.patch(`/catalog/products/${product.id}/`, {
      name_bn: '',
      body_html_bn: ' ',
      updated_at: product.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AdminProduct }>().data).toMatchObject({ name_bn: '', body_html_bn: '' });
    expect(
      (
        await db().select({ nameBn: products.nameBn, bodyHtmlBn: products.bodyHtmlBn }).from(products).where(eq(products.handle, handle))
      )[0],
    ).toEqual({
      nameBn: null,
      bodyHtmlBn: null,
    });
    const after = await read(`/api/v1/products/${brandHandle}/${handle}/`, 'bn');
    expect([after.name, after.body_html]).toEqual(['Neem Bar', '<p>Neem and tulsi.</p>']);
  });

  it('keeps drafts and archived products off the storefront, and schedules one for later', async () => {
    const draft = await create(next('draft-toner'), { status: 'draft' });
    expect(draft.state).toBe('draft');
    expect((await storefront(draft)).statusCode).toBe(404);

    const published = await editor.client.patch(`/catalog/products/${draft.id}/`, { status: 'active' });
    expect(published.json<{ data: AdminProduct }>().data.state).toBe('active');
    expect((await storefront(draft)).statusCode).toBe(200);
    // Saved again from the editor (no time given), it keeps the time it went live.
    const wentLive = published.json<{ data: AdminProduct }>().data.publish_at;
    app().clock.advance(MINUTE);
    const edited = await editor.client.patch(`/catalog/products/${draft.id}/`, { name: 'Renamed', publish_at: null });
    expect(edited.json<{ data: AdminProduct }>().data).toMatchObject({ state: 'active', publish_at: wentLive });

    const archived = await editor.client.patch(`/catalog/products/${draft.id}/`, { status: 'archived' });
    expect(archived.json<{ data: AdminProduct }>().data.state).toBe('archived');
    expect((await storefront(draft)).statusCode).toBe(404);
    const actions = (
      await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(draft.id)))
    ).map((r) => r.action);
    expect(actions).toEqual(['product.create', 'product.update', 'product.update', 'product.archive']);

    const at = new Date(app().clock.nowMs() + 5 * MINUTE).toISOString();
    const scheduled = await create(next('later-toner'), { publish_at: at });
    expect(scheduled.state).toBe('scheduled');
    expect((await storefront(scheduled)).statusCode).toBe(404);
    expect(await publishDueProducts({ db: db(), clock: app().clock })).toBe(0);
    app().clock.advance(6 * MINUTE);
    expect(await publishDueProducts({ db: db(), clock: app().clock })).toBeGreaterThanOrEqual(1);
    expect((await storefront(scheduled)).statusCode).toBe(200);
    expect((await editor.client.get(`/catalog/products/${scheduled.id}/`)).json<{ data: AdminProduct }>().data.state).toBe('active');
  });

  it('shows a price change on the product page at once', async () => {
    const product = await create(next('price-toner'));
    expect((await storefront(product)).json<{ data: ProductDetail }>().data.product_variants[0]!.discounted_price).toBe(72_000);
    const variantsNow = product.variants.map((v) => ({ ...v, price: v.id === product.variants[0]!.id ? 90_000 : v.price }));
    const res = await editor.client.patch(`/catalog/products/${product.id}/`, { variants: variantsNow, updated_at: product.updated_at });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await storefront(product)).json<{ data: ProductDetail }>().data;
    expect(detail.product_variants[0]).toMatchObject({ price: 90_000, discounted_price: 81_000 });
  });

  it('keeps, adds, removes and reorders variants; SKUs may swap; a kept variant keeps its stock', async () => {
    const product = await create(next('variant-toner'));
    const [small, large] = product.variants;
    const res = await editor.client.patch(`/catalog/products/${product.id}/`, {
      option: 'shade',
      variants: [
        { ...large!, sku: small!.sku, title: 'Large', swatch: '#AA0033', stock: 999 },
        { sku: `${product.handle}-NEW`.toUpperCase(), title: 'New', swatch: null, price: 50_000, discount: 0, barcode: '', stock: 7 },
        { ...small!, sku: large!.sku },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ data: AdminProduct }>().data;
    expect(after.variants.map((v) => [v.title, v.sku, v.stock, v.swatch])).toEqual([
      ['Large', small!.sku, 0, '#aa0033'],
      ['New', `${product.handle}-NEW`.toUpperCase(), 7, null],
      ['100 ml', large!.sku, 5, null],
    ]);
    expect(after.variants[0]!.id).toBe(large!.id);

    const removed = await editor.client.patch(`/catalog/products/${product.id}/`, { variants: [after.variants[1]] });
    expect(removed.json<{ data: AdminProduct }>().data.variants.map((v) => v.title)).toEqual(['New']);
    expect(await db().select().from(variants).where(eq(variants.id, small!.id))).toEqual([]);

    const foreign = await editor.client.patch(`/catalog/products/${product.id}/`, { variants: [{ ...after.variants[1]!, id: 2_000_000 }] });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).fields).toEqual({ 'variants.0.id': 'Not a variant of this product' });
  });

  it('refuses bad input with a field message and changes nothing', async () => {
    const taken = await create(next('taken-toner'));
    const before = await productCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ handle: taken.handle }, 'handle', catalogMessages.handleTaken],
      [{ handle: 'Bad Handle!' }, 'handle', catalogMessages.handle],
      [{ name: 'x'.repeat(100_000) }, 'name', 'At most 200 characters'],
      [{ name: 'Rose\u0000' }, 'name', messages.textNotAllowed()],
      [{ name: 42 }, 'name', 'Invalid input: expected string, received number'],
      [{ brand_id: 2_000_000 }, 'brand_id', catalogMessages.brandUnknown],
      [{ category_id: toysCategory }, 'category_id', catalogMessages.categoryUnknown],
      [{ tags: ['EDP', 'EDT'] }, 'tags', catalogMessages.onePerfumeType],
      [{ variants: [] }, 'variants', catalogMessages.oneVariant],
    ];
    const variant = { sku: 'PA-ONE', title: 'One', swatch: null, price: 10_000, discount: 0, barcode: '', stock: 1 };
    const variantCases: [Record<string, unknown>, string, string][] = [
      [{ price: -100 }, 'variants.0.price', catalogMessages.price],
      [{ price: 10_050 }, 'variants.0.price', catalogMessages.wholeTaka],
      [{ price: '100' }, 'variants.0.price', catalogMessages.number],
      [{ stock: -1 }, 'variants.0.stock', catalogMessages.stock],
      [{ discount: 101 }, 'variants.0.discount', catalogMessages.percent],
      [{ sku: taken.variants[0]!.sku.toLowerCase() }, 'variants.0.sku', catalogMessages.skuTaken],
      [{ sku: 'has space' }, 'variants.0.sku', catalogMessages.sku],
      [{ swatch: 'red' }, 'variants.0.swatch', catalogMessages.swatch],
    ];
    for (const [overrides, field, message] of [
      ...cases,
      ...variantCases.map(([v, f, m]) => [{ variants: [{ ...variant, ...v }] }, f, m] as [Record<string, unknown>, string, string]),
      [{ variants: [variant, { ...variant, title: 'Two' }] }, 'variants.1.sku', catalogMessages.skuRepeated] as [
        Record<string, unknown>,
        string,
        string,
      ],
    ]) {
      const res = await editor.client.post('/catalog/products/', productInput(next('bad-toner'), overrides));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(errorOf(res).fields?.[field], field).toBe(message);
    }
    expect(await productCount()).toBe(before);

    const empty = await editor.client.patch(`/catalog/products/${taken.id}/`, {});
    expect(errorOf(empty).fields?._).toBe(NOTHING_TO_CHANGE);
    const clash = await editor.client.patch(`/catalog/products/${taken.id}/`, {
      variants: [
        { ...variant, sku: 'PA-X' },
        { ...variant, sku: 'pa-x' },
      ],
    });
    expect(errorOf(clash).fields?.['variants.1.sku']).toBe(catalogMessages.skuRepeated);
    expect((await editor.client.get(`/catalog/products/${taken.id}/`)).json<{ data: AdminProduct }>().data.variants).toEqual(
      taken.variants,
    );
  });

  it('refuses a save made from an older copy', async () => {
    const product = await create(next('conflict-toner'));
    const first = await editor.client.patch(`/catalog/products/${product.id}/`, { name: 'First', updated_at: product.updated_at });
    expect(first.statusCode).toBe(200);
    const second = await editor.client.patch(`/catalog/products/${product.id}/`, { name: 'Second', updated_at: product.updated_at });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'edit_conflict', message: catalogMessages.editConflict });
  });

  it('duplicates a product as a draft with free addresses and SKUs and no stock', async () => {
    const product = await create(next('copy-toner'));
    const copies: AdminProduct[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await editor.client.post(`/catalog/products/${product.id}/duplicate/`);
      expect(res.statusCode, res.body).toBe(201);
      copies.push(res.json<{ data: AdminProduct }>().data);
    }
    expect(copies.map((c) => c.handle)).toEqual([`${product.handle}-copy`, `${product.handle}-copy-2`]);
    expect(copies[1]!.variants.map((v) => v.sku)).toEqual(product.variants.map((v) => `${v.sku}-COPY-2`));
    expect(copies[0]).toMatchObject({ state: 'draft', name: 'Rose Water Toner (copy)', collection_ids: [collection], tags: product.tags });
    expect(copies[0]!.variants.every((v) => v.stock === 0)).toBe(true);
    expect((await storefront(copies[0]!)).statusCode).toBe(404);
    const members = await db().select().from(collectionProducts).where(eq(collectionProducts.productId, copies[0]!.id));
    expect(members).toHaveLength(1);
  });

  it('lists products by state, brand and SKU, 50 a page with the total', async () => {
    const tag = next('listtag');
    const made = await create(`${tag}-a`, { brand_id: otherBrand.id, status: 'draft' });
    await create(`${tag}-b`, { brand_id: otherBrand.id });
    const bySku = (await editor.client.get(`/catalog/products/?q=${made.variants[0]!.sku.slice(0, 12)}`)).json<AdminProductListResponse>();
    expect(bySku.data.map((p) => p.handle)).toContain(made.handle);
    // A whole SKU typed in small letters finds its product: neither the name nor the address holds it.
    const sku = made.variants[1]!.sku;
    const byWholeSku = (await editor.client.get(`/catalog/products/?q=${sku.toLowerCase()}`)).json<AdminProductListResponse>();
    expect(byWholeSku).toMatchObject({ count: 1, count_capped: false });
    expect(byWholeSku.data.map((p) => p.handle)).toEqual([made.handle]);
    // The address by its start; a % is a character, not a wildcard.
    const byHandle = (await editor.client.get(`/catalog/products/?q=${tag}-`)).json<AdminProductListResponse>();
    expect(byHandle.data.map((p) => p.handle).sort()).toEqual([`${tag}-a`, `${tag}-b`]);
    expect((await editor.client.get(`/catalog/products/?q=${tag}%25`)).json<AdminProductListResponse>().count).toBe(0);
    const drafts = (await editor.client.get(`/catalog/products/?brand_id=${otherBrand.id}&state=draft`)).json<AdminProductListResponse>();
    expect(drafts.data.map((p) => p.handle)).toEqual([made.handle]);
    expect(drafts.data[0]).toMatchObject({
      brand: 'PA Beta',
      variant_count: 2,
      stock: 5,
      price: 80_000,
      discounted_price: 72_000,
      state: 'draft',
    });
    const byName = (
      await editor.client.get(`/catalog/products/?brand_id=${otherBrand.id}&sort=name&dir=asc`)
    ).json<AdminProductListResponse>();
    expect(byName).toMatchObject({ count: 2, count_capped: false, page: 1, page_size: 50 });
    // Totals are kept between pages and sorts, and follow a change at once.
    const activeCount = async () =>
      (await editor.client.get(`/catalog/products/?brand_id=${otherBrand.id}&state=active&page=2`)).json<AdminProductListResponse>().count;
    expect(await activeCount()).toBe(1);
    await create(`${tag}-c`, { brand_id: otherBrand.id });
    expect(await activeCount()).toBe(2);
    await editor.client.patch(`/catalog/products/${made.id}/`, { status: 'active' });
    expect(await activeCount()).toBe(3);
    const bad = await editor.client.get('/catalog/products/?sort=cheapest');
    expect(bad.statusCode).toBe(400);
  });

  it('saves many variants at once: all or none, a stale price refused, stock moved by the difference typed', async () => {
    const a = await create(next('bulk-toner'));
    const b = await create(next('bulk-toner'));
    const page = (await editor.client.get(`/catalog/variants/?q=${a.handle.slice(0, 10)}`)).json<AdminVariantListResponse>();
    expect(page.data.map((v) => v.sku)).toEqual(expect.arrayContaining([...a.variants, ...b.variants].map((v) => v.sku)));
    const [a1, a2] = a.variants;
    const [b1] = b.variants;
    const loaded = (v: { price: number; discount: number; stock: number }) => ({ price: v.price, discount: v.discount, stock: v.stock });

    // An order takes 2 of a1 meanwhile: the editor typed 5 → 9 (+4), so 3 + 4 = 7 is stored, not 9.
    await db().update(variants).set({ stock: 3 }).where(eq(variants.id, a1!.id));
    const saved = await editor.client.patch('/catalog/variants/', {
      changes: [
        { id: a1!.id, loaded: loaded(a1!), price: 85_000, stock: 9 },
        { id: a2!.id, loaded: loaded(a2!), discount: 25 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: AdminVariantRow[] }>().data.map((v) => [v.sku, v.price, v.discount, v.stock])).toEqual([
      [a1!.sku, 85_000, 10, 7],
      [a2!.sku, 120_000, 25, 0],
    ]);
    const detail = (await storefront(a)).json<{ data: ProductDetail }>().data;
    expect(detail.max_discount.value).toBe(25);
    expect(detail.product_variants[0]).toMatchObject({ price: 85_000, discounted_price: 76_500 });

    // The second save was made from the first load: a1's price is stale, so nothing of it is written.
    const stale = await editor.client.patch('/catalog/variants/', {
      changes: [
        { id: b1!.id, loaded: loaded(b1!), price: 10_000 },
        { id: a1!.id, loaded: loaded(a1!), price: 70_000 },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).fields).toEqual({ 'changes.1': bulkMessages.changedMeanwhile });
    const [b1now] = await db().select().from(variants).where(eq(variants.id, b1!.id));
    expect(b1now!.price).toBe(b1!.price);

    const below = await editor.client.patch('/catalog/variants/', {
      changes: [{ id: a2!.id, loaded: { ...loaded(a2!), discount: 25 }, stock: -1 }],
    });
    expect(errorOf(below).fields?.['changes.0.stock']).toBe(catalogMessages.stock);
    const bulkAudit = await db().select().from(auditLog).where(eq(auditLog.action, 'variant.bulk_update'));
    expect(bulkAudit.filter((r) => r.entityId === String(a1!.id))[0]!.changes).toMatchObject({ price: [80_000, 85_000], stock: [3, 7] });
  });

  it('is for catalog editors, managers and owners only', async () => {
    const content = await signedInStaff(app(), ctx().env, 'content_editor');
    expect((await content.client.get('/catalog/products/')).statusCode).toBe(403);
    expect((await content.client.post('/catalog/products/', productInput(next('nope')))).statusCode).toBe(403);
    const options = (await editor.client.get('/catalog/options/')).json<{ data: { brands: { id: number }[] } }>().data;
    expect(options.brands.map((b) => b.id)).toEqual(expect.arrayContaining([brand.id, otherBrand.id]));
  });
});
