import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ACCOUNT_TABS, type AccountTab } from './account-tabs';
import { LogoutButton } from './logout-button';
import * as m from '@store/shared/i18n/messages';

/**
 * The account page frame: the tab list (a scrollable row on phones, a side menu on desktop) and
 * the current tab's content.
 */
export function AccountLayout({ tab, firstName, children }: { tab: AccountTab; firstName: string; children: ReactNode }) {
  const label = ACCOUNT_TABS.find((t) => t.key === tab)?.label() ?? '';
  const row = useRef<HTMLUListElement>(null);

  // On phones the tab row scrolls sideways: centre the current tab in it. Only the row moves:
  // scrollIntoView would scroll the page too, and as the page hydrates that moved the Logout button
  // from under a tap already on its way (the tap was lost, the shopper stayed signed in).
  useEffect(() => {
    const list = row.current;
    const current = list?.querySelector('[aria-current="page"]');
    if (!list || !current) return;
    const box = current.getBoundingClientRect();
    const view = list.getBoundingClientRect();
    list.scrollLeft += box.left + box.width / 2 - (view.left + view.width / 2);
  }, [tab]);
  return (
    <main className="mx-auto w-full max-w-6xl px-4 pb-16 pt-5 lg:px-8 lg:pt-8">
      <header className="mb-5 lg:mb-8">
        <p className="text-sm font-medium text-brand" data-testid="account-greeting">
          {m.shell_greeting({ name: firstName })}
        </p>
        <h1 className="mt-0.5 text-2xl font-bold text-ink lg:text-3xl">{label}</h1>
      </header>
      <div className="lg:grid lg:grid-cols-[220px_minmax(0,1fr)] lg:gap-10">
        <nav aria-label={m.account_nav()} className="-mx-4 mb-6 lg:mx-0 lg:mb-0">
          <ul
            ref={row}
            className="flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] lg:flex-col lg:gap-1 lg:overflow-visible lg:px-0"
          >
            {ACCOUNT_TABS.map((t) => (
              <li key={t.key} className="shrink-0">
                <NavLink
                  to={`/account/${t.key}`}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `block whitespace-nowrap rounded-full px-4 py-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-brand lg:rounded-lg lg:px-3 lg:py-2.5 ${
                      isActive
                        ? 'bg-ink text-white lg:bg-brand-soft lg:text-brand'
                        : 'bg-neutral-100 text-ink hover:bg-neutral-200 lg:bg-transparent lg:hover:bg-neutral-100'
                    }`
                  }
                >
                  {t.label()}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-6 hidden border-t border-line pt-6 lg:block">
            <LogoutButton className="w-full" />
          </div>
        </nav>
        <section aria-label={label} className="min-w-0">
          {children}
        </section>
      </div>
    </main>
  );
}
