import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { CheckoutSummary } from '@store/shared/checkout';
import type { CheckoutLoyalty } from '@store/shared/loyalty';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatDigits, formatTaka } from '../../lib/format';
import { FieldError } from '../auth/form-controls';
import { parsePoints, pointsText, toNextTier } from '../loyalty/loyalty-text';
import { PointsInput } from '../loyalty/points-input';
import { Section } from './summary-parts';

/** A line of the box with a mark in front. */
function Perk({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <li className="flex gap-2" data-testid={testId}>
      <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-brand" />
      <span>{children}</span>
    </li>
  );
}

/**
 * The checkout's loyalty box (issue 22), for a customer while the programme is on: the balance,
 * points spent on this order (at most what it can take), the points it earns, the tier's free
 * delivery and the way to the next tier.
 */
export function LoyaltyBox({
  summary,
  loyalty,
  busy,
  error,
  onApply,
}: {
  summary: CheckoutSummary;
  loyalty: CheckoutLoyalty;
  busy: boolean;
  /** The API's refusal of the points sent (too many, below the minimum balance). */
  error: string | null;
  onApply: (points: number) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState(loyalty.redeemable > 0 ? formatDigits(String(loyalty.redeemable)) : '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const shownError = invalid ?? error;

  function submit(e: FormEvent) {
    e.preventDefault();
    const points = parsePoints(typed);
    if (points === null || points < 1 || points > loyalty.redeemable) {
      setInvalid(m.loyalty_points_invalid({ count: formatCount(loyalty.redeemable) }));
      return;
    }
    setInvalid(null);
    onApply(points);
  }

  return (
    <Section
      title={m.loyalty_box_title()}
      id="loyalty-title"
      aside={
        <span className="rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-semibold text-brand" data-testid="loyalty-tier">
          {loyalty.tier}
        </span>
      }
    >
      <div className="space-y-3 text-sm" data-testid="loyalty-box">
        <p className="text-ink">
          {m.loyalty_box_balance({ points: pointsText(loyalty.balance), amount: formatTaka(loyalty.balance * loyalty.point_value) })}
        </p>
        {loyalty.points > 0 ? (
          <div
            className="flex items-center justify-between gap-3 rounded-xl border border-dashed border-emerald-400 bg-emerald-50 px-4 py-3"
            data-testid="points-applied"
          >
            <p className="font-semibold text-emerald-900">
              {m.loyalty_box_applied({ points: pointsText(loyalty.points), amount: formatTaka(summary.totals.points_discount) })}
            </p>
            <button
              type="button"
              disabled={busy}
              onClick={() => onApply(0)}
              className="shrink-0 rounded-md px-3 py-1.5 text-sm font-semibold text-emerald-900 underline underline-offset-2 hover:bg-emerald-100"
            >
              {m.loyalty_remove()}
            </button>
          </div>
        ) : loyalty.redeemable > 0 ? (
          <form noValidate onSubmit={submit}>
            <label htmlFor={id} className="mb-1 block font-medium text-ink">
              {m.loyalty_box_use()}
            </label>
            <div className="flex gap-2">
              <PointsInput
                id={id}
                value={typed}
                onChange={setTyped}
                error={Boolean(shownError)}
                hintId={`${id}-hint`}
                className="w-28 sm:flex-none"
              />
              <button
                type="submit"
                disabled={busy}
                className="h-12 shrink-0 rounded-lg bg-ink px-5 text-sm font-semibold text-white hover:bg-black disabled:bg-neutral-300"
              >
                {m.loyalty_apply()}
              </button>
            </div>
            <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
              {m.loyalty_box_up_to({
                points: pointsText(loyalty.redeemable),
                amount: formatTaka(loyalty.redeemable * loyalty.point_value),
              })}
            </p>
          </form>
        ) : (
          <p className="text-muted">
            {loyalty.balance < loyalty.redeem_min_balance
              ? m.loyalty_box_min({ count: formatCount(loyalty.redeem_min_balance) })
              : m.loyalty_box_none()}
          </p>
        )}
        {shownError ? <FieldError id={`${id}-error`}>{shownError}</FieldError> : null}
        {loyalty.earn > 0 || loyalty.free_delivery || loyalty.next_tier ? (
          <ul className="space-y-1.5 border-t border-line pt-3 text-neutral-700">
            {loyalty.earn > 0 ? <Perk testId="loyalty-earn">{m.loyalty_box_earn({ points: pointsText(loyalty.earn) })}</Perk> : null}
            {loyalty.free_delivery ? <Perk>{m.loyalty_box_free_delivery({ tier: loyalty.tier })}</Perk> : null}
            {loyalty.next_tier ? <Perk>{toNextTier(loyalty.next_tier)}</Perk> : null}
          </ul>
        ) : null}
      </div>
    </Section>
  );
}
