import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import {
  AdminCardEditFormSchema,
  AdminCardInputSchema,
  formatCardNumber,
  luhnCheckDigit,
  type AdminCard,
  type AdminCardEditForm,
  type AdminCardInput,
  type AdminCardValues,
  type CardUse,
} from '@store/shared/admin-cards';
import { IdParamSchema } from '@store/shared/input';
import { formatTaka } from '@store/shared/money';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { NoticeAndSave } from '../../components/ui/save-box';
import { PageHeader, Section, textLinkClass } from '../../components/ui/page';
import { Switch } from '../../components/ui/switch';
import { api } from '../../lib/api';
import { apiErrorToForm, errorMessage } from '../../lib/forms';
import { useLeaveGuard } from '../content/leave-guard';
import { CardStateBadge, HolderText, formatDay } from './cards-list';
import { OrderUsesTable } from './order-uses';

type EditorData = { card: AdminCard | null; uses: CardUse[] };

export async function cardLoader({ request, params }: LoaderFunctionArgs): Promise<EditorData> {
  if (params.id === undefined) return { card: null, uses: [] };
  const id = IdParamSchema.safeParse(params.id);
  if (!id.success) throw new Response('Not found', { status: 404 });
  const [card, uses] = await Promise.all([
    api.get<{ data: AdminCard }>(`/offers/cards/${id.data}/`, request.signal).then((r) => r.data),
    api.get<{ data: CardUse[] }>(`/offers/cards/${id.data}/uses/`, request.signal).then((r) => r.data),
  ]);
  return { card, uses };
}

/** An empty date field is no expiry. */
const optionalDay = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : String(v)) };

/** A card's rebate and its last day, the same when issuing a card and when changing one. */
function CardTermsFields({
  percent,
  expiresOn,
  errors,
}: {
  percent: UseFormRegisterReturn;
  expiresOn: UseFormRegisterReturn;
  errors: { percent?: string | undefined; expiresOn?: string | undefined };
}) {
  return (
    <>
      <TextField label="Rebate (percent)" type="number" inputMode="numeric" min={1} max={50} error={errors.percent} {...percent} />
      <TextField label="Valid through (optional)" type="date" error={errors.expiresOn} {...expiresOn} />
    </>
  );
}

/** A number as the API would generate one: 11 random digits (the first not 0) and the Luhn digit. */
function generateNumber(): string {
  const digits = crypto.getRandomValues(new Uint8Array(11));
  const body = Array.from(digits, (d, i) => (i === 0 ? 1 + (d % 9) : d % 10)).join('');
  return `${body}${luhnCheckDigit(body)}`;
}

export function CardEditorPage() {
  const data = useLoaderData<EditorData>();
  return data.card ? <CardEditor key={data.card.id} card={data.card} uses={data.uses} /> : <IssueCard />;
}

function IssueCard() {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<AdminCardInput, unknown, AdminCardValues>({
    resolver: zodResolver(AdminCardInputSchema),
    defaultValues: { number: '', percent: 10, expires_on: null, customer: '' },
  });
  const { register, formState, handleSubmit, setError, setValue } = form;
  const errors = formState.errors;
  const guard = useLeaveGuard(formState.isDirty && !formState.isSubmitSuccessful);

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      const { data } = await api.post<{ data: AdminCard }>('/offers/cards/', { ...values, customer: values.customer || null });
      guard.allowLeave();
      const text = `Card ${formatCardNumber(data.number)} issued${data.holder ? ` to ${data.holder.name || data.holder.phone || data.holder.email}` : ''}.`;
      await navigate(`/offers/cards/${data.id}`, { replace: true, state: { notice: text } });
    } catch (error) {
      setNotice(apiErrorToForm(error, setError, ['number', 'percent', 'expires_on', 'customer']) ?? 'Check the fields marked above.');
    }
  });

  return (
    <div>
      <PageHeader
        title="Issue card"
        description="A new privilege card: its holder gets the percent off every bag."
        action={
          <Link to="/offers/cards" className={textLinkClass}>
            All cards
          </Link>
        }
      />
      <form onSubmit={submit} noValidate aria-label="Issue card" className="max-w-2xl space-y-6">
        <Section title="Card">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <TextField
                label="Card number"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                placeholder="Empty: generated"
                hint="12 digits, the last a check digit (Luhn). Leave it empty and one is generated."
                error={errors.number?.message}
                {...register('number')}
              />
              <Button variant="secondary" className="mt-2" onClick={() => setValue('number', generateNumber(), { shouldDirty: true })}>
                Generate a number
              </Button>
            </div>
            <CardTermsFields
              percent={register('percent', { valueAsNumber: true })}
              expiresOn={register('expires_on', optionalDay)}
              errors={{ percent: errors.percent?.message, expiresOn: errors.expires_on?.message }}
            />
            <div className="sm:col-span-2">
              <TextField
                label="Issue to customer (optional)"
                autoComplete="off"
                placeholder="Phone or e-mail"
                hint="Empty: the card is not linked; the shopper can link it in their account."
                error={errors.customer?.message}
                {...register('customer')}
              />
            </div>
          </div>
        </Section>
        {notice ? <Alert tone="error">{notice}</Alert> : null}
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Issuing…' : 'Issue card'}
        </Button>
      </form>
      {guard.dialog}
    </div>
  );
}

