import { useState, type ReactNode } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import {
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  CANCEL_REASON_LABELS,
  CANCEL_REASONS,
  DELIVERY_TYPE_LABELS,
  ORDER_NOTE_MAX,
  type AdminOrderDetail,
  type AdminOrderEvent,
  type CallOutcome,
  type CancelReason,
  type CodRecord,
} from '@store/shared/admin-orders';
import { can } from '@store/shared/admin';
import type { AddressSnapshot } from '@store/shared/checkout';
import {
  COURIER_LABELS,
  courierTrackingUrl,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  ZONE_LABELS,
  type OrderStatus,
} from '@store/shared/checkout-rules';
import { formatTaka, groupIndian } from '@store/shared/money';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { NoteForm } from '../../components/ui/note-form';
import { PageHeader, Section, textLinkClass } from '../../components/ui/page';
import { api, type ApiError } from '../../lib/api';
import { download } from '../../lib/download';
import { formatDateTime } from '../../lib/format';
import { errorMessage, fieldsText } from '../../lib/forms';
import { useMe } from '../../lib/me';
import { OrderStatusBadge, PaymentBadge, RiskBadge } from './order-badges';
import { OrderLinesEditor } from './order-lines-editor';
import { OrderPayments } from './order-payments';
import { OrderShipping } from './order-shipping';
import { OrderRefunds } from './order-refunds';

export async function orderLoader({ params, request }: LoaderFunctionArgs): Promise<AdminOrderDetail> {
  return (await api.get<{ data: AdminOrderDetail }>(`/orders/${params.id}/`, request.signal)).data;
}

const words = (status: string) => status.replaceAll('_', ' ');

/** Who did it: a member of staff by name; otherwise the shopper placed it and the rest came by itself (a gateway, a courier, a timer). */
const actor = (e: AdminOrderEvent) => e.staff ?? (e.kind === 'order' && e.to === 'placed' ? 'the shopper' : 'automatic');

/** The line of the timeline in words: what moved, or what someone did. */
function eventText(e: AdminOrderEvent): string {
  switch (e.kind) {
    case 'order':
      return `Order ${e.from ? `${ORDER_STATUS_LABELS[e.from as OrderStatus] ?? e.from} → ` : ''}${ORDER_STATUS_LABELS[e.to as OrderStatus] ?? e.to}`;
    case 'payment':
      return `Payment: ${e.from ? `${words(e.from)} → ` : ''}${words(e.to)}`;
    case 'call':
      return `Called the customer: ${CALL_OUTCOME_LABELS[e.to as CallOutcome] ?? e.to}`;
    case 'note':
      return 'Note';
    case 'edit':
      return e.to === 'address' ? 'Delivery address changed' : `Edited: ${e.to}`;
    case 'message':
      return `Shopper told: ${ORDER_STATUS_LABELS[e.to as OrderStatus] ?? e.to}`;
    case 'courier':
      return `Courier: ${e.to.replaceAll('_', ' ')}`;
    case 'refund':
      return `Refund ${e.to}`;
  }
}

/** A phone's record in this shop: its risk band and the figures behind it. */
function CodRecordBlock({ title, record, testId }: { title: string; record: CodRecord; testId: string }) {
  return (
    <div className="mt-3 border-t border-line pt-3 text-sm" data-testid={testId}>
      <div className="flex items-center gap-2">
        <span className="font-medium">{title}</span> <RiskBadge risk={record.risk} />
      </div>
      <p className="mt-1 text-muted">
        {record.delivered} delivered · {record.returned} returned or refused · {record.cancelled} cancelled after confirming
      </p>
    </div>
  );
}

