import type { NavItem } from '@store/shared/content';

/** Who is looking at the menu: restricted items depend on sign-in and the stored location. */
export type MenuViewer = { signedIn: boolean; location: string | null };

/** SPEC §5: items flagged visible_only_to_logged_in_users are hidden unless signed in or located in BD. */
export function canSeeRestrictedItems(viewer: MenuViewer): boolean {
  return viewer.signedIn || viewer.location === 'BD';
}

/** The menu as this viewer sees it, at every level. */
export function visibleMenu(items: readonly NavItem[], viewer: MenuViewer): NavItem[] {
  const restricted = canSeeRestrictedItems(viewer);
  const walk = (list: readonly NavItem[]): NavItem[] =>
    list
      .filter((item) => restricted || !item.visible_only_to_logged_in_users)
      .map((item) => (item.children.length ? { ...item, children: walk(item.children) } : item));
  return walk(items);
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
