import { useEffect, useState } from 'react';
import { SHIPMENT_STATE_LABELS, type CourierAvailability, type FraudCheck, type ShipmentWithEvents } from '@store/shared/admin-couriers';
import type { AdminOrderDetail } from '@store/shared/admin-orders';
import { COURIER_LABELS, type Courier } from '@store/shared/checkout-rules';
import { formatTaka } from '@store/shared/money';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { Section, textLinkClass } from '../../components/ui/page';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/forms';

type Loaded = { couriers: CourierAvailability[]; shipments: ShipmentWithEvents[] };

/**
 * The order's parcel: book it with a courier once the order is confirmed or packed, then what the
 * courier said, step by step; for a COD order, what Steadfast knows of the phone.
 */
export function OrderShipping({ order, writer, onChange }: { order: AdminOrderDetail; writer: boolean; onChange: () => Promise<void> }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [courier, setCourier] = useState<Courier | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fraud, setFraud] = useState<FraudCheck | null | 'none'>(null);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      api.get<{ data: CourierAvailability[] }>('/couriers/', controller.signal),
      api.get<{ data: ShipmentWithEvents[] }>(`/orders/${order.id}/shipments/`, controller.signal),
    ])
      .then(([c, s]) => {
        setLoaded({ couriers: c.data, shipments: s.data });
        setCourier((current) => current || (c.data[0]?.courier ?? ''));
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(e));
      });
    return () => controller.abort();
  }, [order.id, order.revision, order.status]);

  if (order.delivery_type === 'pickup') return null;
  const active = loaded?.shipments.find((s) => s.active) ?? null;
  const bookable = writer && !active && (order.status === 'confirmed' || order.status === 'packed');

  async function book() {
    if (!courier) return;
    setBusy(true);
    setError(null);
    try {
      await api.post(`/orders/${order.id}/shipment/`, { courier });
      await onChange();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function checkPhone() {
    if (!order.contact.phone) return;
    try {
      const r = await api.get<{ data: FraudCheck | null }>(`/couriers/fraud-check/?phone=${encodeURIComponent(order.contact.phone)}`);
      setFraud(r.data ?? 'none');
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <Section title="Shipping" description="Book the parcel with a courier; its updates move the order by themselves.">
      {error ? (
        <div className="mb-3">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      {bookable && loaded ? (
        loaded.couriers.length ? (
          <div className="mb-4 flex flex-wrap items-end gap-2">
            <div className="min-w-40 flex-1 sm:flex-none">
              <SelectField label="Courier" value={courier} onChange={(e) => setCourier(e.target.value as Courier)}>
                {loaded.couriers.map((c) => (
                  <option key={c.courier} value={c.courier}>
                    {c.label}
                    {c.simulated ? ' (simulator)' : ''}
                  </option>
                ))}
              </SelectField>
            </div>
            <Button onClick={() => void book()} disabled={busy || !courier}>
              {busy ? 'Booking…' : 'Book parcel'}
            </Button>
          </div>
        ) : (
          <p className="mb-4 text-sm text-muted">No courier is set up: set the STEADFAST_*, PATHAO_* or REDX_* keys.</p>
        )
      ) : null}
      {!active && !bookable && order.status === 'placed' ? (
        <p className="mb-3 text-sm text-muted">Confirm the order first; then its parcel can be booked.</p>
      ) : null}
      {loaded?.shipments.length ? (
        <ul className="space-y-4">
          {loaded.shipments.map((s) => (
            <li key={s.id} className="rounded-md border border-line p-3 text-sm" data-testid="shipment">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">
                  {COURIER_LABELS[s.courier]} · {s.consignment_id}
                </span>
                <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold">{SHIPMENT_STATE_LABELS[s.state]}</span>
              </div>
              <div className="mt-1 text-muted">
                Tracking {s.tracking_code}
                {s.tracking_url ? (
                  <>
                    {' · '}
                    <a href={s.tracking_url} target="_blank" rel="noreferrer" className={textLinkClass}>
                      Track
                    </a>
                  </>
                ) : null}
                {' · '}COD {formatTaka(s.cod_amount)}
                {s.delivery_fee !== null ? ` · fee ${formatTaka(s.delivery_fee)}` : ''}
                {s.collected_amount !== null ? ` · collected ${formatTaka(s.collected_amount)}` : ''}
              </div>
              {s.events.length ? (
                <ol className="mt-2 space-y-1 border-t border-line pt-2">
                  {[...s.events].reverse().map((e) => (
                    <li key={e.id} className="text-xs">
                      <span className="font-medium">{e.state ? SHIPMENT_STATE_LABELS[e.state] : e.courier_status || e.source}</span>
                      {e.message ? ` — ${e.message}` : ''}{' '}
                      <span className="text-muted">
                        ({e.source}, {e.outcome}, {formatDateTime(e.at)})
                      </span>
                    </li>
                  ))}
                </ol>
              ) : null}
            </li>
          ))}
        </ul>
      ) : loaded && !bookable && order.status !== 'placed' ? (
        <p className="text-sm text-muted">No parcel was booked for this order.</p>
      ) : null}
      {order.payment_method === 'cod' && order.contact.phone ? (
        <div className="mt-4 border-t border-line pt-3 text-sm">
          {fraud === null ? (
            <Button variant="secondary" onClick={() => void checkPhone()}>
              Ask Steadfast about this phone
            </Button>
          ) : fraud === 'none' ? (
            <p className="text-muted">Steadfast is not set up, so it cannot be asked.</p>
          ) : (
            <p data-testid="fraud-check">
              Steadfast: {fraud.total_delivered} delivered, {fraud.total_cancelled} cancelled of {fraud.total_parcels} parcels
              {fraud.success_ratio !== null ? ` (${fraud.success_ratio}% delivered)` : ''}.
            </p>
          )}
        </div>
      ) : null}
    </Section>
  );
}
