import { createHash } from 'node:crypto';
import type { Cart, CartLineItem, DeliveryType } from '@store/shared/cart';
import type { CheckoutTotals, OrderPayPayload, PayResponse } from '@store/shared/checkout';
import { CARD_MULTI_CARD_NAME, sameDayOpen, type PaymentMethod } from '@store/shared/checkout-rules';
import type { SiteSettings, StoreLocation } from '@store/shared/content';
import * as messages from '@store/shared/messages';
import { cutoffLabel } from '@store/shared/shop-hours';
import type { Db } from '../../db/client.js';
import { stockChanged } from '../../lib/content-changes.js';
import { AppError } from '../../lib/errors.js';
import { shopperCard, type ShopperCard } from '../accounts/index.js';
import { clearCart, getCartForCheckout, giftRules, rebateCardId, type GiftRule } from '../cart/index.js';
import { reserveStock } from '../catalog/index.js';
import { recordReferral, redeemPoints } from '../loyalty/index.js';
import { getSiteSettings, listStoreLocations } from '../content/index.js';
import {
  findOrderByKey,
  IdempotencyKeyTaken,
  insertOrder,
  openUnpaidOrderOfCart,
  orderLinesOf as placedLinesOf,
  orderRef,
  attemptAmount,
  prepaid,
  queueOrderConfirmation,
  transitionOrder,
  type OrderValues,
  type NewOrderLine,
  type OrderRow,
} from '../orders/index.js';
import type { PaymentRow, StartInput } from '../payments/index.js';
import { defaultAddress, getOwnAddress, snapshotOf, type AddressRow, type Shopper } from './addresses.service.js';
import { readDraft } from './checkout.service.js';
import { cartOwnerOf, paidLines, refuse, requireShopper, type CheckoutCtx } from './context.js';
import { couponRefusalCode, findCouponById, redeemCoupon, releaseCoupon, type CouponRow } from './coupons.js';
import { loyaltyTerms, type LoyaltyTerms, type Refusal } from './loyalty-terms.js';
import { codDepositFor, defaultMethod, price, requireMethod, type DraftRow } from './pricing.js';
import { runSteps, type Step, type StepHooks } from './steps.js';
import { gatewayMethod, newAttempt, openSession, samePurchase, startInputOf } from './unpaid-orders.js';

/*
 * Placing an order (SPEC §7 pay/) as named steps, each with its undo. The steps up to closing the bag
 * run in one transaction, so their undo is its rollback: a failure at any of them leaves no order, no
 * stock taken, no coupon use, no payment row, no message and the bag open. A cash order's
 * confirmation is queued in that transaction (it exists exactly when the order does); a prepaid
 * order's once its payment is confirmed. After the commit, the gateway session is opened (a gateway
 * that refuses fails the attempt; the order keeps its hold for a new attempt).
 */

export const PLACE_ORDER_STEPS = [
  'lock bag',
  'resolve choices',
  'price',
  'create order',
  'reserve stock',
  'redeem coupon',
  'redeem points',
  'record referral',
  'open payment',
  'notify',
  'close bag',
  'open gateway session',
] as const;
export type PlaceOrderStep = (typeof PLACE_ORDER_STEPS)[number];

/** What the steps read before the transaction (the embedded database runs one transaction at a time, so nothing inside may wait on the pool). */
type Given = {
  ctx: CheckoutCtx;
  shopper: Shopper;
  payload: OrderPayPayload;
  idempotencyKey: string | null;
  requestHash: string | null;
  site: SiteSettings;
  contact: ShopperCard | null;
  stores: StoreLocation[] | null;
  /**
   * The gift rules as cached (read before the transaction: the embedded database runs one at a time);
   * their gifts' stock and state are read afresh with the bag. A rule switched off in another process
   * meanwhile still applies until its invalidation arrives (within a second), as it does for the bag.
   */
  rules: GiftRule[];
  now: Date;
};

type Choices = {
  deliveryType: DeliveryType;
  method: PaymentMethod;
  shipping: AddressRow | null;
  billing: AddressRow | null;
  store: StoreLocation | null;
};

