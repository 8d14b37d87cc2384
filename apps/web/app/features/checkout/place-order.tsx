import { Link } from 'react-router';
import type { CheckoutSummary } from '@store/shared/checkout';
import * as m from '@store/shared/i18n/messages';
import { formatTaka } from '../../lib/format';
import { placeLabel } from './payment-step';
import { withElements } from '../../lib/rich-message';
import { Section } from './summary-parts';

/** The last section of the payment step: an optional referral code, the total, and the button that places the order. */
export function PlaceOrder({
  summary,
  referral,
  onReferral,
  placing,
  busy,
  onPlace,
}: {
  summary: CheckoutSummary;
  referral: string;
  onReferral: (value: string) => void;
  placing: boolean;
  busy: boolean;
  onPlace: () => void;
}) {
  return (
    <Section title={m.checkout_review_place()} id="place-title">
      <details className="group mb-4">
        <summary className="cursor-pointer list-none text-sm font-medium text-ink underline-offset-2 hover:underline">
          {m.checkout_have_referral()}
        </summary>
        <input
          aria-label={m.checkout_referral_code()}
          value={referral}
          maxLength={40}
          onChange={(e) => onReferral(e.target.value)}
          placeholder={m.checkout_referral_code()}
          className="mt-3 h-12 w-full rounded-lg border border-neutral-300 bg-white px-3.5 text-base text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/25"
        />
      </details>
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
