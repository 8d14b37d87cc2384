import { useMemo } from 'react';
import type { NavItem } from '@store/shared/content';
import { useStoredLocation } from '../site/location';
import { visibleMenu } from '../../lib/menu';

/**
 * The menu this shopper may see. On the server (and while hydrating) only sign-in counts; once
 * hydrated, a stored BD location also reveals the restricted items.
 */
export function useVisibleMenu(nav: NavItem[], signedIn: boolean): NavItem[] {
  const location = useStoredLocation();
  return useMemo(() => visibleMenu(nav, { signedIn, location }), [nav, signedIn, location]);
}