/** The workflow's state: each step fills in what the next ones need. */
type Placing = Given & {
  tx: Db;
  cart?: Cart & { id: number };
  draft?: DraftRow | null;
  choices?: Choices;
  previous?: OrderRow | null;
  coupon?: CouponRow | null;
  totals?: CheckoutTotals;
  /** The programme's part: the points spent, the referral's terms and why it gave nothing. */
  loyalty?: { points: number; terms: LoyaltyTerms; referralError: Refusal | null };
  /** A high-risk shopper's delivery fee, paid by bKash before a COD order goes ahead (0: none). */
  codDeposit?: number;
  /** The privilege card whose rebate the totals took, recorded on the order. */
  cardId?: number | null;
  values?: OrderValues;
  lines?: NewOrderLine[];
  order?: OrderRow;
  /** The bag's unpaid order was paid again (same purchase): its stock and coupon are already held. */
  reused?: boolean;
  payment?: PaymentRow | null;
  start?: StartInput | null;
  answer?: PayResponse;
};

/** Paid through a gateway before it goes ahead: bKash, card, or a COD order's delivery fee. */
const paysFirst = (s: Placing) => prepaid(s.values!);

function orderLinesOf(cart: Cart): NewOrderLine[] {
  return cart.line_items.map((l: CartLineItem) => ({
    variantId: l.variant_id,
    productId: l.product_id,
    sku: l.sku,
    productTitle: l.product_title,
    variantTitle: l.variant_title,
    vendor: l.vendor,
    image: l.image,
    productUrl: l.product_url,
    quantity: l.quantity,
    price: l.price,
    discountedPrice: l.discounted_price,
    linePrice: l.line_price,
    gift: l.gift,
  }));
}

/** Locks the shopper's bag for the transaction (a second checkout of it waits) and reads its draft. */
async function lockBag(s: Placing): Promise<void> {
  const cart = await getCartForCheckout({ db: s.tx }, cartOwnerOf(s.ctx), s.rules);
  if (!cart || cart.id === null || paidLines(cart).length === 0) throw refuse('validation_failed', messages.bagEmpty(), 'cart');
  s.cart = cart as Cart & { id: number };
  s.draft = await readDraft(s.tx, cart.id);
}

/** The request's choices over the draft's, each re-checked: the address is the shopper's, same day is still open, the method is offered. */
async function resolveChoices(s: Placing): Promise<void> {
  const { payload, draft } = s;
  const deliveryType: DeliveryType = payload.cash_on_pickup ? 'pickup' : (payload.delivery_type ?? draft?.deliveryType ?? 'standard');
  const method: PaymentMethod = payload.cash_on_pickup
    ? 'cash_on_pickup'
    : (payload.payment_method ?? draft?.paymentMethod ?? defaultMethod(deliveryType));
  let shipping: AddressRow | null = null;
  let store: StoreLocation | null = null;
  if (deliveryType === 'pickup') {
    s.stores ??= await listStoreLocations({ db: s.tx });
    store = s.stores.find((x) => x.id === (payload.store_location_id ?? draft?.storeLocationId)) ?? null;
    if (!store) throw refuse('validation_failed', messages.chooseDeliveryAddress(), 'address');
  } else {
    const addressId = payload.address_id ?? draft?.shippingAddressId;
    shipping = addressId ? await getOwnAddress(s.tx, s.shopper, addressId) : await defaultAddress(s.tx, s.shopper, 'shipping');
    if (!shipping) throw refuse('validation_failed', messages.chooseDeliveryAddress(), 'address');
    if (deliveryType === 'same_day' && !sameDayOpen(shipping.zone, s.now, s.site.same_day_cutoff_hour))
      throw refuse('validation_failed', messages.sameDayUnavailable(cutoffLabel(s.site.same_day_cutoff_hour)), 'shipping');
  }
  const billingId = payload.address_billing_id ?? draft?.billingAddressId ?? null;
  const billing = billingId ? await getOwnAddress(s.tx, s.shopper, billingId) : shipping;
  requireMethod(s.ctx, method, deliveryType, s.contact?.codBlocked ?? false);
  s.choices = { deliveryType, method, shipping, billing, store };
}

/**
 * The totals as the server prices them, the coupon re-checked. One order per checkout: the bag's
 * unpaid bKash or card order (if any) gives its code back first, so the code is checked as unused.
 */
