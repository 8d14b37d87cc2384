import { useState } from 'react';
import * as m from '@store/shared/i18n/messages';
import { logout } from '../auth/session';

/** Logout calls the server first; only a confirmed logout sends the shopper to / (SPEC §4). */
export function LogoutButton({ className = '' }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        if (!(await logout())) setBusy(false);
      }}
      className={`inline-flex h-11 items-center justify-center rounded-lg border border-neutral-300 px-5 text-sm font-semibold text-ink transition hover:border-ink focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60 ${className}`}
    >
      {busy ? m.auth_logging_out() : m.auth_logout()}
    </button>
  );
}
