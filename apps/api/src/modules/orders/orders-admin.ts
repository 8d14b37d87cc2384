import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_LIST_COUNT_CAP,
  ADMIN_ORDER_PAGE_SIZE,
  ADMIN_SEARCH_COUNT_CAP,
  CALL_OUTCOME_LABELS,
  CANCEL_REASON_LABELS,
  orderMessages,
  type AdminOrderListQuery,
  type AdminOrderListResponse,
  type AdminOrderRow,
  type CodRecord,
  type OrderCallPayload,
  type OrderCancelPayload,
  codRiskOf,
  type AdminOrderDetail,
  type AdminOrderEvent,
  type OrderAddressPayload,
  type OrderLinesPayload,
  type PaymentAttempt,
} from '@store/shared/admin-orders';
import type { AddressSnapshot } from '@store/shared/checkout';
import type { DeliveryZone, OrderStatus } from '@store/shared/checkout-rules';
import { canonicalBdMobile } from '@store/shared/phone';
import type { DbCtx, RequestCtx } from '../../lib/context.js';
import * as messages from '@store/shared/messages';
import { stockChanged } from '../../lib/content-changes.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { startsWithPattern } from '../../lib/like.js';
import { releaseStock } from '../catalog/index.js';
import { recordAudit, staffNames } from '../staff/index.js';
import { feeAwaited } from './order-status.js';
import { addOrderEvent, orderRepriced, transitionOrder, type OrderRow } from './orders.service.js';
import { orderEvents, orderLines, orders, phoneDeliveryRecords } from './orders.tables.js';

/*
 * Orders in the back office (issue 18): the list at 1,000,000 orders, one order's whole story, and
 * what staff do to it. Every status change goes through transitionOrder; every staff action checks
 * the revision the screen loaded (409 edit_conflict when someone else acted since), bumps it, and is
 * audited in the same transaction.
 */

const DHAKA_OFFSET_MS = 6 * 3600_000;
/** Midnight in Dhaka at the start of a YYYY-MM-DD day, as an instant. */
const dhakaMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DHAKA_OFFSET_MS);
const nextDay = (day: string) => new Date(dhakaMidnight(day).getTime() + 24 * 3600_000);

/** A name is searched by its start ("Nusrat", "Nusrat Rah"): a range of orders_name_prefix_idx. */
const isNameSearch = (q: string) => !canonicalBdMobile(q) && !q.includes('@') && !/^gb-?\d/i.test(q) && !/^\d{4}-\d/.test(q);

/** What the search box means: an order number (or its start), a phone, an e-mail, or the start of a name. */
function searchCondition(q: string): SQL {
  const phone = canonicalBdMobile(q);
  if (phone) return eq(orders.contactPhone, phone);
  if (q.includes('@')) return sql`lower(${orders.contactEmail}) = ${q.toLowerCase()}`;
  if (!isNameSearch(q)) {
    const number = q.toUpperCase().startsWith('GB') ? q.toUpperCase().replace(/^GB-?/, 'GB-') : `GB-${q}`;
    return sql`${orders.number} like ${startsWithPattern(number)}`;
  }
  return sql`lower(${orders.contactName}) like ${startsWithPattern(q.toLowerCase())}`;
}

/** The risk bands in SQL, the same as codRiskOf: the share of ended orders returned, refused or cancelled late. */
function riskCondition(risk: AdminOrderListQuery['risk']): SQL | null {
  if (!risk) return null;
  const r = phoneDeliveryRecords;
  const ended = sql`(${r.delivered} + ${r.returned} + ${r.cancelled})`;
  const bad = sql`(${r.returned} + ${r.cancelled})::float / nullif(${ended}, 0)`;
  const band =
    risk === 'new'
      ? sql`coalesce(${ended}, 0) = 0`
      : risk === 'low'
        ? sql`${bad} < 0.2`
        : risk === 'medium'
          ? sql`${bad} >= 0.2 and ${bad} < 0.4`
          : sql`${bad} >= 0.4`;
  // The record is looked up per order by its phone (a primary-key probe), so any other filter still leads.
  return risk === 'new'
    ? sql`not exists (select 1 from ${r} where ${r.phone} = ${orders.contactPhone} and ${ended} > 0)`
    : sql`exists (select 1 from ${r} where ${r.phone} = ${orders.contactPhone} and ${band})`;
}

