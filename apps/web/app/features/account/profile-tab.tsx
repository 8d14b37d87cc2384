import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { GENDERS, PasswordChangePayloadSchema, ProfileUpdatePayloadSchema, type Gender, type Profile } from '@store/shared/auth';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { api } from '../../lib/http';
import { toast } from '../../lib/toast';
import { NewPasswordFields, Notice, PasswordField, PrimaryButton, TextField } from '../auth/form-controls';
import { fieldErrors } from './zod-errors';

/** The options' words; the value sent stays the English one, lowercased. */
const GENDER_LABELS: Record<Gender, () => string> = {
  Other: m.account_gender_other,
  Male: m.account_gender_male,
  Female: m.account_gender_female,
};

export function ProfileTab({ profile }: { profile: Profile }) {
  return (
    <div className="grid gap-8 xl:grid-cols-2">
      <ProfileForm profile={profile} />
      <PasswordForm hasPassword={profile.has_password} />
    </div>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const revalidator = useRevalidator();
  const [values, setValues] = useState({
    first_name: profile.first_name,
    last_name: profile.last_name,
    birthday: profile.birthday ?? '',
    gender: profile.gender ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const parsed = ProfileUpdatePayloadSchema.safeParse({ ...values, birthday: values.birthday || null, gender: values.gender || null });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const r = await api.put<{ success: boolean; detail: string }>('/accounts/profile/', parsed.data, { toasts: false });
    setBusy(false);
    if (r.ok) {
      toast.success(r.data.detail || messages.profileSaved());
      await revalidator.revalidate();
    } else if (r.error?.fields) setErrors(r.error.fields);
    else setFailure(r.error ? r.error.message : messages.offline());
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-xl border border-line p-5" aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-base font-semibold text-ink">
        {m.account_profile_heading()}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={m.account_first_name()}
          value={values.first_name}
          onChange={(e) => setValues({ ...values, first_name: e.currentTarget.value })}
          error={errors.first_name}
          autoComplete="given-name"
        />
        <TextField
          label={m.account_last_name()}
          value={values.last_name}
          onChange={(e) => setValues({ ...values, last_name: e.currentTarget.value })}
          error={errors.last_name}
          autoComplete="family-name"
        />
        <TextField
          label={m.account_birthday_optional()}
          type="date"
          value={values.birthday}
          max={new Date().toISOString().slice(0, 10)}
          onChange={(e) => setValues({ ...values, birthday: e.currentTarget.value })}
          error={errors.birthday}
        />
        <div>
          <label htmlFor="profile-gender" className="mb-1 block text-sm font-medium text-ink">
            {m.account_gender_optional()}
          </label>
          <select
            id="profile-gender"
            value={values.gender}
            onChange={(e) => setValues({ ...values, gender: e.currentTarget.value as Profile['gender'] & string })}
            className="block h-12 w-full rounded-lg border border-neutral-300 bg-white px-3 text-base outline-none focus:border-brand focus:ring-2 focus:ring-brand/25"
          >
            <option value="">{m.account_gender_select()}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g.toLowerCase()}>
                {GENDER_LABELS[g]()}
              </option>
            ))}
          </select>
        </div>
      </div>
      <dl className="grid gap-2 text-sm">
        <div>
          <dt className="text-muted">{m.account_email()}</dt>
          <dd className="wrap-anywhere text-ink">{profile.email ?? <span className="text-muted">{m.account_profile_no_email()}</span>}</dd>
        </div>
        <div>
          <dt className="text-muted">{m.account_phone()}</dt>
          <dd className="text-ink">{profile.phone ?? '—'}</dd>
        </div>
      </dl>
      {failure && <Notice tone="error">{failure}</Notice>}
      <PrimaryButton busy={busy} className="sm:w-auto sm:self-start">
        {m.account_save_profile()}
      </PrimaryButton>
    </form>
  );
}

function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const empty = { current_password: '', password: '', password_confirm: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const body = hasPassword ? values : { password: values.password, password_confirm: values.password_confirm };
    const parsed = PasswordChangePayloadSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    if (hasPassword && !values.current_password) {
      setErrors({ current_password: m.account_current_password_required() });
      return;
    }
    setErrors({});
    setBusy(true);
    const r = await api.put<{ success: boolean; detail: string }>('/accounts/password/', parsed.data, { toasts: false });
    setBusy(false);
    if (r.ok) {
      toast.success(r.data.detail || messages.passwordChanged());
      setValues(empty);
    } else if (r.error?.fields) setErrors(r.error.fields);
    else setFailure(r.error ? r.error.message : messages.offline());
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-xl border border-line p-5" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-base font-semibold text-ink">
        {hasPassword ? m.account_change_password() : m.account_set_a_password()}
      </h2>
      {hasPassword && (
        <PasswordField
          label={m.account_current_password()}
          value={values.current_password}
          onChange={(e) => setValues({ ...values, current_password: e.currentTarget.value })}
          error={errors.current_password}
          autoComplete="current-password"
        />
      )}
      <NewPasswordFields values={values} errors={errors} onChange={setValues} />
      {failure && <Notice tone="error">{failure}</Notice>}
      <PrimaryButton busy={busy} className="sm:w-auto sm:self-start">
        {hasPassword ? m.account_change_password() : m.account_set_password()}
      </PrimaryButton>
    </form>
  );
}
