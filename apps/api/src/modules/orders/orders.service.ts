import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type {
  OrderDetail,
  OrderLine,
  OrderListItem,
  OrderListResponse,
  OrderActions,
  OrderRef,
  PublicOrder,
  ReceiptResponse,
} from '@store/shared/checkout';
import { COURIER_LABELS, courierTrackingUrl, type Courier, type OrderStatus, type PaymentStatus } from '@store/shared/checkout-rules';
import * as m from '@store/shared/i18n/messages';
import * as messages from '@store/shared/messages';
import { formatTaka } from '@store/shared/money';
import { SERVICE_TIME_ZONE, SHOP_NAME } from '@store/shared/constants';
import type { Env } from '../../config/env.js';
import { selectRows, type Db } from '../../db/client.js';
import { perOwnerColumn, preparedQuery } from '../../db/prepared.js';
import type { Clock } from '../../lib/clock.js';
import { shopperKey, type RequestCtx, type DbCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { digitsIn, pageUrlIn, takaIn } from '../../lib/in-locale.js';
import { releaseStock } from '../catalog/index.js';
import type { Notifier, QueuedMessage } from '../notifications/index.js';
import { queueOrderStep } from './order-messages.js';
import { amountTaken, IllegalTransition, planTransition, type StatusChange } from './order-status.js';
import { orderEvents, orderLines, orderNumberSeq, orders, phoneDeliveryRecords, type OrderEventKind } from './orders.tables.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'number' | 'token'>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;

/** Whose order: a customer's or a guest's (by their session). */
export type OrderOwner = { customerId: number | null; guestId: string | null };

/** An order's owner column per kind of owner, for the statements prepared per kind. */
const orderOwnerColumn = { customer: orders.customerId, guest: orders.guestId };

const ownerWhere = (owner: OrderOwner) => {
  const who = shopperKey(owner);
  return who ? eq(orderOwnerColumn[who.kind], who.value) : sql`false`;
};

/** Another checkout attempt with the same Idempotency-Key won the race: the caller answers with that order. */
export class IdempotencyKeyTaken extends Error {}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string; message?: string };
    if (pg.code === '23505' && (pg.constraint === constraint || pg.message?.includes(constraint))) return true;
  }
  return false;
}

/** Made once: building a formatter costs more than the rest of an order's work in this module (it showed in the checkout's profile). */
const yearMonthInDhaka = new Intl.DateTimeFormat('en-GB', { timeZone: SERVICE_TIME_ZONE, year: '2-digit', month: '2-digit' });

/** GB-YYMM-: the month in Dhaka the order is placed in. */
function orderNumberPrefix(at: Date): string {
  const parts = yearMonthInDhaka.formatToParts(at);
  const yy = parts.find((p) => p.type === 'year')!.value;
  const mm = parts.find((p) => p.type === 'month')!.value;
  return `GB-${yy}${mm}-`;
}

/** The next number, GB-YYMM-NNNNNN, as SQL: taken from the sequence by the statement that uses it (no round trip of its own). */
// At least six digits (lpad alone would cut a seventh: 1000000 and 1000001 would both read 100000).
const numberSql = (prefix: SQL) =>
  sql<string>`(select ${prefix} || lpad(n::text, greatest(6, length(n::text)), '0') from nextval(${orderNumberSeq.seqName}) as n)`;
const nextNumberSql = (at: Date) => numberSql(sql`${orderNumberPrefix(at)}::text`);

/** GB-YYMM-NNNNNN: the month in Dhaka, then the running number (the seed's orders; the checkout takes it in its insert). */
export async function nextOrderNumber({ db: tx }: DbCtx, at: Date): Promise<string> {
  const [row] = await selectRows<{ number: string }>(tx, sql`select ${nextNumberSql(at)} as number`);
  return row!.number;
}

/** The order's own values the checkout gives (each one, if only null); the number, token and times are insertOrder's. */
const ORDER_VALUE_KEYS = [
  'customerId',
  'guestId',
  'cartId',
  'idempotencyKey',
  'requestHash',
  'status',
  'paymentStatus',
  'paymentMethod',
  'deliveryType',
  'zone',
  'storeLocationId',
  'storeLocation',
  'shippingAddress',
  'billingAddress',
  'contactName',
  'contactPhone',
  'contactEmail',
  'subtotal',
  'rebate',
  'privilegeCardId',
  'discount',
  'referralDiscount',
  'pointsRedeemed',
  'pointsDiscount',
  'shipping',
  'shippingWaived',
  'total',
  'codDeposit',
  'couponId',
  'couponCode',
  'referralCode',
  'affiliate',
  'multiCardName',
  'note',
  'notifiedAt',
  'locale',
] as const satisfies readonly (keyof NewOrder)[];
export type OrderValues = { [K in (typeof ORDER_VALUE_KEYS)[number]]-?: Exclude<NewOrder[K], undefined> };

