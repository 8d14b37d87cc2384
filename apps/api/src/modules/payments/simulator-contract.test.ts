import { once } from 'node:events';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/support/app.js';
import { BKASH_SIMULATOR_PATH, SIMULATOR_BKASH, SIMULATOR_SSLCOMMERZ, SSLCOMMERZ_SIMULATOR_PATH } from './config.js';
import { verifySslSign } from './sslcommerz-client.js';

/*
 * The simulators against the gateways' own contracts, over real HTTP: SSLCommerz driven by its
 * official Node client (sslcommerz-lts, only its URLs pointed at the simulator), bKash by the
 * request shapes of bKash's published examples. The shopper's part is the browser's requests.
 */

type Answer = Record<string, unknown>;
/** The part of sslcommerz-lts this test drives (the package ships no types). */
type SslCommerzLts = {
  init(data: Record<string, string | number>): Promise<Answer>;
  validate(data: { val_id: string }): Promise<Answer>;
  transactionQueryBySessionId(data: { sessionkey: string }): Promise<Answer>;
  transactionQueryByTransactionId(data: { tran_id: string }): Promise<Answer>;
  initiateRefund(data: { refund_amount: string | number; refund_remarks: string; bank_tran_id: string; refe_id: string }): Promise<Answer>;
  refundQuery(data: { refund_ref_id: string }): Promise<Answer>;
};
const SslCommerzPayment = createRequire(import.meta.url)('sslcommerz-lts') as new (
  storeId: string,
  storePassword: string,
  live: boolean,
) => SslCommerzLts;

/** The official client builds every URL from its sandbox host; swap that host for the simulator, nothing else. */
function officialClient(simulatorBase: string): SslCommerzLts {
  const client = new SslCommerzPayment(SIMULATOR_SSLCOMMERZ.storeId, SIMULATOR_SSLCOMMERZ.storePassword, false);
  let pointed = 0;
  for (const [key, value] of Object.entries(client as unknown as Record<string, unknown>)) {
    if (!key.endsWith('URL') || typeof value !== 'string') continue;
    Reflect.set(client, key, value.replace('https://sandbox.sslcommerz.com', simulatorBase));
    pointed++;
  }
  expect(pointed).toBeGreaterThanOrEqual(7);
  return client;
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

/** The merchant's server: records every form POST (IPN, browser returns) and answers 200. */
function merchantServer() {
  const received: { path: string; fields: Record<string, string> }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', fields: Object.fromEntries(new URLSearchParams(body)) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    });
  });
  return { server, received };
}

const decode = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replaceAll('&amp;', '&');
const attr = (tag: string, name: string) => {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : decode(value);
};

