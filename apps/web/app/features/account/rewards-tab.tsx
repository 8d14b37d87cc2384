import { Link } from 'react-router';
import type { LedgerEntry, LoyaltyAccount } from '@store/shared/loyalty';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatDhakaDate, formatTaka } from '../../lib/format';
import { Notice } from '../auth/form-controls';
import { earnRate, ledgerKindLabel, pointsText, signedPoints, toNextTier } from '../loyalty/loyalty-text';
import { RewardsInvite } from './rewards-invite';
import { RewardsVouchers, VoucherForm } from './rewards-vouchers';
import type { VoucherRefusal } from './voucher-action.server';

const day = (iso: string) => formatDhakaDate(new Date(iso), 'long');

/**
 * /account/rewards (issue 22): the balance and what it is worth, the tier with its benefits and the
 * way to the next, points about to expire, vouchers (and points turned into one), the referral
 * code to share, and every entry of the points ledger.
 */
export function RewardsTab({ account, refusal }: { account: LoyaltyAccount; refusal: VoucherRefusal['voucher'] | null }) {
  return (
    <div className="flex flex-col gap-6" data-testid="rewards">
      {account.enabled ? null : <Notice tone="info">{m.loyalty_off()}</Notice>}
      <PointsCard account={account} />
      {account.enabled ? (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <Benefits account={account} />
          <VoucherForm account={account} refusal={refusal} />
        </div>
      ) : null}
      <RewardsVouchers vouchers={account.vouchers} />
      {account.enabled ? <RewardsInvite referral={account.referral} /> : null}
      <History entries={account.history} />
    </div>
  );
}

