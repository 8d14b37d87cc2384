import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { AdjustmentInputSchema, type AdjustmentInput, type AdminCustomerLoyalty } from '@store/shared/loyalty';
import { formatTaka } from '@store/shared/money';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Section } from '../../components/ui/page';
import { type Notice } from '../../components/ui/save-box';
import { ApiError, api } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { apiErrorToForm, errorMessage, numberField } from '../../lib/forms';
import { orderPath } from '../orders/order-by-number';
import { LEDGER_KIND_LABELS } from './labels';
import { pointsText, signedPoints } from './points';

/** A customer's loyalty account as the customer screen shows it: the account, or why it could not be read. */
export type CustomerLoyaltyResult = { data: AdminCustomerLoyalty } | { error: string } | null;

/** The account for the customer screen's loader: null where the member's role may not see it (the panel is not shown then). */
export async function customerLoyaltyLoader(customerId: string, signal: AbortSignal): Promise<CustomerLoyaltyResult> {
  try {
    return { data: (await api.get<{ data: AdminCustomerLoyalty }>(`/loyalty/customers/${customerId}/`, signal)).data };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'forbidden') return null;
    // The rest of the customer screen does not wait on, or fail with, the loyalty account.
    return { error: errorMessage(error) };
  }
}

type AdjustmentForm = z.input<typeof AdjustmentInputSchema>;

/** Points added or taken by hand, with the reason the ledger and the audit log keep. */
function AdjustmentForm({ customerId, onDone }: { customerId: number; onDone: () => Promise<unknown> }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = useForm<AdjustmentForm, unknown, AdjustmentInput>({
    resolver: zodResolver(AdjustmentInputSchema),
    defaultValues: { points: Number.NaN, reason: '' },
  });
  const { register, formState, handleSubmit, setError, reset } = form;
  const submit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const { data } = await api.post<{ data: AdminCustomerLoyalty }>(`/loyalty/customers/${customerId}/adjustments/`, values);
      reset({ points: Number.NaN, reason: '' });
      await onDone();
      setNotice({
        tone: 'success',
        text: `${values.points > 0 ? 'Added' : 'Took off'} ${pointsText(Math.abs(values.points))}. The balance is now ${pointsText(data.balance)}.`,
      });
    } catch (error) {
      setNotice({ tone: 'error', text: apiErrorToForm(error, setError, ['points', 'reason']) ?? 'Check the fields marked above.' });
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Adjust points" className="space-y-3 rounded-md border border-line p-3">
      <div className="grid gap-3 sm:grid-cols-[9rem_minmax(0,1fr)]">
        <TextField
          label="Points"
          type="number"
          inputMode="numeric"
          placeholder="50 or -50"
          hint="Negative takes off."
          error={formState.errors.points?.message}
          {...register('points', numberField)}
        />
        <TextField
          label="Reason"
          maxLength={200}
          placeholder="Goodwill for a late delivery"
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <Button type="submit" variant="secondary" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving…' : 'Adjust points'}
      </Button>
    </form>
  );
}

/** Balance, tier, spend and referral code, the ledger newest first, and a hand adjustment. */
export function CustomerLoyaltyPanel({
  result,
  onChanged,
}: {
  result: Exclude<CustomerLoyaltyResult, null>;
  onChanged: () => Promise<unknown>;
}) {
  if ('error' in result) {
    return (
      <Section title="Loyalty">
        <Alert>{result.error}</Alert>
      </Section>
    );
  }
  const l = result.data;
  const facts: [string, string][] = [
    ['Balance', pointsText(l.balance)],
    ['Tier', l.tier.name],
    ['Spend in the window', formatTaka(l.spend)],
    ['Tier since', formatDate(l.tier_since)],
    ['Tier review', l.tier_review_at ? formatDate(l.tier_review_at) : 'None (the first tier)'],
    ['Referral code', l.referral_code],
  ];
  return (
    <Section title="Loyalty">
      <div className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3" data-testid="loyalty-summary">
        {facts.map(([label, value]) => (
          <div key={label} role="group" aria-label={label} className="min-w-0">
            <div className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</div>
            <div className={`mt-0.5 font-medium text-ink wrap-anywhere ${label === 'Referral code' ? 'font-mono' : ''}`}>{value}</div>
          </div>
        ))}
      </div>
      <div className="mt-4">
        <AdjustmentForm customerId={l.customer_id} onDone={onChanged} />
      </div>
      <h3 className="mt-5 mb-2 text-sm font-semibold text-ink">Points history</h3>
      {l.ledger.length ? (
        <ol className="divide-y divide-line" aria-label="Points history">
          {l.ledger.map((e) => (
            <li key={e.id} className="flex items-start justify-between gap-3 py-2 first:pt-0 last:pb-0" data-testid="ledger-entry">
              <div className="min-w-0 text-sm">
                <div>
                  <span className="font-medium text-ink">{LEDGER_KIND_LABELS[e.kind]}</span>
                  {e.note ? <span className="text-ink wrap-anywhere">: {e.note}</span> : null}
                </div>
                <div className="text-xs text-muted">
                  {formatDateTime(e.created_at)}
                  {e.order_number ? (
                    <>
                      {' · '}
                      <Link to={orderPath(e.order_number)} className="text-brand underline-offset-2 hover:underline">
                        {e.order_number}
                      </Link>
                    </>
                  ) : null}
                  {e.staff_name ? ` · by ${e.staff_name}` : null}
                </div>
              </div>
              <div className="shrink-0 text-right text-sm">
                <div className={`font-semibold tabular-nums ${e.points < 0 ? 'text-red-700' : 'text-green-800'}`}>
                  {signedPoints(e.points)}
                </div>
                {e.expires_at ? <div className="text-xs whitespace-nowrap text-muted">expires {formatDate(e.expires_at)}</div> : null}
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted">No points yet.</p>
      )}
    </Section>
  );
}
