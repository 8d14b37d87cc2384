import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { ExistsResponse, LoginResponse, OtpSentResponse, OtpTimers, PasswordlessResponse, VerifyResponse } from '@store/shared/auth';
import { STORAGE_KEYS } from '@store/shared/constants';
import * as m from '@store/shared/i18n/messages';
import * as messages from '@store/shared/messages';
import { formatDigits } from '../../lib/format';
import { api } from '../../lib/http';
import { toast } from '../../lib/toast';
import { readContact } from './contact';
import { formatMmSs, readBlockUntil, useRemaining, writeBlockUntil } from './countdown';
import { Notice, PasswordField, PrimaryButton, TextField } from './form-controls';
import { OtpPanel } from './otp-panel';
import { accountMissing, codeRefused, failureText, loginRefused } from './outcomes';
import { finishSignIn } from './session';
import { withElements } from '../../lib/rich-message';

export const LOGIN_MODES = [
  { key: 'otp', label: m.auth_mode_otp },
  { key: 'link', label: m.auth_mode_link },
  { key: 'password', label: m.auth_mode_password },
] as const;
export type LoginMode = (typeof LOGIN_MODES)[number]['key'];

type Step =
  | { step: 'form' }
  /** The login code was sent; entering it signs in. */
  | { step: 'otp'; contact: string; kind: 'email' | 'phone'; timers: OtpTimers }
  /** Password was right but the phone is unverified: a code was sent to it (SPEC §4). */
  | { step: 'verify-sms'; contact: string; timers: OtpTimers | null }
  | { step: 'link-sent'; contact: string; kind: 'email' | 'phone' };

type Outcome = { tone: 'error' | 'info'; text: string; offerRegister?: boolean; offerEmailLink?: boolean; offerOtp?: boolean } | null;

/** What a failed call says to the shopper: the server's message, or the offline notice when the network failed. */
/**
 * SIGN IN (SPEC §2, §4): one field for email or phone and three ways in. Every mode first asks
 * whether the account exists, so an unknown one is offered registration instead of a dead end.
 */
