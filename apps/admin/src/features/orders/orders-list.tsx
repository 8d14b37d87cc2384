import { useMemo, useState } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import {
  COD_RISK_LABELS,
  COD_RISKS,
  DELIVERY_TYPE_LABELS,
  DELIVERY_TYPES,
  type AdminOrderListResponse,
  type AdminOrderRow,
  type SavedView,
} from '@store/shared/admin-orders';
import { can } from '@store/shared/admin';
import type { BulkBookResult, CourierAvailability } from '@store/shared/admin-couriers';
import {
  COURIER_LABELS,
  COURIERS,
  DELIVERY_ZONES,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  ZONE_LABELS,
  type Courier,
} from '@store/shared/checkout-rules';
import { formatTaka } from '@store/shared/money';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { DataTable, listColumns } from '../../components/ui/data-table';
import { inputClass, SelectField, TextField } from '../../components/ui/field';
import { textLinkClass } from '../../components/ui/page';
import { PageHeader } from '../../components/ui/page';
import { Pager } from '../../components/ui/pager';
import { api } from '../../lib/api';
import { download } from '../../lib/download';
import { listQuery, useListFilters } from '../../lib/list-filters';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/forms';
import { useMe } from '../../lib/me';
import { OrderStatusBadge, PaymentBadge, RiskBadge } from './order-badges';

const FILTERS = ['q', 'status', 'payment_status', 'method', 'delivery', 'zone', 'courier', 'risk', 'from', 'to', 'sort', 'dir'] as const;

type ListData = { list: AdminOrderListResponse; views: SavedView[]; couriers: CourierAvailability[] };

const queryOf = (params: URLSearchParams, withPage: boolean) => listQuery(params, FILTERS, withPage);

/** The page of orders the URL's filters ask for, and this member's saved views. */
export async function ordersLoader({ request }: LoaderFunctionArgs): Promise<ListData> {
  const url = new URL(request.url);
  const [list, views, couriers] = await Promise.all([
    api.get<AdminOrderListResponse>(`/orders/?${queryOf(url.searchParams, true)}`, request.signal),
    api.get<{ data: SavedView[] }>('/saved-views/orders/', request.signal).then((r) => r.data),
    api.get<{ data: CourierAvailability[] }>('/couriers/', request.signal).then((r) => r.data),
  ]);
  return { list, views, couriers };
}

/** Only a confirmed or packed order for delivery may be booked with a courier (the API refuses the rest anyway). */
const bookable = (row: AdminOrderRow) => (row.status === 'confirmed' || row.status === 'packed') && row.delivery_type !== 'pickup';

