import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Address, CheckoutSummary } from '@store/shared/checkout';
import type { PaymentMethod } from '@store/shared/checkout-rules';
import type { StoreLocation } from '@store/shared/content';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { formatTaka } from '../../lib/format';
import { FieldError } from '../auth/form-controls';
import { addressLine } from './address-card-parts';
import { Choice } from './delivery-step';
import { zoneLabel } from './labels';
import { Section } from './summary-parts';

// Texts as functions: read when the list renders.
const METHOD_COPY: Record<PaymentMethod, { title: () => string; text: () => string; badge: ReactNode }> = {
  cod: {
    title: m.checkout_method_cod,
    text: m.checkout_cod_text,
    badge: (
      <span className="rounded-md bg-emerald-50 px-2 py-1 text-[11px] font-bold uppercase tracking-wide text-emerald-800 ring-1 ring-emerald-200">
        {m.checkout_cash_badge()}
      </span>
    ),
  },
  bkash: {
    title: m.checkout_method_bkash,
    text: m.checkout_bkash_text,
    badge: <span className="rounded-md bg-[#e2136e] px-2 py-1 text-[11px] font-extrabold tracking-wide text-white">bKash</span>,
  },
  card: {
    title: m.checkout_card_title,
    text: m.checkout_card_text,
    badge: (
      <span className="flex gap-1">
        <span className="rounded bg-[#1a1f71] px-1.5 py-1 text-[10px] font-extrabold italic tracking-wide text-white">VISA</span>
        <span className="rounded bg-neutral-900 px-1.5 py-1 text-[10px] font-bold text-white">
          <span className="text-[#eb001b]">●</span>
          <span className="-ml-0.5 text-[#f79e1b]">●</span>
        </span>
      </span>
    ),
  },
  cash_on_pickup: {
    title: m.checkout_method_cash_on_pickup,
    text: m.checkout_pickup_text,
    badge: (
      <span className="rounded-md bg-emerald-50 px-2 py-1 text-[11px] font-bold uppercase tracking-wide text-emerald-800 ring-1 ring-emerald-200">
        {m.checkout_cash_badge()}
      </span>
    ),
  },
};

/** What the place-order button says: the method and the amount (a high-risk shopper's COD: the delivery fee by bKash). */
export function placeLabel(method: PaymentMethod | null, total: number, codDeposit = 0): string {
  const amount = formatTaka(total);
  if (method === 'cod' && codDeposit > 0) return m.checkout_pay_fee_bkash({ fee: formatTaka(codDeposit) });
  if (method === 'bkash') return m.checkout_pay_bkash({ amount });
  if (method === 'card') return m.checkout_pay_card({ amount });
  return m.checkout_place_order({ amount });
}

export function DeliveryRecap({
  summary,
  address,
  store,
}: {
  summary: CheckoutSummary;
  address: Address | null;
  store: StoreLocation | null;
}) {
  return (
    <Section
      title={m.checkout_delivery()}
      id="recap-title"
      aside={
        <Link
          to="/checkout?step=address"
          className="text-sm font-semibold text-brand underline-offset-2 hover:underline"
          data-testid="change-delivery"
        >
          {m.checkout_change()}
        </Link>
      }
    >
      {summary.delivery_type === 'pickup' && store ? (
        <div className="text-sm wrap-anywhere" data-testid="delivery-recap">
          <p className="font-semibold text-ink">{m.checkout_store_pickup_at({ store: store.name })}</p>
          <p className="text-neutral-700">{store.address}</p>
          <p className="text-xs text-muted">{store.hours}</p>
        </div>
      ) : address ? (
        <div className="text-sm wrap-anywhere" data-testid="delivery-recap">
          <p className="font-semibold text-ink">
            {summary.delivery_type === 'same_day'
              ? m.checkout_same_day_before({ cutoff: summary.same_day_cutoff })
              : m.checkout_standard_delivery()}
            {summary.zone ? <span className="font-normal text-muted"> · {zoneLabel(summary.zone)}</span> : null}
          </p>
          <p className="text-neutral-700">
            {address.name}, {addressLine(address)}
          </p>
          <p className="text-xs text-muted">{address.phone}</p>
        </div>
      ) : null}
    </Section>
  );
}

