import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import * as m from '@store/shared/i18n/messages';

/** A labelled text input with its error underneath, tied together for screen readers. */
export function TextField({
  label,
  error,
  hint,
  className = '',
  ...input
}: { label: string; error?: string | undefined; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
        className={`block h-12 w-full rounded-lg border bg-white px-3.5 text-base text-ink outline-none transition placeholder:text-neutral-400 focus:border-brand focus:ring-2 focus:ring-brand/25 disabled:bg-neutral-50 ${
          error ? 'border-red-600' : 'border-neutral-300'
        }`}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/** A password input with a show/hide toggle (phones make typing passwords blind error-prone). */
export function PasswordField(props: { label: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const { label, error, ...input } = props;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
          className={`block h-12 w-full rounded-lg border bg-white pl-3.5 pr-16 text-base text-ink outline-none transition focus:border-brand focus:ring-2 focus:ring-brand/25 ${
            error ? 'border-red-600' : 'border-neutral-300'
          }`}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={shown ? m.auth_hide_field({ field: label.toLowerCase() }) : m.auth_show_field({ field: label.toLowerCase() })}
          className="absolute inset-y-1 right-1 rounded-md px-3 text-xs font-semibold uppercase tracking-wide text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-brand"
        >
          {shown ? m.auth_hide() : m.auth_show()}
        </button>
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

export type NewPassword = { password: string; password_confirm: string };

/** A new password and its confirmation, as the reset page and the profile ask for them. */
export function NewPasswordFields<T extends NewPassword>({
  values,
  errors,
  onChange,
  autoFocus,
}: {
  values: T;
  errors: Record<string, string>;
  onChange: (values: T) => void;
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordField
        label={m.auth_new_password()}
        value={values.password}
        onChange={(e) => onChange({ ...values, password: e.currentTarget.value })}
        error={errors.password}
        autoComplete="new-password"
        autoFocus={autoFocus}
      />
      <PasswordField
        label={m.auth_confirm_new_password()}
        value={values.password_confirm}
        onChange={(e) => onChange({ ...values, password_confirm: e.currentTarget.value })}
        error={errors.password_confirm}
        autoComplete="new-password"
      />
    </>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-700" data-testid="field-error">
      {children}
    </p>
  );
}

export function PrimaryButton({
  children,
  busy = false,
  className = '',
  ...rest
}: { busy?: boolean } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      {...rest}
      disabled={rest.disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand px-5 text-sm font-semibold uppercase tracking-[0.08em] text-white transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:bg-neutral-300 disabled:text-neutral-600 ${className}`}
    >
      {busy && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
      {children}
    </button>
  );
}

/** A message box for outcomes that are not a single field's error (wrong password, a link sent). */
export function Notice({ tone, children }: { tone: 'error' | 'info' | 'success'; children: ReactNode }) {
  const styles = {
    error: 'bg-red-50 text-red-800 ring-red-200',
    info: 'bg-sky-50 text-sky-900 ring-sky-200',
    success: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  };
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg px-3.5 py-3 text-sm ring-1 ${styles[tone]}`}>
      {children}
    </div>
  );
}