function listConditions(query: AdminOrderListQuery): SQL[] {
  const where: (SQL | null | undefined)[] = [
    query.q ? searchCondition(query.q) : null,
    query.status ? eq(orders.status, query.status) : null,
    query.payment_status ? eq(orders.paymentStatus, query.payment_status) : null,
    query.method ? eq(orders.paymentMethod, query.method) : null,
    query.delivery ? eq(orders.deliveryType, query.delivery) : null,
    query.zone ? eq(orders.zone, query.zone) : null,
    query.courier ? eq(orders.courier, query.courier) : null,
    query.from ? gte(orders.createdAt, dhakaMidnight(query.from)) : null,
    query.to ? lt(orders.createdAt, nextDay(query.to)) : null,
    riskCondition(query.risk),
  ];
  return where.filter((w): w is SQL => !!w);
}

const sortOf = (query: AdminOrderListQuery) => {
  const dir = query.dir === 'asc' ? asc : desc;
  if (query.sort === 'total') return [dir(orders.total), dir(orders.id)];
  // Ids grow with time, so "created" walks the primary key; within dates it walks the dates' index
  // range instead (the same order), rather than stepping over every newer order to reach them.
  return query.from || query.to ? [dir(orders.createdAt), dir(orders.id)] : [dir(orders.id)];
};

/** The records of these phones, for the risk column. */
async function recordsOf({ db }: DbCtx, phones: string[]): Promise<Map<string, CodRecord>> {
  const unique = [...new Set(phones)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(phoneDeliveryRecords).where(inArray(phoneDeliveryRecords.phone, unique));
  return new Map(rows.map((r) => [r.phone, codRiskOf(r)]));
}

const NO_RECORD: CodRecord = codRiskOf({ delivered: 0, returned: 0, cancelled: 0 });

/** The delivery address's phone when it is not the customer's own. */
const addressPhone = (o: OrderRow): string | null => {
  const phone = o.shippingAddress?.phone ?? null;
  return phone && phone !== o.contactPhone ? phone : null;
};

/**
 * A page of the list: the page's ids come from one index walk (filters and sort), then only those
 * rows are read; the count stops at the cap (lower with a text search), as the product list's does.
 */
export async function listAdminOrders(ctx: DbCtx, query: AdminOrderListQuery): Promise<AdminOrderListResponse> {
  const { db } = ctx;
  const where = and(...listConditions(query));
  const offset = (query.page - 1) * ADMIN_ORDER_PAGE_SIZE;
  const cap = query.q ? ADMIN_SEARCH_COUNT_CAP : ADMIN_LIST_COUNT_CAP;
  const [ids, [counted]] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...sortOf(query))
      .limit(ADMIN_ORDER_PAGE_SIZE)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(orders)
        .where(where)
        // Counting a common name's orders walks the name's index range in its own order; left to itself
        // the planner reads every match to count the first 251.
        .orderBy(...(query.q && isNameSearch(query.q) ? [sql`lower(${orders.contactName}) using ~<~`] : []))
        .limit(cap + 1)
        .as('capped'),
    ),
  ]);
  const pageIds = ids.map((r) => r.id);
  const rows = pageIds.length ? await db.select().from(orders).where(inArray(orders.id, pageIds)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const [counts, records] = await Promise.all([
    pageIds.length
      ? db
          .select({ orderId: orderLines.orderId, n: sql<number>`sum(${orderLines.quantity})::int` })
          .from(orderLines)
          .where(inArray(orderLines.orderId, pageIds))
          .groupBy(orderLines.orderId)
      : Promise.resolve([]),
    recordsOf(
      ctx,
      rows.flatMap((r) => (r.contactPhone ? [r.contactPhone] : [])),
    ),
  ]);
  const items = new Map(counts.map((c) => [c.orderId, Number(c.n)]));
  const data = pageIds.flatMap((id): AdminOrderRow[] => {
    const o = byId.get(id);
    if (!o) return [];
    return [
      {
        id: o.id,
        number: o.number,
        created_at: o.createdAt.toISOString(),
        name: o.contactName || o.shippingAddress?.name || '',
        phone: o.contactPhone,
        email: o.contactEmail,
        status: o.status,
        payment_status: o.paymentStatus,
        payment_method: o.paymentMethod,
        delivery_type: o.deliveryType,
        zone: o.zone,
        courier: o.courier,
        total: o.total,
        item_count: items.get(o.id) ?? 0,
        risk: (o.contactPhone ? records.get(o.contactPhone) : undefined)?.risk ?? 'new',
      },
    ];
  });
  const n = Number(counted?.n ?? 0);
  return { data, count: Math.min(n, cap), count_capped: n > cap, page: query.page, page_size: ADMIN_ORDER_PAGE_SIZE };
}

