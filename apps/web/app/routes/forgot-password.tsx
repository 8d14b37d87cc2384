import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PasswordResetCodePayloadSchema, type LoginResponse, type OtpTimers, type PasswordResetRequestResponse } from '@store/shared/auth';
import * as m from '@store/shared/i18n/messages';
import * as messages from '@store/shared/messages';
import { isBdMobile } from '@store/shared/phone';
import { fieldErrors } from '../features/account/zod-errors';
import { AuthPage, Spinner } from '../features/auth/auth-page';
import { readContact } from '../features/auth/contact';
import { NewPasswordFields, Notice, PrimaryButton, TextField } from '../features/auth/form-controls';
import { OtpPanel } from '../features/auth/otp-panel';
import { failureText } from '../features/auth/outcomes';
import { goAfterSignIn } from '../features/auth/session';
import { api } from '../lib/http';
import { toast } from '../lib/toast';
import { pageTitle } from '../lib/seo';

export function meta() {
  return [{ title: pageTitle(m.auth_forgot_title()) }, { name: 'robots', content: 'noindex' }];
}

type Step =
  | { step: 'ask' }
  /** A link went (or would have gone) to the account's email. */
  | { step: 'link-sent'; detail: string }
  /** A code went (or would have gone) by SMS: the code and the new password finish here. */
  | { step: 'code'; phone: string; detail: string; timers: OtpTimers }
  | { step: 'done' };

type Failure = { text: string; offerEmailLink?: boolean } | null;

/**
 * /forgot-password/: the account's email or phone. A Bangladeshi mobile gets a 6-digit code by SMS,
 * entered here with the new password (then the shopper is signed in); an email gets a link. The
 * answer is the same whether or not an account exists.
 */
export default function ForgotPassword() {
  const [raw, setRaw] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [step, setStep] = useState<Step>({ step: 'ask' });
  const [failure, setFailure] = useState<Failure>(null);
  const [busy, setBusy] = useState(false);
  const bySms = isBdMobile(raw.trim());

  async function request(value: string, channel?: 'sms' | 'email') {
    setFailure(null);
    setBusy(true);
    const r = await api.post<PasswordResetRequestResponse>(
      '/accounts/password-reset/',
      { email: value, ...(channel ? { channel } : {}) },
      { toasts: false },
    );
    setBusy(false);
    if (r.ok) {
      if (r.data.channel === 'sms' && r.data.otp) setStep({ step: 'code', phone: value, detail: r.data.detail, timers: r.data.otp });
      else setStep({ step: 'link-sent', detail: r.data.detail || messages.passwordResetSent() });
      return;
    }
    // The SMS gateway is failing: the link by email is the other way in.
    setFailure({ text: failureText(r.error), offerEmailLink: r.error?.code === 'delivery_unavailable' });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const contact = readContact(raw);
    if (!contact.ok) {
      setError(contact.message);
      return;
    }
    await request(contact.value);
  }

  if (step.step === 'done') {
    return (
      <AuthPage title={m.auth_forgot_title()}>
        <Spinner label={m.auth_signing_you_in()} />
      </AuthPage>
    );
  }

  if (step.step === 'code') {
    return (
      <AuthPage title={m.auth_forgot_title()}>
        <CodeStep
          phone={step.phone}
          detail={step.detail}
          timers={step.timers}
          onBack={() => setStep({ step: 'ask' })}
          onDone={() => setStep({ step: 'done' })}
        />
      </AuthPage>
    );
  }

  return (
    <AuthPage title={m.auth_forgot_title()}>
      {step.step === 'link-sent' ? (
        <div className="flex flex-col gap-4">
          <Notice tone="success">{step.detail}</Notice>
          <p className="text-sm text-muted">{m.auth_link_limited()}</p>
          <Link to="/" className="text-sm font-medium text-brand underline-offset-4 hover:underline">
            {messages.continueShopping()}
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-muted">{m.auth_forgot_intro()}</p>
          <TextField
            label={m.auth_email_or_phone()}
            value={raw}
            onChange={(e) => {
              setRaw(e.currentTarget.value);
              setError(undefined);
              setFailure(null);
            }}
            error={error}
            autoComplete="username"
            inputMode="email"
            placeholder={m.auth_contact_placeholder_phone_first()}
            autoFocus
          />
          {failure && (
            <Notice tone="error">
              <p>{failure.text}</p>
              {failure.offerEmailLink && (
                <button
                  type="button"
                  onClick={() => {
                    const contact = readContact(raw);
                    if (contact.ok) void request(contact.value, 'email');
                  }}
                  className="mt-2 font-semibold text-brand underline underline-offset-4"
                >
                  {m.auth_email_reset_instead()}
                </button>
              )}
            </Notice>
          )}
          <PrimaryButton busy={busy}>{bySms ? m.auth_send_code() : m.auth_send_reset_link()}</PrimaryButton>
        </form>
      )}
    </AuthPage>
  );
}

/** The code from the SMS and the new password, sent together: a bad password never uses up the code. */
function CodeStep({
  phone,
  detail,
  timers,
  onBack,
  onDone,
}: {
  phone: string;
  detail: string;
  timers: OtpTimers;
  onBack: () => void;
  onDone: () => void;
}) {
  const [values, setValues] = useState({ password: '', password_confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  return (
    <div className="flex flex-col gap-5">
      <Notice tone="info">{detail}</Notice>
      <OtpPanel
        heading={m.auth_code_and_password()}
        destination={phone}
        channel="sms"
        timers={timers}
        verifyLabel={m.auth_save_sign_in()}
        onBack={onBack}
        onVerify={async (code) => {
          const parsed = PasswordResetCodePayloadSchema.safeParse({ phone, code, ...values });
          if (!parsed.success) {
            const found = fieldErrors(parsed.error);
            setErrors(found);
            return found.code ?? null;
          }
          setErrors({});
          const r = await api.post<LoginResponse>('/accounts/password-reset/code/', parsed.data, { toasts: false });
          if (r.ok) {
            onDone();
            await goAfterSignIn('/account/my-account', { message: messages.passwordChanged() });
            return null;
          }
          const fields = r.error?.fields ?? {};
          if (fields.code) return fields.code;
          if (Object.keys(fields).length) {
            setErrors(fields);
            return null;
          }
          return failureText(r.error);
        }}
        onResend={async () => {
          const r = await api.post<PasswordResetRequestResponse>(
            '/accounts/password-reset/',
            { email: phone, channel: 'sms' },
            { toasts: false },
          );
          if (!r.ok || !r.data.otp) {
            toast.error(r.ok ? messages.offline() : failureText(r.error));
            return null;
          }
          toast.success(messages.otpResent());
          return r.data.otp;
        }}
      >
        <NewPasswordFields values={values} errors={errors} onChange={(v) => (setValues(v), setErrors({}))} />
      </OtpPanel>
    </div>
  );
}
