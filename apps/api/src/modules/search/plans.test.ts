import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { DEPARTMENT_KEYS } from '@store/shared/constants';
import { describeOnDatabases } from '../../../test/support/app.js';
import { selectRows, type Db } from '../../db/client.js';
import { brands, departments, products } from '../catalog/catalog.tables.js';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };

/** Every node of a plan, depth first. */
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

const indexesOf = async (db: Db, id: number) =>
  (
    await selectRows<{ indexname: string }>(
      db,
      sql`select indexname from pg_indexes where tablename = 'products' and indexname in (${`products_search_words_d${id}`}, ${`products_search_text_d${id}`}) order by indexname`,
    )
  ).map((r) => r.indexname);

/** The indexes a search of one department reads, as its statements bind the department: a parameter. */
async function indexesRead(db: Db, departmentId: number, match: 'words' | 'substring'): Promise<string[]> {
  const condition =
    match === 'words'
      ? sql`"products"."search_vector" @@ to_tsquery('english', ${'lipstick'})`
      : sql`"products"."search_text" ilike ${'%pstic%'}`;
  const [row] = await selectRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    db,
    sql`explain (format json) select "products"."id" from products where "products"."published" and "products"."department_id" = ${departmentId} and ${condition}`,
  );
  return nodes(row!['QUERY PLAN'][0].Plan).flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));
}

/**
 * A search reads one department's published products, from that department's own indexes (migration
 * 0035): its words and its trigrams, with no key for the department to intersect, so what a search
 * reads does not grow with the rest of the catalog.
 */
describeOnDatabases('search’s indexes, one pair per department', (ctx) => {
  it('has each department’s pair', async () => {
    const { db } = ctx();
    await db
      .insert(departments)
      .values(DEPARTMENT_KEYS.map((key, position) => ({ key, name: key || 'Beauty', position })))
      .onConflictDoNothing();
    const all = await db.select({ id: departments.id }).from(departments);
    expect(all.length).toBeGreaterThanOrEqual(DEPARTMENT_KEYS.length);
    for (const { id } of all) expect(await indexesOf(db, id)).toEqual([`products_search_text_d${id}`, `products_search_words_d${id}`]);
  });

  it('makes a new department’s pair as it is added, reads it in a search, and drops it with the department', async () => {
    const { db } = ctx();
    const [added] = await db.insert(departments).values({ key: 'garden', name: 'Garden', position: 9 }).returning({ id: departments.id });
    const id = added!.id;
    expect(await indexesOf(db, id)).toEqual([`products_search_text_d${id}`, `products_search_words_d${id}`]);
    // 3,000 products, 3 of them lipsticks, with fresh statistics: the words and the substring are rare in it.
    const [brand] = await db
      .insert(brands)
      .values({ handle: 'plan-garden', name: 'Verdant', departmentId: id })
      .returning({ id: brands.id });
    await db.execute(sql`insert into products (handle, name, brand_id, department_id, published, status)
      select 'plan-garden-' || i, case when i % 1000 = 0 then 'Garden Lipstick ' || i else 'Garden Hose ' || i end, ${brand!.id}, ${id}, true, 'active'
      from generate_series(1, 3000) i`);
    await db.execute(sql`analyze products`);
    expect(await indexesRead(db, id, 'words')).toEqual([`products_search_words_d${id}`]);
    expect(await indexesRead(db, id, 'substring')).toEqual([`products_search_text_d${id}`]);
    await db.execute(sql`delete from ${products} where department_id = ${id}`);
    await db.execute(sql`delete from ${brands} where department_id = ${id}`);
    await db.execute(sql`delete from ${departments} where id = ${id}`);
    expect(await indexesOf(db, id)).toEqual([]);
  });
});