/** Every order of the filter, newest first, in batches by id (keyset): the CSV export streams these. */
export async function* ordersForExport(ctx: DbCtx, query: AdminOrderListQuery, batch = 2000): AsyncGenerator<OrderRow[]> {
  const conditions = listConditions(query);
  let before: number | null = null;
  for (;;) {
    const rows: OrderRow[] = await ctx.db
      .select()
      .from(orders)
      .where(and(...conditions, before === null ? undefined : lt(orders.id, before)))
      .orderBy(desc(orders.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}

// ------------------------------------------------------------------------------------------------
// One order

async function orderOr404({ db }: DbCtx, id: number): Promise<OrderRow> {
  const [o] = await db.select().from(orders).where(eq(orders.id, id));
  if (!o) throw new AppError('order_not_found', messages.orderNotFound());
  return o;
}

/** The order's record with what happened to it, named: who acted, the call outcomes and cancel reasons in words. */
export async function getAdminOrder(
  ctx: DbCtx,
  id: number,
  /** Without it (a PDF) the payment attempts are left out. */
  hooks?: Pick<OrderAdminHooks, 'paymentAttempts'>,
): Promise<AdminOrderDetail> {
  const o = await orderOr404(ctx, id);
  const [lines, events, records, attempts] = await Promise.all([
    ctx.db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id)),
    ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id)),
    recordsOf(
      ctx,
      [o.contactPhone, addressPhone(o)].filter((p): p is string => !!p),
    ),
    hooks ? hooks.paymentAttempts(ctx, id) : Promise.resolve([]),
  ]);
  const names = await staffNames(
    ctx,
    events.flatMap((e) => (e.staffId === null ? [] : [e.staffId])),
  );
  const timeline = events.map((e): AdminOrderEvent => ({
    id: e.id,
    kind: e.kind,
    from: e.fromStatus,
    to: e.toStatus,
    reason: e.reason,
    detail: e.detail,
    staff: e.staffId === null ? null : (names.get(e.staffId) ?? `Staff #${e.staffId}`),
    at: e.createdAt.toISOString(),
  }));
  return {
    id: o.id,
    number: o.number,
    token: o.token,
    revision: o.revision,
    created_at: o.createdAt.toISOString(),
    status: o.status,
    payment_status: o.paymentStatus,
    payment_method: o.paymentMethod,
    delivery_type: o.deliveryType,
    zone: o.zone,
    customer_id: o.customerId,
    guest: o.guestId !== null,
    contact: { name: o.contactName, phone: o.contactPhone, email: o.contactEmail },
    shipping_address: o.shippingAddress,
    billing_address: o.billingAddress,
    store_location: o.storeLocation,
    note: o.note,
    coupon_code: o.couponCode,
    subtotal: o.subtotal,
    rebate: o.rebate,
    discount: o.discount,
    referral_discount: o.referralDiscount,
    points_redeemed: o.pointsRedeemed,
    points_discount: o.pointsDiscount,
    points_earned: o.pointsEarned,
    shipping: o.shipping,
    shipping_waived: o.shippingWaived,
    total: o.total,
    cod_deposit: o.codDeposit,
    refunded_amount: o.refundedAmount,
    courier: o.courier,
    consignment_id: o.consignmentId,
    tracking_code: o.trackingCode,
    lines: lines.map((l) => ({
      id: l.id,
      variant_id: l.variantId,
      product_id: l.productId,
      sku: l.sku,
      product_title: l.productTitle,
      variant_title: l.variantTitle,
      image: l.image,
      quantity: l.quantity,
      price: l.price,
      discounted_price: l.discountedPrice,
      line_price: l.linePrice,
      gift: l.gift,
    })),
    cod_record: (o.contactPhone ? records.get(o.contactPhone) : undefined) ?? NO_RECORD,
    address_cod_record: addressPhone(o) ? (records.get(addressPhone(o)!) ?? NO_RECORD) : null,
    payments: attempts,
    timeline,
  };
}

