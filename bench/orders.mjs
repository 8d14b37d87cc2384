// The back office at 1,000,000 orders (issue 18), for `npm run bench` (BENCH_ONLY=orders for this alone).
//
//   seed               BENCH_ORDERS (1,000,000) orders over the last two years, 1–3 lines each, from
//                      200,000 repeat guests, in one INSERT … SELECT from generate_series each (guests,
//                      orders, lines), then VACUUM ANALYZE. A second run finds them and seeds nothing.
//                      PostgreSQL only (BENCH_DATABASE_URL): on the embedded PGlite this section is skipped.
//   dashboard          GET /api/v1/admin/dashboard/?period=today|7d|30d: the first (computed) answer's
//                      time, then p99 under 10 connections (the answer is kept for a few seconds).
//   order list         GET /api/v1/admin/orders/ unfiltered, filtered and searched, p99 under 10
//                      connections. Budget (ARCHITECTURE.md): p99 ≤ 200 ms.
//   CSV export         GET /api/v1/admin/orders/export/?<filter>: rows per second.
//
// An endpoint that is not there (404) is reported as missing. Figures only: nothing passes or fails.
// The dashboard signs in as the catalog editor of admin.mjs; the list as a fulfilment member
// (BENCH_ORDERS_STAFF), both made by run.mjs before the server starts. (Owners and managers, who
// may see both, must use two-factor sign-in in production.)
import pg from 'pg';
import { BENCH_STAFF } from './admin.mjs';

export const BENCH_ORDERS_STAFF = { email: 'bench.fulfilment@example.com', password: 'Bench-fulfilment-2026!', role: 'fulfilment' };

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const GUESTS = Math.max(1, Math.round(ORDERS / 5));
const FIRST_NAMES = [
  'Nusrat',
  'Farhana',
  'Tasnim',
  'Sadia',
  'Rahim',
  'Karim',
  'Ayesha',
  'Fatema',
  'Sumaiya',
  'Tanvir',
  'Mahmud',
  'Jannat',
  'Rafiq',
  'Shirin',
  'Arif',
  'Mithila',
  'Sabbir',
  'Lamia',
  'Imran',
  'Raisa',
];
const LAST_NAMES = [
  'Islam',
  'Hossain',
  'Ahmed',
  'Rahman',
  'Akter',
  'Khan',
  'Chowdhury',
  'Begum',
  'Uddin',
  'Sarker',
  'Das',
  'Roy',
  'Mia',
  'Talukder',
  'Siddique',
  'Haque',
];
const arr = (words) => `(array[${words.map((w) => `'${w}'`).join(',')}])`;

/** A guest's name and phone from its number g: the same expressions for the guests and their orders. */
const nameOf = (g) =>
  `${arr(FIRST_NAMES)}[1 + ${g} % ${FIRST_NAMES.length}] || ' ' || ${arr(LAST_NAMES)}[1 + (${g} / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`;
const phoneOf = (g) => `'01' || (3 + ${g} % 7)::text || lpad(((${g}::bigint * 7919) % 100000000)::text, 8, '0')`;