async function priceOrder(s: Placing): Promise<void> {
  const { tx, shopper, choices } = s;
  s.previous = await openUnpaidOrderOfCart({ db: tx }, s.cart!.id, shopper);
  if (s.previous) await releaseCoupon(tx, s.previous.id, s.now);
  s.coupon = s.draft?.couponId ? await findCouponById(tx, s.draft.couponId) : null;
  const terms = await loyaltyTerms(tx, shopper, {
    referralCode: s.payload.referral_code || s.draft?.referralCode || null,
    shipping: choices!.shipping,
    phone: s.contact?.phone ?? null,
    now: s.now,
  });
  const points = s.draft?.points ?? 0;
  const priced = await price(tx, shopper, s.cart!, { ...choices!, coupon: s.coupon, points, terms }, s.site, s.now);
  const { totals, couponError } = priced;
  if (couponError) throw refuse(couponRefusalCode(couponError), couponError, 'discount');
  s.totals = totals;
  s.loyalty = { points: priced.loyalty.points, terms, referralError: priced.referralError };
  s.codDeposit = await codDepositFor(tx, s.site, choices!.method, totals, [s.contact?.phone, choices!.shipping?.phone]);
  if (s.codDeposit > 0 && !s.ctx.payments.methodAvailable('bkash'))
    throw refuse('cod_not_allowed', messages.codDepositUnavailable(), 'payment');
  s.cardId = totals.rebate > 0 && shopper.customerId !== null ? await rebateCardId({ db: tx }, shopper.customerId) : null;
  s.values = orderValues(s);
  s.lines = orderLinesOf(s.cart!);
}

function orderValues(s: Placing): OrderValues {
  const { payload, shopper, contact, totals, coupon, draft } = s;
  const { deliveryType, method, shipping, billing, store } = s.choices!;
  return {
    customerId: shopper.customerId,
    guestId: shopper.customerId === null ? shopper.guestId : null,
    cartId: s.cart!.id,
    idempotencyKey: s.idempotencyKey,
    requestHash: s.requestHash,
    status: 'placed',
    paymentStatus: 'pending',
    paymentMethod: method,
    deliveryType,
    zone: shipping?.zone ?? null,
    storeLocationId: store?.id ?? null,
    storeLocation: store ? { name: store.name, address: store.address, hours: store.hours } : null,
    shippingAddress: shipping ? snapshotOf(shipping) : null,
    billingAddress: billing ? snapshotOf(billing) : null,
    contactName: shipping?.name || contact?.name || '',
    contactPhone: contact?.phone ?? shipping?.phone ?? null,
    contactEmail: contact?.email || shipping?.email || null,
    subtotal: totals!.subtotal,
    rebate: totals!.rebate,
    privilegeCardId: s.cardId ?? null,
    discount: totals!.discount,
    referralDiscount: totals!.referral_discount,
    pointsRedeemed: s.loyalty?.points ?? 0,
    pointsDiscount: totals!.points_discount,
    shipping: totals!.shipping,
    shippingWaived: totals!.shipping_waived,
    total: totals!.total,
    codDeposit: s.codDeposit ?? 0,
    couponId: coupon?.id ?? null,
    couponCode: coupon?.code ?? null,
    referralCode: s.loyalty?.terms.referral?.code ?? (payload.referral_code || null),
    affiliate:
      payload.aff || payload.id_token || payload.id_user || payload.aff_uid
        ? { aff: payload.aff, id_token: payload.id_token, id_user: payload.id_user, aff_uid: payload.aff_uid }
        : null,
    multiCardName: method === 'card' ? payload.multi_card_name || draft?.multiCardName || CARD_MULTI_CARD_NAME : null,
    note: payload.note ?? '',
    // A cash order's confirmation is queued with it (the 'notify' step); a prepaid one's once it is paid.
    notifiedAt: prepaid({ paymentMethod: method, codDeposit: s.codDeposit ?? 0 }) ? null : s.now,
    // The page's language: the confirmation and every later message about the order are written in it.
    locale: s.ctx.locale,
  };
}

/**
 * The order row with its lines; with an idempotency key, inserting it claims the key. An unchanged
 * bag with an unpaid gateway order pays that order again (a new attempt) instead; a changed one
 * cancels it (its items go back) and places a new one.
 */
async function createOrder(s: Placing): Promise<void> {
  const { tx, previous, values, lines } = s;
  if (previous) {
    if (paysFirst(s) && samePurchase(previous, await placedLinesOf(tx, previous.id), values!, lines!)) {
      const again = await newAttempt(tx, s.ctx, previous, s.choices!.method, {
        idempotencyKey: s.idempotencyKey,
        requestHash: s.requestHash,
        codDeposit: values!.codDeposit,
      });
      s.order = again.order;
      s.payment = again.payment;
      s.reused = true;
      return;
    }
    await transitionOrder({ db: tx }, previous.id, { status: 'cancelled' }, 'replaced by a new checkout of the bag', s.now);
  }
  s.order = await insertOrder({ db: tx }, values!, lines!, s.now);
}

