import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Cart, CartLineItem, DeliveryType } from '@store/shared/cart';
import type {
  CheckoutMessages,
  CheckoutResponse,
  CheckoutSummary,
  CheckoutTotals,
  DiscountResponse,
  OrderPayPayload,
  PayResponse,
  PaymentMethodPayload,
  RemoveDiscountResponse,
  ShippingAddressChoice,
} from '@store/shared/checkout';
import {
  CARD_MULTI_CARD_NAME,
  ONLINE_METHODS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  SAME_DAY_CUTOFF_LABEL,
  sameDayOpen,
  standardFee,
  type DeliveryZone,
  type PaymentMethod,
  type ShippingFees,
} from '@store/shared/checkout-rules';
import type { StoreLocation } from '@store/shared/content';
import type { DepartmentKey } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import type { Env } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { contentChanged } from '../../lib/content-changes.js';
import { AppError } from '../../lib/errors.js';
import { customers, guests } from '../accounts/accounts.tables.js';
import { clearCart, getCart, getCartForCheckout, type CartOwner } from '../cart/index.js';
import { getSiteSettings, listStoreLocations } from '../content/content.service.js';
import type { Notifier } from '../notifications/index.js';
import {
  findOrderByKey,
  IdempotencyKeyTaken,
  insertOrder,
  insertOrderLines,
  notifyOrderConfirmed,
  orderRef,
  takeStock,
  type NewOrderLine,
  type OrderRow,
} from '../orders/index.js';
import { GatewayError, type Payments, type PaymentRow, type StartInput } from '../payments/index.js';
import { defaultAddress, getOwnAddress, snapshotOf, type AddressRow, type Shopper } from './addresses.service.js';
import {
  appliedCoupon,
  eligibleProducts,
  evaluateCoupon,
  findCouponByCode,
  findCouponById,
  redeemCoupon,
  usesByShopper,
  type CouponRow,
} from './coupons.js';
import { checkoutDrafts } from './checkout.tables.js';

export type CheckoutDeps = { db: Db; env: Env; clock: Clock; payments: Payments; notifier: Notifier; log: FastifyBaseLogger };

/** Who is checking out and with which bag: the session's shopper (null for a visitor), the visitor's bag cookie, the department. */
export type CheckoutCtx = CheckoutDeps & { shopper: Shopper | null; cartToken: string | null; department: DepartmentKey };

type DraftRow = typeof checkoutDrafts.$inferSelect;

const bad = (message: string, field: string) => new AppError('bad_request', message, { [field]: message });

export function requireShopper(ctx: CheckoutCtx): Shopper {
  if (!ctx.shopper || (ctx.shopper.customerId === null && ctx.shopper.guestId === null))
    throw new AppError('unauthorized', messages.loginRequired);
  return ctx.shopper;
}

const cartOwnerOf = (ctx: CheckoutCtx): CartOwner => ({
  customerId: ctx.shopper?.customerId ?? null,
  guestId: ctx.shopper?.guestId ?? null,
  token: ctx.cartToken,
});
const paidLines = (cart: Cart) => cart.line_items.filter((l) => !l.gift);

async function readDraft(db: Db, cartId: number | null): Promise<DraftRow | null> {
  if (cartId === null) return null;
  const [row] = await db.select().from(checkoutDrafts).where(eq(checkoutDrafts.cartId, cartId));
  return row ?? null;
}

async function saveDraft(db: Db, cartId: number, patch: Partial<Omit<DraftRow, 'cartId' | 'updatedAt'>>, at: Date): Promise<DraftRow> {
  const [row] = await db
    .insert(checkoutDrafts)
    .values({ cartId, ...patch, updatedAt: at })
    .onConflictDoUpdate({ target: checkoutDrafts.cartId, set: { ...patch, updatedAt: at } })
    .returning();
  return row!;
}

/** The shop's offer of payment methods for a delivery type: cash on delivery only with delivery, cash on pickup only with pickup. */
function methodAllowed(deps: CheckoutDeps, method: PaymentMethod, deliveryType: DeliveryType): boolean {
  if (method === 'cod') return deliveryType !== 'pickup';
  if (method === 'cash_on_pickup') return deliveryType === 'pickup';
  return deps.payments.methodAvailable(method);
}

