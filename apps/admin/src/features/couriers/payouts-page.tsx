import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { Link, useLoaderData, useNavigate, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import {
  PayoutInputSchema,
  SHIPMENT_STATE_LABELS,
  type CourierBalance,
  type Payout,
  type PayoutsResponse,
  type UnpaidCollection,
} from '@store/shared/admin-couriers';
import { COURIER_LABELS, COURIERS } from '@store/shared/checkout-rules';
import { formatTaka } from '@store/shared/money';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DataTable, listColumns } from '../../components/ui/data-table';
import { SelectField, TextField } from '../../components/ui/field';
import { PageHeader, Section, textLinkClass } from '../../components/ui/page';
import { TakaField } from '../../components/ui/taka-field';
import { api } from '../../lib/api';
import { apiErrorToForm } from '../../lib/forms';

type PayoutsData = PayoutsResponse['data'];

/** The couriers' payouts and the cash each holds (?courier= narrows both to one). */
export async function payoutsLoader({ request }: LoaderFunctionArgs): Promise<PayoutsData> {
  const courier = new URL(request.url).searchParams.get('courier');
  const query = courier && (COURIERS as readonly string[]).includes(courier) ? `?courier=${courier}` : '';
  return (await api.get<PayoutsResponse>(`/couriers/payouts/${query}`, request.signal)).data;
}

/** The form's part of a payout: the courier and the parcels come from the section and its ticks. */
const PayoutFormSchema = PayoutInputSchema.pick({ reference: true, amount: true, paid_on: true, note: true });
type PayoutFormInput = z.input<typeof PayoutFormSchema>;
type PayoutForm = z.output<typeof PayoutFormSchema>;
const FIELDS: readonly Path<PayoutFormInput>[] = ['reference', 'amount', 'paid_on', 'note'];

/** Today in Dhaka as the date field writes it (2026-11-28). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());

const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
/** A calendar date as the shop writes it: 2026-11-28 → 28 Nov 2026. */
const formatDay = (day: string) => dateOnly.format(new Date(`${day}T00:00:00Z`));

/** What was paid against what was due: "৳120 short", "৳30 over" or "Exact". */
function differenceText(difference: number): string {
  if (difference === 0) return 'Exact';
  return `${formatTaka(Math.abs(difference))} ${difference < 0 ? 'short' : 'over'}`;
}

function Difference({ value }: { value: number }) {
  return (
    <span className={`whitespace-nowrap ${value < 0 ? 'font-semibold text-red-700' : value > 0 ? 'text-ink' : 'text-muted'}`}>
      {differenceText(value)}
    </span>
  );
}

type Parcel = UnpaidCollection & { id: number };
const parcelColumn = listColumns<Parcel>();

/** One courier: the parcels whose cash it still holds, ticked into a payout as the courier pays them. */
function CourierCash({ balance, onSaved }: { balance: CourierBalance; onSaved: (payout: Payout) => Promise<void> }) {
  const label = COURIER_LABELS[balance.courier];
  const parcels = useMemo(() => balance.shipments.map((s) => ({ ...s, id: s.shipment_id })), [balance.shipments]);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const selected = parcels.filter((p) => picked.has(p.id));
  const expected = selected.reduce((n, p) => n + p.net, 0);
  const form = useForm<PayoutFormInput, unknown, PayoutForm>({
    resolver: zodResolver(PayoutFormSchema),
    defaultValues: { reference: '', amount: Number.NaN, paid_on: today(), note: '' },
  });
  const errors = form.formState.errors;
  const typed = form.watch('amount');

  const columns = useMemo(
    () =>
      parcelColumn.columns([
        parcelColumn.accessor('invoice', {
          header: 'Order',
          cell: ({ row }) => (
            <div className="flex items-start gap-3">
              <input
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-brand"
                aria-label={`Select parcel ${row.original.consignment_id} of order ${row.original.invoice}`}
                checked={picked.has(row.original.id)}
                onChange={(e) =>
                  setPicked((current) => {
                    const next = new Set(current);
                    if (e.target.checked) next.add(row.original.id);
                    else next.delete(row.original.id);
                    return next;
                  })
                }
              />
              <Link to={`/orders/${row.original.order_id}`} className={`${textLinkClass} whitespace-nowrap`}>
                {row.original.invoice}
              </Link>
            </div>
          ),
        }),
        parcelColumn.accessor('consignment_id', {
          header: 'Consignment',
          cell: ({ row }) => (
            <span className="whitespace-nowrap">
              {row.original.consignment_id}
              {row.original.state !== 'delivered' ? (
                <span className="block text-xs text-muted">{SHIPMENT_STATE_LABELS[row.original.state]}</span>
              ) : null}
            </span>
          ),
        }),
        parcelColumn.accessor('collected_amount', {
          header: 'Collected',
          cell: ({ row }) => formatTaka(row.original.collected_amount),
        }),
        parcelColumn.accessor('delivery_fee', {
          header: 'Fee',
          cell: ({ row }) => (row.original.delivery_fee === null ? '—' : formatTaka(row.original.delivery_fee)),
        }),
        parcelColumn.accessor('net', {
          header: 'Net',
          cell: ({ row }) => <span className="font-medium">{formatTaka(row.original.net)}</span>,
        }),
      ]),
    [picked],
  );

  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      const res = await api.post<{ data: Payout }>('/couriers/payouts/', {
        ...values,
        courier: balance.courier,
        shipment_ids: selected.map((p) => p.id),
      });
      setPicked(new Set());
      form.reset({ reference: '', amount: Number.NaN, paid_on: values.paid_on, note: '' });
      await onSaved(res.data);
    } catch (error) {
      setMessage(apiErrorToForm(error, form.setError, FIELDS));
    }
  });

  return (
    <Section
      title={label}
      description={
        parcels.length
          ? `Holds ${formatTaka(balance.balance)} for ${parcels.length} ${parcels.length === 1 ? 'parcel' : 'parcels'} delivered and not paid out.`
          : 'Holds nothing for the shop: every parcel it collected for is paid out.'
      }
    >
      {parcels.length ? (
        <>
          <label className="mb-3 inline-flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-brand"
              checked={selected.length === parcels.length}
              onChange={(e) => setPicked(new Set(e.target.checked ? parcels.map((p) => p.id) : []))}
            />
            Select all {parcels.length}
          </label>
          <DataTable columns={columns} data={parcels} caption={`Cash ${label} holds`} empty="Nothing held." />
          <form onSubmit={submit} noValidate aria-label={`Record a ${label} payout`} className="mt-4 border-t border-line pt-4">
            <h3 className="text-sm font-semibold text-ink">Record a payout</h3>
            <p className="mt-1 text-sm text-muted">
              {selected.length
                ? `For the ${selected.length} ${selected.length === 1 ? 'parcel' : 'parcels'} ticked.`
                : 'Tick the parcels this payment settles.'}
            </p>
            <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <TextField
                label="Reference"
                hint={`${label}'s payment or invoice number`}
                error={errors.reference?.message}
                {...form.register('reference')}
              />
              <TakaField control={form.control} name="amount" label="Amount paid (৳)" />
              <TextField label="Date paid" type="date" error={errors.paid_on?.message} {...form.register('paid_on')} />
              <TextField label="Note" hint="Optional" error={errors.note?.message} {...form.register('note')} />
            </div>
            <p className="mt-3 rounded-md bg-neutral-50 px-3 py-2 text-sm" data-testid="payout-expected">
              Expected <strong>{formatTaka(expected)}</strong>
              {Number.isFinite(typed) ? (
                <>
                  {' · '}paid {formatTaka(typed)}
                  {' · '}
                  <Difference value={typed - expected} />
                </>
              ) : null}
            </p>
            {message ? (
              <div className="mt-3">
                <Alert>{message}</Alert>
              </div>
            ) : null}
            <div className="mt-3 flex justify-end">
              <Button type="submit" disabled={!selected.length || form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Saving…' : 'Record payout'}
              </Button>
            </div>
          </form>
        </>
      ) : null}
    </Section>
  );
}