export async function seedOrders(client) {
  const [{ n }] = (await client.query(`select count(*)::int as n from orders where token like 'bench-%'`)).rows;
  if (n >= ORDERS) {
    console.log(`  ${n.toLocaleString('en')} bench orders already there`);
    // A migration since the seed may have added an index on an expression (the name's): without its
    // statistics the planner guesses, as no live shop's autovacuum would leave it.
    await client.query('analyze orders, order_lines');
    return;
  }
  const started = performance.now();
  const step = async (label, text) => {
    const t = performance.now();
    const r = await client.query(text);
    console.log(
      `  ${label.padEnd(44)} ${String(Math.round((performance.now() - t) / 100) / 10).padStart(7)} s  (${(r.rowCount ?? 0).toLocaleString('en')} rows)`,
    );
  };
  console.log(`  seeding ${ORDERS.toLocaleString('en')} orders from ${GUESTS.toLocaleString('en')} guests…`);
  await step(
    'guests',
    `insert into guests (id, phone, first_name, last_name, verified_sms)
     select 'bench-g-' || g, ${phoneOf('g')}, split_part(name, ' ', 1), split_part(name, ' ', 2), true
     from (select g, ${nameOf('g')} as name from generate_series(1, ${GUESTS}) g) s
     on conflict do nothing`,
  );
  // Ages spread evenly over two years (~41,000 orders a month); the status follows the age: today's
  // orders are still being worked, last week's on their way, older ones have ended. Numbers and ids
  // rise with the time, as the shop's own do.
  await step(
    'orders',
    `insert into orders (number, token, guest_id, status, payment_status, payment_method, delivery_type, zone,
       contact_name, contact_phone, subtotal, discount, shipping, total, refunded_amount, courier,
       created_at, updated_at, notified_at, paid_at)
     select 'GB-' || to_char(at at time zone 'Asia/Dhaka', 'YYMM') || '-' || lpad(seq::text, greatest(6, length(seq::text)), '0'),
       'bench-' || md5(i::text), 'bench-g-' || g, status,
       case when method in ('bkash', 'card') then
              case when status in ('returned', 'cancelled') then 'refunded' when status = 'partially_delivered' then 'partially_refunded' else 'paid' end
            when status in ('delivered', 'partially_delivered') then 'paid' when status = 'cancelled' then 'voided' else 'pending' end,
       method, delivery, case when delivery = 'pickup' then null else zone end,
       ${nameOf('g')}, ${phoneOf('g')},
       subtotal, discount, shipping, subtotal - discount + shipping,
       case when method in ('bkash', 'card') and status in ('returned', 'cancelled') then subtotal - discount + shipping
            when method in ('bkash', 'card') and status = 'partially_delivered' then (subtotal / 300) * 100 else 0 end,
       case when status in ('shipped', 'in_transit', 'delivered', 'partially_delivered', 'returned') and delivery <> 'pickup'
            then (array['steadfast', 'pathao', 'redx'])[1 + i % 3] end,
       at, at, at, case when method in ('bkash', 'card') then at end
     from (select *, nextval('order_number_seq') as seq from (
       select i, g, at, method, subtotal, discount, zone,
         case when method = 'cash_on_pickup' then 'pickup' when r3 < 0.1 then 'same_day' else 'standard' end as delivery,
         case when r3 < 0.1 then 15000 when zone = 'inside_dhaka' then 6000 when zone = 'dhaka_suburb' then 10000 else 13000 end as shipping,
         case
           when age < 1 then case when r2 < 0.4 then 'placed' when r2 < 0.65 then 'confirmed' when r2 < 0.8 then 'packed' when r2 < 0.9 then 'shipped' else 'cancelled' end
           when age < 4 then case when r2 < 0.1 then 'confirmed' when r2 < 0.2 then 'packed' when r2 < 0.4 then 'shipped' when r2 < 0.7 then 'in_transit' when r2 < 0.9 then 'delivered' else 'cancelled' end
           -- COD parcels come back far more often than prepaid ones.
           when method = 'cod' then case when r2 < 0.76 then 'delivered' when r2 < 0.79 then 'partially_delivered' when r2 < 0.9 then 'returned' else 'cancelled' end
           else case when r2 < 0.9 then 'delivered' when r2 < 0.91 then 'partially_delivered' when r2 < 0.93 then 'returned' else 'cancelled' end
         end as status
       from (
         select i, 1 + (i * 7) % ${GUESTS} as g, r2, r3, r7,
           now() - r1 * interval '730 days' as at, r1 * 730 as age,
           case when r4 < 0.7 then 'cod' when r4 < 0.88 then 'bkash' when r4 < 0.96 then 'card' else 'cash_on_pickup' end as method,
           case when r5 < 0.45 then 'inside_dhaka' when r5 < 0.65 then 'dhaka_suburb' else 'outside_dhaka' end as zone,
           (3 + floor(power(r6, 2) * 80)::int) * 10000 as subtotal,
           case when r7 < 0.1 then (3 + floor(power(r6, 2) * 80)::int) * 1000 else 0 end as discount
         from (select i, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7 from generate_series(1, ${ORDERS}) i) r
       ) o
       order by at
     ) s) numbered`,
  );
  // 1–3 lines an order from the catalog, popular products far more often (power of a random), 3 % gifts.
  await step(
    'order lines',
    `with p as (
       select row_number() over (order by p.id) as n, p.id, p.name, p.handle, b.name as brand, b.handle as brand_handle,
         v.id as variant_id, v.sku, v.title as variant_title, v.price
       from products p join brands b on b.id = p.brand_id
       join lateral (select * from variants v where v.product_id = p.id order by v.id limit 1) v on true
     ), pc as (select count(*) as c from p)
     insert into order_lines (order_id, variant_id, product_id, sku, product_title, variant_title, vendor, product_url,
       quantity, price, discounted_price, line_price, gift)
     select l.id, p.variant_id, p.id, p.sku, p.name, p.variant_title, p.brand, '/' || p.brand_handle || '/' || p.handle,
       l.qty, p.price, case when l.gift then 0 else p.price end, case when l.gift then 0 else p.price * l.qty end, l.gift
     from (
       select o.id, 1 + floor(power(random(), 3) * (select c from pc))::int as n, 1 + (random() < 0.2)::int as qty, random() < 0.03 as gift
       from orders o cross join lateral generate_series(1, 1 + o.id % 3) k
       where o.token like 'bench-%'
     ) l join p on p.n = l.n`,
  );
  await step('vacuum analyze', 'vacuum analyze guests, orders, order_lines');
  console.log(`  seeded in ${Math.round((performance.now() - started) / 1000)} s`);
}

