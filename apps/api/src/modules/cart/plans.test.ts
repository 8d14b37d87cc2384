import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/support/app.js';
import { selectRows } from '../../db/client.js';
import { brands, departments, products } from '../catalog/catalog.tables.js';
import { linesJson } from './lines.js';

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Plan Rows': number; Plans?: PlanNode[] };

/** Every node of a plan, depth first. */
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/**
 * The statements of + and − and the checkout's first read answer the bag's lines with their
 * variants (linesJson), the bag's id coming from the statement itself, so PostgreSQL plans that part
 * from statistics alone. A new shop's statistics describe a few bags of many lines (the demo's, or
 * none); a plan made from them once hashed the whole catalog on every tap. Whatever they say, each
 * line's variant must be looked up by its key.
 */
describeOnDatabases('the bag’s lines, planned from statistics of a few bags with many lines', (ctx) => {
  let cartId = 0;

  beforeAll(async () => {
    const { db } = ctx();
    await db.insert(departments).values({ key: '', name: 'Beauty', position: 0 }).onConflictDoNothing();
    const [department] = await selectRows<{ id: number }>(db, sql`select id from ${departments} where key = ''`);
    const [brand] = await db.insert(brands).values({ handle: 'plan-brand', name: 'Plan', departmentId: department!.id }).returning();
    const [product] = await db
      .insert(products)
      .values({ handle: 'plan-product', name: 'Plan', brandId: brand!.id, departmentId: department!.id })
      .returning();
    // A catalog of 3,000 variants, and two bags holding 1,000 lines each, then fresh statistics.
    await db.execute(sql`insert into variants (product_id, sku, title, price, stock)
      select ${product!.id}, 'plan-' || i, 'V' || i, 10000, 10 from generate_series(1, 3000) i`);
    const made = await selectRows<{ id: number }>(db, sql`insert into carts (token_hash) values ('plan-a'), ('plan-b') returning id`);
    cartId = made[0]!.id;
    await db.execute(sql`insert into cart_lines (cart_id, variant_id, quantity)
      select c.id, v.id, 1 from (select id from carts where token_hash in ('plan-a', 'plan-b')) c
      cross join lateral (select id from variants where sku like 'plan-%' order by id limit 1000) v`);
    await db.execute(sql`analyze cart_lines`);
    await db.execute(sql`analyze variants`);
  });

  it('looks each line’s variant up by its key, never reading the catalog through', async () => {
    // The bag's id from a subquery, as in the statements (a CTE's answer): the planner cannot see it.
    const [row] = await selectRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      ctx().db,
      sql`explain (format json) select (${linesJson(sql`(select id from carts where id = ${cartId})`)}) as lines`,
    );
    const plan = nodes(row!['QUERY PLAN'][0].Plan);
    // One row by its key from each catalog table, per line: no scan of a whole table or index.
    const catalogScans = plan.filter((n) => ['variants', 'products', 'brands'].includes(n['Relation Name'] ?? ''));
    expect(catalogScans.map((n) => [n['Relation Name'], n['Node Type'], n['Plan Rows']])).toEqual([
      ['variants', 'Index Scan', 1],
      ['products', 'Index Scan', 1],
      ['brands', 'Index Scan', 1],
    ]);
    // And the answer is the bag's: its 1,000 lines.
    const [bag] = await selectRows<{ lines: unknown[] }>(ctx().db, sql`select (${linesJson(sql`${cartId}::int`)}) as lines`);
    expect(bag!.lines).toHaveLength(1000);
  });
});
