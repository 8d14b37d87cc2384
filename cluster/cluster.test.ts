import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { BASELINE, ordersHaveLines, stockMatchesSales, toldOrdersExist, oneOrderPerKey } from '../faults/invariants.js';
import { checkInvariants, type Sql } from '../faults/lib/check.js';
import { killOnExit, sleep } from '../faults/lib/processes.js';
import { liveBurst, summarisePays, toldNumbers, untilTold } from '../faults/lib/report.js';
import { pool, Shop, type Shopper } from '../faults/lib/shop.js';
import { SmsGateway } from '../faults/lib/sms-gateway.js';
import { StoreProcess } from '../faults/lib/store.js';
import { LoadBalancer } from './haproxy.js';

/*
 * `npm run test:cluster` (issue 19): three app processes of the built store on one PostgreSQL
 * database of their own (on the TEST_DATABASE_URL server) and the machine's Redis (REDIS_URL, when
 * set), behind HAProxy on a free loopback port. The release step migrates (twice at once) and seeds
 * before any app starts. Counts are printed as `[cluster] …`.
 */

const APPS = 3;
const OWNER = { email: 'owner@example.com', password: 'GlowBazaar-owner-2026' };
const SHOPPERS = 200;
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

let database = '';
let databaseUrl = '';
let admin: pg.Client;
const sql: Sql = async (text, params) => (await admin.query(text, params as unknown[])).rows as Record<string, unknown>[];
const sms = new SmsGateway();
const apps: StoreProcess[] = [];
let lb: LoadBalancer;
let shop: Shop;

