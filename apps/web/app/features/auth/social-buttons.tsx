import { useEffect, useState } from 'react';
import type { SocialProvider, SocialProvidersResponse } from '@store/shared/auth';
import * as m from '@store/shared/i18n/messages';
import { api } from '../../lib/http';

type Provider = SocialProvidersResponse['data'][number];

const ICONS: Record<SocialProvider, React.ReactNode> = {
  google: (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M12 10.2v3.9h5.5c-.2 1.3-1.6 3.8-5.5 3.8-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.2 14.6 2.2 12 2.2 6.6 2.2 2.2 6.6 2.2 12s4.4 9.8 9.8 9.8c5.7 0 9.4-4 9.4-9.6 0-.6-.1-1.1-.2-1.6H12Z"
      />
    </svg>
  ),
  facebook: (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z"
      />
    </svg>
  ),
  instagram: (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="#C13584" strokeWidth="2">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.6" fill="#C13584" />
    </svg>
  ),
};

/** Only the providers the server has keys for are offered (GET /social-providers/). */
export function SocialButtons() {
  const [providers, setProviders] = useState<Provider[]>([]);

  useEffect(() => {
    let live = true;
    void api.get<SocialProvidersResponse>('/social-providers/', { toasts: false, allow404: true }).then((r) => {
      if (live && r.ok) setProviders(r.data.data);
    });
    return () => {
      live = false;
    };
  }, []);

  if (providers.length === 0) return null;
  const next = typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
  return (
    <div className="mt-6" data-testid="social-login">
      <div className="flex items-center gap-3 text-xs uppercase tracking-[0.1em] text-muted">
        <span className="h-px flex-1 bg-line" />
        {m.auth_or_continue()}
        <span className="h-px flex-1 bg-line" />
      </div>
      <ul className="mt-4 flex flex-col gap-2">
        {providers.map((p) => {
          const url = new URL(p.start_url, window.location.origin);
          url.searchParams.set('next', next);
          return (
            <li key={p.provider}>
              <a
                href={`${url.pathname}${url.search}`}
                className="flex h-11 items-center justify-center gap-3 rounded-lg border border-neutral-300 text-sm font-medium text-ink transition hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-brand"
              >
                {ICONS[p.provider]}
                {m.auth_continue_with({ provider: p.name })}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
