import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../../lib/clock.js';
import type { BkashConfig } from '../config.js';
import { BKASH_SIMULATOR_PATH } from '../config.js';
import { BKASH_THEME, LOCK, escapeHtml, gatewayPage, takaText } from './page.js';

/*
 * bKash Tokenized Checkout sandbox, as bKash documents it: the same paths under the base URL
 * (/tokenized/checkout/token/grant, /token/refresh, /create, /execute, /payment/status,
 * /payment/refund), the same headers (username/password for tokens; Authorization = id_token and
 * X-APP-Key for the rest), the same fields, statusCode '0000' for success and bKash's error codes
 * otherwise. The hosted page (bkashURL) lets the shopper confirm, close or fail the payment, then
 * sends them to callbackURL?paymentID=…&status=success|failure|cancel&signature=…&apiVersion=1.2.0-beta.
 * Request shapes follow bKash's published examples: JSON bodies, header names in any case,
 * Authorization as the bare id_token or 'Bearer <id_token>', amounts as strings ('100' or '100.00'),
 * and the v1.2.0-beta refund status as /payment/refund with only {paymentID, trxID}.
 */

type SimPayment = {
  paymentID: string;
  hash: string;
  amount: string;
  currency: string;
  intent: string;
  mode: string;
  payerReference: string;
  merchantInvoiceNumber: string;
  callbackURL: string;
  createTime: string;
  executeTime?: string;
  /** Initiated → Authorized (the shopper confirmed) → Completed (merchant executed); or Cancelled / Failed. */
  transactionStatus: 'Initiated' | 'Authorized' | 'Completed' | 'Cancelled' | 'Failed';
  trxID?: string;
  customerMsisdn?: string;
  refunded: number;
  refunds: { refundTrxID: string; amount: string; completedTime: string }[];
};

const ok = { statusCode: '0000', statusMessage: 'Successful' };
const error = (statusCode: string, statusMessage: string) => ({ statusCode, statusMessage });
const TOKEN_TTL_S = 3600;

