import { useState, type KeyboardEvent } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  DiscountPercentSchema,
  PriceSchema,
  StockSchema,
  bulkMessages,
  type AdminCatalogOptions,
  type AdminVariantListResponse,
  type AdminVariantRow,
} from '@store/shared/admin-catalog';
import { DEPARTMENT_KEYS } from '@store/shared/constants';
import { discountedPrice, formatTaka } from '@store/shared/money';
import { useUrlFilterForm } from '../../../lib/list-filters';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField, inputClass } from '../../../components/ui/field';
import { PageHeader, textLinkClass } from '../../../components/ui/page';
import { ApiError, api } from '../../../lib/api';
import { DEPARTMENT_LABELS, departmentFromParam, departmentParam } from '../../../lib/departments';
import { errorMessage } from '../../../lib/forms';
import { useLeaveGuard } from '../../content/leave-guard';
import { Pager } from '../../../components/ui/pager';

const FILTERS = ['q', 'brand_id', 'department'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
type BulkData = { list: AdminVariantListResponse; options: AdminCatalogOptions };

export async function bulkLoader({ request }: LoaderFunctionArgs): Promise<BulkData> {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const key of ['q', 'brand_id', 'page']) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  const department = departmentFromParam(url.searchParams.get('department'));
  if (department !== null) query.set('department', department);
  const [list, options] = await Promise.all([
    api.get<AdminVariantListResponse>(`/catalog/variants/?${query}`, request.signal),
    api.get<{ data: AdminCatalogOptions }>('/catalog/options/', request.signal).then((r) => r.data),
  ]);
  return { list, options };
}

type Column = 'price' | 'discount' | 'stock';
const COLUMNS: Column[] = ['price', 'discount', 'stock'];
/** What a cell shows: taka for the price, the number for the others. */
const shown = (row: AdminVariantRow, column: Column) => String(column === 'price' ? row[column] / 100 : row[column]);