/** The balance, the tier and the bar towards the next one. */
function PointsCard({ account }: { account: LoyaltyAccount }) {
  const { tier, next_tier: next } = account;
  // The bar runs from the current tier's threshold to the next one's (a tier kept until review may sit above the spend).
  const span = next ? next.threshold - tier.threshold : 0;
  const progress = next && span > 0 ? Math.min(1, Math.max(0, (account.spend - tier.threshold) / span)) : 1;
  return (
    <section
      aria-labelledby="points-heading"
      className="rounded-2xl bg-gradient-to-br from-brand to-brand-dark p-5 text-white shadow-sm sm:p-6"
      data-testid="points-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="points-heading" className="text-sm font-semibold uppercase tracking-[0.12em] text-white/80">
          {m.loyalty_your_points()}
        </h2>
        <span
          className="rounded-full bg-white/15 px-3 py-1 text-xs font-bold uppercase tracking-wider ring-1 ring-white/30"
          data-testid="tier"
        >
          {tier.name}
        </span>
      </div>
      <p className="mt-3 text-4xl font-bold tabular-nums" data-testid="points-balance">
        {pointsText(account.balance)}
      </p>
      <p className="mt-1 text-sm text-white/85">{m.loyalty_worth({ amount: formatTaka(account.balance_value) })}</p>

      {account.enabled ? (
        <div className="mt-5">
          {next ? (
            <>
              <p className="text-sm font-semibold" data-testid="next-tier">
                {toNextTier(next)}
              </p>
              <div
                role="progressbar"
                aria-label={m.loyalty_progress_label({ tier: next.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress * 100)}
                className="mt-2 h-2.5 overflow-hidden rounded-full bg-white/25"
              >
                <span className="block h-full rounded-full bg-white" style={{ width: `${progress * 100}%` }} />
              </div>
            </>
          ) : (
            <p className="text-sm font-semibold">{m.loyalty_top_tier()}</p>
          )}
          <p className="mt-2 text-xs text-white/80">
            {m.loyalty_spend({ amount: formatTaka(account.spend), months: formatCount(account.rules.tier_window_months) })}
            {account.tier_review_at ? ` · ${m.loyalty_tier_kept({ date: day(account.tier_review_at) })}` : null}
          </p>
        </div>
      ) : null}

      {account.expiring && account.expiring.points > 0 ? (
        <p className="mt-4 rounded-lg bg-white px-3 py-2 text-sm font-medium text-amber-900" data-testid="points-expiring">
          {(account.expiring.points === 1 ? m.loyalty_expiring_one : m.loyalty_expiring_other)({
            count: formatCount(account.expiring.points),
            date: day(account.expiring.at),
          })}
        </p>
      ) : null}
    </section>
  );
}

function Check() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      aria-hidden="true"
      className="mt-px shrink-0"
    >
      <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** What the tier gives, the ladder of tiers, and the programme's rules in a sentence. */
function Benefits({ account }: { account: LoyaltyAccount }) {
  const { tier, rules } = account;
  const benefits = [
    m.loyalty_benefit_earn({ points: earnRate(rules.earn_points_per_100_taka, tier.multiplier), amount: formatTaka(10_000) }),
    tier.free_delivery ? m.loyalty_benefit_free_delivery() : null,
    tier.birthday_voucher > 0 ? m.loyalty_benefit_birthday({ amount: formatTaka(tier.birthday_voucher) }) : null,
    tier.early_access_hours > 0 ? m.loyalty_benefit_early_access({ hours: formatCount(tier.early_access_hours) }) : null,
  ].filter((b) => b !== null);
  return (
    <section aria-labelledby="benefits-heading" className="rounded-2xl border border-line p-5" data-testid="tier-benefits">
      <h2 id="benefits-heading" className="text-base font-semibold text-ink">
        {m.loyalty_benefits({ tier: tier.name })}
      </h2>
      <ul className="mt-3 space-y-2 text-sm text-ink">
        {benefits.map((b) => (
          <li key={b} className="flex gap-2">
            <span className="text-emerald-700">
              <Check />
            </span>
            {b}
          </li>
        ))}
      </ul>
      <h3 className="mt-5 text-xs font-semibold uppercase tracking-widest text-muted">{m.loyalty_tiers()}</h3>
      <ol className="mt-2 flex flex-wrap gap-2 text-xs">
        {account.tiers.map((t) => {
          const current = t.key === tier.key;
          return (
            <li
              key={t.key}
              aria-current={current ? 'true' : undefined}
              className={`rounded-full px-3 py-1.5 ring-1 ${current ? 'bg-brand-soft font-semibold text-brand ring-brand/30' : 'text-neutral-700 ring-line'}`}
            >
              {t.name}
              {t.threshold > 0 ? (
                <span className="font-normal text-muted">
                  {' '}
                  · {m.loyalty_tier_from_months({ amount: formatTaka(t.threshold), months: formatCount(rules.tier_window_months) })}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="mt-4 text-xs text-muted">
        {m.loyalty_rules({ value: formatTaka(rules.point_value), months: formatCount(rules.expiry_months) })}
      </p>
    </section>
  );
}

/** Every entry of the points ledger, newest first as the API sends them. */
function History({ entries }: { entries: LedgerEntry[] }) {
  return (
    <section aria-labelledby="history-heading" className="rounded-2xl border border-line p-5">
      <h2 id="history-heading" className="text-base font-semibold text-ink">
        {m.loyalty_history()}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{m.loyalty_history_empty()}</p>
      ) : (
        <ol className="mt-2 divide-y divide-line" data-testid="points-history">
          {entries.map((e) => (
            <li key={e.id} className="flex items-start justify-between gap-4 py-3 text-sm" data-testid="points-entry">
              <div className="min-w-0">
                <p className="font-medium text-ink">{ledgerKindLabel(e.kind)}</p>
                {/* The order's number is said by its link below. */}
                {e.note && e.note !== e.order_number ? <p className="text-neutral-700 wrap-anywhere">{e.note}</p> : null}
                <p className="text-xs text-muted">
                  {day(e.created_at)}
                  {e.order_number ? (
                    <>
                      {' · '}
                      <Link
                        to={`/account/orders/${encodeURIComponent(e.order_number)}`}
                        className="underline underline-offset-2 hover:text-ink"
                      >
                        {m.loyalty_order({ number: e.order_number })}
                      </Link>
                    </>
                  ) : null}
                </p>
              </div>
              <p className={`shrink-0 font-semibold tabular-nums ${e.points > 0 ? 'text-emerald-700' : 'text-ink'}`}>
                {signedPoints(e.points)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