export function PaymentMethods({
  summary,
  busy,
  onChoose,
}: {
  summary: CheckoutSummary;
  busy: boolean;
  onChoose: (m: PaymentMethod) => void;
}) {
  // Cash first: on delivery, or at the store for pickup.
  const order: PaymentMethod[] =
    summary.delivery_type === 'pickup' ? ['cash_on_pickup', 'bkash', 'card', 'cod'] : ['cod', 'bkash', 'card', 'cash_on_pickup'];
  // A method the shop withholds from this shopper (cash on delivery staff blocked) stays in the list, greyed, with why.
  const options = summary.payment_options
    .filter((o) => o.available || o.reason)
    .sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method));
  return (
    <Section title={m.checkout_payment_method()} id="payment-title">
      <div role="radiogroup" aria-labelledby="payment-title" className="space-y-3">
        {options.map((o) => {
          const copy = METHOD_COPY[o.method];
          return (
            <div key={o.method}>
              <Choice
                name="payment"
                testId={`pay-${o.method}`}
                checked={o.available && summary.payment_method === o.method}
                disabled={busy || !o.available}
                onSelect={() => onChoose(o.method)}
              >
                <span className="flex items-center justify-between gap-3">
                  <span>
                    <span className="block text-sm font-semibold text-ink">{copy.title()}</span>
                    <span className="block text-xs text-muted">{copy.text()}</span>
                  </span>
                  {copy.badge}
                </span>
              </Choice>
              {o.reason ? (
                <p className="mt-1.5 px-1 text-xs text-red-700" data-testid={`pay-${o.method}-reason`}>
                  {o.reason}
                </p>
              ) : o.method === 'cod' && o.available && summary.cod_deposit > 0 ? (
                <p
                  className="mt-1.5 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-950 ring-1 ring-amber-200"
                  data-testid="pay-cod-deposit"
                >
                  {messages.codDepositNote(formatTaka(summary.cod_deposit), formatTaka(summary.totals.total - summary.cod_deposit))}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </Section>
  );
}

/** Coupon code: apply (SPEC's discount_code/) and remove; message.discount shows under the field. */
export function CouponBox({
  summary,
  busy,
  error,
  onApply,
  onRemove,
}: {
  summary: CheckoutSummary;
  busy: boolean;
  error: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const [code, setCode] = useState('');
  const id = useId();
  const shownError = error ?? summary.coupon_error;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (code.trim()) onApply(code.trim());
  }
  return (
    <Section title={m.checkout_coupon_code()} id="coupon-title">
      {summary.coupon ? (
        <div
          className="flex items-center justify-between gap-3 rounded-xl border border-dashed border-emerald-400 bg-emerald-50 px-4 py-3"
          data-testid="applied-coupon"
        >
          <div className="min-w-0">
            <p className="text-sm font-bold tracking-wide text-emerald-900">{summary.coupon.code}</p>
            <p className="truncate text-xs text-emerald-800">{summary.coupon.description || summary.coupon.title}</p>
          </div>
          <button
            type="button"
            disabled={busy}
            onClick={onRemove}
            className="shrink-0 rounded-md px-3 py-1.5 text-sm font-semibold text-emerald-900 underline underline-offset-2 hover:bg-emerald-100"
          >
            {m.checkout_remove()}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="flex gap-2">
          <label htmlFor={id} className="sr-only">
            {m.checkout_coupon_code()}
          </label>
          <input
            id={id}
            name="coupon"
            value={code}
            autoCapitalize="characters"
            autoComplete="off"
            placeholder={m.checkout_coupon_placeholder()}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? `${id}-error` : undefined}
            onChange={(e) => setCode(e.target.value)}
            className={`h-12 min-w-0 flex-1 rounded-lg border bg-white px-3.5 text-base uppercase text-ink outline-none placeholder:normal-case placeholder:text-neutral-400 focus:border-brand focus:ring-2 focus:ring-brand/25 ${shownError ? 'border-red-600' : 'border-neutral-300'}`}
          />
          <button
            type="submit"
            disabled={busy || !code.trim()}
            className="h-12 shrink-0 rounded-lg bg-ink px-5 text-sm font-semibold text-white hover:bg-black disabled:bg-neutral-300"
          >
            {m.checkout_apply()}
          </button>
        </form>
      )}
      {shownError ? <FieldError id={`${id}-error`}>{shownError}</FieldError> : null}
    </Section>
  );
}