/** All the lines' stock or none (an order paid again holds its stock already). */
async function reserveOrderStock(s: Placing): Promise<void> {
  if (s.reused) return;
  await reserveStock(
    { db: s.tx },
    s.lines!.map((l) => ({ variantId: l.variantId!, quantity: l.quantity, productTitle: l.productTitle, variantTitle: l.variantTitle })),
  );
}

async function redeemOrderCoupon(s: Placing): Promise<void> {
  if (s.coupon) await redeemCoupon(s.tx, s.coupon, s.shopper, s.order!.id);
}

/** The points the totals spent leave the balance here, the account locked: a second tab spending the same points is refused (issue 22). */
async function redeemOrderPoints(s: Placing): Promise<void> {
  const points = s.order!.pointsRedeemed;
  if (s.reused || points <= 0 || s.shopper.customerId === null) return;
  await redeemPoints(s.tx, { customerId: s.shopper.customerId, orderId: s.order!.id, points }, s.now);
}

/** An order placed with someone's referral code: pending its delivery, or void at once with why it gave no discount. */
async function recordOrderReferral(s: Placing): Promise<void> {
  const referral = s.loyalty?.terms.referral;
  if (s.reused || !referral || referral.referrerId === null || s.shopper.customerId === null) return;
  await recordReferral(
    s.tx,
    {
      code: referral.code,
      referrerId: referral.referrerId,
      refereeId: s.shopper.customerId,
      orderId: s.order!.id,
      discount: s.order!.referralDiscount,
      refusedBecause: s.loyalty?.referralError?.staff ?? null,
    },
    s.now,
  );
}

/** bKash and card, and a COD order's delivery fee: a pending payment attempt (a new attempt on a reused order has one already). */
async function openPayment(s: Placing): Promise<void> {
  if (!paysFirst(s)) return;
  s.payment ??= await s.ctx.payments.createPending(s.tx, {
    orderId: s.order!.id,
    method: gatewayMethod(s.choices!.method),
    invoice: s.order!.number,
    amount: attemptAmount(s.order!),
  });
  s.start = await startInputOf(s.tx, s.order!, s.lines!, s.ctx.env.SUPPORT_EMAIL);
}

/** A cash order's confirmation, queued in the transaction: it exists exactly when the order does (a prepaid order's waits for its payment). */
async function notify(s: Placing): Promise<void> {
  if (!paysFirst(s)) await queueOrderConfirmation({ ...s.ctx, db: s.tx }, s.order!, s.lines!);
}

/** Cash orders close the bag now; a gateway order (or a delivery fee to pay first) keeps it until the payment is confirmed. */
async function closeBag(s: Placing): Promise<void> {
  if (!paysFirst(s)) await clearCart({ db: s.tx }, s.cart!.id);
}

/** Inside the transaction: each undo is its rollback. */
const IN_TRANSACTION: readonly Step<Placing, PlaceOrderStep>[] = [
  { name: 'lock bag', run: lockBag },
  { name: 'resolve choices', run: resolveChoices },
  { name: 'price', run: priceOrder },
  { name: 'create order', run: createOrder },
  { name: 'reserve stock', run: reserveOrderStock },
  { name: 'redeem coupon', run: redeemOrderCoupon },
  { name: 'redeem points', run: redeemOrderPoints },
  { name: 'record referral', run: recordOrderReferral },
  { name: 'open payment', run: openPayment },
  { name: 'notify', run: notify },
  { name: 'close bag', run: closeBag },
];

/** After the commit: the order stands; what fails here is answered for, not undone. */
const AFTER_COMMIT: readonly Step<Placing, PlaceOrderStep>[] = [
  {
    name: 'open gateway session',
    // A gateway that refuses fails the attempt (openSession): the order keeps its items for a new attempt.
    run: async (s) => {
      if (s.payment && s.start) s.answer = await openSession(s.ctx, s.order!, s.payment, s.start);
    },
  },
];

function payResponse(order: OrderRow, redirect: string | null): PayResponse {
  return { success: true, data: { type: order.paymentMethod, order: orderRef(order), redirectGatewayURL: redirect } };
}