/** A typed cell as the API's value and the shared schema's message when it is wrong. */
function read(column: Column, text: string): { value: number; error: string | null } {
  const n = text.trim() === '' ? Number.NaN : Number(text);
  const value = column === 'price' ? Math.round(n * 100) : n;
  const schema = column === 'price' ? PriceSchema : column === 'discount' ? DiscountPercentSchema : StockSchema;
  const parsed = schema.safeParse(value);
  return { value, error: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid') };
}

type Edits = Record<number, Partial<Record<Column, string>>>;

/**
 * The bulk editor: a page of variants as a sheet of prices, discounts and stock. Changed cells are
 * marked; *Save changes* sends them all at once (all or none). Up and down arrows and Enter move
 * through a column as in a spreadsheet.
 */
export function BulkEditorPage() {
  const { list, options } = useLoaderData<BulkData>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [edits, setEdits] = useState<Edits>({});
  const [serverErrors, setServerErrors] = useState<Record<number, string>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const current = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])) as Filters;
  const { register, handleSubmit } = useUrlFilterForm<Filters>(current);

  const changed = list.data.flatMap((row) => {
    const cells = edits[row.id];
    if (!cells) return [];
    const diff = COLUMNS.filter((c) => cells[c] !== undefined && cells[c] !== shown(row, c));
    return diff.length ? [{ row, diff }] : [];
  });
  const invalid = changed.some(({ row, diff }) => diff.some((c) => read(c, edits[row.id]![c]!).error));
  const guard = useLeaveGuard(changed.length > 0);

  const go = (filters: Filters, page = 1) => {
    const next = new URLSearchParams();
    for (const key of FILTERS) if (filters[key]) next.set(key, filters[key]);
    if (page > 1) next.set('page', String(page));
    return navigate(`?${next}`);
  };

  async function save() {
    setNotice(null);
    setServerErrors({});
    setSaving(true);
    try {
      const changes = changed.map(({ row, diff }) => ({
        id: row.id,
        loaded: { price: row.price, discount: row.discount, stock: row.stock },
        ...Object.fromEntries(diff.map((c) => [c, read(c, edits[row.id]![c]!).value])),
      }));
      const { data } = await api.patch<{ data: AdminVariantRow[] }>('/catalog/variants/', { changes });
      setEdits({});
      setNotice({ tone: 'success', text: bulkMessages.saved(data.length) });
      await revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) {
        const byRow: Record<number, string> = {};
        for (const [path, message] of Object.entries(error.fields)) {
          const index = Number(/^changes\.(\d+)/.exec(path)?.[1]);
          const change = changed[index];
          if (change) byRow[change.row.id] = message;
        }
        setServerErrors(byRow);
        setNotice({ tone: 'error', text: 'Nothing was saved: see the marked rows.' });
      } else setNotice({ tone: 'error', text: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  const move = (event: KeyboardEvent<HTMLInputElement>, rowIndex: number, column: Column) => {
    const step = event.key === 'ArrowDown' || event.key === 'Enter' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    document.querySelector<HTMLInputElement>(`[data-cell="${rowIndex + step}-${column}"]`)?.focus();
  };

  return (
    <div className="pb-24">
      <PageHeader
        title="Bulk editor"
        description="Prices, discounts and stock of many variants at once. Stock moves by the difference you type, so sales made meanwhile are kept."
        action={
          <Link to="/catalog/products" className={textLinkClass}>
            All products
          </Link>
        }
      />
      <form
        onSubmit={handleSubmit((filters) => go(filters))}
        aria-label="Filter the variants"
        className="mb-4 grid gap-3 rounded-lg border border-line bg-white p-4 shadow-xs sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
      >
        <TextField label="Search" type="search" placeholder="Name, brand, tag or SKU" {...register('q')} />
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
        <div className="flex items-end">
          <Button type="submit" disabled={changed.length > 0} title={changed.length ? 'Save or discard your changes first' : undefined}>
            Filter
          </Button>
        </div>
      </form>

      <div className="rounded-lg border border-line bg-white shadow-xs" role="group" aria-label="Variants">
        <div className="hidden grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_7rem_6rem_6rem] gap-3 border-b border-line bg-neutral-50 px-3 py-2.5 text-xs font-semibold tracking-wide text-muted uppercase md:grid">
          <span>Product</span>
          <span>Variant</span>
          <span>Price (taka)</span>
          <span>Discount %</span>
          <span>Stock</span>
        </div>
        {list.data.length === 0 ? <p className="px-3 py-8 text-center text-sm text-muted">No variant matches these filters.</p> : null}
        <ol className="divide-y divide-line">
          {list.data.map((row, rowIndex) => {
            const cells = edits[row.id] ?? {};
            const rowError = serverErrors[row.id];
            const price = cells.price !== undefined ? read('price', cells.price).value : row.price;
            const discount = cells.discount !== undefined ? read('discount', cells.discount).value : row.discount;
            return (
              <li
                key={row.id}
                data-testid="bulk-row"
                className={`grid grid-cols-3 gap-x-3 gap-y-2 px-3 py-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_7rem_6rem_6rem] md:items-center ${rowError ? 'bg-red-50' : ''}`}
              >
                <div className="col-span-3 min-w-0 md:col-span-1">
                  <Link to={`/catalog/products/${row.product_id}`} className={textLinkClass}>
                    {row.product}
                  </Link>
                  <div className="text-xs text-muted">{row.brand}</div>
                </div>
                <div className="col-span-3 min-w-0 text-sm md:col-span-1">
                  <span className="text-ink">{row.title}</span> <span className="font-mono text-xs break-all text-muted">{row.sku}</span>
                  {Number.isFinite(price) && Number.isFinite(discount) ? (
                    <div className="text-xs text-muted">Shoppers pay {formatTaka(discountedPrice(price, discount))}</div>
                  ) : null}
                </div>
                {COLUMNS.map((column) => {
                  const text = cells[column] ?? shown(row, column);
                  const dirty = text !== shown(row, column);
                  const error = dirty ? read(column, text).error : null;
                  const label = { price: 'Price (taka)', discount: 'Discount %', stock: 'Stock' }[column];
                  return (
                    <label key={column} className="min-w-0 space-y-1">
                      <span className="block text-xs font-medium text-muted md:sr-only">{label}</span>
                      <input
                        className={`${inputClass} tabular-nums ${dirty ? 'bg-amber-50' : ''}`}
                        inputMode="numeric"
                        aria-label={`${label} of ${row.sku}`}
                        aria-invalid={error ? true : undefined}
                        title={error ?? undefined}
                        data-cell={`${rowIndex}-${column}`}
                        value={text}
                        onChange={(event) => setEdits((all) => ({ ...all, [row.id]: { ...all[row.id], [column]: event.target.value } }))}
                        onKeyDown={(event) => move(event, rowIndex, column)}
                      />
                      {error ? <span className="block text-xs text-red-700">{error}</span> : null}
                    </label>
                  );
                })}
                {rowError ? (
                  <p className="col-span-3 text-sm text-red-700 md:col-span-5" role="alert">
                    {rowError}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      </div>
      <Pager
        total={list.count}
        capped={list.count_capped}
        rows={list.data.length}
        page={list.page}
        pageSize={list.page_size}
        noun={['variant', 'variants']}
        onPage={(n) => void go(current, n)}
        disabled={changed.length > 0}
      />

      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-white/95 px-4 py-3 shadow-lg backdrop-blur lg:left-64">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink" aria-live="polite">
            {changed.length
              ? `${changed.length} ${changed.length === 1 ? 'variant' : 'variants'} changed${invalid ? ': fix the marked cells' : ''}`
              : 'No changes'}
          </p>
          <div className="flex gap-2">
            <Button
              variant="ghost"
              disabled={!changed.length || saving}
              onClick={() => {
                setEdits({});
                setServerErrors({});
                setNotice(null);
              }}
            >
              Discard
            </Button>
            <Button disabled={!changed.length || invalid || saving} onClick={() => void save()}>
              {saving ? 'Saving…' : 'Save changes'}
            </Button>
          </div>
        </div>
        {notice ? (
          <div className="mx-auto mt-2 max-w-6xl">
            <Alert tone={notice.tone}>{notice.text}</Alert>
          </div>
        ) : null}
      </div>
      {guard.dialog}
    </div>
  );
}
