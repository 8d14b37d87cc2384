// Cash-on-delivery orders per second (issue 7), for `npm run bench` (BENCH_ONLY=checkout for this alone).
//
// Placing an order needs a signed-in shopper, and signing in needs the code the SMS outbox holds,
// which a production server never shows. So this section starts the same built server a second
// time in development mode (outbox readable, logging at warn), on its own port and database: a
// fresh embedded PGlite (demo shop seeded), or a fresh bench_checkout database on the PostgreSQL
// server of BENCH_DATABASE_URL. It pre-creates phone-verified guests, each with a bag and an
// address, then places one COD order per guest with autocannon, 50 connections, each request its
// own shopper and Idempotency-Key.
//
//   BENCH_CHECKOUT_ORDERS=1000   orders to place (each needs a guest, a bag and an address first)
//   BENCH_CPU_PROF=/tmp/prof     write a V8 CPU profile of the server (open it in Chrome's DevTools) when it stops
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** CPU seconds a process's children that ended have used (the postmaster's: backends that closed meanwhile). */
function endedChildrenCpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every PostgreSQL process on this machine (the server's backends included, those that ended too). */
function postgresCpuSeconds() {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += (cpuSeconds(pid) ?? 0) + endedChildrenCpuSeconds(pid);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

async function waitFor(url, ms = 300_000) {
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

/** Runs `task` over items with at most `limit` in flight. */
async function pool(items, limit, task) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i], i);
      }
    }),
  );
  return results;
}

/**
 * A new, empty database on the bench's PostgreSQL server for this section alone (the server seeds the
 * demo shop into it). On the main bench database, that server's outbox worker would take this one's
 * messages too, and each run would start with the last run's orders and messages still being worked on.
 */
