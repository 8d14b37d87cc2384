import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { SSLCOMMERZ_SIMULATOR_PATH, type SslCommerzConfig } from '../config.js';
import { signSslFields } from '../sslcommerz-client.js';
import type { Transport } from '../../../lib/http-transport.js';
import { LOCK, SSL_THEME, autoPostPage, escapeHtml, gatewayPage, takaText } from './page.js';

/*
 * SSLCommerz sandbox, as SSLCommerz documents it (API v4): session init by form POST to
 * /gwprocess/v4/api.php (status SUCCESS with sessionkey and GatewayPageURL, or FAILED with
 * failedreason), the hosted page where the shopper pays, cancels or fails, the IPN form POST to
 * ipn_url and the browser's form POST to success_url / fail_url / cancel_url (both signed with
 * verify_sign / verify_key), the validation API (val_id → VALID, then VALIDATED), the transaction
 * query by sessionkey or tran_id, and the refund API (initiate by bank_tran_id, status by refund_ref_id).
 * Refunds: several per transaction up to its amount (beyond it: status failed with errorReason); a
 * repeated refund_trans_id answers 'processing' with the refund it started (never a second refund);
 * a refund is 'processing' to its first status query and 'refunded' to later ones, as the real
 * gateway often answers while the bank works, so the shop's polling is exercised.
 * Every request shape SSLCommerz accepts is accepted: the init as a urlencoded or multipart form
 * (the official Node client, sslcommerz-lts, sends multipart), the validation, query and refund
 * APIs by GET or POST with their fields in the query string or a form body (sslcommerz-lts POSTs
 * them with the fields in the query string).
 */

type Session = {
  sessionkey: string;
  storeId: string;
  tranId: string;
  amount: string;
  currency: string;
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string | null;
  multiCardName: string;
  customerName: string;
  values: Record<'value_a' | 'value_b' | 'value_c' | 'value_d', string>;
  status: 'PENDING' | 'VALID' | 'VALIDATED' | 'FAILED' | 'CANCELLED';
  createdAt: Date;
  tranDate?: string;
  valId?: string;
  validatedOn?: string;
  bankTranId?: string;
  card?: { type: string; no: string; brand: string; issuer: string };
  refunded: number;
};

const REQUIRED = [
  'total_amount',
  'currency',
  'tran_id',
  'success_url',
  'fail_url',
  'cancel_url',
  'cus_name',
  'cus_email',
  'cus_add1',
  'cus_city',
  'cus_country',
  'cus_phone',
  'shipping_method',
  'num_of_item',
  'product_name',
  'product_category',
  'product_profile',
];
const REQUIRED_SHIPPING = ['ship_name', 'ship_add1', 'ship_city', 'ship_postcode', 'ship_country'];

/** A refund the sandbox took: 'processing' to its first status query, 'refunded' to every later one (as the bank settles it). */
type Refund = {
  refundRefId: string;
  bankTranId: string;
  tranId: string;
  amount: number;
  initiatedOn: string;
  refundedOn?: string;
  queries: number;
};

/** A multipart/form-data body's text fields, parsed by the web platform's own form parser. */
async function multipartFields(contentType: string, body: Buffer): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Request('http://sandbox.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    throw new AppError('validation_failed', 'Malformed multipart/form-data body');
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/** The text fields of a parsed query string or form body; later sources win. */
function fieldsOf(...sources: unknown[]): Record<string, string | undefined> {
  const fields: Record<string, string> = {};
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    for (const [k, v] of Object.entries(source)) if (typeof v === 'string') fields[k] = v;
  }
  return fields;
}

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
const hex = (n: number) => randomBytes(n).toString('hex');