/** A line's columns as insertOrder passes them, one array each (order_lines' types). */
const LINE_ARRAYS = {
  variantId: 'int',
  productId: 'int',
  sku: 'text',
  productTitle: 'text',
  variantTitle: 'text',
  vendor: 'text',
  image: 'jsonb',
  productUrl: 'text',
  quantity: 'smallint',
  price: 'int',
  discountedPrice: 'int',
  linePrice: 'int',
  gift: 'bool',
} as const satisfies Record<keyof NewOrderLine, string>;
const LINE_KEYS = Object.keys(LINE_ARRAYS) as (keyof NewOrderLine)[];

/**
 * insertOrder's statement, built once: the order's id drawn first, its event and lines (unnested from
 * one array per column, so any number of lines is the same statement) inserted beside it.
 */
const insertOrderStatement = preparedQuery('insert_order', (db) => {
  const newId = db.$with('new_order', { id: sql<number>`id` }).as(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`);
  const orderId = sql`(select id from ${newId})`;
  const at = sql.placeholder('at');
  const event = db
    .$with('new_event')
    .as(
      db
        .insert(orderEvents)
        .values({ orderId, kind: 'order', fromStatus: null, toStatus: 'placed', reason: 'order placed', createdAt: at })
        .returning({ id: orderEvents.id }),
    );
  const columns = LINE_KEYS.map((key) => sql.identifier(toSnakeCase(key)));
  const arrays = LINE_KEYS.map((key) => sql`${sql.placeholder(`line_${key}`)}::${sql.raw(LINE_ARRAYS[key])}[]`);
  const lines = db
    .$with('new_lines', { id: sql<number>`id` })
    .as(
      sql`insert into ${orderLines} (order_id, ${sql.join(columns, sql`, `)}) select ${orderId}, l.* from unnest(${sql.join(arrays, sql`, `)}) as l returning id`,
    );
  // Bare placeholders (no column encoder, which would turn a null into JSON's null or fail on a null time): the driver sends objects as JSON.
  const values = Object.fromEntries(ORDER_VALUE_KEYS.map((key) => [key, sql`${sql.placeholder(key)}`])) as Record<keyof OrderValues, SQL>;
  const number = numberSql(sql`${sql.placeholder('prefix')}::text`);
  return db
    .with(newId, event, lines)
    .insert(orders)
    .values({ ...values, id: orderId, number, token: sql.placeholder('token'), createdAt: at, updatedAt: at })
    .returning();
});

/**
 * Inserts the order with its number, link token, first event and lines, in one statement: the
 * order's id is drawn first, so its event and lines go in beside it (their foreign keys are checked
 * when the statement ends). With an idempotency key this is the claim: a second attempt with the same
 * key waits on the unique index and then fails here, before it has touched any stock.
 */
export async function insertOrder({ db: tx }: DbCtx, values: OrderValues, lines: NewOrderLine[], at: Date): Promise<OrderRow> {
  const params: Record<string, unknown> = { ...values, at, prefix: orderNumberPrefix(at), token: randomBytes(18).toString('base64url') };
  for (const key of LINE_KEYS)
    params[`line_${key}`] = lines.map((l) =>
      key === 'image' ? (l.image ? JSON.stringify(l.image) : null) : key === 'gift' ? (l.gift ?? false) : (l[key] ?? null),
    );
  try {
    const [row] = await insertOrderStatement(tx, params);
    return row!;
  } catch (err) {
    if (isUniqueViolation(err, 'orders_customer_key_idx') || isUniqueViolation(err, 'orders_guest_key_idx'))
      throw new IdempotencyKeyTaken();
    throw err;
  }
}

/** Gives a cancelled order's items back to the catalog's stock. */
async function restoreStock(tx: Db, orderId: number): Promise<void> {
  const lines = await tx
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  await releaseStock(
    { db: tx },
    lines.flatMap((l) => (l.variantId === null ? [] : [{ variantId: l.variantId, quantity: l.quantity }])),
  );
}

/** The order row locked for the rest of the transaction (null when there is none). */
export async function lockOrder({ db: tx }: DbCtx, orderId: number): Promise<OrderRow | null> {
  const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return o ?? null;
}

/** What a new payment attempt may change on an unpaid order: its method, card name and the attempt's idempotency key. */
export type AttemptChanges = Pick<Partial<NewOrder>, 'paymentMethod' | 'multiCardName' | 'idempotencyKey' | 'requestHash' | 'codDeposit'>;

/** Rewrites an unpaid order's payment choice for another attempt (statuses move only through transitionOrder). */
export async function reviseOrderForAttempt({ db: tx }: DbCtx, orderId: number, changes: AttemptChanges, at: Date): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...changes, updatedAt: at })
    .where(eq(orders.id, orderId))
    .returning();
  if (!row) throw new AppError('order_not_found', messages.orderNotFound());
  return row;
}

export type TransitionResult = { changed: boolean; order: OrderRow; plan: StatusChange };

/** Who moved an order (a staff member; null for the shopper or the system) and what the timeline keeps beside the reason. */
export type ActedBy = { staffId?: number | null; detail?: Record<string, unknown> };

/**
 * What other modules do when an order moves or money goes back, in the same transaction (issue 22:
 * the loyalty programme earns on delivery, gives spent points back on a cancellation, takes earned
 * points back on a refund). Connected at start-up, as the order's messages are: the orders module
 * names no module that depends on it.
 */
export type OrderEffects = {
  moved(ctx: DbCtx, before: OrderRow, after: OrderRow, at: Date): Promise<void>;
  refunded(ctx: DbCtx, after: OrderRow, amount: number, at: Date): Promise<void>;
  /** Staff changed the order's items and its totals with them (the back office's line edit). */
  repriced(ctx: DbCtx, before: OrderRow, after: OrderRow, at: Date): Promise<void>;
};

let effects: OrderEffects | null = null;

/** Connects the effects (app start-up); returns the disconnect for the app's close. */
export function connectOrderEffects(connected: OrderEffects): () => void {
  effects = connected;
  return () => {
    if (effects === connected) effects = null;
  };
}

/** Tells the connected effects that staff repriced an order (in the edit's transaction). */
export async function orderRepriced(ctx: DbCtx, before: OrderRow, after: OrderRow, at: Date): Promise<void> {
  if (effects) await effects.repriced(ctx, before, after, at);
}

/** Statuses after which an order's items are back on the shelf: cancelled before it left, or returned by the courier. */
const RESTOCKED: readonly OrderStatus[] = ['cancelled', 'returned'];

/**
 * THE transition function: every change of an order's status or payment status goes through here.
 * It locks the order, checks the change against the transition tables (order-status.ts), writes
 * the new state and one history row per change, and does what a change implies: cancelling or a
 * return gives the stock back, paying stamps paid_at, an order that ends counts in its phone's
 * delivery record (COD risk). Asking for the state the order is already in changes nothing
 * (replays are harmless); an illegal move throws a 409.
 */
export async function transitionOrder(
  { db: tx }: DbCtx,
  orderId: number,
  change: StatusChange,
  reason: string,
  at: Date,
  by: ActedBy = {},
): Promise<TransitionResult> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new AppError('order_not_found', messages.orderNotFound());
  let plan: StatusChange;
  try {
    plan = planTransition(order, change);
  } catch (err) {
    if (err instanceof IllegalTransition) throw new AppError('illegal_transition', err.message);
    throw err;
  }
  if (!plan.status && !plan.payment) return { changed: false, order, plan };
  const [updated] = await tx
    .update(orders)
    .set({
      ...(plan.status ? { status: plan.status } : {}),
      ...(plan.payment ? { paymentStatus: plan.payment } : {}),
      ...(plan.payment === 'paid' ? { paidAt: at } : {}),
      ...(plan.status === 'cancelled' ? { cancelledAt: at } : {}),
      updatedAt: at,
    })
    .where(eq(orders.id, orderId))
    .returning();
  const staffId = by.staffId ?? null;
  const detail = by.detail ?? {};
  const events: (typeof orderEvents.$inferInsert)[] = [];
  if (plan.status)
    events.push({ orderId, kind: 'order', fromStatus: order.status, toStatus: plan.status, reason, staffId, detail, createdAt: at });
  if (plan.payment)
    events.push({
      orderId,
      kind: 'payment',
      fromStatus: order.paymentStatus,
      toStatus: plan.payment,
      reason,
      staffId,
      detail,
      createdAt: at,
    });
  await tx.insert(orderEvents).values(events);
  if (plan.status && RESTOCKED.includes(plan.status)) await restoreStock(tx, orderId);
  if (plan.status && (await queueOrderStep({ db: tx }, order, updated!, staffId !== null)))
    await addOrderEvent({ db: tx }, orderId, { kind: 'message', what: plan.status, reason: `the shopper was told: ${plan.status}` }, at);

  if (plan.status) await countInDeliveryRecord(tx, order, plan.status, at);
  if (plan.status && effects) await effects.moved({ db: tx }, order, updated!, at);
  return { changed: true, order: updated!, plan };
}

/**
 * The phone's delivery record: a delivery counts as delivered, a return (or a partial delivery, the
 * rest refused) as returned, a cancellation after the shop confirmed it as cancelled. Orders the
 * shopper cancelled before anyone called them say nothing about the phone.
 */
async function countInDeliveryRecord(tx: Db, order: OrderRow, to: OrderStatus, at: Date): Promise<void> {
  if (!order.contactPhone) return;
  const key: 'delivered' | 'returned' | 'cancelled' | null =
    to === 'delivered'
      ? 'delivered'
      : to === 'returned' || to === 'partially_delivered'
        ? 'returned'
        : to === 'cancelled' && order.status !== 'placed'
          ? 'cancelled'
          : null;
  if (!key) return;
  await tx
    .insert(phoneDeliveryRecords)
    .values({ phone: order.contactPhone, [key]: 1, updatedAt: at })
    .onConflictDoUpdate({ target: phoneDeliveryRecords.phone, set: { [key]: sql`${phoneDeliveryRecords[key]} + 1`, updatedAt: at } });
}

/** One line of an order's timeline that is not a status change: a note, a call, an edit, a message, a courier's word, a refund. */
export type OrderEventInput = {
  kind: Exclude<OrderEventKind, 'order' | 'payment'>;
  /** What happened in a word: the call's outcome, the courier's status, the refund's state… */
  what: string;
  reason?: string;
  detail?: Record<string, unknown>;
};

export async function addOrderEvent({ db }: DbCtx, orderId: number, event: OrderEventInput, at: Date, by: ActedBy = {}): Promise<void> {
  await db.insert(orderEvents).values({
    orderId,
    kind: event.kind,
    fromStatus: null,
    toStatus: event.what,
    reason: event.reason ?? '',
    staffId: by.staffId ?? null,
    detail: event.detail ?? {},
    createdAt: at,
  });
}

/** The parcel an order travels in: set when a courier books it, cleared when the booking is withdrawn. */
export type OrderParcel = { courier: Courier; consignmentId: string; trackingCode: string };

export async function setOrderParcel({ db }: DbCtx, orderId: number, parcel: OrderParcel | null, at: Date): Promise<void> {
  await db
    .update(orders)
    .set({
      courier: parcel?.courier ?? null,
      consignmentId: parcel?.consignmentId ?? null,
      trackingCode: parcel?.trackingCode ?? null,
      revision: sql`${orders.revision} + 1`,
      updatedAt: at,
    })
    .where(eq(orders.id, orderId));
}

/**
 * Money given back on an order (a gateway refund once final, or a cash refund staff recorded): adds
 * it to the order's refunded amount and moves its payment to partially_refunded, or refunded once
 * all of the total is back, through the transition function. More than is left is refused.
 */
export async function recordOrderRefund(
  ctx: DbCtx,
  orderId: number,
  amount: number,
  reason: string,
  at: Date,
  by: ActedBy = {},
): Promise<TransitionResult> {
  const order = await lockOrder(ctx, orderId);
  if (!order) throw new AppError('order_not_found', messages.orderNotFound());
  const taken = amountTaken(order);
  const refunded = order.refundedAmount + amount;
  if (amount <= 0 || refunded > taken)
    throw new AppError('refund_not_possible', messages.refundTooLarge(formatTaka(taken - order.refundedAmount)));
  await ctx.db.update(orders).set({ refundedAmount: refunded, updatedAt: at }).where(eq(orders.id, orderId));
  const result = await transitionOrder(ctx, orderId, { payment: refunded === taken ? 'refunded' : 'partially_refunded' }, reason, at, by);
  if (effects) await effects.refunded(ctx, result.order, amount, at);
  return result;
}

/** The loyalty ledger's figure for an order, kept on it for the order's views: points earned, less any taken back. */
export async function setOrderPointsEarned({ db }: DbCtx, orderId: number, points: number): Promise<void> {
  await db.update(orders).set({ pointsEarned: points }).where(eq(orders.id, orderId));
}

/** Customers' delivered orders, oldest first, with when they were delivered (the demo's loyalty ledger is built from them). */
export async function deliveredCustomerOrders({ db }: DbCtx): Promise<(OrderRow & { deliveredAt: Date })[]> {
  const rows = await db
    .select({ order: orders, deliveredAt: sql<Date>`max(${orderEvents.createdAt})`.mapWith((v: string | Date) => new Date(v)) })
    .from(orders)
    .innerJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.kind, 'order'), eq(orderEvents.toStatus, 'delivered')))
    .where(and(eq(orders.status, 'delivered'), sql`${orders.customerId} is not null`))
    .groupBy(orders.id)
    .orderBy(sql`max(${orderEvents.createdAt})`);
  return rows.map((r) => ({ ...r.order, deliveredAt: r.deliveredAt }));
}

/** The numbers of these orders (a ledger names the order of each entry). */
export async function orderNumbers({ db }: DbCtx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, r.number]));
}

/**
 * Whether the customer has an order that counts as one (a referral's welcome discount is for a first
 * order): anything not cancelled, except a bKash or card order still waiting for its payment.
 */
export async function hasCountedOrder({ db }: DbCtx, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        sql`${orders.status} <> 'cancelled'`,
        sql`not (${orders.paymentMethod} in ('bkash', 'card') and ${orders.paymentStatus} in ('pending', 'failed'))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Money off orders placed in [from, to) by points and by referral welcome discounts (the programme's cost), orders cancelled excluded. */
export async function loyaltyDiscountsBetween({ db }: DbCtx, from: Date, to: Date): Promise<{ points: number; referral: number }> {
  const [row] = await db
    .select({
      points: sql<number>`coalesce(sum(${orders.pointsDiscount}), 0)::int`,
      referral: sql<number>`coalesce(sum(${orders.referralDiscount}), 0)::int`,
    })
    .from(orders)
    .where(and(sql`${orders.createdAt} >= ${from}`, sql`${orders.createdAt} < ${to}`, sql`${orders.status} <> 'cancelled'`));
  return { points: Number(row?.points ?? 0), referral: Number(row?.referral ?? 0) };
}

// ------------------------------------------------------------------------------------------------
// Reading orders

export function orderRef(o: OrderRow): OrderRef {
  return { id: o.token, number: o.number, status: o.status, payment_status: o.paymentStatus, total: o.total };
}

const toLine = (l: OrderLineRow): OrderLine => ({
  variant_id: l.variantId ?? 0,
  product_id: l.productId,
  sku: l.sku,
  product_title: l.productTitle,
  variant_title: l.variantTitle,
  vendor: l.vendor,
  image: l.image,
  product_url: l.productUrl,
  quantity: l.quantity,
  price: l.price,
  discounted_price: l.discountedPrice,
  line_price: l.linePrice,
  gift: l.gift,
});

/** Who is looking and when: actions are offered to the order's owner only; an unpaid gateway order holds its items for holdMs. */
export type OrderView = { owner: boolean; holdMs: number; now: Date };

const ONLINE: readonly OrderRow['paymentMethod'][] = ['bkash', 'card'];

/** Paid through a gateway before it goes ahead: bKash and card, and cash on delivery with a delivery fee to pay first. */
export const prepaid = (o: Pick<OrderRow, 'paymentMethod'> & { codDeposit?: number }) =>
  ONLINE.includes(o.paymentMethod) || (o.paymentMethod === 'cod' && (o.codDeposit ?? 0) > 0);

/**
 * A bKash or card order not paid yet, or a COD order whose delivery fee is not paid yet (the attempt
 * is open, failed or was cancelled): it holds its items until its hold ends.
 */
export const awaitingPayment = (o: Pick<OrderRow, 'status' | 'paymentStatus' | 'paymentMethod' | 'codDeposit'>) =>
  o.status === 'placed' && (o.paymentStatus === 'pending' || o.paymentStatus === 'failed') && prepaid(o);

/** What a gateway attempt on an unpaid order asks for: the delivery fee of a COD order that must pay it first, else the total. */
export const attemptAmount = (o: Pick<OrderRow, 'paymentMethod' | 'codDeposit' | 'total'>) =>
  o.paymentMethod === 'cod' && o.codDeposit > 0 ? o.codDeposit : o.total;

export const holdEnds = (o: Pick<OrderRow, 'createdAt'>, holdMs: number) => new Date(o.createdAt.getTime() + holdMs);

/** What the owner may do now: pay an unpaid gateway order again within its hold; cancel one not confirmed yet. */
export function orderActions(o: OrderRow, view: OrderView): OrderActions {
  if (!view.owner) return { pay: false, cancel: false };
  return {
    pay: awaitingPayment(o) && view.now < holdEnds(o, view.holdMs),
    // Money taken (a payment, or a delivery fee paid first) goes back through the shop, not a self-cancel.
    cancel: o.status === 'placed' && amountTaken(o) === 0 && o.paymentStatus !== 'refunded',
  };
}

export function toPublicOrder(o: OrderRow, lines: OrderLineRow[], view: OrderView): PublicOrder {
  return {
    id: o.token,
    number: o.number,
    status: o.status,
    payment_status: o.paymentStatus,
    payment_method: o.paymentMethod,
    delivery_type: o.deliveryType,
    created_at: o.createdAt.toISOString(),
    currency: 'BDT',
    subtotal: o.subtotal,
    rebate: o.rebate,
    discount: o.discount,
    referral_discount: o.referralDiscount,
    points_redeemed: o.pointsRedeemed,
    points_discount: o.pointsDiscount,
    points_earned: o.pointsEarned,
    shipping: o.shipping,
    shipping_waived: o.shippingWaived,
    tax: 0,
    total: o.total,
    cod_deposit: o.codDeposit,
    coupon_code: o.couponCode,
    item_count: lines.reduce((n, l) => n + l.quantity, 0),
    line_items: lines.map(toLine),
    store_location: o.storeLocation,
    hold_until: awaitingPayment(o) ? holdEnds(o, view.holdMs).toISOString() : null,
    actions: orderActions(o, view),
    parcel:
      o.courier && o.trackingCode
        ? {
            courier: o.courier,
            courier_name: COURIER_LABELS[o.courier],
            tracking_code: o.trackingCode,
            tracking_url: courierTrackingUrl(o.courier, o.trackingCode),
          }
        : null,
    refunded: o.refundedAmount,
  };
}

async function linesOf(db: Db, orderId: number): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

function privatePart(o: OrderRow, events: (typeof orderEvents.$inferSelect)[]): Omit<OrderDetail, keyof PublicOrder> {
  return {
    shipping_address: o.shippingAddress,
    billing_address: o.billingAddress,
    contact: { name: o.contactName, phone: o.contactPhone, email: o.contactEmail },
    referral_code: o.referralCode,
    // The shopper's history is the status changes; notes, calls and edits are the staff's.
    history: events.flatMap((e) =>
      e.kind === 'order' || e.kind === 'payment'
        ? [{ kind: e.kind, from: e.fromStatus, to: e.toStatus, at: e.createdAt.toISOString() }]
        : [],
    ),
  };
}

const isOwner = (o: OrderRow, owner: OrderOwner) =>
  (owner.customerId !== null && o.customerId === owner.customerId) || (owner.guestId !== null && o.guestId === owner.guestId);

/** Whose order a request's ctx may see as its owner's. */
const ownerOfCtx = (ctx: Pick<RequestCtx, 'customerId' | 'guestId'>): OrderOwner => ({
  customerId: ctx.customerId,
  guestId: ctx.guestId ?? null,
});

/** The caller's order by its number; anyone else's (or none) is a 404, so numbers reveal nothing. */
export async function getOwnOrder(ctx: RequestCtx, number: string, holdMs: number): Promise<OrderDetail> {
  const { db } = ctx;
  const view = { holdMs, now: ctx.clock.now() };
  const o = await findOwnOrder({ db }, ownerOfCtx(ctx), number);
  const [lines, events] = await Promise.all([
    linesOf(db, o.id),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id)).orderBy(asc(orderEvents.id)),
  ]);
  return { ...toPublicOrder(o, lines, { ...view, owner: true }), ...privatePart(o, events) };
}

/** The caller's order row by its number (404 for anyone else's). */
export async function findOwnOrder({ db }: DbCtx, owner: OrderOwner, number: string): Promise<OrderRow> {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.number, number), ownerWhere(owner)));
  if (!o) throw new AppError('order_not_found', messages.orderNotFound());
  return o;
}