async function freshDatabase(serverUrl, name) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function benchCheckout({ baseUrl, autocannon }) {
  const wanted = Number(process.env.BENCH_CHECKOUT_ORDERS ?? 1000);
  const port = Number(new URL(baseUrl).port) + 7;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = process.env.BENCH_DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'bench-checkout-'));
  const cores = Number(spawnSync('nproc').stdout?.toString().trim() || 1);
  const pin = cores > 1 && existsSync('/usr/bin/taskset') ? ['taskset', '-c', '0'] : [];
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    SEED_DEMO: 'true',
    PAYMENT_RECONCILE_SECONDS: '0',
    // Every guest asks for a code from 127.0.0.1: the sending caps would stop the set-up, not a shopper.
    SEND_LIMIT_PER_TARGET_HOUR: '100',
    SEND_LIMIT_PER_IP_HOUR: '10000000',
    SEND_LIMIT_PER_DAY: '10000000',
    SEND_LIMIT_PER_HOUR: '10000000',
    SEND_LIMIT_PER_PREFIX_HOUR: '10000000',
    NEW_BAGS_PER_IP_HOUR: '10000000',
    CONNECTIONS_PER_IP: '100000',
  };
  if (dataDir) {
    env.DATA_DIR = dataDir;
    delete env.DATABASE_URL;
  } else env.DATABASE_URL = await freshDatabase(process.env.BENCH_DATABASE_URL, 'bench_checkout');
  const [cmd, ...pre] = [...pin, process.execPath];
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server = spawn(cmd, [...pre, ...profile, 'apps/api/dist/server.js'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    console.log(
      `  (a development-mode server on :${port}, ${dataDir ? 'fresh PGlite with the demo shop' : 'PostgreSQL'}; setting up ${wanted} guests…)`,
    );
    await waitFor(`${base}/readyz`);
    const json = async (res) => {
      const body = await res.json();
      if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
      return body;
    };
    const api = (path, init = {}) =>
      fetch(`${base}/api/v1${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });

    // Variants with stock, each taken at most as often as it has units, so no order is refused for stock.
    const slots = [];
    for (let page = 1; slots.length < wanted && page <= 5; page++) {
      const list = await json(await api(`/products/?in_stock=true&page_size=48&page=${page}`));
      for (const card of list.results) {
        const detail = (await json(await api(`/products/${card.brand.handle}/${card.handle}/`))).data;
        // Under the demo shop's free-gift threshold, so no gift line (with stock of its own) joins the bag.
        for (const v of detail.product_variants)
          if (v.discounted_price < 250_000) for (let k = 0; k < Math.min(v.stock, 40); k++) slots.push(v.variant_id);
      }
      if (!list.results.length) break;
    }
    const count = Math.min(wanted, slots.length);
    // Spread the orders over the variants rather than emptying one after another.
    const stride = Math.max(1, Math.floor(slots.length / count));

    const started = Date.now();
    // Distinct phones for this run (one guest each), from a random start so runs on one database do not meet.
    const first = Math.floor(Math.random() * 80_000_000);
    const shoppers = await pool(
      Array.from({ length: count }, (_, i) => i),
      16,
      async (i) => {
        const phone = `+88017${String(10_000_000 + first + i).slice(-8)}`;
        await json(await api('/accounts/guest/', { method: 'POST', body: JSON.stringify({ customer: { phone } }) }));
        const rows = (await json(await fetch(`${base}/dev/outbox.json?to=${encodeURIComponent(phone)}`))).data;
        const code = /\b(\d{6})\b/.exec(rows[0].body)[1];
        const token = (await json(await api('/accounts/guest/verify-sms/', { method: 'POST', body: JSON.stringify({ phone, code }) }))).data
          .token;
        const auth = { authorization: `Token ${token}` };
        const variantId = slots[(i * stride) % slots.length];
        await json(
          await api('/cart/line-items/', {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ delivery_type: 'standard', line_item: { variant_id: variantId, quantity: 1, action: 'increment' } }),
          }),
        );
        await json(
          await api('/addresses/?type=shipping', {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({
              name: 'Bench Shopper',
              phone: '01712345678',
              division: 'Dhaka',
              location: 'Dhaka',
              area: 'Banani',
              address_detail: 'Road 11, House 4',
            }),
          }),
        );
        return { token, key: `bench-${i}-${token.slice(0, 12)}` };
      },
    );
    console.log(`  (${shoppers.length} guests with a bag and an address in ${((Date.now() - started) / 1000).toFixed(1)} s)`);

    let next = 0;
    const refusals = new Map();
    const cpuBefore = [cpuSeconds(server.pid), postgresCpuSeconds()];
    const began = performance.now();
    let lastAnswer = began;
    const result = await autocannon({
      url: base,
      connections: 50,
      amount: shoppers.length,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/checkout/pay/',
          setupRequest: (req) => {
            const s = shoppers[next++ % shoppers.length];
            return {
              ...req,
              headers: { 'content-type': 'application/json', authorization: `Token ${s.token}`, 'idempotency-key': s.key },
              body: '{"payment_method":"cod"}',
            };
          },
          onResponse: (status, body) => {
            lastAnswer = performance.now();
            if (status >= 300) {
              const key = `${status} ${String(body).slice(0, 120)}`;
              refusals.set(key, (refusals.get(key) ?? 0) + 1);
            }
          },
        },
      ],
    });
    const row = {
      scenario: 'COD order (pay call, distinct shoppers)',
      connections: 50,
      'req/s': Math.round(result.requests.average),
      orders: result['2xx'],
      // From the start to the last answer: autocannon notices the end of a run of `amount` requests only at its next
      // whole second, too coarse for a run of a few seconds.
      'orders/s': Math.round((result['2xx'] * 1000) / (lastAnswer - began)),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
    };
    // Where each order's time goes, whatever else the machine does: the server's CPU and PostgreSQL's, per order.
    const [serverCpu, pgCpu] = [cpuSeconds(server.pid), postgresCpuSeconds()];
    if (serverCpu !== null && row.orders) {
      row['server CPU ms/order'] = Math.round(((serverCpu - cpuBefore[0]) * 10_000) / row.orders) / 10;
      if (!dataDir) row['PostgreSQL CPU ms/order'] = Math.round(((pgCpu - cpuBefore[1]) * 10_000) / row.orders) / 10;
    }
    for (const [what, n] of refusals) console.log(`  (refused ${n}×: ${what})`);
    console.log(
      `  ${row.scenario.padEnd(44)} ${String(row['orders/s']).padStart(7)} orders/s   p99 ${String(row['p99 ms']).padStart(5)} ms   (c=50, ${row.orders} orders, non-2xx+errors ${row.errors}; CPU per order: server ${row['server CPU ms/order'] ?? '?'} ms, PostgreSQL ${row['PostgreSQL CPU ms/order'] ?? '—'} ms)`,
    );
    return row;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
