import type { Clock } from '../../lib/clock.js';
import type { BkashConfig } from './config.js';
import type { Transport } from '../../lib/http-transport.js';

/*
 * bKash Tokenized Checkout (v1.2.0-beta), the calls and fields of bKash's developer docs:
 *   POST /tokenized/checkout/token/grant     headers username, password; {app_key, app_secret} → id_token, refresh_token, expires_in
 *   POST /tokenized/checkout/token/refresh   {app_key, app_secret, refresh_token} → a new id_token
 *   POST /tokenized/checkout/create          {mode: '0011', payerReference, callbackURL, amount, currency, intent: 'sale', merchantInvoiceNumber} → paymentID, bkashURL
 *   POST /tokenized/checkout/execute         {paymentID} → trxID, transactionStatus 'Completed'
 *   POST /tokenized/checkout/payment/status  {paymentID} → transactionStatus, amount, trxID…
 *   POST /tokenized/checkout/payment/refund  {paymentID, amount, trxID, sku, reason} → refundTrxID, transactionStatus 'Completed'
 *                                            (a part of the payment; several refunds up to its amount, 2026 beyond it)
 *   POST /tokenized/checkout/payment/refund  {paymentID, trxID} → the refund status: the payment's latest refund
 * Every call but the token calls carries `Authorization: <id_token>` and `X-APP-Key`. statusCode
 * '0000' means success; any other code is an answer (returned to the caller), not an exception.
 */

export type BkashStatus = { statusCode: string; statusMessage: string };
export type BkashToken = BkashStatus & { id_token: string; token_type: string; expires_in: number; refresh_token: string };
export type BkashCreateResponse = BkashStatus & {
  paymentID: string;
  bkashURL: string;
  callbackURL: string;
  successCallbackURL: string;
  failureCallbackURL: string;
  cancelledCallbackURL: string;
  amount: string;
  intent: string;
  currency: string;
  paymentCreateTime: string;
  transactionStatus: string;
  merchantInvoiceNumber: string;
};
export type BkashExecuteResponse = BkashStatus & {
  paymentID: string;
  trxID: string;
  transactionStatus: string;
  amount: string;
  currency: string;
  intent: string;
  paymentExecuteTime: string;
  merchantInvoiceNumber: string;
  payerReference: string;
  customerMsisdn: string;
};
export type BkashQueryResponse = BkashStatus & {
  paymentID: string;
  mode: string;
  paymentCreateTime: string;
  paymentExecuteTime?: string;
  trxID?: string;
  transactionStatus: string;
  amount: string;
  currency: string;
  intent: string;
  merchantInvoiceNumber: string;
  verificationStatus?: string;
  payerReference?: string;
};
export type BkashRefundResponse = BkashStatus & {
  completedTime: string;
  transactionStatus: string;
  originalTrxID: string;
  refundTrxID: string;
  amount: string;
  currency: string;
  charge: string;
};

export const BKASH_OK = '0000';

/** The network failed or the gateway answered something that is not its JSON: nothing is known. */
export class GatewayError extends Error {}

/** bKash amounts are taka with two decimals ('1250.00'); ours are poisha. */
export const bkashAmount = (poisha: number) => (poisha / 100).toFixed(2);
export const poishaOf = (amount: string | undefined) =>
  amount && /^\d+(\.\d{1,2})?$/.test(amount.trim()) ? Math.round(Number(amount) * 100) : NaN;

/** Refresh a little before bKash's expiry (an hour): a token must never expire mid-call. */
const EARLY_MS = 5 * 60_000;
/** bKash refresh tokens live 28 days; after that, a new grant. */
const REFRESH_LIFETIME_MS = 27 * 24 * 60 * 60_000;

export class BkashClient {
  private token: { id: string; refresh: string; expiresAt: number; refreshUntil: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly config: BkashConfig,
    private readonly transport: Transport,
    private readonly clock: Clock,
  ) {}

  private url(path: string) {
    return `${this.config.baseUrl}/tokenized/checkout${path}`;
  }

  private async post<T>(path: string, body: object, headers: Record<string, string>): Promise<{ status: number; body: T }> {
    let res;
    try {
      res = await this.transport(this.url(path), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    } catch (err) {
      throw new GatewayError(`bKash ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) as T };
    } catch {
      throw new GatewayError(`bKash ${path}: HTTP ${res.status}, not JSON`);
    }
  }

  private async grant(): Promise<string> {
    const { appKey, appSecret, username, password } = this.config;
    const canRefresh = this.token && this.token.refreshUntil > this.clock.nowMs();
    const { body } = canRefresh
      ? await this.post<BkashToken>(
          '/token/refresh',
          { app_key: appKey, app_secret: appSecret, refresh_token: this.token!.refresh },
          { username, password },
        )
      : await this.post<BkashToken>('/token/grant', { app_key: appKey, app_secret: appSecret }, { username, password });
    if (body.statusCode !== BKASH_OK || !body.id_token) {
      // A refused refresh falls back to a fresh grant once.
      if (canRefresh) {
        this.token = null;
        return this.grant();
      }
      throw new GatewayError(`bKash token: ${body.statusCode} ${body.statusMessage}`);
    }
    const now = this.clock.nowMs();
    this.token = {
      id: body.id_token,
      refresh: body.refresh_token,
      expiresAt: now + body.expires_in * 1000 - EARLY_MS,
      refreshUntil: canRefresh ? this.token!.refreshUntil : now + REFRESH_LIFETIME_MS,
    };
    return body.id_token;
  }

  /** The current id_token: granted once, refreshed before it expires, shared by parallel calls. */
  async idToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.clock.nowMs()) return this.token.id;
    this.pending ??= this.grant().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** An authorised call; a 401 (token revoked early) is retried once with a fresh token. */
  private async call<T extends BkashStatus>(path: string, body: object): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.idToken();
      const res = await this.post<T>(path, body, { authorization: token, 'x-app-key': this.config.appKey });
      if (res.status === 401 && attempt === 0) {
        if (this.token) this.token.expiresAt = 0;
        continue;
      }
      if (res.status >= 500 || typeof res.body?.statusCode !== 'string') throw new GatewayError(`bKash ${path}: HTTP ${res.status}`);
      return res.body;
    }
  }

  createPayment(input: { amount: number; invoice: string; payerReference: string; callbackURL: string }): Promise<BkashCreateResponse> {
    return this.call('/create', {
      mode: '0011',
      payerReference: input.payerReference,
      callbackURL: input.callbackURL,
      amount: bkashAmount(input.amount),
      currency: 'BDT',
      intent: 'sale',
      merchantInvoiceNumber: input.invoice,
    });
  }

  executePayment(paymentID: string): Promise<BkashExecuteResponse> {
    return this.call('/execute', { paymentID });
  }

  queryPayment(paymentID: string): Promise<BkashQueryResponse> {
    return this.call('/payment/status', { paymentID });
  }

  /** Gives `amount` poisha of an executed payment back (all of it or a part); bKash answers at once. */
  refund(input: { paymentID: string; trxID: string; amount: number; sku: string; reason: string }): Promise<BkashRefundResponse> {
    return this.call('/payment/refund', {
      paymentID: input.paymentID,
      trxID: input.trxID,
      amount: bkashAmount(input.amount),
      sku: input.sku,
      reason: input.reason,
    });
  }

  /** The refund status (v1.2.0-beta): the same endpoint with only paymentID and trxID answers the payment's latest refund. */
  refundStatus(input: { paymentID: string; trxID: string }): Promise<BkashRefundResponse> {
    return this.call('/payment/refund', { paymentID: input.paymentID, trxID: input.trxID });
  }
}
