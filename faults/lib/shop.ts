import { sleep } from './processes.js';

/** One HTTP answer as a shopper sees it: status 0 when there was none (refused, reset, timed out). */
export type Answer = { status: number; at: number; ms: number; body: unknown; error: string | null; location: string | null };

export type Shopper = { phone: string; token: string; variantId: number };

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});

/** The error code of an answer's `{ error: { code } }` body, or ''. */
export const errorCode = (a: Answer) => String(obj(obj(a.body).error).code ?? '');

/** What the pay call told the shopper: the order number of a 2xx answer. */
export function orderOf(a: Answer): { number: string; token: string; redirect: string | null } | null {
  if (a.status < 200 || a.status >= 300) return null;
  const data = obj(obj(a.body).data);
  const order = obj(data.order);
  if (typeof order.number !== 'string') return null;
  return {
    number: order.number,
    token: String(order.id),
    redirect: typeof data.redirectGatewayURL === 'string' ? data.redirectGatewayURL : null,
  };
}

/** The storefront's API over HTTP, as bench/checkout.mjs drives it: guests with a bag and an address, the pay call. */
export class Shop {
  constructor(public base: string) {}

  async request(path: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Answer> {
    const started = Date.now();
    try {
      const res = await fetch(`${this.base}${path}`, {
        redirect: 'manual',
        ...init,
        signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // HTML (gateway pages) or empty
      }
      return { status: res.status, at: started, ms: Date.now() - started, body, error: null, location: res.headers.get('location') };
    } catch (err) {
      const cause = obj(obj(err).cause);
      const code = String(cause.code ?? obj(err).name ?? 'error');
      return { status: 0, at: started, ms: Date.now() - started, body: null, error: code, location: null };
    }
  }

  api(path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request(`/api/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Token ${token}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  private static must(a: Answer, what: string): Json {
    if (a.status < 200 || a.status >= 300) throw new Error(`${what}: ${a.status} ${a.error ?? JSON.stringify(a.body).slice(0, 300)}`);
    return obj(a.body);
  }

  /** A phone-verified guest (code read from the development outbox) with one shipping address. */
  async guest(phone: string): Promise<string> {
    Shop.must(await this.api('/accounts/guest/', null, { customer: { phone } }), 'guest');
    const outbox = Shop.must(await this.request(`/dev/outbox.json?to=${encodeURIComponent(phone)}`), 'outbox');
    const rows = (outbox.data as { body: string }[] | undefined) ?? [];
    const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
    if (!code) throw new Error(`no code in the outbox for ${phone}`);
    const verified = Shop.must(await this.api('/accounts/guest/verify-sms/', null, { phone, code }), 'verify');
    const token = String(obj(verified.data).token);
    Shop.must(
      await this.api('/addresses/?type=shipping', token, {
        name: 'Fault Shopper',
        phone: '01712345678',
        division: 'Dhaka',
        location: 'Dhaka',
        area: 'Banani',
        address_detail: 'Road 11, House 4',
      }),
      'address',
    );
    return token;
  }

  cartLine(token: string, variantId: number, action: 'increment' | 'decrement' | 'remove', quantity = 1): Promise<Answer> {
    return this.api('/cart/line-items/', token, {
      delivery_type: 'standard',
      line_item: { variant_id: variantId, quantity: action === 'remove' ? 0 : quantity, action },
    });
  }

  async fillBag(s: Shopper): Promise<void> {
    Shop.must(await this.cartLine(s.token, s.variantId, 'increment'), 'bag');
  }

  pay(token: string, key: string, method: 'cod' | 'bkash' | 'card' = 'cod', timeoutMs = 15_000): Promise<Answer> {
    return this.request('/api/v1/checkout/pay/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token ${token}`, 'idempotency-key': key },
      body: JSON.stringify({ payment_method: method }),
      timeoutMs,
    });
  }

  /** Purchasable variants under the free-gift threshold (so no gift line joins a bag), from the catalog API. */
  async variants(count: number): Promise<number[]> {
    const found: number[] = [];
    const list = Shop.must(await this.api('/products/?in_stock=true&page_size=48&page=1', null), 'products');
    for (const card of (list.results as Json[] | undefined) ?? []) {
      const brand = obj(card.brand).handle;
      const detail = Shop.must(await this.api(`/products/${String(brand)}/${String(card.handle)}/`, null), 'product');
      for (const v of (obj(detail.data).product_variants as Json[] | undefined) ?? [])
        if (Number(v.discounted_price) < 250_000 && Number(v.stock) > 0) found.push(Number(v.variant_id));
      if (found.length >= count) break;
    }
    if (found.length < count) throw new Error(`only ${found.length} variants found`);
    return found.slice(0, count);
  }
}

/** Runs task over items with at most limit in flight. */
export async function pool<T, R>(items: T[], limit: number, task: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]!, i);
      }
    }),
  );
  return results;
}

