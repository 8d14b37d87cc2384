import { createHash, timingSafeEqual } from 'node:crypto';
import { GatewayError } from './bkash-client.js';
import type { SslCommerzConfig } from './config.js';
import type { Transport } from '../../lib/http-transport.js';

/*
 * SSLCommerz (API v4), the calls and fields of its developer docs:
 *   POST /gwprocess/v4/api.php (form)                         session init → status SUCCESS, sessionkey, GatewayPageURL
 *   GET  /validator/api/validationserverAPI.php?val_id=…      the validation API → status VALID | VALIDATED | INVALID_TRANSACTION
 *   GET  /validator/api/merchantTransIDvalidationAPI.php?tran_id=…                     transactions of a tran_id
 *   GET  /validator/api/merchantTransIDvalidationAPI.php?bank_tran_id=…&refund_amount=…&refund_remarks=…&refund_trans_id=…
 *        refund initiate (a part or all; refund_trans_id is ours, one per refund) → status success | processing | failed, refund_ref_id
 *   GET  /validator/api/merchantTransIDvalidationAPI.php?refund_ref_id=…  refund status → refunded | processing | cancelled
 * The shopper comes back by a form POST to success_url / fail_url / cancel_url, and the IPN is a
 * form POST to ipn_url; both carry verify_sign = md5 of the fields named in verify_key plus
 * store_passwd = md5(store password), sorted by name and joined as k=v&k=v.
 */

export type SslInitResponse = {
  status: 'SUCCESS' | 'FAILED';
  failedreason: string;
  sessionkey?: string;
  GatewayPageURL?: string;
  redirectGatewayURL?: string;
  directPaymentURL?: string;
  storeBanner?: string;
  storeLogo?: string;
  is_direct_pay_enable?: string;
  gw?: Record<string, string>;
  desc?: { name: string; type: string; logo: string; gw: string; r_flag?: string; redirectGatewayURL: string }[];
};

export type SslTransaction = {
  status: string;
  tran_date: string;
  tran_id: string;
  val_id: string;
  amount: string;
  store_amount: string;
  currency: string;
  bank_tran_id: string;
  card_type: string;
  card_no: string;
  card_issuer: string;
  card_brand: string;
  card_issuer_country: string;
  card_issuer_country_code: string;
  currency_type: string;
  currency_amount: string;
  currency_rate: string;
  base_fair: string;
  value_a: string;
  value_b: string;
  value_c: string;
  value_d: string;
  risk_title: string;
  risk_level: string;
  validated_on?: string;
  gw_version?: string;
  APIConnect?: string;
};

export type SslValidation = Partial<SslTransaction> & { status: string; APIConnect?: string };
export type SslQueryResponse = { APIConnect: string; no_of_trans_found: number; element: SslTransaction[] };
export type SslRefundResponse = {
  APIConnect: string;
  bank_tran_id: string;
  trans_id?: string;
  refund_ref_id?: string;
  /** success (initiated), processing (initiated already), failed; absent when APIConnect is not DONE. */
  status?: string;
  errorReason?: string;
};

export type SslRefundStatusResponse = {
  APIConnect: string;
  bank_tran_id?: string;
  tran_id?: string;
  refund_ref_id?: string;
  initiated_on?: string;
  refunded_on?: string;
  /** refunded, processing or cancelled; absent when APIConnect is not DONE. */
  status?: string;
  errorReason?: string;
};

export type SslInitRequest = {
  tranId: string;
  amount: number;
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string;
  multiCardName: string;
  customer: { name: string; email: string; phone: string; address: string; city: string; postcode: string; country: string };
  /** Home delivery sends the address as ship_*; pickup sends shipping_method NO. */
  shipTo: { name: string; address: string; city: string; postcode: string; country: string } | null;
  productName: string;
  numItems: number;
  /** Passed through to every return and IPN (value_a): our order number. */
  valueA: string;
};

