import { data, type RouterContextProvider } from 'react-router';
import type { AddressFormInput, AddressSaveResponse, CheckoutResponse, PayResponse, ShippingAddressPayload } from '@store/shared/checkout';
import { IDEMPOTENCY_HEADER, PAYMENT_METHODS, nextPathAfterOrder, type PaymentMethod } from '@store/shared/checkout-rules';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { apiSend, readForm, field, formRedirect, positiveInt, refusalMessage } from '../../lib/form-action.server';
import { apiTry } from '../../lib/api.server';
import { formatCount } from '../../lib/format';
import { orderPayBody, payableReferral } from './checkout-logic';
import { forgetReferralCookie } from './referral-link';
import { parsePoints } from '../loyalty/loyalty-text';
import type { PlainAddressRefusal } from './plain-checkout';

type Context = Readonly<RouterContextProvider>;

const ADDRESS_STEP = '/checkout?step=address';
const PAYMENT_STEP = '/checkout?step=payment';
const ADDRESS_FIELDS = ['name', 'phone', 'division', 'location', 'area', 'address_detail'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isPaymentMethod = (value: string): value is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(value);

/** Chooses where the order goes (PlainDelivery), then moves on to payment; a refusal is shown on the address step. */
async function setShipping(context: Context, body: ShippingAddressPayload, cookies: string[] = []): Promise<Response> {
  const result = await apiSend<CheckoutResponse>(context, 'POST', '/checkout/shipping_address/', body);
  if (!result.ok)
    return formRedirect(ADDRESS_STEP, {
      cookies: [...cookies, ...result.setCookies],
      flash: { kind: 'error', message: refusalMessage(result) },
    });
  // Same day fell back to standard (past the cut-off): said on the payment step.
  const note = result.data.message?.shipping;
  return formRedirect(PAYMENT_STEP, {
    cookies: [...cookies, ...result.setCookies],
    ...(note ? { flash: { kind: 'error' as const, message: note } } : {}),
  });
}

/** A new shipping address from the plain form; refused, the page renders again with what was typed and why. */
async function addAddress(context: Context, form: FormData, speed: 'standard' | 'same_day') {
  const values = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, field(form, name)])) as Record<
    (typeof ADDRESS_FIELDS)[number],
    string
  >;
  const body: AddressFormInput = { ...values, email: '', default: false };
  const saved = await apiSend<AddressSaveResponse>(context, 'POST', '/addresses/?type=shipping', body);
  if (!saved.ok) {
    const refusal: PlainAddressRefusal = { values, errors: saved.error.fields ?? { address_detail: saved.error.message } };
    return data({ refusal }, { status: 400 });
  }
  return setShipping(context, { user_address_id: saved.data.data.id, delivery_type: speed }, saved.setCookies);
}

/** Places the order with the chosen method, once per page (the attempt key), and goes where the JS flow goes next. */
async function place(context: Context, form: FormData): Promise<Response> {
  const method = field(form, 'method');
  const attempt = field(form, 'attempt');
  if (!isPaymentMethod(method)) return formRedirect(PAYMENT_STEP, { flash: { kind: 'error', message: messages.paymentMethodRequired() } });
  if (!UUID.test(attempt)) return formRedirect(PAYMENT_STEP, { flash: { kind: 'error', message: messages.internalError() } });
  const chosen = await apiSend<CheckoutResponse>(context, 'POST', '/checkout/payment_method/', { paymentMethod: method });
  if (!chosen.ok)
    return formRedirect(PAYMENT_STEP, { cookies: chosen.setCookies, flash: { kind: 'error', message: refusalMessage(chosen) } });
  const summary = chosen.data.data;
  const body = orderPayBody(summary, method, payableReferral(summary));
  const paid = await apiSend<PayResponse>(context, 'POST', '/checkout/pay/', body, { [IDEMPOTENCY_HEADER]: attempt });
  if (!paid.ok) return formRedirect(PAYMENT_STEP, { cookies: paid.setCookies, flash: { kind: 'error', message: refusalMessage(paid) } });
  const { type, order, redirectGatewayURL } = paid.data.data;
  return formRedirect(nextPathAfterOrder(type, order.id, redirectGatewayURL), { cookies: paid.setCookies });
}

