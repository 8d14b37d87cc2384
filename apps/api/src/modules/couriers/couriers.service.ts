import { createHash, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  BulkBookResult,
  CourierAvailability,
  CourierBalance,
  CourierEvent,
  FraudCheck,
  Payout,
  PayoutInput,
  Shipment,
  ShipmentWithEvents,
} from '@store/shared/admin-couriers';
import { COURIER_LABELS, COURIERS, type Courier, type OrderStatus, type PaymentStatus } from '@store/shared/checkout-rules';
import * as messages from '@store/shared/messages';
import { canonicalBdMobile } from '@store/shared/phone';
import type { Env } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { DbCtx, RequestCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { Transport } from '../../lib/http-transport.js';
import { stockChanged } from '../../lib/content-changes.js';
import {
  addOrderEvent,
  amountTaken,
  feeAwaited,
  getOrder,
  lockOrder,
  orderLinesOf,
  setOrderParcel,
  transitionOrder,
  type OrderRow,
} from '../orders/index.js';
import { recordAudit } from '../staff/index.js';
import { WEBHOOK_PATHS, type CourierConfigs } from './config.js';
import { CourierError, localPhone, poishaOf, takaOf } from './courier-http.js';
import { courierEvents, courierPayouts, shipments, type ShipmentState } from './couriers.tables.js';
import { PathaoClient, type PathaoOrderInput } from './pathao-client.js';
import { RedxClient, type RedxArea } from './redx-client.js';
import { ORDER_STATUS_OF, isFinalShipment, movesForward, pathaoKey, shipmentStateOf } from './status-map.js';
import { SteadfastClient, type SteadfastOrderInput } from './steadfast-client.js';

/*
 * Parcels with Steadfast, Pathao and RedX (issue 18). The orders module owns the order and its
 * transition function; this module books the parcel, keeps what each courier says about it
 * (courier_events) and moves the order through the orders module's door as the parcel moves.
 */

export type ShipmentRow = typeof shipments.$inferSelect;
type EventRow = typeof courierEvents.$inferSelect;
type Outcome = EventRow['outcome'];

/** A webhook as it arrived: the reply the courier expects goes back. */
export type WebhookRequest = { headers: Record<string, string | string[] | undefined>; query: unknown; body: unknown };
export type WebhookReply = { status: number; body: unknown; headers?: Record<string, string> };

/** What the shop learnt about a parcel from a webhook or a poll, in its own words. */
type Update = {
  source: 'webhook' | 'poll';
  eventKey: string | null;
  courierStatus: string;
  state: ShipmentState | null;
  message: string;
  /** Poisha the courier says it collected, and its fee, when it says. */
  collected?: number | null;
  fee?: number | null;
  detail: Record<string, unknown>;
};

type Booked = { consignmentId: string; trackingCode: string; courierStatus: string; fee: number | null };

/** Pathao answers the integration handshake with this constant (Pathao's official plugin). */
export const PATHAO_INTEGRATION_SECRET = 'f3992ecc-59da-4cbe-a049-a13da2018d51';

const FRAUD_CACHE_MS = 6 * 3600_000;
const AREA_CACHE_MS = 24 * 3600_000;
const POLL_BATCH = 50;
const BOOKABLE: readonly OrderStatus[] = ['confirmed', 'packed'];
const PAID_ONLINE: readonly PaymentStatus[] = ['paid', 'partially_refunded', 'refunded'];

/** Compares a presented secret with the expected one in constant time (hashes first: lengths may differ). */
function sameSecret(presented: string | undefined, expected: string | null): boolean {
  if (!presented || !expected) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const header = (h: WebhookRequest['headers'], name: string) => {
  const v = h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};
const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function trackingUrl(s: Pick<ShipmentRow, 'courier' | 'trackingCode'>, simulated: boolean): string | null {
  if (simulated) return null;
  const code = encodeURIComponent(s.trackingCode);
  if (s.courier === 'steadfast') return `https://steadfast.com.bd/t/${code}`;
  if (s.courier === 'pathao') return `https://merchant.pathao.com/tracking?consignment_id=${code}`;
  return `https://redx.com.bd/track-parcel/?trackingId=${code}`;
}

function toEvent(e: EventRow): CourierEvent {
  return {
    id: e.id,
    source: e.source,
    courier_status: e.courierStatus,
    state: e.state,
    message: e.message,
    outcome: e.outcome as CourierEvent['outcome'],
    at: e.createdAt.toISOString(),
  };
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string; message?: string };
    if (pg.code === '23505' && (pg.constraint === constraint || pg.message?.includes(constraint))) return true;
  }
  return false;
}

export type CouriersDeps = { db: Db; env: Env; clock: Clock; log: FastifyBaseLogger; transport: Transport; config: CourierConfigs };

export class Couriers {
  readonly steadfast: SteadfastClient | null;
  readonly pathao: PathaoClient | null;
  readonly redx: RedxClient | null;
  private readonly fraudCache = new Map<string, { at: number; value: FraudCheck }>();
  private readonly areaCache = new Map<string, { at: number; areas: RedxArea[] }>();

  constructor(private readonly deps: CouriersDeps) {
    const { config, transport, clock } = deps;
    this.steadfast = config.steadfast ? new SteadfastClient(config.steadfast, transport) : null;
    this.pathao = config.pathao ? new PathaoClient(config.pathao, transport, clock) : null;
    this.redx = config.redx ? new RedxClient(config.redx, transport) : null;
  }

