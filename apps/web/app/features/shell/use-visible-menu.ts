import { useMemo } from 'react';
import { useStoredLocation } from '../site/location';
import { visibleBar, type MenuViewer, type NavBarItem } from '../../lib/menu';

/**
 * Who is looking at the menu. On the server (and while hydrating) only sign-in counts; once
 * hydrated, a stored BD location also reveals the restricted items.
 */
export function useMenuViewer(signedIn: boolean): MenuViewer {
  const location = useStoredLocation();
  return useMemo(() => ({ signedIn, location }), [signedIn, location]);
}

/** The menu bar this shopper may see. */
export function useVisibleBar(nav: NavBarItem[], viewer: MenuViewer): NavBarItem[] {
  return useMemo(() => visibleBar(nav, viewer), [nav, viewer]);
}
