import { useMemo } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import {
  ADMIN_PRODUCT_SORTS,
  PRODUCT_STATES,
  type AdminCatalogOptions,
  type AdminProductListResponse,
  type AdminProductRow,
} from '@store/shared/admin-catalog';
import { DEPARTMENT_KEYS } from '@store/shared/constants';
import { formatTaka } from '@store/shared/money';
import { Button, buttonClass } from '../../../components/ui/button';
import { DataTable, listColumns } from '../../../components/ui/data-table';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page';
import { api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { listQuery, useListFilters } from '../../../lib/list-filters';
import { StateBadge } from '../../content/shared';
import { DEPARTMENT_LABELS, departmentFromParam, departmentParam } from '../../../lib/departments';
import { Pager } from '../../../components/ui/pager';

const FILTERS = ['q', 'state', 'brand_id', 'department', 'stock', 'sort', 'dir'] as const;

type ListData = { list: AdminProductListResponse; options: AdminCatalogOptions };

/** The page of products the URL's filters ask for, and the brands for the brand filter. */
export async function productsLoader({ request }: LoaderFunctionArgs): Promise<ListData> {
  const url = new URL(request.url);
  const query = listQuery(
    url.searchParams,
    FILTERS.filter((k) => k !== 'department'),
    true,
  );
  // The beauty department's key is the empty string: ?department=beauty here, department= to the API.
  const department = departmentFromParam(url.searchParams.get('department'));
  if (department !== null) query.set('department', department);
  const [list, options] = await Promise.all([
    api.get<AdminProductListResponse>(`/catalog/products/?${query}`, request.signal),
    api.get<{ data: AdminCatalogOptions }>('/catalog/options/', request.signal).then((r) => r.data),
  ]);
  return { list, options };
}

const SORT_LABELS: Record<(typeof ADMIN_PRODUCT_SORTS)[number], string> = {
  updated: 'Last edited',
  created: 'Created',
  name: 'Name',
  price: 'Price',
};

const column = listColumns<AdminProductRow>();

/** Every product, drafts and archived ones too: search, filter, sort and page through them. */
export function ProductsListPage() {
  const { list, options } = useLoaderData<ListData>();
  const { register, onSubmit, clear, toPage } = useListFilters(FILTERS);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: 'Product',
          cell: ({ row }) => (
            <div className="flex min-w-0 items-center gap-3">
              {row.original.image ? (
                <img src={row.original.image.mobile} alt="" className="size-10 shrink-0 rounded border border-line object-cover" />
              ) : (
                <span className="size-10 shrink-0 rounded border border-dashed border-line" aria-hidden="true" />
              )}
              <div className="min-w-0">
                <Link to={`/catalog/products/${row.original.id}`} className="font-medium text-brand underline-offset-2 hover:underline">
                  {row.original.name}
                </Link>
                <div className="text-xs text-muted">{row.original.brand}</div>
              </div>
            </div>
          ),
        }),
        column.accessor('state', { header: 'State', cell: ({ getValue }) => <StateBadge state={getValue()} /> }),
        column.accessor('discounted_price', {
          header: 'Price',
          cell: ({ row }) => (
            <span className="whitespace-nowrap">
              {row.original.variant_count > 1 ? 'From ' : ''}
              {formatTaka(row.original.discounted_price)}
              {row.original.discounted_price < row.original.price ? (
                <s className="ml-1 text-xs text-muted">{formatTaka(row.original.price)}</s>
              ) : null}
            </span>
          ),
        }),
        column.accessor('stock', {
          header: 'Stock',
          cell: ({ row }) => (
            <span className={row.original.stock === 0 ? 'font-semibold text-red-700' : undefined}>
              {row.original.stock === 0 ? 'Sold out' : row.original.stock} · {row.original.variant_count}{' '}
              {row.original.variant_count === 1 ? 'variant' : 'variants'}
            </span>
          ),
        }),
        column.accessor('department', { header: 'Department', cell: ({ getValue }) => DEPARTMENT_LABELS[getValue()] }),
        column.accessor('updated_at', {
          header: 'Edited',
          cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDateTime(getValue())}</span>,
        }),
      ]),
    [],
  );

  return (
    <div>
      <PageHeader
        title="Products"
        description="The range: write, price, picture and publish products and their variants."
        action={
          <div className="flex flex-wrap gap-2">
            <Link to="/catalog/variants" className={buttonClass('secondary')}>
              Bulk editor
            </Link>
            <Link to="/catalog/products/import" className={buttonClass('secondary')}>
              Import or export
            </Link>
            <Link to="/catalog/products/new" className={buttonClass()}>
              New product
            </Link>
          </div>
        }
      />
      <form
        onSubmit={onSubmit}
        aria-label="Filter the products"
        className="mb-4 grid gap-3 rounded-lg border border-line bg-white p-4 shadow-xs sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-8"
      >
        <div className="sm:col-span-2">
          <TextField label="Search" type="search" placeholder="Name, brand, tag, address or SKU" {...register('q')} />
        </div>
        <SelectField label="State" {...register('state')}>
          <option value="">Any</option>
          {PRODUCT_STATES.map((s) => (
            <option key={s} value={s}>
              {s[0]!.toUpperCase() + s.slice(1)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Brand" {...register('brand_id')}>
          <option value="">Any</option>
          {options.brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Department" {...register('department')}>
          <option value="">Any</option>
          {DEPARTMENT_KEYS.map((d) => (
            <option key={d} value={departmentParam(d)}>
              {DEPARTMENT_LABELS[d]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Stock" {...register('stock')}>
          <option value="">Any</option>
          <option value="in">In stock</option>
          <option value="out">Sold out</option>
        </SelectField>
        <SelectField label="Sort by" {...register('sort')}>
          {ADMIN_PRODUCT_SORTS.map((s) => (
            <option key={s} value={s === 'updated' ? '' : s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Order" {...register('dir')}>
          <option value="">Descending</option>
          <option value="asc">Ascending</option>
        </SelectField>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4 xl:col-span-8">
          <Button type="submit">Filter</Button>
          <Button variant="ghost" onClick={clear}>
            Clear
          </Button>
        </div>
      </form>
      <DataTable columns={columns} data={list.data} caption="Products" empty="No product matches these filters." />
      <Pager
        total={list.count}
        capped={list.count_capped}
        rows={list.data.length}
        page={list.page}
        pageSize={list.page_size}
        noun={['product', 'products']}
        onPage={toPage}
      />
    </div>
  );
}