/** What a browser sends when the shopper presses the button `button` (name=value) of the page's form. */
async function submit(pageUrl: string, html: string, button?: string): Promise<Response> {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/.exec(html);
  expect(form, 'the page has a form').not.toBeNull();
  const fields = new URLSearchParams();
  for (const [tag] of form![2]!.matchAll(/<input\b[^>]*>/g)) {
    const name = attr(tag, 'name');
    if (!name || (attr(tag, 'type') === 'checkbox' && !/\schecked\b/.test(tag))) continue;
    fields.append(name, attr(tag, 'value') ?? '');
  }
  if (button) {
    const pressed = [...form![2]!.matchAll(/<button\b[^>]*>/g)].map(([tag]) => tag).find((tag) => attr(tag, 'value') === button);
    expect(pressed, `the form has a "${button}" button`).toBeDefined();
    fields.append(attr(pressed!, 'name')!, button);
  }
  return fetch(new URL(attr(`<form${form![1]}>`, 'action') ?? '', pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
}

describe('gateway simulators against the gateways’ contracts', () => {
  let ctx: TestContext & { close(): Promise<void> };
  let origin: string;
  const merchant = merchantServer();
  let shop: string;

  beforeAll(async () => {
    // PUBLIC_URL is the address the app really listens on, so the gateway pages' URLs are followed as given.
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    ctx = await createTestApp('pglite', { env: { PUBLIC_URL: origin } });
    await ctx.app.listen({ host: '127.0.0.1', port });
    merchant.server.listen(0, '127.0.0.1');
    await once(merchant.server, 'listening');
    shop = `http://127.0.0.1:${(merchant.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    merchant.server.close();
    await ctx?.close();
  });

  it('SSLCommerz: a whole session through the official sslcommerz-lts client', async () => {
    const sslcz = officialClient(`${origin}${SSLCOMMERZ_SIMULATOR_PATH}`);
    const tranId = `REF${Date.now()}`;
    // The data of the client's README example (num_of_item added: SSLCommerz documents it as mandatory).
    const init = await sslcz.init({
      total_amount: 100,
      currency: 'BDT',
      tran_id: tranId,
      success_url: `${shop}/success`,
      fail_url: `${shop}/fail`,
      cancel_url: `${shop}/cancel`,
      ipn_url: `${shop}/ipn`,
      shipping_method: 'Courier',
      num_of_item: 1,
      product_name: 'Computer.',
      product_category: 'Electronic',
      product_profile: 'general',
      cus_name: 'Customer Name',
      cus_email: 'customer@example.com',
      cus_add1: 'Dhaka',
      cus_add2: 'Dhaka',
      cus_city: 'Dhaka',
      cus_state: 'Dhaka',
      cus_postcode: '1000',
      cus_country: 'Bangladesh',
      cus_phone: '01711111111',
      cus_fax: '01711111111',
      ship_name: 'Customer Name',
      ship_add1: 'Dhaka',
      ship_add2: 'Dhaka',
      ship_city: 'Dhaka',
      ship_state: 'Dhaka',
      ship_postcode: 1000,
      ship_country: 'Bangladesh',
      value_a: 'order-1001',
    });
    expect(init).toMatchObject({ status: 'SUCCESS', failedreason: '', sessionkey: expect.any(String), GatewayPageURL: expect.any(String) });
    const sessionkey = init.sessionkey as string;
    const pageUrl = init.GatewayPageURL as string;
    expect(pageUrl.startsWith(`${origin}${SSLCOMMERZ_SIMULATOR_PATH}/`)).toBe(true);

    // The shopper's browser: open the hosted page, pay with the prefilled sandbox card, then the
    // gateway's page posts itself back to success_url.
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    const paid = await submit(pageUrl, await page.text(), 'pay');
    expect(paid.status).toBe(200);
    const back = await submit(pageUrl, await paid.text());
    expect(back.status).toBe(200);

    // The IPN reached the merchant's server before the browser did; both are signed with the store password.
    expect(merchant.received.map((r) => r.path)).toEqual(['/ipn', '/success']);
    for (const { fields } of merchant.received) {
      expect(fields).toMatchObject({ status: 'VALID', tran_id: tranId, amount: '100.00', currency: 'BDT', value_a: 'order-1001' });
      expect(verifySslSign(fields, SIMULATOR_SSLCOMMERZ.storePassword)).toBe(true);
    }
    const valId = merchant.received[1]!.fields.val_id!;
    const bankTranId = merchant.received[1]!.fields.bank_tran_id!;
    expect(valId).not.toBe('');

    // Validation: VALID the first time, VALIDATED after (the client POSTs, the query string carries the fields).
    const validation = await sslcz.validate({ val_id: valId });
    expect(validation).toMatchObject({
      status: 'VALID',
      APIConnect: 'DONE',
      tran_id: tranId,
      val_id: valId,
      amount: '100.00',
      currency: 'BDT',
      bank_tran_id: bankTranId,
      value_a: 'order-1001',
    });
    expect(await sslcz.validate({ val_id: valId })).toMatchObject({ status: 'VALIDATED', tran_id: tranId, amount: '100.00' });
    expect(await sslcz.validate({ val_id: 'nonexistent' })).toMatchObject({ status: 'INVALID_TRANSACTION' });

    expect(await sslcz.transactionQueryBySessionId({ sessionkey })).toMatchObject({
      APIConnect: 'DONE',
      status: 'VALIDATED',
      sessionkey,
      tran_id: tranId,
      val_id: valId,
      amount: '100.00',
      bank_tran_id: bankTranId,
    });
    expect(await sslcz.transactionQueryByTransactionId({ tran_id: tranId })).toMatchObject({
      APIConnect: 'DONE',
      no_of_trans_found: 1,
      element: [{ status: 'VALIDATED', tran_id: tranId, val_id: valId, amount: '100.00', bank_tran_id: bankTranId }],
    });

    // Refund part of it, ask after the refund, and a refund beyond what is left is refused.
    const refund = await sslcz.initiateRefund({
      refund_amount: '40.00',
      refund_remarks: 'Out of stock',
      bank_tran_id: bankTranId,
      refe_id: 'R1001',
    });
    expect(refund).toMatchObject({
      APIConnect: 'DONE',
      status: 'success',
      bank_tran_id: bankTranId,
      trans_id: tranId,
      refund_ref_id: expect.any(String),
    });
    // The bank works on it first: 'processing' to the first status query, 'refunded' after.
    expect(await sslcz.refundQuery({ refund_ref_id: refund.refund_ref_id as string })).toMatchObject({
      APIConnect: 'DONE',
      status: 'processing',
      refund_ref_id: refund.refund_ref_id,
    });
    expect(await sslcz.refundQuery({ refund_ref_id: refund.refund_ref_id as string })).toMatchObject({
      APIConnect: 'DONE',
      status: 'refunded',
      bank_tran_id: bankTranId,
      tran_id: tranId,
      refund_ref_id: refund.refund_ref_id,
      initiated_on: expect.any(String),
    });
    expect(
      await sslcz.initiateRefund({ refund_amount: 60.01, refund_remarks: 'Too much', bank_tran_id: bankTranId, refe_id: 'R1002' }),
    ).toMatchObject({
      APIConnect: 'DONE',
      status: 'failed',
    });
  });

  it('SSLCommerz: the APIs answer GET and POST, with fields in the query string or a form body', async () => {
    const creds = { store_id: SIMULATOR_SSLCOMMERZ.storeId, store_passwd: SIMULATOR_SSLCOMMERZ.storePassword };
    const api = `${origin}${SSLCOMMERZ_SIMULATOR_PATH}`;
    const fields = {
      ...creds,
      total_amount: '250.50',
      currency: 'BDT',
      tran_id: `FORM${Date.now()}`,
      success_url: `${shop}/s`,
      fail_url: `${shop}/f`,
    };
    const session = {
      ...fields,
      cancel_url: `${shop}/c`,
      cus_name: 'Rahima',
      cus_email: 'r@example.com',
      cus_add1: 'Mirpur',
      cus_city: 'Dhaka',
      cus_country: 'Bangladesh',
      cus_phone: '01711111111',
      shipping_method: 'NO',
      num_of_item: '1',
      product_name: 'Soap',
      product_category: 'Beauty',
      product_profile: 'general',
    };
    const multipart = new FormData();
    for (const [k, v] of Object.entries(session)) multipart.append(k, v);
    const asMultipart = await fetch(`${api}/gwprocess/v4/api.php`, { method: 'POST', body: multipart });
    expect(await asMultipart.json()).toMatchObject({ status: 'SUCCESS' });
    const asForm = await fetch(`${api}/gwprocess/v4/api.php`, {
      method: 'POST',
      body: new URLSearchParams({ ...session, tran_id: `${session.tran_id}B` }),
    });
    const { sessionkey } = (await asForm.json()) as { status: string; sessionkey: string };

    const query = new URLSearchParams({ sessionkey, ...creds, v: '1', format: 'json' });
    const byGet = await fetch(`${api}/validator/api/merchantTransIDvalidationAPI.php?${query}`);
    const byPostForm = await fetch(`${api}/validator/api/merchantTransIDvalidationAPI.php`, { method: 'POST', body: query });
    const byPostMultipart = new FormData();
    for (const [k, v] of query) byPostMultipart.append(k, v);
    const byMultipart = await fetch(`${api}/validator/api/merchantTransIDvalidationAPI.php`, { method: 'POST', body: byPostMultipart });
    for (const res of [byGet, byPostForm, byMultipart]) {
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ APIConnect: 'DONE', status: 'PENDING', sessionkey, amount: '250.50' });
    }
    const wrongPassword = await fetch(`${api}/validator/api/validationserverAPI.php`, {
      method: 'POST',
      body: new URLSearchParams({ val_id: 'x', store_id: creds.store_id, store_passwd: 'wrong' }),
    });
    expect(await wrongPassword.json()).toMatchObject({ APIConnect: 'INVALID_REQUEST' });
  });

  it('bKash: a whole tokenized checkout in the request shapes of bKash’s published examples', async () => {
    const api = `${origin}${BKASH_SIMULATOR_PATH}/tokenized/checkout`;
    const call = async (path: string, headers: Record<string, string>, body: object) => {
      const res = await fetch(`${api}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as Answer;
    };
    const { appKey, appSecret, username, password } = SIMULATOR_BKASH;

    const grant = await call('/token/grant', { username, password }, { app_key: appKey, app_secret: appSecret });
    expect(grant).toMatchObject({
      statusCode: '0000',
      statusMessage: 'Successful',
      id_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.any(String),
    });
    const refreshed = await call(
      '/token/refresh',
      { username, password },
      { app_key: appKey, app_secret: appSecret, refresh_token: grant.refresh_token },
    );
    expect(refreshed).toMatchObject({ statusCode: '0000', id_token: expect.any(String) });
    const token = refreshed.id_token as string;

    // Authorization carries the bare id_token in bKash's examples; 'Bearer <id_token>' is accepted too.
    const created = await call(
      '/create',
      { Authorization: token, 'X-APP-Key': appKey },
      {
        mode: '0011',
        payerReference: '01770618575',
        callbackURL: `${shop}/bkash/callback`,
        amount: '100',
        currency: 'BDT',
        intent: 'sale',
        merchantInvoiceNumber: 'Inv0124',
      },
    );
    expect(created).toMatchObject({
      statusCode: '0000',
      paymentID: expect.any(String),
      bkashURL: expect.any(String),
      amount: '100',
      transactionStatus: 'Initiated',
    });
    const paymentID = created.paymentID as string;

    // The shopper on bkashURL confirms; bKash sends the browser to callbackURL with status=success.
    const bkashURL = created.bkashURL as string;
    const page = await fetch(bkashURL);
    expect(page.status).toBe(200);
    const confirmed = await submit(bkashURL, await page.text(), 'pay');
    expect(confirmed.status).toBe(303);
    const callback = new URL(confirmed.headers.get('location')!);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${shop}/bkash/callback`);
    expect(Object.fromEntries(callback.searchParams)).toMatchObject({ paymentID, status: 'success' });

    const bearer = { Authorization: `Bearer ${token}`, 'X-APP-Key': appKey };
    const executed = await call('/execute', bearer, { paymentID });
    expect(executed).toMatchObject({
      statusCode: '0000',
      paymentID,
      trxID: expect.any(String),
      transactionStatus: 'Completed',
      amount: '100',
      currency: 'BDT',
    });
    const trxID = executed.trxID as string;
    expect(await call('/payment/status', bearer, { paymentID })).toMatchObject({
      statusCode: '0000',
      paymentID,
      trxID,
      transactionStatus: 'Completed',
      amount: '100',
    });

    const refund = await call('/payment/refund', bearer, { paymentID, amount: '40.00', trxID, sku: 'SKU-1', reason: 'Damaged in transit' });
    expect(refund).toMatchObject({
      statusCode: '0000',
      transactionStatus: 'Completed',
      originalTrxID: trxID,
      refundTrxID: expect.any(String),
      amount: '40.00',
      currency: 'BDT',
    });
    // Refund status (v1.2.0-beta): the same call with only paymentID and trxID.
    expect(await call('/payment/refund', bearer, { paymentID, trxID })).toMatchObject({
      statusCode: '0000',
      transactionStatus: 'Completed',
      originalTrxID: trxID,
      refundTrxID: refund.refundTrxID,
      amount: '40.00',
    });
    expect(await call('/payment/refund', bearer, { paymentID, amount: '60.01', trxID, sku: 'SKU-1', reason: 'Too much' })).toMatchObject({
      statusCode: '2026',
    });
  });
});
