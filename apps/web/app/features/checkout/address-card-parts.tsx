import type { Address } from '@store/shared/checkout';
import * as m from '@store/shared/i18n/messages';
import { zoneLabel } from './labels';

export const addressLine = (a: Pick<Address, 'address_detail' | 'area' | 'location'>) => `${a.address_detail}, ${a.area}, ${a.location}`;

/** What an address card shows of an address: name, Default, the zone, the lines and the phone. Spans, so it fits in a label too. */
export function AddressSummary({ address: a }: { address: Address }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-ink wrap-anywhere">{a.name}</span>
        {a.default ? (
          <span className="rounded-full bg-ink px-2 py-0.5 text-[10px] font-semibold uppercase tracking-wide text-white">
            {m.checkout_address_default()}
          </span>
        ) : null}
        <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-[11px] font-medium text-neutral-700">{zoneLabel(a.zone)}</span>
      </span>
      <span className="mt-1 block text-sm text-neutral-700 wrap-anywhere">{addressLine(a)}</span>
      {a.additional_info ? <span className="block text-xs text-muted wrap-anywhere">{a.additional_info}</span> : null}
      <span className="mt-0.5 block text-sm text-muted">{a.phone}</span>
    </>
  );
}

/** 'Delete this address?' with Keep and Delete, in place of a card's actions. */
export function DeleteAddressConfirm({
  busy = false,
  className,
  onKeep,
  onDelete,
}: {
  busy?: boolean;
  className: string;
  onKeep: () => void;
  onDelete: () => void;
}) {
  return (
    <div
      className={`flex flex-wrap items-center justify-end gap-2 text-sm ${className}`}
      role="group"
      aria-label={m.checkout_address_delete_question()}
    >
      <span className="mr-auto text-neutral-700">{m.checkout_address_delete_question()}</span>
      <button type="button" className="rounded-md px-3 py-2 font-semibold text-ink hover:bg-neutral-100" onClick={onKeep}>
        {m.checkout_address_keep()}
      </button>
      <button
        type="button"
        disabled={busy}
        className="rounded-md bg-red-700 px-3 py-2 font-semibold text-white hover:bg-red-800 disabled:bg-neutral-300"
        onClick={onDelete}
      >
        {m.checkout_address_delete()}
      </button>
    </div>
  );
}
