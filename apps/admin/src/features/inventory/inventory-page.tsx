import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useLoaderData, useNavigate, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  ADJUSTMENT_KINDS,
  ADJUSTMENT_KIND_LABELS,
  ADJUSTMENT_REASONS,
  ADJUSTMENT_REASON_LABELS,
  AdjustmentInputSchema,
  type Adjustment,
  type AdjustmentInput,
  type AdjustmentResult,
  type InventoryAdjustment,
  type InventoryPage as InventoryPageData,
  type InventoryVariant,
} from '@store/shared/admin-inventory';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { DataTable, listColumns } from '../../components/ui/data-table';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { apiErrorToForm, errorMessage } from '../../lib/forms';
import { Pager } from '../../components/ui/pager';

/** The page of variants the URL asks for (?q=, ?low=true, ?page=). */
export async function inventoryLoader({ request }: LoaderFunctionArgs): Promise<InventoryPageData> {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const key of ['q', 'low', 'page']) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  return api.get<InventoryPageData>(`/inventory/variants/?${query}`, request.signal);
}

const FIELDS: readonly Path<AdjustmentInput>[] = ['variant_id', 'kind', 'quantity', 'reason', 'note'];

/** What the count becomes, or null while the quantity is not a whole number. */
function newCount(stock: number, kind: AdjustmentInput['kind'], quantity: unknown): number | null {
  if (typeof quantity !== 'number' || !Number.isInteger(quantity)) return null;
  return kind === 'set' ? quantity : stock + quantity;
}

const variantName = (v: InventoryVariant) => `${v.product_name} – ${v.title}`;

