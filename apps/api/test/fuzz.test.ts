import { randomBytes } from 'node:crypto';
import { eq, gt } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { AUTH_COOKIE } from '@store/shared/api';
import type { Address } from '@store/shared/checkout';
import { createSession } from '../src/modules/accounts/index.js';
import { brands, products, variants } from '../src/modules/catalog/catalog.tables.js';
import { blogPosts, pages, settings, storeLocations } from '../src/modules/content/content.tables.js';
import { newCustomer, payData, type Shopper } from './support/fixtures.js';
import { describeOnDatabases } from './support/app.js';
import { injectOptions, requestFor, routesOf, type FuzzRequest, type Identity, type OpenApi, type Pools } from './support/fuzz-requests.js';

/*
 * Every route of the OpenAPI document, fuzzed (issue 13): hostile path parameters, query strings,
 * JSON bodies, headers and cookies, as a visitor and as a signed-in shopper. No answer may be a 5xx,
 * and another shopper's data (the victim's bag, addresses, order, wishlist and profile) must come out
 * unchanged. FUZZ_RUNS sets the cases per route; FUZZ_SEED replays a run.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
/** Requests in flight at once: the database's round trips overlap, as they do with real shoppers. */
const BATCH = Number(process.env.FUZZ_BATCH ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** The limits that would otherwise answer most of the run with 429 and hide the routes behind them. */
const NO_LIMITS = Object.fromEntries(
  [
    'SEND_LIMIT_PER_TARGET_HOUR',
    'SEND_LIMIT_PER_IP_HOUR',
    'SEND_LIMIT_PER_DAY',
    'SEND_LIMIT_PER_HOUR',
    'SEND_LIMIT_PER_PREFIX_HOUR',
    'SEND_LIMIT_TRUSTED_PER_HOUR',
    'LOGIN_FAIL_LIMIT_PER_ACCOUNT',
    'LOGIN_FAIL_LIMIT_PER_IP',
    'NEW_BAGS_PER_IP_HOUR',
  ].map((key) => [key, '1000000']),
);

/**
 * Fields that move with other shoppers' orders (stock) or with the clock (same-day delivery closes at
 * its cutoff, Dhaka time: a run across it, or across Dhaka's midnight, changed the checkout's shipping
 * options), not with anything done to the victim.
 */
const VOLATILE = new Set(['stock', 'in_stock', 'variants_recommendation', 'variants_offer', 'gift_variants', 'shipping_options']);
const stable = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(stable)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (VOLATILE.has(k) ? [] : [[k, stable(v)]])))
      : value;

