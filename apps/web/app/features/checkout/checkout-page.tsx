import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type {
  Address,
  BdDivision,
  CheckoutMessages,
  CheckoutResponse,
  CheckoutSummary,
  ShippingAddressPayload,
} from '@store/shared/checkout';
import { nextPathAfterOrder, ZONE_LABELS, type PaymentMethod } from '@store/shared/checkout-rules';
import type { StoreLocation } from '@store/shared/content';
import * as messages from '@store/shared/messages';
import { formatTaka } from '@store/shared/money';
import { BagIcon, ChevronIcon, ShieldIcon } from '../../components/layout/icons';
import type { HttpError, HttpResult } from '../../lib/http';
import { toast } from '../../lib/toast';
import { openLogin } from '../auth/auth-events';
import { setBagDeliveryType } from '../cart/bag-store';
import { pushDataLayer } from '../site/analytics';
import { checkoutApi } from './checkout-api';
import { affiliateFrom, initiateCheckoutEvent, payErrorMessage, type Affiliate } from './checkout-logic';
import { ContactCard } from './contact-card';
import { DeliveryStep, type DeliveryMode } from './delivery-step';
import { CouponBox, DeliveryRecap, PaymentMethods, placeLabel } from './payment-step';
import { LineList, Section, TotalsRows, type TotalsView } from './summary-parts';

export type CheckoutStep = 'address' | 'payment';

