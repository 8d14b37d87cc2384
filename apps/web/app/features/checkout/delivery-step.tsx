import { useState, type ReactNode } from 'react';
import type { Address, BdDivision, CheckoutSummary, ShippingAddressPayload } from '@store/shared/checkout';
import type { StoreLocation } from '@store/shared/content';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatTaka } from '../../lib/format';
import { PinIcon, TruckIcon } from '../../components/layout/icons';
import { AddressPicker } from './address-picker';
import { zoneLabel } from './labels';
import { Section } from './summary-parts';

export type DeliveryMode = 'delivery' | 'pickup';

export function Choice({
  checked,
  disabled,
  onSelect,
  name,
  children,
  testId,
}: {
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  name: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <label
      data-testid={testId}
      className={`flex cursor-pointer gap-3 rounded-xl border p-4 transition ${
        disabled
          ? 'cursor-not-allowed border-line bg-neutral-50 opacity-60'
          : checked
            ? 'border-brand bg-brand-soft/40 ring-1 ring-brand'
            : 'border-line hover:border-neutral-300'
      }`}
    >
      <input
        type="radio"
        name={name}
        className="mt-0.5 size-4 shrink-0 accent-brand"
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
      />
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  );
}

/**
 * The address step (SPEC §2 /checkout?step=address): home delivery to one of the shopper's
 * addresses with a delivery speed, or pickup from a store; an optional separate billing address.
 * Every choice is sent at once (shipping_address/), so the totals beside it are the server's.
 */
