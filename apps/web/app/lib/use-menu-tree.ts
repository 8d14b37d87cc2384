import { use, useMemo, useState } from 'react';
import type { MenuType } from './department';
import { visibleMenu, type MenuViewer } from './menu';
import { menuTree, prefetchMenuTree } from './menu-tree';

// A module of its own: the shell imports menu-tree.ts to start the fetch, and only the lazy menu
// chunks (the mega-menu panel, the phone menu) need this.
/**
 * The menu as this viewer sees it, for a part that shows it (a mega-menu panel, the phone menu's
 * levels): suspends until it has come; null when it could not be. "Try again" keeps the part as it
 * is (`retrying` true) until the new answer has come, and only then hands it to `use`, settled: the part never blanks, nor loses the focused button, while it asks again.
 */
export function useMenuTree(type: MenuType, viewer: MenuViewer) {
  const [asked, setAsked] = useState(() => menuTree(type));
  const [retried, setRetried] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const answer = use(asked);
  const tree = useMemo(() => (answer ? visibleMenu(answer, viewer) : null), [answer, viewer]);
  const retry = () => {
    if (retrying) return;
    setRetrying(true);
    const next = prefetchMenuTree(type);
    // The menu's promise never rejects, and is marked settled before this runs (menu-tree.ts).
    void next.then(() => {
      setAsked(next);
      setRetried(true);
      setRetrying(false);
    });
  };
  return { tree, retrying, retried, retry };
}