const defaultMethod = (deliveryType: DeliveryType): PaymentMethod => (deliveryType === 'pickup' ? 'cash_on_pickup' : 'cod');

type Resolved = {
  deliveryType: DeliveryType;
  shipping: AddressRow | null;
  billing: AddressRow | null;
  store: StoreLocation | null;
  method: PaymentMethod;
  coupon: CouponRow | null;
};

/** The delivery fee before any coupon; 0 for pickup and while no address is chosen. */
function deliveryFee(fees: ShippingFees, deliveryType: DeliveryType, zone: DeliveryZone | null, now: Date): number {
  if (deliveryType === 'pickup' || !zone) return 0;
  if (deliveryType === 'same_day' && sameDayOpen(zone, now)) return fees.same_day;
  return standardFee(fees, zone);
}

type Priced = { totals: CheckoutTotals; couponError: string | null };

/** Totals from the bag as the server priced it, the delivery fee and the coupon (re-checked every time). */
async function price(db: Db, shopper: Shopper | null, cart: Cart, r: Resolved, fees: ShippingFees, now: Date): Promise<Priced> {
  const subtotal = cart.subtotal_price;
  const rebate = cart.rebate?.amount ?? 0;
  const base = subtotal - rebate;
  const fee = deliveryFee(fees, r.deliveryType, r.shipping?.zone ?? null, now);
  let discount = 0;
  let waived = 0;
  let couponError: string | null = null;
  if (r.coupon) {
    const lines = paidLines(cart);
    const result = evaluateCoupon({
      coupon: r.coupon,
      now,
      base,
      lines: lines.map((l) => ({ productId: l.product_id, unitPrice: l.discounted_price, quantity: l.quantity })),
      eligible: await eligibleProducts(db, r.coupon, [...new Set(lines.map((l) => l.product_id))]),
      shippingFee: fee,
      usedByShopper: shopper ? await usesByShopper(db, r.coupon.id, shopper) : 0,
    });
    if (result.ok) {
      discount = result.discount;
      waived = result.shippingWaived;
    } else couponError = result.message;
  }
  const shipping = fee - waived;
  return {
    totals: {
      subtotal,
      rebate,
      discount,
      shipping,
      shipping_waived: waived,
      tax: 0,
      total: Math.max(0, base - discount) + shipping,
      currency: 'BDT',
    },
    couponError,
  };
}

/** The choices in effect: the draft's, else sensible defaults (the shopper's default address, standard delivery, cash). */
async function resolve(db: Db, shopper: Shopper | null, draft: DraftRow | null, stores: StoreLocation[]): Promise<Resolved> {
  const deliveryType = draft?.deliveryType ?? 'standard';
  let shipping: AddressRow | null = null;
  let billing: AddressRow | null = null;
  if (shopper) {
    shipping = draft?.shippingAddressId
      ? await getOwnAddress(db, shopper, draft.shippingAddressId).catch(() => null)
      : draft?.storeLocationId && deliveryType === 'pickup'
        ? null
        : await defaultAddress(db, shopper, 'shipping');
    billing = draft?.billingAddressId ? await getOwnAddress(db, shopper, draft.billingAddressId).catch(() => null) : null;
  }
  const store = deliveryType === 'pickup' ? (stores.find((s) => s.id === draft?.storeLocationId) ?? null) : null;
  const coupon = draft?.couponId ? await findCouponById(db, draft.couponId) : null;
  return { deliveryType, shipping, billing, store, method: draft?.paymentMethod ?? defaultMethod(deliveryType), coupon };
}

async function shopperCard(db: Db, shopper: Shopper | null): Promise<CheckoutSummary['shopper']> {
  if (!shopper) return null;
  if (shopper.customerId !== null) {
    const [c] = await db.select().from(customers).where(eq(customers.id, shopper.customerId));
    return c ? { kind: 'customer', name: `${c.firstName} ${c.lastName}`.trim(), phone: c.phone, email: c.email } : null;
  }
  const [g] = shopper.guestId ? await db.select().from(guests).where(eq(guests.id, shopper.guestId)) : [];
  return g ? { kind: 'guest', name: `${g.firstName} ${g.lastName}`.trim(), phone: g.phone, email: g.email } : null;
}

