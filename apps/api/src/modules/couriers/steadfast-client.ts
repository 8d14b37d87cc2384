import type { Transport } from '../../lib/http-transport.js';
import type { SteadfastConfig } from './config.js';
import { callJson, CourierError, errorText } from './courier-http.js';

/*
 * Steadfast Courier merchant API v1 (bd-integrations.md): every call carries the Api-Key and
 * Secret-Key headers with a JSON body.
 *   POST /create_order                {invoice, recipient_name, recipient_phone, recipient_address, cod_amount, note…} → {status: 200, consignment}
 *   POST /create_order/bulk-order     {data: JSON-encoded array, ≤500} → [{invoice, consignment_id|null, tracking_code|null, status: 'success'|'error'}]
 *   GET  /status_by_cid/{id}, /status_by_invoice/{invoice}, /status_by_trackingcode/{code} → {status: 200, delivery_status}
 *   GET  /fraud_check/{phone}         → {total_parcels, total_delivered, total_cancelled}
 * Steadfast has no cancel call: a booking is withdrawn in its portal.
 */

export const STEADFAST_STATUSES = [
  'pending',
  'delivered_approval_pending',
  'partial_delivered_approval_pending',
  'cancelled_approval_pending',
  'unknown_approval_pending',
  'delivered',
  'partial_delivered',
  'cancelled',
  'hold',
  'in_review',
  'unknown',
] as const;
export type SteadfastStatus = (typeof STEADFAST_STATUSES)[number];

export type SteadfastOrderInput = {
  invoice: string;
  recipient_name: string;
  recipient_phone: string;
  alternative_phone?: string;
  recipient_email?: string;
  recipient_address: string;
  /** Taka, everything included. */
  cod_amount: number;
  note?: string;
  item_description?: string;
  total_lot?: number;
  delivery_type?: 0 | 1;
};

export type SteadfastConsignment = {
  consignment_id: number;
  invoice: string;
  tracking_code: string;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  cod_amount: number;
  status: SteadfastStatus;
  note: string | null;
  created_at: string;
  updated_at: string;
};

export type SteadfastBulkItem = {
  invoice: string;
  recipient_name: string;
  recipient_address: string;
  recipient_phone: string;
  cod_amount: number;
  note: string | null;
  consignment_id: number | null;
  tracking_code: string | null;
  status: 'success' | 'error';
  /** Why an item failed, where Steadfast says. */
  error?: string;
};

export type SteadfastFraudCheck = { total_parcels: number; total_delivered: number; total_cancelled: number };

type StatusAnswer = { status: number; delivery_status?: SteadfastStatus; message?: string };

export class SteadfastClient {
  constructor(
    private readonly config: Pick<SteadfastConfig, 'baseUrl' | 'apiKey' | 'secretKey'>,
    private readonly transport: Transport,
  ) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
    const res = await callJson<T>(
      'steadfast',
      this.transport,
      `${this.config.baseUrl}${path}`,
      method,
      { 'api-key': this.config.apiKey, 'secret-key': this.config.secretKey },
      body,
    );
    if (res.status === 401 || res.status === 403) throw new CourierError('steadfast', 'Steadfast refused the API keys', true, res.status);
    if (res.status >= 500) throw new CourierError('steadfast', `Steadfast ${path}: HTTP ${res.status}`, false, res.status);
    return res;
  }

  async createOrder(input: SteadfastOrderInput): Promise<SteadfastConsignment> {
    const { status, body } = await this.call<{ status?: number; message?: string; consignment?: SteadfastConsignment }>(
      'POST',
      '/create_order',
      input,
    );
    if (status !== 200 || body.status !== 200 || !body.consignment)
      throw new CourierError('steadfast', errorText(body, `Steadfast refused the order (HTTP ${status})`), true, status);
    return body.consignment;
  }

  /** Up to 500 orders in one call; each comes back with its own success or error. */
  async createOrders(items: SteadfastOrderInput[]): Promise<SteadfastBulkItem[]> {
    const { status, body } = await this.call<SteadfastBulkItem[] | { message?: string }>('POST', '/create_order/bulk-order', {
      data: JSON.stringify(items),
    });
    if (status !== 200 || !Array.isArray(body))
      throw new CourierError('steadfast', errorText(body, `Steadfast refused the bulk order (HTTP ${status})`), true, status);
    return body;
  }

  private async status(path: string): Promise<SteadfastStatus> {
    const { status, body } = await this.call<StatusAnswer>('GET', path);
    if (status !== 200 || body.status !== 200 || !body.delivery_status)
      throw new CourierError('steadfast', errorText(body, `Steadfast ${path}: HTTP ${status}`), true, status);
    return body.delivery_status;
  }

  statusByConsignment(consignmentId: string | number) {
    return this.status(`/status_by_cid/${encodeURIComponent(String(consignmentId))}`);
  }
  statusByInvoice(invoice: string) {
    return this.status(`/status_by_invoice/${encodeURIComponent(invoice)}`);
  }
  statusByTrackingCode(code: string) {
    return this.status(`/status_by_trackingcode/${encodeURIComponent(code)}`);
  }

  /** A phone's record across every Steadfast merchant (11-digit local number). */
  async fraudCheck(phone: string): Promise<SteadfastFraudCheck> {
    const { status, body } = await this.call<Partial<SteadfastFraudCheck> & { message?: string }>(
      'GET',
      `/fraud_check/${encodeURIComponent(phone)}`,
    );
    if (status !== 200 || typeof body.total_parcels !== 'number')
      throw new CourierError('steadfast', errorText(body, `Steadfast fraud check: HTTP ${status}`), true, status);
    return {
      total_parcels: body.total_parcels,
      total_delivered: Number(body.total_delivered ?? 0),
      total_cancelled: Number(body.total_cancelled ?? 0),
    };
  }
}
