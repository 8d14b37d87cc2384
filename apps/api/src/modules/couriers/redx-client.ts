import type { Transport } from '../../lib/http-transport.js';
import type { RedxConfig } from './config.js';
import { callJson, CourierError, errorText } from './courier-http.js';

/*
 * RedX OpenAPI v1.0.0-beta (bd-integrations.md); every call carries `API-ACCESS-TOKEN: Bearer <token>`.
 *   POST  /parcel                {customer_name, customer_phone, delivery_area, delivery_area_id, customer_address,
 *                                 merchant_invoice_id, cash_collection_amount (string), parcel_weight (grams), value…} → {tracking_id}
 *   GET   /parcel/info/{id}      → {parcel: {tracking_id, status, charge, cash_collection_amount…}}
 *   GET   /parcel/track/{id}     → {tracking: [{message_en, message_bn, time}]}
 *   GET   /areas[?post_code=|?district_name=] → {areas: [{id, name, post_code, division_name, zone_id}]}
 *   PATCH /parcels               {entity_type: 'parcel-tracking-id', entity_id, update_details: {property_name: 'status', new_value: 'cancelled', reason}}
 * RedX has no bulk booking.
 */

export const REDX_STATUSES = [
  'pickup-pending',
  'ready-for-delivery',
  'delivery-in-progress',
  'delivered',
  'agent-hold',
  'agent-returning',
  'returned',
  'agent-area-change',
  'cancelled',
] as const;

export type RedxParcelInput = {
  customer_name: string;
  customer_phone: string;
  delivery_area: string;
  delivery_area_id: number;
  customer_address: string;
  merchant_invoice_id: string;
  /** Taka, as a string. */
  cash_collection_amount: string;
  /** Grams. */
  parcel_weight: number;
  instruction?: string;
  /** Declared value, taka. */
  value: number;
  is_closed_box?: boolean;
  pickup_store_id?: number;
  parcel_details_json?: { name: string; category: string; value: number }[];
};

export type RedxParcel = {
  tracking_id: string;
  customer_address: string;
  delivery_area: string;
  delivery_area_id: number;
  charge: number;
  customer_name: string;
  customer_phone: string;
  cash_collection_amount: number;
  parcel_weight: number;
  merchant_invoice_id: string;
  status: string;
  instruction: string;
  created_at: string;
  delivery_type: string;
  value: number;
};
export type RedxTracking = { message_en: string; message_bn: string; time: string };
export type RedxArea = { id: number; name: string; post_code: number; division_name: string; zone_id: number };

export class RedxClient {
  constructor(
    private readonly config: Pick<RedxConfig, 'baseUrl' | 'apiToken'>,
    private readonly transport: Transport,
  ) {}

  private async call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
    const res = await callJson<T>(
      'redx',
      this.transport,
      `${this.config.baseUrl}${path}`,
      method,
      { 'api-access-token': `Bearer ${this.config.apiToken}` },
      body,
    );
    if (res.status === 401 || res.status === 403) throw new CourierError('redx', 'RedX refused the API token', true, res.status);
    if (res.status >= 500) throw new CourierError('redx', `RedX ${path}: HTTP ${res.status}`, false, res.status);
    if (res.status >= 300) throw new CourierError('redx', errorText(res.body, `RedX ${path}: HTTP ${res.status}`), true, res.status);
    return res.body;
  }

  async createParcel(input: RedxParcelInput): Promise<{ tracking_id: string }> {
    const body = await this.call<{ tracking_id?: string }>('POST', '/parcel', input);
    if (!body.tracking_id) throw new CourierError('redx', 'RedX answered without a tracking id', true);
    return { tracking_id: body.tracking_id };
  }

  async parcelInfo(trackingId: string): Promise<RedxParcel> {
    return (await this.call<{ parcel: RedxParcel }>('GET', `/parcel/info/${encodeURIComponent(trackingId)}`)).parcel;
  }

  async track(trackingId: string): Promise<RedxTracking[]> {
    return (await this.call<{ tracking: RedxTracking[] }>('GET', `/parcel/track/${encodeURIComponent(trackingId)}`)).tracking;
  }

  async areas(filter: { post_code?: number; district_name?: string } = {}): Promise<RedxArea[]> {
    const q = new URLSearchParams(Object.entries(filter).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return (await this.call<{ areas: RedxArea[] }>('GET', `/areas${q ? `?${q}` : ''}`)).areas;
  }

  /** Withdraws a parcel RedX has not picked up yet. */
  async cancelParcel(trackingId: string, reason: string): Promise<void> {
    const body = await this.call<{ success?: boolean; message?: string }>('PATCH', '/parcels', {
      entity_type: 'parcel-tracking-id',
      entity_id: trackingId,
      update_details: { property_name: 'status', new_value: 'cancelled', reason },
    });
    if (!body.success) throw new CourierError('redx', errorText(body, 'RedX refused the cancellation'), true);
  }
}
