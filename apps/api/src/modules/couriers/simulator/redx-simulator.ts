import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../../lib/clock.js';
import { SIMULATOR_PATHS, WEBHOOK_PATHS, type RedxConfig } from '../config.js';
import { SIMULATOR_MOVES } from '../status-map.js';
import type { SimParcel, SimulatorDesk } from './desk.js';

/*
 * RedX's OpenAPI (v1.0.0-beta) in memory: `API-ACCESS-TOKEN: Bearer <token>` on every call (401
 * otherwise), POST /parcel with RedX's required fields, parcel info and tracking, the area list
 * (filtered by post code or district), the PATCH that cancels a parcel not picked up yet; a move
 * calls the shop's callback URL with the token in its query string, as RedX does.
 */

const BASE = SIMULATOR_PATHS.redx;
const PHONE = /^01\d{9}$/;

const AREAS = [
  { id: 1, name: 'Dhanmondi', post_code: 1209, division_name: 'Dhaka', district_name: 'Dhaka', zone_id: 1 },
  { id: 2, name: 'Gulshan', post_code: 1212, division_name: 'Dhaka', district_name: 'Dhaka', zone_id: 1 },
  { id: 3, name: 'Mirpur', post_code: 1216, division_name: 'Dhaka', district_name: 'Dhaka', zone_id: 1 },
  { id: 4, name: 'Uttara', post_code: 1230, division_name: 'Dhaka', district_name: 'Dhaka', zone_id: 1 },
  { id: 50, name: 'Agrabad', post_code: 4100, division_name: 'Chattogram', district_name: 'Chattogram', zone_id: 2 },
  { id: 80, name: 'Zindabazar', post_code: 3100, division_name: 'Sylhet', district_name: 'Sylhet', zone_id: 3 },
];

const MESSAGES: Record<string, [string, string]> = {
  'pickup-pending': ['Parcel is waiting for pickup', 'পার্সেল পিকআপের অপেক্ষায়'],
  'ready-for-delivery': ['Parcel is ready for delivery', 'পার্সেল ডেলিভারির জন্য প্রস্তুত'],
  'delivery-in-progress': ['Parcel is out for delivery', 'পার্সেল ডেলিভারির পথে'],
  delivered: ['Parcel is delivered', 'পার্সেল ডেলিভারি হয়েছে'],
  'agent-returning': ['Parcel is being returned', 'পার্সেল ফেরত যাচ্ছে'],
  returned: ['Parcel is returned to the merchant', 'পার্সেল মার্চেন্টের কাছে ফেরত দেওয়া হয়েছে'],
  cancelled: ['Parcel is cancelled', 'পার্সেল বাতিল করা হয়েছে'],
};

type RedxSimParcel = SimParcel & { areaId: number; area: string; weight: number; value: number; instruction: string; deliveryType: string };

