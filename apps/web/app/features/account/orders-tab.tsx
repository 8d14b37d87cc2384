import { Link } from 'react-router';
import type { OrderListItem } from '@store/shared/checkout';
import { formatCount, formatTaka } from '../../lib/format';
import * as m from '@store/shared/i18n/messages';
import { orderDate, StatusChips } from '../checkout/order-view';
import { EmptyState } from './empty-state';

/** The customer's orders, newest first; each opens its detail at /account/orders/:number. */
export function OrdersTab({ orders }: { orders: OrderListItem[] }) {
  if (orders.length === 0) return <EmptyState title={m.account_no_orders_title()} text={m.account_no_orders_text()} />;
  return (
    <ul className="space-y-3" data-testid="order-list">
      {orders.map((o) => (
        <li key={o.number}>
          <Link
            to={`/account/orders/${o.number}`}
            prefetch="intent"
            className="flex gap-4 rounded-2xl border border-line bg-white p-4 transition hover:border-neutral-300 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-brand"
          >
            <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-neutral-50 ring-1 ring-line">
              {o.image ? <img src={o.image.url} alt="" width={64} height={64} loading="lazy" className="size-full object-cover" /> : null}
            </div>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-bold text-ink">{o.number}</p>
                <p className="text-sm font-bold text-ink">{formatTaka(o.total)}</p>
              </div>
              <p className="truncate text-sm text-neutral-700">{o.title}</p>
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                <StatusChips status={o.status} payment={o.payment_status} method={o.payment_method} />
                <span className="text-xs text-muted">
                  {orderDate(o.created_at)} ·{' '}
                  {(o.item_count === 1 ? m.account_order_items_one : m.account_order_items_other)({ count: formatCount(o.item_count) })}
                </span>
              </div>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