/** 'YYYY-MM-DD HH:mm:ss' in Dhaka time, as SSLCommerz writes dates. */
const sslDate = (at: Date) => new Date(at.getTime() + 6 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

const CARDS: Record<string, { type: string; brand: string; issuer: string }> = {
  '4': { type: 'VISA-Dutch Bangla', brand: 'VISA', issuer: 'Dutch-Bangla Bank Limited' },
  '5': { type: 'MASTER-City Bank', brand: 'MASTERCARD', issuer: 'The City Bank Limited' },
  '3': { type: 'AMEX-City Bank', brand: 'AMEX', issuer: 'The City Bank Limited' },
};

export function sslcommerzSimulator(
  credentials: Omit<SslCommerzConfig, 'baseUrl'>,
  publicBase: string,
  clock: Clock,
  transport: Transport,
  log: FastifyBaseLogger,
) {
  const sessions = new Map<string, Session>();
  const byVal = new Map<string, Session>();
  const refunds = new Map<string, Refund>();
  const refundsByTransId = new Map<string, Refund>();
  const credsOk = (q: Record<string, string | undefined>) =>
    q.store_id === credentials.storeId && (q.store_passwd ?? q.store_pass) === credentials.storePassword;

  /** The transaction fields of a return, an IPN, the validation API and the query API. */
  function transaction(s: Session): Record<string, string> {
    const amount = Number(s.amount);
    return {
      status: s.status,
      tran_date: s.tranDate ?? sslDate(s.createdAt),
      tran_id: s.tranId,
      val_id: s.valId ?? '',
      amount: s.amount,
      store_amount: (amount * 0.975).toFixed(2),
      currency: s.currency,
      bank_tran_id: s.bankTranId ?? '',
      card_type: s.card?.type ?? '',
      card_no: s.card?.no ?? '',
      card_issuer: s.card?.issuer ?? '',
      card_brand: s.card?.brand ?? '',
      card_issuer_country: s.card ? 'Bangladesh' : '',
      card_issuer_country_code: s.card ? 'BD' : '',
      currency_type: s.currency,
      currency_amount: s.amount,
      currency_rate: '1.0000',
      base_fair: '0.00',
      ...s.values,
      risk_level: '0',
      risk_title: 'Safe',
    };
  }

  function paymentPage(s: Session, problem?: string): string {
    const schemes = s.multiCardName
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
      .map(
        (c) =>
          ({
            visacard: 'VISA',
            mastercard: 'Mastercard',
            amexcard: 'AMEX',
            othercard: 'Other cards',
            internetbank: 'Internet banking',
            mobilebank: 'Mobile banking',
          })[c] ?? c,
      );
    const pills = (schemes.length ? schemes : ['VISA', 'Mastercard', 'AMEX'])
      .map((c) => `<span class="pill">${escapeHtml(c)}</span>`)
      .join('');
    const body =
      s.status !== 'PENDING'
        ? `<div class="center"><h1>This transaction is ${escapeHtml(s.status.toLowerCase())}</h1></div>`
        : `<main>
<div class="pills">${pills}</div>
<form method="post" action="${SSLCOMMERZ_SIMULATOR_PATH}/EasyCheckOut/${escapeHtml(s.sessionkey)}">
<div class="field"><label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4111 1111 1111 1111" required>
${problem ? `<p class="hint" style="color:#b42318">${escapeHtml(problem)}</p>` : '<p class="hint">Sandbox cards: 4111… (VISA), 5105… (Mastercard), 3714… (AMEX).</p>'}</div>
<div class="row"><div class="field"><label for="exp">Expiry</label><input id="exp" name="exp" placeholder="MM/YY" value="12/30" autocomplete="cc-exp"></div>
<div class="field"><label for="cvv">CVC/CVV</label><input id="cvv" name="cvv" inputmode="numeric" value="111" maxlength="4" autocomplete="cc-csc"></div></div>
<div class="field"><label for="holder">Name on card</label><input id="holder" name="holder" autocomplete="cc-name" value="${escapeHtml(s.customerName)}"></div>
<label class="hint" style="display:flex;gap:8px;align-items:center;font-weight:400;margin:0 0 12px"><input type="checkbox" name="lose_ipn" value="1" style="width:auto;height:auto"> Simulate a lost IPN (the shop must validate the return itself)</label>
<div class="actions"><button class="secondary" name="action" value="cancel" formnovalidate>Cancel</button><button class="primary" name="action" value="pay">Pay BDT ${escapeHtml(takaText(s.amount))}</button></div>
<button class="link" name="action" value="fail" formnovalidate>Simulate a declined card</button>
</form></main>`;
    return gatewayPage(
      SSL_THEME,
      'SSLCOMMERZ Secure Payment',
      `<header><span class="logo">SSLCOMMERZ</span><span class="lock">${LOCK}Secured payment</span></header>
<div class="merchant"><div><b>Glow Bazaar</b><small>Transaction: ${escapeHtml(s.tranId)}</small></div><div class="amount"><small>Payable</small><b>BDT ${escapeHtml(takaText(s.amount))}</b></div></div>
${body}
<footer>Powered by SSLCOMMERZ · Sandbox</footer>`,
    );
  }

  /** The IPN: SSLCommerz's server tells the merchant's server, independently of the shopper's browser. */
  async function sendIpn(s: Session, fields: Record<string, string>) {
    if (!s.ipnUrl) return;
    try {
      await transport(s.ipnUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    } catch (err) {
      log.warn({ err, tranId: s.tranId }, 'sandbox IPN not delivered');
    }
  }

  return async function routes(app: FastifyInstance) {
    // This plugin's own scope: multipart is parsed for the simulator's routes only.
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      async (request: FastifyRequest, body: Buffer) => multipartFields(request.headers['content-type'] ?? '', body),
    );

    app.post(`${SSLCOMMERZ_SIMULATOR_PATH}/gwprocess/v4/api.php`, { schema: { hide: true } }, async (request) => {
      const f = fieldsOf(request.body);
      const failed = (failedreason: string) => ({
        status: 'FAILED',
        failedreason,
        sessionkey: '',
        gw: {},
        GatewayPageURL: '',
        storeBanner: '',
        storeLogo: '',
        desc: [],
        is_direct_pay_enable: '0',
      });
      if (!credsOk(f)) return failed('Store Credential Error Or Store is De-active');
      const missing = [...REQUIRED, ...(f.shipping_method === 'YES' ? REQUIRED_SHIPPING : [])].find((k) => !f[k]?.trim());
      if (missing) return failed(`Invalid Data: '${missing}' is missing`);
      const amount = Number(f.total_amount);
      if (!/^\d+(\.\d{1,2})?$/.test(f.total_amount!) || amount < 10 || amount > 500000)
        return failed('Invalid Amount. Amount must be between 10.00 and 500000.00 BDT');
      if (!/^(https?:)\/\//.test(f.success_url!) || !/^https?:\/\//.test(f.fail_url!) || !/^https?:\/\//.test(f.cancel_url!))
        return failed('Invalid Data: return URLs must be http(s) URLs');
      const s: Session = {
        sessionkey: hex(16).toUpperCase(),
        storeId: f.store_id!,
        tranId: f.tran_id!,
        amount: amount.toFixed(2),
        currency: f.currency!,
        successUrl: f.success_url!,
        failUrl: f.fail_url!,
        cancelUrl: f.cancel_url!,
        ipnUrl: f.ipn_url || null,
        multiCardName: f.multi_card_name ?? '',
        customerName: f.cus_name!,
        values: { value_a: f.value_a ?? '', value_b: f.value_b ?? '', value_c: f.value_c ?? '', value_d: f.value_d ?? '' },
        status: 'PENDING',
        createdAt: clock.now(),
        refunded: 0,
      };
      sessions.set(s.sessionkey, s);
      const page = `${publicBase}${SSLCOMMERZ_SIMULATOR_PATH}/EasyCheckOut/${s.sessionkey}`;
      return {
        status: 'SUCCESS',
        failedreason: '',
        sessionkey: s.sessionkey,
        gw: {
          visa: 'dbbl_visa,city_visa',
          master: 'dbbl_master,city_master',
          amex: 'city_amex',
          othercards: 'qcash',
          internetbanking: 'city,bankasia',
          mobilebanking: 'dbblmobilebanking,bkash',
        },
        redirectGatewayURL: `${publicBase}${SSLCOMMERZ_SIMULATOR_PATH}/gwprocess/v4/bankgw/indexhtml.php?mamount=${s.amount}&ssl_id=${s.sessionkey}&Q=REDIRECT&SESSIONKEY=${s.sessionkey}&tran_type=success&cardname=`,
        directPaymentURLBank: '',
        directPaymentURLCard: '',
        directPaymentURL: '',
        redirectGatewayURLFailed: '',
        GatewayPageURL: page,
        storeBanner: '',
        storeLogo: '',
        desc: [
          { name: 'VISA', type: 'visa', logo: '', gw: 'visacard', r_flag: '', redirectGatewayURL: page },
          { name: 'MASTER', type: 'master', logo: '', gw: 'mastercard', r_flag: '', redirectGatewayURL: page },
          { name: 'AMEX', type: 'amex', logo: '', gw: 'amexcard', r_flag: '', redirectGatewayURL: page },
        ],
        is_direct_pay_enable: '0',
      };
    });

    app.get(`${SSLCOMMERZ_SIMULATOR_PATH}/EasyCheckOut/:sessionkey`, { schema: { hide: true } }, async (request, reply) => {
      const s = sessions.get((request.params as { sessionkey: string }).sessionkey);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!s)
        return reply
          .status(404)
          .send(
            gatewayPage(
              SSL_THEME,
              'SSLCOMMERZ',
              '<div class="center"><h1>Session not found</h1><p>This payment session is invalid or has expired.</p></div>',
            ),
          );
      return paymentPage(s);
    });

    app.post(`${SSLCOMMERZ_SIMULATOR_PATH}/EasyCheckOut/:sessionkey`, { schema: { hide: true } }, async (request, reply) => {
      const s = sessions.get((request.params as { sessionkey: string }).sessionkey);
      const f = (request.body ?? {}) as Record<string, string>;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!s) return reply.status(404).send(gatewayPage(SSL_THEME, 'SSLCOMMERZ', '<div class="center"><h1>Session not found</h1></div>'));
      if (s.status !== 'PENDING') return paymentPage(s);
      s.tranDate = sslDate(clock.now());
      if (f.action === 'cancel') {
        s.status = 'CANCELLED';
        const fields = signSslFields({ ...transaction(s), error: 'Cancelled by the customer' }, credentials.storePassword);
        return autoPostPage(SSL_THEME, s.cancelUrl, fields, 'Payment cancelled');
      }
      const number = (f.card ?? '').replace(/\D/g, '');
      const card = CARDS[number[0] ?? ''];
      if (f.action !== 'fail' && (!card || number.length < 14)) return paymentPage(s, 'Please enter a valid card number');
      if (f.action === 'fail') {
        s.status = 'FAILED';
        const fields = signSslFields({ ...transaction(s), error: 'Transaction declined by the issuer' }, credentials.storePassword);
        await sendIpn(s, fields);
        return autoPostPage(SSL_THEME, s.failUrl, fields, 'Payment failed');
      }
      s.status = 'VALID';
      s.valId = `${sslDate(clock.now()).replace(/\D/g, '').slice(2, 12)}${hex(6)}`;
      s.bankTranId = `${sslDate(clock.now()).replace(/\D/g, '').slice(2, 14)}${digits(4)}`;
      s.card = { type: card!.type, brand: card!.brand, issuer: card!.issuer, no: `${number.slice(0, 6)}XXXXXX${number.slice(-4)}` };
      byVal.set(s.valId, s);
      const fields = signSslFields({ ...transaction(s), store_id: s.storeId }, credentials.storePassword);
      // The IPN goes first: the merchant hears of the payment even if the shopper closes the browser now.
      if (f.lose_ipn !== '1') await sendIpn(s, fields);
      return autoPostPage(SSL_THEME, s.successUrl, fields, 'Payment successful');
    });

    // The validation, query and refund APIs: GET as documented, POST as the official client sends them.
    const api = (path: string, answer: (f: Record<string, string | undefined>) => object) =>
      app.route({
        method: ['GET', 'POST'],
        url: `${SSLCOMMERZ_SIMULATOR_PATH}/validator/api/${path}`,
        schema: { hide: true },
        handler: async (request) => answer(fieldsOf(request.query, request.body)),
      });

    api('validationserverAPI.php', (q) => {
      if (!credsOk(q)) return { status: 'INVALID_TRANSACTION', APIConnect: 'INVALID_REQUEST' };
      const s = q.val_id ? byVal.get(q.val_id) : undefined;
      if (!s || (s.status !== 'VALID' && s.status !== 'VALIDATED')) return { status: 'INVALID_TRANSACTION', APIConnect: 'DONE' };
      s.validatedOn ??= sslDate(clock.now());
      const answer = { ...transaction(s), APIConnect: 'DONE', validated_on: s.validatedOn, gw_version: 'Ver 4' };
      // The first validation answers VALID; every later one VALIDATED (SSLCommerz's replay signal).
      s.status = 'VALIDATED';
      return answer;
    });

    // One endpoint, four calls told apart by their fields: refund status, refund initiate, session query, tran_id query.
    api('merchantTransIDvalidationAPI.php', (q) => {
      if (!credsOk(q)) return { APIConnect: 'INVALID_REQUEST', no_of_trans_found: 0, element: [] };
      if (q.refund_ref_id) {
        const r = refunds.get(q.refund_ref_id);
        if (!r) return { APIConnect: 'DONE', refund_ref_id: q.refund_ref_id, status: 'failed', errorReason: 'Invalid refund reference id' };
        r.queries += 1;
        if (r.queries > 1) r.refundedOn ??= sslDate(clock.now());
        return {
          APIConnect: 'DONE',
          bank_tran_id: r.bankTranId,
          tran_id: r.tranId,
          refund_ref_id: r.refundRefId,
          initiated_on: r.initiatedOn,
          refunded_on: r.refundedOn ?? '',
          status: r.refundedOn ? 'refunded' : 'processing',
          errorReason: '',
        };
      }
      if (q.bank_tran_id) {
        const s = [...sessions.values()].find((x) => x.bankTranId === q.bank_tran_id);
        const asked = Math.round(Number(q.refund_amount) * 100);
        const refusal = (errorReason: string) => ({ APIConnect: 'DONE', bank_tran_id: q.bank_tran_id, status: 'failed', errorReason });
        if (!s || (s.status !== 'VALID' && s.status !== 'VALIDATED')) return refusal('Invalid bank transaction id');
        const again = q.refund_trans_id ? refundsByTransId.get(q.refund_trans_id) : undefined;
        if (again)
          return again.bankTranId === q.bank_tran_id && again.amount === asked
            ? {
                APIConnect: 'DONE',
                bank_tran_id: q.bank_tran_id,
                trans_id: s.tranId,
                refund_ref_id: again.refundRefId,
                status: 'processing',
                errorReason: '',
              }
            : refusal('Duplicate refund_trans_id');
        if (!/^\d+(\.\d{1,2})?$/.test(q.refund_amount ?? '') || asked <= 0) return refusal('Invalid refund amount');
        if (s.refunded + asked > Math.round(Number(s.amount) * 100)) return refusal('Refund amount exceeds the transaction amount');
        s.refunded += asked;
        const refund: Refund = {
          refundRefId: hex(8),
          bankTranId: q.bank_tran_id,
          tranId: s.tranId,
          amount: asked,
          initiatedOn: sslDate(clock.now()),
          queries: 0,
        };
        refunds.set(refund.refundRefId, refund);
        if (q.refund_trans_id) refundsByTransId.set(q.refund_trans_id, refund);
        return {
          APIConnect: 'DONE',
          bank_tran_id: q.bank_tran_id,
          trans_id: s.tranId,
          refund_ref_id: refund.refundRefId,
          status: 'success',
          errorReason: '',
        };
      }
      if (q.sessionkey) {
        const s = sessions.get(q.sessionkey);
        if (!s) return { APIConnect: 'DONE', status: 'INVALID_TRANSACTION', sessionkey: q.sessionkey };
        return { ...transaction(s), sessionkey: s.sessionkey, validated_on: s.validatedOn ?? '', gw_version: 'Ver 4', APIConnect: 'DONE' };
      }
      const found = [...sessions.values()].filter((x) => x.tranId === q.tran_id && x.status !== 'PENDING');
      return {
        APIConnect: 'DONE',
        no_of_trans_found: found.length,
        element: found.map((s) => ({ ...transaction(s), validated_on: s.validatedOn ?? '' })),
      };
    });
  };
}
