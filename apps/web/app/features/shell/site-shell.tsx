import * as m from '@store/shared/i18n/messages';
import { Suspense, lazy, useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoginModalHost } from '../auth/login-modal-host';
import { BagHost } from '../cart/bag-host';
import { trackPixelPageView } from '../site/analytics';
import { CallWidget } from '../site/call-widget';
import { CookieBanner } from '../site/cookie-banner';
import { resolveLocationOnStart } from '../site/location';
import { WhatsAppButton } from '../site/whatsapp-button';
import { afterLoad } from '../../lib/after-load';
import { holdUntil } from '../../lib/hold-until';
import type { RootData } from '../../lib/root-data';
import { Footer } from '../../components/layout/footer';
import { HydrateSeparately } from '../../preact/hydrate-separately';
import { BottomBar } from './bottom-bar';
import { FlashNotice } from './flash-notice';
import { Header } from './header';
import { prefetchMenuTree } from '../../lib/menu-tree';
import { useMenuViewer, useVisibleBar } from './use-visible-menu';

/** The slide-in menu's code loads on the first tap of a menu button. */
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);

/** Header, page, footer and the site-wide widgets around every page. */
export function SiteShell({ data, children }: { data: RootData; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = data.user !== null;
  const viewer = useMenuViewer(signedIn);
  const nav = useVisibleBar(data.site.nav, viewer);
  const { menuType } = data;
  // The menu's levels are fetched with its code, both as soon as a finger or the pointer reaches a menu
  // button or it takes focus (a tap's pointerdown comes ~100 ms before its click), and on the tap itself.
  const preloadMenu = useCallback(() => {
    void loadMobileMenu();
    void prefetchMenuTree(menuType);
  }, [menuType]);
  const openMenu = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      preloadMenu();
      setMenuOpen(true);
      // The tapped button is pressed until the menu's code is here to show it (at once when it is).
      holdUntil(event.currentTarget, loadMobileMenu());
    },
    [preloadMenu],
  );
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // A tap on a menu button before hydration is held and replayed once every part of the page has
  // hydrated (scripts-after-paint.ts), half a second later on a slow phone: the menu is fetched now,
  // from the shell's first pass, so that it is here for the replay.
  useEffect(() => {
    if (document.querySelector('[data-opens-menu][data-held]')) preloadMenu();
  }, [preloadMenu]);

  // The region question waits until the page has loaded (it only changes restricted menu items).
  useEffect(() => afterLoad(() => void resolveLocationOnStart(signedIn)), [signedIn]);

  // The pixel tracks the first page view itself; later client-side navigations are tracked here.
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname !== firstPath.current) trackPixelPageView(pathname);
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col pb-[calc(3.5rem+env(safe-area-inset-bottom))] lg:pb-0">
      <a href="#main" className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        {m.skip_to_content()}
      </a>
      <Header data={data} nav={nav} viewer={viewer} onOpenMenu={openMenu} onPreloadMenu={preloadMenu} />
      {/* The page itself is hydrated after the header, in a task of its own (its own parts may take more). */}
      <HydrateSeparately>
        <div id="main" tabIndex={-1} className="flex-1 outline-none">
          <FlashNotice flash={data.flash} />
          {children}
        </div>
      </HydrateSeparately>
      <HydrateSeparately>
        <Footer data={data} />
      </HydrateSeparately>
      {/* The phone's bottom bar and the floating chat button: parts of their own, not the shell's first pass. */}
      <HydrateSeparately>
        <BottomBar data={data} menuOpen={menuOpen} onOpenMenu={openMenu} onPreloadMenu={preloadMenu} />
      </HydrateSeparately>
      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu data={data} nav={nav} viewer={viewer} onClose={closeMenu} />
        </Suspense>
      ) : null}
      {/* A landmark of its own, so the floating button is found by landmark navigation like the rest. */}
      <HydrateSeparately>
        <aside aria-label={m.shell_chat()}>
          <WhatsAppButton number={data.contact.whatsapp_number} placement="floating" />
        </aside>
      </HydrateSeparately>
      <CallWidget phone={data.contact.support_phone} hours={data.contact.care_hours} />
      <CookieBanner />
      <LoginModalHost />
      <BagHost supportPhone={data.contact.support_phone} />
    </div>
  );
}
