import { eq, sql } from 'drizzle-orm';
import type { Cart } from '@store/shared/cart';
import type {
  CheckoutMessages,
  CheckoutResponse,
  CheckoutSummary,
  DiscountResponse,
  PaymentMethodPayload,
  RemoveDiscountResponse,
  ShippingAddressChoice,
} from '@store/shared/checkout';
import {
  CARD_MULTI_CARD_NAME,
  freeDeliveryApplies,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  sameDayOpen,
  standardFee,
} from '@store/shared/checkout-rules';
import type { Locale } from '@store/shared/locale';
import type { CheckoutLoyalty } from '@store/shared/loyalty';
import * as messages from '@store/shared/messages';
import { cutoffLabel } from '@store/shared/shop-hours';
import type { Db } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { shopperCard } from '../accounts/index.js';
import { getCart } from '../cart/index.js';
import { getSiteSettings, listStoreLocations } from '../content/index.js';
import { tierName, tierProgress } from '../loyalty/index.js';
import { getOwnAddress } from './addresses.service.js';
import { checkoutDrafts } from './checkout.tables.js';
import { cartOwnerOf, paidLines, refuse, requireShopper, type CheckoutCtx } from './context.js';
import { appliedCoupon, couponRefusalCode, findCouponByCode, findCouponById } from './coupons.js';
import {
  codDepositFor,
  defaultMethod,
  methodAllowed,
  offeredDefault,
  price,
  requireMethod,
  resolve,
  type DraftRow,
  type PricedLoyalty,
  type Resolved,
} from './pricing.js';

/*
 * The checkout draft (SPEC §7): the shopper's choices kept against their bag (address or store,
 * delivery type, payment method, coupon) and the summary priced from them. Placing the order is
 * place-order.ts.
 */

export { requireShopper, type CheckoutCtx, type CheckoutDeps } from './context.js';

const draftOfCart = preparedQuery('checkout_draft', (db) =>
  db
    .select()
    .from(checkoutDrafts)
    .where(eq(checkoutDrafts.cartId, sql.placeholder('cart'))),
);

export async function readDraft(db: Db, cartId: number | null): Promise<DraftRow | null> {
  if (cartId === null) return null;
  const [row] = await draftOfCart(db, { cart: cartId });
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

async function summarize(
  ctx: CheckoutCtx,
  cart: Cart,
  draft: DraftRow | null,
): Promise<{ summary: CheckoutSummary; couponError: string | null }> {
  const [site, stores, card] = await Promise.all([getSiteSettings(ctx), listStoreLocations(ctx), shopperCard(ctx, ctx.shopper)]);
  const codBlocked = card?.codBlocked ?? false;
  const now = ctx.clock.now();
  const r = await resolve(ctx.db, ctx.shopper, draft, stores, { phone: card?.phone ?? null, now });
  const { totals, couponError, referralError, loyalty } = await price(ctx.db, ctx.shopper, cart, r, site, now);
  const zone = r.deliveryType === 'pickup' ? null : (r.shipping?.zone ?? null);
  const sameDay = sameDayOpen(zone, now, site.same_day_cutoff_hour);
  const method = methodAllowed(ctx, r.method, r.deliveryType, codBlocked) ? r.method : offeredDefault(ctx, r.deliveryType, codBlocked);
  const codDeposit =
    r.deliveryType === 'pickup' || codBlocked ? 0 : await codDepositFor(ctx.db, site, 'cod', totals, [card?.phone, r.shipping?.phone]);
  // A delivery fee to pay first needs bKash: without it, cash on delivery is not offered to this shopper.
  const codReason = codBlocked
    ? messages.codNotAllowed()
    : codDeposit > 0 && !ctx.payments.methodAvailable('bkash')
      ? messages.codDepositUnavailable()
      : null;
  return {
    couponError,
    summary: {
      cart,
      shopper: card && { kind: card.kind, name: card.name, phone: card.phone, email: card.email },
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
        {
          type: 'standard',
          fee:
            !zone || freeDeliveryApplies(site.free_delivery, zone, totals.subtotal - totals.rebate - totals.discount)
              ? 0
              : standardFee(site.shipping_fees, zone),
          available: true,
          reason: null,
        },
        {
          type: 'same_day',
          fee: site.shipping_fees.same_day,
          available: sameDay,
          reason: sameDay ? null : messages.sameDayUnavailable(cutoffLabel(site.same_day_cutoff_hour)),
        },
      ],
      payment_options: PAYMENT_METHODS.map((m) => ({
        method: m,
        label: PAYMENT_METHOD_LABELS[m],
        available: methodAllowed(ctx, m, r.deliveryType, codBlocked) && !(m === 'cod' && codReason),
        // Staff blocked this shopper from cash on delivery (or it needs bKash, which is off): the option shows, unavailable, with why.
        reason: m === 'cod' && r.deliveryType !== 'pickup' ? codReason : null,
      })),
      cod_deposit: codDeposit,
      fees: site.shipping_fees,
      free_delivery: site.free_delivery,
      same_day_cutoff: cutoffLabel(site.same_day_cutoff_hour),
      loyalty: loyaltyBox(r, loyalty, ctx.locale),
      referral: r.terms.referral
        ? { code: r.terms.referral.code, discount: totals.referral_discount, error: referralError?.text ?? null }
        : null,
    },
  };
}

