import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BASELINE, confirmationsOnce, migrationsApplied, paidAtMostOnce, smsNotSentWhileDown, type Invariant } from './invariants.js';
import { checkInvariants, type Sql } from './lib/check.js';
import { afterBurst, liveBurst, printLog, summarisePays, toldBefore, toldNumbers, untilTold } from './lib/report.js';
import { PgCluster } from './lib/cluster.js';
import { bkashConfirm, bkashPaymentId, cardCheckout, SANDBOX_STORE_PASSWORD, signSsl, sslReturn } from './lib/gateways.js';
import { killOnExit, sleep } from './lib/processes.js';
import { errorCode, orderOf, pool, ReadyWatch, Shop, Tally, type Answer, type Shopper } from './lib/shop.js';
import { SmsGateway } from './lib/sms-gateway.js';
import { StoreProcess } from './lib/store.js';

/*
 * F1–F5 on a PostgreSQL cluster of the suite's own (faults/README.md). One seeded database serves
 * every fault; each fault takes fresh shoppers, writes a baseline, runs a bounded burst of checkouts
 * and bag updates on 127.0.0.1, injects its fault, and ends with the invariants of faults/invariants.ts.
 */

const STOCK = 300;
const MIGRATIONS = (
  JSON.parse(readFileSync(join(inject('faultsBuild'), 'apps/api/drizzle/meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

/** The store's sessions by state and wait, for the report of a freeze. */
const ACTIVITY = `select state, coalesce(wait_event_type, '') as wait, count(*)::int as n,
                          max(extract(epoch from now() - xact_start))::int as oldest_xact_s
                   from pg_stat_activity where datname = 'store' and pid <> pg_backend_pid() group by 1, 2 order by 1, 2`;

let cluster: PgCluster;
const sms = new SmsGateway();
let store: StoreProcess;
let shop: Shop;
let variants: number[] = [];
const guests: string[] = [];
let nextGuest = 0;

/** One connection per query: it survives the cluster's restarts between checks. */
const sql: Sql = async (text, params) => {
  const client = new pg.Client({ connectionString: cluster.url('store'), connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Record<string, unknown>[];
  } finally {
    await client.end().catch(() => {});
  }
};

/** Fresh guests (phone-verified, one address each), with one unit of a variant in the bag. */
async function shoppers(count: number): Promise<Shopper[]> {
  const picked = guests.slice(nextGuest, nextGuest + count);
  if (picked.length < count) throw new Error('not enough guests set up');
  nextGuest += count;
  const list = picked.map((token, i) => ({ phone: '', token, variantId: variants[i % variants.length]! }));
  await pool(list, 8, (s) => shop.fillBag(s));
  return list;
}

async function baseline() {
  await sql('update variants set stock = $2 where id = any($1::int[])', [variants, STOCK]);
  for (const statement of BASELINE) await sql(statement);
}

/**
 * The store as `npm start` runs it: the server under scripts/start.mjs, whose supervisor restarts it
 * after a crash (F2 relies on that; F1 and F3 prove it was not needed). It sends SMS over HTTP to
 * the suite's stand-in gateway, which works until F4 takes it down.
 */
async function startStore(timeoutMs: number) {
  store = await StoreProcess.create(
    {
      DATABASE_URL: cluster.url('store'),
      SMS_PROVIDER: 'http',
      SMS_API_URL: sms.url,
      SMS_API_KEY: 'fault-suite',
      SMS_SENDER_ID: 'fault-suite',
    },
    { supervised: true },
  );
  killOnExit(() => store.killNow());
  store.start();
  const ms = await store.ready(timeoutMs);
  shop = new Shop(store.base);
  return ms;
}

/** A fault that ended the store (a finding, reported by that fault) must not take the next faults with it. */
async function ensureStore() {
  if (store.running()) {
    await store.ready(60_000);
    return;
  }
  console.log(`[setup] the store had exited (${JSON.stringify(store.exits)}): starting a new one for the next fault`);
  await startStore(60_000);
}

/**
 * Asks for a sign-in code for a new customer. The SMS gateway works all along, so once the database
 * is back this must succeed: a database failure must not be taken for a failing SMS gateway.
 */
async function signInCode(): Promise<Answer> {
  const phone = `+88016${String(10_000_000 + Math.floor(Math.random() * 80_000_000)).slice(-8)}`;
  await sql(`insert into customers (phone, first_name, verified_sms) values ($1, 'Fault', true) on conflict do nothing`, [phone]);
  return shop.api('/accounts/login-otp/', null, { email: phone });
}

const describeAnswer = (a: Answer) =>
  `${a.status} ${errorCode(a) || a.error || ''} in ${a.ms} ms${a.status >= 200 && a.status < 300 ? ` ${JSON.stringify(a.body).slice(0, 100)}` : ''}`;

/** Lines in which npm start's supervisor reports that the server stopped (and is being restarted). */
const serverStops = (from: number) => store.lines.slice(from).filter((l) => l.includes('The server stopped'));

beforeAll(async () => {
  cluster = new PgCluster();
  killOnExit(() => {
    cluster.killNow();
    rmSync(cluster.dir, { recursive: true, force: true });
  });
  await cluster.init();
  await cluster.start();
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('create database store');
  await admin.end();
  await sms.start();
  const readyMs = await startStore(240_000);
  variants = await shop.variants(4);
  const first = 10_000_000 + Math.floor(Math.random() * 80_000_000);
  const started = Date.now();
  const phones = Array.from({ length: 160 }, (_, i) => `+88017${String(first + i).slice(-8)}`);
  guests.push(...(await pool(phones, 8, (phone) => shop.guest(phone))));
  console.log(
    `[setup] PostgreSQL on 127.0.0.1:${cluster.port} (${cluster.dir}); store (under npm start's supervisor) ready in ${readyMs} ms (migrated, demo shop seeded); ` +
      `${guests.length} guests in ${Date.now() - started} ms; variants ${variants.join(', ')} at stock ${STOCK} before each burst`,
  );
});

afterAll(async () => {
  await store?.stop();
  await sms.close();
  await cluster?.destroy();
});

describe('PostgreSQL faults', () => {
  it('F1: PostgreSQL killed (kill -9 of the postmaster) mid-burst and restarted', async () => {
    const log = store.lines.length;
    const pidBefore = store.serverPid();
    const payers = await shoppers(40);
    const bagShoppers = await shoppers(4);
    await baseline();
    const watch = new ReadyWatch(shop);
    const b = liveBurst(shop, { payers, bagShoppers, keyPrefix: 'f1', deadlineMs: 60_000, spreadMs: 60, concurrency: 8 });
    await untilTold(b.records, 8, 10_000);
    const killedAt = Date.now();
    const killed = await cluster.killPostmaster();
    await sleep(3000);
    const restartAt = Date.now();
    await cluster.start();
    const upAt = Date.now();
    const { pays, payTally, bagTally, bagUpdates } = await b.run;
    await store.ready(10_000).catch((err: unknown) => console.log(`[F1] the store is not ready: ${String(err)}`));
    await watch.stop();
    const code = await signInCode();

    const before = toldBefore(pays, killedAt);
    const down = watch.firstAnswered(killedAt, (s) => s === 503);
    const back = watch.firstAnswered(upAt, (s) => s === 200);
    console.log(
      `[F1] killed postmaster ${killed.postmaster} (+${killed.others} children, ${killed.lingering} lingering) after ${before} orders; ` +
        `down ${restartAt - killedAt} ms; restart (crash recovery) took ${upAt - restartAt} ms`,
    );
    console.log(
      `[F1] /readyz: ${watch.summary(killedAt)}; first 503 ${down === null ? 'never' : `${down - killedAt} ms after the kill`}; ` +
        `first 200 ${back === null ? 'never' : `${back - upAt} ms after PostgreSQL was back`}`,
    );
    const s = summarisePays('F1', pays, payTally);
    console.log(`[F1] bag updates: ${bagUpdates} (${bagTally})`);
    console.log(`[F1] a sign-in code right after the recovery (the SMS gateway worked all along): ${describeAnswer(code)}`);
    console.log(`[F1] order confirmations the SMS gateway received twice so far: ${sms.confirmationsDeliveredTwice()}`);
    console.log(`[F1] server process: pid ${pidBefore} → ${store.serverPid()}; restarts by the supervisor: ${serverStops(log).length}`);
    printLog('F1', store, log);
    const broken = await afterBurst('F1', sql, toldNumbers(pays), [{ invariant: migrationsApplied, params: [MIGRATIONS] }]);

    expect.soft(serverStops(log), 'the server process never exits').toEqual([]);
    expect.soft(store.serverPid()).toBe(pidBefore);
    expect.soft(down, '/readyz answered 503 while PostgreSQL was down').not.toBeNull();
    expect.soft(back, '/readyz answered 200 after the restart').not.toBeNull();
    expect.soft(before, 'the kill landed mid-burst').toBeGreaterThan(0);
    expect.soft(before).toBeLessThan(payers.length);
    expect.soft(s.unanswered, 'every shopper got a final answer after the restart').toBe(0);
    expect
      .soft(
        pays.filter((p) => p.told.size > 1),
        'one order number per Idempotency-Key',
      )
      .toEqual([]);
    expect.soft(broken).toEqual([]);
    expect.soft(describeAnswer(code), 'sign-in codes work once the database is back').toMatch(/^200 /);
  });

  it('F3: PostgreSQL frozen (SIGSTOP of the postmaster and its backends) for 10 s', async () => {
    await ensureStore();
    const log = store.lines.length;
    const pidBefore = store.serverPid();
    const connectMs = 1000;
    const queryMs = 2000;
    // A request may wait for a pooled connection (connect timeout) and then for one query (query timeout).
    const bound = connectMs + queryMs + 1000;
    const payers = await shoppers(30);
    const bagShoppers = await shoppers(4);
    await baseline();
    const watch = new ReadyWatch(shop);
    const b = liveBurst(shop, {
      payers,
      bagShoppers,
      keyPrefix: 'f3',
      deadlineMs: 60_000,
      spreadMs: 100,
      concurrency: 8,
      retryPauseMs: 300,
    });
    await untilTold(b.records, 5, 10_000);
    const pgLog = cluster.logSize();
    const frozenAt = Date.now();
    const frozen = cluster.freeze();
    await sleep(10_000);
    const thawAt = Date.now();
    cluster.thaw();
    // What the store's sessions do after the thaw, every 500 ms until /readyz says 200 (at most 30 s).
    const activity: string[] = [];
    const sampling = (async () => {
      while (Date.now() - thawAt < 30_000 && !watch.first(thawAt, (st) => st === 200)) {
        const rows = await sql(ACTIVITY).catch((err: unknown): Record<string, unknown>[] => [{ state: `(${String(err)})`, n: 0 }]);
        activity.push(
          `+${((Date.now() - thawAt) / 1000).toFixed(1)}s ${rows.map((r) => `${String(r.state)}/${String(r.wait ?? '')} ${String(r.n)}${r.oldest_xact_s != null ? ` (xact ${String(r.oldest_xact_s)} s)` : ''}`).join(', ')}`,
        );
        await sleep(500);
      }
    })();
    const { pays, payTally, bagTally, bagUpdates } = await b.run;
    await sampling;
    await watch.stop();
    const code = await signInCode();

    const all: Answer[] = pays.flatMap((p) => p.attempts);
    // Requests sent while the database was frozen and answered before it was thawed.
    const during = all.filter((a) => a.at >= frozenAt + 50 && a.at + a.ms < thawAt);
    const duringTally = new Tally();
    for (const a of during) duringTally.add(a);
    const slowest = Math.max(0, ...during.map((a) => a.ms));
    const hung = all.filter((a) => a.at >= frozenAt && a.at < thawAt && a.at + a.ms >= thawAt && a.ms > bound);
    const down = watch.firstArrived(frozenAt, (s) => s === 503);
    const back = watch.firstAnswered(thawAt, (s) => s === 200);
    console.log(`[F3] froze ${frozen} postgres processes for ${thawAt - frozenAt} ms`);
    console.log(
      `[F3] pay calls sent during the freeze: ${during.length} (${duringTally}); slowest answer ${slowest} ms (bound ${bound} ms); ` +
        `held past the thaw beyond the bound: ${hung.length}`,
    );
    console.log(
      `[F3] /readyz: ${watch.summary(frozenAt)}; first 503 ${down === null ? 'never' : `${down - frozenAt} ms after SIGSTOP`}; ` +
        `first 200 ${back === null ? 'never' : `${back - thawAt} ms after SIGCONT`}`,
    );
    const afterThaw = watch.samples.filter((x) => x.at >= thawAt - 1500).slice(0, 12);
    console.log(
      `[F3] /readyz after SIGCONT: ${afterThaw.map((x) => `+${((x.at - thawAt) / 1000).toFixed(1)}s ${x.status} in ${x.ms} ms`).join(', ')}`,
    );
    for (const line of activity.slice(0, 12)) console.log(`[F3] pg_stat_activity ${line}`);
    // A connection attempt the store gave up on during the freeze still waits in the listen backlog:
    // after SIGCONT the postmaster forks a backend for each before it reaches the new ones.
    const backlog = cluster.logBetween(pgLog, thawAt - 1000, back ?? thawAt + 30_000);
    const accepted = backlog.filter((l) => l.includes('connection received')).length;
    const kinds = new Map<string, number>();
    for (const line of backlog) {
      const kind = line
        .replace(/^\S+ \S+ \S+ \[\d+\] /, '')
        .replace(/\d+/g, 'N')
        .slice(0, 90);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    console.log(`[F3] PostgreSQL log from SIGCONT to /readyz 200: ${accepted} connections accepted (the backlog the freeze left)`);
    for (const [kind, n] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`[F3]   ${String(n).padStart(4)}× ${kind}`);
    const firstOrder = Math.min(
      ...pays.flatMap((p) => p.attempts.filter((a) => a.status === 200 && a.at >= thawAt).map((a) => a.at + a.ms)),
    );
    console.log(`[F3] first order placed ${Number.isFinite(firstOrder) ? `${firstOrder - thawAt} ms` : 'never'} after SIGCONT`);
    const s = summarisePays('F3', pays, payTally);
    console.log(`[F3] bag updates: ${bagUpdates} (${bagTally})`);
    console.log(`[F3] a sign-in code after the recovery (the SMS gateway worked all along): ${describeAnswer(code)}`);
    console.log(`[F3] order confirmations the SMS gateway received twice so far: ${sms.confirmationsDeliveredTwice()}`);
    printLog('F3', store, log);
    const broken = await afterBurst('F3', sql, toldNumbers(pays));
    // Once the store has recovered, no connection of its pool may sit idle inside a transaction: one
    // that does was left behind by a request that gave up (a BEGIN or ROLLBACK that timed out while
    // the database was frozen) and is lost to the pool, or would lend its open transaction to the next request.
    await sleep(Math.max(0, thawAt + 8000 - Date.now()));
    const [left] = await sql(
      `select count(*)::int as n, coalesce(max(extract(epoch from now() - state_change)), 0)::int as idle_s from pg_stat_activity
       where datname = 'store' and state like 'idle in transaction%' and state_change < now() - interval '3 seconds'`,
    );
    const leftIdle = Number(left?.n ?? 0);
    const gaveUp = store.lines.slice(log).filter((l) => /Failed query: (begin|rollback|commit)\b/.test(l)).length;
    console.log(
      `[F3] ${((Date.now() - thawAt) / 1000).toFixed(0)} s after SIGCONT: store connections idle inside a transaction for over 3 s: ${leftIdle}` +
        ` (longest ${String(left?.idle_s)} s); BEGIN/ROLLBACK/COMMIT that failed during the fault: ${gaveUp}`,
    );

    expect.soft(serverStops(log), 'the server process never exits').toEqual([]);
    expect.soft(store.serverPid()).toBe(pidBefore);
    expect.soft(during.length, 'requests were sent during the freeze').toBeGreaterThan(0);
    expect
      .soft(
        during.filter((a) => a.status !== 503).map((a) => `${a.status} ${errorCode(a) || a.error}`),
        'every answer during the freeze is 503',
      )
      .toEqual([]);
    expect.soft(slowest, 'answers come within the timeouts').toBeLessThanOrEqual(bound);
    expect.soft(hung.length, 'no request hangs until the thaw').toBe(0);
    expect.soft(down !== null && down - frozenAt <= 2000, '/readyz 503 within 2 s of SIGSTOP').toBe(true);
    expect.soft(back !== null && back - thawAt <= 2000, '/readyz 200 within 2 s of SIGCONT').toBe(true);
    expect.soft(s.unanswered).toBe(0);
    expect.soft(broken).toEqual([]);
    expect.soft(describeAnswer(code), 'sign-in codes work once the database is back').toMatch(/^200 /);
    expect.soft(leftIdle, 'no pooled connection left idle inside a transaction after the recovery').toBe(0);
  });

  it('F5: forged and replayed SSLCommerz IPNs and bKash callbacks during a burst', async () => {
    await ensureStore();
    const log = store.lines.length;
    const card = await shoppers(3);
    const bkash = await shoppers(2);
    const payers = await shoppers(24);
    const bagShoppers = await shoppers(4);
    await baseline();
    const b = liveBurst(shop, { payers, bagShoppers, keyPrefix: 'f5', deadlineMs: 60_000, spreadMs: 120, concurrency: 6 });

    const place = async (s: Shopper, method: 'card' | 'bkash', i: number) => {
      const a = await shop.pay(s.token, `f5-${method}-${i}-${s.token.slice(0, 8)}`, method);
      const o = orderOf(a);
      if (!o?.redirect) throw new Error(`${method} pay: ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`);
      return { number: o.number, redirect: o.redirect };
    };
    const cardOrders = await Promise.all(card.map((s, i) => place(s, 'card', i)));
    const bkashOrders = await Promise.all(bkash.map((s, i) => place(s, 'bkash', i)));
    // Paid for real: two card orders (IPN, then the browser's return) and one bKash order (callback).
    const [paidCard1, paidCard2, pendingCard] = cardOrders as [(typeof cardOrders)[0], (typeof cardOrders)[0], (typeof cardOrders)[0]];
    const [paidBkash, pendingBkash] = bkashOrders as [(typeof bkashOrders)[0], (typeof bkashOrders)[0]];
    const c1 = await cardCheckout(shop, paidCard1.redirect, true);
    const c2 = await cardCheckout(shop, paidCard2.redirect, true);
    const pending = await cardCheckout(shop, pendingCard.redirect, false);
    const returns = [await sslReturn(shop, 'success', c1.fields!), await sslReturn(shop, 'success', c2.fields!)];
    const callback = await bkashConfirm(shop, paidBkash.redirect);
    const bkashFirst = await shop.request(callback);

    const f1 = c1.fields!;
    const tally = new Map<string, Tally>();
    const record = (what: string, a: Answer) => {
      if (!tally.has(what)) tally.set(what, new Tally());
      tally.get(what)!.add(a);
      return a;
    };
    const times = <T>(n: number, f: () => Promise<T>) => Promise.all(Array.from({ length: n }, f));
    const attacks: Promise<unknown>[] = [
      // Replays of valid callbacks after success, five at once each.
      times(5, async () => record('replayed IPN (valid, already paid)', await sslReturn(shop, 'ipn', f1))),
      times(5, async () => record('replayed success return', await sslReturn(shop, 'success', f1))),
      times(5, async () => record('replayed bKash callback', await shop.request(callback))),
      // Forgeries.
      times(3, async () =>
        record(
          'forged IPN: made-up tran_id/val_id/amount, unsigned',
          await sslReturn(shop, 'ipn', {
            tran_id: `GB-0000-${Date.now()}`,
            val_id: 'FORGED123',
            amount: '999.00',
            currency: 'BDT',
            status: 'VALID',
          }),
        ),
      ),
      times(3, async () =>
        record(
          'forged IPN: real pending tran_id, made-up val_id, signed with the sandbox password',
          await sslReturn(
            shop,
            'ipn',
            signSsl(
              { ...f1, tran_id: pending.tranId, val_id: `FORGED${Date.now()}`, status: 'VALID', value_a: pendingCard.number },
              SANDBOX_STORE_PASSWORD,
            ),
          ),
        ),
      ),
      times(3, async () =>
        record(
          "forged IPN: real pending tran_id with another payment's val_id, signed",
          await sslReturn(shop, 'ipn', signSsl({ ...f1, tran_id: pending.tranId, value_a: pendingCard.number }, SANDBOX_STORE_PASSWORD)),
        ),
      ),
      times(3, async () =>
        record('tampered IPN: amount changed, old signature', await sslReturn(shop, 'ipn', { ...c2.fields!, amount: '10.00' })),
      ),
      times(3, async () =>
        record(
          'forged bKash callback: made-up paymentID',
          await shop.request(
            `/payments/bkash/callback/?paymentID=TR0011FORGED${Date.now()}&status=success&signature=x&apiVersion=1.2.0-beta`,
          ),
        ),
      ),
      times(3, async () =>
        record(
          'forged bKash callback: real unpaid paymentID, status=success',
          await shop.request(
            `/payments/bkash/callback/?paymentID=${encodeURIComponent(bkashPaymentId(pendingBkash.redirect))}&status=success&signature=x&apiVersion=1.2.0-beta`,
          ),
        ),
      ),
    ];
    await Promise.all(attacks);
    const { pays, payTally, bagTally, bagUpdates } = await b.run;

    console.log(
      `[F5] real payments: card returns ${returns.map((r) => `${r.status}→${r.location}`).join(', ')}; bKash callback ${bkashFirst.status}→${bkashFirst.location}`,
    );
    for (const [what, t] of tally) console.log(`[F5] ${what}: ${t}`);
    const answered = new Map([...tally].map(([what, t]) => [what, t.toString()]));
    summarisePays('F5', pays, payTally);
    console.log(`[F5] bag updates during the attacks: ${bagUpdates} (${bagTally})`);
    const events = await sql(
      `select provider, kind, outcome, count(*)::int as n from payment_events
       where id > coalesce((select max(e.id) from payment_events e join payments p on p.id = e.payment_id where p.id <= (select payment_id from faults.baseline)), 0)
       group by 1, 2, 3 order by 1, 2, 3`,
    );
    console.log(
      `[F5] payment_events: ${events.map((e) => `${String(e.provider)} ${String(e.kind)} ${String(e.outcome)}: ${String(e.n)}`).join('; ')}`,
    );
    printLog('F5', store, log);
    const gatewayOutcomes: Invariant = {
      name: 'gateway_outcomes',
      sql: `select count(*) filter (where o.number = any($1) and p.status = 'paid')::int as paid_as_expected,
                   count(*) filter (where o.number = any($1) and p.status <> 'paid')::int as not_paid,
                   count(*) filter (where o.number = any($2) and p.status = 'pending')::int as forged_left_pending,
                   count(*) filter (where o.number = any($2) and p.status <> 'pending')::int as forged_changed,
                   count(*) filter (where not (o.number = any($1)) and p.status = 'paid')::int as paid_falsely
            from payments p join orders o on o.id = p.order_id where p.id > (select payment_id from faults.baseline)`,
      zero: ['not_paid', 'forged_changed', 'paid_falsely'],
    };
    const gatewayNumbers = [...cardOrders, ...bkashOrders].map((o) => o.number);
    const broken = await afterBurst(
      'F5',
      sql,
      [...toldNumbers(pays), ...gatewayNumbers],
      [
        { invariant: paidAtMostOnce },
        { invariant: confirmationsOnce },
        {
          invariant: gatewayOutcomes,
          params: [
            [paidCard1.number, paidCard2.number, paidBkash.number],
            [pendingCard.number, pendingBkash.number],
          ],
        },
      ],
    );

    expect.soft(returns.map((r) => r.location?.split('?')[0])).toEqual(['/payment-success', '/payment-success']);
    expect.soft(bkashFirst.location?.split('?')[0]).toBe('/payment-success');
    expect.soft(answered.get('replayed IPN (valid, already paid)')).toBe('200: 5');
    expect.soft(answered.get('forged IPN: made-up tran_id/val_id/amount, unsigned')).toBe('400: 3');
    expect.soft(answered.get('forged IPN: real pending tran_id, made-up val_id, signed with the sandbox password')).toBe('400: 3');
    expect.soft(answered.get("forged IPN: real pending tran_id with another payment's val_id, signed")).toBe('400: 3');
    expect.soft(answered.get('tampered IPN: amount changed, old signature')).toBe('400: 3');
    expect.soft(broken).toEqual([]);
  });

  it('F2: the store killed (kill -9) mid-burst under npm start’s supervisor, which restarts it', async () => {
    await ensureStore();
    const log = store.lines.length;
    const supervisor = store.topPid();
    const payers = await shoppers(40);
    const bagShoppers = await shoppers(4);
    await baseline();
    const watch = new ReadyWatch(shop);
    const b = liveBurst(shop, { payers, bagShoppers, keyPrefix: 'f2', deadlineMs: 60_000, spreadMs: 60, concurrency: 8 });
    await untilTold(b.records, 8, 10_000);
    const pidBefore = store.serverPid();
    const killedAt = Date.now();
    store.kill9();
    const { pays, payTally, bagTally, bagUpdates } = await b.run;
    await store.ready(30_000);
    await watch.stop();
    const pidAfter = store.serverPid();
    const down = watch.firstAnswered(killedAt, (s) => s !== 200);
    const back = watch.firstAnswered(killedAt + 200, (s) => s === 200);
    const restartLine = serverStops(log)[0];
    const before = toldBefore(pays, killedAt);
    const lost = pays.filter((p) => p.told.size > 0 && p.attempts.some((a) => a.status === 0 || a.status >= 500)).length;

    // Every shopper told an order sends the same pay call again with the same key: the same order, no second one.
    const replays = await pool(
      pays.filter((p) => p.told.size > 0),
      8,
      async (p) => ({ p, a: await shop.pay(p.shopper.token, p.key) }),
    );
    const same = replays.filter(({ p, a }) => orderOf(a)?.number === [...p.told][0]).length;

    console.log(`[F2] supervisor ${supervisor}: server pid ${pidBefore} killed after ${before} orders; new server pid ${pidAfter}`);
    console.log(`[F2] supervisor said: ${restartLine ?? '(nothing)'}`);
    console.log(`[F2] /readyz: ${watch.summary(killedAt)}; back ${back === null ? 'never' : `${back - killedAt} ms after the kill`}`);
    const s = summarisePays('F2', pays, payTally);
    console.log(`[F2] shoppers whose answer was lost (no answer/5xx) and who got their order by retrying the same key: ${lost}`);
    console.log(`[F2] replays with the same Idempotency-Key: ${replays.length}, same order number: ${same}`);
    console.log(`[F2] bag updates: ${bagUpdates} (${bagTally})`);
    printLog('F2', store, log);
    console.log(
      `[F2] SMS gateway (working): ${sms.calls.ok} messages delivered; order confirmations received twice so far: ${sms.confirmationsDeliveredTwice()}`,
    );
    const broken = await afterBurst('F2', sql, toldNumbers(pays));

    expect.soft(store.topPid(), 'the supervisor is still there').toBe(supervisor);
    expect.soft(pidAfter, 'a new server process').not.toBe(pidBefore);
    expect.soft(pidAfter).not.toBeNull();
    expect.soft(restartLine).toBeDefined();
    expect.soft(down).not.toBeNull();
    expect.soft(back, 'the store came back by itself').not.toBeNull();
    expect.soft(before).toBeGreaterThan(0);
    expect.soft(before).toBeLessThan(payers.length);
    expect.soft(s.unanswered).toBe(0);
    expect.soft(same).toBe(replays.length);
    expect.soft(pays.filter((p) => p.told.size > 1)).toEqual([]);
    expect.soft(broken).toEqual([]);
  });

  it('F4: SMS gateway down: a sign-in code answers 503 delivery_unavailable and nothing is marked sent', async () => {
    if (!store.running() || sms.port === 0) throw new Error('F4 runs on the store F2 started (SMS over HTTP)');
    const log = store.lines.length;
    const first = 10_000_000 + Math.floor(Math.random() * 80_000_000);
    const [working, failing, refused] = [0, 1, 2].map((i) => `+88018${String(first + i).slice(-8)}`) as [string, string, string];
    for (const phone of [working, failing, refused])
      await sql(`insert into customers (phone, first_name, verified_sms) values ($1, 'Fault', true) on conflict do nothing`, [phone]);
    for (const statement of BASELINE) await sql(statement);

    const ask = (phone: string) => shop.api('/accounts/login-otp/', null, { email: phone });
    const okAnswer = await ask(working);
    sms.mode = 'failing';
    const failingAnswer = await ask(failing);
    await sms.close();
    const refusedAnswer = await ask(refused);
    // The outbox worker gets time to try (and fail) again before the outbox is read.
    await sleep(3000);
    console.log(`[F4] gateway working: login-otp → ${describeAnswer(okAnswer)}`);
    console.log(`[F4] gateway answering 500 (${sms.calls.failing} calls reached it): login-otp → ${describeAnswer(failingAnswer)}`);
    console.log(`[F4] gateway refusing connections: login-otp → ${describeAnswer(refusedAnswer)}`);
    printLog('F4', store, log);
    const delivered: Invariant = { ...smsNotSentWhileDown, name: 'sms_sent_while_gateway_up', zero: ['not_sent'] };
    const broken = await checkInvariants('F4', sql, [
      { invariant: delivered, params: [working] },
      { invariant: smsNotSentWhileDown, params: [failing] },
      { invariant: smsNotSentWhileDown, params: [refused] },
    ]);

    expect.soft(store.topPid()).not.toBeNull();
    expect.soft(okAnswer.status, 'a code goes out while the gateway works').toBe(200);
    expect.soft([failingAnswer.status, errorCode(failingAnswer)], 'gateway answering 500').toEqual([503, 'delivery_unavailable']);
    expect.soft([refusedAnswer.status, errorCode(refusedAnswer)], 'gateway refusing connections').toEqual([503, 'delivery_unavailable']);
    expect.soft(broken).toEqual([]);
  });
});
