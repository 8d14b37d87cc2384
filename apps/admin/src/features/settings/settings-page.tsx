import { useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { DELIVERY_ZONES, ZONE_LABELS } from '@store/shared/checkout-rules';
import { AdminSettingsSchema, WEEKDAYS, type AdminSettings } from '@store/shared/admin-settings';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ImageField } from '../../components/ui/image-field';
import { TextAreaField, TextField } from '../../components/ui/field';
import { PageHeader, Section } from '../../components/ui/page';
import { Switch } from '../../components/ui/switch';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/forms';
import { previewStore } from '../../lib/preview';
import { SettingsGroup } from './settings-form';

export async function settingsLoader({ request }: LoaderFunctionArgs): Promise<AdminSettings> {
  return (await api.get<{ data: AdminSettings }>('/settings/', request.signal)).data;
}

const S = AdminSettingsSchema;
const DeliverySchema = S.pick({ shipping_fees: true, free_delivery: true, same_day_cutoff_hour: true });
const CodesSchema = S.pick({ SMS_TIMER: true, OTP_VALIDITY: true });
const ContactSchema = S.pick({ support_phone: true, whatsapp_number: true, support_email: true, care_hours: true });
const ColoursSchema = S.pick({ colours: true });
const SearchSchema = S.pick({ search_redirects: true });
const StockSchema = S.pick({ stock_warning_threshold: true });
const CodSchema = S.pick({ cod_deposit_high_risk: true });
const LogosSchema = S.pick({ logo: true, logo_logged: true });

const WEEKDAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  sun: 'Sun',
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
};

/** A number field whose empty value is NaN, so the schema's message (not a silent 0) answers it. */
const asNumber = { setValueAs: (v: string) => (v === '' ? Number.NaN : Number(v)) };

