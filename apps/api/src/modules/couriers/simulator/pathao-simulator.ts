import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../../lib/clock.js';
import { SIMULATOR_PATHS, WEBHOOK_PATHS, type PathaoConfig } from '../config.js';
import { pathaoKey, SIMULATOR_MOVES } from '../status-map.js';
import { dhakaStamp, type SimParcel, type SimulatorDesk } from './desk.js';

/*
 * Pathao's merchant API ("aladdin") in memory, as Pathao documents it: issue-token by password or
 * refresh token (access tokens last an hour), Bearer on every other call (401 otherwise), the city,
 * zone and area lists, orders with Pathao's validation (422 with errors per field), the queued bulk
 * call (202), order info and the price plan; a move sends the webhook with X-PATHAO-Signature.
 */

const BASE = `${SIMULATOR_PATHS.pathao}/aladdin/api/v1`;
const TOKEN_TTL_S = 3600;
const PHONE = /^01\d{9}$/;

const CITIES = [
  { city_id: 1, city_name: 'Dhaka' },
  { city_id: 2, city_name: 'Chattogram' },
];
const ZONES: Record<number, { zone_id: number; zone_name: string }[]> = {
  1: [
    { zone_id: 1, zone_name: 'Dhanmondi' },
    { zone_id: 2, zone_name: 'Gulshan' },
    { zone_id: 3, zone_name: 'Mirpur' },
  ],
  2: [{ zone_id: 20, zone_name: 'Agrabad' }],
};
const AREAS: Record<number, { area_id: number; area_name: string; home_delivery_available: boolean; pickup_available: boolean }[]> = {
  1: [{ area_id: 11, area_name: 'Dhanmondi 27', home_delivery_available: true, pickup_available: true }],
  2: [{ area_id: 21, area_name: 'Gulshan 1', home_delivery_available: true, pickup_available: true }],
  3: [{ area_id: 31, area_name: 'Mirpur 10', home_delivery_available: true, pickup_available: true }],
  20: [{ area_id: 201, area_name: 'Agrabad C/A', home_delivery_available: true, pickup_available: false }],
};