async function summarize(
  ctx: CheckoutCtx,
  cart: Cart,
  draft: DraftRow | null,
): Promise<{ summary: CheckoutSummary; couponError: string | null }> {
  const [site, stores, shopper] = await Promise.all([
    getSiteSettings(ctx.db),
    listStoreLocations(ctx.db),
    shopperCard(ctx.db, ctx.shopper),
  ]);
  const r = await resolve(ctx.db, ctx.shopper, draft, stores);
  const now = ctx.clock.now();
  const { totals, couponError } = await price(ctx.db, ctx.shopper, cart, r, site.shipping_fees, now);
  const zone = r.deliveryType === 'pickup' ? null : (r.shipping?.zone ?? null);
  const sameDay = sameDayOpen(zone, now);
  const method = methodAllowed(ctx, r.method, r.deliveryType) ? r.method : defaultMethod(r.deliveryType);
  return {
    couponError,
    summary: {
      cart,
      shopper,
      shipping_address_id: r.shipping?.id ?? null,
      billing_address_id: r.billing?.id ?? null,
      store_location_id: r.store?.id ?? null,
      delivery_type: r.deliveryType,
      zone,
      payment_method: method,
      coupon: r.coupon ? appliedCoupon(r.coupon) : null,
      coupon_error: couponError,
      totals,
      shipping_options: [
        { type: 'standard', fee: zone ? standardFee(site.shipping_fees, zone) : 0, available: true, reason: null },
        {
          type: 'same_day',
          fee: site.shipping_fees.same_day,
          available: sameDay,
          reason: sameDay ? null : messages.sameDayUnavailable(SAME_DAY_CUTOFF_LABEL),
        },
      ],
      payment_options: PAYMENT_METHODS.map((m) => ({
        method: m,
        label: PAYMENT_METHOD_LABELS[m],
        available: methodAllowed(ctx, m, r.deliveryType),
      })),
      fees: site.shipping_fees,
    },
  };
}

/** GET /checkout/: the bag, the choices and the totals (a visitor gets their bag and no addresses). */
export async function getCheckout(ctx: CheckoutCtx): Promise<CheckoutResponse> {
  const cart = await getCart(ctx.db, cartOwnerOf(ctx), { department: ctx.department });
  const { summary, couponError } = await summarize(ctx, cart, await readDraft(ctx.db, cart.id));
  return { data: summary, ...(couponError ? { message: { discount: couponError } } : {}) };
}

/** The shopper's bag, which every checkout change needs: an empty or missing bag is refused. */
async function requireBag(ctx: CheckoutCtx): Promise<Cart & { id: number }> {
  requireShopper(ctx);
  const cart = await getCart(ctx.db, cartOwnerOf(ctx), { department: ctx.department });
  if (cart.id === null || paidLines(cart).length === 0) throw bad(messages.bagEmpty, 'cart');
  return cart as Cart & { id: number };
}

/**
 * SPEC §7 shipping_address/: the delivery address (or a store for pickup) and the delivery type.
 * Same day where it is not offered falls back to standard with message.shipping; a free-shipping
 * code is dropped when the address changes (message.discount says so).
 */
