import type { OrderDetail, OrderRepayPayload, PayResponse } from '@store/shared/checkout';
import { CARD_MULTI_CARD_NAME, type PaymentMethod } from '@store/shared/checkout-rules';
import * as messages from '@store/shared/messages';
import type { Db } from '../../db/client.js';
import { stockChanged } from '../../lib/content-changes.js';
import { AppError } from '../../lib/errors.js';
import { listStoreLocations } from '../content/index.js';
import {
  attemptAmount,
  awaitingPayment,
  findOwnOrder,
  getOwnOrder,
  orderActions,
  orderLinesOf,
  orderRef,
  lockOrder,
  overdueUnpaidOrders,
  reviseOrderForAttempt,
  transitionOrder,
  type AttemptChanges,
  type NewOrder,
  type NewOrderLine,
  type OrderRow,
} from '../orders/index.js';
import { GatewayError, type PaymentRow, type StartInput } from '../payments/index.js';
import type { CheckoutCtx, CheckoutDeps } from './context.js';
import { releaseCoupon } from './coupons.js';

/*
 * Unpaid bKash and card orders, and cash-on-delivery orders of high-risk shoppers whose delivery fee
 * is to be paid by bKash first (they are treated alike). A failed or cancelled attempt leaves the order placed, holding its
 * items for PAYMENT_HOLD_MINUTES from placement: the shopper pays again on the same order (a new
 * attempt) or cancels it; a new checkout of the same bag pays the same order again. When the hold
 * ends unpaid, the upkeep cancels the order, which gives the stock and the coupon back.
 */

export const holdMsOf = (deps: Pick<CheckoutDeps, 'env'>) => deps.env.PAYMENT_HOLD_MINUTES * 60_000;

const view = (deps: Pick<CheckoutDeps, 'env' | 'clock'>) => ({ holdMs: holdMsOf(deps), now: deps.clock.now() });

/** What opening a gateway session needs, from the order as placed (its address or store, its lines). */
export async function startInputOf(
  db: Db,
  order: OrderRow,
  lines: Pick<NewOrderLine, 'productTitle' | 'quantity'>[],
  supportEmail: string,
) {
  const place = order.shippingAddress;
  const store = place ? null : ((await listStoreLocations({ db })).find((s) => s.id === order.storeLocationId) ?? null);
  const input: StartInput = {
    payerReference: (order.contactPhone ?? order.number).replace(/^\+88/, ''),
    customer: {
      name: order.contactName || 'Customer',
      email: order.contactEmail ?? supportEmail,
      phone: order.contactPhone ?? '',
      address: place ? `${place.address_detail}, ${place.area}` : (store?.address ?? order.storeLocation?.address ?? ''),
      city: place?.location ?? store?.city ?? 'Dhaka',
      postcode: '0000',
      country: 'Bangladesh',
    },
    shipTo: place
      ? {
          name: place.name,
          address: `${place.address_detail}, ${place.area}`,
          city: place.location,
          postcode: '0000',
          country: 'Bangladesh',
        }
      : null,
    productName: lines
      .map((l) => l.productTitle)
      .join(', ')
      .slice(0, 250),
    numItems: lines.reduce((n, l) => n + l.quantity, 0),
    multiCardName: order.multiCardName ?? CARD_MULTI_CARD_NAME,
  };
  return input;
}

/** Opens the gateway session of an attempt; one that cannot be opened fails at once (the order keeps its hold). */
export async function openSession(ctx: CheckoutDeps, order: OrderRow, payment: PaymentRow, start: StartInput): Promise<PayResponse> {
  try {
    const redirect = await ctx.payments.start(payment, start);
    return { success: true, data: { type: order.paymentMethod, order: orderRef(order), redirectGatewayURL: redirect } };
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    ctx.log.warn({ err, order: order.number }, 'payment could not be started');
    // Nothing was charged: the attempt fails, the order stays unpaid (items held) and the bag is kept.
    await ctx.payments.abandon(payment, err.message);
    throw new AppError('payment_failed', messages.paymentStartFailed(), { cart: messages.paymentStartFailed() });
  }
}

/** The gateway a method pays through: cash on delivery reaches one only for its delivery fee, by bKash. */
export const gatewayMethod = (method: PaymentMethod): 'bkash' | 'card' => (method === 'card' ? 'card' : 'bkash');

/**
 * Inside a transaction holding the order's lock: another attempt on the unpaid order, with its method
 * or another gateway. A COD order keeps paying its delivery fee by bKash; switched to bKash or card,
 * it pays the whole total and has no fee to pay first.
 */
export async function newAttempt(tx: Db, ctx: CheckoutDeps, order: OrderRow, method: PaymentMethod, changes: AttemptChanges = {}) {
  const at = ctx.clock.now();
  const updated = await reviseOrderForAttempt(
    { db: tx },
    order.id,
    {
      ...changes,
      paymentMethod: method,
      codDeposit: method === 'cod' ? (changes.codDeposit ?? order.codDeposit) : 0,
      multiCardName: method === 'card' ? (order.multiCardName ?? CARD_MULTI_CARD_NAME) : null,
    },
    at,
  );
  await transitionOrder({ db: tx }, order.id, { payment: 'pending' }, 'payment attempt started', at);
  const payment = await ctx.payments.createPending(tx, {
    orderId: order.id,
    method: gatewayMethod(method),
    invoice: order.number,
    amount: attemptAmount(updated),
  });
  return { order: updated, payment };
}

