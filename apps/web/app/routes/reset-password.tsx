import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PasswordResetPayloadSchema, type LoginResponse } from '@store/shared/auth';
import * as m from '@store/shared/i18n/messages';
import * as messages from '@store/shared/messages';
import { fieldErrors } from '../features/account/zod-errors';
import { AuthPage, Spinner } from '../features/auth/auth-page';
import { NewPasswordFields, Notice, PrimaryButton } from '../features/auth/form-controls';
import { failureText, linkRefused } from '../features/auth/outcomes';
import { goAfterSignIn } from '../features/auth/session';
import { apiTry } from '../lib/api.server';
import { api } from '../lib/http';
import { pageTitle } from '../lib/seo';
import type { Route } from './+types/reset-password';

/** Whether the reset link is still good decides what the page shows; a dead link is an answer, not an error page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const r = await apiTry<{ success: boolean }>(context, `/accounts/password-reset/${encodeURIComponent(params.id)}/`);
  return { valid: r.ok };
}

export function meta() {
  return [{ title: pageTitle(m.auth_choose_new_password()) }, { name: 'robots', content: 'noindex' }];
}

/** /forgot-password/:id: a new password, then the shopper is signed in (every other session is revoked). */
export default function ResetPassword({ loaderData, params }: Route.ComponentProps) {
  const [values, setValues] = useState({ password: '', password_confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Once the password is saved the page leaves; until then it says so rather than showing the form again.
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <AuthPage title={m.auth_choose_new_password()}>
        <Spinner label={m.auth_signing_you_in()} />
      </AuthPage>
    );
  }

  if (!loaderData.valid) {
    return (
      <AuthPage title={m.auth_choose_new_password()}>
        <div className="flex flex-col gap-4">
          <Notice tone="error">{messages.passwordResetInvalid()}</Notice>
          <Link
            to="/forgot-password/"
            className="inline-flex h-12 items-center justify-center rounded-lg bg-brand text-sm font-semibold uppercase tracking-[0.08em] text-white hover:bg-brand-dark"
          >
            {m.auth_request_new_link()}
          </Link>
        </div>
      </AuthPage>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const parsed = PasswordResetPayloadSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const r = await api.post<LoginResponse>(`/accounts/password-reset/${encodeURIComponent(params.id)}/`, parsed.data, {
      toasts: false,
      allow404: true,
    });
    if (r.ok) {
      setDone(true);
      await goAfterSignIn('/account/my-account', { message: messages.passwordChanged() });
      return;
    }
    setBusy(false);
    if (r.error?.fields) setErrors(r.error.fields);
    else if (linkRefused(r.error)) setFailure(messages.passwordResetInvalid());
    else setFailure(failureText(r.error));
  }

  return (
    <AuthPage title={m.auth_choose_new_password()}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <NewPasswordFields values={values} errors={errors} onChange={setValues} autoFocus />
        {failure && <Notice tone="error">{failure}</Notice>}
        <PrimaryButton busy={busy}>{m.auth_save_sign_in()}</PrimaryButton>
      </form>
    </AuthPage>
  );
}
