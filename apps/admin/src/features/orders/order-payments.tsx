import type { AdminOrderDetail } from '@store/shared/admin-orders';
import { formatTaka } from '@store/shared/money';
import { Section } from '../../components/ui/page';
import { formatDateTime } from '../../lib/format';

const PROVIDER = { bkash: 'bKash', sslcommerz: 'Card (SSLCommerz)' } as const;

/** The order's bKash and card payment attempts: each one's state, amount, money back and the gateway's ids. */
export function OrderPayments({ order }: { order: AdminOrderDetail }) {
  if (order.payments.length === 0) return null;
  return (
    <Section title="Payment attempts" description="Every time the shopper went to bKash or the card page for this order.">
      <ul className="divide-y divide-line text-sm">
        {order.payments.map((p) => (
          <li key={p.id} className="py-2 first:pt-0" data-testid="payment-attempt">
            <div className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">
                {PROVIDER[p.provider]} · {formatTaka(p.amount)} · {p.status.replaceAll('_', ' ')}
              </span>
              <span className="text-xs text-muted">{formatDateTime(p.created_at)}</span>
            </div>
            <div className="text-xs text-muted wrap-anywhere">
              {p.gateway_trx_id ? `Transaction ${p.gateway_trx_id}` : 'No transaction'}
              {p.reference ? ` · ref ${p.reference}` : ''}
              {p.refunded_amount ? ` · ${formatTaka(p.refunded_amount)} given back` : ''}
              {p.settled_at ? ` · settled ${formatDateTime(p.settled_at)}` : ''} · {p.events} gateway {p.events === 1 ? 'call' : 'calls'}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
