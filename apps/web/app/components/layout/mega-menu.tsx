import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { prefetchMenuTree } from '../../lib/menu-tree';
import type { MenuType } from '../../lib/department';
import type { MenuViewer, NavBarItem } from '../../lib/menu';
import { MenuAnchor, MenuIcon } from './menu-link';
import * as m from '@store/shared/i18n/messages';

const loadPanel = () => import('./mega-menu-panel');
/** A panel's code and the menu's levels load when the pointer first reaches the bar (or a menu item gets focus). */
const Panel = lazy(loadPanel);

/**
 * The desktop mega-menu. The bar is server-rendered; a panel's content is rendered when it opens
 * (hovering or focusing its item), which keeps every page's HTML and DOM small and free of hidden
 * copies of product names and prices. A mask covers the page while a panel is open; hovering the
 * mask, leaving the menu, Escape or navigating closes it.
 */
export function MegaMenu({ items, menuType, viewer }: { items: NavBarItem[]; menuType: MenuType; viewer: MenuViewer }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const location = useLocation();

  useEffect(() => setOpenId(null), [location.key]);

  const prefetch = () => {
    void loadPanel();
    void prefetchMenuTree(menuType);
  };

  useEffect(() => {
    if (openId === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      navRef.current?.querySelector<HTMLElement>(`[data-menu-trigger="${openId}"]`)?.focus();
      setOpenId(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openId]);

  return (
    <>
      <nav
        ref={navRef}
        aria-label={m.menu_main()}
        className="relative z-40 hidden border-t border-line bg-white lg:block"
        onMouseEnter={prefetch}
        // Keyboard shoppers reach the bar by focus: the panels' code and the menu start loading then too.
        onFocus={prefetch}
        onMouseLeave={() => setOpenId(null)}
        onBlur={(e) => {
          if (navRef.current?.contains(e.relatedTarget as Node | null)) return;
          // A focused control that leaves the page (a panel's "Try again" replaced by its menu, which
          // takes the focus) blurs with nowhere to go: judged a frame later, by where the focus is then.
          requestAnimationFrame(() => {
            if (!navRef.current?.contains(document.activeElement)) setOpenId(null);
          });
        }}
      >
        {/* Long menus scroll sideways rather than wrap; the panels hang off the nav, so they are never clipped. */}
        <ul className="mx-auto flex h-11 max-w-7xl items-stretch justify-center-safe overflow-x-auto px-4 [scrollbar-width:none] xl:px-6">
          {items.map((item) => {
            const hasPanel = item.has_panel;
            const open = openId === item.id;
            const panelId = `mega-${item.id}`;
            return (
              <li key={item.id} className="flex" onMouseEnter={() => setOpenId(hasPanel ? item.id : null)}>
                <MenuAnchor
                  item={item}
                  data-menu-trigger={item.id}
                  tabIndex={0}
                  onFocus={() => setOpenId(hasPanel ? item.id : null)}
                  // A heading without a link is a button: Enter and Space open and close its panel (Escape closes it too).
                  onKeyDown={(e) => {
                    if (!hasPanel || e.currentTarget.tagName !== 'SPAN' || (e.key !== 'Enter' && e.key !== ' ')) return;
                    e.preventDefault();
                    setOpenId(open ? null : item.id);
                  }}
                  {...(hasPanel ? { 'aria-expanded': open, 'aria-controls': panelId } : {})}
                  className={`relative flex items-center gap-1.5 whitespace-nowrap px-2 text-xs font-semibold uppercase outline-none transition-colors after:absolute after:inset-x-2 after:bottom-0 xl:px-3.5 xl:text-[13px] xl:tracking-wide xl:after:inset-x-3.5 after:h-0.5 after:origin-left after:scale-x-0 after:bg-brand after:transition-transform focus-visible:after:scale-x-100 ${
                    open ? 'text-brand after:scale-x-100' : 'text-ink hover:text-brand'
                  }`}
                >
                  {/* Icons give way first when the bar is tight (1024–1279 px). */}
                  <span className="hidden xl:contents">
                    <MenuIcon icon={item.menu_link_icon} size={16} />
                  </span>
                  {item.title}
                </MenuAnchor>
                {hasPanel ? (
                  <div
                    id={panelId}
                    data-menu-panel={item.id}
                    hidden={!open}
                    className="absolute inset-x-0 top-full z-50 border-t border-line bg-white shadow-xl"
                  >
                    {open ? (
                      <Suspense fallback={null}>
                        <Panel item={item} id={panelId} menuType={menuType} viewer={viewer} />
                      </Suspense>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </nav>
      {openId !== null ? (
        <div
          data-testid="menu-mask"
          aria-hidden="true"
          className="fixed inset-0 z-30 hidden bg-black/40 lg:block"
          // Only a real pointer movement counts: a mask appearing under a resting cursor (a menu opened
          // from the keyboard) must not close the menu at once.
          onMouseMove={(e) => {
            if (e.movementX !== 0 || e.movementY !== 0) setOpenId(null);
          }}
          onClick={() => setOpenId(null)}
        />
      ) : null}
    </>
  );
}