  private configured(courier: Courier): boolean {
    return this.deps.config[courier] !== null;
  }

  /** The couriers the shop can book with now, and whether a simulator stands in for each. */
  available(): CourierAvailability[] {
    const base = this.deps.env.PUBLIC_URL.replace(/\/$/, '');
    return COURIERS.filter((c) => this.configured(c)).map((courier) => ({
      courier,
      label: COURIER_LABELS[courier],
      simulated: this.deps.config.simulated[courier],
      bulk: courier === 'steadfast',
      cancel_api: courier === 'redx',
      webhook_url: `${base}${WEBHOOK_PATHS[courier]}${courier === 'redx' ? '?token=<REDX_WEBHOOK_TOKEN>' : ''}`,
    }));
  }

  toShipment(s: ShipmentRow): Shipment {
    return {
      id: s.id,
      order_id: s.orderId,
      courier: s.courier,
      consignment_id: s.consignmentId,
      tracking_code: s.trackingCode,
      tracking_url: trackingUrl(s, this.deps.config.simulated[s.courier]),
      invoice: s.invoice,
      state: s.state,
      courier_status: s.courierStatus,
      cod_amount: s.codAmount,
      delivery_fee: s.deliveryFee,
      collected_amount: s.collectedAmount,
      active: s.active,
      payout_id: s.payoutId,
      booked_by: s.bookedBy,
      created_at: s.createdAt.toISOString(),
      updated_at: s.updatedAt.toISOString(),
    };
  }

  // ----------------------------------------------------------------------------------------------
  // Booking

  private unavailable(courier: Courier): AppError {
    return new AppError('validation_failed', `${COURIER_LABELS[courier]} is not set up on this shop`, { courier: 'Not available' });
  }