const toForm = (c: AdminCard): AdminCardEditForm => ({ percent: c.percent, expires_on: c.expires_on, active: c.active, customer: '' });

function CardEditor({ card: initial, uses }: { card: AdminCard; uses: CardUse[] }) {
  const location = useLocation();
  const [saved, setSaved] = useState(initial);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(() => {
    const text = (location.state as { notice?: string } | null)?.notice;
    return text ? { tone: 'success', text } : null;
  });
  const [unlinking, setUnlinking] = useState(false);
  const form = useForm<AdminCardEditForm>({ resolver: zodResolver(AdminCardEditFormSchema), defaultValues: toForm(initial) });
  const { register, control, formState, handleSubmit, setError, reset } = form;
  const errors = formState.errors;
  const guard = useLeaveGuard(formState.isDirty);

  const after = (data: AdminCard, text: string) => {
    setSaved(data);
    reset(toForm(data));
    setNotice({ tone: 'success', text });
  };

  const submit = handleSubmit(async ({ customer, ...values }) => {
    setNotice(null);
    try {
      const { data } = await api.patch<{ data: AdminCard }>(`/offers/cards/${saved.id}/`, {
        ...values,
        ...(customer ? { customer } : {}),
        updated_at: saved.updated_at,
      });
      after(
        data,
        `Saved. The card is ${data.state}${data.holder ? `, held by ${data.holder.name || data.holder.phone || data.holder.email}` : ', not linked'}.`,
      );
    } catch (error) {
      setNotice({
        tone: 'error',
        text: apiErrorToForm(error, setError, ['percent', 'expires_on', 'active', 'customer']) ?? 'Check the fields marked above.',
      });
    }
  });

  async function unlink() {
    setUnlinking(true);
    setNotice(null);
    try {
      const { data } = await api.patch<{ data: AdminCard }>(`/offers/cards/${saved.id}/`, { customer: null, updated_at: saved.updated_at });
      after(data, 'Unlinked. The card no longer gives anyone a rebate until it is linked again.');
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error) });
    } finally {
      setUnlinking(false);
    }
  }

  return (
    <div>
      <PageHeader
        title={`Card ${formatCardNumber(saved.number)}`}
        description={`${saved.percent}% rebate · ${formatDay(saved.expires_on)} · used on ${saved.orders} ${saved.orders === 1 ? 'order' : 'orders'}, ${formatTaka(saved.rebate_total)} given`}
        action={
          <div className="flex items-center gap-3">
            <CardStateBadge state={saved.state} />
            <Link to="/offers/cards" className={textLinkClass}>
              All cards
            </Link>
          </div>
        }
      />
      <form onSubmit={submit} noValidate aria-label="Privilege card" className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Section title="Holder">
            <div className="space-y-4">
              <div className="flex flex-wrap items-center justify-between gap-3" data-testid="card-holder">
                <HolderText holder={saved.holder} />
                {saved.holder ? (
                  <Button variant="secondary" onClick={() => void unlink()} disabled={unlinking}>
                    {unlinking ? 'Unlinking…' : 'Unlink'}
                  </Button>
                ) : null}
              </div>
              <TextField
                label={saved.holder ? 'Move to another customer' : 'Link to a customer'}
                autoComplete="off"
                placeholder="Phone or e-mail"
                hint="Saved with the card. A customer holds one card at most."
                error={errors.customer?.message}
                {...register('customer')}
              />
            </div>
          </Section>
          <Section title="Rebate">
            <div className="grid gap-4 sm:grid-cols-2">
              <CardTermsFields
                percent={register('percent', { valueAsNumber: true })}
                expiresOn={register('expires_on', optionalDay)}
                errors={{ percent: errors.percent?.message, expiresOn: errors.expires_on?.message }}
              />
            </div>
          </Section>
          <Section
            title="Orders"
            description="The orders placed with this card, newest first. A cancelled order does not count in the totals."
          >
            <OrderUsesTable
              who="Customer"
              amount="Rebate"
              uses={uses.map((u) => ({
                key: String(u.order_id),
                order: u.order,
                customer: u.customer,
                at: u.placed_at,
                amount: u.rebate,
                cancelled: u.cancelled,
              }))}
            />
          </Section>
        </div>
        <div className="min-w-0 space-y-6">
          <Section title="Saving">
            <div className="space-y-4">
              <Controller
                control={control}
                name="active"
                render={({ field }) => <Switch label="Active (gives its rebate)" checked={field.value} onCheckedChange={field.onChange} />}
              />
              <p className="text-xs text-muted">A card is never deleted: switched off, it stops giving its rebate and keeps its orders.</p>
              <NoticeAndSave notice={notice} submitting={formState.isSubmitting} />
            </div>
          </Section>
        </div>
      </form>
      {guard.dialog}
    </div>
  );
}
