import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { CheckoutSummary } from '@store/shared/checkout';
import * as m from '@store/shared/i18n/messages';
import { formatTaka } from '../../lib/format';
import { placeLabel } from './payment-step';
import { withElements } from '../../lib/rich-message';
import { Section } from './summary-parts';
import { FieldError } from '../auth/form-controls';

/**
 * A referral code (issue 22), applied to the checkout at once: its welcome discount shows in the
 * totals, or why it gives none (a code that does not apply stays, with its reason, until removed).
 */
function ReferralField({
  summary,
  busy,
  error,
  onApply,
}: {
  summary: CheckoutSummary;
  busy: boolean;
  error: string | null;
  onApply: (code: string) => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const applied = summary.referral;
  if (applied) {
    return (
      <div
        className={`mb-4 flex items-center justify-between gap-3 rounded-xl border border-dashed px-4 py-3 ${
          applied.error ? 'border-red-300 bg-red-50' : 'border-emerald-400 bg-emerald-50'
        }`}
        data-testid="applied-referral"
      >
        <div className="min-w-0">
          <p className={`text-sm font-bold tracking-wide ${applied.error ? 'text-red-900' : 'text-emerald-900'}`}>{applied.code}</p>
          <p className={`text-xs ${applied.error ? 'text-red-800' : 'text-emerald-800'}`}>
            {applied.error ?? m.loyalty_referral_applied({ amount: formatTaka(applied.discount) })}
          </p>
        </div>
        <button
          type="button"
          disabled={busy}
          onClick={() => onApply('')}
          className="shrink-0 rounded-md px-3 py-1.5 text-sm font-semibold text-ink underline underline-offset-2 hover:bg-white/60"
        >
          {m.loyalty_remove()}
        </button>
      </div>
    );
  }
  return (
    <details className="group mb-4" open={error ? true : undefined}>
      <summary className="cursor-pointer list-none text-sm font-medium text-ink underline-offset-2 hover:underline">
        {m.checkout_have_referral()}
      </summary>
      <form
        noValidate
        className="mt-3 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) onApply(code.trim());
        }}
      >
        <label htmlFor={id} className="sr-only">
          {m.checkout_referral_code()}
        </label>
        <input
          id={id}
          name="referral"
          value={code}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          onChange={(e) => setCode(e.target.value)}
          placeholder={m.checkout_referral_code()}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`h-12 min-w-0 flex-1 rounded-lg border bg-white px-3.5 text-base text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/25 ${error ? 'border-red-600' : 'border-neutral-300'}`}
        />
        <button
          type="submit"
          disabled={busy || !code.trim()}
          className="h-12 shrink-0 rounded-lg bg-ink px-5 text-sm font-semibold text-white hover:bg-black disabled:bg-neutral-300"
        >
          {m.loyalty_apply()}
        </button>
      </form>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </details>
  );
}

/** The last section of the payment step: an optional referral code, the total, and the button that places the order. */
export function PlaceOrder({
  summary,
  referralError,
  onReferral,
  placing,
  busy,
  onPlace,
}: {
  summary: CheckoutSummary;
  referralError: string | null;
  onReferral: (code: string) => void;
  placing: boolean;
  busy: boolean;
  onPlace: () => void;
}) {
  return (
    <Section title={m.checkout_review_place()} id="place-title">
      <ReferralField summary={summary} busy={busy || placing} error={referralError} onApply={onReferral} />
      <dl className="mb-4 flex items-baseline justify-between text-base font-bold text-ink">
        <dt>{m.checkout_total_to_pay()}</dt>
        <dd data-testid="pay-total">{formatTaka(summary.totals.total)}</dd>
      </dl>
      <button
        type="button"
        onClick={onPlace}
        disabled={placing || busy}
        aria-busy={placing || undefined}
        data-testid="place-order"
        className="flex h-14 w-full items-center justify-center gap-2 rounded-xl bg-brand text-base font-semibold text-white shadow-sm transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:bg-neutral-300 disabled:text-neutral-600"
      >
        {placing ? <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" /> : null}
        {placeLabel(summary.payment_method, summary.totals.total, summary.cod_deposit)}
      </button>
      <p className="mt-3 text-center text-xs text-muted">
        {withElements(m.checkout_agree, {
          terms: (
            <Link to="/about-us/terms-conditions" className="underline">
              {m.checkout_agree_terms()}
            </Link>
          ),
          privacy: (
            <Link to="/about-us/privacy-policy" className="underline">
              {m.checkout_agree_privacy()}
            </Link>
          ),
        })}
      </p>
    </Section>
  );
}