function AdjustDialog({
  variant,
  onClose,
  onSaved,
}: {
  variant: InventoryVariant;
  onClose: () => void;
  onSaved: (result: AdjustmentResult) => void;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<AdjustmentInput, unknown, Adjustment>({
    resolver: zodResolver(AdjustmentInputSchema),
    defaultValues: { variant_id: variant.id, kind: 'add', quantity: undefined, reason: 'received', note: '' },
  });
  const errors = form.formState.errors;
  const kind = form.watch('kind');
  const after = newCount(variant.stock, kind, form.watch('quantity'));
  const close = () => {
    if (form.formState.isDirty && !window.confirm('Discard this adjustment?')) return;
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      onSaved((await api.post<{ data: AdjustmentResult }>('/inventory/adjustments/', values)).data);
    } catch (error) {
      setMessage(apiErrorToForm(error, form.setError, FIELDS));
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title={`Adjust stock: ${variantName(variant)}`}
      description={`SKU ${variant.sku} · ${variant.stock} in stock now`}
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Stock adjustment">
        <div className="grid grid-cols-2 gap-3">
          <SelectField label="Change" error={errors.kind?.message} {...form.register('kind')}>
            {ADJUSTMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {ADJUSTMENT_KIND_LABELS[k]}
              </option>
            ))}
          </SelectField>
          <TextField
            label={kind === 'set' ? 'Count' : 'Quantity (+/−)'}
            type="number"
            inputMode="numeric"
            step={1}
            placeholder={kind === 'set' ? '24' : '+12 or -2'}
            error={errors.quantity?.message}
            {...form.register('quantity', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
          />
        </div>
        <SelectField label="Reason" error={errors.reason?.message} {...form.register('reason')}>
          {ADJUSTMENT_REASONS.map((r) => (
            <option key={r} value={r}>
              {ADJUSTMENT_REASON_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Note"
          rows={2}
          hint="Optional: the delivery, the count, what happened."
          error={errors.note?.message}
          {...form.register('note')}
        />
        <p className="rounded-md bg-neutral-50 px-3 py-2 text-sm" data-testid="new-count">
          {variant.stock} →{' '}
          {after === null ? (
            <span className="text-muted">…</span>
          ) : (
            <strong className={after < 0 ? 'text-red-700' : 'text-ink'}>{after}</strong>
          )}{' '}
          <span className="text-muted">in stock after this change</span>
        </p>
        {message ? <Alert>{message}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Save adjustment
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function HistoryDialog({ variant, onClose }: { variant: InventoryVariant; onClose: () => void }) {
  const [rows, setRows] = useState<InventoryAdjustment[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.get<{ data: InventoryAdjustment[]; meta: { total: number } }>(`/inventory/variants/${variant.id}/history/`, controller.signal).then(
      (res) => {
        setRows(res.data);
        setTotal(res.meta.total);
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(e));
      },
    );
    return () => controller.abort();
  }, [variant.id]);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Stock history: ${variantName(variant)}`}
      description="Adjustments made by staff, newest first. Orders taking stock and cancellations giving it back are not listed here."
    >
      {error ? <Alert>{error}</Alert> : null}
      {rows === null && !error ? <p className="text-sm text-muted">Loading…</p> : null}
      {rows?.length === 0 ? <p className="text-sm text-muted">No adjustments yet.</p> : null}
      {rows?.length ? (
        <ol className="divide-y divide-line text-sm" aria-label="Adjustments">
          {rows.map((r) => (
            <li key={r.id} className="py-2.5" data-testid="history-item">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-semibold">
                  {r.before} → {r.after}{' '}
                  <span className="font-normal text-muted">
                    ({r.kind === 'set' ? 'set' : r.quantity > 0 ? `+${r.quantity}` : r.quantity})
                  </span>
                </span>
                <span className="text-xs text-muted">{formatDateTime(r.created_at)}</span>
              </div>
              <div>
                {ADJUSTMENT_REASON_LABELS[r.reason]} · {r.staff?.name ?? 'A former member'}
              </div>
              {r.note ? <p className="wrap-anywhere text-muted">{r.note}</p> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {rows && total > rows.length ? (
        <p className="mt-2 text-xs text-muted">
          The latest {rows.length} of {total}.
        </p>
      ) : null}
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}

type Open = { what: 'adjust' | 'history'; variant: InventoryVariant } | null;

/** Stock per variant: search, the low-stock list, adjustments with a reason, and each variant's history. */
export function InventoryPage() {
  const page = useLoaderData<InventoryPageData>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [q, setQ] = useState(params.get('q') ?? '');
  const low = params.get('low') === 'true';

  const go = (next: { q?: string; low?: boolean; page?: number }) => {
    const search = new URLSearchParams();
    const query = next.q ?? params.get('q') ?? '';
    if (query) search.set('q', query);
    if (next.low ?? low) search.set('low', 'true');
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setNotice(null);
    return navigate(`?${search}`);
  };

  // setOpen is stable: the columns are made once.
  const columns = useMemo(() => {
    const column = listColumns<InventoryVariant>();
    return column.columns([
      column.accessor('product_name', {
        header: 'Product',
        cell: ({ row }) => (
          <span>
            <span className="font-medium">{row.original.product_name}</span>
            <span className="block text-xs text-muted">{row.original.title}</span>
          </span>
        ),
      }),
      column.accessor('sku', { header: 'SKU', cell: ({ getValue }) => <span className="font-mono text-xs">{getValue()}</span> }),
      column.accessor('stock', {
        header: 'Stock',
        cell: ({ row }) => (
          <span className="inline-flex items-center gap-2 whitespace-nowrap">
            <strong className={row.original.stock === 0 ? 'text-red-700' : undefined}>{row.original.stock}</strong>
            {row.original.stock === 0 ? (
              <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs text-red-800">Sold out</span>
            ) : row.original.low ? (
              <span className="rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-900">Low</span>
            ) : null}
          </span>
        ),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass('secondary', 'min-h-8 px-3')}
              aria-label={`Adjust the stock of ${variantName(row.original)}`}
              onClick={() => setOpen({ what: 'adjust', variant: row.original })}
            >
              Adjust
            </button>
            <button
              type="button"
              className={buttonClass('ghost', 'min-h-8 px-3')}
              aria-label={`Stock history of ${variantName(row.original)}`}
              onClick={() => setOpen({ what: 'history', variant: row.original })}
            >
              History
            </button>
          </span>
        ),
      }),
    ]);
  }, []);

  return (
    <div>
      <PageHeader
        title="Inventory"
        description={`Stock of every variant. Low stock means ${page.meta.threshold} or fewer left (the stock warning threshold in Settings).`}
      />
      <form
        role="search"
        aria-label="Find variants"
        className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-line bg-white p-4 shadow-xs"
        onSubmit={(e) => {
          e.preventDefault();
          void go({ q: q.trim() });
        }}
      >
        <div className="min-w-0 flex-1 basis-56">
          <TextField label="Search" placeholder="Product name or SKU" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
        </div>
        <label className="flex min-h-10 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-brand"
            checked={low}
            onChange={(e) => void go({ q: q.trim(), low: e.target.checked })}
          />
          Low stock
        </label>
        <Button type="submit">Search</Button>
      </form>
      {notice ? (
        <div className="mb-4">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}
      <DataTable
        columns={columns}
        data={page.data}
        caption="Variants and their stock"
        empty={low ? 'No variant is low on stock.' : 'No variant matches this search.'}
      />
      <Pager
        total={page.meta.total}
        page={page.meta.page}
        pageSize={page.meta.page_size}
        noun={['variant', 'variants']}
        onPage={(n) => void go({ page: n })}
      />
      {open?.what === 'adjust' ? (
        <AdjustDialog
          variant={open.variant}
          onClose={() => setOpen(null)}
          onSaved={(result) => {
            setOpen(null);
            const told = result.notified
              ? ` ${result.notified} ${result.notified === 1 ? 'shopper was' : 'shoppers were'} told it is back in stock.`
              : '';
            setNotice(`${variantName(result.variant)}: ${result.adjustment.before} → ${result.adjustment.after} in stock.${told}`);
            void revalidator.revalidate();
          }}
        />
      ) : null}
      {open?.what === 'history' ? <HistoryDialog variant={open.variant} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