export function SignInForm({ onRegister }: { onRegister: (prefill: { email?: string; phone?: string }) => void }) {
  const [mode, setMode] = useState<LoginMode>('otp');
  const [raw, setRaw] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ step: 'form' });
  const [linkBlockUntil, setLinkBlockUntil] = useState(() => readBlockUntil(STORAGE_KEYS.passwordlessBlockUntil));
  const linkRemaining = useRemaining(linkBlockUntil);
  // A code went to this phone moments ago (e.g. at registration): the server's resend block, live.
  const [otpWaitUntil, setOtpWaitUntil] = useState(0);
  const otpRemaining = useRemaining(otpWaitUntil);
  const wait = mode === 'link' ? linkRemaining : mode === 'otp' ? otpRemaining : 0;
  const lastContact = useRef<{ kind: 'email' | 'phone'; value: string } | null>(null);

  function blockLink(seconds: number) {
    const until = Date.now() + seconds * 1000;
    writeBlockUntil(STORAGE_KEYS.passwordlessBlockUntil, until);
    setLinkBlockUntil(until);
  }

  /** Sign-in succeeded when the API answered with a token; otherwise the account needs a step first. */
  async function onLoginResponse(r: LoginResponse, contact: string) {
    if (r.data?.token) {
      await finishSignIn();
      return;
    }
    // The phone comes first: its code was just sent. An unverified email got a new magic link instead.
    if (!r.sms) {
      setStep({ step: 'verify-sms', contact, timers: r.otp ?? null });
      return;
    }
    setStep({ step: 'form' });
    setOutcome({ tone: 'info', text: r.verified ? r.detail : messages.emailNotVerified() });
  }

  async function requestLink(contact: { kind: 'email' | 'phone'; value: string }) {
    const r = await api.post<PasswordlessResponse>('/accounts/passwordless/', { email: contact.value }, { toasts: false, allow404: true });
    if (r.ok) {
      blockLink(r.data.cooldown_seconds);
      setStep({ step: 'link-sent', contact: contact.value, kind: contact.kind });
    } else if (r.error?.retryAfter) {
      blockLink(r.error.retryAfter);
    } else {
      setOutcome({
        tone: 'error',
        text: failureText(r.error),
        offerRegister: accountMissing(r.error),
        // A phone-only account has no inbox for the link: the SMS code is its way in.
        offerOtp: r.error?.code === 'email_required',
      });
    }
  }

  async function requestOtp(contact: { kind: 'email' | 'phone'; value: string }) {
    const r = await api.post<OtpSentResponse>('/accounts/login-otp/', { email: contact.value }, { toasts: false });
    if (r.ok) setStep({ step: 'otp', contact: contact.value, kind: contact.kind, timers: r.data.otp });
    // The SMS gateway is failing: say so, and offer the e-mail link when the account has an address.
    else if (r.error?.code === 'delivery_unavailable')
      setOutcome({ tone: 'error', text: r.error.message, offerEmailLink: r.error.offer === 'email_link' });
    else if (r.error?.retryAfter) setOtpWaitUntil(Date.now() + r.error.retryAfter * 1000);
    else setOutcome({ tone: 'error', text: failureText(r.error) });
  }

  /** The account has no email for a link: switch to OTP and text the code to the same account. */
  async function switchToOtp() {
    const contact = lastContact.current;
    if (!contact || busy) return;
    setMode('otp');
    setOutcome(null);
    setBusy(true);
    try {
      await requestOtp(contact);
    } finally {
      setBusy(false);
    }
  }

  /** The SMS could not go: switch to EMAIL LINK and send the link to the same account. */
  async function switchToEmailLink() {
    const contact = lastContact.current;
    if (!contact || busy) return;
    setMode('link');
    setOutcome(null);
    setBusy(true);
    try {
      await requestLink(contact);
    } finally {
      setBusy(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setOutcome(null);
    setPasswordError(undefined);
    const contact = readContact(raw);
    if (!contact.ok) {
      setFieldError(contact.message);
      return;
    }
    setFieldError(undefined);
    if (mode === 'password' && !password) {
      setPasswordError(messages.passwordOrOtp());
      return;
    }
    if (wait > 0) return;
    lastContact.current = contact;
    setBusy(true);
    try {
      const exists = await api.post<ExistsResponse>('/accounts/exists/', { email: contact.value }, { toasts: false });
      if (!exists.ok) {
        setOutcome({ tone: 'error', text: failureText(exists.error) });
        return;
      }
      if (!exists.data.exists) {
        setOutcome({ tone: 'error', text: messages.accountNotFound(), offerRegister: true });
        return;
      }
      if (mode === 'otp') {
        await requestOtp(contact);
      } else if (mode === 'link') {
        await requestLink(contact);
      } else {
        const r = await api.post<LoginResponse>('/accounts/login/', { email: contact.value, password }, { toasts: false });
        if (r.ok) await onLoginResponse(r.data, contact.value);
        else if (loginRefused(r.error)) setOutcome({ tone: 'error', text: messages.wrongCredentials() });
        else setOutcome({ tone: 'error', text: failureText(r.error) });
      }
    } finally {
      setBusy(false);
    }
  }

  if (step.step === 'otp') {
    return (
      <OtpPanel
        heading={m.auth_enter_code()}
        destination={step.contact}
        channel="sms"
        timers={step.timers}
        verifyLabel={m.auth_verify_sign_in()}
        onBack={() => setStep({ step: 'form' })}
        onVerify={async (code) => {
          const r = await api.post<LoginResponse>('/accounts/login/', { email: step.contact, otp: code }, { toasts: false });
          if (!r.ok) return codeRefused(r.error) ? messages.codeIncorrect() : failureText(r.error);
          await onLoginResponse(r.data, step.contact);
          return null;
        }}
        onResend={async () => {
          const r = await api.post<OtpSentResponse>('/accounts/login-otp/', { email: step.contact }, { toasts: false });
          if (!r.ok) {
            toast.error(failureText(r.error));
            return null;
          }
          toast.success(messages.otpResent());
          return r.data.otp;
        }}
      />
    );
  }

  if (step.step === 'verify-sms') {
    return (
      <OtpPanel
        heading={m.auth_verify_phone()}
        destination={step.contact.includes('@') ? m.auth_account_phone() : step.contact}
        channel="sms"
        timers={step.timers}
        onBack={() => setStep({ step: 'form' })}
        onVerify={async (code) => {
          const r = await api.post<VerifyResponse>('/accounts/verify-sms/', { email: step.contact, code, login: true }, { toasts: false });
          if (!r.ok) return codeRefused(r.error) ? messages.codeIncorrect() : failureText(r.error);
          toast.success(r.data.detail);
          if (r.data.data?.token) await finishSignIn({ message: r.data.detail });
          return null;
        }}
        onResend={async () => {
          // The login-code call texts the account's phone even when the shopper typed their email.
          const r = await api.post<OtpSentResponse>('/accounts/login-otp/', { email: step.contact }, { toasts: false });
          if (!r.ok) {
            toast.error(failureText(r.error));
            return null;
          }
          toast.success(messages.otpResent());
          return r.data.otp;
        }}
      />
    );
  }

  if (step.step === 'link-sent') {
    return (
      <div className="flex flex-col items-center gap-4 text-center" data-testid="link-sent">
        <div aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-brand-soft text-brand">
          <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="1.7">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3.5 6.5 8.5 6.5 8.5-6.5" strokeLinejoin="round" />
          </svg>
        </div>
        <h3 className="text-lg font-semibold text-ink">{messages.passwordlessSent()}</h3>
        <p className="text-sm text-muted">
          {step.kind === 'email'
            ? withElements(m.auth_link_sent_email, { email: <span className="font-medium text-ink">{step.contact}</span> })
            : m.auth_link_sent_phone()}
        </p>
        <Cooldown remaining={linkRemaining} />
        <button
          type="button"
          onClick={() => setStep({ step: 'form' })}
          className="text-sm font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
        >
          {linkRemaining > 0 ? m.auth_back_to_sign_in() : m.auth_send_new_link()}
        </button>
      </div>
    );
  }

  const submitLabel = mode === 'otp' ? m.auth_send_code() : mode === 'link' ? m.auth_send_login_link() : m.auth_sign_in();
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div role="radiogroup" aria-label={m.auth_how_sign_in()} className="grid grid-cols-3 gap-1 rounded-lg bg-neutral-100 p-1">
        {LOGIN_MODES.map((option) => (
          <button
            key={option.key}
            type="button"
            role="radio"
            aria-checked={mode === option.key}
            onClick={() => {
              setMode(option.key);
              setOutcome(null);
              setPasswordError(undefined);
            }}
            className={`h-10 rounded-md text-xs font-semibold tracking-[0.08em] transition focus-visible:outline-2 focus-visible:outline-brand ${
              mode === option.key ? 'bg-white text-brand shadow-sm' : 'text-muted hover:text-ink'
            }`}
          >
            {option.label()}
          </button>
        ))}
      </div>
      <p className="text-sm text-muted">
        {mode === 'otp' && m.auth_hint_otp()}
        {mode === 'link' && m.auth_hint_link()}
        {mode === 'password' && m.auth_hint_password()}
      </p>
      <TextField
        label={m.auth_email_or_phone()}
        name="email"
        value={raw}
        onChange={(e) => {
          setRaw(e.currentTarget.value);
          setFieldError(undefined);
          setOtpWaitUntil(0);
        }}
        error={fieldError}
        autoComplete="username"
        inputMode="email"
        placeholder={m.auth_contact_placeholder()}
        autoFocus
      />
      {mode === 'password' && (
        <div>
          <PasswordField
            label={m.auth_password()}
            name="password"
            value={password}
            onChange={(e) => (setPassword(e.currentTarget.value), setPasswordError(undefined))}
            error={passwordError}
            autoComplete="current-password"
          />
          <div className="mt-2 text-right">
            <Link to="/forgot-password/" className="text-sm font-medium text-brand underline-offset-4 hover:underline">
              {m.auth_forgot_password()}
            </Link>
          </div>
        </div>
      )}
      {outcome && (
        <Notice tone={outcome.tone}>
          <p>{outcome.text}</p>
          {outcome.offerRegister && (
            <button
              type="button"
              onClick={() => {
                const c = lastContact.current;
                onRegister(c ? { [c.kind]: c.kind === 'phone' ? raw.trim() : c.value } : {});
              }}
              className="mt-2 font-semibold text-brand underline underline-offset-4"
            >
              {m.auth_create_account()}
            </button>
          )}
          {outcome.offerOtp && (
            <button type="button" onClick={switchToOtp} className="mt-2 font-semibold text-brand underline underline-offset-4">
              {m.auth_send_sms_code()}
            </button>
          )}
          {outcome.offerEmailLink && (
            <button type="button" onClick={switchToEmailLink} className="mt-2 font-semibold text-brand underline underline-offset-4">
              {m.auth_email_me_link()}
            </button>
          )}
        </Notice>
      )}
      <Cooldown remaining={wait} />
      <PrimaryButton busy={busy} disabled={wait > 0}>
        {submitLabel}
      </PrimaryButton>
    </form>
  );
}

function Cooldown({ remaining }: { remaining: number }) {
  if (remaining <= 0) return null;
  return (
    <p className="text-center text-sm font-medium tabular-nums text-muted" data-testid="cooldown">
      {messages.pleaseWait(formatDigits(formatMmSs(remaining)))}
    </p>
  );
}
