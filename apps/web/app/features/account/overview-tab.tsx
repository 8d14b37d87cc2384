import { Link } from 'react-router';
import type { SessionUser } from '@store/shared/auth';
import { LogoutButton } from './logout-button';
import * as m from '@store/shared/i18n/messages';

const TILES = [
  { to: '/account/orders', title: m.account_tab_orders, text: m.account_tile_orders },
  { to: '/account/rewards', title: m.loyalty_tab, text: m.loyalty_tile },
  { to: '/account/addresses', title: m.account_tab_addresses, text: m.account_tile_addresses },
  { to: '/account/wishlist', title: m.account_tab_wishlist, text: m.account_tile_wishlist },
  { to: '/account/profile', title: m.account_tab_profile, text: m.account_tile_profile },
  { to: '/account/notifications', title: m.account_tab_notifications, text: m.account_tile_notifications },
  { to: '/account/privilege-card', title: m.account_tab_privilege_card, text: m.account_tile_privilege_card },
] as const;

function Verified({ ok }: { ok: boolean }) {
  return ok ? (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
      {m.account_verified()}
    </span>
  ) : (
    <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200">
      {m.account_not_verified()}
    </span>
  );
}

export function OverviewTab({ user }: { user: SessionUser }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="rounded-xl border border-line p-5">
        <h2 className="text-base font-semibold text-ink">
          {user.first_name} {user.last_name}
        </h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted">{m.account_email()}</dt>
            <dd className="mt-0.5 flex flex-wrap items-center gap-2 break-all text-ink">
              {user.email ?? <span className="text-muted">{m.account_no_email()}</span>}{' '}
              {user.email && <Verified ok={user.verified_email} />}
            </dd>
          </div>
          <div>
            <dt className="text-muted">{m.account_phone()}</dt>
            <dd className="mt-0.5 flex flex-wrap items-center gap-2 text-ink">
              {user.phone ?? '—'} {user.phone && <Verified ok={user.verified_sms} />}
            </dd>
          </div>
        </dl>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {TILES.map((t) => (
          <li key={t.to}>
            <Link
              to={t.to}
              prefetch="intent"
              className="flex h-full flex-col rounded-xl border border-line p-4 transition hover:border-ink focus-visible:outline-2 focus-visible:outline-brand"
            >
              <span className="font-semibold text-ink">{t.title()}</span>
              <span className="mt-1 text-sm text-muted">{t.text()}</span>
            </Link>
          </li>
        ))}
      </ul>
      <LogoutButton className="w-full lg:hidden" />
    </div>
  );
}
