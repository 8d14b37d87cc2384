import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { can } from '@store/shared/admin';
import { COD_BLOCK_REASON_MAX, CUSTOMER_NOTE_MAX, type AdminCustomerDetail } from '@store/shared/admin-customers';
import { PAYMENT_METHOD_LABELS, ZONE_LABELS } from '@store/shared/checkout-rules';
import { formatTaka } from '@store/shared/money';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextAreaField } from '../../components/ui/field';
import { NoteForm } from '../../components/ui/note-form';
import { PageHeader, Section, textLinkClass } from '../../components/ui/page';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { fieldsText } from '../../lib/forms';
import { useMe } from '../../lib/me';
import { CustomerLoyaltyPanel, customerLoyaltyLoader, type CustomerLoyaltyResult } from '../loyalty/customer-loyalty';
import { OrderStatusBadge, PaymentBadge, RiskBadge } from '../orders/order-badges';

type CustomerData = { customer: AdminCustomerDetail; loyalty: CustomerLoyaltyResult };

export async function customerLoader({ params, request }: LoaderFunctionArgs): Promise<CustomerData> {
  const [customer, loyalty] = await Promise.all([
    api.get<{ data: AdminCustomerDetail }>(`/customers/${params.id}/`, request.signal),
    customerLoyaltyLoader(params.id ?? '', request.signal),
  ]);
  return { customer: customer.data, loyalty };
}

