import { createHash } from 'node:crypto';
import { type Answer, type Shop } from './shop.js';

/*
 * The shopper's and the gateways' side of a paid checkout, through the store's own simulators
 * (development mode): the SSLCommerz hosted page posts back a signed form (and sends the IPN first),
 * the bKash hosted page redirects to the callback URL. Forged and replayed callbacks are built here.
 */

/** The simulator's own store password (payments/config.ts SIMULATOR_SSLCOMMERZ): a forger who knows it. */
export const SANDBOX_STORE_PASSWORD = 'glowb0sandbox@ssl';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** SSLCommerz's verify_sign over every field (its documented algorithm). */
export function signSsl(fields: Record<string, string>, storePassword: string): Record<string, string> {
  const keys = Object.keys(fields).filter((k) => !['verify_sign', 'verify_key', 'verify_sign_sha2'].includes(k));
  const data: Record<string, string> = Object.fromEntries(keys.map((k) => [k, fields[k]!]));
  data.store_passwd = md5(storePassword);
  const joined = Object.keys(data)
    .sort()
    .map((k) => `${k}=${data[k]}`)
    .join('&');
  return { ...fields, verify_key: keys.join(','), verify_sign: md5(joined) };
}

const unescape = (s: string) => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));

/** The hidden fields of the simulator's auto-post page (what the browser posts back to the shop). */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(m[1]!)] = unescape(m[2]!);
  return fields;
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

export type CardPayment = { tranId: string; fields: Record<string, string> | null };

/** Opens the SSLCommerz hosted page of a card order; with pay, pays on it (the IPN goes first) and returns the signed return form. */
export async function cardCheckout(shop: Shop, gatewayUrl: string, pay: boolean): Promise<CardPayment> {
  const page = await shop.request(pathOf(gatewayUrl));
  const tranId = /Transaction: ([^<]+)</.exec(String(page.body))?.[1];
  if (page.status !== 200 || !tranId) throw new Error(`SSLCommerz page: ${page.status}`);
  if (!pay) return { tranId: unescape(tranId), fields: null };
  const done = await shop.request(
    pathOf(gatewayUrl),
    form({ action: 'pay', card: '4111 1111 1111 1111', exp: '12/30', cvv: '111', holder: 'Fault Shopper' }),
  );
  const fields = hiddenFields(String(done.body));
  if (done.status !== 200 || fields.status !== 'VALID') throw new Error(`SSLCommerz pay: ${done.status} ${fields.status ?? ''}`);
  return { tranId: unescape(tranId), fields };
}

export const sslReturn = (shop: Shop, kind: 'success' | 'fail' | 'cancel' | 'ipn', fields: Record<string, string>): Promise<Answer> =>
  shop.request(`/payments/sslcommerz/${kind}/`, form(fields));

/** The bKash hosted page: confirms the payment and answers the callback URL bKash sends the shopper to. */
export async function bkashConfirm(shop: Shop, bkashUrl: string): Promise<string> {
  const u = new URL(bkashUrl);
  const paymentId = u.searchParams.get('paymentId') ?? '';
  const hash = u.searchParams.get('hash') ?? '';
  const a = await shop.request('/sandbox/bkash/checkout', form({ paymentId, hash, wallet: '01770618575', pin: '12121', action: 'pay' }));
  if (a.status !== 303 || !a.location) throw new Error(`bKash confirm: ${a.status}`);
  return pathOf(new URL(a.location, shop.base).toString());
}

export const bkashPaymentId = (bkashUrl: string) => new URL(bkashUrl).searchParams.get('paymentId') ?? '';
