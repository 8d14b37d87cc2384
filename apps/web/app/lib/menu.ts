import type { NavItem } from '@store/shared/content';

/** Who is looking at the menu: restricted items depend on sign-in and the stored location. */
export type MenuViewer = { signedIn: boolean; location: string | null };

/** SPEC §5: items flagged visible_only_to_logged_in_users are hidden unless signed in or located in BD. */
export function canSeeRestrictedItems(viewer: MenuViewer): boolean {
  return viewer.signedIn || viewer.location === 'BD';
}

/** Whether this viewer sees an item (its own flag only, not its parents'). */
function shownTo(viewer: MenuViewer): (item: Pick<NavItem, 'visible_only_to_logged_in_users'>) => boolean {
  const restricted = canSeeRestrictedItems(viewer);
  return (item) => restricted || !item.visible_only_to_logged_in_users;
}

/** The menu as this viewer sees it, at every level. */
export function visibleMenu(items: readonly NavItem[], viewer: MenuViewer): NavItem[] {
  const shown = shownTo(viewer);
  const walk = (list: readonly NavItem[]): NavItem[] =>
    list.filter(shown).map((item) => (item.children.length ? { ...item, children: walk(item.children) } : item));
  return walk(items);
}

/**
 * A top-level menu item as every page carries it in its data: what the bar shows, without what its
 * panel shows (children and promotes, most of a menu's weight: the product cards of its promotes).
 * The whole menu is fetched when a panel or the phone menu first opens (menu-tree.ts).
 */
export type NavBarItem = Omit<NavItem, 'children' | 'promote' | 'products'> & {
  /** Whether its panel has anything for a shopper who sees restricted items… */
  has_panel: boolean;
  /** …and for one who does not (its children may all be restricted). */
  has_public_panel: boolean;
};

export function menuBar(items: readonly NavItem[]): NavBarItem[] {
  return items.map(({ children, promote, products: _products, ...bar }) => ({
    ...bar,
    has_panel: children.length > 0 || promote.length > 0,
    has_public_panel: children.some((child) => !child.visible_only_to_logged_in_users) || promote.length > 0,
  }));
}

/** The bar as this viewer sees it, each item saying whether it has a panel for this viewer. */
export function visibleBar(items: readonly NavBarItem[], viewer: MenuViewer): NavBarItem[] {
  const shown = shownTo(viewer);
  const restricted = canSeeRestrictedItems(viewer);
  return items.filter(shown).map((item) => (restricted ? item : { ...item, has_panel: item.has_public_panel }));
}

export type MenuLink = { href: string; external: boolean; newTab: boolean };

/**
 * Where an item leads: a redirect wins, then an external URL, then the relative URL, then its
 * content page. disable_url items (group headings) lead nowhere and render as text.
 */
export function menuLink(
  item: Pick<NavItem, 'disable_url' | 'redirect_url' | 'external_url' | 'relative_url' | 'page' | 'open_in_new_tab'>,
): MenuLink | null {
  if (item.disable_url) return null;
  const newTab = item.open_in_new_tab;
  if (item.redirect_url?.relative_url) return { href: item.redirect_url.relative_url, external: false, newTab };
  if (item.external_url) return { href: item.external_url, external: true, newTab };
  if (item.relative_url) return { href: item.relative_url, external: false, newTab };
  if (item.page) return { href: `/page/${item.page}`, external: false, newTab };
  return null;
}
