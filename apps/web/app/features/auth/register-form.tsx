import { useState, type FormEvent } from 'react';
import { GENDERS, toRegisterPayload, type OtpSentResponse, type RegisterResponse, type VerifyResponse } from '@store/shared/auth';
import * as m from '@store/shared/i18n/messages';
import * as messages from '@store/shared/messages';
import { api } from '../../lib/http';
import { toast } from '../../lib/toast';
import { Notice, PasswordField, PrimaryButton, TextField } from './form-controls';
import { OtpPanel } from './otp-panel';
import { codeRefused, failureText } from './outcomes';
import {
  emptyRegisterValues,
  registerErrorsFromApi,
  validateRegister,
  type RegisterErrors,
  type RegisterValues,
} from './register-validation';
import { finishSignIn } from './session';

type Step = { step: 'form' } | { step: 'verify'; registered: RegisterResponse } | { step: 'done'; name: string; contact: string };

/**
 * REGISTER (SPEC §3–§5): the form, then the OTP verification panel; a verified code creates the
 * account ('Created new user') and signs the shopper in, unless `willNotLoginAfterRegister` is set
 * (the in-store /store/register page, where staff register shoppers on a shared device).
 */
export function RegisterForm({
  prefill,
  willNotLoginAfterRegister = false,
  onSignIn,
}: {
  prefill?: Partial<RegisterValues>;
  willNotLoginAfterRegister?: boolean;
  /** Offered when the account is already there ('Please choose another …'): switch to SIGN IN. */
  onSignIn?: () => void;
}) {
  const [values, setValues] = useState<RegisterValues>(() => emptyRegisterValues(prefill));
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The API said the e-mail or phone belongs to an account: offer SIGN IN while its field error shows.
  const [exists, setExists] = useState(false);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ step: 'form' });

  const set = <K extends keyof RegisterValues>(key: K, value: RegisterValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setFailure(null);
    setExists(false);
    const checked = validateRegister(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      // Focus the first invalid field so keyboard and screen-reader users land on the problem.
      const first = Object.keys(checked.errors)[0];
      if (first) document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await api.post<RegisterResponse>('/accounts/register/', toRegisterPayload(checked.data), { toasts: false });
      if (r.ok) {
        toast.success(r.data.detail);
        setStep({ step: 'verify', registered: r.data });
        return;
      }
      setExists(r.error?.code === 'account_exists');
      const fieldErrors = registerErrorsFromApi(r.error?.fields);
      if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
      else setFailure(r.error ? r.error.message : messages.offline());
    } finally {
      setBusy(false);
    }
  }

  if (step.step === 'verify') {
    const { data, otp } = step.registered;
    const bySms = data.otp_channel === 'sms';
    return (
      <OtpPanel
        heading={bySms ? m.auth_verify_phone() : m.auth_verify_email()}
        destination={bySms ? data.phone : (data.email ?? '')}
        channel={data.otp_channel}
        timers={otp}
        verifyLabel={m.auth_verify()}
        onBack={() => setStep({ step: 'form' })}
        onVerify={async (code) => {
          const r = await api.post<VerifyResponse>(
            '/accounts/verify/',
            { customer_id: data.customer_id, password: values.password, otp: code, login: !willNotLoginAfterRegister },
            { toasts: false },
          );
          if (!r.ok) return codeRefused(r.error) ? messages.codeIncorrect() : failureText(r.error);
          const detail = r.data.detail || messages.createdNewUser();
          toast.success(detail);
          if (r.data.data?.token && !willNotLoginAfterRegister) await finishSignIn({ message: detail });
          else setStep({ step: 'done', name: `${values.firstName.trim()} ${values.lastName.trim()}`, contact: data.phone });
          return null;
        }}
        onResend={async () => {
          const r = await api.post<OtpSentResponse>(
            '/accounts/send-otp/',
            { email: bySms ? data.phone : (data.email ?? '') },
            { toasts: false },
          );
          if (!r.ok) {
            toast.error(r.error ? r.error.message : messages.offline());
            return null;
          }
          toast.success(r.data.detail);
          return r.data.otp;
        }}
      />
    );
  }

  if (step.step === 'done') {
    return (
      <div className="flex flex-col gap-4" data-testid="register-done">
        <Notice tone="success">
          <p className="font-semibold">{messages.createdNewUser()}</p>
          <p className="mt-1">{m.auth_register_done({ name: step.name, contact: step.contact })}</p>
        </Notice>
        <PrimaryButton
          type="button"
          onClick={() => {
            setValues(emptyRegisterValues());
            setStep({ step: 'form' });
          }}
        >
          {m.auth_register_another()}
        </PrimaryButton>
      </div>
    );
  }

  const taken = exists && (errors.email !== undefined || errors.phone !== undefined);
  const noEmail = values.email.trim() === '';
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={m.auth_email_optional()}
        type="email"
        data-field="email"
        value={values.email}
        onChange={(e) => set('email', e.currentTarget.value)}
        error={errors.email}
        autoComplete="email"
        inputMode="email"
        hint={m.auth_email_hint()}
      />
      <TextField
        label={m.auth_phone()}
        type="tel"
        data-field="phone"
        value={values.phone}
        onChange={(e) => set('phone', e.currentTarget.value)}
        error={errors.phone}
        autoComplete="tel"
        inputMode="tel"
        placeholder="01XXXXXXXXX"
        hint={m.auth_phone_hint()}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={m.auth_first_name()}
          data-field="firstName"
          value={values.firstName}
          onChange={(e) => set('firstName', e.currentTarget.value)}
          error={errors.firstName}
          autoComplete="given-name"
        />
        <TextField
          label={m.auth_last_name()}
          data-field="lastName"
          value={values.lastName}
          onChange={(e) => set('lastName', e.currentTarget.value)}
          error={errors.lastName}
          autoComplete="family-name"
        />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-3">
        <TextField
          label={m.auth_birthday_optional()}
          type="date"
          data-field="birthday"
          value={values.birthday}
          max={new Date().toISOString().slice(0, 10)}
          onChange={(e) => set('birthday', e.currentTarget.value)}
          error={errors.birthday}
          autoComplete="bday"
        />
        <GenderSelect value={values.gender} onChange={(g) => set('gender', g)} error={errors.gender} />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-ink">{m.auth_offers_legend()}</legend>
        <Checkbox
          label={m.auth_by_email()}
          note={noEmail ? m.auth_needs_email() : undefined}
          checked={values.newsletter_email}
          onChange={(c) => set('newsletter_email', c)}
        />
        <Checkbox label={m.auth_by_sms()} checked={values.newsletter_sms} onChange={(c) => set('newsletter_sms', c)} />
      </fieldset>
      <PasswordField
        label={m.auth_password()}
        data-field="password"
        value={values.password}
        onChange={(e) => set('password', e.currentTarget.value)}
        error={errors.password}
        autoComplete="new-password"
      />
      <PasswordField
        label={m.auth_confirm_password()}
        data-field="password_confirm"
        value={values.password_confirm}
        onChange={(e) => set('password_confirm', e.currentTarget.value)}
        error={errors.password_confirm}
        autoComplete="new-password"
      />
      {failure && <Notice tone="error">{failure}</Notice>}
      {taken && onSignIn && (
        <p className="text-sm text-muted">
          {m.auth_have_account()}{' '}
          <button type="button" onClick={onSignIn} className="font-semibold text-brand underline underline-offset-4">
            {m.auth_sign_in()}
          </button>
        </p>
      )}
      <PrimaryButton busy={busy}>{m.auth_register()}</PrimaryButton>
    </form>
  );
}

