import { useId, useMemo, useState, type FormEvent, type SelectHTMLAttributes } from 'react';
import type { AddressFormInput, BdDivision } from '@store/shared/checkout';
import * as m from '@store/shared/i18n/messages';
import { FieldError, TextField } from '../auth/form-controls';
import { validateAddress, type AddressErrors } from './checkout-logic';
import { zoneLabel } from './labels';

const FIELD =
  'block h-12 w-full rounded-lg border bg-white px-3.5 text-base text-ink outline-none transition focus:border-brand focus:ring-2 focus:ring-brand/25 disabled:bg-neutral-50 disabled:text-neutral-400';

function SelectField({
  label,
  error,
  options,
  placeholder,
  ...select
}: {
  label: string;
  error?: string | undefined;
  options: { value: string; label: string }[];
  placeholder: string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
        className={`${FIELD} appearance-none bg-[url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8' fill='none'%3E%3Cpath stroke='%236b6b6b' stroke-width='1.6' d='m1 1.5 5 5 5-5'/%3E%3C/svg%3E")] bg-[right_0.9rem_center] bg-no-repeat pr-9 ${error ? 'border-red-600' : 'border-neutral-300'}`}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

export const EMPTY_ADDRESS: AddressFormInput = {
  name: '',
  phone: '',
  division: '',
  location: '',
  area: '',
  address_detail: '',
  additional_info: '',
  default: false,
};

/**
 * The address form of the address step: the recipient, then division → district → area picked
 * from the list shipped with the app (each choice narrows the next), then the house and road.
 */
export function AddressForm({
  locations,
  initial,
  submitLabel,
  busy,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  locations: BdDivision[];
  initial: AddressFormInput;
  submitLabel: string;
  busy: boolean;
  serverErrors?: AddressErrors;
  onSubmit: (form: AddressFormInput) => void;
  onCancel?: () => void;
}) {
  const [form, setForm] = useState<AddressFormInput>(initial);
  const [errors, setErrors] = useState<AddressErrors>({});
  const shown = { ...serverErrors, ...errors };
  const division = locations.find((d) => d.name === form.division);
  const district = division?.districts.find((d) => d.name === form.location);
  const areaZone = district?.areas.find((a) => a.name === form.area)?.zone;
  const set = (patch: Partial<AddressFormInput>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as (keyof AddressFormInput)[]) delete next[k];
      return next;
    });
  };
  const divisions = useMemo(() => locations.map((d) => ({ value: d.name, label: d.name })), [locations]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateAddress(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    onSubmit(form);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={m.checkout_address_form()}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={m.checkout_field_full_name()}
          name="name"
          autoComplete="name"
          value={form.name}
          error={shown.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          label={m.checkout_field_mobile()}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="01XXXXXXXXX"
          value={form.phone}
          error={shown.phone}
          onChange={(e) => set({ phone: e.target.value })}
        />
      </div>
      {/* Division on its own row, then district and area side by side: three in a row cut their placeholders off. */}
      <div className="grid gap-4 sm:grid-cols-2 sm:[&>:first-child]:col-span-2">
        <SelectField
          label={m.checkout_field_division()}
          name="division"
          placeholder={m.checkout_choose_division()}
          options={divisions}
          value={form.division}
          error={shown.division}
          onChange={(e) => set({ division: e.target.value, location: '', area: '' })}
        />
        <SelectField
          label={m.checkout_field_district()}
          name="location"
          placeholder={division ? m.checkout_choose_district() : m.checkout_choose_division_first()}
          disabled={!division}
          options={(division?.districts ?? []).map((d) => ({ value: d.name, label: d.name }))}
          value={form.location}
          error={shown.location}
          onChange={(e) => set({ location: e.target.value, area: '' })}
        />
        <SelectField
          label={m.checkout_field_area_thana()}
          name="area"
          placeholder={district ? m.checkout_choose_area() : m.checkout_choose_district_first()}
          disabled={!district}
          options={(district?.areas ?? []).map((a) => ({ value: a.name, label: a.name }))}
          value={form.area}
          error={shown.area}
          onChange={(e) => set({ area: e.target.value })}
        />
      </div>
      {areaZone ? (
        <p className="-mt-1 text-xs text-muted" data-testid="address-zone">
          {m.checkout_delivery_zone()} <span className="font-medium text-ink">{zoneLabel(areaZone)}</span>
        </p>
      ) : null}
      <TextField
        label={m.checkout_field_address()}
        name="address_detail"
        autoComplete="street-address"
        placeholder={m.checkout_address_placeholder()}
        value={form.address_detail}
        error={shown.address_detail}
        onChange={(e) => set({ address_detail: e.target.value })}
      />
      <TextField
        label={m.checkout_field_landmark()}
        name="additional_info"
        placeholder={m.checkout_landmark_placeholder()}
        value={form.additional_info ?? ''}
        onChange={(e) => set({ additional_info: e.target.value })}
      />
      <label className="flex items-center gap-2.5 text-sm text-ink">
        <input
          type="checkbox"
          className="size-4 accent-brand"
          checked={!!form.default}
          onChange={(e) => set({ default: e.target.checked })}
        />
        {m.checkout_make_default()}
      </label>
      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        {onCancel ? (
          <button
            type="button"
            onClick={onCancel}
            className="h-12 rounded-lg px-5 text-sm font-semibold text-ink hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand"
          >
            {m.checkout_cancel()}
          </button>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy || undefined}
          className="inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-ink px-6 text-sm font-semibold text-white transition hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:bg-neutral-300"
        >
          {busy ? <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" /> : null}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