  private async activeShipment({ db }: DbCtx, orderId: number): Promise<ShipmentRow | null> {
    const [s] = await db
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, orderId), eq(shipments.active, true)));
    return s ?? null;
  }

  /** Only a confirmed or packed order that travels by courier may be booked (or a shipped one whose booking was cancelled). */
  private assertBookable(order: OrderRow): void {
    if (order.deliveryType === 'pickup')
      throw new AppError('illegal_transition', `Order ${order.number} is picked up at the store: no courier carries it`);
    if (!BOOKABLE.includes(order.status) && order.status !== 'shipped')
      throw new AppError('illegal_transition', `Order ${order.number} is ${order.status}: only a confirmed or packed order can be booked`);
    // A bKash or card order leaves only once paid: the courier must not collect what the gateway is to take.
    const online = order.paymentMethod === 'bkash' || order.paymentMethod === 'card';
    if (online && !PAID_ONLINE.includes(order.paymentStatus))
      throw new AppError('illegal_transition', `Order ${order.number} waits for its online payment: it cannot be booked yet`);
    if (feeAwaited(order))
      throw new AppError('illegal_transition', `Order ${order.number} waits for its delivery fee by bKash: it cannot be booked yet`);
  }

  /** What the courier collects at the door: the total less what was paid online (all of it, or a COD order's delivery fee). */
  private codOf(order: OrderRow): number {
    return PAID_ONLINE.includes(order.paymentStatus) ? 0 : order.total - amountTaken(order);
  }

  private async recipient(ctx: DbCtx, order: OrderRow) {
    const a = order.shippingAddress;
    const lines = await orderLinesOf(ctx.db, order.id);
    const items = lines.reduce((n, l) => n + l.quantity, 0);
    const description = lines
      .map((l) => `${l.productTitle}${l.variantTitle ? ` (${l.variantTitle})` : ''} x${l.quantity}`)
      .join(', ')
      .slice(0, 200);
    const address = a
      ? [a.address_detail, a.additional_info, a.area, a.location].filter((p) => p && p.trim()).join(', ')
      : (order.storeLocation?.address ?? '');
    return {
      name: (a?.name || order.contactName || 'Customer').slice(0, 100),
      phone: localPhone(a?.phone || order.contactPhone || ''),
      address: address.slice(0, 220),
      area: a?.area ?? '',
      district: a?.location ?? '',
      items: Math.max(1, items),
      description,
      // A parcel's weight is not in the catalog: a quarter kilo an item, within the couriers' limits.
      weightKg: Math.min(10, Math.max(0.5, items * 0.25)),
    };
  }

  private async redxArea(district: string, area: string): Promise<RedxArea> {
    const key = district.toLowerCase();
    const now = this.deps.clock.nowMs();
    let cached = this.areaCache.get(key);
    if (!cached || now - cached.at > AREA_CACHE_MS) {
      cached = { at: now, areas: await this.redx!.areas(district ? { district_name: district } : {}) };
      this.areaCache.set(key, cached);
    }
    const wanted = area.toLowerCase();
    const found =
      cached.areas.find((a) => a.name.toLowerCase() === wanted) ??
      cached.areas.find((a) => wanted && (a.name.toLowerCase().includes(wanted) || wanted.includes(a.name.toLowerCase()))) ??
      cached.areas[0];
    if (!found) throw new CourierError('redx', `RedX lists no delivery area in ${district || 'this district'}`, true);
    return found;
  }

  /** Creates the parcel with the courier; its refusal or silence is an AppError('courier_failed'). */
  private async createParcel(ctx: DbCtx, courier: Courier, order: OrderRow, cod: number): Promise<Booked> {
    const r = await this.recipient(ctx, order);
    try {
      if (courier === 'steadfast') {
        const c = await this.steadfast!.createOrder(this.steadfastInput(order, r, cod));
        return { consignmentId: String(c.consignment_id), trackingCode: c.tracking_code, courierStatus: c.status, fee: null };
      }
      if (courier === 'pathao') {
        const c = await this.pathao!.createOrder(this.pathaoInput(order, r, cod));
        return { consignmentId: c.consignment_id, trackingCode: c.consignment_id, courierStatus: 'pending', fee: poishaOf(c.delivery_fee) };
      }
      const area = await this.redxArea(r.district, r.area);
      const { tracking_id } = await this.redx!.createParcel({
        customer_name: r.name,
        customer_phone: r.phone,
        delivery_area: area.name,
        delivery_area_id: area.id,
        customer_address: r.address,
        merchant_invoice_id: order.number,
        cash_collection_amount: String(takaOf(cod)),
        parcel_weight: Math.round(r.weightKg * 1000),
        instruction: order.note.slice(0, 200),
        value: takaOf(order.total),
        parcel_details_json: [],
      });
      return { consignmentId: tracking_id, trackingCode: tracking_id, courierStatus: 'pickup-pending', fee: null };
    } catch (err) {
      if (err instanceof CourierError) throw new AppError('courier_failed', `${COURIER_LABELS[courier]}: ${err.message}`);
      throw err;
    }
  }

  private steadfastInput(order: OrderRow, r: Awaited<ReturnType<Couriers['recipient']>>, cod: number): SteadfastOrderInput {
    return {
      invoice: order.number,
      recipient_name: r.name,
      recipient_phone: r.phone,
      recipient_address: r.address,
      cod_amount: takaOf(cod),
      note: order.note.slice(0, 200),
      item_description: r.description,
      total_lot: r.items,
      delivery_type: 0,
    };
  }

  private pathaoInput(order: OrderRow, r: Awaited<ReturnType<Couriers['recipient']>>, cod: number): PathaoOrderInput {
    return {
      merchant_order_id: order.number,
      recipient_name: r.name,
      recipient_phone: r.phone,
      recipient_address: r.address,
      delivery_type: order.deliveryType === 'same_day' ? 12 : 48,
      item_type: 2,
      special_instruction: order.note.slice(0, 200),
      item_quantity: r.items,
      item_weight: r.weightKg,
      item_description: r.description,
      amount_to_collect: takaOf(cod),
    };
  }

  /** Writes a booked parcel: the shipment row, the order's parcel, the move to shipped, the event and the audit row. */
  private async recordBooking(tx: RequestCtx, order: OrderRow, courier: Courier, booked: Booked, cod: number, staffId: number | null) {
    const at = tx.clock.now();
    const [row] = await tx.db
      .insert(shipments)
      .values({
        orderId: order.id,
        courier,
        consignmentId: booked.consignmentId,
        trackingCode: booked.trackingCode,
        invoice: order.number,
        state: 'booked',
        courierStatus: booked.courierStatus,
        codAmount: cod,
        deliveryFee: booked.fee,
        bookedBy: staffId,
        createdAt: at,
        updatedAt: at,
        polledAt: at,
      })
      .returning();
    const s = row!;
    await tx.db.insert(courierEvents).values({
      shipmentId: s.id,
      courier,
      source: 'booking',
      courierStatus: booked.courierStatus,
      state: 'booked',
      message: `Booked with ${COURIER_LABELS[courier]}`,
      outcome: 'accepted',
      detail: { consignment_id: s.consignmentId, tracking_code: s.trackingCode, cod_amount: cod },
      createdAt: at,
    });
    await setOrderParcel(tx, order.id, { courier, consignmentId: s.consignmentId, trackingCode: s.trackingCode }, at);
    await transitionOrder(tx, order.id, { status: 'shipped' }, `booked with ${COURIER_LABELS[courier]}`, at, {
      staffId,
      detail: { courier, consignment_id: s.consignmentId, tracking_code: s.trackingCode },
    });
    await recordAudit(tx, { action: 'shipment.book', entity: 'order', entityId: order.id, before: null, after: this.toShipment(s) });
    return s;
  }

  /**
   * Books an order's parcel with a courier and moves the order to shipped, all in one transaction
   * with the order locked: a second click finds the parcel the first one booked. A courier's
   * refusal or silence writes nothing (AppError 'courier_failed').
   */
  async book(
    ctx: RequestCtx,
    orderId: number,
    courier: Courier,
    staffId: number | null,
  ): Promise<{ shipment: Shipment; created: boolean }> {
    if (!this.configured(courier)) throw this.unavailable(courier);
    return ctx.db.transaction(async (db) => {
      const tx = { ...ctx, db };
      const order = await lockOrder(tx, orderId);
      if (!order) throw new AppError('order_not_found', messages.orderNotFound());
      const active = await this.activeShipment(tx, orderId);
      if (active) return { shipment: this.toShipment(active), created: false };
      this.assertBookable(order);
      const cod = this.codOf(order);
      const booked = await this.createParcel(tx, courier, order, cod);
      return { shipment: this.toShipment(await this.recordBooking(tx, order, courier, booked, cod, staffId)), created: true };
    });
  }

  /**
   * Books many orders with one courier; each order gets its own answer. Steadfast takes them in one
   * bulk call. Pathao's bulk call is queued and answers no consignment ids (they come later by
   * webhook), so Pathao, like RedX (no bulk call), is booked one order at a time.
   */
  async bookMany(ctx: RequestCtx, orderIds: number[], courier: Courier, staffId: number | null): Promise<BulkBookResult[]> {
    if (!this.configured(courier)) throw this.unavailable(courier);
    const failure = (orderId: number, err: unknown): BulkBookResult => {
      if (!(err instanceof AppError)) throw err;
      return { order_id: orderId, ok: false, created: false, shipment: null, error: { code: err.code, message: err.message } };
    };
    if (courier !== 'steadfast') {
      const results: BulkBookResult[] = [];
      for (const id of orderIds) {
        try {
          const { shipment, created } = await this.book(ctx, id, courier, staffId);
          results.push({ order_id: id, ok: true, created, shipment, error: null });
        } catch (err) {
          results.push(failure(id, err));
        }
      }
      return results;
    }
    return ctx.db.transaction(async (db) => {
      const tx = { ...ctx, db };
      const results = new Map<number, BulkBookResult>();
      const toBook: { order: OrderRow; cod: number; input: SteadfastOrderInput }[] = [];
      // Locked in id order, so two bulk bookings never wait on each other in a circle.
      for (const id of [...orderIds].sort((a, b) => a - b)) {
        try {
          const order = await lockOrder(tx, id);
          if (!order) throw new AppError('order_not_found', messages.orderNotFound());
          const active = await this.activeShipment(tx, id);
          if (active) {
            results.set(id, { order_id: id, ok: true, created: false, shipment: this.toShipment(active), error: null });
            continue;
          }
          this.assertBookable(order);
          const cod = this.codOf(order);
          toBook.push({ order, cod, input: this.steadfastInput(order, await this.recipient(tx, order), cod) });
        } catch (err) {
          results.set(id, failure(id, err));
        }
      }
      if (toBook.length) {
        let answers;
        try {
          answers = await this.steadfast!.createOrders(toBook.map((b) => b.input));
        } catch (err) {
          if (!(err instanceof CourierError)) throw err;
          answers = null;
          for (const b of toBook) results.set(b.order.id, failure(b.order.id, new AppError('courier_failed', `Steadfast: ${err.message}`)));
        }
        for (const b of answers ? toBook : []) {
          const a = answers!.find((x) => x.invoice === b.order.number);
          if (!a || a.status !== 'success' || a.consignment_id === null || !a.tracking_code) {
            results.set(
              b.order.id,
              failure(b.order.id, new AppError('courier_failed', `Steadfast: ${a?.error ?? 'the order was not booked'}`)),
            );
            continue;
          }
          const booked = { consignmentId: String(a.consignment_id), trackingCode: a.tracking_code, courierStatus: 'in_review', fee: null };
          const s = await this.recordBooking(tx, b.order, 'steadfast', booked, b.cod, staffId);
          results.set(b.order.id, { order_id: b.order.id, ok: true, created: true, shipment: this.toShipment(s), error: null });
        }
      }
      return orderIds.map((id) => results.get(id)!);
    });
  }

  /**
   * Withdraws a booking before the courier picks the parcel up. RedX cancels through its API;
   * Steadfast and Pathao have no such call, so staff cancel in the courier's portal and the shop
   * records it. The order keeps its status (shipped) with no parcel, and may be booked again.
   */
  async cancelBooking(ctx: RequestCtx, orderId: number, reason: string, staffId: number | null): Promise<Shipment> {
    return ctx.db.transaction(async (db) => {
      const tx = { ...ctx, db };
      const order = await lockOrder(tx, orderId);
      if (!order) throw new AppError('order_not_found', messages.orderNotFound());
      const s = await this.activeShipment(tx, orderId);
      if (!s) throw new AppError('illegal_transition', `Order ${order.number} has no parcel booked`);
      if (s.state !== 'booked')
        throw new AppError('illegal_transition', `The parcel is ${s.state.replace('_', ' ')}: it can no longer be cancelled`);
      if (s.courier === 'redx') {
        if (!this.redx) throw this.unavailable('redx');
        try {
          await this.redx.cancelParcel(s.consignmentId, reason);
        } catch (err) {
          if (err instanceof CourierError) throw new AppError('courier_failed', `RedX: ${err.message}`);
          throw err;
        }
      }
      const at = tx.clock.now();
      const [row] = await db
        .update(shipments)
        .set({ state: 'cancelled', active: false, updatedAt: at })
        .where(eq(shipments.id, s.id))
        .returning();
      await db.insert(courierEvents).values({
        shipmentId: s.id,
        courier: s.courier,
        source: 'cancel',
        courierStatus: s.courier === 'redx' ? 'cancelled' : s.courierStatus,
        state: 'cancelled',
        message: reason,
        outcome: 'accepted',
        detail: { staff_id: staffId },
        createdAt: at,
      });
      await setOrderParcel(tx, orderId, null, at);
      await addOrderEvent(
        tx,
        orderId,
        { kind: 'courier', what: 'cancelled', reason, detail: { courier: s.courier, consignment_id: s.consignmentId } },
        at,
        {
          staffId,
        },
      );
      await recordAudit(tx, {
        action: 'shipment.cancel',
        entity: 'order',
        entityId: orderId,
        before: this.toShipment(s),
        after: this.toShipment(row!),
      });
      return this.toShipment(row!);
    });
  }

  // ----------------------------------------------------------------------------------------------
  // What couriers say: webhooks and polls

  /** Records a call that proved nothing (a forged token, an unknown parcel) and moves nothing. */
  private async reject(courier: Courier, reason: string, body: Record<string, unknown>) {
    await this.deps.db.insert(courierEvents).values({
      shipmentId: null,
      courier,
      source: 'webhook',
      message: reason,
      outcome: 'rejected',
      // Anyone can send these: what they said is kept as text, cut short.
      detail: { body: JSON.stringify(body).slice(0, 2000) },
      createdAt: this.deps.clock.now(),
    });
  }

  private async shipmentBy(courier: Courier, consignmentId: string): Promise<ShipmentRow | null> {
    if (!consignmentId) return null;
    const [s] = await this.deps.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.courier, courier), eq(shipments.consignmentId, consignmentId)));
    return s ?? null;
  }

  /**
   * Applies one update to a parcel in one transaction: the event is recorded first under its key
   * (a replay finds the key taken, is recorded as a duplicate and moves nothing), then the parcel
   * and its order move forward only. A move the order's transition table refuses (it was cancelled,
   * or already ended) is recorded as ignored.
   */
  async apply(shipmentId: number, u: Update): Promise<Outcome> {
    const outcome = await this.deps.db.transaction(async (db): Promise<Outcome> => {
      const ctx = { db };
      // The order first, then its parcel: the order every booking and cancel takes them in, so a
      // webhook and a staff action on the same parcel queue instead of deadlocking.
      const [parcel] = await db.select({ orderId: shipments.orderId }).from(shipments).where(eq(shipments.id, shipmentId));
      if (!parcel) throw new Error(`shipment ${shipmentId} vanished`);
      await lockOrder(ctx, parcel.orderId);
      const [s] = await db.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
      if (!s) throw new Error(`shipment ${shipmentId} vanished`);
      const now = this.deps.clock.now();
      const event = {
        shipmentId: s.id,
        courier: s.courier,
        source: u.source,
        courierStatus: u.courierStatus,
        state: u.state,
        message: u.message,
        detail: u.detail,
        createdAt: now,
      };
      const [inserted] = await db
        .insert(courierEvents)
        .values({ ...event, eventKey: u.eventKey, outcome: 'accepted' })
        .onConflictDoNothing()
        .returning({ id: courierEvents.id });
      if (!inserted) {
        await db.insert(courierEvents).values({ ...event, eventKey: null, outcome: 'duplicate' });
        return 'duplicate';
      }
      const moved = await this.move(ctx, s, u, now);
      if (moved !== 'accepted') await db.update(courierEvents).set({ outcome: moved }).where(eq(courierEvents.id, inserted.id));
      return moved;
    });
    // A returned parcel's items are back on the shelf: the storefront's cached stock forgets (after the commit).
    if (outcome === 'accepted' && u.state === 'returned') stockChanged();
    return outcome;
  }

  private async move(tx: DbCtx, s: ShipmentRow, u: Update, at: Date): Promise<Outcome> {
    const { db } = tx;
    const target = u.state;
    const fee = u.fee ?? s.deliveryFee;
    const detail = { courier: s.courier, consignment_id: s.consignmentId, courier_status: u.courierStatus, source: u.source };
    if (!target || target === s.state) {
      await db
        .update(shipments)
        .set({ courierStatus: u.courierStatus || s.courierStatus, deliveryFee: fee, updatedAt: at })
        .where(eq(shipments.id, s.id));
      await addOrderEvent(tx, s.orderId, { kind: 'courier', what: target ?? (u.courierStatus || 'update'), reason: u.message, detail }, at);
      return 'accepted';
    }
    if (!s.active || isFinalShipment(s.state) || !movesForward(s.state, target)) return 'ignored';
    const orderStatus = ORDER_STATUS_OF[target];
    let collected = u.collected ?? null;
    if (target === 'delivered' && collected === null) collected = s.codAmount;
    if (target === 'returned' && collected === null) collected = 0;
    if (orderStatus) {
      const order = await getOrder(tx, s.orderId);
      if (!order) return 'ignored';
      const unpaid = order.paymentStatus === 'pending' || order.paymentStatus === 'failed';
      const cashOrder = (s.codAmount > 0 && unpaid) || order.paymentStatus === 'partially_paid';
      // Cash collected at the door pays a COD order; a parcel back unpaid means nothing will be collected
      // (a delivery fee paid first stays with the shop: it paid for the trip).
      const payment: PaymentStatus | undefined =
        cashOrder && target === 'delivered' ? 'paid' : cashOrder && unpaid && target === 'returned' ? 'voided' : undefined;
      try {
        await transitionOrder(
          tx,
          s.orderId,
          { status: orderStatus, ...(payment ? { payment } : {}) },
          `${COURIER_LABELS[s.courier]}: ${u.message || u.courierStatus}`,
          at,
          { detail: { ...detail, ...(collected !== null ? { collected_amount: collected } : {}) } },
        );
      } catch (err) {
        if (err instanceof AppError && err.code === 'illegal_transition') return 'ignored';
        throw err;
      }
    }
    const final = isFinalShipment(target);
    await db
      .update(shipments)
      .set({
        state: target,
        courierStatus: u.courierStatus || s.courierStatus,
        deliveryFee: fee,
        ...(final && target !== 'cancelled' ? { collectedAmount: collected } : {}),
        ...(target === 'cancelled' ? { active: false } : {}),
        updatedAt: at,
      })
      .where(eq(shipments.id, s.id));
    if (target === 'cancelled') await setOrderParcel(tx, s.orderId, null, at);
    await addOrderEvent(
      tx,
      s.orderId,
      {
        kind: 'courier',
        what: target,
        reason: u.message,
        detail: { ...detail, ...(collected !== null ? { collected_amount: collected } : {}) },
      },
      at,
    );
    return 'accepted';
  }

  /** Checks a courier's webhook, records it and moves the parcel; answers as that courier's docs expect. */
  async handleWebhook(courier: Courier, request: WebhookRequest): Promise<WebhookReply> {
    if (courier === 'steadfast') return this.steadfastWebhook(request);
    if (courier === 'pathao') return this.pathaoWebhook(request);
    return this.redxWebhook(request);
  }

  private async steadfastWebhook(request: WebhookRequest): Promise<WebhookReply> {
    const body = asObject(request.body);
    const token = /^Bearer\s+(.+)$/i.exec(header(request.headers, 'authorization') ?? '')?.[1];
    if (!sameSecret(token, this.deps.config.steadfast?.webhookToken ?? null)) {
      await this.reject('steadfast', 'The Bearer token does not match STEADFAST_WEBHOOK_TOKEN', body);
      return { status: 401, body: { status: 'error', message: 'Unauthorized.' } };
    }
    const cid = str(body.consignment_id);
    const s = await this.shipmentBy('steadfast', cid);
    if (!s) {
      await this.reject('steadfast', `No parcel with consignment ${cid || '(none)'}`, body);
      return { status: 404, body: { status: 'error', message: 'Invalid consignment ID.' } };
    }
    const type = str(body.notification_type) || 'delivery_status';
    const status = str(body.status);
    const stamp = str(body.updated_at);
    const message = str(body.tracking_message);
    const update: Update =
      type === 'delivery_status'
        ? {
            source: 'webhook',
            eventKey: `${cid}:${type}:${status}:${stamp}`,
            courierStatus: status,
            state: shipmentStateOf('steadfast', status),
            message: message || status,
            collected: status === 'delivered' || status === 'partial_delivered' ? poishaOf(body.cod_amount) : null,
            fee: poishaOf(body.delivery_charge),
            detail: body,
          }
        : {
            // tracking_update and return_status: a note on the way, no move.
            source: 'webhook',
            eventKey: `${cid}:${type}:${stamp}:${createHash('sha256').update(message).digest('hex').slice(0, 16)}`,
            courierStatus: s.courierStatus,
            state: null,
            message: message || type,
            detail: body,
          };
    await this.apply(s.id, update);
    return { status: 200, body: { status: 'success', message: 'Webhook received successfully.' } };
  }

  private async pathaoWebhook(request: WebhookRequest): Promise<WebhookReply> {
    const body = asObject(request.body);
    if (!sameSecret(header(request.headers, 'x-pathao-signature'), this.deps.config.pathao?.webhookSecret ?? null)) {
      await this.reject('pathao', 'X-PATHAO-Signature does not match PATHAO_WEBHOOK_SECRET', body);
      return { status: 401, body: { message: 'Invalid signature' } };
    }
    if (body.event === 'webhook_integration')
      return {
        status: 202,
        body: { message: 'Webhook integrated' },
        headers: { 'X-Pathao-Merchant-Webhook-Integration-Secret': PATHAO_INTEGRATION_SECRET },
      };
    const cid = str(body.consignment_id);
    const s = await this.shipmentBy('pathao', cid);
    if (!s) {
      // Store events and parcels booked elsewhere: acknowledged, recorded, nothing to move.
      await this.reject('pathao', `No parcel with consignment ${cid || '(none)'}`, body);
      return { status: 202, body: { message: 'Ignored' } };
    }
    const event = str(body.event);
    let status = pathaoKey(event);
    let state = shipmentStateOf('pathao', status);
    let message = str(body.reason) || event;
    const detail: Record<string, unknown> = { ...body };
    // Pathao's secret is one per merchant account: the webhook is a signal, the order info is the truth.
    if (state && this.pathao) {
      try {
        const info = await this.pathao.orderInfo(cid);
        detail.order_info = info;
        const confirmed = pathaoKey(info.order_status_slug || info.order_status);
        if (confirmed !== status) {
          message = `${event}; Pathao's order info says ${info.order_status}`;
          status = confirmed;
          state = shipmentStateOf('pathao', confirmed);
        }
      } catch (err) {
        this.deps.log.warn({ err, consignment: cid }, 'Pathao order info unavailable; the webhook is recorded and the poll follows up');
        state = null;
        message = `${event} (not confirmed with Pathao yet)`;
      }
    }
    const sameAsWebhook = status === pathaoKey(event);
    await this.apply(s.id, {
      source: 'webhook',
      eventKey: `${cid}:${pathaoKey(event)}:${str(body.timestamp) || str(body.updated_at)}`,
      courierStatus: status,
      state,
      message,
      collected: sameAsWebhook ? poishaOf(body.collected_amount) : null,
      fee: poishaOf(body.delivery_fee),
      detail,
    });
    return { status: 202, body: { message: 'Webhook received' } };
  }

  private async redxWebhook(request: WebhookRequest): Promise<WebhookReply> {
    const body = asObject(request.body);
    const query = asObject(request.query);
    if (!sameSecret(str(query.token), this.deps.config.redx?.webhookToken ?? null)) {
      await this.reject('redx', 'The token in the callback URL does not match REDX_WEBHOOK_TOKEN', body);
      return { status: 401, body: { success: false, message: 'Unauthorized' } };
    }
    const id = str(body.tracking_number);
    const s = await this.shipmentBy('redx', id);
    if (!s) {
      await this.reject('redx', `No parcel with tracking number ${id || '(none)'}`, body);
      return { status: 404, body: { success: false, message: 'Parcel not found' } };
    }
    const status = str(body.status);
    const deliveryType = str(body.delivery_type);
    const state = shipmentStateOf('redx', status, deliveryType);
    await this.apply(s.id, {
      source: 'webhook',
      eventKey: `${id}:${status}:${deliveryType}:${str(body.timestamp)}`,
      courierStatus: status,
      state,
      message: str(body.message_en) || status,
      // RedX does not say what it collected on a partial delivery: staff see it on the payout.
      collected: state === 'partially_delivered' ? null : undefined,
      detail: body,
    });
    return { status: 200, body: { success: true, message: 'Webhook received' } };
  }

  /** What the courier says of a parcel now, in the shape of an update (no event key: a poll records changes only). */
  private async askCourier(s: ShipmentRow): Promise<Update> {
    const base = { source: 'poll' as const, eventKey: null };
    if (s.courier === 'steadfast') {
      const status = await this.steadfast!.statusByConsignment(s.consignmentId);
      return {
        ...base,
        courierStatus: status,
        state: shipmentStateOf('steadfast', status),
        message: status,
        detail: { delivery_status: status },
      };
    }
    if (s.courier === 'pathao') {
      const info = await this.pathao!.orderInfo(s.consignmentId);
      const status = pathaoKey(info.order_status_slug || info.order_status);
      return { ...base, courierStatus: status, state: shipmentStateOf('pathao', status), message: info.order_status, detail: { ...info } };
    }
    const parcel = await this.redx!.parcelInfo(s.consignmentId);
    const state = shipmentStateOf('redx', parcel.status, parcel.delivery_type);
    return {
      ...base,
      courierStatus: parcel.status,
      state,
      message: parcel.status,
      fee: poishaOf(parcel.charge),
      collected: state === 'partially_delivered' ? null : undefined,
      detail: { status: parcel.status, delivery_type: parcel.delivery_type, charge: parcel.charge },
    };
  }

  /**
   * One polling pass: asks each courier about parcels on the way, least recently asked first, and
   * applies what changed as a webhook would. Webhooks get lost; this is how the shop catches up.
   */
  async poll(limit = POLL_BATCH): Promise<{ asked: number; changed: number; failed: number }> {
    const { db, clock, log } = this.deps;
    const due = await db
      .select()
      .from(shipments)
      // Written as the partial index shipments_open_idx states it, so the planner walks that index.
      .where(sql`${shipments.state} in ('booked', 'in_transit') and ${shipments.active}`)
      .orderBy(asc(shipments.polledAt))
      .limit(limit);
    let changed = 0;
    let failed = 0;
    let asked = 0;
    for (const s of due) {
      if (!this.configured(s.courier)) continue;
      asked++;
      await db.update(shipments).set({ polledAt: clock.now() }).where(eq(shipments.id, s.id));
      let update: Update;
      try {
        update = await this.askCourier(s);
      } catch (err) {
        failed++;
        log.warn({ err, courier: s.courier, consignment: s.consignmentId }, 'courier poll failed; asked again next pass');
        continue;
      }
      if (update.courierStatus === s.courierStatus) continue;
      if ((await this.apply(s.id, update)) === 'accepted') changed++;
    }
    return { asked, changed, failed };
  }

  // ----------------------------------------------------------------------------------------------
  // Reading

  async shipmentsOf(ctx: DbCtx, orderId: number): Promise<ShipmentWithEvents[]> {
    const rows = await ctx.db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(desc(shipments.id));
    if (!rows.length) return [];
    const events = await ctx.db
      .select()
      .from(courierEvents)
      .where(
        inArray(
          courierEvents.shipmentId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(courierEvents.id));
    return rows.map((s) => ({ ...this.toShipment(s), events: events.filter((e) => e.shipmentId === s.id).map(toEvent) }));
  }

  /** Steadfast's record of a phone across its merchants, kept 6 hours (its calls are rationed); null when Steadfast is not set up. */
  async fraudCheck(phone: string): Promise<FraudCheck | null> {
    if (!this.steadfast) return null;
    const canonical = canonicalBdMobile(phone);
    if (!canonical)
      throw new AppError('validation_failed', 'Enter a Bangladeshi mobile number', { phone: 'Enter a Bangladeshi mobile number' });
    const now = this.deps.clock.nowMs();
    const hit = this.fraudCache.get(canonical);
    if (hit && now - hit.at < FRAUD_CACHE_MS) return hit.value;
    let answer;
    try {
      answer = await this.steadfast.fraudCheck(localPhone(canonical));
    } catch (err) {
      if (err instanceof CourierError) throw new AppError('courier_failed', `Steadfast: ${err.message}`);
      throw err;
    }
    const value: FraudCheck = {
      phone: canonical,
      ...answer,
      success_ratio: answer.total_parcels ? Math.round((answer.total_delivered / answer.total_parcels) * 100) : null,
      checked_at: new Date(now).toISOString(),
    };
    this.fraudCache.set(canonical, { at: now, value });
    return value;
  }

  // ----------------------------------------------------------------------------------------------
  // Cash the couriers collected and pay out

  async unpaidCollections(ctx: DbCtx, courier: Courier): Promise<CourierBalance> {
    const rows = await ctx.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.courier, courier), isNull(shipments.payoutId), isNotNull(shipments.collectedAmount)))
      .orderBy(asc(shipments.id));
    const owed = rows.filter((s) => (s.collectedAmount ?? 0) > 0 || (s.deliveryFee ?? 0) > 0);
    const list = owed.map((s) => {
      const collected = s.collectedAmount ?? 0;
      return {
        shipment_id: s.id,
        order_id: s.orderId,
        invoice: s.invoice,
        consignment_id: s.consignmentId,
        state: s.state,
        collected_amount: collected,
        delivery_fee: s.deliveryFee,
        net: collected - (s.deliveryFee ?? 0),
        updated_at: s.updatedAt.toISOString(),
      };
    });
    return { courier, shipments: list, balance: list.reduce((n, s) => n + s.net, 0) };
  }

  private toPayout(p: typeof courierPayouts.$inferSelect, count: number): Payout {
    return {
      id: p.id,
      courier: p.courier,
      reference: p.reference,
      amount: p.amount,
      expected: p.expected,
      difference: p.amount - p.expected,
      paid_on: p.paidOn,
      note: p.note,
      staff_id: p.staffId,
      shipment_count: count,
      created_at: p.createdAt.toISOString(),
    };
  }

  async listPayouts(ctx: DbCtx, courier?: Courier): Promise<Payout[]> {
    const rows = await ctx.db
      .select()
      .from(courierPayouts)
      .where(courier ? eq(courierPayouts.courier, courier) : undefined)
      .orderBy(desc(courierPayouts.id))
      .limit(200);
    if (!rows.length) return [];
    const counts = await ctx.db
      .select({ payoutId: shipments.payoutId, n: sql<number>`count(*)::int` })
      .from(shipments)
      .where(
        inArray(
          shipments.payoutId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(shipments.payoutId);
    return rows.map((p) => this.toPayout(p, Number(counts.find((c) => c.payoutId === p.id)?.n ?? 0)));
  }

  /**
   * Records a courier's payment of the cash it collected: the parcels it settles point at it, and
   * what it should have paid (collected less fees) is kept beside what it paid. Audited.
   */
  async recordPayout(ctx: RequestCtx, input: PayoutInput, staffId: number | null): Promise<Payout> {
    return ctx.db.transaction(async (db) => {
      const tx = { ...ctx, db };
      const ids = [...new Set(input.shipment_ids)];
      const rows = await db.select().from(shipments).where(inArray(shipments.id, ids)).orderBy(asc(shipments.id)).for('update');
      const bad = (message: string) => new AppError('validation_failed', message, { shipment_ids: message });
      if (rows.length !== ids.length) throw bad('Some of these parcels do not exist');
      for (const s of rows) {
        if (s.courier !== input.courier)
          throw bad(`Parcel ${s.consignmentId} is ${COURIER_LABELS[s.courier]}'s, not ${COURIER_LABELS[input.courier]}'s`);
        if (s.payoutId !== null) throw bad(`Parcel ${s.consignmentId} is already paid out`);
        if (s.collectedAmount === null) throw bad(`Parcel ${s.consignmentId} has collected nothing yet`);
      }
      const expected = rows.reduce((n, s) => n + (s.collectedAmount ?? 0) - (s.deliveryFee ?? 0), 0);
      let payout;
      try {
        [payout] = await db
          .insert(courierPayouts)
          .values({
            courier: input.courier,
            reference: input.reference,
            amount: input.amount,
            expected,
            paidOn: input.paid_on,
            note: input.note,
            staffId,
            createdAt: tx.clock.now(),
          })
          .returning();
      } catch (err) {
        if (isUniqueViolation(err, 'courier_payouts_reference_idx'))
          throw new AppError('validation_failed', 'This payment reference is recorded already', { reference: 'Recorded already' });
        throw err;
      }
      await db.update(shipments).set({ payoutId: payout!.id }).where(inArray(shipments.id, ids));
      const result = this.toPayout(payout!, ids.length);
      await recordAudit(tx, {
        action: 'courier_payout.create',
        entity: 'courier_payout',
        entityId: payout!.id,
        before: null,
        after: { ...result, shipment_ids: ids },
      });
      return result;
    });
  }
}