/** A tally of answers by kind ("201", "503 database_unavailable", "0 ECONNREFUSED"). */
export class Tally {
  readonly counts = new Map<string, number>();
  add(a: Answer) {
    const key = a.status === 0 ? `no answer (${a.error})` : `${a.status}${errorCode(a) ? ` ${errorCode(a)}` : ''}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  total() {
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }
  toString() {
    return [...this.counts]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
  }
}

export type PayRecord = {
  key: string;
  shopper: Shopper;
  attempts: Answer[];
  /** Every order number a 2xx answer told this shopper (one, if idempotency holds). */
  told: Set<string>;
  /** The last answer was a refusal the shopper must not retry (4xx). */
  refused: Answer | null;
};

/**
 * The burst: every payer places one COD order with its own Idempotency-Key and, like the checkout
 * page, retries the same key after an answer that is not final (no answer, 5xx) until deadlineMs;
 * meanwhile the bag shoppers press + and − on their bags. Bounded in count and time.
 */
export async function burst(
  shop: Shop,
  options: {
    payers: Shopper[];
    bagShoppers: Shopper[];
    keyPrefix: string;
    concurrency?: number;
    deadlineMs: number;
    retryPauseMs?: number;
    /** Spacing between payers' first attempts, so a fault lands in the middle of the burst. */
    spreadMs?: number;
  },
  /** Receives the records as soon as they exist (they fill in while the burst runs). */
  live?: (pays: PayRecord[]) => void,
): Promise<{ pays: PayRecord[]; payTally: Tally; bagTally: Tally; bagUpdates: number }> {
  const payTally = new Tally();
  const bagTally = new Tally();
  const end = Date.now() + options.deadlineMs;
  let paying = true;
  const spread = options.spreadMs ?? 0;
  const begin = Date.now();
  const pays = options.payers.map((s, i): PayRecord => ({
    key: `${options.keyPrefix}-${i}-${s.token.slice(0, 10)}`,
    shopper: s,
    attempts: [],
    told: new Set(),
    refused: null,
  }));
  live?.(pays);
  const payAll = pool(pays, options.concurrency ?? 12, async (p, i) => {
    const due = begin + i * spread;
    if (due > Date.now()) await sleep(due - Date.now());
    while (Date.now() < end) {
      const a = await shop.pay(p.shopper.token, p.key);
      p.attempts.push(a);
      payTally.add(a);
      const placed = orderOf(a);
      if (placed) {
        p.told.add(placed.number);
        return;
      }
      if (a.status >= 400 && a.status < 500 && a.status !== 429) {
        p.refused = a;
        return;
      }
      await sleep(options.retryPauseMs ?? 250);
    }
  }).finally(() => {
    paying = false;
  });
  let bagUpdates = 0;
  const bags = Promise.all(
    options.bagShoppers.map(async (s, i) => {
      let up = i % 2 === 0;
      while (paying && Date.now() < end) {
        const a = await shop.cartLine(s.token, s.variantId, up ? 'increment' : 'decrement');
        bagTally.add(a);
        bagUpdates++;
        if (a.status >= 200 && a.status < 300) up = !up;
        else await sleep(100);
      }
    }),
  );
  await Promise.all([payAll, bags]);
  return { pays, payTally, bagTally, bagUpdates };
}

/** Polls /readyz every 100 ms and keeps each answer with its time, for "503 then 200" and its delays. */
export class ReadyWatch {
  readonly samples: { at: number; status: number; ms: number }[] = [];
  private running = true;
  private loop: Promise<void>;

  constructor(private readonly shop: Shop) {
    this.loop = (async () => {
      while (this.running) {
        const a = await this.shop.request('/readyz', { timeoutMs: 5000 });
        this.samples.push({ at: a.at, status: a.status, ms: a.ms });
        await sleep(100);
      }
    })();
  }

  async stop() {
    this.running = false;
    await this.loop;
  }

  /** The first sample sent at or after `from` whose status matches, or null. */
  first(from: number, match: (status: number) => boolean) {
    return this.samples.find((s) => s.at >= from && match(s.status)) ?? null;
  }

  /** When the first sample sent at or after `from` with a matching status was answered. */
  firstAnswered(from: number, match: (status: number) => boolean) {
    const s = this.samples.find((x) => x.at >= from && match(x.status));
    return s ? s.at + s.ms : null;
  }

  /**
   * When a matching answer first arrived at or after `from`, whenever its request was sent: what a
   * load balancer's check sees. (A check sent just before a freeze waits on a ping the freeze caught
   * and answers 503 after it; the next one, counted from its sending, would add a whole timeout.)
   */
  firstArrived(from: number, match: (status: number) => boolean) {
    const s = this.samples.find((x) => x.at + x.ms >= from && match(x.status));
    return s ? s.at + s.ms : null;
  }

  summary(from: number): string {
    const t = new Tally();
    for (const s of this.samples)
      if (s.at >= from) t.add({ status: s.status, at: s.at, ms: s.ms, body: null, error: s.status ? null : 'none', location: null });
    return t.toString();
  }
}
