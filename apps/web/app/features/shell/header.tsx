import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import * as m from '@store/shared/i18n/messages';
import { openLogin, SCRIPTED, SIGN_IN_PAGE } from '../auth/auth-events';
import { loadBagPanel, preloadBag } from '../cart/bag-host';
import { openBag } from '../cart/bag-store';
import { useBagCount, useBagState } from '../cart/use-bag';
import { SearchBox } from '../search/search-box';
import { DEPARTMENTS } from '../catalog/departments';
import { LanguageSwitch } from './language-switch';
import { displayPhone, telHref } from '../../lib/contact';
import { formatCount } from '../../lib/format';
import { holdUntil } from '../../lib/hold-until';
import { departmentHomePath } from '../../lib/department';
import type { RootData } from '../../lib/root-data';
import { BagIcon, MenuIcon, PhoneIcon, ShieldIcon, TruckIcon, UserIcon } from '../../components/layout/icons';
import { Logo } from '../../components/layout/logo';
import { HydrateSeparately } from '../../preact/hydrate-separately';
import { MegaMenu } from '../../components/layout/mega-menu';
import type { MenuViewer, NavBarItem } from '../../lib/menu';
import { hrefHere } from '../../lib/locale';

/** Sticks once the page has scrolled past the whole header (navigation included). */
function useStuckHeader() {
  const wrapper = useRef<HTMLDivElement>(null);
  const header = useRef<HTMLElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const [stuck, setStuck] = useState(false);

  useEffect(() => {
    const target = sentinel.current;
    if (!target) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      const past = !entry.isIntersecting && entry.boundingClientRect.top < 0;
      // The wrapper keeps the in-flow height while the header is fixed, so nothing below moves.
      if (wrapper.current && header.current) wrapper.current.style.height = past ? `${header.current.offsetHeight}px` : '';
      setStuck(past);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, []);
  return { wrapper, header, sentinel, stuck };
}

function Account({ data, compact }: { data: RootData; compact?: boolean }) {
  const user = data.user;
  const greeting = user ? m.shell_greeting({ name: user.first_name }) : m.shell_guest();
  const inner = (
    <>
      <UserIcon size={compact ? 22 : 24} />
      <span className={compact ? 'sr-only' : 'flex flex-col text-left leading-tight'}>
        <span data-testid="greeting" className="text-xs text-muted">
          {greeting}
        </span>
        <span className="text-sm font-semibold text-ink">{user ? m.shell_my_account() : m.shell_login()}</span>
      </span>
    </>
  );
  const className =
    'flex items-center gap-2 rounded-full p-1.5 text-ink hover:text-brand focus-visible:outline-2 focus-visible:outline-brand';
  return user ? (
    <Link to="/account/my-account" className={className} data-testid="login-button">
      {inner}
    </Link>
  ) : (
    <>
      <button type="button" onClick={() => openLogin()} className={`${className} ${SCRIPTED}`} data-testid="login-button">
        {inner}
      </button>
      {/* The modal needs the page's scripts; without them the sign-in page has the same sign-in as plain forms. */}
      <noscript className="[@media(scripting:none)]:contents">
        <a href={hrefHere(SIGN_IN_PAGE)} className={className}>
          {inner}
        </a>
      </noscript>
    </>
  );
}

function bagLabel(count: number, waiting: boolean) {
  const bag = count === 1 ? m.shell_bag_one({ count: formatCount(count) }) : m.shell_bag_other({ count: formatCount(count) });
  return waiting ? m.shell_bag_waiting({ bag }) : bag;
}

function Bag({ count: serverCount }: { count: number }) {
  // The live count once the bag was fetched in this page; the icon opens the side panel (the link is the no-JS fallback).
  const count = useBagCount(serverCount);
  // Changes made without a connection: counted already, sent when it returns.
  const waiting = useBagState().offline;
  return (
    <Link
      to="/checkout"
      onClick={(e) => {
        e.preventDefault();
        openBag();
        // Pressed until the panel's code is here to show it (at once when it is).
        holdUntil(e.currentTarget, loadBagPanel());
      }}
      onPointerEnter={preloadBag}
      onFocus={preloadBag}
      aria-haspopup="dialog"
      aria-label={bagLabel(count, waiting)}
      className="relative flex size-11 items-center justify-center rounded-full text-ink hover:text-brand"
    >
      <BagIcon size={24} />
      <span
        data-testid="bag-count"
        data-waiting={waiting ? 'true' : undefined}
        aria-hidden="true"
        title={waiting ? m.shell_waiting() : undefined}
        className={`absolute right-0.5 top-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full px-1 text-[11px] font-bold leading-none ${
          waiting ? 'bg-white text-brand-dark outline-2 outline-dashed outline-brand' : 'bg-brand text-white'
        }`}
      >
        {formatCount(count)}
      </span>
    </Link>
  );
}

/** Where the conditions of 'free shipping*' are written out (the seeded policy page's free-delivery section). */
const FREE_DELIVERY_CONDITIONS = '/page/shipping-policy#free-delivery';

/**
 * The site header: a contact strip, the logo, search, account and bag, and (from 1024 px) the
 * mega-menu. Below 1024 px the same header is the mobile top bar with a menu button.
 */
export function Header({
  data,
  nav,
  viewer,
  onOpenMenu,
  onPreloadMenu,
}: {
  data: RootData;
  nav: NavBarItem[];
  viewer: MenuViewer;
  onOpenMenu: (event: MouseEvent<HTMLElement>) => void;
  /** Starts fetching what the menu needs, ahead of a likely tap. */
  onPreloadMenu: () => void;
}) {
  const { wrapper, header, sentinel, stuck } = useStuckHeader();
  const phone = data.contact.support_phone;
  const logo = data.user ? (data.site.logoLogged ?? data.site.logo) : data.site.logo;
  const home = departmentHomePath(data.department);

  return (
    <div ref={wrapper} className="relative">
      <header
        ref={header}
        data-site-header
        data-stuck={stuck ? 'true' : undefined}
        className={`inset-x-0 top-0 z-40 bg-white ${stuck ? 'fixed animate-header-in shadow-md' : 'relative'}`}
      >
        {/* The strip, the row of the logo, search and bag, and the desktop's menu bar: each hydrated in a
            task of its own (preact/hydrate-separately.tsx), so no one task holds a slow phone long. */}
        <HydrateSeparately>
          <div className={`relative z-40 bg-ink text-white ${stuck ? 'hidden' : ''}`}>
            <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between px-3 text-[11px] sm:text-xs lg:h-9 lg:flex-nowrap lg:gap-3 lg:px-6">
              <ul className="hidden items-center gap-4 lg:flex" aria-label={m.shell_departments()}>
                {DEPARTMENTS.map((d) => (
                  <li key={d.key}>
                    <Link
                      to={departmentHomePath(d.key)}
                      aria-current={data.department === d.key ? 'true' : undefined}
                      className={`uppercase tracking-wider hover:text-white ${data.department === d.key ? 'font-bold text-white underline decoration-brand decoration-2 underline-offset-[6px]' : 'text-white/70'}`}
                    >
                      {d.label()}
                    </Link>
                  </li>
                ))}
              </ul>
              {/* One element for both sizes: a soft row under the strip on phones, the strip's centre from 1024 px. */}
              {data.site.highlightMessage ? (
                <p
                  data-testid="highlight-message"
                  className="order-last -mx-3 w-[calc(100%+1.5rem)] truncate bg-brand-soft px-3 py-1.5 text-center text-xs font-medium text-brand-dark lg:order-none lg:mx-0 lg:w-auto lg:min-w-0 lg:bg-transparent lg:p-0 lg:text-white"
                >
                  {data.site.highlightMessage}
                </p>
              ) : null}
              <div className="flex h-8 w-full items-center justify-between gap-3 lg:h-auto lg:w-auto lg:justify-end lg:gap-5">
                <a href={telHref(phone)} className="flex items-center gap-1.5 whitespace-nowrap font-semibold hover:underline">
                  <PhoneIcon size={13} />
                  <span>{displayPhone(phone)}</span>
                </a>
                <span className="flex items-center gap-3 whitespace-nowrap lg:gap-5">
                  {/* The asterisk's conditions: the rule in a tooltip and on the shipping policy page. */}
                  <a
                    href={hrefHere(FREE_DELIVERY_CONDITIONS)}
                    title={data.contact.free_delivery_text ?? undefined}
                    data-testid="free-shipping-conditions"
                    className="flex items-center gap-1 hover:underline"
                  >
                    <TruckIcon size={14} className="text-brand-soft" />
                    {m.shell_free_shipping()}
                  </a>
                  <span className="flex items-center gap-1">
                    <ShieldIcon size={14} className="text-brand-soft" />
                    {m.shell_authentic()}
                  </span>
                  <LanguageSwitch className="hidden rounded border border-white/40 px-1.5 py-0.5 font-semibold hover:bg-white hover:text-ink lg:inline" />
                </span>
              </div>
            </div>
          </div>
        </HydrateSeparately>

        {/* Above the mega-menu bar (z-40), so the search box's suggestions open over it. */}
        <HydrateSeparately>
          <div className="relative z-[45] bg-white">
            <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-2 lg:h-20 lg:gap-8 lg:px-6">
              <button
                type="button"
                onClick={onOpenMenu}
                onPointerEnter={onPreloadMenu}
                onFocus={onPreloadMenu}
                data-opens-menu
                aria-label={m.shell_open_menu()}
                aria-haspopup="dialog"
                className="flex size-11 items-center justify-center rounded-full text-ink hover:bg-neutral-100 lg:hidden"
              >
                <MenuIcon size={24} />
              </button>
              <Logo src={logo} home={home} />
              <div className="hidden flex-1 lg:block">
                <div className="mx-auto max-w-xl">
                  <SearchBox variant="desktop" />
                </div>
              </div>
              <div className="ml-auto flex items-center gap-1 lg:ml-0 lg:gap-4">
                {/* On phones the strip above has no room for it: beside the bag, and in the menu. */}
                <LanguageSwitch className="flex h-8 items-center rounded-full border border-line px-2.5 text-xs font-semibold text-ink hover:border-ink lg:hidden" />
                <span className="hidden lg:block">
                  <Account data={data} />
                </span>
                <Bag count={data.cartCount} />
              </div>
            </div>
            <div className="px-3 pb-2.5 lg:hidden">
              <SearchBox variant="mobile" />
            </div>
          </div>
        </HydrateSeparately>
        <HydrateSeparately>
          <MegaMenu items={nav} menuType={data.menuType} viewer={viewer} />
        </HydrateSeparately>
      </header>
      <div ref={sentinel} aria-hidden="true" className="pointer-events-none absolute bottom-0 left-0 h-px w-px" />
    </div>
  );
}
