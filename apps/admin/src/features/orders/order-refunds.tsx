import { useCallback, useEffect, useState } from 'react';
import {
  REFUND_METHOD_LABELS,
  REFUND_STATUS_LABELS,
  type AdminRefundsResponse,
  type RefundRequestMethod,
} from '@store/shared/admin-refunds';
import type { AdminOrderDetail } from '@store/shared/admin-orders';
import { formatTaka } from '@store/shared/money';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/field';
import { Section } from '../../components/ui/page';
import { ApiError, api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/forms';

/**
 * Money given back on the order: the refunds so far (through bKash or SSLCommerz, or by hand) and a
 * dialog for another, full or partial, within what is left.
 */
export function OrderRefunds({ order, refunder, onChange }: { order: AdminOrderDetail; refunder: boolean; onChange: () => Promise<void> }) {
  const [state, setState] = useState<AdminRefundsResponse | null>(null);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [method, setMethod] = useState<RefundRequestMethod>('gateway');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [checking, setChecking] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      api
        .get<AdminRefundsResponse>(`/orders/${order.id}/refunds/`, signal)
        .then(setState)
        .catch(() => undefined),
    [order.id],
  );
  useEffect(() => {
    if (!refunder) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [refunder, load, order.revision, order.payment_status, order.refunded_amount]);

  if (!refunder || !state) return null;
  const { refundable } = state;
  if (state.data.length === 0 && refundable.amount === 0) return null;

  function start() {
    setAmount(String(refundable.amount / 100));
    setReason('');
    setReference('');
    setMethod(refundable.gateway ? 'gateway' : 'manual');
    setError(null);
    setKey(crypto.randomUUID());
    setOpen(true);
  }

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const taka = Number(amount);
      await api.post(
        `/orders/${order.id}/refunds/`,
        {
          amount: Number.isFinite(taka) ? Math.round(taka * 100) : NaN,
          reason,
          method,
          ...(method === 'manual' ? { reference } : {}),
        },
        { 'idempotency-key': key },
      );
      setOpen(false);
      // A refund the gateway is still working on changes nothing on the order yet: the list is read again.
      await Promise.all([load(), onChange()]);
    } catch (e) {
      setError(e instanceof Error ? e : new Error(String(e)));
    } finally {
      setBusy(false);
    }
  }

  /** Asks the gateway now about the refunds it is working on (SSLCommerz often answers "processing" first). */
  async function check() {
    setChecking(true);
    try {
      setState(await api.post<AdminRefundsResponse>(`/orders/${order.id}/refunds/check/`));
      await onChange();
    } finally {
      setChecking(false);
    }
  }

  const fieldError = (name: string) => (error instanceof ApiError ? error.fields[name] : undefined);

  return (
    <Section title="Refunds" description="Give money back in full or in part: through the gateway the order was paid with, or by hand.">
      {state.data.length ? (
        <ul className="mb-3 divide-y divide-line text-sm">
          {state.data.map((r) => (
            <li key={r.id} className="flex flex-wrap justify-between gap-2 py-2" data-testid="refund">
              <span>
                <span className="font-medium">{formatTaka(r.amount)}</span> · {REFUND_METHOD_LABELS[r.method]} ·{' '}
                {REFUND_STATUS_LABELS[r.status]}
                <span className="block text-xs text-muted">
                  {r.reason}
                  {r.reference ? ` · ref ${r.reference}` : ''}
                  {r.failure ? ` · ${r.failure}` : ''}
                </span>
              </span>
              <span className="text-xs text-muted">
                {formatDateTime(r.created_at)}
                {r.staff?.name ? ` · ${r.staff.name}` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {refundable.amount > 0 ? (
        <Button variant="secondary" onClick={start}>
          Refund…
        </Button>
      ) : refundable.blocked ? (
        <p className="text-sm text-muted">{refundable.blocked}</p>
      ) : null}
      {refundable.in_progress ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-muted">
          <span>{formatTaka(refundable.in_progress)} is with the gateway; the shop asks it again every few minutes.</span>
          <Button variant="ghost" disabled={checking} onClick={() => void check()}>
            {checking ? 'Asking…' : 'Check with the gateway'}
          </Button>
        </div>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Refund order ${order.number}`}
        description={`Up to ${formatTaka(refundable.amount)} can be given back.`}
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <SelectField label="How" value={method} onChange={(e) => setMethod(e.target.value as RefundRequestMethod)}>
            {refundable.gateway ? (
              <option value="gateway">
                Back to {REFUND_METHOD_LABELS[refundable.gateway.provider]} (up to {formatTaka(refundable.gateway.max)})
              </option>
            ) : null}
            <option value="manual">By hand (cash, bKash send-money…)</option>
          </SelectField>
          <TextField
            label="Amount (৳)"
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={fieldError('amount')}
          />
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={255}
            error={fieldError('reason')}
          />
          {method === 'manual' ? (
            <TextField
              label="Reference"
              hint="A receipt number or the bKash send-money transaction id"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              maxLength={100}
              error={fieldError('reference')}
            />
          ) : null}
          {error && !(error instanceof ApiError && Object.keys(error.fields).length) ? <Alert>{errorMessage(error)}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Refunding…' : 'Refund'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Section>
  );
}
