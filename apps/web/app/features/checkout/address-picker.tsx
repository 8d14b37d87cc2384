import { useState } from 'react';
import type { Address, AddressFormInput, BdDivision } from '@store/shared/checkout';
import type { AddressType } from '@store/shared/checkout-rules';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { toast } from '../../lib/toast';
import { AddressForm, EMPTY_ADDRESS } from './address-form';
import { AddressSummary, DeleteAddressConfirm } from './address-card-parts';
import { checkoutApi, toForm } from './checkout-api';
import type { AddressErrors } from './checkout-logic';

/**
 * The shopper's addresses of one type as radio cards, with add, edit and delete in place. The
 * first address of a shopper is the form itself. Saving selects the saved address.
 */
export function AddressPicker({
  type,
  addresses,
  selectedId,
  locations,
  disabled,
  onChange,
  onSelect,
}: {
  type: AddressType;
  addresses: Address[];
  selectedId: number | null;
  locations: BdDivision[];
  disabled?: boolean;
  onChange: (addresses: Address[]) => void;
  onSelect: (address: Address) => void;
}) {
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<AddressErrors>({});
  const formOpen = editing !== null || addresses.length === 0;

  async function save(form: AddressFormInput) {
    setBusy(true);
    setServerErrors({});
    const r =
      typeof editing === 'number' ? await checkoutApi.updateAddress(type, editing, form) : await checkoutApi.createAddress(type, form);
    setBusy(false);
    if (!r.ok) {
      if (r.error?.fields) setServerErrors(r.error.fields as AddressErrors);
      toast.error(r.error?.message ?? messages.offline());
      return;
    }
    toast.success(r.data.detail);
    const saved = r.data.data;
    const rest = addresses.filter((a) => a.id !== saved.id).map((a) => (saved.default ? { ...a, default: false } : a));
    onChange([saved, ...rest].sort((a, b) => Number(b.default) - Number(a.default)));
    setEditing(null);
    onSelect(saved);
  }

  async function remove(id: number) {
    setBusy(true);
    const r = await checkoutApi.deleteAddress(type, id);
    setBusy(false);
    setConfirming(null);
    if (!r.ok) {
      toast.error(r.error?.message ?? messages.offline());
      return;
    }
    toast.success(r.data.detail);
    const fresh = await checkoutApi.addresses(type);
    onChange(fresh.ok ? fresh.data.data : addresses.filter((a) => a.id !== id));
  }

  if (formOpen) {
    const current = typeof editing === 'number' ? addresses.find((a) => a.id === editing) : undefined;
    return (
      <div className={addresses.length ? 'rounded-xl bg-neutral-50 p-4 ring-1 ring-line' : ''}>
        {addresses.length ? (
          <p className="mb-3 text-sm font-semibold text-ink">{current ? m.checkout_edit_address() : m.checkout_new_address()}</p>
        ) : null}
        <AddressForm
          key={String(editing)}
          locations={locations}
          initial={current ? toForm(current) : { ...EMPTY_ADDRESS, default: addresses.length === 0 }}
          submitLabel={current ? m.checkout_save_address() : m.checkout_save_use_address()}
          busy={busy}
          serverErrors={serverErrors}
          onSubmit={(form) => void save(form)}
          {...(addresses.length ? { onCancel: () => setEditing(null) } : {})}
        />
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <fieldset disabled={disabled} className="min-w-0 space-y-3">
        <legend className="sr-only">{type === 'shipping' ? m.checkout_delivery_address() : m.checkout_billing_address()}</legend>
        {addresses.map((a) => {
          const checked = a.id === selectedId;
          return (
            <div
              key={a.id}
              data-testid="address-card"
              className={`rounded-xl border p-4 transition ${checked ? 'border-brand bg-brand-soft/40 ring-1 ring-brand' : 'border-line hover:border-neutral-300'}`}
            >
              <label className="flex cursor-pointer gap-3">
                <input
                  type="radio"
                  name={`${type}-address`}
                  className="mt-1 size-4 shrink-0 accent-brand"
                  checked={checked}
                  onChange={() => onSelect(a)}
                />
                <span className="min-w-0 flex-1 wrap-anywhere">
                  <AddressSummary address={a} />
                </span>
              </label>
              {confirming === a.id ? (
                <DeleteAddressConfirm className="mt-3" onKeep={() => setConfirming(null)} onDelete={() => void remove(a.id)} />
              ) : (
                <div className="mt-2 flex justify-end gap-1 text-sm">
                  <button
                    type="button"
                    className="rounded-md px-3 py-1.5 font-medium text-ink underline-offset-2 hover:underline"
                    onClick={() => setEditing(a.id)}
                  >
                    {m.checkout_edit()}
                  </button>
                  <button
                    type="button"
                    className="rounded-md px-3 py-1.5 font-medium text-red-700 underline-offset-2 hover:underline"
                    onClick={() => setConfirming(a.id)}
                  >
                    {m.checkout_address_delete()}
                  </button>
                </div>
              )}
            </div>
          );
        })}
      </fieldset>
      <button
        type="button"
        onClick={() => setEditing('new')}
        className="flex h-12 w-full items-center justify-center gap-2 rounded-xl border border-dashed border-neutral-400 text-sm font-semibold text-ink transition hover:border-ink hover:bg-neutral-50"
      >
        <span aria-hidden="true" className="text-lg leading-none">
          +
        </span>
        {m.checkout_add_address()}
      </button>
    </div>
  );
}
