import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Address, CheckoutSummary } from '@store/shared/checkout';
import { ZONE_LABELS, type PaymentMethod } from '@store/shared/checkout-rules';
import type { StoreLocation } from '@store/shared/content';
import * as messages from '@store/shared/messages';
import { formatTaka } from '../../lib/format';
import { FieldError } from '../auth/form-controls';
import { addressLine } from './address-card-parts';
import { Choice } from './delivery-step';
import { Section } from './summary-parts';

const METHOD_COPY: Record<PaymentMethod, { title: string; text: string; badge: ReactNode }> = {
  cod: {
    title: 'Cash on delivery',
    text: 'Pay in cash when your order arrives.',
    badge: (
      <span className="rounded-md bg-emerald-50 px-2 py-1 text-[11px] font-bold uppercase tracking-wide text-emerald-800 ring-1 ring-emerald-200">
        Cash
      </span>
    ),
  },
  bkash: {
    title: 'bKash',
    text: 'Pay from your bKash account. You confirm on bKash’s page.',
    badge: <span className="rounded-md bg-[#e2136e] px-2 py-1 text-[11px] font-extrabold tracking-wide text-white">bKash</span>,
  },
  card: {
    title: 'Credit or debit card',
    text: 'Visa, Mastercard or Amex, securely through SSLCommerz.',
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
    title: 'Cash on pickup',
    text: 'Pay at the store when you collect your order.',
    badge: (
      <span className="rounded-md bg-emerald-50 px-2 py-1 text-[11px] font-bold uppercase tracking-wide text-emerald-800 ring-1 ring-emerald-200">
        Cash
      </span>
    ),
  },
};

/** What the place-order button says: the method and the amount (a high-risk shopper's COD: the delivery fee by bKash). */
export function placeLabel(method: PaymentMethod | null, total: number, codDeposit = 0): string {
  const amount = formatTaka(total);
  if (method === 'cod' && codDeposit > 0) return `Pay delivery fee ${formatTaka(codDeposit)} with bKash`;
  if (method === 'bkash') return `Pay ${amount} with bKash`;
  if (method === 'card') return `Pay ${amount} by card`;
  return `Place order · ${amount}`;
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
      title="Delivery"
      id="recap-title"
      aside={
        <Link
          to="/checkout?step=address"
          className="text-sm font-semibold text-brand underline-offset-2 hover:underline"
          data-testid="change-delivery"
        >
          Change
        </Link>
      }
    >
      {summary.delivery_type === 'pickup' && store ? (
        <div className="text-sm wrap-anywhere" data-testid="delivery-recap">
          <p className="font-semibold text-ink">Store pickup · {store.name}</p>
          <p className="text-neutral-700">{store.address}</p>
          <p className="text-xs text-muted">{store.hours}</p>
        </div>
      ) : address ? (
        <div className="text-sm wrap-anywhere" data-testid="delivery-recap">
          <p className="font-semibold text-ink">
            {summary.delivery_type === 'same_day' ? `Same day delivery (order before ${summary.same_day_cutoff})` : 'Standard delivery'}
            {summary.zone ? <span className="font-normal text-muted"> · {ZONE_LABELS[summary.zone]}</span> : null}
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
    <Section title="Payment method" id="payment-title">
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
                    <span className="block text-sm font-semibold text-ink">{copy.title}</span>
                    <span className="block text-xs text-muted">{copy.text}</span>
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
    <Section title="Coupon code" id="coupon-title">
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
            Remove
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="flex gap-2">
          <label htmlFor={id} className="sr-only">
            Coupon code
          </label>
          <input
            id={id}
            name="coupon"
            value={code}
            autoCapitalize="characters"
            autoComplete="off"
            placeholder="Enter coupon code"
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
            Apply
          </button>
        </form>
      )}
      {shownError ? <FieldError id={`${id}-error`}>{shownError}</FieldError> : null}
    </Section>
  );
}
