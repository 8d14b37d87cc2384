import type { ComponentType, SVGProps } from 'react';
import { can, type Permission, type StaffRole } from '@store/shared/admin';
import { BannerIcon, BlogIcon, PageIcon } from './content-icons';
import { BoxIcon, ListIcon, MenuIcon, SettingsIcon, UserIcon, UsersIcon } from './icons';

export type NavItem = {
  to: string;
  label: string;
  permission: Permission | null;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** A heading the item sits under in the menu (consecutive items share it). */
  group?: string;
};

/** The back office's screens and the permission each needs (null: every member). */
export const NAV: readonly NavItem[] = [
  { to: '/staff', label: 'Staff', permission: 'staff.manage', icon: UsersIcon },
  { to: '/settings', label: 'Settings', permission: 'settings.write', icon: SettingsIcon },
  // Catalog (issue 17): products, brands and collections; stock and reviews have their own screens.
  { to: '/catalog/products', label: 'Products', permission: 'catalog.write', icon: BoxIcon, group: 'Catalog' },
  { to: '/catalog/brands', label: 'Brands', permission: 'catalog.write', icon: ListIcon, group: 'Catalog' },
  { to: '/catalog/collections', label: 'Collections', permission: 'catalog.write', icon: ListIcon, group: 'Catalog' },
  // Content (issue 16 item 5): menus, footer, store locations, pages, blog posts, banners.
  { to: '/content/menus', label: 'Menus', permission: 'content.write', icon: MenuIcon },
  { to: '/content/footer', label: 'Footer', permission: 'content.write', icon: ListIcon },
  { to: '/content/locations', label: 'Store locations', permission: 'content.write', icon: ListIcon },
  { to: '/content/pages', label: 'Pages', permission: 'content.write', icon: PageIcon },
  { to: '/content/blog', label: 'Blog', permission: 'content.write', icon: BlogIcon },
  { to: '/content/banners', label: 'Banners', permission: 'content.write', icon: BannerIcon },
  { to: '/reviews', label: 'Reviews', permission: 'reviews.moderate', icon: ListIcon },
  // Inventory (issue 17 item 3): stock, the low-stock list, adjustments and their history.
  { to: '/inventory', label: 'Inventory', permission: 'inventory.write', icon: ListIcon },
  { to: '/audit', label: 'Audit log', permission: 'audit.read', icon: ListIcon },
  { to: '/account', label: 'My account', permission: null, icon: UserIcon },
];

/** What this role may open: the API refuses the rest anyway (403), the menu only mirrors it. */
export function navFor(role: StaffRole): NavItem[] {
  return NAV.filter((item) => item.permission === null || can(role, item.permission));
}
