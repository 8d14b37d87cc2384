import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Address, AddressFormInput, BdDivision } from '@store/shared/checkout';
import type { AddressType } from '@store/shared/checkout-rules';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import type { HttpResult } from '../../lib/http';
import { toast } from '../../lib/toast';
import { Notice } from '../auth/form-controls';
import { AddressForm, EMPTY_ADDRESS } from '../checkout/address-form';
import { AddressSummary, DeleteAddressConfirm } from '../checkout/address-card-parts';
import { checkoutApi, toForm } from '../checkout/checkout-api';
import type { AddressErrors } from '../checkout/checkout-logic';

type Text = () => string;
const SECTIONS: { type: AddressType; title: Text; text: Text; add: Text; empty: Text }[] = [
  {
    type: 'shipping',
    title: m.account_shipping_title,
    text: m.account_shipping_text,
    add: m.account_shipping_add,
    empty: m.account_shipping_empty,
  },
  {
    type: 'billing',
    title: m.account_billing_title,
    text: m.account_billing_text,
    add: m.account_billing_add,
    empty: m.account_billing_empty,
  },
];

/**
 * /account/addresses: the shopper's address book, on the same API and the same form as the
 * checkout's address step. Each change reloads the lists from the API, so defaults are the server's.
 */
export function AddressesTab({ shipping, billing, locations }: { shipping: Address[]; billing: Address[]; locations: BdDivision[] }) {
  return (
    <div className="flex flex-col gap-10">
      {SECTIONS.map((s) => (
        <AddressSection key={s.type} section={s} addresses={s.type === 'shipping' ? shipping : billing} locations={locations} />
      ))}
    </div>
  );
}

type Editing = { mode: 'new' } | { mode: 'edit'; address: Address } | null;

function AddressSection({
  section,
  addresses,
  locations,
}: {
  section: (typeof SECTIONS)[number];
  addresses: Address[];
  locations: BdDivision[];
}) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<AddressErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = `addresses-${section.type}`;

  const open = (next: Editing) => {
    setEditing(next);
    setServerErrors({});
    setFailure(null);
    setConfirming(null);
  };

  /** One call, its toast, then the lists again from the API. */
  async function run<T extends { detail: string }>(call: () => Promise<HttpResult<T>>): Promise<boolean> {
    setBusy(true);
    setFailure(null);
    try {
      const r = await call();
      if (!r.ok) {
        const fields = r.error?.fields;
        if (fields && Object.keys(fields).length) setServerErrors(fields as AddressErrors);
        else setFailure(r.error?.message ?? messages.offline());
        toast.error(r.error?.message ?? messages.offline());
        return false;
      }
      toast.success(r.data.detail);
      await revalidator.revalidate();
      return true;
    } finally {
      setBusy(false);
    }
  }

  async function save(form: AddressFormInput) {
    setServerErrors({});
    const ok = await run(() =>
      editing?.mode === 'edit'
        ? checkoutApi.updateAddress(section.type, editing.address.id, form)
        : checkoutApi.createAddress(section.type, form),
    );
    if (ok) setEditing(null);
  }

  return (
    <section aria-labelledby={headingId} data-testid={`address-book-${section.type}`}>
      <div className="mb-4">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {section.title()}
        </h2>
        <p className="mt-0.5 text-sm text-muted">{section.text()}</p>
      </div>

      {addresses.length === 0 && editing === null ? <p className="mb-3 text-sm text-muted">{section.empty()}</p> : null}

      <ul className="grid gap-3 xl:grid-cols-2">
        {addresses.map((a) =>
          editing?.mode === 'edit' && editing.address.id === a.id ? null : (
            <li key={a.id} data-testid="address-book-card" className="flex flex-col rounded-xl border border-line p-4">
              <AddressSummary address={a} />
              {confirming === a.id ? (
                <DeleteAddressConfirm
                  className="mt-auto pt-3"
                  busy={busy}
                  onKeep={() => setConfirming(null)}
                  onDelete={() => void run(() => checkoutApi.deleteAddress(section.type, a.id)).then(() => setConfirming(null))}
                />
              ) : (
                <div className="mt-auto flex flex-wrap items-center justify-end gap-1 pt-3 text-sm">
                  {a.default ? null : (
                    <button
                      type="button"
                      disabled={busy}
                      className="mr-auto rounded-md px-3 py-2 font-semibold text-brand underline-offset-2 hover:underline disabled:text-neutral-400"
                      aria-label={m.account_address_set_default_label({ name: a.name, address: a.address_detail })}
                      onClick={() => void run(() => checkoutApi.updateAddress(section.type, a.id, { ...toForm(a), default: true }))}
                    >
                      {m.account_address_set_default()}
                    </button>
                  )}
                  <button
                    type="button"
                    className="rounded-md px-3 py-2 font-medium text-ink underline-offset-2 hover:underline"
                    onClick={() => open({ mode: 'edit', address: a })}
                  >
                    {m.account_address_edit()}
                  </button>
                  <button
                    type="button"
                    className="rounded-md px-3 py-2 font-medium text-red-700 underline-offset-2 hover:underline"
                    onClick={() => setConfirming(a.id)}
                  >
                    {m.account_address_delete()}
                  </button>
                </div>
              )}
            </li>
          ),
        )}
      </ul>

      {editing ? (
        <div className="mt-3 rounded-xl bg-neutral-50 p-4 ring-1 ring-line">
          <p className="mb-3 text-sm font-semibold text-ink">
            {editing.mode === 'edit' ? m.account_address_edit_title() : m.account_address_new_title()}
          </p>
          {failure ? (
            <div className="mb-4">
              <Notice tone="error">{failure}</Notice>
            </div>
          ) : null}
          <AddressForm
            key={editing.mode === 'edit' ? editing.address.id : 'new'}
            locations={locations}
            initial={editing.mode === 'edit' ? toForm(editing.address) : { ...EMPTY_ADDRESS, default: addresses.length === 0 }}
            submitLabel={m.account_address_save()}
            busy={busy}
            serverErrors={serverErrors}
            onSubmit={(form) => void save(form)}
            onCancel={() => open(null)}
          />
        </div>
      ) : (
        <>
          {failure ? (
            <div className="mt-3">
              <Notice tone="error">{failure}</Notice>
            </div>
          ) : null}
          <button
            type="button"
            onClick={() => open({ mode: 'new' })}
            className="mt-3 flex h-12 w-full items-center justify-center gap-2 rounded-xl border border-dashed border-neutral-400 text-sm font-semibold text-ink transition hover:border-ink hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-brand"
          >
            <span aria-hidden="true" className="text-lg leading-none">
              +
            </span>
            {section.add()}
          </button>
        </>
      )}
    </section>
  );
}