export async function setShippingAddress(ctx: CheckoutCtx, payload: ShippingAddressChoice): Promise<CheckoutResponse> {
  const shopper = requireShopper(ctx);
  const cart = await requireBag(ctx);
  const draft = await readDraft(ctx.db, cart.id);
  const now = ctx.clock.now();
  const message: CheckoutMessages = {};
  let deliveryType = payload.delivery_type;
  let shippingAddressId: number | null = null;
  let storeLocationId: number | null = null;
  if (deliveryType === 'pickup') {
    const stores = await listStoreLocations(ctx.db);
    const store = stores.find((s) => s.id === payload.store_location_id);
    if (!store) throw bad(messages.chooseDeliveryAddress, 'address');
    storeLocationId = store.id;
  } else {
    if (!payload.user_address_id) throw bad(messages.chooseDeliveryAddress, 'address');
    const address = await getOwnAddress(ctx.db, shopper, payload.user_address_id);
    shippingAddressId = address.id;
    if (deliveryType === 'same_day' && !sameDayOpen(address.zone, now)) {
      deliveryType = 'standard';
      message.shipping = messages.sameDayUnavailable(SAME_DAY_CUTOFF_LABEL);
    }
  }
  let billingAddressId = draft?.billingAddressId ?? null;
  if (payload.address_billing_id !== undefined) {
    billingAddressId = payload.address_billing_id === null ? null : (await getOwnAddress(ctx.db, shopper, payload.address_billing_id)).id;
  }
  let couponId = draft?.couponId ?? null;
  if (couponId !== null) {
    const coupon = await findCouponById(ctx.db, couponId);
    const before = draft?.deliveryType === 'pickup' ? `store:${draft.storeLocationId}` : `address:${draft?.shippingAddressId ?? null}`;
    const after = deliveryType === 'pickup' ? `store:${storeLocationId}` : `address:${shippingAddressId}`;
    if (coupon?.kind === 'free_shipping' && draft && before !== after && before !== 'address:null') {
      couponId = null;
      message.discount = messages.couponDroppedAddressChanged(coupon.code);
    }
  }
  // The payment method follows the delivery: pickup has no cash on delivery, delivery no cash on pickup.
  const method =
    draft?.paymentMethod && methodAllowed(ctx, draft.paymentMethod, deliveryType) ? draft.paymentMethod : defaultMethod(deliveryType);
  const saved = await saveDraft(
    ctx.db,
    cart.id,
    { deliveryType, shippingAddressId, storeLocationId, billingAddressId, couponId, paymentMethod: method },
    now,
  );
  const { summary } = await summarize(ctx, cart, saved);
  return { data: summary, ...(Object.keys(message).length ? { message } : {}) };
}

/** SPEC §7 payment_method/. */
export async function setPaymentMethod(ctx: CheckoutCtx, payload: PaymentMethodPayload): Promise<CheckoutResponse> {
  const cart = await requireBag(ctx);
  const draft = await readDraft(ctx.db, cart.id);
  const deliveryType = draft?.deliveryType ?? 'standard';
  if (!methodAllowed(ctx, payload.paymentMethod, deliveryType)) throw bad(messages.paymentMethodUnavailable, 'payment');
  const saved = await saveDraft(
    ctx.db,
    cart.id,
    {
      paymentMethod: payload.paymentMethod,
      multiCardName: payload.paymentMethod === 'card' ? payload.multi_card_name || CARD_MULTI_CARD_NAME : null,
    },
    ctx.clock.now(),
  );
  return { data: (await summarize(ctx, cart, saved)).summary };
}

/** SPEC §7 discount_code/: 'Coupon {code} was successfully applied to cart', or 400 with message.discount (fields.discount). */
export async function applyDiscount(ctx: CheckoutCtx, code: string): Promise<DiscountResponse> {
  const cart = await requireBag(ctx);
  const coupon = await findCouponByCode(ctx.db, code);
  if (!coupon) throw bad(messages.couponInvalid, 'discount');
  const draft = await readDraft(ctx.db, cart.id);
  const stores = await listStoreLocations(ctx.db);
  const r = { ...(await resolve(ctx.db, ctx.shopper, draft, stores)), coupon };
  const site = await getSiteSettings(ctx.db);
  const { couponError } = await price(ctx.db, ctx.shopper, cart, r, site.shipping_fees, ctx.clock.now());
  if (couponError) throw bad(couponError, 'discount');
  const saved = await saveDraft(ctx.db, cart.id, { couponId: coupon.id }, ctx.clock.now());
  return { success: true, detail: messages.couponApplied(coupon.code), data: (await summarize(ctx, cart, saved)).summary };
}

/** SPEC §7 remove discount: data.success and data.draft_order. */
export async function removeDiscount(ctx: CheckoutCtx): Promise<RemoveDiscountResponse> {
  const cart = await requireBag(ctx);
  const saved = await saveDraft(ctx.db, cart.id, { couponId: null }, ctx.clock.now());
  return {
    success: true,
    detail: messages.couponRemoved,
    data: { success: true, draft_order: (await summarize(ctx, cart, saved)).summary },
  };
}

// ------------------------------------------------------------------------------------------------
// Placing the order

type Placed = { order: OrderRow; payment: PaymentRow | null; start: StartInput | null };

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

