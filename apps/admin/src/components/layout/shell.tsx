import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Fragment, useState } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { STAFF_ROLE_LABELS } from '@store/shared/admin';
import { api } from '../../lib/api';
import { useMe } from '../../lib/me';
import { previewStore } from '../../lib/preview';
import { clearToken } from '../../lib/session';
import { CloseIcon, MenuIcon } from './icons';
import { navFor } from './nav';

function Brand() {
  return (
    <Link to="/" className="flex items-baseline gap-2 whitespace-nowrap">
      <span className="font-serif text-xl font-semibold tracking-tight text-ink">
        Glow <span className="text-brand">Bazaar</span>
      </span>
      <span className="text-xs font-medium tracking-wide text-muted uppercase">Back office</span>
    </Link>
  );
}

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const me = useMe();
  return (
    <nav aria-label="Back office" className="space-y-1">
      {navFor(me.role).map(({ to, label, icon: Icon, group }, i, items) => (
        <Fragment key={to}>
          {group && items[i - 1]?.group !== group ? (
            <p className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{group}</p>
          ) : null}
          <NavLink
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex min-h-10 items-center gap-3 rounded-md px-3 text-sm font-medium ${isActive ? 'bg-brand-soft text-brand-dark' : 'text-ink hover:bg-neutral-100'}`
            }
          >
            <Icon className="size-5 shrink-0" />
            {label}
          </NavLink>
        </Fragment>
      ))}
    </nav>
  );
}

function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    // The session ends on the server; a failure there (already expired) still signs this tab out.
    await api.post('/auth/logout/').catch(() => undefined);
    clearToken();
    await navigate('/sign-in');
  };
}

function MemberMenu() {
  const me = useMe();
  const signOut = useSignOut();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`${me.name}, ${STAFF_ROLE_LABELS[me.role]}: account menu`}
        className="flex min-h-10 items-center gap-2 rounded-md px-2 text-left hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand"
      >
        <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-brand text-sm font-semibold text-white">
          {(me.name || me.email).slice(0, 1).toUpperCase()}
        </span>
        <span className="hidden leading-tight sm:block">
          <span className="block text-sm font-medium text-ink">{me.name}</span>
          <span className="block text-xs text-muted">{STAFF_ROLE_LABELS[me.role]}</span>
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-52 rounded-md border border-line bg-white p-1 shadow-lg">
          <div className="px-3 py-2 text-xs text-muted">{me.email}</div>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item asChild className="block rounded px-3 py-2 text-sm outline-none data-highlighted:bg-neutral-100">
            <Link to="/account">My account</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => void previewStore().catch(() => window.open('/', '_blank', 'noopener'))}
            className="block cursor-pointer rounded px-3 py-2 text-sm outline-none data-highlighted:bg-neutral-100"
          >
            View the store
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => void signOut()}
            className="block cursor-pointer rounded px-3 py-2 text-sm text-red-700 outline-none data-highlighted:bg-red-50"
          >
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * The signed-in frame: a sidebar from 1024 px, a drawer behind the menu button below that. A member
 * who must enrol in two-factor sign-in first sees no navigation until that is done.
 */
export function Shell() {
  const me = useMe();
  const nav = !(me.two_factor_required && !me.two_factor_enabled);
  const [drawer, setDrawer] = useState(false);
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_1fr]">
      {nav ? (
        <aside className="hidden border-r border-line bg-white lg:flex lg:min-h-dvh lg:flex-col lg:gap-6 lg:p-4">
          <div className="px-2 pt-1">
            <Brand />
          </div>
          <NavLinks />
        </aside>
      ) : null}
      <div className={`min-w-0 ${nav ? '' : 'lg:col-span-2'}`}>
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-2 border-b border-line bg-white/95 px-3 backdrop-blur sm:px-5">
          <div className="flex items-center gap-1">
            {nav ? (
              <Dialog.Root open={drawer} onOpenChange={setDrawer}>
                <Dialog.Trigger
                  className="grid size-10 place-items-center rounded-md hover:bg-neutral-100 lg:hidden"
                  aria-label="Open the menu"
                >
                  <MenuIcon className="size-6" />
                </Dialog.Trigger>
                <Dialog.Portal>
                  <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 animate-[fade-in_150ms_ease-out] lg:hidden" />
                  <Dialog.Content
                    aria-describedby={undefined}
                    className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto overscroll-contain bg-white p-4 shadow-xl animate-[slide-in-left_200ms_ease-out] lg:hidden"
                  >
                    <div className="flex items-center justify-between">
                      <Dialog.Title className="sr-only">Menu</Dialog.Title>
                      <Brand />
                      <Dialog.Close className="grid size-10 place-items-center rounded-md hover:bg-neutral-100" aria-label="Close the menu">
                        <CloseIcon className="size-5" />
                      </Dialog.Close>
                    </div>
                    <NavLinks onNavigate={() => setDrawer(false)} />
                  </Dialog.Content>
                </Dialog.Portal>
              </Dialog.Root>
            ) : null}
            <div className={nav ? 'lg:hidden' : ''}>
              <Brand />
            </div>
          </div>
          <MemberMenu />
        </header>
        <main className="mx-auto w-full max-w-6xl px-3 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
