import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as messages from '@store/shared/messages';
import { AuthPage } from '../features/auth/auth-page';
import { readContact } from '../features/auth/contact';
import { Notice, PrimaryButton, TextField } from '../features/auth/form-controls';
import { api } from '../lib/http';
import { pageTitle } from '../lib/seo';

export function meta() {
  return [{ title: pageTitle('Forgot password') }, { name: 'robots', content: 'noindex' }];
}

/** /forgot-password/: asks for the account's email or phone; the answer is the same whether or not it exists. */
export default function ForgotPassword() {
  const [raw, setRaw] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const contact = readContact(raw);
    if (!contact.ok) {
      setError(contact.message);
      return;
    }
    setBusy(true);
    const r = await api.post<{ success: boolean; detail: string }>(
      '/accounts/password-reset/',
      { email: contact.value },
      { toasts: false },
    );
    setBusy(false);
    if (r.ok) setSent(r.data.detail || messages.passwordResetSent);
    else setFailure(r.error ? r.error.message : messages.offline);
  }

  return (
    <AuthPage title="Forgot password">
      {sent ? (
        <div className="flex flex-col gap-4">
          <Notice tone="success">{sent}</Notice>
          <p className="text-sm text-muted">
            The link is valid for a limited time. Check your spam folder if it does not arrive within a few minutes.
          </p>
          <Link to="/" className="text-sm font-medium text-brand underline-offset-4 hover:underline">
            Continue shopping
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-muted">
            Enter the email or phone number of your account and we will email you a link to choose a new password.
          </p>
          <TextField
            label="Email or phone"
            value={raw}
            onChange={(e) => {
              setRaw(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            autoComplete="username"
            inputMode="email"
            autoFocus
          />
          {failure && <Notice tone="error">{failure}</Notice>}
          <PrimaryButton busy={busy}>Send reset link</PrimaryButton>
        </form>
      )}
    </AuthPage>
  );
}
