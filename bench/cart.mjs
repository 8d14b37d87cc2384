// Bag figures for `npm run bench` (bench/run.mjs calls benchCart). The budget (ARCHITECTURE.md):
// add to bag with distinct carts ≥ 1,000 req/s, p99 ≤ 100 ms on PostgreSQL.
//
//   add to bag, new visitor    every request is a new shopper: no cookie, so the server creates a
//                              bag, prices the line, checks the gift rules and sets the cookie.
//   + / − in existing bags     1,000 bags made beforehand; each request changes one line of one of
//                              them (+1, then −1 on its next turn). Everyday items (the cheapest
//                              products), so a tap does not cross the gift threshold every time, as
//                              most taps do not; crossing it costs a locked gift update.
//   header badge count         GET /cart/count/ with a bag cookie, as every server-rendered page asks.

const BAGS = 1000;

/**
 * autocannon's warm-up, for scenarios measured warm: a running shop's process is warm, so each
 * first runs unmeasured (the same requests and connections) for BENCH_WARMUP seconds (default 3)
 * while V8 compiles the path and the pool's connections plan its statements; without it, the first
 * second's queue is most of the p99 (docs/performance.md, "Warm-up"). BENCH_WARMUP=0: none.
 */
export function warmupOption() {
  const seconds = Number(process.env.BENCH_WARMUP ?? 3);
  return seconds > 0 ? { warmup: { duration: seconds } } : {};
}

/** In-stock variants of the listed products, cheapest first, so a bag stays under the gift threshold or crosses it as shoppers do. */
export async function pickVariants(baseUrl, products, count = 20) {
  const ids = [];
  for (const p of products.slice(0, 60)) {
    const res = await fetch(`${baseUrl}/api/v1/products/${p.brand.handle}/${p.handle}/`);
    if (!res.ok) continue;
    const { data } = await res.json();
    for (const v of data.product_variants) if (v.stock >= 2) ids.push(v.variant_id);
    if (ids.length >= count) break;
  }
  if (ids.length === 0) throw new Error('no variant in stock to add');
  return ids;
}

export const addBody = (variantId, action = 'increment') =>
  JSON.stringify({ delivery_type: 'standard', line_item: { variant_id: variantId, quantity: 1, action } });

export function report(name, connections, result) {
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

/** Makes `n` visitor bags through the API and returns their cookie headers (bag token and CSRF token). */
async function makeBags(baseUrl, variantIds, n) {
  const csrf = 'b'.repeat(32);
  const bags = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${baseUrl}/api/v1/cart/line-items/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: addBody(variantIds[i % variantIds.length]),
    });
    if (!res.ok) throw new Error(`creating a bag failed: ${res.status} ${await res.text()}`);
    const token = /(?:^|;\s*)cart=([^;]+)/.exec(res.headers.getSetCookie().join('; '))?.[1];
    if (!token) throw new Error('no bag cookie set');
    bags.push({ cookie: `cart=${token}; csrftoken=${csrf}`, csrf, variantId: variantIds[i % variantIds.length], up: true });
  }
  return bags;
}

export async function benchCart({ baseUrl, autocannon, products }) {
  const seconds = Number(process.env.BENCH_DURATION ?? 10);
  const connections = 50;
  const warmup = warmupOption();
  const variantIds = await pickVariants(baseUrl, products);
  const figures = {};

  // Every request a new visitor: autocannon sends no cookie, so each one creates its own bag.
  const bodies = variantIds.map((id) => addBody(id));
  figures.addNewVisitor = report(
    'add to bag, new visitor (distinct carts)',
    connections,
    await autocannon({
      url: baseUrl,
      connections,
      duration: seconds,
      ...warmup,
      requests: bodies.map((body) => ({
        method: 'POST',
        path: '/api/v1/cart/line-items/',
        headers: { 'content-type': 'application/json' },
        body,
      })),
    }),
  );

  const cheap = (await (await fetch(`${baseUrl}/api/v1/products/?sort=price_asc&in_stock=true&page_size=48`)).json()).results;
  const bags = await makeBags(baseUrl, await pickVariants(baseUrl, cheap), BAGS);
  let turn = 0;
  figures.changeExisting = report(
    `+ / − in ${BAGS} existing bags`,
    connections,
    await autocannon({
      url: baseUrl,
      connections,
      duration: seconds,
      ...warmup,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/cart/line-items/',
          setupRequest: (req) => {
            const bag = bags[turn++ % bags.length];
            const action = bag.up ? 'increment' : 'decrement';
            bag.up = !bag.up;
            return {
              ...req,
              headers: { 'content-type': 'application/json', cookie: bag.cookie, 'x-csrftoken': bag.csrf },
              body: addBody(bag.variantId, action),
            };
          },
        },
      ],
    }),
  );

  let countTurn = 0;
  figures.count = report(
    'header badge count (GET /cart/count/)',
    connections,
    await autocannon({
      url: baseUrl,
      connections,
      duration: seconds,
      ...warmup,
      requests: [
        {
          method: 'GET',
          path: '/api/v1/cart/count/',
          setupRequest: (req) => ({ ...req, headers: { cookie: bags[countTurn++ % bags.length].cookie } }),
        },
      ],
    }),
  );
  return figures;
}
