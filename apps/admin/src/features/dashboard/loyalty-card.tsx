import type { LoyaltyCost } from '@store/shared/loyalty';
import { formatTaka, groupIndian } from '@store/shared/money';
import { Section } from '../../components/ui/page';

/** A label and its figure, with a line under it. */
function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div role="group" aria-label={label} className="min-w-0">
      <div className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</div>
      <div className="mt-0.5 text-lg font-semibold text-ink tabular-nums wrap-anywhere">{value}</div>
      {note ? <div className="text-xs text-muted">{note}</div> : null}
    </div>
  );
}

/**
 * What the loyalty programme gave in the period (points earned, spent and expired, the money off
 * orders) and what it still owes: the points in customers' balances. null: the figures could not be read.
 */
export function LoyaltyCard({ cost, period }: { cost: LoyaltyCost | null; period: string }) {
  if (!cost) {
    return (
      <Section title="Loyalty programme">
        <p className="text-sm text-muted">The programme’s figures could not be loaded. Reload the page to try again.</p>
      </Section>
    );
  }
  const moneyOff = cost.points_discount + cost.referral_discount + cost.voucher_discount;
  const members = cost.members.reduce((sum, m) => sum + m.count, 0);
  return (
    <Section title="Loyalty programme" description={`Points and money off ${period}; the balance owed as it stands now.`}>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-4">
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Figure
              label="Points outstanding"
              value={groupIndian(cost.outstanding_points)}
              note={`worth ${formatTaka(cost.outstanding_value)}`}
            />
            <Figure label="Points earned" value={groupIndian(cost.earned_points)} />
            <Figure label="Points spent" value={groupIndian(cost.redeemed_points)} />
            <Figure label="Points expired" value={groupIndian(cost.expired_points)} />
          </div>
          <div className="grid grid-cols-2 gap-4 border-t border-line pt-4 sm:grid-cols-4">
            <Figure label="Off by points" value={formatTaka(cost.points_discount)} />
            <Figure label="Referral welcome" value={formatTaka(cost.referral_discount)} />
            <Figure label="Vouchers" value={formatTaka(cost.voucher_discount)} note="birthday and points" />
            <Figure label="Money off in all" value={formatTaka(moneyOff)} />
          </div>
        </div>
        <div className="min-w-0 border-t border-line pt-4 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-4">
          <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">Members per tier</h3>
          <ul className="mt-2 space-y-1.5 text-sm" aria-label="Members per tier">
            {cost.members.map((m) => (
              <li key={m.key} className="flex items-baseline gap-2">
                <span className="min-w-0 flex-1 wrap-anywhere">{m.name}</span>
                <span className="font-medium tabular-nums">{groupIndian(m.count)}</span>
                <span className="w-10 text-right text-xs text-muted tabular-nums">
                  {members ? `${Math.round((m.count / members) * 100)}%` : ''}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
