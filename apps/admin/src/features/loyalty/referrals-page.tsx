import { useMemo } from 'react';
import { Link, useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import { REFERRAL_STATUSES, type ReferralResult, type ReferralStatus, type ReferralsPageSchema } from '@store/shared/loyalty';
import { formatTaka, groupIndian } from '@store/shared/money';
import { DataTable, listColumns } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page';
import { PagesPager } from '../../components/ui/pager';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { listQuery } from '../../lib/list-filters';
import { orderPath } from '../orders/order-by-number';
import { FilterTabs } from './filter-tabs';
import { REFERRAL_STATUS_LABELS, ReferralStatusBadge } from './labels';

type ReferralsPage = z.infer<typeof ReferralsPageSchema>;

const isStatus = (value: string | null): value is ReferralStatus => REFERRAL_STATUSES.some((s) => s === value);

/** The page of referrals the URL's status asks for (every status without one). */
export async function referralsLoader({ request }: LoaderFunctionArgs): Promise<ReferralsPage> {
  const query = listQuery(new URL(request.url).searchParams, ['status'], true);
  return api.get<ReferralsPage>(`/loyalty/referrals/?${query}`, request.signal);
}

const column = listColumns<ReferralResult>();
const linkClass = 'font-medium text-brand underline-offset-2 wrap-anywhere hover:underline';

/** Each first order placed with a customer's code: the welcome discount it took and what the referrer earned, or why not. */
export function ReferralsPage() {
  const page = useLoaderData<ReferralsPage>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const asked = params.get('status');
  const status = isStatus(asked) ? asked : '';

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('code', {
          header: 'Code',
          cell: ({ getValue }) => <span className="font-mono text-xs font-semibold whitespace-nowrap">{getValue()}</span>,
        }),
        column.accessor('referrer', {
          header: 'Referrer',
          cell: ({ getValue }) => (
            <Link to={`/customers/${getValue().id}`} className={linkClass}>
              {getValue().name || `Customer #${getValue().id}`}
            </Link>
          ),
        }),
        column.accessor('referee', {
          header: 'Friend',
          cell: ({ getValue }) => {
            const referee = getValue();
            return referee.id !== null ? (
              <Link to={`/customers/${referee.id}`} className={linkClass}>
                {referee.name || `Customer #${referee.id}`}
              </Link>
            ) : (
              <span className="wrap-anywhere">{referee.name || 'A guest'}</span>
            );
          },
        }),
        column.accessor('order_number', {
          header: 'Order',
          cell: ({ getValue }) =>
            getValue() ? (
              <Link to={orderPath(getValue())} className={`${linkClass} whitespace-nowrap`}>
                {getValue()}
              </Link>
            ) : (
              '—'
            ),
        }),
        column.accessor('discount', {
          header: 'Discount',
          cell: ({ getValue }) => <span className="whitespace-nowrap tabular-nums">{formatTaka(getValue())}</span>,
        }),
        column.accessor('status', {
          header: 'Status',
          cell: ({ row }) => (
            <div className="min-w-0">
              <ReferralStatusBadge state={row.original.status} />
              {row.original.reason ? <div className="mt-1 text-xs text-muted wrap-anywhere">{row.original.reason}</div> : null}
            </div>
          ),
        }),
        column.accessor('points', {
          header: 'Reward',
          cell: ({ getValue }) => (
            <span className="whitespace-nowrap tabular-nums">{getValue() ? `${groupIndian(getValue())} points` : '—'}</span>
          ),
        }),
        column.accessor('created_at', {
          header: 'When',
          cell: ({ row }) => (
            <span className="text-xs">
              <span className="whitespace-nowrap">Ordered {formatDateTime(row.original.created_at)}</span>
              {row.original.settled_at ? (
                <>
                  <br />
                  <span className="whitespace-nowrap">
                    {row.original.status === 'void' ? 'Voided' : 'Settled'} {formatDateTime(row.original.settled_at)}
                  </span>
                </>
              ) : null}
            </span>
          ),
        }),
      ]),
    [],
  );

  const toPage = (n: number) => {
    const next = new URLSearchParams();
    if (status) next.set('status', status);
    if (n > 1) next.set('page', String(n));
    void navigate(`?${next}`);
  };

  return (
    <div>
      <PageHeader
        title="Referrals"
        description="First orders placed with a customer’s code: the friend’s welcome discount, and the referrer’s reward once the order is delivered."
      />
      <FilterTabs
        label="Status"
        param="status"
        current={status}
        options={[{ value: '', label: 'All' }, ...REFERRAL_STATUSES.map((s) => ({ value: s, label: REFERRAL_STATUS_LABELS[s] }))]}
      />
      <DataTable
        columns={columns}
        data={page.data}
        caption="Referrals"
        empty={status ? `No ${REFERRAL_STATUS_LABELS[status].toLowerCase()} referrals.` : 'No referrals yet.'}
      />
      <PagesPager page={page.page} pages={page.pages} onPage={toPage} />
    </div>
  );
}
