import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { LoginResponse } from '@store/shared/auth';
import * as m from '@store/shared/i18n/messages';
import * as messages from '@store/shared/messages';
import { openLogin } from '../features/auth/auth-events';
import { AuthPage, Spinner } from '../features/auth/auth-page';
import { Notice } from '../features/auth/form-controls';
import { goAfterSignIn } from '../features/auth/session';
import { linkRefused } from '../features/auth/outcomes';
import { api } from '../lib/http';
import { pageTitle } from '../lib/seo';
import type { Route } from './+types/passwordless-login';

export function meta() {
  return [{ title: pageTitle(m.auth_signing_in()) }, { name: 'robots', content: 'noindex' }];
}

/**
 * The magic link's landing (SPEC §2): the link is consumed by the API from the browser (so the
 * session cookie lands there), then the shopper is taken to the home page, signed in.
 */
export default function PasswordlessLogin({ params }: Route.ComponentProps) {
  const [state, setState] = useState<'working' | 'failed'>('working');
  const [message, setMessage] = useState<string>(messages.linkInvalid());
  const started = useRef(false);

  useEffect(() => {
    // The link is single use: never post it twice (React's development double effects, re-renders).
    if (started.current) return;
    started.current = true;
    const path = `/accounts/passwordless/${encodeURIComponent(params.token)}/${encodeURIComponent(params.uid)}/${encodeURIComponent(params.hash)}/`;
    void api.post<LoginResponse>(path, {}, { toasts: false, allow404: true }).then(async (r) => {
      if (r.ok && r.data.data?.token) {
        await goAfterSignIn('/');
        return;
      }
      if (r.ok) setMessage(r.data.detail);
      else if (r.error && !linkRefused(r.error)) setMessage(r.error.message);
      setState('failed');
    });
  }, [params.token, params.uid, params.hash]);

  return (
    <AuthPage title={m.auth_title_sign_in()}>
      {state === 'working' ? (
        <Spinner label={m.auth_signing_you_in()} />
      ) : (
        <div className="flex flex-col gap-4">
          <Notice tone="error">{message}</Notice>
          <button
            type="button"
            onClick={() => openLogin({})}
            className="h-12 rounded-lg bg-brand text-sm font-semibold uppercase tracking-[0.08em] text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            {m.auth_request_new_link()}
          </button>
          <Link to="/" className="text-center text-sm font-medium text-brand underline-offset-4 hover:underline">
            {messages.continueShopping()}
          </Link>
        </div>
      )}
    </AuthPage>
  );
}