const payoutColumn = listColumns<Payout>();

/** Cash on delivery the couriers hold for the shop, and the payments they made for it. */
export function PayoutsPage() {
  const { payouts, unpaid } = useLoaderData<PayoutsData>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [saved, setSaved] = useState<Payout | null>(null);
  const courier = params.get('courier') ?? '';

  async function onSaved(payout: Payout) {
    // The message comes with the lists as they are now: the settled parcels gone, the payout listed.
    await revalidator.revalidate();
    setSaved(payout);
  }

  const columns = useMemo(
    () =>
      payoutColumn.columns([
        payoutColumn.accessor('paid_on', {
          header: 'Paid on',
          cell: ({ row }) => <span className="whitespace-nowrap">{formatDay(row.original.paid_on)}</span>,
        }),
        payoutColumn.accessor('courier', {
          header: 'Courier',
          cell: ({ row }) => (
            <span className="whitespace-nowrap">
              {COURIER_LABELS[row.original.courier]}
              <span className="block text-xs text-muted">
                {row.original.shipment_count} {row.original.shipment_count === 1 ? 'parcel' : 'parcels'}
              </span>
            </span>
          ),
        }),
        payoutColumn.accessor('reference', {
          header: 'Reference',
          cell: ({ row }) => (
            <div className="min-w-0">
              <div className="wrap-anywhere">{row.original.reference}</div>
              {row.original.note ? <div className="text-xs wrap-anywhere text-muted">{row.original.note}</div> : null}
            </div>
          ),
        }),
        payoutColumn.accessor('amount', { header: 'Amount', cell: ({ row }) => formatTaka(row.original.amount) }),
        payoutColumn.accessor('expected', { header: 'Expected', cell: ({ row }) => formatTaka(row.original.expected) }),
        payoutColumn.accessor('difference', {
          header: 'Difference',
          cell: ({ row }) =>
            row.original.difference < 0 ? (
              <Badge tone="waiting" testId="payout-short">
                {differenceText(row.original.difference)}
              </Badge>
            ) : (
              <Difference value={row.original.difference} />
            ),
        }),
      ]),
    [],
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Courier payouts"
        description="The cash on delivery each courier collected and still holds; record each payment it makes against the parcels it settles."
        action={
          <div className="w-48">
            <SelectField
              label="Courier"
              value={courier}
              onChange={(e) => void navigate(e.target.value ? `?courier=${e.target.value}` : '?')}
            >
              <option value="">Every courier</option>
              {COURIERS.map((c) => (
                <option key={c} value={c}>
                  {COURIER_LABELS[c]}
                </option>
              ))}
            </SelectField>
          </div>
        }
      />
      {saved ? (
        <Alert tone="success">
          Recorded {COURIER_LABELS[saved.courier]}'s payout {saved.reference}: {formatTaka(saved.amount)} paid against{' '}
          {formatTaka(saved.expected)} expected — {differenceText(saved.difference)}.
        </Alert>
      ) : null}
      {unpaid.map((balance) => (
        <CourierCash key={balance.courier} balance={balance} onSaved={onSaved} />
      ))}
      <Section
        title="Payouts recorded"
        description="Newest first; a payment short of what its parcels collected less their fees is marked."
      >
        <DataTable columns={columns} data={payouts} caption="Payouts recorded" empty="No payout recorded yet." />
      </Section>
    </div>
  );
}