function Timeline({ events }: { events: AdminOrderEvent[] }) {
  return (
    <ol className="space-y-3" aria-label="Timeline">
      {[...events].reverse().map((e) => (
        <li key={e.id} className="border-l-2 border-line pl-3" data-testid="timeline-event">
          <div className="text-sm font-medium text-ink">{eventText(e)}</div>
          {e.reason && e.kind !== 'order' && e.kind !== 'payment' ? (
            <p className="text-sm whitespace-pre-line text-ink wrap-anywhere">{e.reason}</p>
          ) : e.reason ? (
            <p className="text-xs text-muted">{e.reason}</p>
          ) : null}
          <div className="text-xs text-muted">
            {formatDateTime(e.at)} · {actor(e)}
          </div>
        </li>
      ))}
    </ol>
  );
}

function AddressBlock({ address }: { address: AddressSnapshot }) {
  return (
    <address className="text-sm not-italic wrap-anywhere">
      <div className="font-medium">{address.name}</div>
      <div>{address.phone}</div>
      {address.company ? <div>{address.company}</div> : null}
      <div>{address.address_detail}</div>
      <div>
        {address.area}, {address.location}, {address.division}
      </div>
      {address.additional_info ? <div className="text-muted">{address.additional_info}</div> : null}
      <div className="text-xs text-muted">{ZONE_LABELS[address.zone]}</div>
    </address>
  );
}