async function signIn(baseUrl, member) {
  const res = await fetch(`${baseUrl}/api/v1/admin/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  if (!res.ok) throw new Error(`staff sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data.token;
}

const dhakaDay = (ms) => new Date(ms + 6 * 3_600_000).toISOString().slice(0, 10);

export async function benchOrders({ baseUrl, load }) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('  skipped: 1,000,000 orders need PostgreSQL (set BENCH_DATABASE_URL)');
    return null;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let sample;
  try {
    await seedOrders(client);
    const [one] = (
      await client.query(`select number, contact_phone from orders where token like 'bench-%' order by id desc offset 5000 limit 1`)
    ).rows;
    sample = one;
  } finally {
    await client.end();
  }
  const figures = {};
  const dashboardHeaders = { authorization: `Token ${await signIn(baseUrl, BENCH_STAFF)}` };
  const listHeaders = { authorization: `Token ${await signIn(baseUrl, BENCH_ORDERS_STAFF)}` };

  /** The first answer's time, or why there is none (an endpoint not there yet answers 404, or 400 from a route like /:id). */
  const first = async (path, headers) => {
    const t = performance.now();
    const res = await fetch(baseUrl + path, { headers });
    const body = await res.text();
    if (!res.ok) return { missing: `missing (answered ${res.status}: ${body.slice(0, 80)})` };
    return { ms: Math.round(performance.now() - t) };
  };
  const scenario = async (name, path, headers) => {
    const { ms, missing } = await first(path, headers);
    if (missing) {
      console.log(`  ${name.padEnd(44)} ${missing}`);
      return null;
    }
    return { first_ms: ms, ...(await load({ name: `${name} (first ${ms} ms)`, paths: [path], connections: 10, headers })) };
  };

  for (const period of ['today', '7d', '30d']) {
    figures[`dashboard_${period}`] = await scenario(`dashboard ${period}`, `/api/v1/admin/dashboard/?period=${period}`, dashboardHeaders);
  }

  const now = Date.now();
  const list = '/api/v1/admin/orders/';
  const weekAMonthAgo = `from=${dhakaDay(now - 37 * 86_400_000)}&to=${dhakaDay(now - 31 * 86_400_000)}`;
  const cases = {
    list_unfiltered: ['order list, first page', list],
    list_status: ['order list ?status=placed', `${list}?status=placed`],
    list_method_zone: ['order list ?method=cod&zone=outside_dhaka', `${list}?method=cod&zone=outside_dhaka`],
    list_dates: ['order list ?from=…&to=… (7 days)', `${list}?${weekAMonthAgo}`],
    list_number: ['order list ?q=<number prefix>', `${list}?q=${encodeURIComponent(sample.number.slice(0, -2))}`],
    list_phone: ['order list ?q=<phone>', `${list}?q=${sample.contact_phone}`],
    list_name: ['order list ?q=<name>', `${list}?q=${encodeURIComponent('Nusrat Rahman')}`],
  };
  for (const [key, [name, path]] of Object.entries(cases)) figures[key] = await scenario(name, path, listHeaders);

  const csvFilter = `from=${dhakaDay(now - 29 * 86_400_000)}&to=${dhakaDay(now)}`;
  const t = performance.now();
  const res = await fetch(`${baseUrl}${list}export/?${csvFilter}`, { headers: listHeaders });
  const text = await res.text();
  if (!res.ok) {
    console.log(`  ${'CSV export (30 days)'.padEnd(44)} missing (answered ${res.status}: ${text.slice(0, 80)})`);
  } else {
    const seconds = (performance.now() - t) / 1000;
    const rows = Math.max(0, text.split('\n').filter((l) => l.length > 0).length - 1);
    figures.csv = { rows, seconds: Math.round(seconds * 10) / 10, rows_per_s: Math.round(rows / seconds) };
    console.log(
      `  ${'CSV export (30 days)'.padEnd(44)} ${String(figures.csv.rows_per_s).padStart(7)} rows/s   (${rows} rows in ${figures.csv.seconds} s)`,
    );
  }
  return figures;
}