function payResponse(order: OrderRow, redirect: string | null): PayResponse {
  return { success: true, data: { type: order.paymentMethod, order: orderRef(order), redirectGatewayURL: redirect } };
}

/**
 * The answer to a repeated attempt (same Idempotency-Key): the order the first attempt placed. A
 * gateway order still opening its session is waited for briefly, so the repeat gets the same URL.
 */
async function replay(ctx: CheckoutCtx, order: OrderRow): Promise<PayResponse> {
  if (!ONLINE_METHODS.includes(order.paymentMethod)) return payResponse(order, null);
  for (let i = 0; i < 50; i++) {
    const payment = await ctx.payments.paymentOfOrder(order.id);
    if (!payment) break;
    if (payment.status === 'failed' || payment.status === 'cancelled') {
      if (!payment.redirectUrl) throw new AppError('payment_failed', messages.paymentStartFailed, { cart: messages.paymentStartFailed });
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
  const existing = await findOrderByKey(ctx.db, shopper, key);
  if (!existing) return null;
  if (existing.requestHash !== null && existing.requestHash !== requestHash)
    throw new AppError('unprocessable', messages.idempotencyKeyReused, { cart: messages.idempotencyKeyReused });
  return replay(ctx, existing);
}

/**
 * SPEC §7 pay/: places the order from the bag as the server prices it. One transaction: lock the
 * bag, re-check every choice, claim the idempotency key with the order row, take the stock (all or
 * nothing), copy the lines, redeem the coupon, and then either close the bag (cash) or open a
 * pending gateway payment (bKash, card: the bag stays until the payment is confirmed). After the
 * commit: the gateway session, or the confirmation SMS and email.
 */
export async function placeOrder(ctx: CheckoutCtx, payload: OrderPayPayload, idempotencyKey: string | null): Promise<PayResponse> {
  const shopper = requireShopper(ctx);
  const requestHash = idempotencyKey ? requestHashOf(payload) : null;
  if (idempotencyKey && requestHash) {
    const earlier = await earlierAttempt(ctx, shopper, idempotencyKey, requestHash);
    if (earlier) return earlier;
  }
  // Read before the transaction: the embedded database runs one transaction at a time, so nothing inside may wait on the pool.
  const pickup = payload.cash_on_pickup || payload.delivery_type === 'pickup' || payload.store_location_id != null;
  const [site, contact] = await Promise.all([getSiteSettings(ctx.db), shopperCard(ctx.db, shopper)]);
  // The stores are read only when pickup may be wanted (the draft may say so too: then they are read in the transaction).
  let stores: StoreLocation[] | null = pickup ? await listStoreLocations(ctx.db) : null;
  const now = ctx.clock.now();
  let placed: Placed;
  try {
    placed = await ctx.db.transaction(async (tx): Promise<Placed> => {
      const cart = await getCartForCheckout(tx, cartOwnerOf(ctx));
      if (!cart || cart.id === null || paidLines(cart).length === 0) throw bad(messages.bagEmpty, 'cart');
      const draft = await readDraft(tx, cart.id);
      const deliveryType: DeliveryType = payload.cash_on_pickup ? 'pickup' : (payload.delivery_type ?? draft?.deliveryType ?? 'standard');
      const method: PaymentMethod = payload.cash_on_pickup
        ? 'cash_on_pickup'
        : (payload.payment_method ?? draft?.paymentMethod ?? defaultMethod(deliveryType));

      let shipping: AddressRow | null = null;
      let store: StoreLocation | null = null;
      if (deliveryType === 'pickup') {
        stores ??= await listStoreLocations(tx);
        store = stores.find((s) => s.id === (payload.store_location_id ?? draft?.storeLocationId)) ?? null;
        if (!store) throw bad(messages.chooseDeliveryAddress, 'address');
      } else {
        const addressId = payload.address_id ?? draft?.shippingAddressId;
        shipping = addressId ? await getOwnAddress(tx, shopper, addressId) : await defaultAddress(tx, shopper, 'shipping');
        if (!shipping) throw bad(messages.chooseDeliveryAddress, 'address');
        if (deliveryType === 'same_day' && !sameDayOpen(shipping.zone, now))
          throw bad(messages.sameDayUnavailable(SAME_DAY_CUTOFF_LABEL), 'shipping');
      }
      const billingId = payload.address_billing_id ?? draft?.billingAddressId ?? null;
      const billing = billingId ? await getOwnAddress(tx, shopper, billingId) : shipping;
      if (!methodAllowed(ctx, method, deliveryType)) throw bad(messages.paymentMethodUnavailable, 'payment');

      const coupon = draft?.couponId ? await findCouponById(tx, draft.couponId) : null;
      const { totals, couponError } = await price(
        tx,
        shopper,
        cart,
        { deliveryType, shipping, billing, store, method, coupon },
        site.shipping_fees,
        now,
      );
      if (couponError) throw bad(couponError, 'discount');

      const online = ONLINE_METHODS.includes(method);
      const order = await insertOrder(
        tx,
        {
          customerId: shopper.customerId,
          guestId: shopper.customerId === null ? shopper.guestId : null,
          cartId: cart.id,
          idempotencyKey,
          requestHash,
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
          subtotal: totals.subtotal,
          rebate: totals.rebate,
          discount: totals.discount,
          shipping: totals.shipping,
          shippingWaived: totals.shipping_waived,
          total: totals.total,
          couponId: coupon?.id ?? null,
          couponCode: coupon?.code ?? null,
          referralCode: payload.referral_code || null,
          affiliate:
            payload.aff || payload.id_token || payload.id_user || payload.aff_uid
              ? { aff: payload.aff, id_token: payload.id_token, id_user: payload.id_user, aff_uid: payload.aff_uid }
              : null,
          multiCardName: method === 'card' ? payload.multi_card_name || draft?.multiCardName || CARD_MULTI_CARD_NAME : null,
          note: payload.note ?? '',
        },
        now,
      );
      const lines = orderLinesOf(cart);
      await takeStock(
        tx,
        lines.map((l) => ({ variantId: l.variantId!, quantity: l.quantity, productTitle: l.productTitle, variantTitle: l.variantTitle })),
      );
      await insertOrderLines(tx, order.id, lines);
      if (coupon) await redeemCoupon(tx, coupon, shopper, order.id);

      if (!online) {
        await clearCart(tx, cart.id);
        return { order, payment: null, start: null };
      }
      const payment = await ctx.payments.createPending(tx, {
        orderId: order.id,
        method: method as 'bkash' | 'card',
        invoice: order.number,
        amount: order.total,
      });
      const place = shipping ?? null;
      return {
        order,
        payment,
        start: {
          payerReference: (order.contactPhone ?? order.number).replace(/^\+88/, ''),
          customer: {
            name: order.contactName || 'Customer',
            email: order.contactEmail ?? ctx.env.SUPPORT_EMAIL,
            phone: order.contactPhone ?? '',
            address: place ? `${place.addressDetail}, ${place.area}` : store!.address,
            city: place?.location ?? store!.city,
            postcode: '0000',
            country: 'Bangladesh',
          },
          shipTo: place
            ? {
                name: place.name,
                address: `${place.addressDetail}, ${place.area}`,
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
        },
      };
    });
  } catch (err) {
    // A parallel or earlier attempt with the same key placed the order (and closed the bag, or took the stock): answer with it.
    if (idempotencyKey && requestHash && (err instanceof IdempotencyKeyTaken || err instanceof AppError)) {
      const earlier = await earlierAttempt(ctx, shopper, idempotencyKey, requestHash);
      if (earlier) return earlier;
    }
    if (err instanceof IdempotencyKeyTaken) throw new AppError('conflict', messages.internalError);
    throw err;
  }
  // Committed: the stock it took shows in listings and product pages from the next request on.
  contentChanged();

  const { order, payment, start } = placed;
  if (payment && start) {
    try {
      return payResponse(order, await ctx.payments.start(payment, start));
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      ctx.log.warn({ err, order: order.number }, 'payment could not be started');
      // Nothing was charged: the order is cancelled (stock and coupon given back), the bag is kept.
      await ctx.payments.abandon(payment, err.message);
      throw new AppError('payment_failed', messages.paymentStartFailed, { cart: messages.paymentStartFailed });
    }
  }
  await notifyOrderConfirmed(ctx, order.id).catch((err: unknown) =>
    ctx.log.warn({ err, order: order.number }, 'order confirmation not queued'),
  );
  return payResponse(order, null);
}
