import { count, eq, like } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { catalogMessages } from '@store/shared/admin-catalog';
import { csvMessages, type ProductImportResult } from '@store/shared/admin-catalog-csv';
import type { ProductDetail } from '@store/shared/catalog';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { auditLog } from '../staff/staff.tables.js';
import { clearCatalogCaches } from './catalog.service.js';
import { brands, categories, departments, products, variants } from './catalog.tables.js';

type Cells = Record<string, string | number | undefined>;
const csvOf = (rows: Cells[]) => stringify(rows, { header: true, columns: Object.keys(rows[0]!) });

describeOnDatabases('admin catalog: products in CSV', (ctx) => {
  const app = () => ctx().app;
  const db = () => ctx().db;
  let editor: { client: StaffClient };

  const upload = (csv: string, dryRun: boolean) =>
    app().inject({
      method: 'POST',
      url: `/api/v1/admin/catalog/products/import/?dry_run=${dryRun}`,
      headers: { authorization: `Token ${editor.client.token}`, 'content-type': 'text/csv' },
      remoteAddress: editor.client.ip,
      payload: csv,
    });
  const result = (res: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: ProductImportResult }>().data;
  };
  const csvProductCount = async (prefix: string) =>
    (
      await db()
        .select({ n: count() })
        .from(products)
        .where(like(products.handle, `${prefix}%`))
    )[0]!.n;

  /** `n` products of two sizes each, 2n rows; the handles start with `prefix`. */
  const rowsFor = (prefix: string, n: number): Cells[] =>
    Array.from({ length: n }, (_, i) => [
      {
        handle: `${prefix}-${i}`,
        name: `${prefix} Lotion ${i}`,
        brand: 'csv-brand',
        department: 'beauty',
        category: 'csv-lotions',
        tags: 'lotion, body',
        status: 'active',
        sale: 'no',
        sku: `${prefix}-${i}-S`.toUpperCase(),
        variant_title: '100 ml',
        price: 450,
        discount: 10,
        stock: 5,
      },
      { handle: `${prefix}-${i}`, sku: `${prefix}-${i}-L`.toUpperCase(), variant_title: '200 ml', price: 800, discount: 0, stock: 0 },
    ]).flat();

  beforeAll(async () => {
    await db()
      .insert(departments)
      .values([{ key: '', name: 'Beauty' }])
      .onConflictDoNothing();
    const [beauty] = await db().select().from(departments).where(eq(departments.key, ''));
    await db().insert(brands).values({ handle: 'csv-brand', name: 'CSV Brand', departmentId: beauty!.id });
    await db().insert(categories).values({ handle: 'csv-lotions', name: 'CSV Lotions', departmentId: beauty!.id });
  });

  beforeEach(async () => {
    clearCatalogCaches();
    editor = await signedInStaff(app(), ctx().env, 'catalog_editor');
  });

  it('refuses 1,000 rows with 3 bad ones, naming their lines, writes nothing; the fixed file imports whole', async () => {
    const rows = rowsFor('csva', 500);
    rows[10]!.price = -5; // line 12
    rows[398]!.brand = 'no-such-brand'; // line 400 (the first row of its product)
    rows[801]!.sku = rows[1]!.sku!; // line 803: the SKU of line 3
    const csv = csvOf(rows);
    expect(rows).toHaveLength(1_000);

    const dry = result(await upload(csv, true));
    expect(dry).toMatchObject({ dry_run: true, ok: false, rows: 1_000, error_count: 3 });
    expect(dry.errors).toEqual([
      { line: 12, column: 'price', message: catalogMessages.price },
      { line: 400, column: 'brand', message: csvMessages.brandUnknown },
      { line: 803, column: 'sku', message: csvMessages.skuRepeated(3) },
    ]);
    const refused = result(await upload(csv, false));
    expect(refused).toMatchObject({ dry_run: false, ok: false, error_count: 3 });
    expect(await csvProductCount('csva')).toBe(0);

    rows[10]!.price = 450;
    rows[398]!.brand = 'csv-brand';
    rows[801]!.sku = 'CSVA-400-L';
    const fixed = csvOf(rows);
    expect(result(await upload(fixed, true))).toMatchObject({ ok: true, products_created: 500, variants_created: 1_000, error_count: 0 });
    expect(await csvProductCount('csva')).toBe(0);
    expect(result(await upload(fixed, false))).toMatchObject({ ok: true, dry_run: false, products_created: 500, variants_created: 1_000 });
    expect(await csvProductCount('csva')).toBe(500);

    const shown = await app().inject('/api/v1/products/csv-brand/csva-7/');
    expect(shown.statusCode).toBe(200);
    const detail = shown.json<{ data: ProductDetail }>().data;
    expect(detail.product_variants.map((v) => [v.sku, v.title, v.price, v.discounted_price, v.stock])).toEqual([
      ['CSVA-7-S', '100 ml', 45_000, 40_500, 5],
      ['CSVA-7-L', '200 ml', 80_000, 80_000, 0],
    ]);
    expect(detail.tags).toEqual(['lotion', 'body']);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'product.import'));
    expect(audit!.changes).toMatchObject({ products_created: [null, 500], variants_created: [null, 1_000] });
  });

  it('updates by handle and SKU: given cells change, empty ones keep, new SKUs are added', async () => {
    expect(result(await upload(csvOf(rowsFor('csvb', 2)), false)).ok).toBe(true);
    // The storefront's answer, cached before the update, follows it at once (on PostgreSQL the import
    // runs on a thread of its own, whose caches are not the storefront's).
    const shopperSees = async () =>
      (await app().inject({ url: '/api/v1/products/csv-brand/csvb-0/' }))
        .json<{ data: ProductDetail }>()
        .data.product_variants.map((v) => v.price);
    expect(await shopperSees()).toEqual([45_000, 80_000]);
    const update = csvOf([
      { handle: 'csvb-0', name: 'Renamed lotion', sku: 'CSVB-0-S', price: 500, variant_title: '', stock: '' },
      { handle: 'csvb-0', name: '', sku: 'CSVB-0-XL', price: 1200, variant_title: '400 ml', stock: 3 },
      { handle: 'csvb-1', name: '', sku: 'csvb-1-l', price: '', variant_title: '', stock: 9 },
    ]);
    expect(result(await upload(update, false))).toMatchObject({ ok: true, products_updated: 2, variants_updated: 2, variants_created: 1 });
    expect(await shopperSees()).toEqual([50_000, 80_000, 120_000]);
    const rows = await db()
      .select({
        handle: products.handle,
        name: products.name,
        sku: variants.sku,
        title: variants.title,
        price: variants.price,
        stock: variants.stock,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(like(products.handle, 'csvb%'))
      .orderBy(products.handle, variants.position, variants.id);
    expect(rows).toEqual([
      { handle: 'csvb-0', name: 'Renamed lotion', sku: 'CSVB-0-S', title: '100 ml', price: 50_000, stock: 5 },
      { handle: 'csvb-0', name: 'Renamed lotion', sku: 'CSVB-0-L', title: '200 ml', price: 80_000, stock: 0 },
      { handle: 'csvb-0', name: 'Renamed lotion', sku: 'CSVB-0-XL', title: '400 ml', price: 120_000, stock: 3 },
      { handle: 'csvb-1', name: 'csvb Lotion 1', sku: 'CSVB-1-S', title: '100 ml', price: 45_000, stock: 5 },
      { handle: 'csvb-1', name: 'csvb Lotion 1', sku: 'CSVB-1-L', title: '200 ml', price: 80_000, stock: 9 },
    ]);
    // A SKU of another product is refused, not moved.
    const moved = result(await upload(csvOf([{ handle: 'csvb-1', sku: 'CSVB-0-S', price: 1 }]), true));
    expect(moved.errors).toEqual([{ line: 2, column: 'sku', message: csvMessages.skuElsewhere('csvb-0') }]);

    // The storefront follows a status or publish time the file changes: archived, back, scheduled.
    const published = async () =>
      (await db().select({ published: products.published }).from(products).where(eq(products.handle, 'csvb-1')))[0]!.published;
    expect(await published()).toBe(true);
    expect(result(await upload(csvOf([{ handle: 'csvb-1', status: 'archived' }]), false)).ok).toBe(true);
    expect(await published()).toBe(false);
    expect(result(await upload(csvOf([{ handle: 'csvb-1', status: 'active' }]), false)).ok).toBe(true);
    expect(await published()).toBe(true);
    const later = new Date(Date.now() + 86_400_000 * 30).toISOString();
    expect(result(await upload(csvOf([{ handle: 'csvb-1', publish_at: later }]), false)).ok).toBe(true);
    expect(await published()).toBe(false);
  });

  it('exports every product and variant in the import’s columns, and the export imports back unchanged', async () => {
    expect(result(await upload(csvOf(rowsFor('csvc', 3)), false)).ok).toBe(true);
    const res = await editor.client.get('/catalog/products/export/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\n');
    expect(lines[0]).toBe(
      'handle,name,brand,department,category,tags,status,publish_at,sale,option,title_tag,description_tag,body_html,sku,variant_title,swatch,price,discount,barcode,stock,images',
    );
    expect(lines.find((l) => l.startsWith('csvc-1,'))).toMatch(
      /^csvc-1,csvc Lotion 1,csv-brand,beauty,csv-lotions,"lotion, body",active,.+,no,size,,,,CSVC-1-S,100 ml,,450,10,,5,$/,
    );
    const again = result(await upload(res.body, true));
    expect(again).toMatchObject({ ok: true, products_created: 0, variants_created: 0, error_count: 0 });
    expect(again.products_updated).toBeGreaterThanOrEqual(3);

    const inventory = await editor.client.get('/catalog/inventory/export/');
    expect(inventory.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe('sku,product,handle,variant_title,stock,price,discount');
    expect(inventory.body).toContain('CSVC-2-L,csvc Lotion 2,csvc-2,200 ml,0,800,0');
  });

  it('names what is wrong with a file or a cell, and changes nothing', async () => {
    const before = (await db().select({ n: count() }).from(products))[0]!.n;
    const cases: [string, { line: number; column: string; message: string }][] = [
      ['name,sku\nx,y\n', { line: 1, column: 'handle', message: csvMessages.missingColumn('handle') }],
      ['handle,price\ncsvd-0,10\n', { line: 2, column: 'sku', message: csvMessages.required }],
      ['handle,sku,colour\nx,y,z\n', { line: 1, column: 'colour', message: csvMessages.unknownColumn('colour') }],
      ['handle,sku\n', { line: 1, column: '', message: csvMessages.empty }],
      [
        'handle,sku,name\ncsvd-1,CSVD-1,"Rose\n',
        { line: 2, column: '', message: expect.stringContaining(csvMessages.notCsv) as unknown as string },
      ],
      [
        csvOf([{ handle: 'csvd-2', name: 'x'.repeat(100_000), brand: 'csv-brand', sku: 'CSVD-2', variant_title: 'One', price: 10 }]),
        { line: 2, column: 'name', message: 'At most 200 characters' },
      ],
      [
        csvOf([{ handle: 'csvd-3', name: 'Rose\u0000', brand: 'csv-brand', sku: 'CSVD-3', variant_title: 'One', price: 10 }]),
        { line: 2, column: 'name', message: messages.textNotAllowed() },
      ],
      [
        csvOf([{ handle: 'csvd-4', name: 'Rose', brand: 'csv-brand', sku: 'CSVD-4', variant_title: 'One', price: 'ten' }]),
        { line: 2, column: 'price', message: catalogMessages.number },
      ],
      [
        csvOf([{ handle: 'csvd-5', name: 'Rose', brand: 'csv-brand', sku: 'CSVD-5', variant_title: 'One', price: 10, stock: -2 }]),
        { line: 2, column: 'stock', message: catalogMessages.stock },
      ],
      [
        csvOf([{ handle: 'csvd-6', name: 'Rose', brand: 'csv-brand', sku: 'CSVD-6', variant_title: 'One', price: 10, sale: 'maybe' }]),
        { line: 2, column: 'sale', message: csvMessages.yesNo },
      ],
      [
        csvOf([{ handle: 'csvd-7', sku: 'CSVD-7', variant_title: 'One', price: 10 }]),
        { line: 2, column: 'name', message: csvMessages.requiredForNew },
      ],
    ];
    for (const [csv, error] of cases) {
      const answer = result(await upload(csv, false));
      expect(answer.ok, JSON.stringify(error)).toBe(false);
      expect(answer.errors, JSON.stringify(error)).toContainEqual(error);
    }
    expect((await db().select({ n: count() }).from(products))[0]!.n).toBe(before);

    const content = await signedInStaff(app(), ctx().env, 'content_editor');
    expect((await content.client.get('/catalog/products/export/')).statusCode).toBe(403);
  });
});