/**
 * The answer to a repeated attempt (same Idempotency-Key): the order the first attempt placed. A
 * gateway order still opening its session is waited for briefly, so the repeat gets the same URL.
 */
async function replay(ctx: CheckoutCtx, order: OrderRow): Promise<PayResponse> {
  if (!prepaid(order)) return payResponse(order, null);
  for (let i = 0; i < 50; i++) {
    const payment = await ctx.payments.paymentOfOrder(order.id);
    if (!payment) break;
    if (payment.status === 'failed' || payment.status === 'cancelled') {
      if (!payment.redirectUrl)
        throw new AppError('payment_failed', messages.paymentStartFailed(), { cart: messages.paymentStartFailed() });
      return payResponse(order, null);
    }
    if (payment.status !== 'pending') return payResponse(order, null);
    if (payment.redirectUrl) return payResponse(order, payment.redirectUrl);
    await new Promise((r) => setTimeout(r, 100));
  }
  return payResponse(order, null);
}

/** JSON with every object's keys sorted, so the same payload always hashes the same. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const requestHashOf = (payload: OrderPayPayload) => createHash('sha256').update(canonicalJson(payload)).digest('hex');

/**
 * The order an earlier attempt with this key placed, if the body is the same; the same key with
 * another body is a client bug or a stale tab: refused (422, as Stripe does), nothing changes.
 * Orders placed before the hash was kept have none and are replayed as before.
 */
async function earlierAttempt(ctx: CheckoutCtx, shopper: Shopper, key: string, requestHash: string): Promise<PayResponse | null> {
  const existing = await findOrderByKey(ctx, shopper, key);
  if (!existing) return null;
  if (existing.requestHash !== null && existing.requestHash !== requestHash)
    throw new AppError('idempotency_key_reused', messages.idempotencyKeyReused(), { cart: messages.idempotencyKeyReused() });
  return replay(ctx, existing);
}

/**
 * SPEC §7 pay/: places the order from the bag as the server prices it, through PLACE_ORDER_STEPS.
 * `hooks` is for tests: a failure thrown before a step fails it there.
 */
export async function placeOrder(
  ctx: CheckoutCtx,
  payload: OrderPayPayload,
  idempotencyKey: string | null,
  hooks: StepHooks<PlaceOrderStep> = {},
): Promise<PayResponse> {
  const shopper = requireShopper(ctx);
  const requestHash = idempotencyKey ? requestHashOf(payload) : null;
  if (idempotencyKey && requestHash) {
    const earlier = await earlierAttempt(ctx, shopper, idempotencyKey, requestHash);
    if (earlier) return earlier;
  }
  const pickup = payload.cash_on_pickup || payload.delivery_type === 'pickup' || payload.store_location_id != null;
  const [site, contact, rules] = await Promise.all([getSiteSettings(ctx), shopperCard(ctx, shopper), giftRules(ctx)]);
  // The stores are read only when pickup may be wanted (the draft may say so too: then they are read in the transaction).
  const stores = pickup ? await listStoreLocations(ctx) : null;
  const given: Given = { ctx, shopper, payload, idempotencyKey, requestHash, site, contact, stores, rules, now: ctx.clock.now() };
  let placed: Placing;
  try {
    placed = await ctx.db.transaction(async (tx) => {
      const state: Placing = { ...given, tx };
      await runSteps(IN_TRANSACTION, state, ctx.log, hooks);
      return state;
    });
  } catch (err) {
    // A parallel or earlier attempt with the same key placed the order (and closed the bag, or took the stock): answer with it.
    if (idempotencyKey && requestHash && (err instanceof IdempotencyKeyTaken || err instanceof AppError)) {
      const earlier = await earlierAttempt(ctx, shopper, idempotencyKey, requestHash);
      if (earlier) return earlier;
    }
    if (err instanceof IdempotencyKeyTaken)
      throw new AppError('idempotency_key_reused', messages.idempotencyKeyReused(), { cart: messages.idempotencyKeyReused() });
    throw err;
  }
  // Committed: the stock it took shows in listings and product pages from the next request on.
  stockChanged();
  // The steps after the commit work outside the transaction.
  placed.tx = ctx.db;
  await runSteps(AFTER_COMMIT, placed, ctx.log, hooks);
  return placed.answer ?? payResponse(placed.order!, null);
}