describeOnDatabases(
  'fuzz every route',
  (ctx) => {
    let victim: Shopper;
    let orderNumber: string;
    let pools: Pools;
    let shopperId: number;
    const shopper: Identity = { token: '', csrf: randomBytes(24).toString('base64url') };

    /** What the victim sees of their own data, through the API as they would. */
    async function snapshot() {
      const paths = [
        '/cart/',
        '/addresses/?type=shipping',
        '/addresses/?type=billing',
        '/orders/',
        `/orders/${orderNumber}/`,
        '/wishlist/',
        '/accounts/profile/',
        '/accounts/notifications/',
        '/checkout/',
        '/me/',
      ];
      const answers: Record<string, unknown> = {};
      for (const path of paths) {
        const res = await victim.request('GET', path);
        answers[path] = { status: res.statusCode, body: stable(res.json()) };
      }
      return answers;
    }

    beforeAll(async () => {
      const { app, db } = ctx();
      const stocked = await db
        .select({ id: variants.id, productId: variants.productId })
        .from(variants)
        .where(gt(variants.stock, 0))
        .limit(3);
      // Plenty of stock, so the fuzzing shopper's orders never empty the victim's lines.
      for (const v of stocked) await db.update(variants).set({ stock: 1_000_000 }).where(eq(variants.id, v.id));
      const [first, second] = stocked;

      victim = await newCustomer(app);
      await victim.add(first!.id);
      const address: Address = await victim.address();
      const paid = await victim.pay({}, `fuzz-victim-${randomBytes(4).toString('hex')}`);
      expect(paid.statusCode, paid.body).toBe(200);
      orderNumber = payData(paid).order.number;
      const orderToken = payData(paid).order.id;
      await victim.add(second!.id, 2);
      expect((await victim.request('POST', '/wishlist/', { product_id: first!.productId })).statusCode).toBe(201);
      const cart = (await victim.request('GET', '/cart/')).json<{ data: { id: number } }>().data;

      const other = await newCustomer(app);
      await other.add(first!.id);
      const own = await other.address();
      shopperId = other.customerId!;
      shopper.token = other.token;

      const productRows = await db
        .select({ id: products.id, handle: products.handle, brand: brands.handle })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .limit(4);
      const pageHandles = (await db.select({ handle: pages.handle }).from(pages).limit(2)).map((p) => p.handle);
      const slugs = (await db.select({ slug: blogPosts.slug }).from(blogPosts).limit(2)).map((b) => b.slug);
      const stores = (await db.select({ id: storeLocations.id }).from(storeLocations).limit(2)).map((s) => s.id);
      const variantIds = stocked.map((v) => v.id);
      const productIds = [...stocked.map((v) => v.productId), ...productRows.map((p) => p.id)];
      const addressIds = [address.id, own.id];
      const password = 'correct-horse-battery-9';
      pools = {
        // The victim's ids, order number and token are in the pools on purpose: the fuzzing shopper must not reach them.
        ids: [...addressIds, cart.id, ...variantIds, ...productIds, ...stores],
        strings: [orderNumber, orderToken, victim.phone, ...productRows.map((p) => p.handle), 'T10', 'lipstick', 'Dhaka'],
        fields: {
          email: ['shopper@example.com', '01712345678', victim.phone],
          phone: ['01712345678', '+8801812345678', victim.phone],
          first_name: ['Nusrat'],
          last_name: ['Jahan'],
          password: [password],
          password_confirm: [password],
          current_password: [password],
          otp: ['123456'],
          code: ['123456', 'T10', 'FREESHIP'],
          customer_id: [victim.customerId!, shopperId],
          product_id: productIds,
          productId: productIds,
          variant_id: variantIds,
          quantity: [1, 2],
          key: ['offer:1', 'gift:1-2'],
          name: ['Nusrat Jahan'],
          division: ['Dhaka'],
          location: ['Dhaka'],
          area: ['Dhanmondi'],
          address_detail: ['House 12, Road 5'],
          user_address_id: addressIds,
          address_id: addressIds,
          address_billing_id: addressIds,
          store_location_id: stores,
          birthday: ['1990-01-31'],
          search: ['lipstick', 'serum'],
          q: ['lip', 'serum'],
          brand: productRows.map((p) => p.brand),
          page: [1, 2],
          page_size: [6, 24],
          limit: [3, 5],
          next: ['/account/orders'],
        },
        params: [
          ...productRows.map((p) => ({ brand: p.brand, handle: p.handle })),
          ...productRows.map((p) => ({ handle: p.brand })),
          ...pageHandles.map((handle) => ({ handle })),
          ...slugs.map((slug) => ({ slug })),
          { token: orderToken },
          { number: orderNumber },
          ...addressIds.map((id) => ({ id: String(id) })),
          { id: String(cart.id) },
          ...productIds.map((id) => ({ productId: String(id) })),
          { kind: 'email' },
          { kind: 'sms' },
          { provider: 'google' },
          { key: 'highlight' },
        ],
      };
    });

    it(
      `answers every route with less than 500, ${RUNS} cases each, and leaves the victim's data alone`,
      { timeout: 15 * 60_000 },
      async () => {
        const { app, db } = ctx();
        const routes = routesOf(app.swagger() as OpenApi);
        // The development settings route writes whatever it is sent into the site settings, which every
        // page reads: it goes last, and the settings are put back after it.
        routes.sort((a, b) => Number(a.tags.includes('dev')) - Number(b.tags.includes('dev')));
        const savedSettings = await db.select().from(settings);
        const before = await snapshot();
        const failures: string[] = [];
        const summary: string[] = [];
        const started = Date.now();
        let cases = 0;

        for (const route of routes) {
          const statuses = new Map<number, number>();
          const routeStarted = Date.now();
          const failed: { req: FuzzRequest; status: number; body: string }[] = [];
          const send = async (req: FuzzRequest) => {
            const res = await app.inject(injectOptions(req, shopper));
            cases++;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode >= 500) failed.push({ req, status: res.statusCode, body: res.body.slice(0, 200) });
            // A logout or a token refresh ends the shopper's session: carry on with the new one.
            const token = res.cookies.find((c) => c.name === AUTH_COOKIE);
            if (token && req.actor.startsWith('shopper') && res.statusCode < 300)
              shopper.token = token.value || (await createSession({ db, clock: app.clock }, { customerId: shopperId }));
          };
          await fc.assert(
            fc.asyncProperty(fc.array(requestFor(route, pools), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
              await Promise.all(batch.map(send));
            }),
            { numRuns: Math.ceil(RUNS / BATCH), seed: SEED, endOnFailure: true },
          );
          const seen = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
          summary.push(`${route.method} ${route.path}: ${RUNS} cases in ${Date.now() - routeStarted} ms, ${seen.join(' ')}`);
          for (const f of failed.slice(0, 3)) {
            const shown = { ...f.req, payload: f.req.payload?.slice(0, 300) };
            failures.push(`${route.method} ${route.path} → ${f.status} ${f.body}\n    ${JSON.stringify(shown)}`);
          }
          if (failed.length > 3) failures.push(`${route.method} ${route.path}: ${failed.length - 3} more`);
        }

        for (const row of savedSettings) await db.update(settings).set(row).where(eq(settings.key, row.key));
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        summary.push(`fuzz [${ctx().kind}]: ${routes.length} routes, ${cases} requests in ${seconds} s (FUZZ_SEED=${SEED})`);
        console.log(summary.join('\n'));
        expect(failures, `5xx answers (FUZZ_SEED=${SEED}):\n${failures.join('\n')}`).toEqual([]);
        expect(await snapshot()).toEqual(before);
      },
    );
  },
  { seed: true, env: NO_LIMITS },
);