/** Taka on screen, poisha in the form (money is minor units everywhere but the UI's edge). */
function MoneyField<T extends FieldValues>({ control, name, label }: { control: Control<T>; name: FieldPath<T>; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          inputMode="decimal"
          defaultValue={Number.isFinite(field.value) ? String((field.value as number) / 100) : ''}
          onChange={(e) => field.onChange(e.target.value.trim() === '' ? Number.NaN : Math.round(Number(e.target.value) * 100))}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
          hint="Taka"
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A list of choices as checkboxes, held as an array of the chosen values. */
function Checkboxes<T extends FieldValues, V extends string>({
  control,
  name,
  legend,
  options,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  legend: string;
  options: readonly { value: V; label: string }[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = (field.value ?? []) as V[];
        return (
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-ink">{legend}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2 pt-1">
              {options.map((o) => (
                <label key={o.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand"
                    checked={chosen.includes(o.value)}
                    onChange={(e) =>
                      field.onChange(
                        e.target.checked
                          ? options.map((x) => x.value).filter((v) => v === o.value || chosen.includes(v))
                          : chosen.filter((v) => v !== o.value),
                      )
                    }
                  />
                  {o.label}
                </label>
              ))}
            </div>
            {fieldState.error ? <p className="text-sm text-red-700">{fieldState.error.message}</p> : null}
          </fieldset>
        );
      }}
    />
  );
}

function DeliveryGroup({ settings }: { settings: AdminSettings }) {
  const values = {
    shipping_fees: settings.shipping_fees,
    free_delivery: settings.free_delivery,
    same_day_cutoff_hour: settings.same_day_cutoff_hour,
  };
  return (
    <SettingsGroup
      title="Delivery fees"
      description="What each delivery costs, and when standard delivery is free."
      schema={DeliverySchema}
      values={values}
      toPatch={(v) => v}
    >
      {({ control, register, formState, watch, setValue }) => {
        const free = watch('free_delivery');
        return (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <MoneyField control={control} name="shipping_fees.standard_inside_dhaka" label="Standard, inside Dhaka" />
              <MoneyField control={control} name="shipping_fees.dhaka_suburb" label="Dhaka suburb" />
              <MoneyField control={control} name="shipping_fees.outside_dhaka" label="Outside Dhaka" />
              <MoneyField control={control} name="shipping_fees.same_day" label="Same day (Dhaka)" />
              <TextField
                label="Same-day cut-off hour"
                type="number"
                min={1}
                max={23}
                hint="Orders placed before this hour (Dhaka time) can come the same day."
                error={formState.errors.same_day_cutoff_hour?.message}
                {...register('same_day_cutoff_hour', asNumber)}
              />
            </div>
            <div className="space-y-3 rounded-md border border-line p-3">
              <Switch
                label="Free standard delivery"
                checked={free !== null}
                onCheckedChange={(on) =>
                  setValue('free_delivery', on ? { threshold: 200_000, zones: ['inside_dhaka'] } : null, { shouldDirty: true })
                }
              />
              {free !== null ? (
                <div className="grid gap-4 sm:grid-cols-2">
                  <MoneyField key="threshold" control={control} name="free_delivery.threshold" label="From an items total of" />
                  <Checkboxes
                    control={control}
                    name="free_delivery.zones"
                    legend="Where"
                    options={DELIVERY_ZONES.map((z) => ({ value: z, label: ZONE_LABELS[z] }))}
                  />
                </div>
              ) : null}
            </div>
          </>
        );
      }}
    </SettingsGroup>
  );
}

function CodesGroup({ settings }: { settings: AdminSettings }) {
  return (
    <SettingsGroup
      title="Sign-in codes"
      description="The one-time codes shoppers get by SMS or e-mail."
      schema={CodesSchema}
      values={{ SMS_TIMER: settings.SMS_TIMER, OTP_VALIDITY: settings.OTP_VALIDITY }}
      toPatch={(v) => v}
    >
      {({ register, formState }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Wait before another SMS (minutes)"
            type="number"
            min={1}
            max={30}
            error={formState.errors.SMS_TIMER?.message}
            {...register('SMS_TIMER', asNumber)}
          />
          <TextField
            label="A code stays valid for (minutes)"
            type="number"
            min={1}
            max={60}
            error={formState.errors.OTP_VALIDITY?.message}
            {...register('OTP_VALIDITY', asNumber)}
          />
        </div>
      )}
    </SettingsGroup>
  );
}

function ContactGroup({ settings }: { settings: AdminSettings }) {
  const values = {
    support_phone: settings.support_phone,
    whatsapp_number: settings.whatsapp_number,
    support_email: settings.support_email,
    care_hours: settings.care_hours,
  };
  return (
    <SettingsGroup
      title="Contact"
      description="Shown in the storefront's footer, help pages and maintenance page."
      schema={ContactSchema}
      values={values}
      toPatch={(v) => v}
    >
      {({ register, formState, control }) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Support phone"
              inputMode="tel"
              error={formState.errors.support_phone?.message}
              {...register('support_phone')}
            />
            <TextField
              label="WhatsApp number"
              inputMode="tel"
              error={formState.errors.whatsapp_number?.message}
              {...register('whatsapp_number')}
            />
            <TextField label="Support e-mail" type="email" error={formState.errors.support_email?.message} {...register('support_email')} />
          </div>
          <Checkboxes
            control={control}
            name="care_hours.days"
            legend="Customer care days"
            options={WEEKDAYS.map((d) => ({ value: d, label: WEEKDAY_LABELS[d] }))}
          />
          <div className="grid grid-cols-2 gap-4">
            <TextField
              label="Opens at (hour)"
              type="number"
              min={0}
              max={23}
              error={formState.errors.care_hours?.open_hour?.message}
              {...register('care_hours.open_hour', asNumber)}
            />
            <TextField
              label="Closes at (hour)"
              type="number"
              min={1}
              max={24}
              error={formState.errors.care_hours?.close_hour?.message}
              {...register('care_hours.close_hour', asNumber)}
            />
          </div>
        </>
      )}
    </SettingsGroup>
  );
}

/** How the storefront's header looks with these colours: the same three roles the shell gives them. */
function HeaderPreview({ label, colours }: { label: string; colours: { main: string; separator: string; font: string } }) {
  return (
    <figure className="space-y-1">
      <figcaption className="text-xs font-medium text-muted">{label}</figcaption>
      <div
        data-testid={`preview-${label}`}
        className="overflow-hidden rounded-md border border-line"
        style={{ backgroundColor: colours.main, color: colours.font }}
      >
        <div className="flex items-center justify-between px-3 py-2" style={{ borderBottom: `3px solid ${colours.separator}` }}>
          <span className="font-serif text-base font-semibold">Glow Bazaar</span>
          <span className="text-xs">Sign in · Bag (2)</span>
        </div>
        <div className="flex gap-3 px-3 py-1.5 text-xs font-medium">
          <span>Skin care</span>
          <span>Make-up</span>
          <span>Hair</span>
          <span>Kids</span>
        </div>
      </div>
    </figure>
  );
}

const COLOUR_ROLES = [
  ['main', 'Background'],
  ['separator', 'Separator'],
  ['font', 'Text'],
] as const;

function ColoursGroup({ settings }: { settings: AdminSettings }) {
  return (
    <SettingsGroup
      title="Colours"
      description="The header's colours for visitors and for signed-in shoppers."
      schema={ColoursSchema}
      values={{ colours: settings.colours }}
      toPatch={(v) => v}
    >
      {({ register, formState, watch, setValue }) => {
        const colours = watch('colours');
        return (
          <div className="grid gap-6 lg:grid-cols-2">
            {(['general', 'registered'] as const).map((set) => (
              <div key={set} className="space-y-3">
                <h3 className="text-sm font-semibold text-ink">{set === 'general' ? 'Visitors' : 'Signed-in shoppers'}</h3>
                <div className="grid grid-cols-3 gap-2">
                  {COLOUR_ROLES.map(([role, label]) => (
                    <div key={role} className="space-y-1">
                      <TextField
                        label={label}
                        error={formState.errors.colours?.[set]?.[role]?.message}
                        {...register(`colours.${set}.${role}`)}
                      />
                      <input
                        type="color"
                        aria-label={`${label} colour picker (${set === 'general' ? 'visitors' : 'signed-in shoppers'})`}
                        value={/^#[0-9a-fA-F]{6}$/.test(colours[set][role]) ? colours[set][role] : '#000000'}
                        onChange={(e) => setValue(`colours.${set}.${role}`, e.target.value, { shouldDirty: true, shouldValidate: true })}
                        className="h-8 w-full cursor-pointer rounded border border-line bg-white"
                      />
                    </div>
                  ))}
                </div>
                <HeaderPreview label={set === 'general' ? 'Visitors' : 'Signed-in shoppers'} colours={colours[set]} />
              </div>
            ))}
          </div>
        );
      }}
    </SettingsGroup>
  );
}

const LOGOS = [
  ['logo', 'Logo for visitors', 'In the header of every page. A wide picture with a transparent background looks best.'],
  ['logo_logged', 'Logo for signed-in shoppers', "Left empty, signed-in shoppers see the visitors' logo."],
] as const;

/** The header's two logos: each uploaded (checked and converted by the API), then saved with the group. */
function LogosGroup({ settings }: { settings: AdminSettings }) {
  return (
    <SettingsGroup
      title="Logos"
      description="Upload a picture, then save: the storefront's header shows it at once (none: the shop's name)."
      schema={LogosSchema}
      values={{ logo: settings.logo, logo_logged: settings.logo_logged }}
      toPatch={(v) => v}
    >
      {({ control }) => (
        <div className="grid gap-6 lg:grid-cols-2">
          {LOGOS.map(([name, label, hint]) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <ImageField
                  label={label}
                  hint={hint}
                  value={field.value}
                  // WebP: every browser the shop supports shows it, and it keeps a logo's transparency.
                  onChange={(image) => field.onChange(image ? image.webp : null)}
                  error={fieldState.error?.message}
                />
              )}
            />
          ))}
        </div>
      )}
    </SettingsGroup>
  );
}