/** Runs one of the built CLIs (the release steps) with the cluster's database; resolves with its exit code and output. */
function cli(script: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`apps/api/dist/db/${script}`], {
      cwd: inject('faultsBuild'),
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, MEDIA_DIR: inject('faultsMedia'), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const json = async <T>(res: Response) => (await res.json()) as T;

beforeAll(async () => {
  if (!serverUrl) throw new Error('the cluster test needs a PostgreSQL server: set TEST_DATABASE_URL (.ci/run does)');
  database = `cluster_${Date.now()}_${process.pid}`;
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  await server.query(`create database ${database}`);
  await server.end();
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  databaseUrl = url.toString();
  admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();

  // The release step, twice at once (two deploy jobs): one migrates, the other waits and finds nothing to do.
  const started = Date.now();
  const migrations = await Promise.all([cli('migrate-cli.js'), cli('migrate-cli.js')]);
  for (const m of migrations) expect(m.code, m.output).toBe(0);
  const seeded = await cli('seed-cli.js');
  expect(seeded.code, seeded.output).toBe(0);
  const files = readdirSync(join(inject('faultsBuild'), 'apps/api/drizzle')).filter((f) => f.endsWith('.sql')).length;
  const [applied] = await sql('select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations');
  console.log(
    `[cluster] release step: two migrators at once, then the seed, in ${Date.now() - started} ms; ${String(applied!.n)} of ${files} migrations recorded`,
  );
  expect(applied).toEqual({ n: files, distinct: files });

  await sms.start();
  const lbPending = LoadBalancer.create();
  lb = await lbPending;
  for (let i = 0; i < APPS; i++) {
    const app = await StoreProcess.create({
      DATABASE_URL: databaseUrl,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      SEED_DEMO: 'false',
      PUBLIC_URL: lb.base,
      SMS_PROVIDER: 'http',
      SMS_API_URL: sms.url,
      SMS_API_KEY: 'cluster',
      SMS_SENDER_ID: 'cluster',
      // The anonymous page cache stays on, as deployed: invalidation must reach it on every process.
      PAGE_CACHE_SECONDS: '5',
      // Every process offers the payment reconciliation every 2 s: it must still run once per interval.
      PAYMENT_RECONCILE_SECONDS: '2',
    });
    killOnExit(() => app.killNow());
    apps.push(app);
  }
  for (const app of apps) app.start();
  await Promise.all(apps.map((a) => a.ready(180_000)));
  await lb.start(apps.map((a) => a.port));
  killOnExit(() => void lb.stop());
  shop = new Shop(lb.base);
  console.log(
    `[cluster] ${APPS} app processes (ports ${apps.map((a) => a.port).join(', ')}) behind HAProxy on ${lb.base}; ` +
      `invalidation over ${redisUrl ? 'Redis pub/sub' : 'PostgreSQL NOTIFY'}`,
  );
}, 300_000);

afterAll(async () => {
  await lb?.stop();
  await Promise.all(apps.map((a) => a.stop()));
  await sms.close();
  await admin?.end();
  if (serverUrl && database) {
    const server = new pg.Client({ connectionString: serverUrl });
    await server.connect();
    await server.query(`drop database if exists ${database} with (force)`);
    await server.end();
  }
});

/** Polls every process directly until `seen` holds on each; the milliseconds each took (Infinity: not within `ms`). */
async function seenEverywhere(read: (base: string) => Promise<boolean>, ms = 3000): Promise<number[]> {
  const start = Date.now();
  return Promise.all(
    apps.map(async (a) => {
      while (Date.now() - start < ms) {
        if (await read(a.base).catch(() => false)) return Date.now() - start;
        await sleep(20);
      }
      return Infinity;
    }),
  );
}

describe('N app processes behind a load balancer', () => {
  it('a staff change made through one process is seen through every process within 1 s', async () => {
    const login = await fetch(`${lb.base}/api/v1/admin/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    expect(login.status).toBe(200);
    const token = (await json<{ data: { token: string } }>(login)).data.token;
    const staff = (path: string, method: string, body: unknown) =>
      fetch(`${lb.base}/api/v1/admin${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
        body: JSON.stringify(body),
      });
    const settings = async (base: string) =>
      (await json<{ data: { site_under_maintenance: boolean } }>(await fetch(`${base}/api/v1/settings/`))).data;

    // Every process has the settings cached (5 s) before the change.
    for (const a of apps) for (let i = 0; i < 2; i++) expect((await settings(a.base)).site_under_maintenance).toBe(false);
    const on = await staff('/settings/', 'PATCH', { site_under_maintenance: true });
    expect(on.status, await on.clone().text()).toBe(200);
    const maintenanceOn = await seenEverywhere(async (base) => (await settings(base)).site_under_maintenance);
    const off = await staff('/settings/', 'PATCH', { site_under_maintenance: false });
    expect(off.status).toBe(200);
    const maintenanceOff = await seenEverywhere(async (base) => !(await settings(base)).site_under_maintenance);

    // A price, read from each process's product cache.
    const variants = await json<{ data: { id: number; product_id: number; price: number; discount: number; stock: number }[] }>(
      await fetch(`${lb.base}/api/v1/admin/catalog/variants/?page=1`, { headers: { authorization: `Token ${token}` } }),
    );
    const v = variants.data[0]!;
    const product = await json<{ data: { handle: string; brand: { handle: string } } }>(
      await fetch(`${lb.base}/api/v1/admin/catalog/products/${v.product_id}/`, { headers: { authorization: `Token ${token}` } }),
    );
    const path = `/api/v1/products/${product.data.brand.handle}/${product.data.handle}/`;
    const priceOf = async (base: string) =>
      (
        await json<{ data: { product_variants: { variant_id: number; price: number }[] } }>(await fetch(`${base}${path}`))
      ).data.product_variants.find((x) => x.variant_id === v.id)?.price;
    for (const a of apps) for (let i = 0; i < 2; i++) expect(await priceOf(a.base)).toBe(v.price);
    const newPrice = v.price + 1000;
    const saved = await staff('/catalog/variants/', 'PATCH', {
      changes: [{ id: v.id, loaded: { price: v.price, discount: v.discount, stock: v.stock }, price: newPrice }],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const price = await seenEverywhere(async (base) => (await priceOf(base)) === newPrice);

    console.log(
      `[cluster] seen on each process after the change (ms): maintenance on ${maintenanceOn.join(', ')}; off ${maintenanceOff.join(', ')}; price ${price.join(', ')}`,
    );
    for (const ms of [...maintenanceOn, ...maintenanceOff, ...price]) expect(ms).toBeLessThanOrEqual(1000);
  });

  it(`${SHOPPERS} shoppers check out through the balancer while one process is killed and restarted`, async () => {
    const variants = await shop.variants(6);
    const first = 10_000_000 + Math.floor(Math.random() * 80_000_000);
    const phones = Array.from({ length: SHOPPERS + 4 }, (_, i) => `+88018${String(first + i).slice(-8)}`);
    const tokens = await pool(phones, 12, (phone) => shop.guest(phone));
    const shoppers: Shopper[] = tokens.map((token, i) => ({ phone: phones[i]!, token, variantId: variants[i % variants.length]! }));
    await pool(shoppers, 12, (s) => shop.fillBag(s));
    await sql('update variants set stock = 10000 where id = any($1::int[])', [variants]);
    for (const statement of BASELINE) await sql(statement);

    const payers = shoppers.slice(0, SHOPPERS);
    const b = liveBurst(shop, {
      payers,
      bagShoppers: shoppers.slice(SHOPPERS),
      keyPrefix: 'cluster',
      deadlineMs: 90_000,
      spreadMs: 15,
      concurrency: 16,
    });
    await untilTold(b.records, 40, 30_000);
    const victim = apps[1]!;
    const killedAt = Date.now();
    const pid = victim.kill9();
    await sleep(2000);
    victim.start();
    const back = await victim.ready(60_000);
    const { pays, payTally } = await b.run;
    const s = summarisePays('cluster', pays, payTally);
    console.log(`[cluster] killed app 2 (pid ${pid}) ${Date.now() - killedAt} ms ago; it was ready again ${back} ms after its restart`);

    const broken = await checkInvariants('cluster', sql, [
      { invariant: toldOrdersExist, params: [toldNumbers(pays)] },
      { invariant: ordersHaveLines },
      { invariant: stockMatchesSales },
      { invariant: oneOrderPerKey },
    ]);
    const [dupes] = await sql('select count(*)::int as n from (select number from orders group by number having count(*) > 1) d');
    console.log(`[cluster] duplicate order numbers: ${String(dupes!.n)}`);
    expect(broken).toEqual([]);
    expect(dupes!.n).toBe(0);
    expect(s.unanswered, 'every shopper got a final answer').toBe(0);
    expect(
      pays.filter((p) => p.told.size !== 1).map((p) => p.key),
      'each shopper told exactly one order',
    ).toEqual([]);
  }, 240_000);

  // A process killed (kill -9) between the gateway's answer and marking its row sent leaves that one
  // message to go out again when its lease ends: the gateway takes no message id to recognise a
  // repeat by (notifications.service.ts, processDue). One process is killed above, so at most one
  // message may arrive twice, and only an order confirmation it was sending; any other repeat is a bug.
  it('each outbox message is delivered once by the three processes (the one a killed process was sending aside)', async () => {
    const end = Date.now() + 60_000;
    let left = 1;
    while (Date.now() < end) {
      const [row] = await sql("select count(*)::int as n from outbox where status in ('pending', 'sending')");
      left = Number(row!.n);
      if (left === 0) break;
      await sleep(250);
    }
    const [sent] = await sql("select count(*)::int as n from outbox where channel = 'sms' and status = 'sent'");
    const twice = sms.deliveredTwice();
    console.log(
      `[cluster] outbox: ${String(sent!.n)} SMS sent, ${left} left; texts a phone received more than once: ${twice.length ? twice.join(' | ') : 0}; order confirmations twice: ${sms.confirmationsDeliveredTwice()}`,
    );
    expect(left).toBe(0);
    expect(twice.length, 'at most the message the killed process was sending').toBeLessThanOrEqual(1);
    expect(
      sms.timesDelivered().filter((n) => n > 2),
      'nothing three times',
    ).toEqual([]);
  });

  it('each reconciliation runs once per interval across the three processes, never two at once', async () => {
    // The jobs have been offered by every process since they started (and through a kill and restart): 10 intervals at least.
    const read = () =>
      sql(
        `select singleton_on, count(*)::int as n, count(*) filter (where state = 'completed')::int as done,
                min(started_on) as started, max(completed_on) as completed
           from pgboss.job where name = 'reconcile-payments' group by singleton_on order by singleton_on`,
      );
    let slots = await read();
    for (const end = Date.now() + 40_000; slots.length < 10 && Date.now() < end; slots = await read()) await sleep(500);
    const doubled = slots.filter((s) => Number(s.n) > 1).length;
    const done = slots.reduce((n, s) => n + Number(s.done), 0);
    // Consecutive runs never overlap: each started after the one before had completed.
    let overlaps = 0;
    for (let i = 1; i < slots.length; i++) {
      const before = slots[i - 1]!.completed as Date | null;
      const started = slots[i]!.started as Date | null;
      if (before && started && started < before) overlaps++;
    }
    console.log(
      `[cluster] reconcile-payments: ${slots.length} intervals of 2 s offered by ${APPS} processes; ${done} runs completed; ` +
        `intervals run more than once: ${doubled}; runs overlapping: ${overlaps}`,
    );
    expect(slots.length).toBeGreaterThanOrEqual(10);
    expect(doubled).toBe(0);
    expect(overlaps).toBe(0);
    expect(done).toBeGreaterThanOrEqual(slots.length - 2);
  }, 60_000);

  it("a shopper's code limits hold whichever process answers", async () => {
    const phone = `+88019${String(10_000_000 + Math.floor(Math.random() * 80_000_000)).slice(-8)}`;
    const ask = (base: string) =>
      fetch(`${base}/api/v1/accounts/guest/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ customer: { phone } }),
      });
    const answers = [];
    // The answer never says whether a code went (nobody learns which phones are known): the outbox does.
    for (const a of apps) answers.push((await ask(a.base)).status);
    const [row] = await sql('select count(*)::int as n from outbox where recipient = $1', [phone]);
    console.log(`[cluster] a code asked of each process in turn: answers ${answers.join(', ')}; codes sent: ${String(row!.n)}`);
    expect(answers.every((status) => status === 201)).toBe(true);
    // One code inside the resend wait (SMS_TIMER), however many processes were asked.
    expect(row!.n).toBe(1);
  });
});
