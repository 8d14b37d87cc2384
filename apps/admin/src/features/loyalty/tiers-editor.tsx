import { Controller, useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminLoyaltySettingsInputSchema, Tier } from '@store/shared/loyalty';
import { formatTaka } from '@store/shared/money';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Section } from '../../components/ui/page';
import { Switch } from '../../components/ui/switch';
import { TakaField } from '../../components/ui/taka-field';
import { numberField } from '../../lib/forms';
import { multiplierText } from './points';

export type ProgrammeForm = z.input<typeof AdminLoyaltySettingsInputSchema>;

const MAX_TIERS = 8;

const blankTier = (): Tier => ({
  key: '',
  name: '',
  name_bn: '',
  threshold: Number.NaN,
  multiplier: 100,
  free_delivery: false,
  birthday_voucher: 0,
  early_access_hours: 0,
});

/** What a tier gives, in one line: "From ৳25,000 · ×1.5 points · free delivery · ৳200 birthday voucher". */
function tierSummary(t: Tier | undefined): string {
  if (!t) return '';
  return [
    Number.isFinite(t.threshold) ? `From ${formatTaka(t.threshold)}` : null,
    Number.isFinite(t.multiplier) ? `${multiplierText(t.multiplier)} points` : null,
    t.free_delivery ? 'free delivery' : null,
    t.birthday_voucher > 0 ? `${formatTaka(t.birthday_voucher)} birthday voucher` : null,
    t.early_access_hours > 0 ? `coupons ${t.early_access_hours} h early` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The tiers, lowest first: a customer is in the highest tier whose spend (in the window) they reach.
 * One block per tier, its fields in a grid that folds to two columns, then one, on a phone.
 */
export function TiersEditor({
  control,
  register,
  errors,
}: {
  control: Control<ProgrammeForm>;
  register: UseFormRegister<ProgrammeForm>;
  errors: FieldErrors<ProgrammeForm>['rules'];
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'rules.tiers' });
  const tiers = useWatch({ control, name: 'rules.tiers' });
  const listError = errors?.tiers?.message ?? errors?.tiers?.root?.message;
  return (
    <Section
      title="Tiers"
      description="Lowest first. A customer is in the highest tier their spend in the window reaches; a tier above the first is kept until its review date."
    >
      <div className="space-y-4">
        <div className="sm:max-w-xs">
          <TextField
            label="Spend counted over (months)"
            type="number"
            inputMode="numeric"
            min={1}
            max={36}
            error={errors?.tier_window_months?.message}
            {...register('rules.tier_window_months', numberField)}
          />
        </div>
        {listError ? (
          <p className="text-sm text-red-700" role="alert">
            {listError}
          </p>
        ) : null}
        <ol className="space-y-3">
          {fields.map((field, i) => {
            const e = errors?.tiers?.[i];
            const tier = tiers[i];
            return (
              <li
                key={field.id}
                role="group"
                aria-label={`Tier ${i + 1}`}
                className="rounded-md border border-line p-3"
                data-testid="tier-row"
              >
                <div className="mb-3 flex items-start justify-between gap-2">
                  <p className="min-w-0 flex-1 text-sm">
                    <span className="font-semibold text-ink">
                      Tier {i + 1}
                      {tier?.name ? `: ${tier.name}` : ''}
                    </span>
                    <span className="block text-muted">{tierSummary(tier)}</span>
                  </p>
                  <Button
                    variant="ghost"
                    className="min-h-8 shrink-0 px-2 text-red-700"
                    aria-label={`Remove tier ${i + 1}`}
                    disabled={fields.length === 1}
                    onClick={() => remove(i)}
                  >
                    Remove
                  </Button>
                </div>
                <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
                  <TextField
                    label="Key"
                    autoCapitalize="none"
                    spellCheck={false}
                    hint="Lowercase, e.g. gold"
                    error={e?.key?.message}
                    {...register(`rules.tiers.${i}.key`)}
                  />
                  <TextField label="English name" error={e?.name?.message} {...register(`rules.tiers.${i}.name`)} />
                  <TextField label="Bangla name" lang="bn" error={e?.name_bn?.message} {...register(`rules.tiers.${i}.name_bn`)} />
                  <TakaField
                    control={control}
                    name={`rules.tiers.${i}.threshold`}
                    label="From a spend of (৳)"
                    hint={i === 0 ? 'The first tier: 0' : undefined}
                  />
                  <TextField
                    label="Multiplier (%)"
                    type="number"
                    inputMode="numeric"
                    min={100}
                    max={500}
                    hint={tier && Number.isFinite(tier.multiplier) ? `100 = ×1; now ${multiplierText(tier.multiplier)}` : '100 = ×1'}
                    error={e?.multiplier?.message}
                    {...register(`rules.tiers.${i}.multiplier`, numberField)}
                  />
                  <TakaField control={control} name={`rules.tiers.${i}.birthday_voucher`} label="Birthday voucher (৳)" hint="0: none" />
                  <TextField
                    label="Early access (hours)"
                    hint="To coupons before they start"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={168}
                    error={e?.early_access_hours?.message}
                    {...register(`rules.tiers.${i}.early_access_hours`, numberField)}
                  />
                  <div className="flex items-start pt-8">
                    <div className="w-full">
                      <Controller
                        control={control}
                        name={`rules.tiers.${i}.free_delivery`}
                        render={({ field: free }) => (
                          <Switch label="Free delivery" checked={free.value} onCheckedChange={(on) => free.onChange(on)} />
                        )}
                      />
                    </div>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
        <Button variant="secondary" disabled={fields.length >= MAX_TIERS} onClick={() => append(blankTier())}>
          Add a tier
        </Button>
        {fields.length >= MAX_TIERS ? <p className="text-xs text-muted">At most {MAX_TIERS} tiers.</p> : null}
      </div>
    </Section>
  );
}