/** prepaid() in SQL. */
const prepaidWhere = or(inArray(orders.paymentMethod, ['bkash', 'card']), and(eq(orders.paymentMethod, 'cod'), gt(orders.codDeposit, 0)));

/** bKash and card orders (and COD orders with a delivery fee to pay first) whose hold has ended unpaid, oldest first: the upkeep cancels them. */
export async function overdueUnpaidOrders({ db }: DbCtx, before: Date, limit = 50): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(eq(orders.status, 'placed'), inArray(orders.paymentStatus, ['pending', 'failed']), prepaidWhere, lt(orders.createdAt, before)),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
}

/** The bag's unpaid gateway order, if one is open: a new checkout of the same bag pays it again rather than placing another. */
export async function openUnpaidOrderOfCart({ db: tx }: DbCtx, cartId: number, owner: OrderOwner): Promise<OrderRow | null> {
  const who = shopperKey(owner);
  if (!who) return null;
  const [o] = await unpaidOrderOfCart[who.kind](tx, { cart: cartId, owner: who.value });
  return o ?? null;
}

/** openUnpaidOrderOfCart's statement per kind of owner: read (and locked) with every order placed. */
const unpaidOrderOfCart = perOwnerColumn(orderOwnerColumn, (kind, owner) =>
  preparedQuery(`unpaid_order_of_cart_${kind}`, (db) =>
    db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.cartId, sql.placeholder('cart')),
          owner,
          eq(orders.status, 'placed'),
          inArray(orders.paymentStatus, ['pending', 'failed']),
          prepaidWhere,
        ),
      )
      .orderBy(desc(orders.id))
      .limit(1)
      .for('update'),
  ),
);

