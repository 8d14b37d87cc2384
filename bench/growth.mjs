// The growth section of `npm run bench` (issue 19 item 9; BENCH_ONLY=growth, PostgreSQL only): what a
// shopper's reads cost as the catalog grows. Seeds a database per size on the BENCH_DATABASE_URL
// server (bench_growth_1000, bench_growth_100000; a second run reuses them), starts the built server
// on each, and measures the same reads at c = 10: the product list (sorts and filters), product
// pages, search results for terms not asked before, and the search box's suggestions. It prints each
// p99 at both sizes and their ratio; the budget is at most 1.5× from 1,000 to 100,000 products.
//
//   BENCH_GROWTH_SIZES=1000,100000   the catalog sizes (the first is the base of the ratios)
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { report, warmupOption } from './cart.mjs';
import { coldSearchPaths } from './search.mjs';
import { nearestRank } from './stats.mjs';

const BUDGET = 1.5;

/** The database for `size` products on the bench's server: made and seeded once, reused after. */
async function seededDatabase(serverUrl, size, root, env) {
  const name = `bench_growth_${size}`;
  const url = new URL(serverUrl);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const seeded = await db
    .query('select count(*)::int as n from products')
    .then((r) => r.rows[0].n >= size)
    .catch(() => false);
  await db.end();
  if (seeded) {
    // Kept from an earlier run: brought to this build's schema (the server refuses one behind it).
    const r = spawnSync('npm', ['run', 'db:migrate'], {
      cwd: root,
      env: { ...env, DATABASE_URL: url.toString() },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`migrating ${name} failed`);
  }
  if (!seeded) {
    console.log(`  seeding ${size.toLocaleString('en')} products into ${name}…`);
    const r = spawnSync('npm', ['run', 'db:seed', '--', '--products', String(size)], {
      cwd: root,
      env: { ...env, DATABASE_URL: url.toString() },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`seeding ${size} products failed`);
    // The seed updates every product after inserting it (its prices and stock from its variants), which
    // leaves the table twice its size until rewritten: measured that way, the large catalog would
    // be read through half-empty pages a live shop's autovacuum would long have reclaimed.
    const fresh = new pg.Client({ connectionString: url.toString() });
    await fresh.connect();
    await fresh.query('vacuum full analyze products');
    await fresh.end();
  }
  return url.toString();
}

/** Every combination of the parts, as query strings. */
const combos = (...parts) => parts.reduce((acc, options) => acc.flatMap((a) => options.map((o) => a + o)), ['']);

/**
 * Every answered request's time in ms, as autocannon measured it (a float from process.hrtime) for
 * the measured run (not the warm-up, which reports on an instance of its own). autocannon's own
 * percentiles are whole milliseconds, and at 4–6 ms a whole millisecond is a quarter of the figure
 * the ratio is made of: 4 → 6 ms reads as 1.5× whether it is 4.4 → 5.6 (1.27×) or 3.6 → 6.4 (1.78×).
 */
function latencies(instance) {
  const times = [];
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    if (statusCode >= 200 && statusCode < 300) times.push(ms);
  });
  return times;
}

/** The q-quantile of the times, to a tenth of a millisecond; no answered request, no figure (not a 0 ms that would pass any budget). */
function percentile(times, q) {
  const value = nearestRank(times, q);
  return value === undefined ? NaN : Math.round(value * 10) / 10;
}

/**
 * The reads, on one server: each scenario's row (req/s, p50, p99). Each asks more distinct requests
 * than the server's answer cache keeps (listings 500, products 2,000, search results 2,000,
 * suggestions 10,000), in a cycle, so nearly every request runs its queries: the cost that grows
 * with the catalog, not a cache's.
 */
