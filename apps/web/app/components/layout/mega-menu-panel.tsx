import * as m from '@store/shared/i18n/messages';
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ProductCard } from '@store/shared/catalog';
import type { NavItem, PromoteEntry } from '@store/shared/content';
import { formatTaka } from '../../lib/format';
import { useMenuTree } from '../../lib/use-menu-tree';
import type { MenuType } from '../../lib/department';
import { menuLink, type MenuViewer, type NavBarItem } from '../../lib/menu';
import { MenuAnchor, MenuIcon } from './menu-link';
import { MenuUnavailable } from './menu-unavailable';
import { hrefHere } from '../../lib/locale';

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
            {product.from ? <span className="text-xs text-muted">{m.price_from()}</span> : null}
            <span className="font-semibold text-ink">{formatTaka(product.discounted_price)}</span>
            {discounted ? <s className="text-xs text-muted">{formatTaka(product.price)}</s> : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

function Promotes({ entries }: { entries: PromoteEntry[] }) {
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
            href={hrefHere(promotedPageHref(entry.value.page))}
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

type PanelProps = { item: NavBarItem; id: string; menuType: MenuType; viewer: MenuViewer };

/**
 * An open panel of the mega-menu, loaded when a panel first opens: its item's groups, links and
 * promotes, from the whole menu (fetched with this code). Should the menu not come, the panel still
 * leads to the item's own page and offers to try again.
 */
export default function MegaMenuPanel({ item, id, menuType, viewer }: PanelProps) {
  const { tree, retrying, retried, retry } = useMenuTree(menuType, viewer);
  const full = tree?.find((entry) => entry.id === item.id);
  // After "Try again" the button is gone: focus moves to the panel's first link rather than to the page.
  if (full) return <PanelContent item={full} id={id} focusFirst={retried} />;
  const link = menuLink(item);
  return (
    <div className="mx-auto flex max-w-7xl items-center gap-6 px-8 py-7 text-sm">
      {link ? (
        <MenuAnchor item={item} className="inline-flex items-center gap-1 font-semibold text-brand hover:underline">
          {m.shell_shop_all({ name: item.title })}
        </MenuAnchor>
      ) : null}
      {tree ? null : <MenuUnavailable retrying={retrying} onRetry={retry} />}
    </div>
  );
}

function PanelContent({ item, id, focusFirst = false }: { item: NavItem; id: string; focusFirst?: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (focusFirst) root.current?.querySelector<HTMLElement>('a[href], [role="button"]')?.focus();
  }, [focusFirst]);
  const groups = item.children.filter((c) => c.children.length > 0);
  const singles = item.children.filter((c) => c.children.length === 0);
  const promoteHeadlines = new Set(item.promote.map((p) => (p.type === 'product' ? p.value.headline : p.value.title)));
  const headline = item.products?.headline && !promoteHeadlines.has(item.products.headline) ? item.products.headline : null;
  const link = menuLink(item);
  return (
    <div ref={root} className="mx-auto flex max-w-7xl gap-10 px-8 py-7">
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
            {m.shell_shop_all({ name: item.title })}
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
