import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type {
  Address,
  BdDivision,
  CheckoutMessages,
  CheckoutResponse,
  CheckoutSummary,
  ShippingAddressPayload,
} from '@store/shared/checkout';
import { nextPathAfterOrder, type PaymentMethod } from '@store/shared/checkout-rules';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { needsLogin, type HttpError, type HttpResult } from '../../lib/http';
import { toast } from '../../lib/toast';
import { openLogin } from '../auth/auth-events';
import { setBagDeliveryType } from '../cart/bag-store';
import { pushDataLayer } from '../site/analytics';
import { checkoutApi } from './checkout-api';
import { affiliateFrom, initiateCheckoutEvent, orderPayBody, payableReferral, payErrorMessage, type Affiliate } from './checkout-logic';
import type { CheckoutStep } from './checkout-summary';
import type { DeliveryMode } from './delivery-step';
import { hrefHere } from '../../lib/locale';
import { forgetReferral } from './referral-link';

function isDeliveryChosen(summary: CheckoutSummary, mode: DeliveryMode): boolean {
  return summary.delivery_type === 'pickup'
    ? summary.store_location_id !== null && mode === 'pickup'
    : mode === 'delivery' && summary.shipping_address_id !== null;
}

/** What the /checkout loader hands the page. */
export type CheckoutData = {
  checkout: CheckoutSummary;
  message: CheckoutMessages | null;
  locations: BdDivision[];
  addresses: Address[];
  billing: Address[];
  step: CheckoutStep;
  /** ?payment=unverified: back from a gateway whose payment could not be confirmed. */
  paymentNotice: string | null;
  /** The referral code a friend's share link left (referral-link.ts), while the checkout has none. */
  referralFromLink: string | null;
  /** For the plain-form checkout (without the page's scripts): the district chosen for a new address, and this page's order attempt. */
  plain: { district: string | null; attemptKey: string };
};

const AFFILIATE_STORAGE = 'checkout_affiliate';

/** The affiliate values of this visit (SPEC §3 pay payload), kept for the session once seen in a URL. */
function rememberAffiliate(): Affiliate {
  try {
    const found = affiliateFrom(window.location.search);
    if (Object.keys(found).length) sessionStorage.setItem(AFFILIATE_STORAGE, JSON.stringify(found));
    return JSON.parse(sessionStorage.getItem(AFFILIATE_STORAGE) ?? '{}') as Affiliate;
  } catch {
    return {};
  }
}

/**
 * The checkout's state and what the shopper can do with it: every choice is posted at once and the
 * answer (the server's totals) replaces what is shown; placing the order is one attempt per key.
 */
