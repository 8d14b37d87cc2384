// `npm run bench`: starts the built server on a seeded catalog and prints req/s and p99 for the
// budgets of ARCHITECTURE.md. Figures only — nothing here passes or fails.
//
//   BENCH_PRODUCTS=5000          catalog size (demo shop + generated products)
//   BENCH_DATABASE_URL=postgres://…  run on a PostgreSQL server instead of the embedded PGlite
//   BENCH_DURATION=10            seconds per scenario
//   BENCH_ONLY=machine,api,ssr,search,cart,checkout,admin,orders,scaling,growth,lighthouse,js,taps   a subset of the sections
//   LIGHTHOUSE_RUNS=3            Lighthouse runs per page (each figure their median)
//                                (taps: bench/taps.mjs, TAPS_RUNS page loads per page, TAPS_MODES)
//   BENCH_CPU_PROF=/tmp/prof     V8 CPU profiles of the servers (the main one and the checkout's), written when they stop
//   BENCH_ORDERS=1000000         orders seeded for the back office's order list and dashboard (PostgreSQL only)
//                                (machine: a bare Fastify route, to compare this machine with ARCHITECTURE.md's,
//                                 and the memory's write speed, which the browser figures lean on)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';

const root = new URL('..', import.meta.url).pathname;
const products = Number(process.env.BENCH_PRODUCTS ?? 5000);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const only = new Set(
  (process.env.BENCH_ONLY ?? 'machine,api,ssr,search,cart,checkout,admin,orders,scaling,growth,js,lighthouse,taps').split(','),
);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const port = Number(process.env.BENCH_PORT ?? 3900);
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = join(root, 'data', `bench-${products}`);
const cores = Number(spawnSync('nproc').stdout?.toString().trim() || 1);
const pin = (core) => (cores > 1 && existsSync('/usr/bin/taskset') ? ['taskset', '-c', String(core)] : []);

// Production refuses to start without PUBLIC_URL and an https SMS gateway; the bench sends no SMS, so a closed port stands in for one.
const env = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: baseUrl,
  SMS_PROVIDER: 'http',
  SMS_API_URL: 'https://127.0.0.1:9/api/smsapi',
  SMS_API_KEY: 'bench',
  SMS_SENDER_ID: 'bench',
  SECRET_KEY: 'bench-secret-of-more-than-thirty-two-characters',
  // Every simulated shopper comes from 127.0.0.1: lift the per-IP caps meant for one real client.
  NEW_BAGS_PER_IP_HOUR: '100000000',
  CONNECTIONS_PER_IP: '100000',
};
if (databaseUrl) env.DATABASE_URL = databaseUrl;
else delete env.DATABASE_URL;

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

async function waitFor(url, ms = 180_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** autocannon with a request list; returns req/s and latency percentiles in ms. */
export async function load({ name, paths, connections = 50, seconds = duration, method = 'GET', body, headers }) {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: paths.map((path) => ({
      path,
      method,
      ...(body ? { body: typeof body === 'function' ? body() : body } : {}),
      ...(headers ? { headers } : {}),
    })),
  });
  const row = {
    scenario: name,
    connections,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  console.log(
    `  ${name.padEnd(44)} ${String(row['req/s']).padStart(7)} req/s   p99 ${String(row['p99 ms']).padStart(5)} ms   (c=${connections}, non-2xx+errors ${row.errors})`,
  );
  return row;
}

