import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { AdminCatalogOptions } from '@store/shared/admin-catalog';
import {
  AdminCouponInputSchema,
  COUPON_KIND_LABELS,
  type AdminCoupon,
  type AdminCouponInput,
  type AdminCouponValues,
  type CouponUse,
} from '@store/shared/admin-offers';
import { COUPON_KINDS } from '@store/shared/checkout-rules';
import { IdParamSchema } from '@store/shared/input';
import { formatTaka } from '@store/shared/money';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { NoticeAndSave } from '../../components/ui/save-box';
import { TakaField } from '../../components/ui/taka-field';
import { PageHeader, Section, textLinkClass } from '../../components/ui/page';
import { Switch } from '../../components/ui/switch';
import { api } from '../../lib/api';
import { DEPARTMENT_LABELS } from '../../lib/departments';
import { apiErrorToForm } from '../../lib/forms';
import { WindowFields } from '../content/shared';
import { useLeaveGuard } from '../content/leave-guard';
import { OrderUsesTable } from './order-uses';
import { CouponStateBadge, couponOffer } from './coupons-list';

type EditorData = { coupon: AdminCoupon | null; uses: CouponUse[]; options: AdminCatalogOptions };

export async function couponLoader({ request, params }: LoaderFunctionArgs): Promise<EditorData> {
  const options = api.get<{ data: AdminCatalogOptions }>('/catalog/options/', request.signal).then((r) => r.data);
  if (params.id === undefined) return { coupon: null, uses: [], options: await options };
  const id = IdParamSchema.safeParse(params.id);
  if (!id.success) throw new Response('Not found', { status: 404 });
  const [coupon, uses] = await Promise.all([
    api.get<{ data: AdminCoupon }>(`/offers/coupons/${id.data}/`, request.signal).then((r) => r.data),
    api.get<{ data: CouponUse[] }>(`/offers/coupons/${id.data}/uses/`, request.signal).then((r) => r.data),
  ]);
  return { coupon, uses, options: await options };
}

const FIELDS = [
  'code',
  'kind',
  'title',
  'description',
  'value',
  'min_subtotal',
  'starts_at',
  'ends_at',
  'usage_limit',
  'per_customer_limit',
  'buy_quantity',
  'get_quantity',
  'collection_id',
  'active',
] as const;

function toForm(c: AdminCoupon | null): AdminCouponInput {
  if (!c) {
    return {
      code: '',
      kind: 'percentage',
      title: '',
      description: '',
      value: 10,
      min_subtotal: null,
      starts_at: null,
      ends_at: null,
      usage_limit: null,
      per_customer_limit: 1,
      buy_quantity: null,
      get_quantity: null,
      collection_id: null,
      active: true,
    };
  }
  const { id: _id, used_count: _used, state: _state, updated_at: _updated, ...fields } = c;
  return fields;
}

/** An optional whole number: an empty field is null (no limit). */
const optionalNumber = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) };

export function CouponEditorPage() {
  const data = useLoaderData<EditorData>();
  return <CouponEditor key={data.coupon?.id ?? 'new'} {...data} />;
}

