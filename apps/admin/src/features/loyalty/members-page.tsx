import { useMemo } from 'react';
import { Link, useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { TierMember, TierMembersPage } from '@store/shared/loyalty';
import { formatTaka, groupIndian } from '@store/shared/money';
import { DataTable, listColumns } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page';
import { PagesPager } from '../../components/ui/pager';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { listQuery } from '../../lib/list-filters';
import { tierLabel } from './points';
import { FilterTabs } from './filter-tabs';

/** The page of members of the tier the URL names (every tier without one). */
export async function membersLoader({ request }: LoaderFunctionArgs): Promise<TierMembersPage> {
  const query = listQuery(new URL(request.url).searchParams, ['tier'], true);
  return api.get<TierMembersPage>(`/loyalty/members/?${query}`, request.signal);
}

type Row = TierMember & { id: number };
const column = listColumns<Row>();

/** Customers by tier: their balance, their spend in the window and when their tier is next reviewed. */
export function MembersPage() {
  const page = useLoaderData<TierMembersPage>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tier = params.get('tier') ?? '';
  const counts = Object.entries(page.counts);
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  const rows = useMemo(() => page.data.map((m) => ({ ...m, id: m.customer_id })), [page.data]);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: 'Customer',
          cell: ({ row }) => (
            <div className="min-w-0">
              <Link
                to={`/customers/${row.original.customer_id}`}
                className="font-medium text-brand underline-offset-2 wrap-anywhere hover:underline"
              >
                {row.original.name || `Customer #${row.original.customer_id}`}
              </Link>
              {row.original.email ? <div className="text-xs text-muted wrap-anywhere">{row.original.email}</div> : null}
            </div>
          ),
        }),
        column.accessor('phone', {
          header: 'Phone',
          cell: ({ getValue }) => <span className="whitespace-nowrap">{getValue() ?? '—'}</span>,
        }),
        column.accessor('tier', { header: 'Tier' }),
        column.accessor('balance', {
          header: 'Points',
          cell: ({ getValue }) => <span className="tabular-nums">{groupIndian(getValue())}</span>,
        }),
        column.accessor('spend', {
          header: 'Spend',
          cell: ({ getValue }) => <span className="whitespace-nowrap tabular-nums">{formatTaka(getValue())}</span>,
        }),
        column.accessor('tier_since', {
          header: 'Tier since',
          cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDate(getValue())}</span>,
        }),
        column.accessor('tier_review_at', {
          header: 'Review',
          cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDate(getValue())}</span>,
        }),
      ]),
    [],
  );

  const toPage = (n: number) => {
    const next = new URLSearchParams();
    if (tier) next.set('tier', tier);
    if (n > 1) next.set('page', String(n));
    void navigate(`?${next}`);
  };

  return (
    <div>
      <PageHeader
        title="Members"
        description="Customers by tier, with their points, their spend in the tier window and when their tier is next reviewed."
      />
      <FilterTabs
        label="Tier"
        param="tier"
        current={tier}
        options={[
          { value: '', label: 'All', count: total },
          ...counts.map(([key, count]) => ({ value: key, label: tierLabel(key), count })),
        ]}
      />
      <DataTable columns={columns} data={rows} caption="Members" empty={tier ? 'No customer is in this tier.' : 'No members yet.'} />
      <PagesPager page={page.page} pages={page.pages} onPage={toPage} />
    </div>
  );
}