export function redxSimulator(credentials: Pick<RedxConfig, 'apiToken' | 'webhookToken'>, publicBase: string, clock: Clock) {
  const parcels = new Map<string, RedxSimParcel>();

  const authorised = (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['api-access-token'];
    if (header === `Bearer ${credentials.apiToken}`) return true;
    void reply.status(401).send({ message: 'Unauthorized' });
    return false;
  };

  function parcelJson(p: RedxSimParcel) {
    return {
      tracking_id: p.id,
      customer_address: p.address,
      delivery_area: p.area,
      delivery_area_id: p.areaId,
      charge: p.fee,
      customer_name: p.name,
      customer_phone: p.phone,
      cash_collection_amount: p.cod,
      parcel_weight: p.weight,
      merchant_invoice_id: p.invoice,
      status: p.status,
      instruction: p.instruction,
      created_at: p.createdAt.toISOString(),
      delivery_type: p.deliveryType,
      value: p.value,
      pickup_location: { id: 1, name: 'Glow Bazaar warehouse', address: 'Tejgaon, Dhaka', area_name: 'Tejgaon', area_id: 5 },
    };
  }

  const desk: SimulatorDesk = {
    courier: 'redx',
    parcels,
    move(p, requested, options) {
      // 'partial-delivery' is the page's word for a delivery RedX marks with delivery_type partial-delivery.
      const partial = requested === 'partial-delivery';
      const status = partial ? 'delivered' : requested;
      if (!partial && !SIMULATOR_MOVES.redx.includes(status)) return null;
      const parcel = parcels.get(p.id)!;
      if (status === 'delivered') p.collected = partial ? (options.collected ?? Math.floor(p.cod / 2)) : p.cod;
      if (status === 'returned') p.collected = 0;
      parcel.deliveryType = partial ? 'partial-delivery' : 'regular';
      const [en, bn] = MESSAGES[status] ?? [status, status];
      if (!credentials.webhookToken) return { status, webhook: null };
      return {
        status,
        webhook: {
          url: `${publicBase}${WEBHOOK_PATHS.redx}?token=${encodeURIComponent(credentials.webhookToken)}`,
          request: {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              tracking_number: p.id,
              timestamp: clock.now().toISOString(),
              status,
              message_en: en,
              message_bn: bn,
              invoice_number: p.invoice,
              delivery_type: parcel.deliveryType,
            }),
          },
        },
      };
    },
  };

  async function routes(app: FastifyInstance) {
    app.post(`${BASE}/parcel`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const f = (request.body ?? {}) as Record<string, unknown>;
      const str = (k: string) => (typeof f[k] === 'string' ? (f[k] as string).trim() : '');
      const missing = ['customer_name', 'customer_phone', 'delivery_area', 'customer_address'].filter((k) => !str(k));
      for (const k of ['delivery_area_id', 'parcel_weight', 'value', 'cash_collection_amount'])
        if (f[k] === undefined || f[k] === null || f[k] === '') missing.push(k);
      if (missing.length) return reply.status(400).send({ message: `${missing.join(', ')} required`, validation_errors: missing });
      if (!PHONE.test(str('customer_phone')))
        return reply.status(400).send({ message: 'Invalid customer_phone', validation_errors: ['customer_phone'] });
      const area = AREAS.find((a) => a.id === Number(f.delivery_area_id));
      if (!area) return reply.status(400).send({ message: 'Invalid delivery_area_id', validation_errors: ['delivery_area_id'] });
      const cod = Number(f.cash_collection_amount);
      if (!Number.isFinite(cod) || cod < 0)
        return reply.status(400).send({ message: 'Invalid cash_collection_amount', validation_errors: ['cash_collection_amount'] });
      const at = clock.now();
      const d = at.toISOString();
      const id = `${d.slice(2, 4)}A${d.slice(5, 7)}${randomBytes(4).toString('hex').toUpperCase().slice(0, 7)}`;
      const p: RedxSimParcel = {
        courier: 'redx',
        id,
        trackingCode: id,
        invoice: str('merchant_invoice_id'),
        name: str('customer_name'),
        phone: str('customer_phone'),
        address: str('customer_address'),
        cod,
        fee: area.division_name === 'Dhaka' ? 60 : 100,
        status: 'pickup-pending',
        collected: null,
        createdAt: at,
        updatedAt: at,
        history: [{ status: 'pickup-pending', at }],
        areaId: area.id,
        area: area.name,
        weight: Number(f.parcel_weight),
        value: Number(f.value),
        instruction: str('instruction'),
        deliveryType: 'regular',
      };
      parcels.set(id, p);
      return { tracking_id: id };
    });

    app.get(`${BASE}/parcel/info/:id`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const p = parcels.get((request.params as { id: string }).id);
      if (!p) return reply.status(404).send({ message: 'Parcel not found' });
      return { parcel: parcelJson(p) };
    });

    app.get(`${BASE}/parcel/track/:id`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const p = parcels.get((request.params as { id: string }).id);
      if (!p) return reply.status(404).send({ message: 'Parcel not found' });
      return {
        tracking: p.history.map((h) => {
          const [en, bn] = MESSAGES[h.status] ?? [h.status, h.status];
          return { message_en: en, message_bn: bn, time: h.at.toISOString() };
        }),
      };
    });

    app.get(`${BASE}/areas`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const q = request.query as { post_code?: string; district_name?: string };
      const areas = AREAS.filter(
        (a) =>
          (!q.post_code || String(a.post_code) === q.post_code) &&
          (!q.district_name || a.district_name.toLowerCase() === q.district_name.toLowerCase()),
      ).map(({ district_name: _district, ...a }) => a);
      return { areas };
    });

    app.patch(`${BASE}/parcels`, { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const f = (request.body ?? {}) as { entity_type?: unknown; entity_id?: unknown; update_details?: Record<string, unknown> };
      if (
        f.entity_type !== 'parcel-tracking-id' ||
        f.update_details?.property_name !== 'status' ||
        f.update_details.new_value !== 'cancelled'
      )
        return reply.status(400).send({ success: false, message: 'Invalid update request' });
      const p = typeof f.entity_id === 'string' ? parcels.get(f.entity_id) : undefined;
      if (!p) return reply.status(404).send({ success: false, message: 'Parcel not found' });
      if (p.status !== 'pickup-pending')
        return reply.status(400).send({ success: false, message: 'Parcel can not be cancelled at this stage' });
      const at = clock.now();
      p.status = 'cancelled';
      p.updatedAt = at;
      p.history.push({ status: 'cancelled', at });
      return { success: true, message: 'Request Accepted' };
    });
  }

  return { desk, routes };
}
