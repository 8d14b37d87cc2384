import { useRouteLoaderData } from 'react-router';
import type { SessionUser } from '@store/shared/auth';
import type { DepartmentKey } from '@store/shared/constants';
import type { FooterGroup, PublicConfig, StoreLocation } from '@store/shared/content';
import type { MenuType } from './department';
import type { NavBarItem } from './menu';
import type { Flash } from './form-action.server';

/** What the root loader gives every page: the shell's menus, contacts and who is shopping. */
export type RootData = {
  department: DepartmentKey;
  menuType: MenuType;
  /** The signed-in shopper (GET /me/), null for a visitor. */
  user: SessionUser | null;
  /** Sum of the bag's line quantities (the bag issue fills it; 0 until then). */
  cartCount: number;
  site: {
    logo: string | null;
    logoLogged: string | null;
    highlightMessage: string | null;
    /** The menu's top level; its panels are fetched when first opened (lib/menu-tree.ts). */
    nav: NavBarItem[];
    footer: FooterGroup[];
  };
  contact: PublicConfig;
  storeLocations: StoreLocation[];
  year: number;
  /** The shop's origin as this request reached it, for the absolute addresses of hreflang links. */
  origin: string;
  /**
   * The site is under maintenance and this browser holds a staff member's preview cookie: the store
   * shows as usual, under a thin banner saying shoppers see the maintenance page.
   */
  maintenancePreview: boolean;
  /** What a plain HTML form's action left to say on this page (form-action.server.ts); shown once. */
  flash: Flash | null;
};

/** What the root loader throws while the site is under maintenance; the root error boundary renders it. */
export type MaintenanceError = { maintenance: true; support_email: string; support_phone: string };

export function isMaintenanceError(value: unknown): value is MaintenanceError {
  return typeof value === 'object' && value !== null && (value as { maintenance?: unknown }).maintenance === true;
}

/** The root loader's data, or undefined when the root loader itself failed (the bare error page). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