/** JSON with the keys in order: a jsonb column gives its keys back in its own order. */
const sortedJson = (value: object | null) =>
  JSON.stringify(value && Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));

/** The parts of an order that make it the same purchase: a new checkout of an unchanged bag pays the open order again. */
export function samePurchase(order: OrderRow, lines: NewOrderLine[], values: NewOrder, placedLines: NewOrderLine[]): boolean {
  const key = (
    o: Pick<OrderRow, 'subtotal' | 'rebate' | 'discount' | 'shipping' | 'total' | 'deliveryType' | 'storeLocationId' | 'couponId'>,
  ) =>
    JSON.stringify([o.subtotal, o.rebate, o.discount, o.shipping, o.total, o.deliveryType, o.storeLocationId ?? null, o.couponId ?? null]);
  const lineKey = (ls: NewOrderLine[]) =>
    JSON.stringify(
      ls
        .map((l) => [l.variantId ?? 0, l.quantity, l.linePrice, l.gift ?? false])
        .sort((a, b) => Number(a[0]) - Number(b[0]) || Number(a[1]) - Number(b[1])),
    );
  return (
    key(order) === key(values as OrderRow) &&
    sortedJson(order.shippingAddress) === sortedJson(values.shippingAddress ?? null) &&
    lineKey(lines) === lineKey(placedLines)
  );
}

/** POST /orders/{number}/pay/: another attempt on the owner's unpaid order, within its hold. */
export async function payAgain(ctx: CheckoutCtx, number: string, payload: OrderRepayPayload): Promise<PayResponse> {
  const owner = requireOwner(ctx);
  const found = await findOwnOrder(ctx, owner, number);
  if (!orderActions(found, { ...view(ctx), owner: true }).pay) throw new AppError('order_not_payable', messages.orderNotPayable());
  // Without a method: the order's own (a COD order's delivery fee by bKash); bKash or card: the whole total through it.
  const method: PaymentMethod = payload.payment_method ?? found.paymentMethod;
  if (!ctx.payments.methodAvailable(gatewayMethod(method)))
    throw new AppError('payment_method_unavailable', messages.paymentMethodUnavailable(), { payment: messages.paymentMethodUnavailable() });
  const { order, payment } = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder({ db: tx }, found.id);
    if (!locked || !awaitingPayment(locked)) throw new AppError('order_not_payable', messages.orderNotPayable());
    return newAttempt(tx, ctx, locked, method);
  });
  return openSession(ctx, order, payment, await startInputOf(ctx.db, order, await orderLinesOf(ctx.db, order.id), ctx.env.SUPPORT_EMAIL));
}

/** POST /orders/{number}/cancel/: the owner cancels an order not confirmed yet; its items and coupon go back. */
export async function cancelOwnOrder(ctx: CheckoutCtx, number: string): Promise<OrderDetail> {
  const owner = requireOwner(ctx);
  const found = await findOwnOrder(ctx, owner, number);
  if (!orderActions(found, { ...view(ctx), owner: true }).cancel)
    throw new AppError('order_not_cancellable', messages.orderNotCancellable());
  await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder({ db: tx }, found.id);
    if (!locked || !orderActions(locked, { ...view(ctx), owner: true }).cancel)
      throw new AppError('order_not_cancellable', messages.orderNotCancellable());
    await transitionOrder({ db: tx }, locked.id, { status: 'cancelled' }, 'cancelled by the shopper', ctx.clock.now());
    await releaseCoupon(tx, locked.id, ctx.clock.now());
  });
  // Committed: the stock it gave back shows from the next request on.
  stockChanged();
  return getOwnOrder(ctx, number, holdMsOf(ctx));
}

/**
 * The upkeep's pass over unpaid gateway orders whose hold has ended: each open attempt is settled
 * with its gateway first (money that arrived confirms the order); an order still unpaid is
 * cancelled. One whose gateway cannot answer waits for the next pass. Returns how many were cancelled.
 */
export async function expireUnpaidOrders(deps: CheckoutDeps): Promise<number> {
  const now = deps.clock.now();
  let cancelled = 0;
  for (const o of await overdueUnpaidOrders(deps, new Date(now.getTime() - holdMsOf(deps)))) {
    if (!(await deps.payments.closeAttempts(o.id))) continue;
    const done = await deps.db.transaction(async (tx) => {
      const locked = await lockOrder({ db: tx }, o.id);
      if (!locked || !awaitingPayment(locked)) return false;
      await transitionOrder({ db: tx }, locked.id, { status: 'cancelled' }, messages.orderHoldExpired(), now);
      await releaseCoupon(tx, locked.id, now);
      return true;
    });
    if (done) cancelled++;
  }
  if (cancelled) stockChanged();
  return cancelled;
}

function requireOwner(ctx: CheckoutCtx) {
  if (!ctx.shopper || (ctx.shopper.customerId === null && ctx.shopper.guestId === null))
    throw new AppError('login_required', messages.loginRequired());
  return ctx.shopper;
}