function SearchGroup({ settings }: { settings: AdminSettings }) {
  return (
    <SettingsGroup
      title="Search redirect words"
      description="A search for one of these words opens a section or a brand's page instead of results."
      schema={SearchSchema}
      values={{ search_redirects: settings.search_redirects }}
      toPatch={(v) => v}
    >
      {({ control, register, formState, watch, setValue }) => {
        const luxury = watch('search_redirects.luxury');
        return (
          <>
            <Controller
              control={control}
              name="search_redirects.toy_brand_words"
              render={({ field, fieldState }) => (
                <TextAreaField
                  label="Words that open the toys section"
                  rows={4}
                  hint="One per line."
                  defaultValue={field.value.join('\n')}
                  onChange={(e) =>
                    field.onChange(
                      e.target.value
                        .split('\n')
                        .map((w) => w.trim())
                        .filter(Boolean),
                    )
                  }
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={fieldState.error?.message ?? formState.errors.search_redirects?.toy_brand_words?.find?.((e) => e)?.message}
                />
              )}
            />
            <div className="space-y-3 rounded-md border border-line p-3">
              <Switch
                label="A word that opens a brand's page"
                checked={luxury !== null}
                onCheckedChange={(on) => setValue('search_redirects.luxury', on ? { word: '', brand: '' } : null, { shouldDirty: true })}
              />
              {luxury !== null ? (
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField
                    label="Word"
                    error={formState.errors.search_redirects?.luxury?.word?.message}
                    {...register('search_redirects.luxury.word')}
                  />
                  <TextField
                    label="Brand handle"
                    hint="As in its address: /brand/<handle>"
                    error={formState.errors.search_redirects?.luxury?.brand?.message}
                    {...register('search_redirects.luxury.brand')}
                  />
                </div>
              ) : null}
            </div>
          </>
        );
      }}
    </SettingsGroup>
  );
}

function StockGroup({ settings }: { settings: AdminSettings }) {
  return (
    <SettingsGroup
      title="Stock warning"
      description="Product pages say 'only n left' below this many units."
      schema={StockSchema}
      values={{ stock_warning_threshold: settings.stock_warning_threshold }}
      toPatch={(v) => v}
    >
      {({ register, formState }) => (
        <div className="max-w-xs">
          <TextField
            label="Warn below (units)"
            type="number"
            min={1}
            max={1000}
            error={formState.errors.stock_warning_threshold?.message}
            {...register('stock_warning_threshold', asNumber)}
          />
        </div>
      )}
    </SettingsGroup>
  );
}