export function useCheckout(data: CheckoutData) {
  const navigate = useNavigate();
  const [summary, setSummary] = useState(data.checkout);
  const [addresses, setAddresses] = useState(data.addresses);
  const [billing, setBilling] = useState(data.billing);
  const [mode, setMode] = useState<DeliveryMode>(data.checkout.delivery_type === 'pickup' ? 'pickup' : 'delivery');
  const [busy, setBusy] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [pointsError, setPointsError] = useState<string | null>(null);
  const [referralError, setReferralError] = useState<string | null>(null);
  const attempt = useRef<string | null>(null);
  // Set at once, not on the next render: two taps in one frame see it, and only the first places the order.
  const placingNow = useRef(false);
  const affiliate = useRef<Affiliate>({});
  // What the server said last and the calls still on their way: Continue and Place order wait for a
  // choice the shopper has just made (a store tapped, a method picked) before they judge it.
  const latest = useRef(data.checkout);
  const latestMode = useRef(mode);
  const inFlight = useRef(new Set<Promise<unknown>>());

  function show(next: CheckoutSummary) {
    latest.current = next;
    setSummary(next);
  }

  function track<T>(call: Promise<T>): Promise<T> {
    inFlight.current.add(call);
    void call.finally(() => inFlight.current.delete(call));
    return call;
  }

  /** The checkout once every choice already sent has been answered. */
  async function settled(): Promise<CheckoutSummary> {
    while (inFlight.current.size) await Promise.allSettled([...inFlight.current]);
    return latest.current;
  }

  // A new loader answer (step change, revalidation) is the truth.
  useEffect(() => {
    show(data.checkout);
    setAddresses(data.addresses);
    setBilling(data.billing);
  }, [data]);

  const announced = useRef(false);
  useEffect(() => {
    affiliate.current = rememberAffiliate();
    if (data.message?.shipping) toast.warning(data.message.shipping);
    if (data.paymentNotice) toast.warning(m.checkout_payment_unconfirmed());
    // SPEC §7: InitiateCheckout (step 1) once per visit of the page, in BDT.
    if (!announced.current && data.checkout.cart.line_items.length) {
      announced.current = true;
      pushDataLayer(initiateCheckoutEvent(data.checkout.cart));
    }
  }, [data.message, data.paymentNotice, data.checkout.cart]);

  // A friend's share link brought the shopper, whose checkout has no referral code yet: it takes this
  // one (once; a code that gives nothing, a guest's for one, stays with its reason, as a typed one
  // does, and gives its discount once the shopper signs in) and the browser forgets it.
  const linkTaken = useRef(false);
  useEffect(() => {
    const code = data.referralFromLink;
    if (linkTaken.current || !code || data.checkout.referral !== null || data.checkout.cart.line_items.length === 0) return;
    linkTaken.current = true;
    void track(checkoutApi.setReferral(code)).then((r) => {
      if (!r.ok) return;
      forgetReferral();
      show(r.data.data);
    });
  }, [data]);

  function fail(error: HttpError | null) {
    if (!error) return toast.error(messages.offline());
    if (needsLogin(error)) {
      toast.error(messages.loginRequired());
      openLogin({ reason: 'checkout' });
      return;
    }
    toast.error(payErrorMessage(error));
  }

  async function apply(call: Promise<HttpResult<CheckoutResponse>>): Promise<boolean> {
    setBusy(true);
    const r = await track(call);
    setBusy(false);
    if (!r.ok) {
      fail(r.error);
      return false;
    }
    show(r.data.data);
    setBagDeliveryType(r.data.data.delivery_type);
    // SPEC §8: a shipping error shows message.shipping (the server fell back to standard).
    if (r.data.message?.shipping) toast.warning(r.data.message.shipping);
    if (r.data.message?.discount) toast.info(r.data.message.discount);
    return true;
  }

  const onShipping = (body: ShippingAddressPayload) => void apply(checkoutApi.setShipping(body));

  function chooseMode(next: DeliveryMode) {
    latestMode.current = next;
    setMode(next);
    if (next === 'delivery' && summary.delivery_type === 'pickup') {
      const address = addresses.find((a) => a.id === summary.shipping_address_id) ?? addresses.find((a) => a.default) ?? addresses[0];
      if (address) onShipping({ user_address_id: address.id, delivery_type: 'standard' });
    }
  }

  const deliveryChosen = isDeliveryChosen(summary, mode);

  /** Paying needs a shopper (signed in or a verified guest) and a delivery choice: says what is missing. */
  function readyToPay(current: CheckoutSummary): boolean {
    if (!current.shopper) {
      toast.error(messages.loginRequired());
      openLogin({ reason: 'checkout' });
      return false;
    }
    if (!isDeliveryChosen(current, latestMode.current)) {
      toast.error(messages.chooseDeliveryAddress());
      return false;
    }
    return true;
  }

  async function toPayment() {
    if (readyToPay(await settled())) void navigate('/checkout?step=payment');
  }

  async function applyCoupon(code: string) {
    setBusy(true);
    setCouponError(null);
    const r = await track(checkoutApi.applyCoupon(code));
    setBusy(false);
    if (r.ok) {
      show(r.data.data);
      toast.success(r.data.detail);
      return;
    }
    if (r.error?.fields?.discount) {
      // SPEC §8: message.discount shown on error.
      setCouponError(r.error.fields.discount);
      toast.error(r.error.fields.discount);
    } else fail(r.error);
  }

  async function removeCoupon() {
    setBusy(true);
    const r = await track(checkoutApi.removeCoupon());
    setBusy(false);
    if (!r.ok) return fail(r.error);
    setCouponError(null);
    show(r.data.data.draft_order);
    toast.success(r.data.detail);
  }

  /** Loyalty points on the order (0 takes them off); a refusal (too many, below the minimum) shows under the field. */
  async function applyPoints(points: number) {
    setBusy(true);
    setPointsError(null);
    const r = await track(checkoutApi.setPoints(points));
    setBusy(false);
    if (r.ok) {
      show(r.data.data);
      toast.success(points > 0 ? m.loyalty_points_applied() : m.loyalty_points_removed());
    } else if (r.error?.fields?.points) setPointsError(r.error.fields.points);
    else fail(r.error);
  }

  /** A referral code ('' takes it off). A code that gives nothing is kept with its reason (summary.referral.error). */
  async function applyReferral(code: string) {
    setBusy(true);
    setReferralError(null);
    const r = await track(checkoutApi.setReferral(code));
    setBusy(false);
    if (r.ok) {
      const applied = r.data.data.referral;
      show(r.data.data);
      if (!code) toast.success(m.loyalty_referral_removed());
      else if (applied && !applied.error) toast.success(m.loyalty_referral_added({ code: applied.code }));
      return;
    }
    const refusal = r.error?.fields?.code ?? (r.error && !needsLogin(r.error) ? r.error.message : null);
    if (refusal) setReferralError(refusal);
    else fail(r.error);
  }

  async function placeOrder() {
    if (placingNow.current) return;
    placingNow.current = true;
    setPlacing(true);
    const done = () => {
      placingNow.current = false;
      setPlacing(false);
    };
    try {
      await placeOnce(done);
    } catch (err) {
      // Whatever went wrong, Place order works again.
      done();
      throw err;
    }
  }

  /** One attempt: `done` frees the button unless the page is leaving for the receipt or the gateway. */
  async function placeOnce(done: () => void) {
    const summary = await settled();
    if (!readyToPay(summary)) return done();
    const method: PaymentMethod = summary.payment_method ?? (summary.delivery_type === 'pickup' ? 'cash_on_pickup' : 'cod');
    // One key per checkout attempt: a double click or a retry after a lost answer places one order.
    attempt.current ??= crypto.randomUUID();
    const r = await checkoutApi.pay({ ...orderPayBody(summary, method, payableReferral(summary)), ...affiliate.current }, attempt.current);
    if (r.ok) {
      const { type, order, redirectGatewayURL } = r.data.data;
      // A full load: the header's bag count and every loader see the placed order.
      window.location.assign(hrefHere(nextPathAfterOrder(type, order.id, redirectGatewayURL)));
      return;
    }
    done();
    // An answer that refused the attempt ends it; a lost answer keeps the key, so a retry is the same attempt.
    if (r.error) attempt.current = null;
    const fields = r.error?.fields ?? {};
    if (fields.shipping) {
      toast.warning(fields.shipping);
      if (summary.shipping_address_id !== null)
        void apply(checkoutApi.setShipping({ user_address_id: summary.shipping_address_id, delivery_type: 'standard' }));
      return;
    }
    if (fields.discount) setCouponError(fields.discount);
    if (fields.points) setPointsError(fields.points);
    if (fields.referral_code) setReferralError(fields.referral_code);
    fail(r.error);
  }

  return {
    summary,
    addresses,
    billing,
    mode,
    busy,
    placing,
    couponError,
    pointsError,
    referralError,
    deliveryChosen,
    actions: {
      setAddresses,
      setBilling,
      chooseMode,
      onShipping,
      setPaymentMethod: (method: PaymentMethod) => void apply(checkoutApi.setPaymentMethod(method)),
      toPayment: () => void toPayment(),
      applyCoupon: (code: string) => void applyCoupon(code),
      removeCoupon: () => void removeCoupon(),
      applyPoints: (points: number) => void applyPoints(points),
      applyReferral: (code: string) => void applyReferral(code),
      placeOrder: () => void placeOrder(),
    },
  };
}