/** The option's value is what the API takes ('Male'); its text is the page's language. */
const GENDER_LABELS: Record<(typeof GENDERS)[number], () => string> = {
  Other: m.auth_gender_other,
  Male: m.auth_gender_male,
  Female: m.auth_gender_female,
};

function GenderSelect({
  value,
  onChange,
  error,
}: {
  value: RegisterValues['gender'];
  onChange: (g: RegisterValues['gender']) => void;
  error?: string | undefined;
}) {
  return (
    <div>
      <label htmlFor="register-gender" className="mb-1 block text-sm font-medium text-ink">
        {m.auth_gender_optional()}
      </label>
      <select
        id="register-gender"
        data-field="gender"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as RegisterValues['gender'])}
        aria-invalid={error ? true : undefined}
        className="block h-12 w-full rounded-lg border border-neutral-300 bg-white px-3 text-base text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/25"
      >
        <option value="">{m.auth_select()}</option>
        {GENDERS.map((g) => (
          <option key={g} value={g}>
            {GENDER_LABELS[g]()}
          </option>
        ))}
      </select>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}

/** note: why the choice does nothing yet (the email newsletter without an email: toRegisterPayload sends it off). */
function Checkbox({
  label,
  note,
  checked,
  onChange,
}: {
  label: string;
  note?: string | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 text-sm text-ink">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        className="size-5 rounded border-neutral-300 accent-brand"
      />
      <span>
        {label}
        {note && <span className="ml-1 text-muted">{note}</span>}
      </span>
    </label>
  );
}
