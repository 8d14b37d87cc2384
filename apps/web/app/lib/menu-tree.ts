import { useMemo } from 'react';
import type { NavItem, SiteConfig } from '@store/shared/content';
import type { MenuType } from './department';
import { http } from './http';
import { visibleMenu, type MenuViewer } from './menu';

const trees = new Map<MenuType, Promise<NavItem[] | null>>();

/**
 * The whole menu of a type (every level, with its promotes), fetched when a mega-menu panel or the
 * phone menu first opens rather than carried in every page's data, and kept for the page's life.
 * The promise is the same for every caller, so React's `use` can wait on it; it never rejects: a
 * failed fetch gives null and is forgotten, so the next opening asks again.
 */
export function menuTree(type: MenuType): Promise<NavItem[] | null> {
  let tree = trees.get(type);
  if (!tree) {
    tree = http<{ data: SiteConfig }>('GET', `/site-config/?type=${type}`, undefined, { toasts: false, allow404: true }).then((answer) => {
      if (answer.ok) return answer.data.data.nav;
      trees.delete(type);
      return null;
    });
    trees.set(type, tree);
  }
  return tree;
}

/** The menu as this viewer sees it, once fetched (null when the fetch failed). */
export function useVisibleTree(tree: NavItem[] | null, viewer: MenuViewer): NavItem[] | null {
  return useMemo(() => (tree ? visibleMenu(tree, viewer) : null), [tree, viewer]);
}