export function DeliveryStep({
  summary,
  mode,
  onMode,
  addresses,
  billingAddresses,
  locations,
  stores,
  busy,
  onAddresses,
  onBillingAddresses,
  onShipping,
}: {
  summary: CheckoutSummary;
  mode: DeliveryMode;
  onMode: (mode: DeliveryMode) => void;
  addresses: Address[];
  billingAddresses: Address[];
  locations: BdDivision[];
  stores: StoreLocation[];
  busy: boolean;
  onAddresses: (a: Address[]) => void;
  onBillingAddresses: (a: Address[]) => void;
  onShipping: (body: ShippingAddressPayload) => void;
}) {
  const speed = summary.delivery_type === 'pickup' ? 'standard' : summary.delivery_type;
  const standard = summary.shipping_options.find((o) => o.type === 'standard')!;
  const sameDay = summary.shipping_options.find((o) => o.type === 'same_day')!;
  const shippingId = summary.delivery_type === 'pickup' ? null : summary.shipping_address_id;

  return (
    <>
      <Section title={m.checkout_delivery_method()} id="method-title">
        <div role="radiogroup" aria-labelledby="method-title" className="grid grid-cols-2 gap-3">
          {(
            [
              ['delivery', m.checkout_home_delivery(), m.checkout_to_your_door(), <TruckIcon key="t" size={22} />],
              [
                'pickup',
                m.checkout_store_pickup(),
                m.checkout_from_stores({ count: formatCount(stores.length) }),
                <PinIcon key="p" size={22} />,
              ],
            ] as const
          ).map(([value, label, sub, icon]) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={mode === value}
              onClick={() => onMode(value)}
              className={`flex flex-col items-start gap-1 rounded-xl border p-4 text-left transition focus-visible:outline-2 focus-visible:outline-brand ${
                mode === value ? 'border-brand bg-brand-soft/40 ring-1 ring-brand' : 'border-line hover:border-neutral-300'
              }`}
            >
              <span className={mode === value ? 'text-brand' : 'text-ink'}>{icon}</span>
              <span className="text-sm font-semibold text-ink">{label}</span>
              <span className="text-xs text-muted">{sub}</span>
            </button>
          ))}
        </div>
      </Section>

      {mode === 'delivery' ? (
        <>
          <Section title={m.checkout_delivery_address()} id="address-title">
            <AddressPicker
              type="shipping"
              addresses={addresses}
              selectedId={shippingId}
              locations={locations}
              disabled={busy}
              onChange={onAddresses}
              onSelect={(a) => onShipping({ user_address_id: a.id, delivery_type: speed })}
            />
          </Section>

          {shippingId !== null ? (
            <Section title={m.checkout_delivery_speed()} id="speed-title">
              <div role="radiogroup" aria-labelledby="speed-title" className="space-y-3">
                <Choice
                  name="speed"
                  testId="speed-standard"
                  checked={speed === 'standard'}
                  disabled={busy}
                  onSelect={() => onShipping({ user_address_id: shippingId, delivery_type: 'standard' })}
                >
                  <span className="flex items-baseline justify-between gap-3">
                    <span className="text-sm font-semibold text-ink">{m.checkout_standard_delivery()}</span>
                    <span className="text-sm font-semibold text-ink" data-testid="standard-fee">
                      {standard.fee === 0 ? messages.bagFree() : formatTaka(standard.fee)}
                    </span>
                  </span>
                  <span className="block text-xs text-muted">
                    {summary.zone ? zoneLabel(summary.zone) : ''} ·{' '}
                    {summary.zone === 'inside_dhaka'
                      ? m.checkout_days_inside_dhaka()
                      : summary.zone === 'dhaka_suburb'
                        ? m.checkout_days_dhaka_suburb()
                        : m.checkout_days_outside_dhaka()}
                  </span>
                </Choice>
                <Choice
                  name="speed"
                  testId="speed-same-day"
                  checked={speed === 'same_day'}
                  disabled={busy || !sameDay.available}
                  onSelect={() => onShipping({ user_address_id: shippingId, delivery_type: 'same_day' })}
                >
                  <span className="flex items-baseline justify-between gap-3">
                    <span className="text-sm font-semibold text-ink">{m.checkout_same_day_delivery()}</span>
                    <span className="text-sm font-semibold text-ink">{formatTaka(sameDay.fee)}</span>
                  </span>
                  <span className="block text-xs text-muted">
                    {sameDay.available ? m.checkout_same_day_today({ cutoff: summary.same_day_cutoff }) : sameDay.reason}
                  </span>
                </Choice>
              </div>
            </Section>
          ) : null}

          {shippingId !== null ? (
            <BillingSection
              summary={summary}
              billingAddresses={billingAddresses}
              locations={locations}
              busy={busy}
              onChange={onBillingAddresses}
              onBilling={(id) => onShipping({ user_address_id: shippingId, delivery_type: speed, address_billing_id: id })}
            />
          ) : null}
        </>
      ) : (
        <Section title={m.checkout_pickup_store()} id="store-title">
          <div role="radiogroup" aria-labelledby="store-title" className="space-y-3">
            {stores.map((s) => (
              <Choice
                key={s.id}
                name="store"
                testId="store-choice"
                checked={summary.delivery_type === 'pickup' && summary.store_location_id === s.id}
                disabled={busy}
                onSelect={() => onShipping({ store_location_id: s.id, delivery_type: 'pickup' })}
              >
                <span className="block text-sm font-semibold text-ink">{s.name}</span>
                <span className="block text-sm text-neutral-700">{s.address}</span>
                <span className="mt-0.5 block text-xs text-muted">
                  {s.hours} · {s.phone}
                </span>
              </Choice>
            ))}
          </div>
          <p className="mt-3 text-xs text-muted">{m.checkout_pickup_note()}</p>
        </Section>
      )}
    </>
  );
}

/** Billing is the delivery address unless the shopper asks for another: then one of their billing addresses, or a new one. */
function BillingSection({
  summary,
  billingAddresses,
  locations,
  busy,
  onChange,
  onBilling,
}: {
  summary: CheckoutSummary;
  billingAddresses: Address[];
  locations: BdDivision[];
  busy: boolean;
  onChange: (a: Address[]) => void;
  onBilling: (id: number | null) => void;
}) {
  const [separate, setSeparate] = useState(summary.billing_address_id !== null);
  return (
    <Section title={m.checkout_billing_address()} id="billing-title">
      <label className="flex items-center gap-2.5 text-sm text-ink">
        <input
          type="checkbox"
          className="size-4 accent-brand"
          checked={!separate}
          disabled={busy}
          onChange={(e) => {
            setSeparate(!e.target.checked);
            if (e.target.checked && summary.billing_address_id !== null) onBilling(null);
          }}
        />
        {m.checkout_same_as_delivery()}
      </label>
      {separate ? (
        <div className="mt-4">
          <AddressPicker
            type="billing"
            addresses={billingAddresses}
            selectedId={summary.billing_address_id}
            locations={locations}
            disabled={busy}
            onChange={onChange}
            onSelect={(a) => onBilling(a.id)}
          />
        </div>
      ) : null}
    </Section>
  );
}
