import { useMemo, useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  ADMIN_CUSTOMER_SORT_LABELS,
  ADMIN_CUSTOMER_SORTS,
  type AdminCustomerListResponse,
  type AdminCustomerRow,
} from '@store/shared/admin-customers';
import { formatTaka } from '@store/shared/money';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DataTable, listColumns } from '../../components/ui/data-table';
import { SelectField, TextField } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page';
import { Pager } from '../../components/ui/pager';
import { api } from '../../lib/api';
import { download } from '../../lib/download';
import { listQuery, useListFilters } from '../../lib/list-filters';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/forms';
import { RiskBadge } from '../orders/order-badges';

const FILTERS = ['q', 'cod', 'sort'] as const;

const queryOf = (params: URLSearchParams, withPage: boolean) => listQuery(params, FILTERS, withPage);

/** The page of customers the URL's search and filter ask for. */
export async function customersLoader({ request }: LoaderFunctionArgs): Promise<AdminCustomerListResponse> {
  const url = new URL(request.url);
  return api.get<AdminCustomerListResponse>(`/customers/?${queryOf(url.searchParams, true)}`, request.signal);
}

const column = listColumns<AdminCustomerRow>();

/** Every customer: find one by name, phone or e-mail; those blocked from cash on delivery; sort, page, export. */
export function CustomersListPage() {
  const list = useLoaderData<AdminCustomerListResponse>();
  const { params, register, onSubmit, clear, toPage } = useListFilters(FILTERS);
  const [error, setError] = useState<string | null>(null);

  async function exportCsv() {
    try {
      await download(`/customers/export/?${queryOf(params, false)}`, 'customers.csv');
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: 'Customer',
          cell: ({ row }) => (
            <div className="min-w-0">
              <Link
                to={`/customers/${row.original.id}`}
                className="font-medium text-brand underline-offset-2 wrap-anywhere hover:underline"
              >
                {row.original.name || `Customer #${row.original.id}`}
              </Link>
              <div className="text-xs text-muted">Since {formatDateTime(row.original.created_at)}</div>
            </div>
          ),
        }),
        column.accessor('phone', {
          header: 'Contact',
          cell: ({ row }) => (
            <div className="min-w-0">
              <div className="whitespace-nowrap">{row.original.phone ?? '—'}</div>
              {row.original.email ? <div className="text-xs text-muted wrap-anywhere">{row.original.email}</div> : null}
            </div>
          ),
        }),
        column.accessor('order_count', {
          header: 'Orders',
          cell: ({ row }) => (
            <span className="whitespace-nowrap">
              {row.original.order_count}
              <span className="block text-xs text-muted">{formatTaka(row.original.spent)} spent</span>
            </span>
          ),
        }),
        column.accessor('risk', {
          header: 'COD',
          cell: ({ row }) => (
            <div className="flex flex-wrap gap-1">
              <RiskBadge risk={row.original.risk} />
              {row.original.cod_blocked ? (
                <Badge tone="quiet" testId="cod-blocked">
                  COD blocked
                </Badge>
              ) : null}
            </div>
          ),
        }),
      ]),
    [],
  );

  return (
    <div>
      <PageHeader
        title="Customers"
        description="Find a customer by name, phone or e-mail: their orders, addresses, wishlist, notes and COD record."
        action={
          <Button variant="secondary" onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        }
      />
      {error ? (
        <div className="mb-3">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      <form
        onSubmit={onSubmit}
        aria-label="Find customers"
        className="mb-4 grid grid-cols-2 gap-3 rounded-lg border border-line bg-white p-4 shadow-xs lg:grid-cols-4"
      >
        <div className="col-span-2">
          <TextField label="Search" type="search" placeholder="Name, phone or e-mail" {...register('q')} />
        </div>
        <SelectField label="Cash on delivery" {...register('cod')}>
          <option value="">Any</option>
          <option value="blocked">Blocked</option>
        </SelectField>
        <SelectField label="Sort by" {...register('sort')}>
          {ADMIN_CUSTOMER_SORTS.map((s) => (
            <option key={s} value={s === 'newest' ? '' : s}>
              {ADMIN_CUSTOMER_SORT_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <div className="col-span-2 flex flex-wrap items-end gap-2 lg:col-span-4">
          <Button type="submit">Search</Button>
          <Button variant="ghost" onClick={clear}>
            Clear
          </Button>
        </div>
      </form>
      <DataTable columns={columns} data={list.data} caption="Customers" empty="No customer matches." />
      <Pager
        total={list.count}
        capped={list.count_capped}
        rows={list.data.length}
        page={list.page}
        pageSize={list.page_size}
        noun={['customer', 'customers']}
        onPage={toPage}
      />
    </div>
  );
}