/** Loyalty points on the order (PlainPayment): how many, or 0 to take them off; the payment step says what came of it. */
async function setPoints(context: Context, form: FormData): Promise<Response> {
  const points = parsePoints(field(form, 'points'));
  if (points === null) {
    const now = await apiTry<CheckoutResponse>(context, '/checkout/');
    const most = now.ok ? (now.data.data.loyalty?.redeemable ?? 0) : 0;
    return formRedirect(PAYMENT_STEP, { flash: { kind: 'error', message: m.loyalty_points_invalid({ count: formatCount(most) }) } });
  }
  const result = await apiSend<CheckoutResponse>(context, 'POST', '/checkout/points/', { points });
  if (!result.ok)
    return formRedirect(PAYMENT_STEP, {
      cookies: result.setCookies,
      flash: { kind: 'error', message: result.error.fields?.points ?? refusalMessage(result) },
    });
  const message = points > 0 ? m.loyalty_points_applied() : m.loyalty_points_removed();
  return formRedirect(PAYMENT_STEP, { cookies: result.setCookies, flash: { kind: 'success', message } });
}

/** A referral code (PlainPayment), or '' to take it off; a friend's remembered link is forgotten once the checkout has a code. */
async function setReferral(context: Context, form: FormData): Promise<Response> {
  const code = field(form, 'code').slice(0, 40);
  const result = await apiSend<CheckoutResponse>(context, 'POST', '/checkout/referral_code/', { code });
  if (!result.ok)
    return formRedirect(PAYMENT_STEP, {
      cookies: result.setCookies,
      flash: { kind: 'error', message: result.error.fields?.code ?? refusalMessage(result) },
    });
  const applied = result.data.data.referral;
  const cookies = code ? [...result.setCookies, forgetReferralCookie] : result.setCookies;
  if (!code) return formRedirect(PAYMENT_STEP, { cookies, flash: { kind: 'success', message: m.loyalty_referral_removed() } });
  if (applied?.error) return formRedirect(PAYMENT_STEP, { cookies, flash: { kind: 'error', message: applied.error } });
  return formRedirect(PAYMENT_STEP, {
    cookies,
    flash: { kind: 'success', message: m.loyalty_referral_added({ code: applied?.code ?? code }) },
  });
}

/**
 * The checkout page's action: its steps as plain HTML forms (PlainDelivery, PlainPayment), before
 * the page's scripts or without them. Every call is the scripted checkout's own (SPEC §7).
 */
export async function checkoutAction(request: Request, context: Context) {
  const form = await readForm(request);
  const intent = field(form, 'intent');
  const speed = field(form, 'speed') === 'same_day' ? 'same_day' : 'standard';
  if (intent === 'ship') {
    const id = positiveInt(form, 'address');
    if (id === null) return formRedirect(ADDRESS_STEP, { flash: { kind: 'error', message: messages.chooseDeliveryAddress() } });
    return setShipping(context, { user_address_id: id, delivery_type: speed });
  }
  if (intent === 'pickup') {
    const id = positiveInt(form, 'store');
    if (id === null) return formRedirect(ADDRESS_STEP, { flash: { kind: 'error', message: messages.chooseDeliveryAddress() } });
    return setShipping(context, { store_location_id: id, delivery_type: 'pickup' });
  }
  if (intent === 'add-address') return addAddress(context, form, speed);
  if (intent === 'points') return setPoints(context, form);
  if (intent === 'referral') return setReferral(context, form);
  if (intent === 'place') return place(context, form);
  return formRedirect(ADDRESS_STEP);
}
