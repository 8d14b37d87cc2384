import { Controller, useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router';
import { VARIANT_OPTION_LABELS, VARIANT_OPTIONS, type AdminProductInput } from '@store/shared/admin-catalog';
import { discountedPrice, formatTaka } from '@store/shared/money';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Section } from '../../../components/ui/page';

export type ProductForm = AdminProductInput;

/** The form holds poisha; the field shows taka. An empty field is NaN, which the schema calls "Must be a number". */
export const takaToPoishaInput = (v: string) => (v.trim() === '' ? Number.NaN : Math.round(Number(v) * 100));
export const numberInput = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v)) };

export const emptyVariant = (): ProductForm['variants'][number] => ({
  sku: '',
  title: '',
  swatch: null,
  price: Number.NaN,
  discount: 0,
  barcode: '',
  stock: 0,
});

/**
 * The variants: what they differ by, then one block per variant (title, SKU, swatch, price, discount,
 * barcode, stock), in the order the storefront lists them. A saved variant's stock moves in Inventory.
 */
export function VariantsSection({
  control,
  register,
  errors,
}: {
  control: Control<ProductForm>;
  register: UseFormRegister<ProductForm>;
  errors: FieldErrors<ProductForm>;
}) {
  // The variants carry their own `id` (the API's): the list's React keys go under `key`.
  const { fields, append, remove, move } = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const option = useWatch({ control, name: 'option' });
  const rows = useWatch({ control, name: 'variants' });
  const swatches = option !== 'size';
  const label = VARIANT_OPTION_LABELS[option];
  return (
    <Section title="Variants" description="Each size, shade or colour the shopper can choose, with its own SKU, price and stock.">
      <div className="space-y-4">
        <SelectField label="Variants differ by" error={errors.option?.message} {...register('option')}>
          {VARIANT_OPTIONS.map((o) => (
            <option key={o} value={o}>
              {VARIANT_OPTION_LABELS[o]}
            </option>
          ))}
        </SelectField>
        {errors.variants?.message || errors.variants?.root?.message ? (
          <p className="text-sm text-red-700" role="alert">
            {errors.variants.message ?? errors.variants.root?.message}
          </p>
        ) : null}
        <ol className="space-y-3">
          {fields.map((field, i) => {
            const row = rows[i];
            const e = errors.variants?.[i];
            const saved = row?.id !== undefined;
            const price = row?.price ?? Number.NaN;
            const discount = row?.discount ?? 0;
            const after = Number.isFinite(price) && Number.isFinite(discount) ? discountedPrice(price, discount) : null;
            return (
              <li key={field.key} className="rounded-md border border-line p-3" aria-label={`Variant ${i + 1}`} data-testid="variant-row">
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm font-semibold text-ink">
                    {label} {i + 1}
                    {after !== null && Number.isFinite(price) ? (
                      <span className="ml-2 font-normal text-muted">
                        Shoppers pay {formatTaka(after)}
                        {after < price ? (
                          <>
                            {' '}
                            instead of <s>{formatTaka(price)}</s>
                          </>
                        ) : null}
                      </span>
                    ) : null}
                  </p>
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      className="min-h-8 px-2"
                      aria-label={`Move variant ${i + 1} up`}
                      disabled={i === 0}
                      onClick={() => move(i, i - 1)}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="ghost"
                      className="min-h-8 px-2"
                      aria-label={`Move variant ${i + 1} down`}
                      disabled={i === fields.length - 1}
                      onClick={() => move(i, i + 1)}
                    >
                      ↓
                    </Button>
                    <Button variant="ghost" className="min-h-8 px-2 text-red-700" disabled={fields.length === 1} onClick={() => remove(i)}>
                      Remove
                    </Button>
                  </div>
                </div>
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                  <TextField
                    label={label}
                    placeholder={option === 'size' ? '100 ml' : '01 Ruby Red'}
                    error={e?.title?.message}
                    {...register(`variants.${i}.title`)}
                  />
                  <TextField
                    label="SKU"
                    autoCapitalize="characters"
                    spellCheck={false}
                    error={e?.sku?.message}
                    {...register(`variants.${i}.sku`)}
                  />
                  <Controller
                    control={control}
                    name={`variants.${i}.price`}
                    render={({ field: price, fieldState }) => (
                      <TextField
                        label="Price (taka)"
                        type="number"
                        inputMode="numeric"
                        min={0}
                        step={1}
                        name={price.name}
                        ref={price.ref}
                        onBlur={price.onBlur}
                        value={Number.isFinite(price.value) ? price.value / 100 : ''}
                        onChange={(event) => price.onChange(takaToPoishaInput(event.target.value))}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                  <TextField
                    label="Discount (%)"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={100}
                    step={1}
                    error={e?.discount?.message}
                    {...register(`variants.${i}.discount`, numberInput)}
                  />
                  <TextField label="Barcode" inputMode="numeric" error={e?.barcode?.message} {...register(`variants.${i}.barcode`)} />
                  {saved ? (
                    <div className="space-y-1">
                      <p className="text-sm font-medium text-ink">Stock</p>
                      <p className="py-2 text-sm">
                        <strong>{row?.stock ?? 0}</strong>{' '}
                        <Link to="/inventory" className="text-brand underline-offset-2 hover:underline">
                          Change in Inventory
                        </Link>
                      </p>
                    </div>
                  ) : (
                    <TextField
                      label="Stock"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      step={1}
                      error={e?.stock?.message}
                      {...register(`variants.${i}.stock`, numberInput)}
                    />
                  )}
                  {swatches ? <SwatchField index={i} value={row?.swatch ?? null} register={register} error={e?.swatch?.message} /> : null}
                </div>
              </li>
            );
          })}
        </ol>
        <Button variant="secondary" onClick={() => append(emptyVariant())}>
          Add {label.toLowerCase()}
        </Button>
      </div>
    </Section>
  );
}

/** A swatch: the colour picker and its #rrggbb, or none. */
function SwatchField({
  index,
  value,
  register,
  error,
}: {
  index: number;
  value: string | null;
  register: UseFormRegister<ProductForm>;
  error?: string | undefined;
}) {
  const field = register(`variants.${index}.swatch`, {
    setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : String(v)),
  });
  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <TextField label="Swatch" placeholder="#c0392b" error={error} {...field} />
      </div>
      <span
        className="mb-1 size-8 shrink-0 rounded-full border border-line"
        style={{ background: value && /^#[0-9a-fA-F]{6}$/.test(value) ? value : 'transparent' }}
        aria-hidden="true"
      />
    </div>
  );
}