/** The selection with `ids` ticked (on) or not. */
function toggled(current: ReadonlySet<number>, ids: readonly number[], on: boolean): ReadonlySet<number> {
  const next = new Set(current);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** Each order's answer from a bulk booking, with its number (kept from the list as it was when booked). */
type Bookings = { courier: Courier; results: (BulkBookResult & { number: string })[] };

/** What the courier said to each order of a bulk booking: its consignment, or why it was not booked. */
function BookingResults({ bookings, onDone }: { bookings: Bookings; onDone: () => void }) {
  const booked = bookings.results.filter((r) => r.ok).length;
  return (
    <div className="mb-3 rounded-md border border-line bg-white p-3 text-sm">
      <div className="flex items-center justify-between gap-3">
        <p className="font-semibold" role="status">
          Booked {booked} of {bookings.results.length} with {COURIER_LABELS[bookings.courier]}
        </p>
        <Button variant="ghost" className="min-h-8 px-2" onClick={onDone}>
          Done
        </Button>
      </div>
      <ul className="mt-2 max-h-40 space-y-1 overflow-y-auto" aria-label="Booking results">
        {bookings.results.map((r) => (
          <li key={r.order_id} data-testid="booking-result" className="flex flex-wrap gap-x-2">
            <Link to={`/orders/${r.order_id}`} className={textLinkClass}>
              {r.number}
            </Link>
            {r.ok && r.shipment ? (
              <span className="text-green-800">
                {r.created ? 'Booked' : 'Had a parcel already'}: consignment {r.shipment.consignment_id}
              </span>
            ) : (
              <span className="text-red-700">{r.error?.message ?? 'Not booked'}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

const column = listColumns<AdminOrderRow>();

/** Every order: find one by number, phone, name or e-mail; filter, sort, page, save a view, export the filter. */
export function OrdersListPage() {
  const { list, views, couriers } = useLoaderData<ListData>();
  const writer = can(useMe().role, 'orders.write');
  const { params, register, onSubmit, clear, toPage } = useListFilters(FILTERS);
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [viewName, setViewName] = useState('');
  const chosen = FILTERS.filter((k) => k !== 'q' && k !== 'sort' && k !== 'dir' && params.get(k)).length;
  // On a phone the filters fold away under the search box until asked for (or in use).
  const [filtersOpen, setFiltersOpen] = useState(chosen > 0);
  const filterQuery = queryOf(params, false).toString();
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  // What is ticked and still bookable on this page: a booked order leaves the selection by itself.
  const bookableRows = list.data.filter(bookable);
  const selected = bookableRows.filter((row) => picked.has(row.id));
  const [bookings, setBookings] = useState<Bookings | null>(null);
  const [courier, setCourier] = useState<Courier | ''>(couriers[0]?.courier ?? '');
  const [booking, setBooking] = useState(false);

  async function bookSelected() {
    if (!courier || !selected.length) return;
    const numbers = new Map(selected.map((row) => [row.id, row.number]));
    setBooking(true);
    setNotice(null);
    try {
      const res = await api.post<{ data: BulkBookResult[] }>('/orders/shipments/bulk/', { order_ids: [...numbers.keys()], courier });
      setBookings({ courier, results: res.data.map((r) => ({ ...r, number: numbers.get(r.order_id) ?? `#${r.order_id}` })) });
      await revalidator.revalidate();
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBooking(false);
    }
  }
  const activeView = views.find((v) => v.query === filterQuery);

  async function saveView() {
    try {
      await api.post('/saved-views/orders/', { name: viewName, query: filterQuery });
      setViewName('');
      setNotice({ tone: 'success', text: `Saved the view “${viewName.trim()}”.` });
      await revalidator.revalidate();
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    }
  }

  async function deleteView(view: SavedView) {
    try {
      await api.delete(`/saved-views/orders/${view.id}/`);
      setNotice({ tone: 'success', text: `Deleted the view “${view.name}”.` });
      await revalidator.revalidate();
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    }
  }

  async function exportCsv() {
    try {
      await download(`/orders/export/?${filterQuery}`, 'orders.csv');
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    }
  }

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('number', {
          header: 'Order',
          cell: ({ row }) => (
            <div className="flex min-w-0 items-start gap-3">
              {/* The tick for booking sits beside the number, so a phone's card keeps it on the order's line. */}
              {writer ? (
                <input
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 accent-brand disabled:opacity-30"
                  aria-label={`Select order ${row.original.number}`}
                  title={bookable(row.original) ? undefined : 'Only confirmed or packed orders for delivery can be booked'}
                  disabled={!bookable(row.original)}
                  checked={picked.has(row.original.id) && bookable(row.original)}
                  onChange={(e) => setPicked((current) => toggled(current, [row.original.id], e.target.checked))}
                />
              ) : null}
              <div className="min-w-0">
                <Link
                  to={`/orders/${row.original.id}`}
                  className="font-medium whitespace-nowrap text-brand underline-offset-2 hover:underline"
                >
                  {row.original.number}
                </Link>
                <div className="text-xs whitespace-nowrap text-muted">{formatDateTime(row.original.created_at)}</div>
              </div>
            </div>
          ),
        }),
        column.accessor('name', {
          header: 'Customer',
          cell: ({ row }) => (
            <div className="min-w-0">
              <div className="truncate">{row.original.name || '—'}</div>
              <div className="text-xs text-muted">{row.original.phone ?? row.original.email ?? ''}</div>
            </div>
          ),
        }),
        column.accessor('status', {
          header: 'Status',
          cell: ({ row }) => (
            <div className="flex flex-wrap gap-1">
              <OrderStatusBadge status={row.original.status} />
              <PaymentBadge status={row.original.payment_status} />
            </div>
          ),
        }),
        column.accessor('payment_method', {
          header: 'Payment',
          cell: ({ row }) => (
            <span className="whitespace-nowrap">
              {PAYMENT_METHOD_LABELS[row.original.payment_method]}
              {row.original.payment_method === 'cod' ? (
                <>
                  {' '}
                  <RiskBadge risk={row.original.risk} />
                </>
              ) : null}
            </span>
          ),
        }),
        column.accessor('delivery_type', {
          header: 'Delivery',
          cell: ({ row }) => (
            <span className="whitespace-nowrap">
              {row.original.zone ? ZONE_LABELS[row.original.zone] : DELIVERY_TYPE_LABELS[row.original.delivery_type]}
              {row.original.courier ? <span className="block text-xs text-muted">{COURIER_LABELS[row.original.courier]}</span> : null}
            </span>
          ),
        }),
        column.accessor('total', {
          header: 'Total',
          cell: ({ row }) => (
            <span className="whitespace-nowrap">
              {formatTaka(row.original.total)}
              <span className="block text-xs text-muted">
                {row.original.item_count} {row.original.item_count === 1 ? 'item' : 'items'}
              </span>
            </span>
          ),
        }),
      ]),
    [writer, picked],
  );

  const barOpen = writer && (selected.length > 0 || bookings !== null);
  return (
    <div className={barOpen ? 'pb-48' : undefined}>
      <PageHeader
        title="Orders"
        description="Confirm, pack, ship and follow every order; find one by its number, phone, name or e-mail."
        action={
          <Button variant="secondary" onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        }
      />
      {views.length ? (
        <nav aria-label="Saved views" className="mb-3 flex flex-wrap items-center gap-2">
          <span className="text-xs font-semibold tracking-wide text-muted uppercase">Views</span>
          {views.map((v) => (
            <span key={v.id} className="inline-flex items-center">
              <Link
                to={`?${v.query}`}
                className={`rounded-l-full border border-line px-3 py-1 text-sm ${v.id === activeView?.id ? 'bg-brand text-white' : 'bg-white text-ink hover:bg-neutral-100'}`}
              >
                {v.name}
              </Link>
              <button
                type="button"
                onClick={() => void deleteView(v)}
                aria-label={`Delete the view ${v.name}`}
                className="rounded-r-full border border-l-0 border-line bg-white px-2 py-1 text-sm text-muted hover:bg-neutral-100"
              >
                ×
              </button>
            </span>
          ))}
        </nav>
      ) : null}
      {notice ? (
        <div className="mb-3">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      ) : null}
      <form
        onSubmit={onSubmit}
        aria-label="Filter the orders"
        className="mb-4 grid grid-cols-2 gap-3 rounded-lg border border-line bg-white p-4 shadow-xs lg:grid-cols-4 xl:grid-cols-6"
      >
        <div className="col-span-2">
          <TextField label="Search" type="search" placeholder="Order number, phone, name or e-mail" {...register('q')} />
        </div>
        <button
          type="button"
          className="col-span-2 text-left text-sm font-medium text-brand sm:hidden"
          aria-expanded={filtersOpen}
          onClick={() => setFiltersOpen(!filtersOpen)}
        >
          {filtersOpen ? 'Fewer filters' : `More filters${chosen ? ` (${chosen} in use)` : ''}`}
        </button>
        <div
          className={`col-span-2 grid grid-cols-2 gap-3 lg:col-span-4 lg:grid-cols-4 xl:col-span-4 ${filtersOpen ? '' : 'max-sm:hidden'}`}
        >
          <SelectField label="Status" {...register('status')}>
            <option value="">Any</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Payment" {...register('payment_status')}>
            <option value="">Any</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PAYMENT_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Method" {...register('method')}>
            <option value="">Any</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </SelectField>
          <SelectField label="COD risk" {...register('risk')}>
            <option value="">Any</option>
            {COD_RISKS.map((r) => (
              <option key={r} value={r}>
                {COD_RISK_LABELS[r]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Delivery" {...register('delivery')}>
            <option value="">Any</option>
            {DELIVERY_TYPES.map((d) => (
              <option key={d} value={d}>
                {DELIVERY_TYPE_LABELS[d]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Zone" {...register('zone')}>
            <option value="">Any</option>
            {DELIVERY_ZONES.map((z) => (
              <option key={z} value={z}>
                {ZONE_LABELS[z]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Courier" {...register('courier')}>
            <option value="">Any</option>
            {COURIERS.map((c) => (
              <option key={c} value={c}>
                {COURIER_LABELS[c]}
              </option>
            ))}
          </SelectField>
          <TextField label="Placed from" type="date" {...register('from')} />
          <TextField label="Placed to" type="date" {...register('to')} />
          <SelectField label="Sort by" {...register('sort')}>
            <option value="">Newest first</option>
            <option value="total">Total</option>
          </SelectField>
        </div>
        <div className="col-span-2 flex flex-wrap items-end gap-2 lg:col-span-4 xl:col-span-6">
          <Button type="submit">Filter</Button>
          <Button variant="ghost" onClick={clear}>
            Clear
          </Button>
          <span className="ml-auto flex flex-wrap items-end gap-2 max-sm:w-full">
            <span className="min-w-0 flex-1 sm:w-56">
              <TextField label="Save these filters as" value={viewName} onChange={(e) => setViewName(e.target.value)} maxLength={60} />
            </span>
            <Button variant="secondary" disabled={!viewName.trim()} onClick={() => void saveView()}>
              Save view
            </Button>
          </span>
        </div>
      </form>
      {writer ? (
        <div className="mb-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
          {bookableRows.length ? (
            <label className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                className="size-5 accent-brand"
                checked={selected.length === bookableRows.length}
                onChange={(e) =>
                  setPicked((current) =>
                    toggled(
                      current,
                      bookableRows.map((row) => row.id),
                      e.target.checked,
                    ),
                  )
                }
              />
              Select the {bookableRows.length} {bookableRows.length === 1 ? 'order' : 'orders'} here ready to book
            </label>
          ) : null}
          <span className="text-muted">
            Ready to book:{' '}
            <Link to="?status=confirmed" className={textLinkClass}>
              confirmed
            </Link>
            {' · '}
            <Link to="?status=packed" className={textLinkClass}>
              packed
            </Link>
          </span>
        </div>
      ) : null}
      <DataTable columns={columns} data={list.data} caption="Orders" empty="No order matches these filters." />
      <Pager
        total={list.count}
        capped={list.count_capped}
        rows={list.data.length}
        page={list.page}
        pageSize={list.page_size}
        noun={['order', 'orders']}
        onPage={toPage}
      />
      {barOpen ? (
        <div
          role="region"
          aria-label="Book parcels"
          className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-white/95 px-4 py-3 shadow-lg backdrop-blur lg:left-64"
        >
          <div className="mx-auto max-w-6xl">
            {bookings ? <BookingResults bookings={bookings} onDone={() => setBookings(null)} /> : null}
            {selected.length ? (
              couriers.length ? (
                <div className="flex flex-wrap items-center gap-3">
                  <p className="text-sm font-semibold text-ink" aria-live="polite">
                    {selected.length} selected
                  </p>
                  <div className="w-56">
                    <select
                      aria-label="Courier"
                      className={inputClass}
                      value={courier}
                      onChange={(e) => setCourier(e.target.value as Courier)}
                    >
                      {couriers.map((c) => (
                        <option key={c.courier} value={c.courier}>
                          {c.label}
                          {c.simulated ? ' (simulator)' : ''}
                        </option>
                      ))}
                    </select>
                  </div>
                  <Button onClick={() => void bookSelected()} disabled={booking || !courier}>
                    {booking ? 'Booking…' : 'Book parcels'}
                  </Button>
                  <Button variant="ghost" onClick={() => setPicked(new Set())} disabled={booking}>
                    Clear
                  </Button>
                </div>
              ) : (
                <p className="text-sm text-muted">No courier is set up: set the STEADFAST_*, PATHAO_* or REDX_* keys.</p>
              )
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
