import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { ProductCard, ProductDetail, ProductListResponse } from '@store/shared/catalog';
import * as messages from '@store/shared/messages';
import type { Db } from '../../db/client.js';
import { describeOnDatabases } from '../../../test/support/app.js';
import { brands, categories, departments, products, reviews, stockNotifications, variants } from './catalog.tables.js';
import { refreshProductAggregates } from './catalog.service.js';

/**
 * A small catalog of our own beside the demo shop: brands and categories with a `t-` prefix, so every
 * listing below is scoped with brand=… and its expected order is known exactly.
 */
async function createFixture(db: Db) {
  const deptRows = await db.select().from(departments);
  const dept = (key: string) => {
    const row = deptRows.find((d) => d.key === key);
    if (!row) throw new Error(`department ${key} missing`);
    return row.id;
  };
  const [alpha, beta] = await db
    .insert(brands)
    .values([
      { handle: 't-alpha', name: 'T Alpha', description: 'Alpha makes roses.', departmentId: dept('') },
      { handle: 't-beta', name: 'T Beta', description: 'Beta makes oud.', departmentId: dept('') },
    ])
    .returning();
  const [fragrance] = await db
    .insert(categories)
    .values({ handle: 't-fragrance', name: 'T Fragrance', departmentId: dept('') })
    .returning();
  const [edp] = await db
    .insert(categories)
    .values({ handle: 't-edp', name: 'T EDP', parentId: fragrance!.id, departmentId: dept('') })
    .returning();
  const image = { original: '/media/x.jpg', webp: '/media/x.webp', mobile: '/media/x-m.webp', alt: 'x', width: 800, height: 800 };
  const base = { images: [image], tags: ['EDP'] };
  const [p1, p2, p3, p4] = await db
    .insert(products)
    .values([
      {
        ...base,
        handle: 't-rose',
        name: 'Rose',
        brandId: alpha!.id,
        departmentId: dept(''),
        categoryId: edp!.id,
        createdAt: new Date('2024-01-01T00:00:00Z'),
        bodyHtml: '<p onclick="steal()">Soft <b>rose</b></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
        metafields: [{ key: 'title_tag', value: 'Rose EDP | Shop' }],
      },
      {
        ...base,
        handle: 't-musk',
        name: 'Musk',
        brandId: alpha!.id,
        departmentId: dept(''),
        categoryId: fragrance!.id,
        createdAt: new Date('2024-01-02T00:00:00Z'),
      },
      {
        ...base,
        handle: 't-oud',
        name: 'Oud',
        brandId: beta!.id,
        departmentId: dept(''),
        categoryId: fragrance!.id,
        createdAt: new Date('2024-01-03T00:00:00Z'),
      },
      {
        ...base,
        handle: 't-citrus',
        name: 'Citrus',
        brandId: beta!.id,
        departmentId: dept('toys'),
        categoryId: null,
        createdAt: new Date('2024-01-04T00:00:00Z'),
      },
    ])
    .returning();
  await db
    .insert(products)
    .values({ ...base, handle: 't-hidden', name: 'Hidden', brandId: beta!.id, departmentId: dept(''), published: false });
  const [rose50, rose100, musk] = await db
    .insert(variants)
    .values([
      { productId: p1!.id, sku: 't-rose-50', title: '50 ml', price: 100_000, discount: 0, stock: 10, position: 0 },
      { productId: p1!.id, sku: 't-rose-100', title: '100 ml', price: 180_000, discount: 10, stock: 3, position: 1 },
      { productId: p2!.id, sku: 't-musk-1', title: 'Default', price: 50_000, discount: 20, stock: 0 },
      { productId: p3!.id, sku: 't-oud-1', title: 'Default', price: 250_000, discount: 0, stock: 5 },
      { productId: p4!.id, sku: 't-citrus-1', title: 'Default', price: 75_000, discount: 0, stock: 1 },
    ])
    .returning();
  await db.insert(reviews).values([
    { productId: p3!.id, name: 'Rina', star: 5, approved: true },
    { productId: p3!.id, name: 'Mita', star: 4, approved: true },
    { productId: p3!.id, name: 'Spam', star: 1, approved: false },
    { productId: p4!.id, name: 'Tania', star: 3, approved: true },
  ]);
  await refreshProductAggregates({ db }, [p1!.id, p2!.id, p3!.id, p4!.id]);
  return { rose50: rose50!, rose100: rose100!, musk: musk! };
}

