import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProductListResponseSchema, type ProductDetail, type ProductListQuery, type ProductListResponse } from '@store/shared/catalog';
import { contentChanged } from '../../lib/content-changes.js';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer, payData, type TestCatalog } from '../../../test/support/fixtures.js';
import { createCatalogAnswers } from './catalog.cache.js';
import { getProduct, listProducts, normaliseListingQuery } from './catalog.service.js';
import { brands, products, variants } from './catalog.tables.js';

const query = (q: Partial<ProductListQuery>): ProductListQuery => ({ sort: 'newest', page: 1, page_size: 24, ...q });
const keyOf = (q: Partial<ProductListQuery>) => JSON.stringify(normaliseListingQuery(query(q)));

describe('the listing cache key', () => {
  it('is the same for equivalent queries: defaults, switches off, brand order, spacing and repeats', () => {
    const base = keyOf({ brand: 'a-brand,b-brand' });
    expect(keyOf({ brand: 'b-brand,a-brand' })).toBe(base);
    expect(keyOf({ brand: ' b-brand , a-brand,,a-brand' })).toBe(base);
    expect(keyOf({ brand: 'a-brand,b-brand', on_sale: false, in_stock: false, category: '', collection: '' })).toBe(base);
    // The schema's output follows the URL's parameter order; the key does not.
    expect(keyOf({ page_size: 24, page: 1, sort: 'newest', brand: 'a-brand,b-brand' })).toBe(base);
  });

  it('differs for everything that changes the answer', () => {
    const keys = [
      keyOf({}),
      keyOf({ department: '' }),
      keyOf({ department: 'toys' }),
      keyOf({ brand: 'a-brand' }),
      // Only commas: matches no brand, unlike no brand filter.
      keyOf({ brand: ',' }),
      keyOf({ category: 'a-category' }),
      keyOf({ collection: 'a-collection' }),
      keyOf({ price_min: 100 }),
      keyOf({ price_max: 100 }),
      keyOf({ on_sale: true }),
      keyOf({ in_stock: true }),
      keyOf({ sort: 'price_asc' }),
      keyOf({ sort: 'top_rated' }),
      keyOf({ page: 2 }),
      keyOf({ page_size: 12 }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(keyOf({ brand: ' , ' })).toBe(keyOf({ brand: ',' }));
  });
});

describeOnDatabases('catalog answer cache', (ctx) => {
  let c: TestCatalog;
  let other: TestCatalog;
  const BRAND = 'cc-brand';
  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'cc');
    other = await createTestCatalog(ctx().db, 'cd');
  });
  // Every test starts from nothing cached.
  beforeEach(() => contentChanged());

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await ctx().app.inject({ url: `/api/v1${url}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const list = async (q: string, headers: Record<string, string> = {}) =>
    (await get(`/products/?${q}`, headers)).json<ProductListResponse>();
  const detail = async (path: string) => (await get(`/products/${path}/`)).json<{ data: ProductDetail }>().data;
  const names = (r: ProductListResponse) => r.results.map((p) => p.name).sort();
  const handles = (r: ProductListResponse) => r.results.map((p) => p.handle);
  const rename = (handle: string, name: string) => ctx().db.update(products).set({ name }).where(eq(products.handle, handle));
  const setStock = (variantId: number, stock: number) => ctx().db.update(variants).set({ stock }).where(eq(variants.id, variantId));

  it('serves a repeated listing and product from memory until contentChanged(), with the same bytes and type as a miss', async () => {
    const miss = await get(`/products/?brand=${BRAND}`);
    const productMiss = await get('/products/cc-brand/cc-serum/');
    expect(miss.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(productMiss.headers['content-type']).toBe('application/json; charset=utf-8');
    // The body is what the route's response schema lets out of the answer: every field of it, nothing else.
    const answer = await listProducts(ctx(), query({ brand: BRAND }));
    expect(miss.body).toBe(JSON.stringify(ProductListResponseSchema.parse(answer)));
    expect(JSON.parse(miss.body)).toEqual(answer);
    expect(JSON.parse(productMiss.body)).toEqual({ data: await getProduct(ctx(), 'cc-brand', 'cc-serum') });
    await rename('cc-serum', 'Renamed Serum');

    const hit = await get(`/products/?brand=${BRAND}`);
    expect(hit.body).toBe(miss.body);
    expect(hit.headers['content-type']).toBe(miss.headers['content-type']);
    expect(hit.headers['content-length']).toBe(miss.headers['content-length']);
    const productHit = await get('/products/cc-brand/cc-serum/');
    expect(productHit.body).toBe(productMiss.body);
    expect(productHit.json<{ data: ProductDetail }>().data.name).toBe('Glow Serum');

    contentChanged();
    expect(names(await list(`brand=${BRAND}`))).toContain('Renamed Serum');
    expect((await detail('cc-brand/cc-serum')).name).toBe('Renamed Serum');
    await rename('cc-serum', 'Glow Serum');
  });

  it('shares one entry between equivalent URLs: parameter order, defaults and brand order', async () => {
    const first = await get(`/products/?brand=${BRAND},cd-brand&sort=price_asc`);
    await rename('cc-cream', 'Renamed Cream');
    for (const q of [
      `sort=price_asc&brand=${BRAND},cd-brand`,
      `page_size=24&sort=price_asc&page=1&brand=cd-brand,${BRAND}`,
      `brand=cd-brand,%20${BRAND}&on_sale=false&in_stock=0&sort=price_asc`,
    ]) {
      expect((await get(`/products/?${q}`)).body, q).toBe(first.body);
    }
    // The defaults too: no parameters and their default values are one entry.
    const plain = await get('/products/');
    await rename('cc-cream', 'Renamed Again');
    expect((await get('/products/?sort=newest&page=1&page_size=24')).body).toBe(plain.body);
    await rename('cc-cream', 'Night Cream');
  });

  it('keeps different departments, filters, sorts and pages apart', async () => {
    const variantsOf = [
      `brand=${BRAND}&department=`,
      `brand=${BRAND}&in_stock=true`,
      `brand=${BRAND}&price_max=5000`,
      `brand=${BRAND}&sort=price_desc`,
      `brand=${BRAND}&sort=top_rated`,
      `brand=${BRAND}&page_size=10`,
      `brand=${BRAND},cd-brand`,
    ];
    for (const [i, q] of variantsOf.entries()) {
      contentChanged();
      const cached = await list(`brand=${BRAND}`);
      await rename('cc-mask', `Mask ${i}`);
      // Not the entry cached above: the change shows.
      expect(names(await list(q)), q).toContain(`Mask ${i}`);
      // While the entry above is still served as it was.
      expect(names(await list(`brand=${BRAND}`))).toEqual(names(cached));
    }
    await rename('cc-mask', 'Sheet Mask');
  });

  it('serves one entry to every shopper: the answer reads no session, cookie, department or location header', async () => {
    const visitor = await get(`/products/?brand=${BRAND}`);
    const visitorProduct = await get('/products/cc-brand/cc-toner/');
    await rename('cc-toner', 'Renamed Toner');
    const customer = await newCustomer(ctx().app);
    const headers = { authorization: `Token ${customer.token}`, 'my-department': 'toys', 'my-location': 'BD', cookie: 'csrftoken=x' };
    expect((await get(`/products/?brand=${BRAND}`, headers)).body).toBe(visitor.body);
    expect((await get('/products/cc-brand/cc-toner/', headers)).body).toBe(visitorProduct.body);
    await rename('cc-toner', 'Rice Toner');
  });

  it('counts a filter set once for its pages and sorts, until contentChanged()', async () => {
    const [brand] = await ctx().db.select().from(brands).where(eq(brands.handle, BRAND));
    const page1 = await list(`brand=${BRAND}&page_size=2`);
    expect(page1.count).toBe(4);
    const [extra] = await ctx()
      .db.insert(products)
      .values({ handle: 'cc-extra', name: 'Extra', brandId: brand!.id, departmentId: brand!.departmentId })
      .returning();
    // Another page and another sort are other answers, but the total of the filter set is remembered.
    expect((await list(`brand=${BRAND}&page_size=2&page=2`)).count).toBe(4);
    expect((await list(`brand=${BRAND}&page_size=2&sort=price_asc`)).count).toBe(4);
    contentChanged();
    expect((await list(`brand=${BRAND}&page_size=2`)).count).toBe(5);
    await ctx().db.delete(products).where(eq(products.id, extra!.id));
  });

  it('does not keep a 404: a product that appears is found by the next request', async () => {
    const missing = await ctx().app.inject('/api/v1/products/cc-brand/cc-later/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'product_not_found', message: 'Product not found' } });
    const [brand] = await ctx().db.select().from(brands).where(eq(brands.handle, BRAND));
    const [later] = await ctx()
      .db.insert(products)
      .values({ handle: 'cc-later', name: 'Later', brandId: brand!.id, departmentId: brand!.departmentId })
      .returning();
    expect((await detail('cc-brand/cc-later')).name).toBe('Later');
    await ctx().db.delete(products).where(eq(products.id, later!.id));
  });

  it('shows stock an order took at once, without waiting for the time to live', async () => {
    await setStock(c.serum30.id, 1);
    contentChanged();
    const inStock = (r: ProductListResponse) => r.results.find((p) => p.handle === 'cc-serum')?.in_stock;
    expect(inStock(await list(`brand=${BRAND}`))).toBe(true);
    expect(handles(await list(`brand=${BRAND}&in_stock=true`))).toContain('cc-serum');
    expect((await detail('cc-brand/cc-serum')).product_variants[0]).toMatchObject({ stock: 1, in_stock: true });

    const s = await newCustomer(ctx().app);
    await s.add(c.serum30.id, 1);
    await s.address();
    expect((await s.pay({ payment_method: 'cod' }, 'cache-cod-1')).statusCode).toBe(200);

    expect(inStock(await list(`brand=${BRAND}`))).toBe(false);
    expect(handles(await list(`brand=${BRAND}&in_stock=true`))).not.toContain('cc-serum');
    expect((await detail('cc-brand/cc-serum')).product_variants[0]).toMatchObject({ stock: 0, in_stock: false });
  });

  it('shows stock a cancelled order gave back at once', async () => {
    await setStock(other.cream50.id, 1);
    contentChanged();
    expect((await detail('cd-brand/cd-cream')).product_variants[0]).toMatchObject({ stock: 1, in_stock: true });
    expect(handles(await list('brand=cd-brand&in_stock=true'))).toContain('cd-cream');
    const s = await newCustomer(ctx().app);
    await s.add(other.cream50.id, 1);
    await s.address();
    const res = await s.pay({ payment_method: 'bkash' }, 'cache-bkash-1');
    expect(res.statusCode).toBe(200);
    expect((await detail('cd-brand/cd-cream')).product_variants[0]).toMatchObject({ stock: 0, in_stock: false });
    expect(handles(await list('brand=cd-brand&in_stock=true'))).not.toContain('cd-cream');

    // The shopper never pays and cancels the order: the stock comes back, and shows at once.
    const cancelled = await s.request('POST', `/orders/${payData(res).order.number}/cancel/`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    expect((await detail('cd-brand/cd-cream')).product_variants[0]).toMatchObject({ stock: 1, in_stock: true });
    expect(handles(await list('brand=cd-brand&in_stock=true'))).toContain('cd-cream');
  });

  it('runs one load for a burst of identical misses (equivalent URLs included)', async () => {
    const calls = { listing: 0, product: 0 };
    const answers = createCatalogAnswers(ctx().db, {
      listing: async (loaderCtx, q) => {
        calls.listing++;
        return listProducts(loaderCtx, q);
      },
      product: async (loaderCtx, brand, handle) => {
        calls.product++;
        // Slow enough that every request of the burst arrives while it runs.
        await new Promise((r) => setTimeout(r, 20));
        return { data: await getProduct(loaderCtx, brand, handle) };
      },
    });
    try {
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          answers.listing(query(i % 2 ? { brand: `${BRAND},cd-brand` } : { brand: `cd-brand,${BRAND}`, on_sale: false })),
        ),
      );
      expect(calls.listing).toBe(1);
      expect(new Set(burst.map((b) => b.toString())).size).toBe(1);
      const bodies = await Promise.all(Array.from({ length: 30 }, () => answers.product(BRAND, 'cc-serum')));
      expect(calls.product).toBe(1);
      expect(JSON.parse(bodies[0]!.toString())).toMatchObject({ data: { handle: 'cc-serum', brand_ref: { handle: BRAND } } });
      // After a change the next request loads again, once.
      contentChanged();
      await answers.listing(query({ brand: BRAND }));
      await answers.listing(query({ brand: BRAND }));
      expect(calls.listing).toBe(2);
    } finally {
      answers.close();
    }
  });
});