/** SSLCommerz amounts are taka with two decimals. */
export const sslAmount = (poisha: number) => (poisha / 100).toFixed(2);

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** verify_sign over the fields listed (the gateway's algorithm; the simulator signs with it too). */
export function computeVerifySign(fields: Record<string, string>, keys: string[], storePassword: string): string {
  const data: Record<string, string> = {};
  for (const k of keys) if (k in fields) data[k] = fields[k]!;
  data.store_passwd = md5(storePassword);
  const joined = Object.keys(data)
    .sort()
    .map((k) => `${k}=${data[k]}`)
    .join('&');
  return md5(joined);
}

/** Signs a return or IPN the way SSLCommerz does: every field is listed in verify_key. */
export function signSslFields(fields: Record<string, string>, storePassword: string): Record<string, string> {
  const keys = Object.keys(fields).filter((k) => k !== 'verify_sign' && k !== 'verify_key' && k !== 'verify_sign_sha2');
  return { ...fields, verify_key: keys.join(','), verify_sign: computeVerifySign(fields, keys, storePassword) };
}

/** True when verify_sign matches verify_key's fields and our store password (constant-time compare). */
export function verifySslSign(fields: Record<string, string>, storePassword: string): boolean {
  const sign = fields.verify_sign;
  const key = fields.verify_key;
  if (!sign || !key || !/^[0-9a-f]{32}$/i.test(sign)) return false;
  const keys = key.split(',').filter(Boolean);
  // The fields that decide the payment must be among the signed ones.
  const decisive = ['tran_id', 'amount', 'currency', 'status', ...(fields.val_id ? ['val_id'] : [])];
  if (!decisive.every((k) => keys.includes(k))) return false;
  const expected = Buffer.from(computeVerifySign(fields, keys, storePassword), 'hex');
  return timingSafeEqual(expected, Buffer.from(sign.toLowerCase(), 'hex'));
}

export class SslCommerzClient {
  constructor(
    private readonly config: SslCommerzConfig,
    private readonly transport: Transport,
  ) {}

  private async request<T>(method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<T> {
    const creds = { store_id: this.config.storeId, store_passwd: this.config.storePassword };
    const query = new URLSearchParams(method === 'GET' ? { ...params, ...creds, format: 'json' } : {});
    const url = `${this.config.baseUrl}${path}${method === 'GET' ? `?${query}` : ''}`;
    let res;
    try {
      res = await this.transport(url, {
        method,
        headers: { accept: 'application/json', ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(method === 'POST' ? { body: new URLSearchParams({ ...creds, ...params }).toString() } : {}),
      });
    } catch (err) {
      throw new GatewayError(`SSLCommerz ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (res.status >= 500) throw new GatewayError(`SSLCommerz ${path}: HTTP ${res.status}`);
    const text = await res.text();
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new GatewayError(`SSLCommerz ${path}: HTTP ${res.status}, not JSON`);
    }
  }

  initSession(r: SslInitRequest): Promise<SslInitResponse> {
    const ship: Record<string, string> = r.shipTo
      ? {
          shipping_method: 'YES',
          ship_name: r.shipTo.name,
          ship_add1: r.shipTo.address,
          ship_city: r.shipTo.city,
          ship_postcode: r.shipTo.postcode,
          ship_country: r.shipTo.country,
        }
      : { shipping_method: 'NO' };
    return this.request('POST', '/gwprocess/v4/api.php', {
      total_amount: sslAmount(r.amount),
      currency: 'BDT',
      tran_id: r.tranId,
      success_url: r.successUrl,
      fail_url: r.failUrl,
      cancel_url: r.cancelUrl,
      ipn_url: r.ipnUrl,
      multi_card_name: r.multiCardName,
      cus_name: r.customer.name,
      cus_email: r.customer.email,
      cus_add1: r.customer.address,
      cus_city: r.customer.city,
      cus_postcode: r.customer.postcode,
      cus_country: r.customer.country,
      cus_phone: r.customer.phone,
      ...ship,
      num_of_item: String(r.numItems),
      product_name: r.productName,
      product_category: 'Beauty and personal care',
      product_profile: 'physical-goods',
      value_a: r.valueA,
    });
  }

  validate(valId: string): Promise<SslValidation> {
    return this.request('GET', '/validator/api/validationserverAPI.php', { val_id: valId, v: '1' });
  }

  queryByTranId(tranId: string): Promise<SslQueryResponse> {
    return this.request('GET', '/validator/api/merchantTransIDvalidationAPI.php', { tran_id: tranId });
  }

  /** Initiates a refund of `amount` poisha (all or a part); refundTransId is ours, unique per refund, so a repeat is the same refund. */
  refund(input: {
    bankTranId: string;
    amount: number;
    remarks: string;
    refundTransId: string;
    refId?: string;
  }): Promise<SslRefundResponse> {
    return this.request('GET', '/validator/api/merchantTransIDvalidationAPI.php', {
      bank_tran_id: input.bankTranId,
      refund_amount: sslAmount(input.amount),
      refund_remarks: input.remarks,
      refund_trans_id: input.refundTransId,
      ...(input.refId ? { refe_id: input.refId } : {}),
      v: '1',
    });
  }

  refundStatus(refundRefId: string): Promise<SslRefundStatusResponse> {
    return this.request('GET', '/validator/api/merchantTransIDvalidationAPI.php', { refund_ref_id: refundRefId });
  }
}
