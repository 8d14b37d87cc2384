import { useState, type FormEvent } from 'react';
import { OTP_LENGTH } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { toast } from '../../lib/toast';
import { CodeInput } from '../auth/code-input';
import { FieldError, Notice, TextField } from '../auth/form-controls';
import { checkoutApi } from './checkout-api';
import { guestPhoneError } from './checkout-logic';
import { withElements } from '../../lib/rich-message';

const empty = () => Array.from({ length: OTP_LENGTH }, () => '');

/**
 * A shopper proves a phone with a 6-digit code and gets a guest session (the accounts guest flow):
 * the guest checkout, and following a guest's orders. The page reloads once the session exists.
 */
export function GuestPhoneVerify({ supportPhone, verifyLabel }: { supportPhone: string; verifyLabel: string }) {
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
      setError(r.error ? (r.error.fields ? Object.values(r.error.fields)[0]! : r.error.message) : messages.offline());
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
      setError(r.error?.fields?.code ?? r.error?.message ?? messages.offline());
      return;
    }
    toast.success(r.data.detail);
    // The session is a cookie now: every loader must see it, so the page loads again.
    window.location.reload();
  }

  return sentTo === null ? (
    <form noValidate onSubmit={(e) => void send(e)} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        className="flex-1"
        label={m.checkout_field_mobile()}
        name="guest-phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="01XXXXXXXXX"
        value={phone}
        error={error ?? undefined}
        hint={m.checkout_code_hint()}
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
        {m.checkout_send_code()}
      </button>
    </form>
  ) : (
    <form noValidate onSubmit={(e) => void verify(e)} className="space-y-3">
      <Notice tone="info">{withElements(m.checkout_code_sent_to, { phone: <strong>{sentTo}</strong> })}</Notice>
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
          {verifyLabel}
        </button>
        <button type="button" className="text-sm font-medium text-ink underline underline-offset-2" onClick={() => setSentTo(null)}>
          {m.checkout_change_number()}
        </button>
      </div>
    </form>
  );
}
