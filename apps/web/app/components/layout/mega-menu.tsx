import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { ProductCard } from '@store/shared/catalog';
import type { NavItem, PromoteEntry } from '@store/shared/content';
import { formatTaka } from '@store/shared/money';
import { menuLink } from '../../lib/menu';
import { MenuAnchor, MenuIcon } from './menu-link';

/** A promoted page's link: a path as given, a bare handle as a content page. */
function promotedPageHref(page: string): string {
  return page.startsWith('/') || /^https?:\/\//.test(page) ? page : `/page/${page}`;
}

function MiniCard({ product }: { product: ProductCard }) {
  const discounted = product.discounted_price < product.price;
  return (
    <li>
      <Link to={product.url} className="group flex gap-3 rounded-lg p-1.5 hover:bg-brand-soft/60">
        <span className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-neutral-50">
          {product.image ? (
            <img
              src={product.image.mobile}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              decoding="async"
              className="size-16 object-cover"
            />
          ) : null}
        </span>
        <span className="min-w-0 text-sm">
          <span className="block text-[11px] font-semibold uppercase tracking-wide text-muted">{product.brand.name}</span>
          <span className="line-clamp-2 text-ink group-hover:text-brand">{product.name}</span>
          <span className="mt-0.5 flex items-baseline gap-1.5">
            {product.from ? <span className="text-xs text-muted">From</span> : null}
            <span className="font-semibold text-ink">{formatTaka(product.discounted_price)}</span>
            {discounted ? <s className="text-xs text-muted">{formatTaka(product.price)}</s> : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

export function Promotes({ entries }: { entries: PromoteEntry[] }) {
  return (
    <>
      {entries.map((entry, i) =>
        entry.type === 'product' ? (
          <section key={i} data-promote="product" className="min-w-0">
            <h3 className="mb-2 text-xs font-bold uppercase tracking-wider text-ink">{entry.value.headline}</h3>
            <ul className="space-y-1">
              {entry.value.products.map((p) => (
                <MiniCard key={p.id} product={p} />
              ))}
            </ul>
          </section>
        ) : (
          <a
            key={i}
            data-promote="page"
            href={promotedPageHref(entry.value.page)}
            {...(entry.value.open_in_new_tab ? { target: '_blank', rel: 'noopener' } : {})}
            className="group block min-w-0"
          >
            <img
              src={entry.value.image.url}
              alt={entry.value.title}
              width={entry.value.image.custom_width}
              height={entry.value.image.custom_height}
              loading="lazy"
              decoding="async"
              className="h-auto max-w-full rounded-lg bg-neutral-100 object-cover"
              style={{ width: entry.value.image.custom_width }}
            />
            <span className="mt-2 block text-sm font-semibold text-ink group-hover:text-brand">{entry.value.title}</span>
          </a>
        ),
      )}
    </>
  );
}

function Panel({ item, id }: { item: NavItem; id: string }) {
  const groups = item.children.filter((c) => c.children.length > 0);
  const singles = item.children.filter((c) => c.children.length === 0);
  const promoteHeadlines = new Set(item.promote.map((p) => (p.type === 'product' ? p.value.headline : p.value.title)));
  const headline = item.products?.headline && !promoteHeadlines.has(item.products.headline) ? item.products.headline : null;
  const link = menuLink(item);
  return (
    <div className="mx-auto flex max-w-7xl gap-10 px-8 py-7">
      <div className="min-w-0 flex-1">
        {headline ? <p className="mb-4 font-serif text-lg text-ink">{headline}</p> : null}
        <div className="grid grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))] gap-x-8 gap-y-6">
          {groups.map((group) => (
            <div key={group.id} className="min-w-0">
              <MenuAnchor
                item={group}
                className="mb-2 flex items-center gap-2 text-xs font-bold uppercase tracking-wider text-ink hover:text-brand"
              >
                <MenuIcon icon={group.menu_link_icon} />
                {group.title}
              </MenuAnchor>
              <ul className="space-y-1.5">
                {group.children.map((leaf) => (
                  <li key={leaf.id}>
                    <MenuAnchor item={leaf} className="flex items-center gap-2 text-sm text-neutral-700 hover:text-brand">
                      <MenuIcon icon={leaf.menu_link_icon} size={16} />
                      {leaf.title}
                    </MenuAnchor>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          {singles.length ? (
            <ul className={`space-y-1.5 ${groups.length ? '' : 'col-span-full columns-4 gap-8'}`} aria-label={`More in ${item.title}`}>
              {singles.map((leaf) => (
                <li key={leaf.id} className="break-inside-avoid">
                  <MenuAnchor item={leaf} className="flex items-center gap-2 py-0.5 text-sm text-neutral-700 hover:text-brand">
                    <MenuIcon icon={leaf.menu_link_icon} size={16} />
                    {leaf.title}
                  </MenuAnchor>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {link ? (
          <MenuAnchor item={item} className="mt-6 inline-flex items-center gap-1 text-sm font-semibold text-brand hover:underline">
            Shop all {item.title} →
          </MenuAnchor>
        ) : null}
      </div>
      {item.promote.length ? (
        <div id={`${id}-promote`} className="flex max-w-[34rem] shrink-0 gap-6 border-l border-line pl-8">
          <Promotes entries={item.promote} />
        </div>
      ) : null}
    </div>
  );
}

/**
 * The desktop mega-menu. The bar is server-rendered; a panel's content is rendered when it opens
 * (hovering or focusing its item), which keeps every page's HTML and DOM small and free of hidden
 * copies of product names and prices. A mask covers the page while a panel is open; hovering the
 * mask, leaving the menu, Escape or navigating closes it.
 */
export function MegaMenu({ items }: { items: NavItem[] }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const location = useLocation();

  useEffect(() => setOpenId(null), [location.key]);

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
        aria-label="Main"
        className="relative z-40 hidden border-t border-line bg-white lg:block"
        onMouseLeave={() => setOpenId(null)}
        onBlur={(e) => {
          if (!navRef.current?.contains(e.relatedTarget as Node | null)) setOpenId(null);
        }}
      >
        {/* Long menus scroll sideways rather than wrap; the panels hang off the nav, so they are never clipped. */}
        <ul className="mx-auto flex h-11 max-w-7xl items-stretch justify-center-safe overflow-x-auto px-4 [scrollbar-width:none] xl:px-6">
          {items.map((item) => {
            const hasPanel = item.children.length > 0 || item.promote.length > 0;
            const open = openId === item.id;
            const panelId = `mega-${item.id}`;
            return (
              <li key={item.id} className="flex" onMouseEnter={() => setOpenId(hasPanel ? item.id : null)}>
                <MenuAnchor
                  item={item}
                  data-menu-trigger={item.id}
                  tabIndex={0}
                  onFocus={() => setOpenId(hasPanel ? item.id : null)}
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
                    {open ? <Panel item={item} id={panelId} /> : null}
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