type Fixture = Awaited<ReturnType<typeof createFixture>>;
const SCOPE = 'brand=t-alpha,t-beta';

describeOnDatabases(
  'catalog',
  (ctx) => {
    let fx: Fixture;
    beforeAll(async () => {
      fx = await createFixture(ctx().db);
    });

    const list = async (query: string) => {
      const res = await ctx().app.inject(`/api/v1/products/?${SCOPE}&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json<ProductListResponse>();
    };
    const handles = (r: ProductListResponse) => r.results.map((p) => p.handle);

    it('lists the newest first and leaves unpublished products out', async () => {
      const r = await list('');
      expect(r.count).toBe(4);
      expect(handles(r)).toEqual(['t-citrus', 't-oud', 't-musk', 't-rose']);
    });

    it('builds cards with From, the lowest discounted price, the max discount and the half-star rating', async () => {
      const r = await list('');
      const byHandle = new Map(r.results.map((c) => [c.handle, c]));
      expect(byHandle.get('t-rose')).toMatchObject<Partial<ProductCard>>({
        url: '/brand/t-alpha/t-rose',
        from: true,
        price: 100_000,
        discounted_price: 100_000,
        in_stock: true,
        max_discount: { value: 10, show_on_detail_page: true, show_on_homepage: true },
      });
      expect(byHandle.get('t-musk')).toMatchObject({ from: false, price: 50_000, discounted_price: 40_000, in_stock: false });
      expect(byHandle.get('t-oud')).toMatchObject({ rating: 4.5, review_count: 2 });
      expect(byHandle.get('t-citrus')).toMatchObject({ rating: 3, review_count: 1 });
    });

    it('sorts by price up, price down and top rated', async () => {
      expect(handles(await list('sort=price_asc'))).toEqual(['t-musk', 't-citrus', 't-rose', 't-oud']);
      expect(handles(await list('sort=price_desc'))).toEqual(['t-oud', 't-rose', 't-citrus', 't-musk']);
      expect(handles(await list('sort=top_rated'))).toEqual(['t-oud', 't-citrus', 't-musk', 't-rose']);
    });

    it('filters by department, brand, category (with its children), taka price range, sale and stock', async () => {
      expect(handles(await list('department=toys'))).toEqual(['t-citrus']);
      expect(
        handles(
          await ctx()
            .app.inject('/api/v1/products/?brand=t-alpha')
            .then((r) => r.json<ProductListResponse>()),
        ),
      ).toEqual(['t-musk', 't-rose']);
      expect(handles(await list('category=t-fragrance'))).toEqual(['t-oud', 't-musk', 't-rose']);
      expect(handles(await list('category=t-edp'))).toEqual(['t-rose']);
      expect(handles(await list('price_min=500&price_max=1000'))).toEqual(['t-citrus', 't-rose']);
      expect(handles(await list('on_sale=true'))).toEqual(['t-musk', 't-rose']);
      expect(handles(await list('in_stock=1'))).toEqual(['t-citrus', 't-oud', 't-rose']);
      const none = await list('category=no-such-category');
      expect(none).toMatchObject({ count: 0, results: [] });
    });

    it('paginates with a stable order and the total count', async () => {
      const p1 = await list('page_size=3&page=1');
      const p2 = await list('page_size=3&page=2');
      expect(p1).toMatchObject({ count: 4, page: 1, page_size: 3 });
      expect(handles(p1)).toEqual(['t-citrus', 't-oud', 't-musk']);
      expect(handles(p2)).toEqual(['t-rose']);
      expect((await list('page_size=3&page=3')).results).toEqual([]);
    });

    it('answers a page past the last with the count and no cards, for the page to send the shopper back', async () => {
      const past = await list('page_size=3&page=9');
      expect(past).toMatchObject({ count: 4, page: 9, page_size: 3, results: [] });
    });

    it('names the collection it lists, so the page is headed by what it shows', async () => {
      const app = ctx().app;
      const onSale = (await app.inject('/api/v1/products/?collection=on-sale')).json<ProductListResponse>();
      expect(onSale.collection).toEqual({ handle: 'on-sale', title: 'On sale' });
      expect(onSale.count).toBeGreaterThan(0);
      const unknown = (await app.inject('/api/v1/products/?collection=no-such-collection')).json<ProductListResponse>();
      expect(unknown).toMatchObject({ count: 0, collection: null });
      expect((await list('')).collection).toBeUndefined();
    });

    it('gives brand and category facets for the category in scope', async () => {
      const r = await list('category=t-fragrance');
      expect(r.facets.brands).toEqual([
        { value: 't-alpha', label: 'T Alpha', count: 2 },
        { value: 't-beta', label: 'T Beta', count: 1 },
      ]);
      expect(r.facets.price).toEqual({ min: 40_000, max: 250_000 });
      // Each facet ignores its own filter: categories follow the brand, not the chosen category.
      expect(r.facets.categories.map((c) => c.value)).toEqual(expect.arrayContaining(['t-edp', 't-fragrance']));
      const alpha = await ctx()
        .app.inject('/api/v1/products/?brand=t-alpha&category=t-edp')
        .then((res) => res.json<ProductListResponse>());
      expect(alpha.facets.categories).toEqual([
        { value: 't-edp', label: 'T EDP', count: 1 },
        { value: 't-fragrance', label: 'T Fragrance', count: 1 },
      ]);
      expect(alpha.facets.brands.map((b) => b.value)).toEqual(['t-alpha']);
    });

    it('answers bad listing parameters with 400 and a message per field', async () => {
      const res = await ctx().app.inject('/api/v1/products/?sort=cheapest&page=0&price_min=abc&on_sale=maybe&page_size=100');
      expect(res.statusCode).toBe(400);
      const body = res.json<{ error: { code: string; message: string; fields: Record<string, string> } }>();
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.message).toBe(messages.badRequest());
      expect(Object.keys(body.error.fields).sort()).toEqual(['on_sale', 'page', 'page_size', 'price_min', 'sort']);
      expect(body.error.fields.page).toBe('Must be 1 or more');

      const range = await ctx().app.inject('/api/v1/products/?price_min=900&price_max=100');
      expect(range.statusCode).toBe(400);
      expect(range.json().error.fields).toEqual({ price_min: 'Minimum price must not exceed maximum price' });
    });

    it('returns the product detail with variants, approved reviews and sanitised body_html', async () => {
      const res = await ctx().app.inject('/api/v1/products/t-alpha/t-rose/');
      expect(res.statusCode).toBe(200);
      const { data } = res.json<{ data: ProductDetail }>();
      expect(data).toMatchObject({ name: 'Rose', brand: 'T Alpha', department: '', category: { handle: 't-edp', name: 'T EDP' } });
      expect(data.product_variants).toEqual([
        {
          variant_id: fx.rose50.id,
          sku: 't-rose-50',
          title: '50 ml',
          price: 100_000,
          discount: 0,
          discounted_price: 100_000,
          stock: 10,
          in_stock: true,
        },
        {
          variant_id: fx.rose100.id,
          sku: 't-rose-100',
          title: '100 ml',
          price: 180_000,
          discount: 10,
          discounted_price: 162_000,
          stock: 3,
          in_stock: true,
        },
      ]);
      expect(data.body_html).toContain('<b>rose</b>');
      expect(data.body_html).not.toMatch(/<script|onclick|javascript:/i);

      const oud = (await ctx().app.inject('/api/v1/products/t-beta/t-oud/')).json<{ data: ProductDetail }>().data;
      expect(oud.reviews.map((r) => r.name).sort()).toEqual(['Mita', 'Rina']);
      expect(oud).toMatchObject({ rating: 4.5, review_count: 2 });
    });

    it('answers an unknown, unpublished or mismatched product with 404 and the error body', async () => {
      for (const path of ['t-alpha/no-such-thing', 't-beta/t-hidden', 't-beta/t-rose']) {
        const res = await ctx().app.inject(`/api/v1/products/${path}/`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'product_not_found', message: 'Product not found' } });
      }
      const bad = await ctx().app.inject('/api/v1/products/T%20ALPHA/x/');
      expect(bad.statusCode).toBe(400);
    });

    it('lists related products of the same category without the product itself', async () => {
      const res = await ctx().app.inject('/api/v1/products/t-alpha/t-musk/related/');
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: ProductCard[] }>().data.map((c) => c.handle)).toEqual(['t-oud']);
      // Without a category, the brand's other products.
      const citrus = (await ctx().app.inject('/api/v1/products/t-beta/t-citrus/related/')).json<{ data: ProductCard[] }>().data;
      expect(citrus.map((c) => c.handle)).toEqual(['t-oud']);
      const unknown = await ctx().app.inject('/api/v1/products/t-beta/nothing/related/');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: { code: 'product_not_found', message: 'Product not found' } });
    });

    it('gives one brand with its description and product count', async () => {
      const res = await ctx().app.inject('/api/v1/brands/t-alpha/');
      expect(res.json()).toMatchObject({
        data: { handle: 't-alpha', name: 'T Alpha', description: 'Alpha makes roses.', product_count: 2 },
      });
      expect((await ctx().app.inject('/api/v1/brands/t-nobody/')).json()).toEqual({
        error: { code: 'not_found', message: 'Brand not found' },
      });
    });

    it('stores a notify-me request by email or phone once, normalised', async () => {
      const post = (payload: object) => ctx().app.inject({ method: 'POST', url: '/api/v1/notify-me/', payload });
      const byEmail = await post({ variant_id: fx.musk.id, email: '  Shopper@Example.COM ' });
      expect(byEmail.statusCode).toBe(201);
      expect(byEmail.json()).toEqual({ success: true, message: 'We will let you know when it is back in stock' });
      expect((await post({ variant_id: fx.musk.id, email: 'shopper@example.com' })).statusCode).toBe(201);
      expect((await post({ variant_id: fx.musk.id, phone: '01712 345678' })).statusCode).toBe(201);

      const rows = await ctx().db.select().from(stockNotifications).where(eq(stockNotifications.variantId, fx.musk.id));
      expect(rows).toHaveLength(2);
      expect(rows.find((r) => r.email !== null)).toMatchObject({ email: 'shopper@example.com', phone: null });
      expect(rows.find((r) => r.phone !== null)).toMatchObject({ email: null, phone: '+8801712345678' });
    });

    it('rejects a bad notify-me request with 400 and the field message', async () => {
      const post = (payload: object) => ctx().app.inject({ method: 'POST', url: '/api/v1/notify-me/', payload });
      const cases: [object, string, Record<string, string>][] = [
        [{ variant_id: fx.musk.id }, 'validation_failed', { email: messages.addressEmailOrPhoneRequired() }],
        [{ variant_id: fx.musk.id, email: '   ' }, 'validation_failed', { email: messages.addressEmailOrPhoneRequired() }],
        [{ variant_id: fx.musk.id, email: 'not-an-email' }, 'validation_failed', { email: messages.emailInvalid() }],
        [{ variant_id: fx.musk.id, phone: '01212345678' }, 'validation_failed', { phone: messages.phoneInvalid() }],
        [{ variant_id: 999_999, email: 'a@b.co' }, 'variant_not_found', { variant_id: 'No such product variant' }],
      ];
      for (const [payload, code, fields] of cases) {
        const res = await post(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toEqual({ error: { code, message: messages.badRequest(), fields } });
      }
      const noVariant = await post({ email: 'a@b.co' });
      expect(noVariant.statusCode).toBe(400);
      expect(Object.keys(noVariant.json().error.fields)).toEqual(['variant_id']);
      const count = await ctx()
        .db.select()
        .from(stockNotifications)
        .where(inArray(stockNotifications.email, ['a@b.co', 'not-an-email']));
      expect(count).toEqual([]);
    });
  },
  { seed: true },
);
