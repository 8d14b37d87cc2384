import { useEffect, useRef, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { LoginResponse } from '@store/shared/auth';
import * as m from '@store/shared/i18n/messages';
import * as messages from '@store/shared/messages';
import { AuthPage, Spinner } from '../features/auth/auth-page';
import { Notice } from '../features/auth/form-controls';
import { linkRefused } from '../features/auth/outcomes';
import { refreshAfterSignIn } from '../features/auth/session';
import { api } from '../lib/http';
import { toast } from '../lib/toast';
import { pageTitle } from '../lib/seo';
import type { Route } from './+types/verify-email';

export function meta() {
  return [{ title: pageTitle(m.auth_email_verification()) }, { name: 'robots', content: 'noindex' }];
}

/**
 * /verify-email/:id: the link of the registration email. Verifying signs the shopper in (the API
 * sets the session cookie); every loader then reloads so the page greets them (SPEC §4). The link
 * is single use, so the landing refreshes its data instead of reloading itself. (The checkout's own
 * verification, which must not reload on ?step=address, can use isCheckoutAddressStep.)
 */
export default function VerifyEmail({ params }: Route.ComponentProps) {
  const [state, setState] = useState<'working' | 'verified' | 'failed'>('working');
  const [message, setMessage] = useState<string>(messages.linkInvalid());
  const revalidator = useRevalidator();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void api
      .post<LoginResponse>(`/accounts/verify-email/${encodeURIComponent(params.id)}/`, {}, { toasts: false, allow404: true })
      .then(async (r) => {
        if (!r.ok) {
          if (r.error && !linkRefused(r.error)) setMessage(r.error.message);
          setState('failed');
          return;
        }
        setMessage(r.data.detail || messages.verifiedSuccessfully());
        setState('verified');
        toast.success(r.data.detail || messages.verifiedSuccessfully());
        if (r.data.data?.token) await refreshAfterSignIn(() => revalidator.revalidate());
      });
  }, [params.id, revalidator]);

  return (
    <AuthPage title={m.auth_email_verification()}>
      {state === 'working' && <Spinner label={m.auth_verifying_email()} />}
      {state !== 'working' && (
        <div className="flex flex-col gap-4">
          <Notice tone={state === 'verified' ? 'success' : 'error'}>{message}</Notice>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link
              to="/"
              className="inline-flex h-12 flex-1 items-center justify-center rounded-lg bg-brand text-sm font-semibold uppercase tracking-[0.08em] text-white hover:bg-brand-dark"
            >
              {messages.continueShopping()}
            </Link>
            {state === 'verified' && (
              <Link
                to="/account/my-account"
                className="inline-flex h-12 flex-1 items-center justify-center rounded-lg border border-neutral-300 text-sm font-semibold uppercase tracking-[0.08em] text-ink hover:border-ink"
              >
                {m.auth_my_account()}
              </Link>
            )}
          </div>
        </div>
      )}
    </AuthPage>
  );
}