/** Block cash on delivery (the reason is required) or allow it again (a note is optional). */
function CodDialog({
  customer,
  open,
  onOpenChange,
  onDone,
}: {
  customer: AdminCustomerDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (text: string) => Promise<void>;
}) {
  const blocking = !customer.cod_blocked;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.put(`/customers/${customer.id}/cod/`, { blocked: blocking, reason });
      setReason('');
      onOpenChange(false);
      await onDone(blocking ? 'Cash on delivery is blocked for this customer.' : 'Cash on delivery is allowed again.');
    } catch (e) {
      setError(fieldsText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={blocking ? 'Block cash on delivery' : 'Allow cash on delivery again'}
      description={
        blocking
          ? 'Checkout will offer this customer only bKash, card and store pickup. The reason goes on their notes with your name.'
          : 'Checkout will offer cash on delivery to this customer again.'
      }
    >
      <form className="space-y-4" onSubmit={(e) => void submit(e)}>
        <TextAreaField
          label={blocking ? 'Reason' : 'Note (optional)'}
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={COD_BLOCK_REASON_MAX}
          required={blocking}
        />
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button type="submit" variant={blocking ? 'danger' : 'primary'} disabled={busy || (blocking && !reason.trim())}>
            {busy ? 'Saving…' : blocking ? 'Block cash on delivery' : 'Allow cash on delivery'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** One customer: profile, orders, loyalty, addresses, wishlist, staff notes, the COD record and the block. */
export function CustomerDetailPage() {
  const { customer, loyalty } = useLoaderData<CustomerData>();
  const me = useMe();
  const revalidator = useRevalidator();
  const writer = can(me.role, 'customers.write');
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [codOpen, setCodOpen] = useState(false);
  const reload = () => revalidator.revalidate();

  const r = customer.cod_record;
  return (
    <div>
      <Link to="/customers" className={textLinkClass}>
        ← All customers
      </Link>
      <PageHeader
        title={customer.name || `Customer #${customer.id}`}
        description={`Customer since ${formatDateTime(customer.created_at)} · ${customer.order_count} ${customer.order_count === 1 ? 'order' : 'orders'} · ${formatTaka(customer.spent)} spent`}
        action={
          <div className="flex flex-wrap gap-2">
            <RiskBadge risk={r.risk} />
            {customer.cod_blocked ? <Badge tone="quiet">COD blocked</Badge> : null}
          </div>
        }
      />
      {notice ? (
        <div className="mb-4">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Section
            title="Orders"
            description={
              customer.order_count > customer.orders.length ? `The newest ${customer.orders.length} of ${customer.order_count}.` : undefined
            }
          >
            {customer.orders.length ? (
              <ul className="divide-y divide-line" aria-label="Orders">
                {customer.orders.map((o) => (
                  <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2 first:pt-0 last:pb-0">
                    <div className="min-w-0">
                      <Link to={`/orders/${o.id}`} className="font-medium whitespace-nowrap text-brand underline-offset-2 hover:underline">
                        {o.number}
                      </Link>
                      <div className="text-xs text-muted">
                        {formatDateTime(o.created_at)} · {PAYMENT_METHOD_LABELS[o.payment_method]}
                      </div>
                    </div>
                    <div className="flex flex-wrap items-center gap-1">
                      <OrderStatusBadge status={o.status} />
                      <PaymentBadge status={o.payment_status} />
                      <span className="ml-1 text-sm font-medium whitespace-nowrap">{formatTaka(o.total)}</span>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">No orders yet.</p>
            )}
            {customer.phone ? (
              // The order list's search by phone also finds what this phone ordered as a guest.
              <Link to={`/orders?q=${encodeURIComponent(customer.phone)}`} className={`${textLinkClass} mt-3 inline-block`}>
                Every order from {customer.phone} →
              </Link>
            ) : null}
          </Section>

          {writer && loyalty ? <CustomerLoyaltyPanel result={loyalty} onChanged={reload} /> : null}

          <Section title="Notes" description="What staff noted about this customer, newest first, with who wrote it.">
            {writer ? (
              <NoteForm
                path={`/customers/${customer.id}/notes/`}
                maxLength={CUSTOMER_NOTE_MAX}
                onDone={reload}
                onError={(text) => setNotice(text ? { tone: 'error', text } : null)}
              />
            ) : null}
            {customer.notes.length ? (
              <ol className="space-y-3" aria-label="Notes">
                {customer.notes.map((n) => (
                  <li key={n.id} className="border-l-2 border-line pl-3" data-testid="customer-note">
                    <p className="text-sm whitespace-pre-line text-ink wrap-anywhere">{n.body}</p>
                    <div className="text-xs text-muted">
                      {formatDateTime(n.created_at)} · {n.staff ?? 'automatic'}
                    </div>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted">No notes yet.</p>
            )}
          </Section>

          <Section title="Wishlist">
            {customer.wishlist.length ? (
              <ul className="divide-y divide-line" aria-label="Wishlist">
                {customer.wishlist.map((w) => (
                  <li key={w.product_id} className="flex items-center gap-3 py-2 first:pt-0 last:pb-0">
                    {w.image ? (
                      <img src={w.image} alt="" className="size-10 shrink-0 rounded border border-line object-cover" />
                    ) : (
                      <span className="size-10 shrink-0 rounded border border-dashed border-line" aria-hidden="true" />
                    )}
                    <div className="min-w-0 flex-1">
                      <a
                        href={w.url}
                        target="_blank"
                        rel="noreferrer"
                        className="text-sm font-medium text-ink wrap-anywhere hover:underline"
                      >
                        {w.name}
                      </a>
                      <div className="text-xs text-muted">
                        {w.brand} · added {formatDateTime(w.added_at)}
                      </div>
                    </div>
                    <div className="text-right text-sm whitespace-nowrap">
                      {formatTaka(w.price)}
                      {w.in_stock ? null : <div className="text-xs text-muted">Sold out</div>}
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">Nothing on the wishlist.</p>
            )}
          </Section>
        </div>

        {/* On a phone the contact and the COD block come first: a call needs them. */}
        <div className="space-y-4 max-lg:order-first">
          <Section title="Contact">
            <div className="space-y-1 text-sm wrap-anywhere">
              {customer.phone ? (
                <div>
                  <a href={`tel:${customer.phone}`} className={textLinkClass}>
                    {customer.phone}
                  </a>
                  {customer.verified_sms ? <span className="ml-1 text-xs text-muted">verified</span> : null}
                </div>
              ) : null}
              {customer.email ? (
                <div>
                  {customer.email}
                  {customer.verified_email ? <span className="ml-1 text-xs text-muted">verified</span> : null}
                </div>
              ) : null}
              {customer.birthday ? <div className="text-muted">Birthday {customer.birthday}</div> : null}
              <div className="text-xs text-muted">
                Newsletter:{' '}
                {[customer.newsletter_email ? 'e-mail' : null, customer.newsletter_sms ? 'SMS' : null].filter(Boolean).join(' and ') ||
                  'none'}
              </div>
            </div>
          </Section>

          <Section title="Cash on delivery">
            <div className="text-sm" data-testid="cod-record">
              <div className="flex items-center gap-2">
                <span className="font-medium">Record</span> <RiskBadge risk={r.risk} />
              </div>
              <p className="mt-1 text-muted">
                {r.delivered} delivered · {r.returned} returned or refused · {r.cancelled} cancelled after confirming
              </p>
            </div>
            <div className="mt-3 border-t border-line pt-3" data-testid="cod-block">
              {customer.cod_blocked ? (
                // A state, not an error: styled as a warning but not announced as an alert on every visit.
                <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 wrap-anywhere">
                  <span className="font-semibold">Blocked</span> since {formatDateTime(customer.cod_blocked_at)}:{' '}
                  {customer.cod_blocked_reason}
                </p>
              ) : (
                <p className="text-sm text-muted">Offered at checkout.</p>
              )}
              {writer ? (
                <Button className="mt-3 w-full" variant={customer.cod_blocked ? 'secondary' : 'danger'} onClick={() => setCodOpen(true)}>
                  {customer.cod_blocked ? 'Allow cash on delivery' : 'Block cash on delivery'}
                </Button>
              ) : null}
            </div>
          </Section>

          <Section title="Addresses">
            {customer.addresses.length ? (
              <ul className="space-y-3">
                {customer.addresses.map((a) => (
                  <li key={a.id} className="text-sm wrap-anywhere">
                    <div className="text-xs font-semibold tracking-wide text-muted uppercase">
                      {a.type === 'billing' ? 'Billing' : 'Delivery'}
                      {a.default ? ' · default' : ''}
                    </div>
                    <address className="not-italic">
                      <div className="font-medium">{a.name}</div>
                      <div>{a.phone}</div>
                      <div>{a.address_detail}</div>
                      <div>
                        {a.area}, {a.location}, {a.division}
                      </div>
                      <div className="text-xs text-muted">{ZONE_LABELS[a.zone]}</div>
                    </address>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">No saved addresses.</p>
            )}
          </Section>
        </div>
      </div>

      {writer ? (
        <CodDialog
          customer={customer}
          open={codOpen}
          onOpenChange={setCodOpen}
          onDone={async (text) => {
            setNotice({ tone: 'success', text });
            await reload();
          }}
        />
      ) : null}
    </div>
  );
}
