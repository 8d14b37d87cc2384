import { use, useMemo, useState, useTransition } from 'react';
import type { MenuType } from './department';
import { visibleMenu, type MenuViewer } from './menu';
import { menuTree, prefetchMenuTree } from './menu-tree';

// A module of its own: the shell imports menu-tree.ts to start the fetch, and only the lazy menu
// chunks (the mega-menu panel, the phone menu) need this.
/**
 * The menu as this viewer sees it, for a part that shows it (a mega-menu panel, the phone menu's
 * levels): suspends until it has come; null when it could not be. The promise it waits on is the
 * part's own state, so the urgent render that marks `retrying` still reads the answer it has, and
 * only `retry`'s transition reads the new one: the part never blanks while it asks again.
 */
export function useMenuTree(type: MenuType, viewer: MenuViewer) {
  const [asked, setAsked] = useState(() => menuTree(type));
  const [retried, setRetried] = useState(false);
  const [retrying, startRetry] = useTransition();
  const answer = use(asked);
  const tree = useMemo(() => (answer ? visibleMenu(answer, viewer) : null), [answer, viewer]);
  const retry = () => {
    if (retrying) return;
    startRetry(() => {
      setAsked(prefetchMenuTree(type));
      setRetried(true);
    });
  };
  return { tree, retrying, retried, retry };
}