export type CheckoutData = {
  checkout: CheckoutSummary;
  message: CheckoutMessages | null;
  locations: BdDivision[];
  addresses: Address[];
  billing: Address[];
  step: CheckoutStep;
  /** ?payment=unverified: back from a gateway whose payment could not be confirmed. */
  paymentNotice: string | null;
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

export function totalsView(s: CheckoutSummary): TotalsView {
  const pickup = s.delivery_type === 'pickup';
  return {
    ...s.totals,
    couponCode: s.coupon && !s.coupon_error ? s.coupon.code : null,
    shippingLabel: pickup ? 'Store pickup' : s.zone ? (s.delivery_type === 'same_day' ? 'Same day' : ZONE_LABELS[s.zone]) : null,
    shippingKnown: pickup ? s.store_location_id !== null : s.zone !== null,
  };
}

function Steps({ step, canPay }: { step: CheckoutStep; canPay: boolean }) {
  const item = (n: number, label: string, active: boolean, to: string | null) => {
    const body = (
      <>
        <span
          className={`flex size-6 items-center justify-center rounded-full text-xs font-bold ${active ? 'bg-brand text-white' : 'bg-neutral-200 text-neutral-700'}`}
        >
          {n}
        </span>
        <span className={active ? 'text-ink' : 'text-muted'}>{label}</span>
      </>
    );
    return to && !active ? (
      <Link to={to} className="flex items-center gap-2 hover:underline">
        {body}
      </Link>
    ) : (
      <span className="flex items-center gap-2" aria-current={active ? 'step' : undefined}>
        {body}
      </span>
    );
  };
  return (
    <nav aria-label="Checkout steps" className="flex items-center gap-3 text-sm font-semibold">
      {item(1, 'Delivery', step === 'address', '/checkout?step=address')}
      <span aria-hidden="true" className="h-px w-8 bg-neutral-300" />
      {item(2, 'Payment', step === 'payment', canPay ? '/checkout?step=payment' : null)}
    </nav>
  );
}

function Summary({ summary }: { summary: CheckoutSummary }) {
  const [open, setOpen] = useState(false);
  const lines = summary.cart.line_items.map((l) => ({ ...l, key: l.id, href: l.product_url }));
  return (
    <div className="rounded-2xl border border-line bg-white shadow-[0_1px_2px_rgba(0,0,0,0.03)]">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="order-summary-body"
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between gap-3 px-4 py-3.5 text-left lg:hidden"
      >
        <span className="flex items-center gap-2 text-sm font-semibold text-ink">
          <BagIcon size={18} />
          {open ? 'Hide' : 'Show'} order summary ({summary.cart.item_count})
          <ChevronIcon size={16} className={`transition ${open ? 'rotate-180' : ''}`} />
        </span>
        <span className="text-base font-bold text-ink">{formatTaka(summary.totals.total)}</span>
      </button>
      <div id="order-summary-body" className={`${open ? 'block' : 'hidden'} border-t border-line p-4 lg:block lg:border-0 lg:p-6`}>
        <h2 className="mb-4 hidden text-lg font-semibold text-ink lg:block">Order summary</h2>
        <LineList lines={lines} />
        <div className="mt-4 border-t border-line pt-4">
          <TotalsRows t={totalsView(summary)} />
        </div>
      </div>
    </div>
  );
}

/**
 * /checkout: the address step and the payment step (SPEC §2), server-rendered from the API's
 * checkout state and kept in step with it: every choice is posted at once and the answer (the
 * server's totals) replaces what is shown.
 */
export function CheckoutPage({ data, stores, supportPhone }: { data: CheckoutData; stores: StoreLocation[]; supportPhone: string }) {
  const navigate = useNavigate();
  const [summary, setSummary] = useState(data.checkout);
  const [addresses, setAddresses] = useState(data.addresses);
  const [billing, setBilling] = useState(data.billing);
  const [mode, setMode] = useState<DeliveryMode>(data.checkout.delivery_type === 'pickup' ? 'pickup' : 'delivery');
  const [busy, setBusy] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [referral, setReferral] = useState('');
  const attempt = useRef<string | null>(null);
  const affiliate = useRef<Affiliate>({});
  const step = data.step;

  // A new loader answer (step change, revalidation) is the truth.
  useEffect(() => {
    setSummary(data.checkout);
    setAddresses(data.addresses);
    setBilling(data.billing);
  }, [data]);

  const announced = useRef(false);
  useEffect(() => {
    affiliate.current = rememberAffiliate();
    if (data.message?.shipping) toast.warning(data.message.shipping);
    if (data.paymentNotice)
      toast.warning('We could not confirm that payment. Your bag is kept; please try again or choose another method.');
    // SPEC §7: InitiateCheckout (step 1) once per visit of the page, in BDT.
    if (!announced.current && data.checkout.cart.line_items.length) {
      announced.current = true;
      pushDataLayer(initiateCheckoutEvent(data.checkout.cart));
    }
  }, [data.message, data.paymentNotice, data.checkout.cart]);

  function fail(error: HttpError | null) {
    if (!error) return toast.error(messages.offline);
    if (error.status === 401) {
      toast.error(messages.loginRequired);
      openLogin({ reason: 'checkout' });
      return;
    }
    toast.error(payErrorMessage(error));
  }

  async function apply(call: Promise<HttpResult<CheckoutResponse>>): Promise<boolean> {
    setBusy(true);
    const r = await call;
    setBusy(false);
    if (!r.ok) {
      fail(r.error);
      return false;
    }
    setSummary(r.data.data);
    setBagDeliveryType(r.data.data.delivery_type);
    // SPEC §8: a shipping error shows message.shipping (the server fell back to standard).
    if (r.data.message?.shipping) toast.warning(r.data.message.shipping);
    if (r.data.message?.discount) toast.info(r.data.message.discount);
    return true;
  }

  const onShipping = (body: ShippingAddressPayload) => void apply(checkoutApi.setShipping(body));

  function chooseMode(next: DeliveryMode) {
    setMode(next);
    if (next === 'delivery' && summary.delivery_type === 'pickup') {
      const address = addresses.find((a) => a.id === summary.shipping_address_id) ?? addresses.find((a) => a.default) ?? addresses[0];
      if (address) onShipping({ user_address_id: address.id, delivery_type: 'standard' });
    }
  }

  const deliveryChosen =
    summary.delivery_type === 'pickup'
      ? summary.store_location_id !== null && mode === 'pickup'
      : mode === 'delivery' && summary.shipping_address_id !== null;

  function toPayment() {
    if (!summary.shopper) {
      toast.error(messages.loginRequired);
      openLogin({ reason: 'checkout' });
      return;
    }
    if (!deliveryChosen) {
      toast.error(messages.chooseDeliveryAddress);
      return;
    }
    void navigate('/checkout?step=payment');
  }

  async function applyCoupon(code: string) {
    setBusy(true);
    setCouponError(null);
    const r = await checkoutApi.applyCoupon(code);
    setBusy(false);
    if (r.ok) {
      setSummary(r.data.data);
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
    const r = await checkoutApi.removeCoupon();
    setBusy(false);
    if (!r.ok) return fail(r.error);
    setCouponError(null);
    setSummary(r.data.data.draft_order);
    toast.success(r.data.detail);
  }

  async function placeOrder() {
    if (placing) return;
    if (!summary.shopper) {
      toast.error(messages.loginRequired);
      openLogin({ reason: 'checkout' });
      return;
    }
    if (!deliveryChosen) {
      toast.error(messages.chooseDeliveryAddress);
      return;
    }
    const method: PaymentMethod = summary.payment_method ?? (summary.delivery_type === 'pickup' ? 'cash_on_pickup' : 'cod');
    // One key per checkout attempt: a double click or a retry after a lost answer places one order.
    attempt.current ??= crypto.randomUUID();
    setPlacing(true);
    const r = await checkoutApi.pay(
      {
        payment_method: method,
        delivery_type: summary.delivery_type,
        cash_on_pickup: method === 'cash_on_pickup',
        ...(summary.delivery_type === 'pickup'
          ? { store_location_id: summary.store_location_id }
          : { address_id: summary.shipping_address_id, address_billing_id: summary.billing_address_id }),
        ...(referral.trim() ? { referral_code: referral.trim() } : {}),
        ...affiliate.current,
      },
      attempt.current,
    );
    if (r.ok) {
      const { type, order, redirectGatewayURL } = r.data.data;
      // A full load: the header's bag count and every loader see the placed order.
      window.location.assign(nextPathAfterOrder(type, order.id, redirectGatewayURL));
      return;
    }
    setPlacing(false);
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
    fail(r.error);
  }

  if (summary.cart.line_items.length === 0) {
    return (
      <main className="mx-auto w-full max-w-xl px-5 py-16 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
          <BagIcon size={26} />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-ink">{messages.bagEmpty}</h1>
        <p className="mt-2 text-muted">Add something you love, then come back to check out.</p>
        <Link
          to="/"
          className="mt-6 inline-flex h-12 items-center rounded-lg bg-brand px-6 text-sm font-semibold text-white hover:bg-brand-dark"
        >
          {messages.continueShopping}
        </Link>
      </main>
    );
  }

  const shippingAddress = addresses.find((a) => a.id === summary.shipping_address_id) ?? null;
  const store = stores.find((s) => s.id === summary.store_location_id) ?? null;

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pb-16 pt-5 lg:px-8 lg:pt-8">
      <header className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between lg:mb-7">
        <h1 className="text-2xl font-bold text-ink lg:text-3xl">Checkout</h1>
        <Steps step={step} canPay={!!summary.shopper && deliveryChosen} />
      </header>
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_400px] lg:items-start lg:gap-8">
        <aside aria-label="Order summary" className="mb-4 lg:sticky lg:top-6 lg:order-2 lg:mb-0">
          <Summary summary={summary} />
          <p className="mt-3 hidden items-center justify-center gap-1.5 text-xs text-muted lg:flex">
            <ShieldIcon size={14} /> 100% authentic products · secure payment
          </p>
        </aside>
        <div className="space-y-4 lg:order-1">
          {step === 'address' ? (
            <>
              <ContactCard shopper={summary.shopper} supportPhone={supportPhone} />
              {summary.shopper ? (
                <DeliveryStep
                  summary={summary}
                  mode={mode}
                  onMode={chooseMode}
                  addresses={addresses}
                  billingAddresses={billing}
                  locations={data.locations}
                  stores={stores}
                  busy={busy}
                  onAddresses={setAddresses}
                  onBillingAddresses={setBilling}
                  onShipping={onShipping}
                />
              ) : (
                <p className="rounded-2xl border border-dashed border-neutral-300 px-5 py-6 text-center text-sm text-muted">
                  Sign in or confirm your mobile number to choose delivery.
                </p>
              )}
              <button
                type="button"
                onClick={toPayment}
                className="flex h-14 w-full items-center justify-center gap-2 rounded-xl bg-brand text-base font-semibold text-white shadow-sm transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
              >
                Continue to payment
                <ChevronIcon size={18} className="-rotate-90" />
              </button>
            </>
          ) : (
            <>
              <DeliveryRecap summary={summary} address={shippingAddress} store={store} />
              <PaymentMethods summary={summary} busy={busy || placing} onChoose={(m) => void apply(checkoutApi.setPaymentMethod(m))} />
              <CouponBox
                summary={summary}
                busy={busy || placing}
                error={couponError}
                onApply={(code) => void applyCoupon(code)}
                onRemove={() => void removeCoupon()}
              />
              <Section title="Review and place your order" id="place-title">
                <details className="group mb-4">
                  <summary className="cursor-pointer list-none text-sm font-medium text-ink underline-offset-2 hover:underline">
                    Have a referral code?
                  </summary>
                  <input
                    aria-label="Referral code"
                    value={referral}
                    maxLength={40}
                    onChange={(e) => setReferral(e.target.value)}
                    placeholder="Referral code"
                    className="mt-3 h-12 w-full rounded-lg border border-neutral-300 bg-white px-3.5 text-base text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/25"
                  />
                </details>
                <dl className="mb-4 flex items-baseline justify-between text-base font-bold text-ink">
                  <dt>Total to pay</dt>
                  <dd data-testid="pay-total">{formatTaka(summary.totals.total)}</dd>
                </dl>
                <button
                  type="button"
                  onClick={() => void placeOrder()}
                  disabled={placing || busy}
                  aria-busy={placing || undefined}
                  data-testid="place-order"
                  className="flex h-14 w-full items-center justify-center gap-2 rounded-xl bg-brand text-base font-semibold text-white shadow-sm transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:bg-neutral-300 disabled:text-neutral-600"
                >
                  {placing ? (
                    <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
                  ) : null}
                  {placeLabel(summary.payment_method, summary.totals.total)}
                </button>
                <p className="mt-3 text-center text-xs text-muted">
                  By placing your order you agree to our{' '}
                  <Link to="/about-us/terms-conditions" className="underline">
                    terms
                  </Link>{' '}
                  and{' '}
                  <Link to="/about-us/privacy-policy" className="underline">
                    privacy policy
                  </Link>
                  .
                </p>
              </Section>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
