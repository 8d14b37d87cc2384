import { useState, type FormEvent } from 'react';
import type { CheckoutSummary } from '@store/shared/checkout';
import { OTP_LENGTH } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import { UserIcon } from '../../components/layout/icons';
import { toast } from '../../lib/toast';
import { openLogin } from '../auth/auth-events';
import { CodeInput } from '../auth/code-input';
import { FieldError, Notice, TextField } from '../auth/form-controls';
import { checkoutApi } from './checkout-api';
import { guestPhoneError } from './checkout-logic';
import { Section } from './summary-parts';

const empty = () => Array.from({ length: OTP_LENGTH }, () => '');

/**
 * Who is checking out. A signed-in customer or a verified guest sees themselves; a visitor signs
 * in, or checks out as a guest by verifying their phone with a code (the accounts guest flow).
 */
export function ContactCard({ shopper, supportPhone }: { shopper: CheckoutSummary['shopper']; supportPhone: string }) {
  if (shopper) {
    return (
      <Section title="Contact" id="contact-title">
        <div className="flex items-center gap-3" data-testid="checkout-contact">
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-brand-soft text-sm font-bold uppercase text-brand"
          >
            {shopper.name ? shopper.name.slice(0, 1) : <UserIcon size={18} />}
          </span>
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-ink">
              {shopper.name || 'Guest'}
              {shopper.kind === 'guest' ? (
                <span className="ml-2 rounded-full bg-neutral-100 px-2 py-0.5 text-[11px] font-medium text-neutral-700">
                  Guest checkout
                </span>
              ) : null}
            </p>
            <p className="truncate text-muted">{[shopper.phone, shopper.email].filter(Boolean).join(' · ')}</p>
          </div>
        </div>
      </Section>
    );
  }
  return <GuestContact supportPhone={supportPhone} />;
}

function GuestContact({ supportPhone }: { supportPhone: string }) {
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [digits, setDigits] = useState<string[]>(empty);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const problem = guestPhoneError(phone, supportPhone);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const r = await checkoutApi.guestStart(phone);
    setBusy(false);
    if (!r.ok) {
      setError(r.error ? (r.error.fields ? Object.values(r.error.fields)[0]! : r.error.message) : messages.offline);
      return;
    }
    setSentTo(phone);
    setDigits(empty());
    toast.success(r.data.detail);
  }

  async function verify(e: FormEvent) {
    e.preventDefault();
    const code = digits.join('');
    if (code.length !== OTP_LENGTH || !sentTo) return;
    setBusy(true);
    const r = await checkoutApi.guestVerify(sentTo, code);
    if (!r.ok) {
      setBusy(false);
      setError(r.error?.fields?.code ?? r.error?.message ?? messages.offline);
      return;
    }
    toast.success(r.data.detail);
    // The session is a cookie now: every loader must see it, so the page loads again.
    window.location.reload();
  }

  return (
    <Section title="Contact" id="contact-title">
      <div className="space-y-5">
        <div className="flex flex-col gap-3 rounded-xl bg-neutral-50 p-4 ring-1 ring-line sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-neutral-700">Have an account? Sign in for saved addresses and order history.</p>
          <button
            type="button"
            onClick={() => openLogin({ reason: 'checkout' })}
            className="h-11 shrink-0 rounded-lg bg-ink px-5 text-sm font-semibold text-white hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            Sign in or register
          </button>
        </div>
        <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-widest text-muted" aria-hidden="true">
          <span className="h-px flex-1 bg-line" />
          or check out as a guest
          <span className="h-px flex-1 bg-line" />
        </div>
        {sentTo === null ? (
          <form noValidate onSubmit={(e) => void send(e)} className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <TextField
              className="flex-1"
              label="Mobile number"
              name="guest-phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="01XXXXXXXXX"
              value={phone}
              error={error ?? undefined}
              hint="We send a 6-digit code to confirm your number."
              onChange={(e) => {
                setPhone(e.target.value);
                setError(null);
              }}
            />
            <button
              type="submit"
              disabled={busy}
              className="h-12 shrink-0 rounded-lg bg-brand px-6 text-sm font-semibold text-white hover:bg-brand-dark disabled:bg-neutral-300 sm:mt-6"
            >
              Send code
            </button>
          </form>
        ) : (
          <form noValidate onSubmit={(e) => void verify(e)} className="space-y-3">
            <Notice tone="info">
              Enter the code we sent to <strong>{sentTo}</strong>.
            </Notice>
            <div className="max-w-xs">
              <CodeInput
                digits={digits}
                onChange={(d) => {
                  setDigits(d);
                  setError(null);
                }}
                invalid={!!error}
                describedBy={error ? 'guest-code-error' : undefined}
              />
              {error ? <FieldError id="guest-code-error">{error}</FieldError> : null}
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="submit"
                disabled={busy || digits.join('').length !== OTP_LENGTH}
                className="h-12 rounded-lg bg-brand px-6 text-sm font-semibold text-white hover:bg-brand-dark disabled:bg-neutral-300"
              >
                Verify and continue
              </button>
              <button type="button" className="text-sm font-medium text-ink underline underline-offset-2" onClick={() => setSentTo(null)}>
                Change number
              </button>
            </div>
          </form>
        )}
      </div>
    </Section>
  );
}
