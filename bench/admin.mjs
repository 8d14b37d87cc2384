// Back office figures for `npm run bench` (bench/run.mjs calls benchAdmin). Issue 17 asks for:
//
//   admin product list        GET /api/v1/admin/catalog/products/ as staff use it: the first page, a
//                             search, filters, sorts and deep pages. Budget: p99 ≤ 100 ms at 100,000
//                             products on PostgreSQL (BENCH_PRODUCTS=100000 BENCH_DATABASE_URL=…).
//   CSV import                10,000 new products of two variants each (20,000 rows): the check
//                             (dry run) and the import, in seconds, then archived again by one more
//                             import (so the storefront's figures of a later run are not changed).
//   product list during import  the storefront's product list while the import runs, beside its
//                             figure from before, after a warm-up (the budget: unchanged within noise).
//                             On PostgreSQL the import runs on a low-priority thread of its own
//                             (docs/decisions/005-csv-import-on-a-thread.md).
//
// The staff member is a catalog editor made by run.mjs before the server starts (BENCH_STAFF).

export const BENCH_STAFF = { email: 'bench.catalog@example.com', password: 'Bench-catalog-2026!', role: 'catalog_editor' };

async function signIn(baseUrl) {
  const res = await fetch(`${baseUrl}/api/v1/admin/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_STAFF.email, password: BENCH_STAFF.password }),
  });
  if (!res.ok) throw new Error(`staff sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data.token;
}

function csvFor(prefix, brand, count) {
  const lines = ['handle,name,brand,department,status,tags,sku,variant_title,price,discount,stock'];
  for (let i = 0; i < count; i++) {
    lines.push(
      `${prefix}-${i},Bench Import Cream ${i},${brand},beauty,active,"bench, cream",${prefix}-${i}-S,50 ml,${400 + (i % 50) * 10},${i % 4 === 0 ? 10 : 0},12`,
    );
    lines.push(`${prefix}-${i},,,,,,${prefix}-${i}-L,100 ml,${700 + (i % 50) * 10},0,6`);
  }
  return lines.join('\n');
}

async function importCsv(baseUrl, token, csv, dryRun) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/v1/admin/catalog/products/import/?dry_run=${dryRun}`, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  const seconds = (performance.now() - started) / 1000;
  const body = await res.json();
  if (!res.ok || !body.data.ok) throw new Error(`import refused: ${JSON.stringify(body).slice(0, 500)}`);
  return { seconds: Math.round(seconds * 10) / 10, result: body.data };
}

export async function benchAdmin({ baseUrl, load, products }) {
  const token = await signIn(baseUrl);
  const headers = { authorization: `Token ${token}` };
  const brandId = (await (await fetch(`${baseUrl}/api/v1/admin/catalog/options/`, { headers })).json()).data.brands[0].id;
  const list = '/api/v1/admin/catalog/products/';
  const figures = {};
  figures.adminList = await load({
    name: 'admin product list (mixed queries)',
    connections: 10,
    headers,
    paths: [
      `${list}`,
      `${list}?q=cream`,
      `${list}?q=serum&state=active`,
      `${list}?state=draft`,
      `${list}?brand_id=${brandId}&sort=name&dir=asc`,
      `${list}?stock=out`,
      `${list}?department=toys&sort=price`,
      `${list}?sort=created&page=40`,
      `${list}?sort=name&dir=asc&page=200`,
    ],
  });

  const brand = products[0].brand.handle;
  const prefix = `bench-import-${Date.now().toString(36)}`;
  const csv = csvFor(prefix, brand, 10_000);
  const checked = await importCsv(baseUrl, token, csv, true);
  console.log(`  CSV check of 10,000 products (20,000 rows)      ${String(checked.seconds).padStart(6)} s`);
  const storefrontList = ['/api/v1/products/?page_size=24', '/api/v1/products/?page_size=24&sort=price_asc'];
  // The server's first seconds on a route are its slowest (compiling, filling caches): not the figure to compare.
  await load({ name: 'storefront product list (warm-up)', paths: storefrontList, seconds: 3 });
  const before = await load({ name: 'storefront product list (before the import)', paths: storefrontList, seconds: 5 });
  const [imported, during] = await Promise.all([
    importCsv(baseUrl, token, csv, false),
    load({ name: 'storefront product list (while importing)', paths: storefrontList, seconds: 5 }),
  ]);
  console.log(
    `  CSV import of 10,000 products (20,000 rows)     ${String(imported.seconds).padStart(6)} s   (${imported.result.products_created} created)`,
  );
  const archived = await importCsv(
    baseUrl,
    token,
    ['handle,status', ...Array.from({ length: 10_000 }, (_, i) => `${prefix}-${i},archived`)].join('\n'),
    false,
  );
  console.log(`  CSV update of 10,000 products (archive)         ${String(archived.seconds).padStart(6)} s`);
  figures.csv = {
    check_s: checked.seconds,
    import_s: imported.seconds,
    archive_s: archived.seconds,
    listBefore: before,
    listDuring: during,
  };
  return figures;
}