/** Cash on delivery for shoppers whose phone's record in this shop is high-risk (the order page's COD risk). */
function CodGroup({ settings }: { settings: AdminSettings }) {
  return (
    <SettingsGroup
      title="Cash on delivery"
      description="A shopper whose phone has returned or refused 40% or more of its ended orders here is high-risk (the COD risk on each order)."
      schema={CodSchema}
      values={{ cod_deposit_high_risk: settings.cod_deposit_high_risk }}
      toPatch={(v) => v}
    >
      {({ watch, setValue }) => (
        <div className="space-y-2">
          <Switch
            label="High-risk shoppers pay the delivery fee by bKash first"
            checked={watch('cod_deposit_high_risk')}
            onCheckedChange={(on) => setValue('cod_deposit_high_risk', on, { shouldDirty: true })}
          />
          <p className="text-sm text-muted">
            Their cash-on-delivery order goes ahead once the fee is paid; the courier collects the rest. A return keeps the fee; a
            cancellation by the shop refunds it.
          </p>
        </div>
      )}
    </SettingsGroup>
  );
}

/** The maintenance switch: saved at once, after a confirmation, since it closes the whole storefront. */
function MaintenanceGroup({ settings }: { settings: AdminSettings }) {
  const { revalidate } = useRevalidator();
  const [asking, setAsking] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const on = settings.site_under_maintenance;
  const confirm = async (next: boolean) => {
    setSaving(true);
    setMessage(null);
    try {
      await api.patch('/settings/', { site_under_maintenance: next });
      await revalidate();
      setAsking(null);
    } catch (error) {
      setMessage(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Section
      title="Maintenance"
      description="Every storefront page says 'Website under maintenance'. Signed-in staff can still preview the store."
    >
      <div className="space-y-3">
        <Switch label="Website under maintenance" checked={on} onCheckedChange={(next) => setAsking(next)} />
        {on ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-line bg-brand-soft px-3 py-2 text-sm">
            <span>The storefront is closed to shoppers.</span>
            <Button variant="secondary" onClick={() => void previewStore().catch((error: unknown) => setMessage(errorMessage(error)))}>
              Preview the store
            </Button>
          </div>
        ) : null}
        {message ? <Alert>{message}</Alert> : null}
      </div>
      <Dialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking ? 'Close the storefront?' : 'Open the storefront?'}
        description={
          asking ? 'Shoppers will see only the maintenance page until you switch this off.' : 'Shoppers can browse and order again.'
        }
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setAsking(null)}>
            Cancel
          </Button>
          <Button variant={asking ? 'danger' : 'primary'} disabled={saving} onClick={() => void confirm(asking ?? false)}>
            {asking ? 'Turn maintenance on' : 'Turn maintenance off'}
          </Button>
        </div>
      </Dialog>
    </Section>
  );
}

const GROUPS = [
  ['delivery', 'Delivery fees'],
  ['cod', 'Cash on delivery'],
  ['codes', 'Sign-in codes'],
  ['contact', 'Contact'],
  ['maintenance', 'Maintenance'],
  ['logos', 'Logos'],
  ['colours', 'Colours'],
  ['search', 'Search words'],
  ['stock', 'Stock warning'],
] as const;

/** Every setting of the shop, in groups, each saved on its own and in effect on the storefront at once. */
export function SettingsPage() {
  const settings = useLoaderData<AdminSettings>();
  const block = {
    delivery: <DeliveryGroup settings={settings} />,
    cod: <CodGroup settings={settings} />,
    codes: <CodesGroup settings={settings} />,
    contact: <ContactGroup settings={settings} />,
    maintenance: <MaintenanceGroup settings={settings} />,
    logos: <LogosGroup settings={settings} />,
    colours: <ColoursGroup settings={settings} />,
    search: <SearchGroup settings={settings} />,
    stock: <StockGroup settings={settings} />,
  };
  return (
    <div>
      <PageHeader title="Settings" />
      <nav aria-label="Settings groups" className="-mx-3 mb-4 flex gap-2 overflow-x-auto px-3 pb-1 text-sm">
        {GROUPS.map(([id, label]) => (
          <a
            key={id}
            href={`#${id}`}
            className="rounded-full border border-line bg-white px-3 py-1 whitespace-nowrap text-ink hover:border-brand"
          >
            {label}
          </a>
        ))}
      </nav>
      <div className="space-y-6">
        {GROUPS.map(([id]) => (
          <div key={id} id={id} className="scroll-mt-20">
            {block[id]}
          </div>
        ))}
      </div>
    </div>
  );
}
