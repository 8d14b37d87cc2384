import type { NavItem, SiteConfig } from '@store/shared/content';
import type { MenuType } from './department';
import { http } from './http';
import { trackSettlement } from './settled';

/** How long a fetched menu is shown before the next opening asks for it again (merchandisers change menus and promoted prices). */
export const MENU_TREE_TTL_MS = 10 * 60 * 1000;

type Entry = { tree: Promise<NavItem[] | null>; failed: boolean; at: number };
const entries = new Map<MenuType, Entry>();

/**
 * The whole menu of a type (every level, with its promotes), fetched when a mega-menu panel or the
 * phone menu first opens rather than carried in every page's data. The promise is the same for
 * every caller until `prefetchMenuTree` replaces it, so React's `use` can wait on it during render
 * (and read it at once once it has settled); it never rejects: an answer that does not come, or is not a menu, gives null.
 */
export function menuTree(type: MenuType): Promise<NavItem[] | null> {
  let entry = entries.get(type);
  if (!entry) {
    const created: Entry = { tree: Promise.resolve(null), failed: false, at: Date.now() };
    created.tree = trackSettlement(
      http<{ data?: Partial<SiteConfig> }>('GET', `/site-config/?type=${type}`, undefined, { toasts: false, allow404: true })
        .then((answer) => {
          const nav = answer.ok ? answer.data?.data?.nav : undefined;
          if (Array.isArray(nav)) return nav;
          created.failed = true;
          return null;
        })
        .catch(() => {
          created.failed = true;
          return null;
        }),
    );
    entries.set(type, (entry = created));
  }
  return entry.tree;
}

/**
 * Starts fetching the menu when a shopper reaches for it (the bar hovered or focused, the phone
 * menu or "Try again" tapped): a menu that failed, or was fetched over MENU_TREE_TTL_MS ago, is asked
 * for again. Called from event handlers only, never while rendering, so `use` never sees a promise
 * change under it.
 */
export function prefetchMenuTree(type: MenuType, now = Date.now()): Promise<NavItem[] | null> {
  const entry = entries.get(type);
  if (entry && (entry.failed || now - entry.at > MENU_TREE_TTL_MS)) entries.delete(type);
  return menuTree(type);
}