export { linesOf as orderLinesOf };

/**
 * How many orders (cancelled ones left out) hold a free gift line of each variant: the back office's
 * count of a gift rule's uses. Order lines mark a gift, not the rule that gave it.
 */
export async function giftOrderCounts({ db }: DbCtx, variantIds: number[]): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({ variantId: orderLines.variantId, n: sql<number>`count(distinct ${orderLines.orderId})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.gift, true), inArray(orderLines.variantId, [...new Set(variantIds)]), sql`${orders.status} <> 'cancelled'`))
    .groupBy(orderLines.variantId);
  return new Map(rows.flatMap((r) => (r.variantId === null ? [] : [[r.variantId, Number(r.n)] as const])));
}

export async function listOwnOrders(ctx: RequestCtx, limit = 50): Promise<OrderListResponse> {
  const { db } = ctx;
  const owner = ownerOfCtx(ctx);
  if (owner.customerId === null && owner.guestId === null) return { data: [], count: 0 };
  const rows = await db.select().from(orders).where(ownerWhere(owner)).orderBy(desc(orders.id)).limit(limit);
  const lines = rows.length
    ? await db
        .select()
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(orderLines.id))
    : [];
  const data = rows.map((o): OrderListItem => {
    const own = lines.filter((l) => l.orderId === o.id);
    const first = own.find((l) => !l.gift) ?? own[0];
    const more = own.filter((l) => !l.gift).length - 1;
    return {
      id: o.token,
      number: o.number,
      status: o.status,
      payment_status: o.paymentStatus,
      payment_method: o.paymentMethod,
      total: o.total,
      item_count: own.reduce((n, l) => n + l.quantity, 0),
      created_at: o.createdAt.toISOString(),
      image: first?.image ?? null,
      title: first ? `${first.productTitle}${more > 0 ? ` and ${more} more` : ''}` : o.number,
    };
  });
  return { data, count: data.length };
}

async function byToken(db: Db, token: string): Promise<OrderRow> {
  if (!/^[\w-]{20,40}$/.test(token)) throw new AppError('order_not_found', messages.orderNotFound());
  const [o] = await db.select().from(orders).where(eq(orders.token, token));
  if (!o) throw new AppError('order_not_found', messages.orderNotFound());
  return o;
}

/** What a link holder may see (order-verify, payment-success); the actions only when the holder is its owner. */
export async function getPublicOrder(ctx: RequestCtx, token: string, holdMs: number): Promise<PublicOrder> {
  const o = await byToken(ctx.db, token);
  return toPublicOrder(o, await linesOf(ctx.db, o.id), { holdMs, now: ctx.clock.now(), owner: isOwner(o, ownerOfCtx(ctx)) });
}

/** The receipt: the public part for a link holder, the addresses and contact too for the order's owner. */
export async function getReceipt(ctx: RequestCtx, token: string, holdMs: number): Promise<ReceiptResponse> {
  const { db } = ctx;
  const view = { holdMs, now: ctx.clock.now() };
  const o = await byToken(db, token);
  const lines = await linesOf(db, o.id);
  const mine = isOwner(o, ownerOfCtx(ctx));
  const own = mine
    ? privatePart(o, await db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id)).orderBy(asc(orderEvents.id)))
    : null;
  return { data: { order: toPublicOrder(o, lines, { ...view, owner: mine }), owner: own } };
}

/** Asked before every order is placed (is this a repeat?): one statement per kind of owner, prepared once. */
const orderByKey = perOwnerColumn(orderOwnerColumn, (kind, owner) =>
  preparedQuery(`order_by_key_${kind}`, (db) =>
    db
      .select()
      .from(orders)
      .where(and(owner, eq(orders.idempotencyKey, sql.placeholder('key')))),
  ),
);

/** The order an attempt with this Idempotency-Key placed for this owner. */
export async function findOrderByKey({ db }: DbCtx, owner: OrderOwner, key: string): Promise<OrderRow | null> {
  const who = shopperKey(owner);
  const [o] = who ? await orderByKey[who.kind](db, { owner: who.value, key }) : [];
  return o ?? null;
}

export async function getOrder({ db }: DbCtx, orderId: number): Promise<OrderRow | null> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
  return o ?? null;
}

// ------------------------------------------------------------------------------------------------
// Confirmation by SMS and email

export type NotifyDeps = { db: Db; env: Pick<Env, 'PUBLIC_URL'>; notifier: Notifier; clock: Clock };

const SHOP = SHOP_NAME;

/** What a confirmation lists of each line. */
type ConfirmationLine = Pick<OrderLineRow, 'productTitle' | 'variantTitle' | 'quantity' | 'linePrice'> & { gift?: boolean | undefined };

function confirmationTexts(o: OrderRow, lines: ConfirmationLine[], publicUrl: string) {
  // In the language of the page the order was placed from (issue 21).
  const locale = { locale: o.locale };
  const taka = (poisha: number) => takaIn(o.locale, poisha);
  const track = pageUrlIn(publicUrl, `/order-verify/success/${o.token}/`, o.locale);
  const receipt = pageUrlIn(publicUrl, `/receipt/${o.token}`, o.locale);
  const paid = o.paymentStatus === 'paid';
  const how =
    o.paymentMethod === 'cash_on_pickup'
      ? m.order_pay_pickup({}, locale)
      : o.paymentMethod === 'cod'
        ? o.paymentStatus === 'partially_paid'
          ? m.order_pay_cod_deposit({ fee: taka(o.codDeposit), rest: taka(o.total - o.codDeposit) }, locale)
          : m.order_pay_cod({}, locale)
        : paid
          ? m.order_pay_online({}, locale)
          : '';
  const smsText = paid ? m.order_sms_confirmed : m.order_sms_placed;
  const sms = smsText({ shop: SHOP, number: o.number, total: taka(o.total), how, track }, locale);
  const items = lines
    .map((l) =>
      m.order_line(
        {
          product: l.productTitle,
          variant: l.variantTitle,
          quantity: digitsIn(o.locale, l.quantity),
          price: l.gift ? m.order_free_gift({}, locale) : taka(l.linePrice),
        },
        locale,
      ),
    )
    .join('\n');
  const totals = [
    m.order_subtotal({ amount: taka(o.subtotal) }, locale),
    o.rebate ? m.order_rebate({ amount: taka(o.rebate) }, locale) : '',
    o.discount
      ? o.couponCode
        ? m.order_discount_coupon({ code: o.couponCode, amount: taka(o.discount) }, locale)
        : m.order_discount({ amount: taka(o.discount) }, locale)
      : '',
    m.order_shipping({ amount: o.shipping ? taka(o.shipping) : m.order_shipping_free({}, locale) }, locale),
    m.order_total({ amount: taka(o.total) }, locale),
  ]
    .filter(Boolean)
    .join('\n');
  const thanks = o.contactName ? m.order_email_thanks_name({ name: o.contactName }, locale) : m.order_email_thanks({}, locale);
  const email = {
    subject: m.order_email_subject({ shop: SHOP, number: o.number }, locale),
    text: [
      thanks,
      '',
      m.order_email_number({ number: o.number }, locale),
      items,
      '',
      totals,
      '',
      how,
      m.order_email_receipt({ url: receipt }, locale),
      m.order_email_track({ url: track }, locale),
    ].join('\n'),
  };
  return { sms, email };
}

/**
 * Queues the confirmation once per order: the order is claimed by stamping notified_at, then the SMS
 * (Bangladeshi mobiles only) and the email (when there is one) go to the notifications outbox.
 */
export async function notifyOrderConfirmed(deps: NotifyDeps, orderId: number): Promise<boolean> {
  const [o] = await deps.db
    .update(orders)
    .set({ notifiedAt: deps.clock.now() })
    .where(and(eq(orders.id, orderId), isNull(orders.notifiedAt)))
    .returning();
  if (!o) return false;
  const { sms, email } = confirmationTexts(o, await linesOf(deps.db, o.id), deps.env.PUBLIC_URL);
  if (o.contactPhone?.startsWith('+8801')) await deps.notifier.sendSms(o.contactPhone, sms);
  if (o.contactEmail) await deps.notifier.sendEmail({ to: o.contactEmail, ...email });
  return true;
}

/**
 * A cash order's confirmation, queued in the transaction that places it (`deps.db`): the SMS and the
 * e-mail exist exactly when the order does. The order was inserted already stamped notified_at (the
 * checkout sets it for cash orders), so the upkeep never queues it again.
 */
export async function queueOrderConfirmation(deps: NotifyDeps, o: OrderRow, lines: ConfirmationLine[]): Promise<void> {
  const { sms, email } = confirmationTexts(o, lines, deps.env.PUBLIC_URL);
  const messages: QueuedMessage[] = [];
  if (o.contactPhone?.startsWith('+8801')) messages.push({ channel: 'sms', to: o.contactPhone, body: sms });
  if (o.contactEmail) messages.push({ channel: 'email', to: o.contactEmail, subject: email.subject, body: email.text });
  await deps.notifier.queueIn(deps, messages);
}

/** Orders whose confirmation is due but was never queued (a crash between commit and send). */
export async function unnotifiedOrders({ db }: DbCtx, olderThan: Date): Promise<number[]> {
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      codDeposit: orders.codDeposit,
    })
    .from(orders)
    .where(and(isNull(orders.notifiedAt), sql`${orders.createdAt} < ${olderThan}`))
    .limit(100);
  // Gateway orders (and a COD order's delivery fee) are confirmed once paid; cash orders once placed.
  return rows
    .filter((r) => r.status !== 'cancelled' && (r.paymentStatus === 'paid' || r.paymentStatus === 'partially_paid' || !prepaid(r)))
    .map((r) => r.id);
}

export type { OrderStatus, PaymentStatus };

/** What a list of other modules' records shows of their orders (a coupon's uses): number, who, the discount. */
export type OrderSummary = { id: number; number: string; customerId: number | null; name: string | null; discount: number };

export async function orderSummaries({ db }: DbCtx, ids: number[]): Promise<Map<number, OrderSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      customerId: orders.customerId,
      name: sql<string | null>`${orders.shippingAddress}->>'name'`,
      discount: orders.discount,
    })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
