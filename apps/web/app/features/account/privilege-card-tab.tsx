import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { PrivilegeCardLinkPayloadSchema, type MyPrivilegeCard } from '@store/shared/auth';
import { formatDhakaDate, formatDigits } from '../../lib/format';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { api } from '../../lib/http';
import { toast } from '../../lib/toast';
import { Notice, PrimaryButton, TextField } from '../auth/form-controls';
import { fieldErrors } from './zod-errors';

/** The card linked to the account (last four digits), or the form to link one. */
export function PrivilegeCardTab({ card }: { card: MyPrivilegeCard | null }) {
  return card ? <LinkedCard card={card} /> : <LinkCardForm />;
}

function LinkedCard({ card }: { card: MyPrivilegeCard }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    setFailure(null);
    const r = await api.delete<{ success: boolean; detail: string }>('/accounts/privilege-card/', { toasts: false });
    setBusy(false);
    if (r.ok) {
      toast.success(r.data.detail || messages.privilegeCardRemoved());
      await revalidator.revalidate();
    } else setFailure(r.error ? r.error.message : messages.offline());
  }

  return (
    <section className="flex max-w-xl flex-col gap-4" aria-labelledby="card-heading">
      <div className="rounded-xl bg-gradient-to-br from-brand to-brand-dark p-5 text-white shadow-sm" data-testid="privilege-card">
        <h2 id="card-heading" className="text-sm font-semibold uppercase tracking-[0.12em] text-white/80">
          {m.account_tab_privilege_card()}
        </h2>
        <p className="mt-4 font-mono text-2xl tracking-[0.15em]">{card.card}</p>
        <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <div>
            <dt className="text-white/70">{m.account_card_rebate()}</dt>
            <dd className="font-semibold">{m.account_card_percent_off({ percent: formatDigits(String(card.percent)) })}</dd>
          </div>
          <div>
            <dt className="text-white/70">{m.account_card_valid_through()}</dt>
            <dd className="font-semibold">
              {card.expires_on ? formatDhakaDate(new Date(`${card.expires_on}T12:00:00+06:00`), 'long') : m.account_card_no_expiry()}
            </dd>
          </div>
        </dl>
      </div>
      <p className="text-sm text-muted">{m.account_card_automatic()}</p>
      {failure && <Notice tone="error">{failure}</Notice>}
      <button
        type="button"
        onClick={() => void remove()}
        disabled={busy}
        className="inline-flex h-12 items-center justify-center rounded-lg border border-neutral-300 px-5 text-sm font-semibold text-ink transition hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:text-muted sm:self-start"
      >
        {busy ? m.account_card_removing() : m.account_card_remove()}
      </button>
    </section>
  );
}

function LinkCardForm() {
  const revalidator = useRevalidator();
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const parsed = PrivilegeCardLinkPayloadSchema.safeParse({ number });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).number);
      return;
    }
    setError(undefined);
    setBusy(true);
    const r = await api.post<{ success: boolean; detail: string }>('/accounts/privilege-card/', parsed.data, { toasts: false });
    setBusy(false);
    if (r.ok) {
      toast.success(r.data.detail || messages.privilegeCardLinked());
      await revalidator.revalidate();
    } else if (r.error?.fields?.number) setError(r.error.fields.number);
    else setFailure(r.error ? r.error.message : messages.offline());
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex max-w-xl flex-col gap-4 rounded-xl border border-line p-5"
      aria-labelledby="link-card-heading"
    >
      <h2 id="link-card-heading" className="text-base font-semibold text-ink">
        {m.account_card_link_title()}
      </h2>
      <p className="text-sm text-muted">{m.account_card_link_text({ none: messages.privilegeCardNone() })}</p>
      <TextField
        label={m.account_card_number()}
        name="number"
        inputMode="numeric"
        autoComplete="off"
        value={number}
        onChange={(e) => setNumber(e.currentTarget.value)}
        error={error}
      />
      {failure && <Notice tone="error">{failure}</Notice>}
      <PrimaryButton busy={busy} className="sm:w-auto sm:self-start">
        {m.account_card_link()}
      </PrimaryButton>
    </form>
  );
}
