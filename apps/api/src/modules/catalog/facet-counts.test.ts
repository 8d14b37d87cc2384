import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { ProductListResponse } from '@store/shared/catalog';
import { describeOnDatabases } from '../../../test/support/app.js';
import { selectRows } from '../../db/client.js';
import { clearCatalogCaches } from './catalog.service.js';
import { brands, categories, departments, products } from './catalog.tables.js';

type Group = { department_id: number; brand_id: number; category_id: number | null; in_stock: boolean; on_sale: boolean; n: number };

/**
 * The listing's facets and totals read counts kept by the products table's triggers (migration
 * 0034). Whatever is written to products, in one statement or many, at once or one after another,
 * the kept counts must be what counting the published products gives.
 */
describeOnDatabases('facet counts kept with the products', (ctx) => {
  const ids = { toys: 0, home: 0, lego: 0, mattel: 0, ikea: 0, blocks: 0, dolls: 0, bigBlocks: 0 };

  const kept = async () =>
    selectRows<Group>(
      ctx().db,
      sql`select department_id, brand_id, category_id, in_stock, on_sale, n from product_facet_counts where n <> 0 order by 1, 2, 3 nulls first, 4, 5`,
    );
  const counted = async () =>
    selectRows<Group>(
      ctx().db,
      sql`select department_id, brand_id, category_id, in_stock, sale or max_discount_value > 0 as on_sale, count(*)::int as n
        from products where published group by 1, 2, 3, 4, 5 order by 1, 2, 3 nulls first, 4, 5`,
    );
  const expectKeptAsCounted = async () => {
    const expected = await counted();
    expect(expected.length).toBeGreaterThan(0);
    expect(await kept()).toEqual(expected);
  };

  beforeAll(async () => {
    const { db } = ctx();
    await db
      .insert(departments)
      .values([
        { key: 'toys', name: 'Toys', position: 1 },
        { key: 'home', name: 'Home', position: 2 },
      ])
      .onConflictDoNothing();
    const keyed = new Map((await db.select().from(departments)).map((d) => [d.key, d]));
    const [toys, home] = [keyed.get('toys'), keyed.get('home')];
    const [lego, mattel, ikea] = await db
      .insert(brands)
      .values([
        { handle: 'fc-lego', name: 'FC Lego', departmentId: toys!.id },
        { handle: 'fc-mattel', name: 'FC Mattel', departmentId: toys!.id },
        { handle: 'fc-ikea', name: 'FC Ikea', departmentId: home!.id },
      ])
      .returning();
    const [blocks, dolls] = await db
      .insert(categories)
      .values([
        { handle: 'fc-blocks', name: 'FC Blocks', departmentId: toys!.id },
        { handle: 'fc-dolls', name: 'FC Dolls', departmentId: toys!.id },
      ])
      .returning();
    const [bigBlocks] = await db
      .insert(categories)
      .values({ handle: 'fc-big-blocks', name: 'FC Big blocks', departmentId: toys!.id, parentId: blocks!.id })
      .returning();
    Object.assign(ids, {
      toys: toys!.id,
      home: home!.id,
      lego: lego!.id,
      mattel: mattel!.id,
      ikea: ikea!.id,
      blocks: blocks!.id,
      dolls: dolls!.id,
      bigBlocks: bigBlocks!.id,
    });
  });

  it('counts a bulk insert, published products only, by group', async () => {
    const { db } = ctx();
    const shapes = [
      { departmentId: ids.toys, brandId: ids.lego, categoryId: ids.blocks },
      { departmentId: ids.toys, brandId: ids.lego, categoryId: ids.bigBlocks },
      { departmentId: ids.toys, brandId: ids.mattel, categoryId: ids.dolls },
      { departmentId: ids.toys, brandId: ids.mattel, categoryId: null },
      { departmentId: ids.home, brandId: ids.ikea, categoryId: null },
    ];
    await db.insert(products).values(
      Array.from({ length: 40 }, (_, i) => ({
        handle: `fc-product-${i}`,
        name: `FC product ${i}`,
        ...shapes[i % shapes.length]!,
        published: i % 7 !== 0,
        inStock: i % 3 !== 0,
        sale: i % 4 === 0,
        maxDiscountValue: i % 5 === 0 ? 20 : 0,
      })),
    );
    await expectKeptAsCounted();
  });

  it('follows updates of the published flag, department, brand, category, stock and sale, in one statement or one by one', async () => {
    const { db } = ctx();
    const handles = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `fc-product-${from + i}`);
    // Several groups move in one statement, both ways at once.
    await db
      .update(products)
      .set({ brandId: sql`case when ${products.brandId} = ${ids.lego}::int then ${ids.mattel}::int else ${ids.lego}::int end` })
      .where(and(inArray(products.handle, handles(0, 12)), eq(products.departmentId, ids.toys)));
    await expectKeptAsCounted();
    await db
      .update(products)
      .set({ published: false })
      .where(inArray(products.handle, handles(12, 17)));
    await db
      .update(products)
      .set({ published: true })
      .where(inArray(products.handle, handles(0, 8)));
    await expectKeptAsCounted();
    await db
      .update(products)
      .set({ categoryId: null })
      .where(inArray(products.handle, handles(17, 20)));
    await db
      .update(products)
      .set({ departmentId: ids.home, brandId: ids.ikea, categoryId: null })
      .where(eq(products.handle, 'fc-product-20'));
    await expectKeptAsCounted();
    // Sold out, back in stock, a discount given and taken away: an order's and a price edit's changes.
    await db
      .update(products)
      .set({ inStock: sql`not ${products.inStock}` })
      .where(inArray(products.handle, handles(4, 14)));
    await db
      .update(products)
      .set({ maxDiscountValue: 15 })
      .where(inArray(products.handle, handles(6, 11)));
    await db
      .update(products)
      .set({ sale: false, maxDiscountValue: 0 })
      .where(inArray(products.handle, handles(0, 5)));
    await expectKeptAsCounted();
  });

  it('writes nothing for an update that changes no group (a rename, a new rating)', async () => {
    const { db } = ctx();
    const before = await selectRows<{ rows: number }>(db, sql`select count(*)::int as rows from product_facet_counts`);
    const snapshot = await kept();
    await db
      .update(products)
      .set({ rating: 8, name: sql`${products.name} || ' (renamed)'` })
      .where(sql`${products.handle} like 'fc-product-%'`);
    expect(await kept()).toEqual(snapshot);
    expect(await selectRows<{ rows: number }>(db, sql`select count(*)::int as rows from product_facet_counts`)).toEqual(before);
  });

  it('follows deletions, and writers in transactions of their own at the same time', async () => {
    const { db } = ctx();
    await db.delete(products).where(inArray(products.handle, ['fc-product-1', 'fc-product-2', 'fc-product-3']));
    await expectKeptAsCounted();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db.transaction(async (tx) => {
          await tx
            .update(products)
            .set({ categoryId: i % 2 ? ids.dolls : ids.blocks, published: i % 3 !== 0 })
            .where(eq(products.handle, `fc-product-${22 + i}`));
          await tx.insert(products).values({
            handle: `fc-extra-${i}`,
            name: `FC extra ${i}`,
            departmentId: ids.toys,
            brandId: i % 2 ? ids.lego : ids.mattel,
            categoryId: ids.dolls,
          });
        }),
      ),
    );
    await expectKeptAsCounted();
  });

  it("gives the listing the counted facets and total, a category's children included", async () => {
    const { app, db } = ctx();
    clearCatalogCaches();
    const list = async (query: string) => (await app.inject(`/api/v1/products/?department=toys${query}`)).json<ProductListResponse>();
    const direct = async (where: ReturnType<typeof sql>) =>
      selectRows<{ id: number; n: number }>(
        db,
        sql`select brand_id as id, count(*)::int as n from products where published and department_id = ${ids.toys} and ${where} group by 1`,
      );

    const all = await list('');
    const total = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products where published and department_id = ${ids.toys}`,
    );
    expect(all.count).toBe(total[0]!.n);
    const byBrand = new Map((await direct(sql`true`)).map((r) => [r.id, r.n]));
    expect(all.facets.brands).toEqual([
      { value: 'fc-lego', label: 'FC Lego', count: byBrand.get(ids.lego) },
      { value: 'fc-mattel', label: 'FC Mattel', count: byBrand.get(ids.mattel) },
    ]);

    // A category counts its children's products too; its brand facet follows it.
    const blocks = await list('&category=fc-blocks');
    const inBlocks = await direct(sql`category_id in (${ids.blocks}, ${ids.bigBlocks})`);
    expect(blocks.count).toBe(inBlocks.reduce((sum, r) => sum + r.n, 0));
    expect(blocks.facets.brands.map((b) => b.count).reduce((a, b) => a + b, 0)).toBe(blocks.count);

    // Filters the counts do not know are still counted on the products.
    const inStock = await list('&in_stock=true');
    const counted = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products where published and in_stock and department_id = ${ids.toys}`,
    );
    expect(inStock.count).toBe(counted[0]!.n);
    const onSale = await list('&on_sale=true&in_stock=true');
    const countedOnSale = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products where published and in_stock and (sale or max_discount_value > 0) and department_id = ${ids.toys}`,
    );
    expect(onSale.count).toBe(countedOnSale[0]!.n);
    expect(onSale.count).toBeGreaterThan(0);
    expect(onSale.results.length).toBe(Math.min(onSale.count, 24));
    // A price range is counted on the products.
    const priced = await list('&price_min=1');
    expect(priced.count).toBe(0);
  });
});
