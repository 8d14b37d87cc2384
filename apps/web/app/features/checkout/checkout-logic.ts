import type { Cart } from '@store/shared/cart';
import type { AddressFormInput, CheckoutSummary, OrderPayInput, PublicOrder } from '@store/shared/checkout';
import type { PaymentMethod } from '@store/shared/checkout-rules';
import { CURRENCY } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import { isBdMobile } from '@store/shared/phone';
import type { HttpError } from '../../lib/http';
import type { AnalyticsProduct, DataLayerEvent } from '../site/analytics';

/** SPEC §8: pay errors show message.cart's value, else the first message. */
export function payErrorMessage(error: Pick<HttpError, 'message' | 'fields'>): string {
  const fields = error.fields ?? {};
  return fields.cart ?? Object.values(fields)[0] ?? error.message;
}

export type AddressErrors = Partial<Record<keyof AddressFormInput, string>>;

/** The address form's checks in the browser (the API checks the same with the shared schema). */
export function validateAddress(form: AddressFormInput): AddressErrors {
  const errors: AddressErrors = {};
  if (!form.name?.trim()) errors.name = messages.addressNameRequired();
  if (!form.phone?.trim()) errors.phone = messages.addressPhoneRequired();
  else if (!isBdMobile(form.phone)) errors.phone = messages.phoneInvalid();
  if (!form.division) errors.division = messages.divisionRequired();
  if (!form.location) errors.location = messages.districtRequired();
  if (!form.area) errors.area = messages.areaRequired();
  if (!form.address_detail?.trim()) errors.address_detail = messages.addressDetailRequired();
  return errors;
}

/** The address step's contact check for a guest (SPEC §5): empty, else a Bangladeshi mobile or the help line. */
export function guestPhoneError(phone: string, supportPhone: string): string | null {
  if (!phone.trim()) return messages.addressPhoneRequired();
  return isBdMobile(phone) ? null : messages.addressContactInvalid(supportPhone);
}

/** The affiliate values of the pay payload (SPEC §3), from the landing URL's query. */
export const AFFILIATE_KEYS = ['aff', 'id_token', 'id_user', 'aff_uid'] as const;
export type Affiliate = Partial<Record<(typeof AFFILIATE_KEYS)[number], string>>;

export function affiliateFrom(search: string): Affiliate {
  const params = new URLSearchParams(search);
  const out: Affiliate = {};
  for (const key of AFFILIATE_KEYS) {
    const value = params.get(key)?.trim();
    if (value) out[key] = value.slice(0, 200);
  }
  return out;
}

const toTaka = (poisha: number) => Math.round(poisha / 100);

export function checkoutProducts(cart: Pick<Cart, 'line_items'>): AnalyticsProduct[] {
  return cart.line_items.map((l) => ({
    id: l.sku,
    name: l.product_title,
    variant: l.variant_title,
    brand: l.vendor,
    price: toTaka(l.discounted_price),
    quantity: l.quantity,
  }));
}

export function initiateCheckoutEvent(cart: Pick<Cart, 'line_items'>): DataLayerEvent {
  return {
    event: 'InitiateCheckout',
    ecommerce: { currencyCode: CURRENCY, checkout: { actionField: { step: 1 }, products: checkoutProducts(cart) } },
  };
}

/** SPEC §7: purchase with id, revenue as the subtotal, tax, shipping or the word 'free', discount and coupon, in BDT. */
export function purchaseEvent(order: PublicOrder): DataLayerEvent {
  return {
    event: 'purchase',
    ecommerce: {
      currencyCode: CURRENCY,
      purchase: {
        actionField: {
          id: order.number,
          revenue: toTaka(order.subtotal),
          tax: toTaka(order.tax),
          shipping: order.shipping > 0 ? toTaka(order.shipping) : 'free',
          discount: toTaka(order.discount + order.rebate + order.referral_discount + order.points_discount),
          coupon: order.coupon_code ?? '',
        },
        products: order.line_items.map((l) => ({
          id: l.sku,
          name: l.product_title,
          variant: l.variant_title,
          brand: l.vendor,
          price: toTaka(l.discounted_price),
          quantity: l.quantity,
        })),
      },
    },
  };
}

/** The referral code the pay call sends: the checkout's, when it gives its discount ('' otherwise). */
export const payableReferral = (summary: Pick<CheckoutSummary, 'referral'>): string =>
  summary.referral && !summary.referral.error ? summary.referral.code : '';

/** The pay call's body for the checkout as it stands (SPEC §3): where it goes comes from the checkout state, never from the page. */
export function orderPayBody(
  summary: Pick<CheckoutSummary, 'delivery_type' | 'store_location_id' | 'shipping_address_id' | 'billing_address_id'>,
  method: PaymentMethod,
  referral: string,
): OrderPayInput {
  const code = referral.trim().slice(0, 40);
  return {
    payment_method: method,
    delivery_type: summary.delivery_type,
    cash_on_pickup: method === 'cash_on_pickup',
    ...(summary.delivery_type === 'pickup'
      ? { store_location_id: summary.store_location_id }
      : { address_id: summary.shipping_address_id, address_billing_id: summary.billing_address_id }),
    ...(code ? { referral_code: code } : {}),
  };
}