async function measure(base, autocannon, seconds) {
  const warmup = warmupOption();
  const pages = [];
  for (let page = 1; page <= 60; page++) {
    const res = await (await fetch(`${base}/api/v1/products/?page_size=48&page=${page}`)).json();
    pages.push(...res.results);
    if (res.results.length < 48) break;
  }
  const detailPaths = pages.map((p) => `/api/v1/products/${p.brand.handle}/${p.handle}/`);
  const listPaths = combos(
    ['', '&department=toys', '&department=home', '&department=sport'],
    ['', '&sort=price_asc', '&sort=price_desc', '&sort=top_rated'],
    ['', '&in_stock=true', '&on_sale=true'],
    Array.from({ length: 12 }, (_, i) => `&page=${i + 1}`),
  ).map((q) => `/api/v1/products/?page_size=24${q}`);
  const cold = (await coldSearchPaths(base)).flatMap((path) =>
    combos(['', '&sort=price_asc', '&sort=price_desc', '&sort=top_rated'], ['', '&in_stock=true']).map((q) => path + q),
  );
  // Prefixes of the words in product names, as typed, in each department and both box sizes.
  const prefixes = new Set();
  for (const p of pages)
    for (const word of p.name.toLowerCase().split(/[^a-z]+/))
      for (let n = 3; n <= Math.min(word.length, 7); n++) prefixes.add(word.slice(0, n));
  // Every limit the box may ask (1–10), so both catalogs give more paths than the answer cache keeps:
  // the large one's generated names have few distinct words.
  const suggestionPaths = combos(
    [...prefixes].map((q) => `/api/v1/search/suggestions/?q=${encodeURIComponent(q)}`),
    Array.from({ length: 10 }, (_, i) => `&limit=${i + 1}`),
    ['', '&department=toys', '&department=home', '&department=sport'],
  );
  const run = async (name, paths) => {
    const instance = autocannon({ url: base, connections: 10, duration: seconds, requests: paths.map((path) => ({ path })), ...warmup });
    const times = latencies(instance);
    const result = await instance;
    const latency = { ...result.latency, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
    return report(`${name} (${paths.length.toLocaleString('en')})`, 10, { ...result, latency });
  };
  return {
    list: await run('product list, uncached', listPaths),
    detail: await run('product detail, uncached', detailPaths),
    search: await run('search results, uncached terms', cold),
    suggestions: await run('search suggestions, uncached', suggestionPaths),
  };
}

export async function benchGrowth({ env, root, port, autocannon, waitFor, seconds }) {
  const serverUrl = env.DATABASE_URL;
  if (!serverUrl) {
    console.log('  (PostgreSQL only: set BENCH_DATABASE_URL)');
    return null;
  }
  const sizes = (process.env.BENCH_GROWTH_SIZES ?? '1000,100000').split(',').map(Number);
  const base = `http://127.0.0.1:${port + 30}`;
  const bySize = {};
  for (const size of sizes) {
    const url = await seededDatabase(serverUrl, size, root, env);
    console.log(`  ${size.toLocaleString('en')} products`);
    const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
      cwd: root,
      env: { ...env, DATABASE_URL: url, PORT: String(port + 30), PUBLIC_URL: base },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      await waitFor(`${base}/readyz`);
      bySize[size] = await measure(base, autocannon, seconds);
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    }
  }
  const [small, large] = sizes;
  console.log(`  p99 ms, ${small.toLocaleString('en')} → ${large.toLocaleString('en')} products (budget: at most ${BUDGET}×)`);
  const ratios = {};
  for (const key of Object.keys(bySize[small])) {
    const a = bySize[small][key]['p99 ms'];
    const b = bySize[large][key]['p99 ms'];
    ratios[key] = Math.round((b / Math.max(a, 0.1)) * 100) / 100;
    console.log(
      `    ${bySize[small][key].scenario.padEnd(44)} ${String(a).padStart(5)} → ${String(b).padStart(5)} ms   ${ratios[key]}×${ratios[key] <= BUDGET ? '' : '  over budget'}`,
    );
  }
  return { sizes: bySize, ratios };
}
