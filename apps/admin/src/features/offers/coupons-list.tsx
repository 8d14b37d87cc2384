import { useMemo } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { COUPON_KIND_LABELS, type AdminCoupon, type CouponState } from '@store/shared/admin-offers';
import { formatTaka } from '@store/shared/money';
import { buttonClass } from '../../components/ui/button';
import { DataTable, listColumns } from '../../components/ui/data-table';
import { stateBadge } from '../../components/ui/badge';
import { PageHeader } from '../../components/ui/page';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

export async function couponsLoader({ request }: LoaderFunctionArgs): Promise<AdminCoupon[]> {
  return (await api.get<{ data: AdminCoupon[] }>('/offers/coupons/', request.signal)).data;
}

export const CouponStateBadge = stateBadge<CouponState>({
  live: { label: 'Live', tone: 'good' },
  scheduled: { label: 'Scheduled', tone: 'waiting' },
  ended: { label: 'Ended', tone: 'quiet' },
  used_up: { label: 'Used up', tone: 'quiet' },
  off: { label: 'Off', tone: 'quiet' },
});

/** What a coupon gives, in a few words. */
export function couponOffer(c: Pick<AdminCoupon, 'kind' | 'value' | 'buy_quantity' | 'get_quantity'>): string {
  if (c.kind === 'percentage') return `${c.value}% off`;
  if (c.kind === 'fixed_amount') return `${formatTaka(c.value)} off`;
  if (c.kind === 'free_shipping') return 'Free delivery';
  return `Buy ${c.buy_quantity ?? '?'}, get ${c.get_quantity ?? '?'} free`;
}

const column = listColumns<AdminCoupon>();

/** Every coupon: what it gives, its limits, how often it was used and where it stands. */
export function CouponsListPage() {
  const coupons = useLoaderData<AdminCoupon[]>();
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('code', {
          header: 'Code',
          cell: ({ row }) => (
            <div>
              <Link
                to={`/offers/coupons/${row.original.id}`}
                className="font-mono font-semibold text-brand underline-offset-2 hover:underline"
              >
                {row.original.code}
              </Link>
              <div className="text-xs text-muted">{row.original.title}</div>
            </div>
          ),
        }),
        column.accessor('kind', {
          header: 'Gives',
          cell: ({ row }) => (
            <div>
              <div>{couponOffer(row.original)}</div>
              <div className="text-xs text-muted">
                {COUPON_KIND_LABELS[row.original.kind]}
                {row.original.min_subtotal ? ` · from ${formatTaka(row.original.min_subtotal)}` : ''}
              </div>
            </div>
          ),
        }),
        column.accessor('used_count', {
          header: 'Used',
          cell: ({ row }) => (
            <span className="whitespace-nowrap tabular-nums">
              {row.original.used_count}
              {row.original.usage_limit !== null ? ` of ${row.original.usage_limit}` : ''}
              {row.original.per_customer_limit !== null ? (
                <span className="text-xs text-muted"> · {row.original.per_customer_limit} each</span>
              ) : null}
            </span>
          ),
        }),
        column.accessor('ends_at', {
          header: 'When',
          cell: ({ row }) => (
            <span className="text-xs">
              {row.original.starts_at ? `From ${formatDateTime(row.original.starts_at)}` : 'From now'}
              <br />
              {row.original.ends_at ? `until ${formatDateTime(row.original.ends_at)}` : 'no end'}
            </span>
          ),
        }),
        column.accessor('state', { header: 'State', cell: ({ getValue }) => <CouponStateBadge state={getValue()} /> }),
      ]),
    [],
  );
  return (
    <div>
      <PageHeader
        title="Coupons"
        description="Codes shoppers type at checkout: a percentage or an amount off, free delivery, or buy X get Y, with their limits."
        action={
          <Link to="/offers/coupons/new" className={buttonClass()}>
            New coupon
          </Link>
        }
      />
      <DataTable columns={columns} data={coupons} caption="Coupons" empty="No coupons yet." />
    </div>
  );
}
