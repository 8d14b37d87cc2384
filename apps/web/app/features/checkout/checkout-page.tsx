import { Link } from 'react-router';
import type { StoreLocation } from '@store/shared/content';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { BagIcon, ChevronIcon, ShieldIcon } from '../../components/layout/icons';
import { SCRIPTED } from '../auth/auth-events';
import { Steps, Summary } from './checkout-summary';
import { ContactCard } from './contact-card';
import { DeliveryStep } from './delivery-step';
import { CouponBox, DeliveryRecap, PaymentMethods } from './payment-step';
import { LoyaltyBox } from './loyalty-box';
import { PlaceOrder } from './place-order';
import { PlainDelivery, PlainPayment, type PlainAddressRefusal } from './plain-checkout';
import { useCheckout, type CheckoutData } from './use-checkout';

export type { CheckoutStep } from './checkout-summary';
export type { CheckoutData } from './use-checkout';

/**
 * /checkout: the address step and the payment step (SPEC §2), server-rendered from the API's
 * checkout state and kept in step with it (useCheckout).
 */
export function CheckoutPage({
  data,
  refusal,
  stores,
  supportPhone,
}: {
  data: CheckoutData;
  /** The plain address form's refusal (its values and messages), when the action answered one. */
  refusal: PlainAddressRefusal | null;
  stores: StoreLocation[];
  supportPhone: string;
}) {
  const { summary, addresses, billing, mode, busy, placing, couponError, pointsError, referralError, deliveryChosen, actions } =
    useCheckout(data);
  const step = data.step;

  if (summary.cart.line_items.length === 0) {
    return (
      <main className="mx-auto w-full max-w-xl px-5 py-16 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
          <BagIcon size={26} />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-ink">{messages.bagEmpty()}</h1>
        <p className="mt-2 text-muted">{m.checkout_empty_hint()}</p>
        <Link
          to="/"
          className="mt-6 inline-flex h-12 items-center rounded-lg bg-brand px-6 text-sm font-semibold text-white hover:bg-brand-dark"
        >
          {messages.continueShopping()}
        </Link>
      </main>
    );
  }

  const shippingAddress = addresses.find((a) => a.id === summary.shipping_address_id) ?? null;
  const store = stores.find((s) => s.id === summary.store_location_id) ?? null;

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pb-16 pt-5 lg:px-8 lg:pt-8">
      <header className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between lg:mb-7">
        <h1 className="text-2xl font-bold text-ink lg:text-3xl">{messages.checkout()}</h1>
        <Steps step={step} canPay={!!summary.shopper && deliveryChosen} />
      </header>
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_400px] lg:items-start lg:gap-8">
        <aside aria-label={m.checkout_order_summary()} className="mb-4 lg:sticky lg:top-36 lg:order-2 lg:mb-0">
          <Summary summary={summary} mode={mode} />
          <p className="mt-3 hidden items-center justify-center gap-1.5 text-xs text-muted lg:flex">
            <ShieldIcon size={14} /> {m.checkout_trust()}
          </p>
        </aside>
        <div className="space-y-4 lg:order-1">
          {step === 'address' ? (
            <>
              <ContactCard shopper={summary.shopper} supportPhone={supportPhone} />
              {summary.shopper ? (
                <>
                  <div className={`space-y-4 ${SCRIPTED}`}>
                    <DeliveryStep
                      summary={summary}
                      mode={mode}
                      onMode={actions.chooseMode}
                      addresses={addresses}
                      billingAddresses={billing}
                      locations={data.locations}
                      stores={stores}
                      busy={busy}
                      onAddresses={actions.setAddresses}
                      onBillingAddresses={actions.setBilling}
                      onShipping={actions.onShipping}
                    />
                  </div>
                  <noscript className="[@media(scripting:none)]:block">
                    <PlainDelivery
                      summary={summary}
                      addresses={addresses}
                      locations={data.locations}
                      stores={stores}
                      district={data.plain.district}
                      refusal={refusal}
                    />
                  </noscript>
                </>
              ) : (
                <p className="rounded-2xl border border-dashed border-neutral-300 px-5 py-6 text-center text-sm text-muted">
                  {m.checkout_sign_in_first()}
                </p>
              )}
              <button
                type="button"
                onClick={actions.toPayment}
                className={`flex h-14 w-full items-center justify-center gap-2 rounded-xl bg-brand text-base font-semibold text-white shadow-sm transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${SCRIPTED}`}
              >
                {m.checkout_continue_payment()}
                <ChevronIcon size={18} className="-rotate-90" />
              </button>
              {summary.shopper && deliveryChosen ? (
                <noscript className="[@media(scripting:none)]:block">
                  <Link
                    to="/checkout?step=payment"
                    className="flex h-14 w-full items-center justify-center gap-2 rounded-xl bg-brand text-base font-semibold text-white"
                  >
                    {m.checkout_continue_payment()}
                  </Link>
                </noscript>
              ) : null}
            </>
          ) : (
            <>
              <DeliveryRecap summary={summary} address={shippingAddress} store={store} />
              <div className={`space-y-4 ${SCRIPTED}`}>
                <PaymentMethods summary={summary} busy={busy || placing} onChoose={actions.setPaymentMethod} />
                <CouponBox
                  summary={summary}
                  busy={busy || placing}
                  error={couponError}
                  onApply={actions.applyCoupon}
                  onRemove={actions.removeCoupon}
                />
                {summary.loyalty ? (
                  <LoyaltyBox
                    // A new most-it-can-take (the bag or the balance changed) starts the field again from it.
                    key={summary.loyalty.redeemable}
                    summary={summary}
                    loyalty={summary.loyalty}
                    busy={busy || placing}
                    error={pointsError}
                    onApply={actions.applyPoints}
                  />
                ) : null}
                <PlaceOrder
                  summary={summary}
                  referralError={referralError}
                  onReferral={actions.applyReferral}
                  placing={placing}
                  busy={busy}
                  onPlace={actions.placeOrder}
                />
              </div>
              <noscript className="[@media(scripting:none)]:block">
                <PlainPayment summary={summary} attemptKey={data.plain.attemptKey} referralFromLink={data.referralFromLink} />
              </noscript>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
