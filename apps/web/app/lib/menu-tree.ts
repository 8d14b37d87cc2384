import { useMemo } from 'react';
import type { NavItem, SiteConfig } from '@store/shared/content';
import type { MenuType } from './department';
import { http } from './http';
import { visibleMenu, type MenuViewer } from './menu';

type Entry = { tree: Promise<NavItem[] | null>; failed: boolean };
const entries = new Map<MenuType, Entry>();

/**
 * The whole menu of a type (every level, with its promotes), fetched when a mega-menu panel or the
 * phone menu first opens rather than carried in every page's data, and kept for the page's life.
 * The promise is the same for every caller until a retry, so React's `use` can wait on it; it never
 * rejects: a failed fetch gives null, and stays null until `retryMenuTree` lets the next call ask again.
 */
export function menuTree(type: MenuType): Promise<NavItem[] | null> {
  let entry = entries.get(type);
  if (!entry) {
    const created: Entry = { tree: Promise.resolve(null), failed: false };
    created.tree = http<{ data: SiteConfig }>('GET', `/site-config/?type=${type}`, undefined, { toasts: false, allow404: true }).then(
      (answer) => {
        if (answer.ok) return answer.data.data.nav;
        created.failed = true;
        return null;
      },
    );
    entries.set(type, (entry = created));
  }
  return entry.tree;
}

/** Forgets a menu whose fetch failed, so the next `menuTree` asks again ("Try again", the next opening). */
export function retryMenuTree(type: MenuType): void {
  if (entries.get(type)?.failed) entries.delete(type);
}

/** The menu as this viewer sees it, once fetched (null when the fetch failed). */
export function useVisibleTree(tree: NavItem[] | null, viewer: MenuViewer): NavItem[] | null {
  return useMemo(() => (tree ? visibleMenu(tree, viewer) : null), [tree, viewer]);
}