// ------------------------------------------------------------------------------------------------
// Staff actions

/** A line as a coupon sees it: the product, the price paid for one, how many. */
export type PricedLine = { productId: number; unitPrice: number; quantity: number };

/** What cancelling means beyond the order itself, supplied by the module that orchestrates (checkout): the coupon use back. */
export type OrderAdminHooks = {
  cancelled(tx: DbCtx, order: OrderRow, at: Date): Promise<void>;
  /** The order's coupon checked again against fewer items, as when the order was placed: what it takes off now. */
  couponDiscount(tx: DbCtx, order: OrderRow, lines: PricedLine[], base: number): Promise<number>;
  /** The order's gateway payment attempts (the payments module). */
  paymentAttempts(ctx: DbCtx, orderId: number): Promise<PaymentAttempt[]>;
  /** The delivery zone of an address, from the shop's list of areas (null: not one of them). */
  zoneOf(address: Pick<AddressSnapshot, 'division' | 'location' | 'area'>): DeliveryZone | null;
};

/**
 * One staff action: in a transaction, lock the order, check the revision the screen loaded, do the
 * work, bump the revision, audit it.
 */
async function act<T>(
  ctx: RequestCtx,
  id: number,
  revision: number | null,
  action: string,
  work: (tx: RequestCtx, order: OrderRow) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const [order] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw new AppError('order_not_found', messages.orderNotFound());
    if (revision !== null && revision !== order.revision) throw new AppError('edit_conflict', orderMessages.editConflict);
    const result = await work(tx, order);
    const [after] = await db
      .update(orders)
      .set({ revision: sql`${orders.revision} + 1` })
      .where(eq(orders.id, id))
      .returning();
    await recordAudit(tx, {
      action: `order.${action}`,
      entity: 'order',
      entityId: id,
      before: { status: order.status, payment_status: order.paymentStatus },
      after: { status: after!.status, payment_status: after!.paymentStatus, action },
    });
    return result;
  });
}

const staffOf = (ctx: RequestCtx) => ({ staffId: ctx.staff?.id ?? null });

/**
 * A bKash or card order moves on only once paid: confirming, packing or handing over one whose
 * payment is still open would ship goods the gateway may yet refuse (and the payment arriving later
 * could no longer confirm it). Its payment confirms it by itself.
 */
function assertPaidIfOnline(order: OrderRow): void {
  const online = order.paymentMethod === 'bkash' || order.paymentMethod === 'card';
  if (online && order.paymentStatus !== 'paid' && order.paymentStatus !== 'partially_refunded')
    throw new AppError('illegal_transition', orderMessages.awaitingPayment);
  // A high-risk shopper's COD order goes ahead once its delivery fee has come by bKash.
  if (feeAwaited(order)) throw new AppError('illegal_transition', orderMessages.awaitingDeposit);
}

export async function addOrderNote(ctx: RequestCtx, id: number, note: string): Promise<void> {
  // A note changes nothing staff could overwrite, so it needs no revision.
  await act(ctx, id, null, 'note', (tx) =>
    addOrderEvent(tx, id, { kind: 'note', what: 'note', reason: note }, ctx.clock.now(), staffOf(ctx)),
  );
}

/** A call to the customer: its outcome on the timeline; "confirmed" confirms a placed order at once. */
export async function recordCall(ctx: RequestCtx, id: number, input: OrderCallPayload): Promise<void> {
  await act(ctx, id, input.revision, 'call', async (tx, order) => {
    const at = ctx.clock.now();
    await addOrderEvent(
      tx,
      id,
      { kind: 'call', what: input.outcome, reason: input.note, detail: { label: CALL_OUTCOME_LABELS[input.outcome] } },
      at,
      staffOf(ctx),
    );
    if (input.outcome === 'confirmed' && order.status === 'placed') {
      assertPaidIfOnline(order);
      await transitionOrder(tx, id, { status: 'confirmed' }, 'confirmed on a call with the customer', at, staffOf(ctx));
    }
  });
}