/** The checkout's loyalty box: a customer's, with the programme on. */
function loyaltyBox(r: Resolved, priced: PricedLoyalty, locale: Locale): CheckoutLoyalty | null {
  const quote = r.terms.quote;
  if (!quote?.rules.enabled) return null;
  const next = tierProgress(quote.rules, quote.tier.key, quote.spend, locale);
  return {
    balance: quote.balance,
    point_value: quote.rules.point_value,
    redeemable: priced.redeemable,
    redeem_min_balance: quote.rules.redeem_min_balance,
    points: priced.points,
    earn: priced.earn,
    tier: tierName(quote.tier, locale),
    next_tier: next && { name: next.name, remaining: next.remaining },
    free_delivery: priced.tierFreeDelivery,
  };
}

/** GET /checkout/: the bag, the choices and the totals (a visitor gets their bag and no addresses). */
export async function getCheckout(ctx: CheckoutCtx): Promise<CheckoutResponse> {
  const cart = await getCart(ctx, cartOwnerOf(ctx), { department: ctx.department });
  const { summary, couponError } = await summarize(ctx, cart, await readDraft(ctx.db, cart.id));
  return { data: summary, ...(couponError ? { message: { discount: couponError } } : {}) };
}

/** The shopper's bag, which every checkout change needs: an empty or missing bag is refused. */
async function requireBag(ctx: CheckoutCtx): Promise<Cart & { id: number }> {
  requireShopper(ctx);
  const cart = await getCart(ctx, cartOwnerOf(ctx), { department: ctx.department });
  if (cart.id === null || paidLines(cart).length === 0) throw refuse('validation_failed', messages.bagEmpty(), 'cart');
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
    const stores = await listStoreLocations(ctx);
    const store = stores.find((s) => s.id === payload.store_location_id);
    if (!store) throw refuse('validation_failed', messages.chooseDeliveryAddress(), 'address');
    storeLocationId = store.id;
  } else {
    if (!payload.user_address_id) throw refuse('validation_failed', messages.chooseDeliveryAddress(), 'address');
    const address = await getOwnAddress(ctx.db, shopper, payload.user_address_id);
    shippingAddressId = address.id;
    const { same_day_cutoff_hour: cutoffHour } = await getSiteSettings(ctx);
    if (deliveryType === 'same_day' && !sameDayOpen(address.zone, now, cutoffHour)) {
      deliveryType = 'standard';
      message.shipping = messages.sameDayUnavailable(cutoffLabel(cutoffHour));
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
  const codBlocked = (await shopperCard(ctx, shopper))?.codBlocked ?? false;
  const method =
    draft?.paymentMethod && methodAllowed(ctx, draft.paymentMethod, deliveryType, codBlocked)
      ? draft.paymentMethod
      : (offeredDefault(ctx, deliveryType, codBlocked) ?? defaultMethod(deliveryType));
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
  requireMethod(ctx, payload.paymentMethod, deliveryType, (await shopperCard(ctx, ctx.shopper))?.codBlocked ?? false);
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
  if (!coupon) throw refuse('coupon_not_applicable', messages.couponInvalid(), 'discount');
  const draft = await readDraft(ctx.db, cart.id);
  const stores = await listStoreLocations(ctx);
  const now = ctx.clock.now();
  const phone = (await shopperCard(ctx, ctx.shopper))?.phone ?? null;
  const r = { ...(await resolve(ctx.db, ctx.shopper, draft, stores, { phone, now })), coupon };
  const site = await getSiteSettings(ctx);
  const { couponError } = await price(ctx.db, ctx.shopper, cart, r, site, now);
  if (couponError) throw refuse(couponRefusalCode(couponError), couponError, 'discount');
  const saved = await saveDraft(ctx.db, cart.id, { couponId: coupon.id }, ctx.clock.now());
  return { success: true, detail: messages.couponApplied(coupon.code), data: (await summarize(ctx, cart, saved)).summary };
}

/** SPEC §7 remove discount: data.success and data.draft_order. */
export async function removeDiscount(ctx: CheckoutCtx): Promise<RemoveDiscountResponse> {
  const cart = await requireBag(ctx);
  const saved = await saveDraft(ctx.db, cart.id, { couponId: null }, ctx.clock.now());
  return {
    success: true,
    detail: messages.couponRemoved(),
    data: { success: true, draft_order: (await summarize(ctx, cart, saved)).summary },
  };
}

/**
 * POST /checkout/points/ (issue 22): the points to spend on this order (0: none). More than the
 * order can take, or below the minimum balance, is refused with why (fields.points); a guest has none.
 */
export async function setPoints(ctx: CheckoutCtx, points: number): Promise<CheckoutResponse> {
  const cart = await requireBag(ctx);
  if (points > 0) {
    const shopper = requireShopper(ctx);
    if (shopper.customerId === null) throw refuse('points_not_redeemable', messages.pointsSignIn(), 'points');
    const draft = await readDraft(ctx.db, cart.id);
    const now = ctx.clock.now();
    const phone = (await shopperCard(ctx, shopper))?.phone ?? null;
    const r = { ...(await resolve(ctx.db, shopper, draft, await listStoreLocations(ctx), { phone, now })), points };
    const quote = r.terms.quote;
    if (!quote?.rules.enabled) throw refuse('points_not_redeemable', messages.programmeOff(), 'points');
    if (quote.balance < quote.rules.redeem_min_balance || quote.balance <= 0)
      throw refuse('points_not_redeemable', messages.pointsMinBalance(Math.max(1, quote.rules.redeem_min_balance)), 'points');
    const { loyalty } = await price(ctx.db, shopper, cart, r, await getSiteSettings(ctx), now);
    if (points > loyalty.redeemable) throw refuse('points_not_redeemable', messages.pointsTooMany(loyalty.redeemable), 'points');
  }
  const saved = await saveDraft(ctx.db, cart.id, { points }, ctx.clock.now());
  return { data: (await summarize(ctx, cart, saved)).summary };
}

/**
 * POST /checkout/referral_code/ (issue 22): the referral code for this checkout ('' removes it). A
 * code that gives no welcome discount is kept with why (summary.referral.error), as a coupon that no
 * longer applies is: the order can still be placed, without the discount.
 */
export async function setReferralCode(ctx: CheckoutCtx, code: string): Promise<CheckoutResponse> {
  const cart = await requireBag(ctx);
  const saved = await saveDraft(ctx.db, cart.id, { referralCode: code.trim() ? code.trim().toUpperCase() : null }, ctx.clock.now());
  return { data: (await summarize(ctx, cart, saved)).summary };
}