const alnum = (n: number) => Array.from(randomBytes(n), (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[b % 36]).join('');

/** bKash writes times as '2025-12-09T16:12:43:828 GMT+0600'. */
function bkashTime(at: Date): string {
  const d = new Date(at.getTime() + 6 * 3600_000);
  const iso = d.toISOString();
  return `${iso.slice(0, 19)}:${iso.slice(20, 23)} GMT+0600`;
}

const isAmount = (v: unknown): v is string => typeof v === 'string' && /^\d+(\.\d{1,2})?$/.test(v) && Number(v) > 0;

export function bkashSimulator(credentials: Omit<BkashConfig, 'baseUrl'>, publicBase: string, clock: Clock) {
  const tokens = new Map<string, number>();
  const refreshTokens = new Map<string, number>();
  const store = new Map<string, SimPayment>();

  function issueToken() {
    const id = randomBytes(24).toString('base64url');
    const refresh = randomBytes(24).toString('base64url');
    tokens.set(id, clock.nowMs() + TOKEN_TTL_S * 1000);
    refreshTokens.set(refresh, clock.nowMs() + 28 * 24 * 3600_000);
    return { ...ok, id_token: id, token_type: 'Bearer', expires_in: TOKEN_TTL_S, refresh_token: refresh };
  }

  const appOk = (body: { app_key?: unknown; app_secret?: unknown }) =>
    body.app_key === credentials.appKey && body.app_secret === credentials.appSecret;
  const userOk = (request: FastifyRequest) =>
    request.headers.username === credentials.username && request.headers.password === credentials.password;

  /** API Gateway style: a missing or expired token is an HTTP 401 before bKash sees the call. */
  function authorised(request: FastifyRequest, reply: FastifyReply): boolean {
    const token = request.headers.authorization?.replace(/^Bearer\s+/i, '');
    const expires = token ? tokens.get(token) : undefined;
    if (!expires || expires < clock.nowMs() || request.headers['x-app-key'] !== credentials.appKey) {
      void reply.status(401).send({ message: 'Unauthorized' });
      return false;
    }
    return true;
  }

  const callbackFor = (p: SimPayment, status: 'success' | 'failure' | 'cancel') => {
    const signature = createHmac('sha256', credentials.appSecret).update(`${p.paymentID}|${status}`).digest('hex').slice(0, 32);
    const sep = p.callbackURL.includes('?') ? '&' : '?';
    return `${p.callbackURL}${sep}paymentID=${encodeURIComponent(p.paymentID)}&status=${status}&signature=${signature}&apiVersion=1.2.0-beta`;
  };

  function checkoutPage(p: SimPayment, problem?: string): string {
    const done = p.transactionStatus !== 'Initiated';
    const body = done
      ? `<div class="center"><h1>This payment is ${escapeHtml(p.transactionStatus.toLowerCase())}</h1><p><a href="${escapeHtml(callbackFor(p, p.transactionStatus === 'Cancelled' ? 'cancel' : p.transactionStatus === 'Failed' ? 'failure' : 'success'))}">Return to the merchant</a></p></div>`
      : `<main>
<form method="post" action="/sandbox/bkash/checkout">
<input type="hidden" name="paymentId" value="${escapeHtml(p.paymentID)}">
<input type="hidden" name="hash" value="${escapeHtml(p.hash)}">
<div class="field"><label for="wallet">Your bKash account number</label>
<input id="wallet" name="wallet" inputmode="numeric" autocomplete="tel" placeholder="e.g 01770618575" value="01770618575" pattern="01[3-9][0-9]{8}" required>
${problem ? `<p class="hint" style="color:#b42318">${escapeHtml(problem)}</p>` : '<p class="hint">Sandbox wallet: any Bangladeshi mobile number works.</p>'}</div>
<div class="field"><label for="pin">PIN</label><input id="pin" name="pin" type="password" inputmode="numeric" value="12121" maxlength="5"></div>
<p class="note">By confirming you agree to the terms &amp; conditions of bKash.</p>
<div class="actions"><button class="secondary" name="action" value="cancel" formnovalidate>Close</button><button class="primary" name="action" value="pay">Confirm</button></div>
<button class="link" name="action" value="fail" formnovalidate>Simulate a failed payment (insufficient balance)</button>
</form></main>`;
    return gatewayPage(
      BKASH_THEME,
      'bKash Payment',
      `<header><span class="logo">bKash</span><span class="lock">${LOCK}Secure payment</span></header>
<div class="merchant"><div><b>Glow Bazaar</b><small>Invoice: ${escapeHtml(p.merchantInvoiceNumber)}</small></div><div class="amount"><small>Amount</small><b>BDT ${escapeHtml(takaText(p.amount))}</b></div></div>
${body}
<footer>© bKash Limited · Sandbox · Call 16247</footer>`,
    );
  }

  return async function routes(app: FastifyInstance) {
    const api = `${BKASH_SIMULATOR_PATH}/tokenized/checkout`;
    type Body = Record<string, unknown>;

    app.post(`${api}/token/grant`, { schema: { hide: true } }, async (request) => {
      const body = (request.body ?? {}) as Body;
      if (!userOk(request)) return error('2079', 'Invalid username or password');
      if (!appOk(body)) return error('2001', 'Invalid App Key');
      return issueToken();
    });

    app.post(`${api}/token/refresh`, { schema: { hide: true } }, async (request) => {
      const body = (request.body ?? {}) as Body;
      if (!userOk(request)) return error('2079', 'Invalid username or password');
      if (!appOk(body)) return error('2001', 'Invalid App Key');
      const expires = typeof body.refresh_token === 'string' ? refreshTokens.get(body.refresh_token) : undefined;
      if (!expires || expires < clock.nowMs()) return error('2079', 'Invalid refresh token');
      return issueToken();
    });

    app.post(`${api}/create`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const b = (request.body ?? {}) as Body;
      if (b.mode !== '0011') return error('2063', 'Mode is not valid as per request data');
      if (!isAmount(b.amount)) return error('2006', 'Invalid amount');
      if (b.currency !== 'BDT') return error('2007', 'Invalid currency');
      if (b.intent !== 'sale') return error('2008', 'Invalid intent');
      if (typeof b.payerReference !== 'string' || !b.payerReference) return error('2048', 'Invalid Payer Reference');
      if (typeof b.merchantInvoiceNumber !== 'string' || !b.merchantInvoiceNumber) return error('2031', 'Invalid merchant invoice number');
      if (typeof b.callbackURL !== 'string' || !/^https?:\/\//.test(b.callbackURL)) return error('2049', 'Invalid Merchant Callback URL');
      const p: SimPayment = {
        paymentID: `TR0011${alnum(8)}${clock.nowMs()}`,
        hash: randomBytes(12).toString('base64url'),
        amount: b.amount,
        currency: 'BDT',
        intent: 'sale',
        mode: '0011',
        payerReference: b.payerReference,
        merchantInvoiceNumber: b.merchantInvoiceNumber,
        callbackURL: b.callbackURL,
        createTime: bkashTime(clock.now()),
        transactionStatus: 'Initiated',
        refunded: 0,
        refunds: [],
      };
      store.set(p.paymentID, p);
      const bkashURL = `${publicBase}/sandbox/bkash/checkout?paymentId=${encodeURIComponent(p.paymentID)}&hash=${p.hash}&mode=0011&apiVersion=v1.2.0-beta`;
      return {
        paymentID: p.paymentID,
        bkashURL,
        callbackURL: p.callbackURL,
        successCallbackURL: callbackFor(p, 'success'),
        failureCallbackURL: callbackFor(p, 'failure'),
        cancelledCallbackURL: callbackFor(p, 'cancel'),
        amount: p.amount,
        intent: p.intent,
        currency: p.currency,
        paymentCreateTime: p.createTime,
        transactionStatus: p.transactionStatus,
        merchantInvoiceNumber: p.merchantInvoiceNumber,
        ...ok,
      };
    });

    app.post(`${api}/execute`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const p = store.get(String(((request.body ?? {}) as Body).paymentID ?? ''));
      if (!p) return error('2002', 'Invalid Payment ID');
      if (p.transactionStatus === 'Completed') return error('2117', 'Payment execution already been called before');
      if (p.transactionStatus !== 'Authorized') return error('2056', 'Invalid Payment State');
      p.transactionStatus = 'Completed';
      p.trxID = alnum(10);
      p.executeTime = bkashTime(clock.now());
      return {
        paymentID: p.paymentID,
        trxID: p.trxID,
        transactionStatus: p.transactionStatus,
        amount: p.amount,
        currency: p.currency,
        intent: p.intent,
        paymentExecuteTime: p.executeTime,
        merchantInvoiceNumber: p.merchantInvoiceNumber,
        payerType: 'Customer',
        payerReference: p.payerReference,
        customerMsisdn: p.customerMsisdn ?? '',
        payerAccount: p.customerMsisdn ?? '',
        ...ok,
      };
    });

    app.post(`${api}/payment/status`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const p = store.get(String(((request.body ?? {}) as Body).paymentID ?? ''));
      if (!p) return error('2002', 'Invalid Payment ID');
      return {
        paymentID: p.paymentID,
        mode: p.mode,
        paymentCreateTime: p.createTime,
        ...(p.executeTime ? { paymentExecuteTime: p.executeTime } : {}),
        ...(p.trxID ? { trxID: p.trxID } : {}),
        // An authorised payment the merchant has not executed is still 'Initiated' to the merchant.
        transactionStatus: p.transactionStatus === 'Authorized' ? 'Initiated' : p.transactionStatus,
        amount: p.amount,
        currency: p.currency,
        intent: p.intent,
        merchantInvoiceNumber: p.merchantInvoiceNumber,
        payerReference: p.payerReference,
        verificationStatus: p.transactionStatus === 'Completed' ? 'Complete' : 'Incomplete',
        ...ok,
      };
    });

    app.post(`${api}/payment/refund`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const b = (request.body ?? {}) as Body;
      const p = store.get(String(b.paymentID ?? ''));
      if (!p) return error('2002', 'Invalid Payment ID');
      if (p.transactionStatus !== 'Completed' || b.trxID !== p.trxID)
        return error('2028', 'Reverse failed because the transaction serial number does not exist');
      const refundAnswer = (r: SimPayment['refunds'][number]) => ({
        completedTime: r.completedTime,
        transactionStatus: 'Completed',
        originalTrxID: p.trxID,
        refundTrxID: r.refundTrxID,
        amount: r.amount,
        currency: 'BDT',
        charge: '0.00',
        ...ok,
      });
      // Refund status: the same call without an amount answers the latest refund.
      if (b.amount === undefined && b.sku === undefined && b.reason === undefined) {
        const last = p.refunds.at(-1);
        return last ? refundAnswer(last) : error('2033', 'Transaction not found');
      }
      if (!isAmount(b.amount)) return error('2006', 'Invalid amount');
      const paid = Math.round(Number(p.amount) * 100);
      const asked = Math.round(Number(b.amount) * 100);
      if (p.refunded >= paid) return error('2034', 'The transaction cannot be reversed because the original transaction has been reversed');
      if (p.refunded + asked > paid) return error('2026', 'The reversal amount cannot be greater than the original transaction amount');
      p.refunded += asked;
      const refund = { refundTrxID: alnum(10), amount: b.amount, completedTime: bkashTime(clock.now()) };
      p.refunds.push(refund);
      return refundAnswer(refund);
    });

    // The hosted payment page (bkashURL).
    app.get('/sandbox/bkash/checkout', { schema: { hide: true } }, async (request, reply) => {
      const q = request.query as { paymentId?: string; hash?: string };
      const p = q.paymentId ? store.get(q.paymentId) : undefined;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!p || p.hash !== q.hash)
        return reply
          .status(404)
          .send(
            gatewayPage(
              BKASH_THEME,
              'bKash Payment',
              '<div class="center"><h1>Payment not found</h1><p>This payment link is invalid or has expired.</p></div>',
            ),
          );
      return checkoutPage(p);
    });

    app.post('/sandbox/bkash/checkout', { schema: { hide: true } }, async (request, reply) => {
      const f = (request.body ?? {}) as Record<string, string>;
      const p = f.paymentId ? store.get(f.paymentId) : undefined;
      if (!p || p.hash !== f.hash)
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(gatewayPage(BKASH_THEME, 'bKash Payment', '<div class="center"><h1>Payment not found</h1></div>'));
      if (p.transactionStatus !== 'Initiated') return reply.type('text/html; charset=utf-8').send(checkoutPage(p));
      if (f.action === 'cancel') {
        p.transactionStatus = 'Cancelled';
        return reply.redirect(callbackFor(p, 'cancel'), 303);
      }
      if (f.action === 'fail') {
        p.transactionStatus = 'Failed';
        return reply.redirect(callbackFor(p, 'failure'), 303);
      }
      if (!/^01[3-9]\d{8}$/.test(f.wallet ?? ''))
        return reply.type('text/html; charset=utf-8').send(checkoutPage(p, 'Please enter a valid bKash account number'));
      p.transactionStatus = 'Authorized';
      p.customerMsisdn = f.wallet;
      return reply.redirect(callbackFor(p, 'success'), 303);
    });
  };
}
