import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../../lib/clock.js';
import { SIMULATOR_PATHS, WEBHOOK_PATHS, type SteadfastConfig } from '../config.js';
import { STEADFAST_STATUSES } from '../steadfast-client.js';
import { SIMULATOR_MOVES } from '../status-map.js';
import { dhakaStamp, type SimParcel, type SimulatorDesk } from './desk.js';

/*
 * Steadfast's merchant API v1 in memory, as its documentation describes it: Api-Key and Secret-Key
 * on every call (401 otherwise), create_order with its validation, the bulk order with a result per
 * item, the three status lookups, the fraud check (figures derived from the phone, so they are
 * stable), and the delivery_status webhook with `Authorization: Bearer <token>` when a parcel moves.
 */

const BASE = SIMULATOR_PATHS.steadfast;
const PHONE = /^01\d{9}$/;
const INVOICE = /^[A-Za-z0-9_-]+$/;

type OrderFields = Record<string, unknown>;

export function steadfastSimulator(
  credentials: Pick<SteadfastConfig, 'apiKey' | 'secretKey' | 'webhookToken'>,
  publicBase: string,
  clock: Clock,
) {
  const parcels = new Map<string, SimParcel>();
  let nextId = 1_424_107;

  const authorised = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers['api-key'] === credentials.apiKey && request.headers['secret-key'] === credentials.secretKey) return true;
    void reply.status(401).send({ status: 401, message: 'Unauthorized: invalid Api-Key or Secret-Key' });
    return false;
  };

  /** The documented rules of one order; the field errors Laravel-style, or null when it is valid. */
  function problems(f: OrderFields): Record<string, string[]> | null {
    const errors: Record<string, string[]> = {};
    const str = (k: string) => (typeof f[k] === 'string' ? (f[k] as string) : typeof f[k] === 'number' ? String(f[k]) : '');
    if (!str('invoice')) errors.invoice = ['The invoice field is required.'];
    else if (!INVOICE.test(str('invoice'))) errors.invoice = ['The invoice may only contain letters, numbers, dashes and underscores.'];
    else if ([...parcels.values()].some((p) => p.invoice === str('invoice'))) errors.invoice = ['The invoice has already been taken.'];
    if (!str('recipient_name').trim()) errors.recipient_name = ['The recipient name field is required.'];
    else if (str('recipient_name').length > 100) errors.recipient_name = ['The recipient name may not be greater than 100 characters.'];
    if (!PHONE.test(str('recipient_phone'))) errors.recipient_phone = ['The recipient phone must be 11 digits.'];
    if (f.alternative_phone !== undefined && f.alternative_phone !== null && !PHONE.test(str('alternative_phone')))
      errors.alternative_phone = ['The alternative phone must be 11 digits.'];
    if (!str('recipient_address').trim()) errors.recipient_address = ['The recipient address field is required.'];
    else if (str('recipient_address').length > 250)
      errors.recipient_address = ['The recipient address may not be greater than 250 characters.'];
    const cod = Number(f.cod_amount);
    if (f.cod_amount === undefined || f.cod_amount === null || f.cod_amount === '' || !Number.isFinite(cod) || cod < 0)
      errors.cod_amount = ['The cod amount must be a number of at least 0.'];
    return Object.keys(errors).length ? errors : null;
  }

  function book(f: OrderFields): SimParcel {
    const at = clock.now();
    const address = String(f.recipient_address);
    const p: SimParcel = {
      courier: 'steadfast',
      id: String((nextId += 1)),
      trackingCode: randomBytes(4).toString('hex').toUpperCase(),
      invoice: String(f.invoice),
      name: String(f.recipient_name),
      phone: String(f.recipient_phone),
      address,
      cod: Number(f.cod_amount),
      // Steadfast's tariff: 60 inside Dhaka, 110 elsewhere (the simulator reads the address).
      fee: /dhaka/i.test(address) ? 60 : 110,
      status: 'in_review',
      collected: null,
      createdAt: at,
      updatedAt: at,
      history: [{ status: 'in_review', at }],
    };
    parcels.set(p.id, p);
    return p;
  }

  const consignment = (p: SimParcel, note: unknown) => ({
    consignment_id: Number(p.id),
    invoice: p.invoice,
    tracking_code: p.trackingCode,
    recipient_name: p.name,
    recipient_phone: p.phone,
    recipient_address: p.address,
    cod_amount: p.cod,
    status: p.status,
    note: typeof note === 'string' ? note : null,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  });

  const desk: SimulatorDesk = {
    courier: 'steadfast',
    parcels,
    move(p, status, options) {
      if (!SIMULATOR_MOVES.steadfast.includes(status) || !(STEADFAST_STATUSES as readonly string[]).includes(status)) return null;
      if (status === 'delivered') p.collected = p.cod;
      else if (status === 'partial_delivered') p.collected = options.collected ?? Math.floor(p.cod / 2);
      else if (status === 'cancelled') p.collected = 0;
      const messages: Record<string, string> = {
        pending: 'The parcel is on its way to the delivery hub.',
        hold: 'The parcel is on hold at the hub.',
        delivered: 'The parcel has been delivered.',
        partial_delivered: 'The parcel has been partially delivered.',
        cancelled: options.reason ?? 'The customer refused the parcel; it returns to the merchant.',
      };
      if (!credentials.webhookToken) return { status, webhook: null };
      return {
        status,
        webhook: {
          url: `${publicBase}${WEBHOOK_PATHS.steadfast}`,
          request: {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${credentials.webhookToken}` },
            body: JSON.stringify({
              notification_type: 'delivery_status',
              consignment_id: Number(p.id),
              invoice: p.invoice,
              cod_amount: p.collected ?? p.cod,
              status,
              delivery_charge: p.fee,
              tracking_message: messages[status] ?? status,
              updated_at: dhakaStamp(clock.now()),
            }),
          },
        },
      };
    },
  };

  async function routes(app: FastifyInstance) {
    app.post(`${BASE}/create_order`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const f = (request.body ?? {}) as OrderFields;
      const errors = problems(f);
      if (errors) return reply.status(400).send({ status: 400, message: 'Validation failed.', errors });
      const p = book(f);
      return { status: 200, message: 'Consignment has been created successfully.', consignment: consignment(p, f.note) };
    });

    app.post(`${BASE}/create_order/bulk-order`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const raw = (request.body as { data?: unknown } | null)?.data;
      let items: unknown;
      try {
        items = typeof raw === 'string' ? JSON.parse(raw) : raw;
      } catch {
        items = null;
      }
      if (!Array.isArray(items) || items.length === 0 || items.length > 500)
        return reply.status(400).send({ status: 400, message: 'data must be a JSON array of 1 to 500 orders.' });
      return items.map((item: unknown) => {
        const f = (item && typeof item === 'object' ? item : {}) as OrderFields;
        const echo = {
          invoice: f.invoice ?? null,
          recipient_name: f.recipient_name ?? null,
          recipient_address: f.recipient_address ?? null,
          recipient_phone: f.recipient_phone ?? null,
          cod_amount: f.cod_amount ?? null,
          note: f.note ?? null,
        };
        const errors = problems(f);
        if (errors)
          return { ...echo, consignment_id: null, tracking_code: null, status: 'error', error: Object.values(errors).flat().join(' ') };
        const p = book(f);
        return { ...echo, consignment_id: Number(p.id), tracking_code: p.trackingCode, status: 'success' };
      });
    });

    const lookup = (path: string, find: (key: string) => SimParcel | undefined) =>
      app.get(`${BASE}/${path}/:key`, { schema: { hide: true } }, async (request, reply) => {
        if (!authorised(request, reply)) return reply;
        const p = find((request.params as { key: string }).key);
        if (!p) return reply.status(404).send({ status: 404, message: 'Consignment not found.' });
        return { status: 200, delivery_status: p.status };
      });
    lookup('status_by_cid', (key) => parcels.get(key));
    lookup('status_by_invoice', (key) => [...parcels.values()].find((p) => p.invoice === key));
    lookup('status_by_trackingcode', (key) => [...parcels.values()].find((p) => p.trackingCode === key));

    app.get(`${BASE}/get_balance`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const balance = [...parcels.values()].reduce((sum, p) => sum + (p.collected ? p.collected - p.fee : 0), 0);
      return { status: 200, current_balance: balance };
    });

    app.get(`${BASE}/fraud_check/:phone`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const phone = (request.params as { phone: string }).phone;
      if (!PHONE.test(phone)) return reply.status(422).send({ status: 422, message: 'The phone must be 11 digits.' });
      // Stable figures from the number itself: the same phone always has the same record.
      const seed = [...phone].reduce((n, d) => (n * 31 + Number(d)) % 10_007, 7);
      const total = seed % 25;
      const cancelled = total === 0 ? 0 : seed % (Math.floor(total / 2) + 1);
      return { total_parcels: total, total_delivered: total - cancelled, total_cancelled: cancelled, total_fraud_reports: [] };
    });
  }

  return { desk, routes };
}
