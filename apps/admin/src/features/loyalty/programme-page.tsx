import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import { AdminLoyaltySettingsInputSchema, loyaltyMessages, pointsFor, type AdminLoyaltySettings } from '@store/shared/loyalty';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { NoticeAndSave, type Notice } from '../../components/ui/save-box';
import { PageHeader, Section } from '../../components/ui/page';
import { Switch } from '../../components/ui/switch';
import { TakaField } from '../../components/ui/taka-field';
import { ApiError, api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { apiErrorToForm, numberField } from '../../lib/forms';
import { useLeaveGuard } from '../content/leave-guard';
import { pointValueText, pointsText } from './points';
import { TiersEditor, type ProgrammeForm } from './tiers-editor';

export async function programmeLoader({ request }: LoaderFunctionArgs): Promise<AdminLoyaltySettings> {
  return (await api.get<{ data: AdminLoyaltySettings }>('/loyalty/settings/', request.signal)).data;
}

type ProgrammeValues = z.output<typeof AdminLoyaltySettingsInputSchema>;

const toForm = (s: AdminLoyaltySettings): ProgrammeForm => ({ rules: s.rules, loaded_at: s.updated_at });

/** On an order of ৳1,000: what the first and the top tier earn, and what the points are worth. */
function Example({ control }: { control: Control<ProgrammeForm> }) {
  const rules = useWatch({ control, name: 'rules' });
  const first = rules.tiers[0];
  const top = rules.tiers.length > 1 ? rules.tiers[rules.tiers.length - 1] : undefined;
  if (!first || !Number.isFinite(rules.earn_points_per_100_taka) || !Number.isFinite(rules.point_value)) return null;
  const earns = (multiplier: number) => (Number.isFinite(multiplier) ? pointsText(pointsFor(100_000, rules, multiplier)) : '…');
  return (
    <p className="mt-3 text-sm text-muted" data-testid="programme-example">
      On an order of ৳1,000: {first.name || 'the first tier'} earns {earns(first.multiplier)}
      {top ? `, ${top.name || 'the top tier'} ${earns(top.multiplier)}` : ''}. 100 points take {pointValueText(rules.point_value * 100)}{' '}
      off.
    </p>
  );
}

export function ProgrammePage() {
  const settings = useLoaderData<AdminLoyaltySettings>();
  // A reload after someone else's save starts the editor again from what they saved.
  return <ProgrammeEditor key={settings.updated_at ?? 'defaults'} settings={settings} />;
}

/** The programme's rules: earning, spending, expiry, tiers and referrals, saved together. */
function ProgrammeEditor({ settings }: { settings: AdminLoyaltySettings }) {
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [conflict, setConflict] = useState(false);
  const [savedAt, setSavedAt] = useState(settings.updated_at);
  const form = useForm<ProgrammeForm, unknown, ProgrammeValues>({
    resolver: zodResolver(AdminLoyaltySettingsInputSchema),
    defaultValues: toForm(settings),
  });
  const { register, control, formState, handleSubmit, setError, reset } = form;
  const errors = formState.errors.rules;
  const guard = useLeaveGuard(formState.isDirty);

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    setConflict(false);
    try {
      const { data } = await api.put<{ data: AdminLoyaltySettings }>('/loyalty/settings/', values);
      reset(toForm(data));
      setSavedAt(data.updated_at);
      setNotice({
        tone: 'success',
        text: data.rules.enabled
          ? 'Saved. Shoppers earn and spend points by these rules from now on.'
          : 'Saved. The programme is off: shoppers earn and spend no points.',
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'edit_conflict') {
        setConflict(true);
        return;
      }
      setNotice({ tone: 'error', text: apiErrorToForm(error, setError, ['rules']) ?? 'Check the fields marked above.' });
    }
  });

  return (
    <div>
      <PageHeader
        title="Loyalty programme"
        description={`Points on delivered orders, spent at checkout; tiers by spend; a referral code per customer. ${
          savedAt ? `Last saved ${formatDateTime(savedAt)}.` : 'The shop’s first rules: not changed yet.'
        }`}
      />
      <form onSubmit={submit} noValidate aria-label="Loyalty programme" className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <Section
            title="Earning and spending"
            description="Points are earned on the items paid for (after every discount, delivery excluded)."
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Points per ৳100"
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                hint="Before the tier’s multiplier."
                error={errors?.earn_points_per_100_taka?.message}
                {...register('rules.earn_points_per_100_taka', numberField)}
              />
              <TakaField
                control={control}
                name="rules.point_value"
                label="One point is worth (taka)"
                hint="What a point takes off at checkout."
              />
              <TextField
                label="Spend from a balance of (points)"
                type="number"
                inputMode="numeric"
                min={0}
                error={errors?.redeem_min_balance?.message}
                {...register('rules.redeem_min_balance', numberField)}
              />
              <TextField
                label="Points pay at most (%)"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                hint="Of the items, after other discounts."
                error={errors?.redeem_max_share?.message}
                {...register('rules.redeem_max_share', numberField)}
              />
              <TextField
                label="Points expire after (months)"
                type="number"
                inputMode="numeric"
                min={1}
                max={60}
                error={errors?.expiry_months?.message}
                {...register('rules.expiry_months', numberField)}
              />
              <TextField
                label="Warn shoppers (days before)"
                type="number"
                inputMode="numeric"
                min={1}
                max={60}
                error={errors?.expiry_warning_days?.message}
                {...register('rules.expiry_warning_days', numberField)}
              />
            </div>
            <Example control={control} />
          </Section>

          <TiersEditor control={control} register={register} errors={errors} />

          <Section
            title="Referrals"
            description="Each customer has a code to share. A friend’s first order with it gets the welcome discount; once it is delivered, the customer gets the reward."
          >
            <div className="grid gap-4 sm:grid-cols-3">
              <TakaField control={control} name="rules.referral_welcome_discount" label="Welcome discount (taka)" hint="0: none." />
              <TakaField control={control} name="rules.referral_min_order" label="On a first order from (taka)" />
              <TextField
                label="Reward (points)"
                type="number"
                inputMode="numeric"
                min={0}
                error={errors?.referral_reward_points?.message}
                {...register('rules.referral_reward_points', numberField)}
              />
            </div>
          </Section>
        </div>

        <div className="min-w-0">
          <div className="space-y-6 xl:sticky xl:top-20">
            <Section title="Saving">
              <div className="space-y-4">
                <Controller
                  control={control}
                  name="rules.enabled"
                  render={({ field }) => <Switch label="Programme on" checked={field.value} onCheckedChange={(on) => field.onChange(on)} />}
                />
                <p className="text-sm text-muted">
                  Off: shoppers earn and spend no points and referral codes give nothing. Balances are kept.
                </p>
                {conflict ? (
                  <div className="space-y-2">
                    <Alert>{loyaltyMessages.editConflict}</Alert>
                    <Button variant="secondary" className="w-full" onClick={() => void revalidator.revalidate()}>
                      Reload the programme
                    </Button>
                  </div>
                ) : null}
                <NoticeAndSave notice={notice} submitting={formState.isSubmitting} />
              </div>
            </Section>
          </div>
        </div>
      </form>
      {guard.dialog}
    </div>
  );
}