/** The order moves one step on the staff's word: confirm, pack, or hand over at the counter (pickup, paid in cash there). */
export async function stepOrder(ctx: RequestCtx, id: number, revision: number, step: 'confirm' | 'pack' | 'hand_over'): Promise<void> {
  await act(ctx, id, revision, step, async (tx, order) => {
    const at = ctx.clock.now();
    assertPaidIfOnline(order);
    if (step === 'hand_over') {
      if (order.deliveryType !== 'pickup') throw new AppError('illegal_transition', 'Only a pickup order is handed over at the counter');
      const cash = order.paymentMethod === 'cash_on_pickup' && order.paymentStatus === 'pending';
      await transitionOrder(
        tx,
        id,
        { status: 'delivered', ...(cash ? { payment: 'paid' as const } : {}) },
        'handed over at the store',
        at,
        staffOf(ctx),
      );
      return;
    }
    const to: OrderStatus = step === 'confirm' ? 'confirmed' : 'packed';
    if (order.status === to) throw new AppError('illegal_transition', `The order is ${to} already`);
    await transitionOrder(tx, id, { status: to }, step === 'confirm' ? 'confirmed by the shop' : 'packed', at, staffOf(ctx));
  });
}

/**
 * Cancels an order that has not left the shop: its items go back on the shelf (transitionOrder),
 * its coupon use back to the coupon (hooks), an unpaid payment is voided. Money already paid online
 * is refunded by the caller after this commits (the gateway is not called inside the lock).
 */
export async function cancelOrder(ctx: RequestCtx, id: number, input: OrderCancelPayload, hooks: OrderAdminHooks): Promise<OrderRow> {
  const cancelled = await act(ctx, id, input.revision, 'cancel', async (tx, order) => {
    const at = ctx.clock.now();
    const unpaid = order.paymentStatus === 'pending' || order.paymentStatus === 'failed';
    const reason = `${CANCEL_REASON_LABELS[input.reason]}${input.note ? `: ${input.note}` : ''}`;
    const { order: after } = await transitionOrder(
      tx,
      id,
      { status: 'cancelled', ...(unpaid ? { payment: 'voided' as const } : {}) },
      reason,
      at,
      { ...staffOf(ctx), detail: { reason: input.reason } },
    );
    await hooks.cancelled(tx, order, at);
    return after;
  });
  // Its items are back on the shelf: the storefront's cached stock forgets, after the commit.
  stockChanged();
  return cancelled;
}

/** Where the parcel goes, changed before it ships; an address in another delivery zone would change the fee, so it is refused. */
export async function editOrderAddress(ctx: RequestCtx, id: number, input: OrderAddressPayload, hooks: OrderAdminHooks): Promise<void> {
  await act(ctx, id, input.revision, 'address', async (tx, order) => {
    if (!order.shippingAddress) throw new AppError('illegal_transition', 'A pickup order has no delivery address');
    if (!['placed', 'confirmed', 'packed'].includes(order.status))
      throw new AppError('illegal_transition', 'The parcel has left the shop: its address can no longer change here');
    const zone = hooks.zoneOf(input.address);
    if (!zone) throw badRequest(orderMessages.areaUnknown, { area: orderMessages.areaUnknown });
    if (zone !== order.zone) throw badRequest(orderMessages.otherZone, { area: orderMessages.otherZone });
    const address: AddressSnapshot = { ...input.address, email: input.address.email || null, zone };
    const at = ctx.clock.now();
    await tx.db
      .update(orders)
      .set({ shippingAddress: address, contactPhone: order.contactPhone ?? address.phone, updatedAt: at })
      .where(eq(orders.id, id));
    await addOrderEvent(
      tx,
      id,
      { kind: 'edit', what: 'address', reason: 'delivery address changed', detail: { before: order.shippingAddress, after: address } },
      at,
      staffOf(ctx),
    );
  });
}

/** To the nearest whole taka, in poisha (every price the shop computes is whole taka). */
const wholeTaka = (poisha: number) => Math.round(poisha / 100) * 100;

/**
 * Fewer items before the parcel leaves: each changed line to its new quantity (0 takes it off), the
 * difference back on the shelf, and the totals again: the privilege rebate in the same share, the
 * coupon checked again against what is left (checkout's rules, hooks), the delivery fee as charged.
 * Only an unpaid order: money already taken goes back by a refund.
 */