const title = (slug: string) => slug.replace(/(^|-)(\w)/g, (_m, sep: string, c: string) => `${sep ? ' ' : ''}${c.toUpperCase()}`);
const alnum = (n: number) => Array.from(randomBytes(n), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');

export function pathaoSimulator(
  credentials: Pick<PathaoConfig, 'clientId' | 'clientSecret' | 'username' | 'password' | 'storeId' | 'webhookSecret'>,
  publicBase: string,
  clock: Clock,
) {
  const parcels = new Map<string, SimParcel & { merchantOrderId: string }>();
  const tokens = new Map<string, number>();
  const refreshTokens = new Set<string>();

  const error = (reply: FastifyReply, code: number, message: string, errors?: Record<string, string[]>) =>
    reply.status(code).send({ type: 'error', code, message, ...(errors ? { errors } : {}) });

  const authorised = (request: FastifyRequest, reply: FastifyReply) => {
    const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const expires = token ? tokens.get(token) : undefined;
    if (expires && expires > clock.nowMs()) return true;
    void error(reply, 401, 'Unauthenticated.');
    return false;
  };

  function issue() {
    const access = randomBytes(24).toString('base64url');
    const refresh = randomBytes(24).toString('base64url');
    tokens.set(access, clock.nowMs() + TOKEN_TTL_S * 1000);
    refreshTokens.add(refresh);
    return { token_type: 'Bearer', expires_in: TOKEN_TTL_S, access_token: access, refresh_token: refresh };
  }

  function problems(f: Record<string, unknown>): Record<string, string[]> | null {
    const e: Record<string, string[]> = {};
    const str = (k: string) => (typeof f[k] === 'string' ? (f[k] as string) : '');
    const len = (k: string, min: number, max: number, what: string) => {
      const v = str(k).trim();
      if (v.length < min || v.length > max) e[k] = [`The ${what} must be between ${min} and ${max} characters.`];
    };
    if (Number(f.store_id) !== credentials.storeId) e.store_id = ['The selected store id is invalid.'];
    len('recipient_name', 3, 100, 'recipient name');
    if (!PHONE.test(str('recipient_phone'))) e.recipient_phone = ['The recipient phone must be 11 digits.'];
    len('recipient_address', 10, 220, 'recipient address');
    if (f.delivery_type !== 48 && f.delivery_type !== 12) e.delivery_type = ['The selected delivery type is invalid.'];
    if (f.item_type !== 1 && f.item_type !== 2) e.item_type = ['The selected item type is invalid.'];
    if (!Number.isInteger(f.item_quantity) || (f.item_quantity as number) < 1) e.item_quantity = ['The item quantity must be at least 1.'];
    const weight = Number(f.item_weight);
    if (!Number.isFinite(weight) || weight < 0.5 || weight > 10) e.item_weight = ['The item weight must be between 0.5 and 10.'];
    const cod = Number(f.amount_to_collect);
    if (f.amount_to_collect === undefined || !Number.isFinite(cod) || cod < 0)
      e.amount_to_collect = ['The amount to collect must be a number.'];
    return Object.keys(e).length ? e : null;
  }

  function book(f: Record<string, unknown>) {
    const at = clock.now();
    const d = dhakaStamp(at);
    const id = `DL${d.slice(8, 10)}${d.slice(5, 7)}${d.slice(2, 4)}${alnum(6)}`;
    const address = String(f.recipient_address);
    const p = {
      courier: 'pathao' as const,
      id,
      trackingCode: id,
      invoice: String(f.merchant_order_id ?? ''),
      merchantOrderId: String(f.merchant_order_id ?? ''),
      name: String(f.recipient_name),
      phone: String(f.recipient_phone),
      address,
      cod: Number(f.amount_to_collect),
      fee: /dhaka/i.test(address) ? 60 : 110,
      status: 'pending',
      collected: null,
      createdAt: at,
      updatedAt: at,
      history: [{ status: 'pending', at }],
    };
    parcels.set(id, p);
    return p;
  }

  const desk: SimulatorDesk = {
    courier: 'pathao',
    parcels,
    move(p, status, options) {
      if (!SIMULATOR_MOVES.pathao.includes(status)) return null;
      const slug = pathaoKey(status);
      const at = clock.now();
      const extra: Record<string, unknown> = {};
      if (slug === 'delivered') extra.collected_amount = p.collected = p.cod;
      if (slug === 'partial-delivery') extra.collected_amount = p.collected = options.collected ?? Math.floor(p.cod / 2);
      if (slug === 'returned') {
        p.collected = 0;
        extra.reason = options.reason ?? 'Customer refused to receive';
      }
      if (!credentials.webhookSecret) return { status: slug, webhook: null };
      return {
        status: slug,
        webhook: {
          url: `${publicBase}${WEBHOOK_PATHS.pathao}`,
          request: {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-pathao-signature': credentials.webhookSecret },
            body: JSON.stringify({
              consignment_id: p.id,
              merchant_order_id: p.invoice,
              updated_at: dhakaStamp(at),
              timestamp: at.toISOString(),
              store_id: credentials.storeId,
              event: `order.${slug}`,
              delivery_fee: p.fee,
              ...extra,
            }),
          },
        },
      };
    },
  };

  async function routes(app: FastifyInstance) {
    app.post(`${BASE}/issue-token`, { schema: { hide: true } }, async (request, reply) => {
      const f = (request.body ?? {}) as Record<string, unknown>;
      if (f.client_id !== credentials.clientId || f.client_secret !== credentials.clientSecret)
        return error(reply, 401, 'Client authentication failed');
      if (f.grant_type === 'password') {
        if (f.username !== credentials.username || f.password !== credentials.password)
          return error(reply, 400, 'The user credentials were incorrect.');
        return issue();
      }
      if (f.grant_type === 'refresh_token') {
        if (typeof f.refresh_token !== 'string' || !refreshTokens.delete(f.refresh_token))
          return error(reply, 401, 'The refresh token is invalid.');
        return issue();
      }
      return error(reply, 400, 'The authorization grant type is not supported by the authorization server.');
    });

    const list = <T>(data: T[]) => ({ message: 'Data fetched successfully', type: 'success', code: 200, data: { data } });
    app.get(`${BASE}/city-list`, { schema: { hide: true } }, async (request, reply) => (authorised(request, reply) ? list(CITIES) : reply));
    app.get(`${BASE}/cities/:id/zone-list`, { schema: { hide: true } }, async (request, reply) =>
      authorised(request, reply) ? list(ZONES[Number((request.params as { id: string }).id)] ?? []) : reply,
    );
    app.get(`${BASE}/zones/:id/area-list`, { schema: { hide: true } }, async (request, reply) =>
      authorised(request, reply) ? list(AREAS[Number((request.params as { id: string }).id)] ?? []) : reply,
    );

    app.post(`${BASE}/orders`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const f = (request.body ?? {}) as Record<string, unknown>;
      const errors = problems(f);
      if (errors) return error(reply, 422, 'Please fix the given errors', errors);
      const p = book(f);
      return {
        message: 'Order Created Successfully',
        type: 'success',
        code: 200,
        data: { consignment_id: p.id, merchant_order_id: p.merchantOrderId, order_status: 'Pending', delivery_fee: p.fee },
      };
    });

    app.post(`${BASE}/orders/bulk`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const orders = (request.body as { orders?: unknown } | null)?.orders;
      if (!Array.isArray(orders) || orders.length === 0)
        return error(reply, 422, 'Please fix the given errors', { orders: ['The orders field is required.'] });
      // Pathao books a bulk request later; the simulator books the valid ones at once.
      for (const o of orders) if (o && typeof o === 'object' && !problems(o as Record<string, unknown>)) book(o as Record<string, unknown>);
      return reply.status(202).send({ message: 'Your bulk request is queued', type: 'success', code: 202, data: true });
    });

    app.get(`${BASE}/orders/:id/info`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const p = parcels.get((request.params as { id: string }).id);
      if (!p) return error(reply, 404, 'Order not found');
      return {
        message: 'Order info',
        type: 'success',
        code: 200,
        data: {
          consignment_id: p.id,
          merchant_order_id: p.merchantOrderId,
          order_status: title(p.status),
          order_status_slug: title(p.status).replace(/ /g, '_'),
          updated_at: dhakaStamp(p.updatedAt),
          invoice_id: null,
        },
      };
    });

    app.post(`${BASE}/merchant/price-plan`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const f = (request.body ?? {}) as Record<string, unknown>;
      const weight = Number(f.item_weight);
      if (Number(f.store_id) !== credentials.storeId || !Number.isFinite(weight) || weight < 0.5 || weight > 10)
        return error(reply, 422, 'Please fix the given errors', { item_weight: ['The item weight must be between 0.5 and 10.'] });
      const price = (Number(f.recipient_city) === 1 ? 60 : 110) + Math.max(0, Math.ceil(weight - 1)) * 15;
      return {
        message: 'price',
        type: 'success',
        code: 200,
        data: {
          price,
          discount: 0,
          promo_discount: 0,
          plan_id: 69,
          cod_enabled: 1,
          cod_percentage: 0.01,
          additional_charge: 0,
          final_price: price,
        },
      };
    });
  }

  return { desk, routes };
}