function CouponEditor({ coupon: initial, uses, options }: EditorData) {
  const navigate = useNavigate();
  const location = useLocation();
  const [saved, setSaved] = useState(initial);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(() => {
    const text = (location.state as { notice?: string } | null)?.notice;
    return text ? { tone: 'success', text } : null;
  });
  const form = useForm<AdminCouponInput, unknown, AdminCouponValues>({
    resolver: zodResolver(AdminCouponInputSchema),
    defaultValues: toForm(initial),
  });
  const { register, control, formState, handleSubmit, setError, reset, setValue } = form;
  const errors = formState.errors;
  const guard = useLeaveGuard(formState.isDirty);
  const [kind, value] = useWatch({ control, name: ['kind', 'value'] });

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const { data } = saved
        ? await api.patch<{ data: AdminCoupon }>(`/offers/coupons/${saved.id}/`, { ...values, updated_at: saved.updated_at })
        : await api.post<{ data: AdminCoupon }>('/offers/coupons/', values);
      const text = `Saved. ${data.code} is ${data.state === 'live' ? 'live: shoppers can use it now' : data.state.replace('_', ' ')}.`;
      if (!saved) {
        guard.allowLeave();
        await navigate(`/offers/coupons/${data.id}`, { replace: true, state: { notice: text } });
        return;
      }
      setSaved(data);
      reset(toForm(data));
      setNotice({ tone: 'success', text });
    } catch (error) {
      setNotice({ tone: 'error', text: apiErrorToForm(error, setError, FIELDS) ?? 'Check the fields marked above.' });
    }
  });

  const valued = kind === 'percentage' || kind === 'fixed_amount';
  return (
    <div>
      <PageHeader
        title={saved ? `Coupon ${saved.code}` : 'New coupon'}
        description={
          saved
            ? `${couponOffer(saved)} · used ${saved.used_count}${saved.usage_limit !== null ? ` of ${saved.usage_limit}` : ''} times`
            : 'Shoppers type the code at checkout.'
        }
        action={
          <div className="flex items-center gap-3">
            {saved ? <CouponStateBadge state={saved.state} /> : null}
            <Link to="/offers/coupons" className={textLinkClass}>
              All coupons
            </Link>
          </div>
        }
      />
      <form onSubmit={submit} noValidate aria-label="Coupon" className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Section title="Code and title">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Code"
                autoCapitalize="characters"
                spellCheck={false}
                hint="Letters, digits, dashes; shoppers may type it in any case."
                error={errors.code?.message}
                {...register('code')}
              />
              <TextField label="Title" error={errors.title?.message} {...register('title')} />
              <div className="sm:col-span-2">
                <TextAreaField label="Description (for staff)" rows={2} error={errors.description?.message} {...register('description')} />
              </div>
            </div>
          </Section>
          <Section title="What it gives">
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Kind"
                error={errors.kind?.message}
                // A percent is not an amount in poisha: another kind starts with its value empty.
                {...register('kind', { onChange: () => setValue('value', Number.NaN) })}
              >
                {COUPON_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {COUPON_KIND_LABELS[k]}
                  </option>
                ))}
              </SelectField>
              {kind === 'percentage' ? (
                <TextField
                  label="Percent off"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={100}
                  error={errors.value?.message}
                  {...register('value', { valueAsNumber: true })}
                />
              ) : null}
              {kind === 'fixed_amount' ? <TakaField control={control} name="value" label="Amount off (taka)" /> : null}
              {kind === 'buy_x_get_y' ? (
                <>
                  <TextField
                    label="Buy (units)"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={20}
                    error={errors.buy_quantity?.message}
                    {...register('buy_quantity', optionalNumber)}
                  />
                  <TextField
                    label="Get free (units)"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={20}
                    error={errors.get_quantity?.message}
                    {...register('get_quantity', optionalNumber)}
                  />
                </>
              ) : null}
              {kind !== 'free_shipping' ? (
                <SelectField
                  label="Products"
                  error={errors.collection_id?.message}
                  hint={kind === 'buy_x_get_y' ? 'The cheapest eligible units are the free ones.' : undefined}
                  {...register('collection_id', optionalNumber)}
                >
                  <option value="">Every product</option>
                  {options.collections.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title} ({DEPARTMENT_LABELS[c.department]})
                    </option>
                  ))}
                </SelectField>
              ) : null}
              <TakaField control={control} name="min_subtotal" label="Minimum spend (taka)" optional placeholder="Any bag" />
            </div>
            {valued && Number.isFinite(value) ? (
              <p className="mt-3 text-sm text-muted" data-testid="coupon-example">
                On a bag of ৳2,000:{' '}
                {kind === 'percentage'
                  ? `−${formatTaka(Math.round((2_000 * Math.min(100, value)) / 100) * 100)}`
                  : `−${formatTaka(Math.min(value, 200_000))}`}
              </p>
            ) : null}
          </Section>
          <Section title="Limits">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Uses in total"
                type="number"
                inputMode="numeric"
                min={1}
                placeholder="No limit"
                error={errors.usage_limit?.message}
                {...register('usage_limit', optionalNumber)}
              />
              <TextField
                label="Uses per shopper"
                type="number"
                inputMode="numeric"
                min={1}
                placeholder="No limit"
                error={errors.per_customer_limit?.message}
                {...register('per_customer_limit', optionalNumber)}
              />
              <WindowFields control={control} starts="starts_at" ends="ends_at" />
            </div>
          </Section>
          {saved ? (
            <Section title="Uses" description="The orders that used this code, newest first. A cancelled order gives its use back.">
              <OrderUsesTable
                who="Shopper"
                amount="Discount"
                uses={uses.map((u) => ({
                  key: `${u.order_id}-${u.used_at}`,
                  order: u.order,
                  customer: u.customer,
                  at: u.used_at,
                  amount: u.discount,
                  cancelled: u.voided_at !== null,
                }))}
              />
            </Section>
          ) : null}
        </div>
        <div className="min-w-0 space-y-6">
          <Section title="Saving">
            <div className="space-y-4">
              <Controller
                control={control}
                name="active"
                render={({ field }) => <Switch label="On (shoppers can use it)" checked={field.value} onCheckedChange={field.onChange} />}
              />
              <NoticeAndSave notice={notice} submitting={formState.isSubmitting} />
            </div>
          </Section>
        </div>
      </form>
      {guard.dialog}
    </div>
  );
}
