import type { Clock } from '../../lib/clock.js';
import type { Transport } from '../../lib/http-transport.js';
import type { PathaoConfig } from './config.js';
import { callJson, CourierError, errorText } from './courier-http.js';

/*
 * Pathao Courier merchant API (bd-integrations.md), every path under /aladdin/api/v1:
 *   POST /issue-token          {client_id, client_secret, grant_type: 'password', username, password}
 *                              (or grant_type 'refresh_token' + refresh_token) → {access_token, refresh_token, expires_in}
 *   GET  /city-list, /cities/{id}/zone-list, /zones/{id}/area-list → {data: {data: [...]}}
 *   POST /orders               {store_id, merchant_order_id, recipient_*, delivery_type 48, item_type 2, item_quantity, item_weight, amount_to_collect}
 *                              → {code: 200, data: {consignment_id, merchant_order_id, order_status, delivery_fee}}
 *   POST /orders/bulk          {orders: [...]} → HTTP 202 {data: true}: queued, no consignment ids (they come by webhook)
 *   GET  /orders/{id}/info     → {data: {consignment_id, merchant_order_id, order_status, order_status_slug, updated_at}}
 *   POST /merchant/price-plan  {store_id, item_type, delivery_type, item_weight, recipient_city, recipient_zone} → {data: {price, final_price…}}
 * Every call but the token carries `Authorization: Bearer <access_token>`. Errors: {type: 'error', code, message, errors}.
 */

const PREFIX = '/aladdin/api/v1';
/** Renew a little before Pathao's expiry, so a token never runs out mid-call. */
const EARLY_MS = 5 * 60_000;

type Envelope<T> = { type?: string; code?: number; message?: string; errors?: Record<string, string[]>; data?: T };
type TokenAnswer = { token_type?: string; expires_in?: number; access_token?: string; refresh_token?: string; message?: string };

export type PathaoOrderInput = {
  merchant_order_id: string;
  recipient_name: string;
  recipient_phone: string;
  recipient_secondary_phone?: string;
  recipient_address: string;
  recipient_city?: number;
  recipient_zone?: number;
  recipient_area?: number;
  /** 48 normal, 12 on demand. */
  delivery_type: 48 | 12;
  /** 1 document, 2 parcel. */
  item_type: 1 | 2;
  special_instruction?: string;
  item_quantity: number;
  /** Kilograms, 0.5 to 10. */
  item_weight: number;
  item_description?: string;
  /** Taka; 0 when paid already. */
  amount_to_collect: number;
};
export type PathaoCreated = { consignment_id: string; merchant_order_id: string; order_status: string; delivery_fee: number };
export type PathaoOrderInfo = {
  consignment_id: string;
  merchant_order_id: string;
  order_status: string;
  order_status_slug: string;
  updated_at: string;
  invoice_id: string | null;
};
export type PathaoCity = { city_id: number; city_name: string };
export type PathaoZone = { zone_id: number; zone_name: string };
export type PathaoArea = { area_id: number; area_name: string; home_delivery_available: boolean; pickup_available: boolean };
export type PathaoPrice = {
  price: number;
  discount: number;
  promo_discount: number;
  plan_id: number;
  cod_enabled: number;
  cod_percentage: number;
  additional_charge: number;
  final_price: number;
};

export class PathaoClient {
  private token: { access: string; refresh: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly config: Omit<PathaoConfig, 'webhookSecret'>,
    private readonly transport: Transport,
    private readonly clock: Clock,
  ) {}

  get storeId(): number {
    return this.config.storeId;
  }

  private url(path: string) {
    return `${this.config.baseUrl}${PREFIX}${path}`;
  }

  private async issue(): Promise<string> {
    const { clientId, clientSecret, username, password } = this.config;
    const refresh = this.token?.refresh;
    const body = refresh
      ? { client_id: clientId, client_secret: clientSecret, grant_type: 'refresh_token', refresh_token: refresh }
      : { client_id: clientId, client_secret: clientSecret, grant_type: 'password', username, password };
    const res = await callJson<TokenAnswer>('pathao', this.transport, this.url('/issue-token'), 'POST', {}, body);
    if (res.status !== 200 || !res.body.access_token) {
      // A refused refresh token falls back to a password grant once.
      if (refresh) {
        this.token = null;
        return this.issue();
      }
      throw new CourierError('pathao', errorText(res.body, `Pathao refused the credentials (HTTP ${res.status})`), true, res.status);
    }
    this.token = {
      access: res.body.access_token,
      refresh: res.body.refresh_token ?? '',
      expiresAt: this.clock.nowMs() + (res.body.expires_in ?? 3600) * 1000 - EARLY_MS,
    };
    return res.body.access_token;
  }

  /** The access token: issued once, cached until shortly before it expires, then refreshed; parallel calls share one issue. */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.clock.nowMs()) return this.token.access;
    this.pending ??= this.issue().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** An authorised call; a 401 (token revoked early) is retried once with a new token. */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: Envelope<T> }> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const res = await callJson<Envelope<T>>('pathao', this.transport, this.url(path), method, { authorization: `Bearer ${token}` }, body);
      if (res.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      if (res.status >= 500) throw new CourierError('pathao', `Pathao ${path}: HTTP ${res.status}`, false, res.status);
      if (res.status === 429) throw new CourierError('pathao', 'Pathao: too many requests, try again in a minute', false, 429);
      return res;
    }
  }

  private async data<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await this.call<T>(method, path, body);
    if (res.status !== 200 || res.body.data === undefined)
      throw new CourierError('pathao', errorText(res.body, `Pathao ${path}: HTTP ${res.status}`), true, res.status);
    return res.body.data;
  }

  async createOrder(input: PathaoOrderInput): Promise<PathaoCreated> {
    return this.data<PathaoCreated>('POST', '/orders', { store_id: this.config.storeId, ...input });
  }

  /** Pathao queues a bulk request (HTTP 202) and books the parcels later: their consignment ids arrive by webhook. */
  async createOrdersBulk(orders: PathaoOrderInput[]): Promise<void> {
    const res = await this.call<boolean>('POST', '/orders/bulk', { orders: orders.map((o) => ({ store_id: this.config.storeId, ...o })) });
    if (res.status !== 202 && res.status !== 200)
      throw new CourierError('pathao', errorText(res.body, `Pathao refused the bulk order (HTTP ${res.status})`), true, res.status);
  }

  orderInfo(consignmentId: string): Promise<PathaoOrderInfo> {
    return this.data<PathaoOrderInfo>('GET', `/orders/${encodeURIComponent(consignmentId)}/info`);
  }

  async cities(): Promise<PathaoCity[]> {
    return (await this.data<{ data: PathaoCity[] }>('GET', '/city-list')).data;
  }
  async zones(cityId: number): Promise<PathaoZone[]> {
    return (await this.data<{ data: PathaoZone[] }>('GET', `/cities/${cityId}/zone-list`)).data;
  }
  async areas(zoneId: number): Promise<PathaoArea[]> {
    return (await this.data<{ data: PathaoArea[] }>('GET', `/zones/${zoneId}/area-list`)).data;
  }

  pricePlan(input: { item_type: 1 | 2; delivery_type: 48 | 12; item_weight: number; recipient_city: number; recipient_zone: number }) {
    return this.data<PathaoPrice>('POST', '/merchant/price-plan', { store_id: this.config.storeId, ...input });
  }
}
