import { useState } from 'react';
import type { OrderDetail, PayResponse, PublicOrder } from '@store/shared/checkout';
import { dhakaClock } from '@store/shared/dhaka-time';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { formatDigits, formatTaka } from '../../lib/format';
import { api } from '../../lib/http';
import { toast } from '../../lib/toast';
import { paymentMethodLabel } from './labels';

/** '14:35' ('১৪:৩৫'), the Dhaka time an unpaid order's hold ends. */
export function holdTime(order: Pick<PublicOrder, 'hold_until'>): string | null {
  if (!order.hold_until) return null;
  const c = dhakaClock(new Date(order.hold_until));
  return formatDigits(`${c.hour}:${String(c.minute).padStart(2, '0')}`);
}

const BUTTON =
  'inline-flex h-12 items-center justify-center rounded-lg px-6 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The owner's actions on an order not confirmed yet: 'Pay now' (another attempt on the same order,
 * with its method or the other gateway) and 'Cancel order' (asked twice). Shown only when the API
 * says the action is open (order.actions); after a cancel the page reloads its data.
 */
export function OrderActions({ order, onChanged }: { order: PublicOrder; onChanged: () => void }) {
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!order.actions.pay && !order.actions.cancel) return null;
  // A high-risk shopper's cash on delivery pays its delivery fee by bKash (no method: the order's own), or the whole order by bKash instead.
  const feeFirst = order.payment_method === 'cod';
  const other = order.payment_method === 'bkash' ? 'card' : 'bkash';

  const pay = async (method: 'bkash' | 'card' | null) => {
    setBusy('pay');
    setError(null);
    const r = await api.post<PayResponse>(`/orders/${encodeURIComponent(order.number)}/pay/`, method ? { payment_method: method } : {}, {
      toasts: false,
    });
    if (r.ok && r.data.data.redirectGatewayURL) {
      window.location.assign(r.data.data.redirectGatewayURL);
      return;
    }
    setBusy(null);
    setError(r.ok ? messages.paymentStartFailed() : (r.error?.message ?? messages.internalError()));
    if (!r.ok) onChanged();
  };
  const cancel = async () => {
    setBusy('cancel');
    setError(null);
    const r = await api.post<{ data: OrderDetail }>(`/orders/${encodeURIComponent(order.number)}/cancel/`, {}, { toasts: false });
    setBusy(null);
    setConfirming(false);
    if (r.ok) toast.success(messages.orderCancelled());
    else setError(r.error?.message ?? messages.internalError());
    onChanged();
  };

  return (
    <div className="space-y-3" data-testid="order-actions">
      <div className="flex flex-col justify-center gap-2 sm:flex-row">
        {order.actions.pay ? (
          <>
            <button
              type="button"
              className={`${BUTTON} bg-brand text-white hover:bg-brand-dark`}
              disabled={busy !== null}
              onClick={() => void pay(feeFirst ? null : (order.payment_method as 'bkash' | 'card'))}
            >
              {busy === 'pay'
                ? m.receipt_opening_payment()
                : feeFirst
                  ? m.checkout_pay_fee_bkash({ fee: formatTaka(order.cod_deposit) })
                  : m.receipt_pay_now_with({ method: paymentMethodLabel(order.payment_method) })}
            </button>
            <button
              type="button"
              className={`${BUTTON} bg-white text-ink ring-1 ring-neutral-300 hover:bg-neutral-50`}
              disabled={busy !== null}
              onClick={() => void pay(other)}
            >
              {feeFirst
                ? m.receipt_pay_whole_bkash({ total: formatTaka(order.total) })
                : m.receipt_pay_with_instead({ method: paymentMethodLabel(other) })}
            </button>
          </>
        ) : null}
        {order.actions.cancel && !confirming ? (
          <button
            type="button"
            className={`${BUTTON} bg-white text-red-700 ring-1 ring-red-200 hover:bg-red-50`}
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
          >
            {m.receipt_cancel_order()}
          </button>
        ) : null}
      </div>
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="cancel-order-q"
          className="mx-auto max-w-md rounded-xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200"
        >
          <p id="cancel-order-q" className="font-semibold">
            {m.receipt_cancel_question({ number: order.number })}
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-center">
            <button
              type="button"
              className={`${BUTTON} bg-red-700 text-white hover:bg-red-800`}
              disabled={busy !== null}
              onClick={() => void cancel()}
            >
              {busy === 'cancel' ? m.receipt_cancelling() : m.receipt_yes_cancel()}
            </button>
            <button
              type="button"
              className={`${BUTTON} bg-white text-ink ring-1 ring-neutral-300`}
              disabled={busy !== null}
              onClick={() => setConfirming(false)}
            >
              {m.receipt_keep_order()}
            </button>
          </div>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-center text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
