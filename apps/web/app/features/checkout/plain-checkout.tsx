import type { ReactNode } from 'react';
import type { Address, BdDivision, CheckoutSummary } from '@store/shared/checkout';
import type { CheckoutLoyalty, CheckoutReferral } from '@store/shared/loyalty';
import type { StoreLocation } from '@store/shared/content';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatDigits, formatTaka } from '../../lib/format';
import { pointsText } from '../loyalty/loyalty-text';
import { FieldError } from '../auth/form-controls';
import { addressLine } from './address-card-parts';
import { paymentMethodLabel } from './labels';
import { placeLabel } from './payment-step';
import { Section } from './summary-parts';
import { hrefHere } from '../../lib/locale';

/*
 * The checkout as plain HTML forms, for a browser without the page's scripts: each step's choices
 * go to the checkout page's action (checkout-action.server.ts), which makes the same API calls
 * the scripted page makes. Rendered inside <noscript>, where the scripted controls would do nothing.
 */

/** What the address form sent when the API refused it: its values and the field messages, so nothing typed is lost. */
export type PlainAddressRefusal = { values: Record<string, string>; errors: Record<string, string> };

const submitClass =
  'flex h-12 w-full items-center justify-center rounded-xl bg-brand text-sm font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
const inputClass =
  'block h-12 w-full rounded-lg border border-neutral-300 bg-white px-3.5 text-base text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/25';

function Radio({
  name,
  value,
  checked,
  children,
  testId,
}: {
  name: string;
  value: string | number;
  checked: boolean;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <label
      data-testid={testId}
      className="flex cursor-pointer gap-3 rounded-xl border border-line p-4 has-checked:border-brand has-checked:bg-brand-soft/40"
    >
      <input type="radio" name={name} value={value} defaultChecked={checked} required className="mt-0.5 size-4 shrink-0 accent-brand" />
      <span className="min-w-0 flex-1 text-sm">{children}</span>
    </label>
  );
}

