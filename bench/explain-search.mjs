// EXPLAIN ANALYZE of the queries behind search: the header box's suggestions and the results page,
// exactly as the built search service sends them (captured through Drizzle's query logger).
//
//   npm run build && npm run db:seed -- --products 50000        (with DATABASE_URL set)
//   DATABASE_URL=postgres://… node bench/explain-search.mjs [term …]
//
// Prints each plan and ends with a line per query: time, and whether products was read by a
// sequential scan (it must not be: every search query should start from an index).
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../apps/api/dist/db/schema.js';
import { clearSearchCaches, searchProducts, suggest } from '../apps/api/dist/modules/search/search.service.js';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('Set DATABASE_URL to the PostgreSQL database to explain (seeded with npm run db:seed -- --products 50000).');
  process.exit(1);
}
const terms = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['lipstick', 'lipstik', 'nivia', 'moisturiser', 'body lotion', 'cerave cleanser', 'sh'];

const pool = new pg.Pool({ connectionString: url, max: 2 });
const captured = [];
const db = drizzle({ client: pool, schema, casing: 'snake_case', logger: { logQuery: (sql, params) => captured.push({ sql, params }) } });

const [{ n }] = (await pool.query('select count(*)::int as n from products')).rows;
console.log(`products: ${n}\n`);
await pool.query('analyze');

const summary = [];
async function explain(label, run) {
  clearSearchCaches(db);
  captured.length = 0;
  await run();
  for (const { sql, params } of captured) {
    const kind = /search_words/.test(sql)
      ? 'words (typo lookup)'
      : /with m as/.test(sql)
        ? 'matches: total, facets, page ids'
        : /nulls last/.test(sql)
          ? 'popular products'
          : /"products"\."id" in/.test(sql)
            ? 'cards of the page'
            : null;
    // Small lookups (departments, settings) are not search queries.
    if (!kind) continue;
    const how = /search_text" ilike/.test(sql) ? ', substring' : '';
    const { rows } = await pool.query(`explain (analyze, buffers, costs off) ${sql}`, params);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    const time = plan.match(/Execution Time: ([\d.]+) ms/)?.[1];
    const seqScan = /Seq Scan on products/.test(plan);
    console.log(
      `── ${label} · ${kind}${how} ─ ${time} ms${seqScan ? ' · SEQ SCAN ON PRODUCTS' : ''}\n${sql}\n${JSON.stringify(params)}\n${plan}\n`,
    );
    summary.push({ query: `${label}: ${kind}${how}`, ms: Number(time), 'seq scan on products': seqScan });
  }
}

for (const term of terms) {
  await explain(`suggestions "${term}"`, () => suggest({ db }, { q: term, limit: 5 }, ''));
  await explain(`results "${term}"`, () => searchProducts({ db }, { search: term, sort: 'relevance', page: 1, page_size: 24 }, ''));
}
await explain('results "lipstick" sorted by price, page 2', () =>
  searchProducts({ db }, { search: 'lipstick', sort: 'price_asc', page: 2, page_size: 24 }, ''),
);
await explain('no results (popular products)', () =>
  searchProducts({ db }, { search: 'qxjvwz', sort: 'relevance', page: 1, page_size: 24 }, ''),
);

console.table(summary);
await pool.end();
if (summary.some((s) => s['seq scan on products'])) process.exitCode = 1;