export async function editOrderLines(ctx: RequestCtx, id: number, input: OrderLinesPayload, hooks: OrderAdminHooks): Promise<void> {
  await act(ctx, id, input.revision, 'lines', async (tx, order) => {
    if (!['placed', 'confirmed', 'packed'].includes(order.status))
      throw new AppError('illegal_transition', 'The parcel has left the shop: its items can no longer change here');
    if (order.paymentStatus !== 'pending' && order.paymentStatus !== 'failed')
      throw new AppError('illegal_transition', orderMessages.linesPaid);
    // Its fee attempt is for the fee as placed: fewer items could leave a total below it.
    if (order.codDeposit > 0) throw new AppError('illegal_transition', orderMessages.linesDeposit);
    const lines = await tx.db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
    const wanted = new Map(input.lines.map((l) => [l.id, l.quantity]));
    for (const [lineId, quantity] of wanted) {
      const line = lines.find((l) => l.id === lineId && !l.gift);
      if (!line) throw badRequest(orderMessages.linesUnknown, { lines: orderMessages.linesUnknown });
      if (quantity > line.quantity) throw badRequest(orderMessages.linesMore, { lines: orderMessages.linesMore });
    }
    const after = lines.map((l) => ({ ...l, quantity: wanted.get(l.id) ?? l.quantity }));
    if (!after.some((l) => !l.gift && l.quantity > 0)) throw badRequest(orderMessages.linesNone, { lines: orderMessages.linesNone });
    const changed = after.filter((l, i) => l.quantity !== lines[i]!.quantity);
    if (changed.length === 0) return;
    for (const l of changed) {
      if (l.quantity === 0) await tx.db.delete(orderLines).where(eq(orderLines.id, l.id));
      else
        await tx.db
          .update(orderLines)
          .set({ quantity: l.quantity, linePrice: l.discountedPrice * l.quantity })
          .where(eq(orderLines.id, l.id));
    }
    const before = (lineId: number) => lines.find((b) => b.id === lineId)!.quantity;
    await releaseStock(
      tx,
      changed.flatMap((l) => (l.variantId === null ? [] : [{ variantId: l.variantId, quantity: before(l.id) - l.quantity }])),
    );
    const paid = after.filter((l) => !l.gift && l.quantity > 0);
    const subtotal = paid.reduce((sum, l) => sum + l.discountedPrice * l.quantity, 0);
    const rebate = order.subtotal > 0 ? wholeTaka((order.rebate * subtotal) / order.subtotal) : 0;
    const base = subtotal - rebate;
    const discount = order.couponId
      ? await hooks.couponDiscount(
          tx,
          order,
          paid.map((l) => ({ productId: l.productId, unitPrice: l.discountedPrice, quantity: l.quantity })),
          base,
        )
      : 0;
    // The referral's welcome discount and the points' discount stay as placed, at most what is left of the items (issue 22).
    const afterCoupon = Math.max(0, base - discount);
    const referralDiscount = Math.min(order.referralDiscount, afterCoupon);
    const pointsDiscount = Math.min(order.pointsDiscount, afterCoupon - referralDiscount);
    const total = afterCoupon - referralDiscount - pointsDiscount + order.shipping;
    const at = ctx.clock.now();
    const [repriced] = await tx.db
      .update(orders)
      .set({ subtotal, rebate, discount, referralDiscount, pointsDiscount, total, updatedAt: at })
      .where(eq(orders.id, id))
      .returning();
    // Points that no longer take anything off go back to the customer (issue 22).
    await orderRepriced(tx, order, repriced!, at);
    await addOrderEvent(
      tx,
      id,
      {
        kind: 'edit',
        what: 'lines',
        reason: changed.map((l) => `${l.productTitle} (${l.variantTitle}): ${before(l.id)} → ${l.quantity}`).join('; '),
        detail: {
          before: { subtotal: order.subtotal, discount: order.discount, total: order.total },
          after: { subtotal, discount, total },
        },
      },
      at,
      staffOf(ctx),
    );
  });
  // Items went back on the shelf: the storefront's cached stock forgets, after the commit.
  stockChanged();
}