function Field({
  label,
  name,
  error,
  value,
  ...rest
}: { label: string; name: string; error?: string; value?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `plain-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <input id={id} name={name} defaultValue={value} aria-invalid={error ? true : undefined} className={inputClass} {...rest} />
      {error ? <FieldError>{error}</FieldError> : null}
    </div>
  );
}

/** The address step: deliver to a saved address (with its speed), to a new one, or pick up from a store. */
export function PlainDelivery({
  summary,
  addresses,
  locations,
  stores,
  district,
  refusal,
}: {
  summary: CheckoutSummary;
  addresses: Address[];
  locations: BdDivision[];
  stores: StoreLocation[];
  /** The district chosen for a new address (?district=), whose areas the form then lists. */
  district: string | null;
  refusal: PlainAddressRefusal | null;
}) {
  // The division holding the chosen district, and that district's areas.
  const chosen = locations
    .flatMap((d) => d.districts.map((x) => ({ division: d.name, district: x })))
    .find((p) => p.district.name === district);
  const areas = chosen?.district.areas ?? [];
  const sameDay = summary.shipping_options.find((o) => o.type === 'same_day');
  const values = refusal?.values ?? {};
  const errors = refusal?.errors ?? {};
  return (
    <div className="space-y-4" data-testid="plain-delivery">
      {addresses.length > 0 ? (
        <Section title={m.checkout_plain_saved()} id="plain-saved-title">
          <form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="ship" />
            {addresses.map((a) => (
              <Radio
                key={a.id}
                name="address"
                value={a.id}
                checked={summary.delivery_type !== 'pickup' && summary.shipping_address_id === a.id}
              >
                <span className="block font-semibold text-ink">{a.name}</span>
                <span className="block text-neutral-700">{addressLine(a)}</span>
                <span className="block text-xs text-muted">{a.phone}</span>
              </Radio>
            ))}
            <fieldset className="space-y-2 pt-1">
              <legend className="mb-1 text-sm font-semibold text-ink">{m.checkout_delivery_speed()}</legend>
              <label className="flex items-center gap-2 text-sm text-ink">
                <input
                  type="radio"
                  name="speed"
                  value="standard"
                  defaultChecked={summary.delivery_type !== 'same_day'}
                  className="size-4 accent-brand"
                />
                {m.checkout_standard_delivery()}
              </label>
              <label className="flex items-center gap-2 text-sm text-ink">
                <input
                  type="radio"
                  name="speed"
                  value="same_day"
                  defaultChecked={summary.delivery_type === 'same_day'}
                  className="size-4 accent-brand"
                />
                {sameDay
                  ? m.checkout_plain_same_day({ fee: formatTaka(sameDay.fee), cutoff: summary.same_day_cutoff })
                  : m.checkout_same_day_delivery()}
              </label>
            </fieldset>
            <button type="submit" className={submitClass}>
              {m.checkout_deliver_here()}
            </button>
          </form>
        </Section>
      ) : null}

      <Section title={m.checkout_plain_new()} id="plain-new-title">
        <form method="get" action={hrefHere('/checkout')} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="step" value="address" />
          <div className="flex-1">
            <label htmlFor="plain-district" className="mb-1 block text-sm font-medium text-ink">
              {m.checkout_field_district()}
            </label>
            <select id="plain-district" name="district" defaultValue={district ?? ''} required className={inputClass}>
              <option value="" disabled>
                {m.checkout_choose_your_district()}
              </option>
              {locations.map((d) => (
                <optgroup key={d.name} label={d.name}>
                  {d.districts.map((x) => (
                    <option key={x.name} value={x.name}>
                      {x.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <button type="submit" className="h-12 rounded-xl border border-neutral-300 px-5 text-sm font-semibold text-ink hover:border-ink">
            {chosen ? m.checkout_change_district() : m.checkout_choose_area()}
          </button>
        </form>
        {chosen ? (
          <form method="post" className="mt-4 space-y-3 border-t border-line pt-4">
            <input type="hidden" name="intent" value="add-address" />
            <input type="hidden" name="division" value={chosen.division} />
            <input type="hidden" name="location" value={chosen.district.name} />
            <div>
              <label htmlFor="plain-area" className="mb-1 block text-sm font-medium text-ink">
                {m.checkout_field_area()}
              </label>
              <select id="plain-area" name="area" defaultValue={values.area ?? ''} required className={inputClass}>
                <option value="" disabled>
                  {m.checkout_choose_your_area({ district: chosen.district.name })}
                </option>
                {areas.map((a) => (
                  <option key={a.name} value={a.name}>
                    {a.name}
                  </option>
                ))}
              </select>
              {errors.area ? <FieldError>{errors.area}</FieldError> : null}
            </div>
            <Field label={m.checkout_field_full_name()} name="name" autoComplete="name" required value={values.name} error={errors.name} />
            <Field
              label={m.checkout_field_phone()}
              name="phone"
              type="tel"
              autoComplete="tel"
              required
              placeholder="01XXXXXXXXX"
              value={values.phone}
              error={errors.phone}
            />
            <Field
              label={m.checkout_field_house()}
              name="address_detail"
              autoComplete="street-address"
              required
              value={values.address_detail}
              error={errors.address_detail}
            />
            <button type="submit" className={submitClass}>
              {m.checkout_save_deliver_here()}
            </button>
          </form>
        ) : null}
      </Section>

      {stores.length > 0 ? (
        <Section title={m.checkout_plain_pickup()} id="plain-pickup-title">
          <form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="pickup" />
            {stores.map((s) => (
              <Radio
                key={s.id}
                name="store"
                value={s.id}
                checked={summary.delivery_type === 'pickup' && summary.store_location_id === s.id}
              >
                <span className="block font-semibold text-ink">{s.name}</span>
                <span className="block text-neutral-700">{s.address}</span>
                <span className="block text-xs text-muted">
                  {s.hours} · {s.phone}
                </span>
              </Radio>
            ))}
            <button type="submit" className={submitClass}>
              {m.checkout_pick_up_here()}
            </button>
          </form>
        </Section>
      ) : null}
    </div>
  );
}

/** Loyalty points on the order as a plain form: how many to use (the most it can take, to start), or take them off. */
function PlainPoints({ loyalty, discount }: { loyalty: CheckoutLoyalty; discount: number }) {
  return (
    <Section title={m.loyalty_box_title()} id="plain-points-title">
      <div className="space-y-3 text-sm" data-testid="plain-points">
        <p className="text-ink">
          {m.loyalty_box_balance({ points: pointsText(loyalty.balance), amount: formatTaka(loyalty.balance * loyalty.point_value) })}
        </p>
        {loyalty.points > 0 ? (
          <form method="post" className="flex items-center justify-between gap-3 rounded-xl bg-emerald-50 px-4 py-3">
            <input type="hidden" name="intent" value="points" />
            <input type="hidden" name="points" value="0" />
            <span className="font-semibold text-emerald-900">
              {m.loyalty_box_applied({ points: pointsText(loyalty.points), amount: formatTaka(discount) })}
            </span>
            <button type="submit" className="shrink-0 text-sm font-semibold text-emerald-900 underline">
              {m.loyalty_remove()}
            </button>
          </form>
        ) : loyalty.redeemable > 0 ? (
          <form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="points" />
            <Field
              label={m.loyalty_box_use()}
              name="points"
              inputMode="numeric"
              autoComplete="off"
              value={formatDigits(String(loyalty.redeemable))}
              aria-describedby="plain-points-hint"
            />
            <p id="plain-points-hint" className="text-xs text-muted">
              {m.loyalty_box_up_to({
                points: pointsText(loyalty.redeemable),
                amount: formatTaka(loyalty.redeemable * loyalty.point_value),
              })}
            </p>
            <button type="submit" className={submitClass}>
              {m.loyalty_apply()}
            </button>
          </form>
        ) : (
          <p className="text-muted">
            {loyalty.balance < loyalty.redeem_min_balance
              ? m.loyalty_box_min({ count: formatCount(loyalty.redeem_min_balance) })
              : m.loyalty_box_none()}
          </p>
        )}
        {loyalty.earn > 0 ? <p className="text-neutral-700">{m.loyalty_box_earn({ points: pointsText(loyalty.earn) })}</p> : null}
      </div>
    </Section>
  );
}

/** The referral code as a plain form: the checkout's (with its discount or why none), else a field to apply one (a friend's link fills it). */
function PlainReferral({ referral, fromLink }: { referral: CheckoutReferral | null; fromLink: string | null }) {
  return (
    <Section title={m.checkout_referral_code()} id="plain-referral-title">
      {referral ? (
        <form method="post" className="flex items-center justify-between gap-3 text-sm" data-testid="plain-referral">
          <input type="hidden" name="intent" value="referral" />
          <input type="hidden" name="code" value="" />
          <span>
            <span className="block font-bold text-ink">{referral.code}</span>
            <span className={referral.error ? 'text-red-700' : 'text-emerald-700'}>
              {referral.error ?? m.loyalty_referral_applied({ amount: formatTaka(referral.discount) })}
            </span>
          </span>
          <button type="submit" className="shrink-0 font-semibold text-ink underline">
            {m.loyalty_remove()}
          </button>
        </form>
      ) : (
        <form method="post" className="space-y-3" data-testid="plain-referral">
          <input type="hidden" name="intent" value="referral" />
          <Field label={m.checkout_referral_optional()} name="code" maxLength={40} autoComplete="off" value={fromLink ?? ''} />
          {fromLink ? <p className="text-xs text-muted">{m.loyalty_referral_from_link()}</p> : null}
          <button type="submit" className={submitClass}>
            {m.loyalty_apply()}
          </button>
        </form>
      )}
    </Section>
  );
}

/** The payment step: points and a referral code (forms of their own), a method and 'Place order', sent once (the key is this page's; a second send is the same attempt). */
export function PlainPayment({
  summary,
  attemptKey,
  referralFromLink,
}: {
  summary: CheckoutSummary;
  attemptKey: string;
  referralFromLink: string | null;
}) {
  const options = summary.payment_options.filter((o) => o.available);
  const preferred = summary.payment_method ?? (summary.delivery_type === 'pickup' ? 'cash_on_pickup' : 'cod');
  return (
    <div className="space-y-4">
      {summary.loyalty ? <PlainPoints loyalty={summary.loyalty} discount={summary.totals.points_discount} /> : null}
      <PlainReferral referral={summary.referral} fromLink={referralFromLink} />
      <Section title={m.checkout_payment_method()} id="plain-payment-title">
        <form method="post" className="space-y-3" data-testid="plain-payment">
          <input type="hidden" name="intent" value="place" />
          <input type="hidden" name="attempt" value={attemptKey} />
          {options.map((o) => (
            <Radio key={o.method} name="method" value={o.method} checked={o.method === preferred} testId={`plain-pay-${o.method}`}>
              <span className="font-semibold text-ink">{paymentMethodLabel(o.method)}</span>
            </Radio>
          ))}
          <button type="submit" className={`${submitClass} h-14 text-base`}>
            {placeLabel(null, summary.totals.total)}
          </button>
        </form>
      </Section>
    </div>
  );
}