async function main() {
  if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
  const seeded = databaseUrl ? false : readdirSync(dataDir).length > 0;
  if (!seeded) {
    console.log(`Seeding ${products} generated products on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}…`);
    run('npm', ['run', 'db:seed', '--', '--products', String(products)]);
  }
  // The back office's figures sign in as a catalog editor, the orders' also as a fulfilment member (made once; a second run finds them).
  const staff = [];
  if (only.has('admin') || only.has('orders')) staff.push((await import('./admin.mjs')).BENCH_STAFF);
  if (only.has('orders')) staff.push((await import('./orders.mjs')).BENCH_ORDERS_STAFF);
  for (const BENCH_STAFF of staff) {
    const made = spawnSync(
      'npm',
      ['run', 'admin:create', '--', '--email', BENCH_STAFF.email, '--password', BENCH_STAFF.password, '--role', BENCH_STAFF.role],
      {
        cwd: root,
        env,
        encoding: 'utf8',
      },
    );
    if (made.status !== 0 && !/already/i.test(`${made.stdout}${made.stderr}`)) throw new Error(`admin:create failed: ${made.stderr}`);
  }
  console.log(
    `Starting the built server (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${products} generated products)${pin(0).length ? ' pinned to core 0, load from core 1' : ''}…`,
  );
  const [cmd, ...pre] = [...pin(0), process.execPath];
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server = spawn(cmd, [...pre, ...profile, 'apps/api/dist/server.js'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitFor(`${baseUrl}/readyz`);
    const list = await (await fetch(`${baseUrl}/api/v1/products/?page_size=48`)).json();
    const detailPaths = list.results.map((p) => `/api/v1/products/${p.brand.handle}/${p.handle}/`);
    const pagePaths = list.results.map((p) => p.url);
    const figures = {};

    if (only.has('machine')) {
      console.log('\nThis machine');
      const { benchBaseline, benchMemory } = await import('./baseline.mjs');
      figures.machine = await benchBaseline({ baseUrl, autocannon, pin, root, seconds: duration, port: port + 1 });
      figures.memory = benchMemory();
    }
    if (only.has('api')) {
      console.log('\nAPI');
      figures.list = await load({
        name: 'product list (24 items)',
        paths: ['', '&sort=price_asc', '&sort=top_rated', '&department=toys', '&page=2', '&on_sale=true'].map(
          (q) => `/api/v1/products/?page_size=24${q}`,
        ),
      });
      figures.detail = await load({ name: 'product detail', paths: detailPaths });
    }
    if (only.has('ssr')) {
      // As a browser asks (compressed), for pages an anonymous shopper opened before (each URL once,
      // unmeasured); the server's shared-page cache (PAGE_CACHE_SECONDS) is part of what is measured.
      console.log('\nServer-rendered pages (anonymous, Accept-Encoding: br, gzip)');
      const browser = { 'accept-encoding': 'br, gzip' };
      const warm = async (paths) => {
        for (const path of paths) await (await fetch(baseUrl + path, { headers: browser })).arrayBuffer();
      };
      const listingPaths = ['/all-product/', '/all-product/?sort=price_asc&page=2'];
      await warm([...pagePaths, '/', ...listingPaths]);
      figures.ssrProduct = await load({ name: 'SSR product page', paths: pagePaths, headers: browser });
      figures.ssrHome = await load({ name: 'SSR home page', paths: ['/'], headers: browser });
      figures.ssrListing = await load({ name: 'SSR listing page', paths: listingPaths, headers: browser });
    }
    for (const section of ['search', 'cart', 'checkout', 'admin', 'orders']) {
      const file = join(root, 'bench', `${section}.mjs`);
      if (!only.has(section) || !existsSync(file)) continue;
      console.log(`\n${section[0].toUpperCase()}${section.slice(1)}`);
      const mod = await import(file);
      const fn = mod[`bench${section[0].toUpperCase()}${section.slice(1)}`];
      figures[section] = await fn({ baseUrl, autocannon, load, products: list.results });
    }
    if (only.has('scaling')) {
      console.log('\nScaling: 1 and 2 app processes behind HAProxy (PostgreSQL)');
      const { benchScaling } = await import('./scaling.mjs');
      figures.scaling = await benchScaling({ env, root, port, autocannon, waitFor, seconds: duration });
    }
    if (only.has('growth')) {
      console.log('\nGrowth: the same reads on 1,000 and 100,000 products (PostgreSQL)');
      const { benchGrowth } = await import('./growth.mjs');
      figures.growth = await benchGrowth({ env, root, port, autocannon, waitFor, seconds: duration });
    }
    if (only.has('js')) {
      console.log('\nFirst-load JavaScript (gzip)');
      const { firstLoadJs } = await import('./first-load-js.mjs');
      figures.js = await firstLoadJs(baseUrl, storefrontPages(pagePaths[0]));
    }
    if (only.has('lighthouse')) {
      console.log('\nLighthouse (mobile, default throttling, system Chromium)');
      const { lighthouse } = await import('./lighthouse.mjs');
      figures.lighthouse = await lighthouse(baseUrl, storefrontPages(pagePaths[0]));
    }
    if (only.has('taps')) {
      console.log('\nTaps on a slow phone (system Chromium, CPU 4×, slow 4G)');
      const { benchTaps } = await import('./taps.mjs');
      figures.taps = await benchTaps(baseUrl);
    }
    console.log('\nJSON:', JSON.stringify(figures));
  } finally {
    server.kill('SIGTERM');
  }
}

/** The four pages the storefront's budgets name, in English and in Bangla (issue 21: the Bangla pages meet the same budgets). */
function storefrontPages(product) {
  const english = { home: '/', listing: '/all-product/', product, search: '/product/?search=cream' };
  return {
    ...english,
    ...Object.fromEntries(Object.entries(english).map(([name, path]) => [`bn ${name}`, path === '/' ? '/bn' : `/bn${path}`])),
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