/** A dialog with a form and its error, closed and the order reloaded once the action went through. */
function ActionDialog({
  open,
  onOpenChange,
  title,
  description,
  submit,
  submitLabel,
  danger,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  submit: () => Promise<void>;
  submitLabel: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} {...(description ? { description } : {})}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setError(null);
          submit()
            .then(() => onOpenChange(false))
            .catch((e: unknown) => setError(e instanceof Error ? e : new Error(String(e))))
            .finally(() => setBusy(false));
        }}
      >
        {children}
        {error ? <Alert>{fieldsText(error)}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

type Dialogs = 'call' | 'cancel' | 'address' | 'lines' | null;

/** One order: everything about it, and what staff may do next. */
export function OrderDetailPage() {
  const order = useLoaderData<AdminOrderDetail>();
  const me = useMe();
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [outcome, setOutcome] = useState<CallOutcome>('confirmed');
  const [callNote, setCallNote] = useState('');
  const [reason, setReason] = useState<CancelReason>('customer_asked');
  const [cancelNote, setCancelNote] = useState('');
  const [address, setAddress] = useState<AddressSnapshot | null>(order.shipping_address);
  const writer = can(me.role, 'orders.write');
  const reload = () => revalidator.revalidate();

  /** A step on the order; the answer or its refusal in the notice above the order. */
  async function step(path: string, done: string, body: object = {}) {
    setNotice(null);
    try {
      await api.post(`/orders/${order.id}/${path}/`, { revision: order.revision, ...body });
      setNotice({ tone: 'success', text: done });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    }
    await reload();
  }

  const open = ['placed', 'confirmed', 'packed'].includes(order.status);
  // A bKash or card order is confirmed by its payment: until it is paid, staff may only cancel it.
  const awaitingPayment =
    (order.payment_method === 'bkash' || order.payment_method === 'card') &&
    order.payment_status !== 'paid' &&
    order.payment_status !== 'partially_refunded';
  const pickup = order.delivery_type === 'pickup';

  return (
    <div>
      <Link to="/orders" className={textLinkClass}>
        ← All orders
      </Link>
      <PageHeader
        title={`Order ${order.number}`}
        description={`Placed ${formatDateTime(order.created_at)} · ${PAYMENT_METHOD_LABELS[order.payment_method]} · ${DELIVERY_TYPE_LABELS[order.delivery_type]}`}
        action={
          <div className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={order.status} />
            <PaymentBadge status={order.payment_status} />
            {(
              [
                ['invoice', 'Invoice (PDF)'],
                ['packing-slip', 'Packing slip (PDF)'],
              ] as const
            ).map(([doc, label]) => (
              <Button
                key={doc}
                variant="secondary"
                onClick={() =>
                  void download(`/orders/${order.id}/${doc}/`, `${doc}-${order.number}.pdf`).catch((error: unknown) =>
                    setNotice({ tone: 'error', text: errorMessage(error) }),
                  )
                }
              >
                {label}
              </Button>
            ))}
          </div>
        }
      />
      {notice ? (
        <div className="mb-4">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      ) : null}
      {writer && open ? (
        <div className="mb-4 flex flex-wrap gap-2" aria-label="Order actions" role="toolbar">
          {order.status === 'placed' && awaitingPayment ? (
            <p className="self-center text-sm text-muted">Waiting for the {PAYMENT_METHOD_LABELS[order.payment_method]} payment.</p>
          ) : null}
          {order.status === 'placed' && !awaitingPayment ? (
            <>
              <Button onClick={() => setDialog('call')}>Record a call</Button>
              <Button variant="secondary" onClick={() => void step('confirm', 'The order is confirmed.')}>
                Confirm
              </Button>
            </>
          ) : null}
          {order.status === 'confirmed' ? <Button onClick={() => void step('pack', 'The order is packed.')}>Mark packed</Button> : null}
          {order.status === 'packed' && pickup ? (
            <Button onClick={() => void step('hand-over', 'Handed over to the customer.')}>Handed over at the store</Button>
          ) : null}
          {order.shipping_address ? (
            <Button variant="secondary" onClick={() => setDialog('address')}>
              Change address
            </Button>
          ) : null}
          {order.payment_status === 'pending' || order.payment_status === 'failed' ? (
            <Button variant="secondary" onClick={() => setDialog('lines')}>
              Change items
            </Button>
          ) : null}
          <Button variant="danger" onClick={() => setDialog('cancel')}>
            Cancel order
          </Button>
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Section title="Items">
            <ul className="divide-y divide-line">
              {order.lines.map((l) => (
                <li key={l.id} className="flex gap-3 py-3 first:pt-0">
                  {l.image ? (
                    <img src={l.image.url} alt="" className="size-12 shrink-0 rounded border border-line object-cover" />
                  ) : (
                    <span className="size-12 shrink-0 rounded border border-dashed border-line" aria-hidden="true" />
                  )}
                  <div className="min-w-0 flex-1">
                    <div className="font-medium wrap-anywhere">{l.product_title}</div>
                    <div className="text-xs text-muted">
                      {l.variant_title} · SKU {l.sku}
                    </div>
                    <div className="text-sm">
                      {l.quantity} × {formatTaka(l.discounted_price)}
                      {l.discounted_price < l.price ? <s className="ml-1 text-xs text-muted">{formatTaka(l.price)}</s> : null}
                    </div>
                  </div>
                  <div className="text-sm font-medium whitespace-nowrap">{l.gift ? 'Free gift' : formatTaka(l.line_price)}</div>
                </li>
              ))}
            </ul>
            <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-line pt-3 text-sm">
              <dt>Subtotal</dt>
              <dd className="text-right">{formatTaka(order.subtotal)}</dd>
              {order.rebate ? (
                <>
                  <dt>Privilege rebate</dt>
                  <dd className="text-right">−{formatTaka(order.rebate)}</dd>
                </>
              ) : null}
              {order.discount ? (
                <>
                  <dt>Discount{order.coupon_code ? ` (${order.coupon_code})` : ''}</dt>
                  <dd className="text-right">−{formatTaka(order.discount)}</dd>
                </>
              ) : null}
              {order.referral_discount ? (
                <>
                  <dt>Referral discount</dt>
                  <dd className="text-right">−{formatTaka(order.referral_discount)}</dd>
                </>
              ) : null}
              {order.points_discount ? (
                <>
                  <dt>Points ({groupIndian(order.points_redeemed)})</dt>
                  <dd className="text-right">−{formatTaka(order.points_discount)}</dd>
                </>
              ) : null}
              <dt>Delivery</dt>
              <dd className="text-right">{order.shipping ? formatTaka(order.shipping) : 'Free'}</dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold">{formatTaka(order.total)}</dd>
              {order.points_earned ? (
                // Points, not money: under the total, apart from the lines that add up to it.
                <>
                  <dt className="text-muted">Points earned</dt>
                  <dd className="text-right text-muted">+{groupIndian(order.points_earned)}</dd>
                </>
              ) : null}
              {order.cod_deposit ? (
                <>
                  <dt data-testid="order-deposit">
                    Delivery fee by bKash first
                    <span className="ml-1 text-xs text-muted">
                      {['pending', 'failed', 'voided'].includes(order.payment_status) ? '(not paid yet)' : '(paid)'}
                    </span>
                  </dt>
                  <dd className="text-right">{formatTaka(order.cod_deposit)}</dd>
                  <dt>Courier collects</dt>
                  <dd className="text-right">{formatTaka(order.total - order.cod_deposit)}</dd>
                </>
              ) : null}
              {order.refunded_amount ? (
                <>
                  <dt>Refunded</dt>
                  <dd className="text-right">−{formatTaka(order.refunded_amount)}</dd>
                </>
              ) : null}
            </dl>
            {order.note ? <p className="mt-3 rounded-md bg-brand-soft p-2 text-sm">Shopper’s note: {order.note}</p> : null}
          </Section>

          <OrderPayments order={order} />
          <OrderShipping order={order} writer={writer} onChange={reload} />
          <OrderRefunds order={order} refunder={can(me.role, 'orders.refund')} onChange={reload} />

          <Section title="Timeline" description="Every step, payment, call, message, courier update and note, with who did it.">
            {writer ? (
              <NoteForm
                path={`/orders/${order.id}/notes/`}
                maxLength={ORDER_NOTE_MAX}
                onDone={reload}
                onError={(text) => setNotice(text ? { tone: 'error', text } : null)}
              />
            ) : null}
            <Timeline events={order.timeline} />
          </Section>
        </div>

        {/* On a phone the customer and the address come first: the call and the parcel need them. */}
        <div className="space-y-4 max-lg:order-first">
          <Section title="Customer">
            <div className="text-sm wrap-anywhere">
              <div className="font-medium">{order.contact.name || order.shipping_address?.name || '—'}</div>
              {order.contact.phone ? (
                <a href={`tel:${order.contact.phone}`} className={textLinkClass}>
                  {order.contact.phone}
                </a>
              ) : null}
              {order.contact.email ? <div>{order.contact.email}</div> : null}
              <div className="mt-1 text-xs text-muted">
                {order.guest || order.customer_id === null ? (
                  'Guest checkout'
                ) : (
                  <Link to={`/customers/${order.customer_id}`} className={textLinkClass}>
                    Customer #{order.customer_id}
                  </Link>
                )}
              </div>
            </div>
            <CodRecordBlock title="COD record" record={order.cod_record} testId="cod-record" />
          </Section>
          {order.shipping_address ? (
            <Section title="Delivery address">
              <AddressBlock address={order.shipping_address} />
              {order.address_cod_record ? (
                <CodRecordBlock title="This phone’s COD record" record={order.address_cod_record} testId="address-cod-record" />
              ) : null}
            </Section>
          ) : order.store_location ? (
            <Section title="Pickup at">
              <div className="text-sm">
                <div className="font-medium">{order.store_location.name}</div>
                <div>{order.store_location.address}</div>
                <div className="text-muted">{order.store_location.hours}</div>
              </div>
            </Section>
          ) : null}
          {order.billing_address ? (
            <Section title="Billing address">
              <AddressBlock address={order.billing_address} />
            </Section>
          ) : null}
          {order.courier && order.tracking_code ? (
            <Section title="Parcel">
              <p className="text-sm">
                {COURIER_LABELS[order.courier]} · consignment {order.consignment_id}
                <br />
                <a href={courierTrackingUrl(order.courier, order.tracking_code)} target="_blank" rel="noreferrer" className={textLinkClass}>
                  Track {order.tracking_code}
                </a>
              </p>
            </Section>
          ) : null}
        </div>
      </div>

      <ActionDialog
        open={dialog === 'call'}
        onOpenChange={(o) => setDialog(o ? 'call' : null)}
        title="Record a call"
        description="Call the customer to confirm a cash-on-delivery order, then say what it came to."
        submitLabel="Save"
        submit={async () => {
          await api.post(`/orders/${order.id}/call/`, { revision: order.revision, outcome, note: callNote });
          setCallNote('');
          setNotice({ tone: 'success', text: outcome === 'confirmed' ? 'The order is confirmed.' : 'The call is on the timeline.' });
          await reload();
        }}
      >
        <SelectField label="What the call came to" value={outcome} onChange={(e) => setOutcome(e.target.value as CallOutcome)}>
          {CALL_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {CALL_OUTCOME_LABELS[o]}
            </option>
          ))}
        </SelectField>
        <TextAreaField label="Note (optional)" rows={2} value={callNote} onChange={(e) => setCallNote(e.target.value)} maxLength={2000} />
      </ActionDialog>

      <ActionDialog
        open={dialog === 'cancel'}
        onOpenChange={(o) => setDialog(o ? 'cancel' : null)}
        title={`Cancel order ${order.number}`}
        description={
          order.payment_status === 'paid'
            ? 'Its items go back on the shelf, its coupon use is released, and what was paid online is refunded.'
            : 'Its items go back on the shelf and its coupon use is released. The customer gets an SMS.'
        }
        submitLabel="Cancel order"
        danger
        submit={async () => {
          await api.post(`/orders/${order.id}/cancel/`, { revision: order.revision, reason, note: cancelNote });
          setNotice({ tone: 'success', text: 'The order is cancelled.' });
          await reload();
        }}
      >
        <SelectField label="Reason" value={reason} onChange={(e) => setReason(e.target.value as CancelReason)}>
          {CANCEL_REASONS.map((r) => (
            <option key={r} value={r}>
              {CANCEL_REASON_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={reason === 'other' ? 'Why' : 'Note (optional)'}
          rows={2}
          value={cancelNote}
          onChange={(e) => setCancelNote(e.target.value)}
          maxLength={2000}
        />
      </ActionDialog>

      <OrderLinesEditor
        order={order}
        open={dialog === 'lines'}
        onOpenChange={(o) => setDialog(o ? 'lines' : null)}
        onSaved={async () => {
          setNotice({ tone: 'success', text: 'The items are changed and the order priced again.' });
          await reload();
        }}
      />
      {address ? (
        <ActionDialog
          open={dialog === 'address'}
          onOpenChange={(o) => {
            setDialog(o ? 'address' : null);
            if (o) setAddress(order.shipping_address);
          }}
          title="Change the delivery address"
          description="Within the same delivery zone: another zone changes the delivery fee."
          submitLabel="Save address"
          submit={async () => {
            const { zone: _zone, ...form } = address;
            await api.put(`/orders/${order.id}/address/`, { revision: order.revision, address: { ...form, email: form.email ?? '' } });
            setNotice({ tone: 'success', text: 'The delivery address is changed.' });
            await reload();
          }}
        >
          <TextField label="Name" value={address.name} onChange={(e) => setAddress({ ...address, name: e.target.value })} />
          <TextField label="Phone" value={address.phone} onChange={(e) => setAddress({ ...address, phone: e.target.value })} />
          <TextField label="Division" value={address.division} onChange={(e) => setAddress({ ...address, division: e.target.value })} />
          <TextField label="District" value={address.location} onChange={(e) => setAddress({ ...address, location: e.target.value })} />
          <TextField label="Area" value={address.area} onChange={(e) => setAddress({ ...address, area: e.target.value })} />
          <TextAreaField
            label="Address"
            rows={2}
            value={address.address_detail}
            onChange={(e) => setAddress({ ...address, address_detail: e.target.value })}
          />
        </ActionDialog>
      ) : null}
    </div>
  );
}
