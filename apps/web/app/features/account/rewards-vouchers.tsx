import { useId, useState } from 'react';
import { Form, useNavigation, useSearchParams } from 'react-router';
import type { LoyaltyAccount, Voucher } from '@store/shared/loyalty';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatDhakaDate, formatTaka } from '../../lib/format';
import { FieldError, Notice, PrimaryButton } from '../auth/form-controls';
import { SCRIPTED } from '../auth/auth-events';
import { CopyButton } from '../loyalty/copy-button';
import { parsePoints } from '../loyalty/loyalty-text';
import { PointsInput } from '../loyalty/points-input';
import type { VoucherRefusal } from './voucher-action.server';

/**
 * Points into a voucher: a React Router form, so the same action serves the scripted page and a
 * browser without scripts (voucher-action.server.ts).
 */
export function VoucherForm({ account, refusal }: { account: LoyaltyAccount; refusal: VoucherRefusal['voucher'] | null }) {
  const id = useId();
  const navigation = useNavigation();
  const [typed, setTyped] = useState(refusal?.points ?? '');
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'voucher';
  const { balance, rules } = account;
  const allowed = balance > 0 && balance >= rules.redeem_min_balance;
  const points = parsePoints(typed);
  const worth = points !== null && points > 0 && points <= balance ? points * rules.point_value : null;
  return (
    <section aria-labelledby="convert-heading" className="rounded-2xl border border-line p-5">
      <h2 id="convert-heading" className="text-base font-semibold text-ink">
        {m.loyalty_convert_title()}
      </h2>
      <p className="mt-1 text-sm text-muted">{m.loyalty_convert_text({ value: formatTaka(rules.point_value) })}</p>
      {allowed ? (
        <Form method="post" noValidate className="mt-4" data-testid="voucher-form">
          <input type="hidden" name="intent" value="voucher" />
          <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
            {m.loyalty_convert_points()}
          </label>
          <div className="flex gap-2">
            <PointsInput id={id} value={typed} onChange={setTyped} error={Boolean(refusal)} hintId={`${id}-note`} />
            <PrimaryButton busy={busy} className="w-auto! shrink-0">
              {m.loyalty_convert_submit()}
            </PrimaryButton>
          </div>
          <p id={`${id}-note`} className="mt-1 text-xs text-muted" aria-live="polite">
            {worth !== null ? m.loyalty_voucher_off({ amount: formatTaka(worth) }) : m.loyalty_convert_max({ count: formatCount(balance) })}
          </p>
          {refusal ? <FieldError id={`${id}-error`}>{refusal.error}</FieldError> : null}
        </Form>
      ) : (
        <p className="mt-4 rounded-lg bg-neutral-50 px-3 py-2 text-sm text-neutral-700 ring-1 ring-line">
          {m.loyalty_convert_min({ count: formatCount(Math.max(1, rules.redeem_min_balance)) })}
        </p>
      )}
    </section>
  );
}

const day = (iso: string) => formatDhakaDate(new Date(iso), 'long');

/** The shopper's vouchers (birthday and points), usable ones first; a voucher just made (?voucher=) is marked. */
export function RewardsVouchers({ vouchers }: { vouchers: Voucher[] }) {
  const [params] = useSearchParams();
  const fresh = params.get('voucher');
  const made = vouchers.find((v) => v.code === fresh) ?? null;
  const now = Date.now();
  const ended = (v: Voucher) => v.ends_at !== null && Date.parse(v.ends_at) < now;
  const sorted = [...vouchers].sort((a, b) => Number(a.used || ended(a)) - Number(b.used || ended(b)));
  return (
    <section id="vouchers" aria-labelledby="vouchers-heading" className="scroll-mt-36 rounded-2xl border border-line p-5">
      <h2 id="vouchers-heading" className="text-base font-semibold text-ink">
        {m.loyalty_vouchers()}
      </h2>
      {made ? (
        <div className="mt-3">
          <Notice tone="success">{m.loyalty_convert_done({ code: made.code, amount: formatTaka(made.amount) })}</Notice>
        </div>
      ) : null}
      {vouchers.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{m.loyalty_vouchers_empty()}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">{m.loyalty_vouchers_hint()}</p>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {sorted.map((v) => {
              const over = v.used || ended(v);
              return (
                <li
                  key={v.code}
                  data-testid="voucher"
                  className={`flex items-center justify-between gap-3 rounded-xl border border-dashed p-3.5 ${
                    over ? 'border-neutral-300 bg-neutral-50 text-muted' : 'border-emerald-400 bg-emerald-50/60'
                  } ${v.code === fresh ? 'ring-2 ring-emerald-500' : ''}`}
                >
                  <div className="min-w-0">
                    <p className={`font-mono text-base font-bold tracking-wider wrap-anywhere ${over ? 'line-through' : 'text-ink'}`}>
                      {v.code}
                    </p>
                    <p className="text-sm font-semibold">{m.loyalty_voucher_off({ amount: formatTaka(v.amount) })}</p>
                    <p className="text-xs text-muted">
                      {v.source === 'birthday' ? m.loyalty_voucher_birthday() : m.loyalty_voucher_points()}
                      {v.ends_at && !over ? ` · ${m.loyalty_voucher_until({ date: day(v.ends_at) })}` : null}
                    </p>
                  </div>
                  {over ? (
                    <span className="shrink-0 rounded-full bg-neutral-200 px-2.5 py-0.5 text-xs font-semibold text-neutral-700">
                      {v.used ? m.loyalty_voucher_used() : m.loyalty_voucher_expired()}
                    </span>
                  ) : (
                    <CopyButton text={v.code} label={m.loyalty_copy_code()} className={SCRIPTED} />
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
