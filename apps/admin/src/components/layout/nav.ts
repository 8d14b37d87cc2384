import type { ComponentType, SVGProps } from 'react';
import { can, type Permission, type StaffRole } from '@store/shared/admin';
import { BannerIcon, BlogIcon, PageIcon } from './content-icons';
import { ChartIcon } from './chart-icon';
import { BoxIcon, ListIcon, MenuIcon, SettingsIcon, StarIcon, UserIcon, UsersIcon } from './icons';

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
  { to: '/dashboard', label: 'Dashboard', permission: 'dashboard.read', icon: ChartIcon },
  { to: '/staff', label: 'Staff', permission: 'staff.manage', icon: UsersIcon },
  { to: '/settings', label: 'Settings', permission: 'settings.write', icon: SettingsIcon },
  // Sales (issue 18): orders from placed to delivered.
  { to: '/orders', label: 'Orders', permission: 'orders.read', icon: ListIcon, group: 'Sales' },
  { to: '/customers', label: 'Customers', permission: 'orders.read', icon: UsersIcon, group: 'Sales' },
  { to: '/couriers/payouts', label: 'Courier payouts', permission: 'orders.write', icon: ListIcon, group: 'Sales' },
  // Catalog (issue 17): products, brands, collections, stock, reviews, coupons, privilege cards and gift rules.
  { to: '/catalog/products', label: 'Products', permission: 'catalog.write', icon: BoxIcon, group: 'Catalog' },
  { to: '/catalog/brands', label: 'Brands', permission: 'catalog.write', icon: ListIcon, group: 'Catalog' },
  { to: '/catalog/collections', label: 'Collections', permission: 'catalog.write', icon: ListIcon, group: 'Catalog' },
  { to: '/inventory', label: 'Inventory', permission: 'inventory.write', icon: ListIcon, group: 'Catalog' },
  { to: '/reviews', label: 'Reviews', permission: 'reviews.moderate', icon: ListIcon, group: 'Catalog' },
  { to: '/offers/coupons', label: 'Coupons', permission: 'offers.write', icon: ListIcon, group: 'Catalog' },
  { to: '/offers/cards', label: 'Privilege cards', permission: 'offers.write', icon: ListIcon, group: 'Catalog' },
  { to: '/offers/gifts', label: 'Gift rules', permission: 'offers.write', icon: ListIcon, group: 'Catalog' },
  // Loyalty and referrals (issue 22): the programme's rules are an offer; its members and referrals are customers.
  { to: '/loyalty/programme', label: 'Programme', permission: 'offers.write', icon: StarIcon, group: 'Loyalty' },
  { to: '/loyalty/members', label: 'Members', permission: 'customers.write', icon: UsersIcon, group: 'Loyalty' },
  { to: '/loyalty/referrals', label: 'Referrals', permission: 'customers.write', icon: ListIcon, group: 'Loyalty' },
  // Content (issue 16 item 5): menus, footer, store locations, pages, blog posts, banners.
  { to: '/content/menus', label: 'Menus', permission: 'content.write', icon: MenuIcon, group: 'Content' },
  { to: '/content/footer', label: 'Footer', permission: 'content.write', icon: ListIcon, group: 'Content' },
  { to: '/content/locations', label: 'Store locations', permission: 'content.write', icon: ListIcon, group: 'Content' },
  { to: '/content/pages', label: 'Pages', permission: 'content.write', icon: PageIcon, group: 'Content' },
  { to: '/content/blog', label: 'Blog', permission: 'content.write', icon: BlogIcon, group: 'Content' },
  { to: '/content/banners', label: 'Banners', permission: 'content.write', icon: BannerIcon, group: 'Content' },
  { to: '/audit', label: 'Audit log', permission: 'audit.read', icon: ListIcon, group: 'Admin' },
  { to: '/jobs', label: 'Background jobs', permission: 'jobs.manage', icon: ListIcon, group: 'Admin' },
  { to: '/account', label: 'My account', permission: null, icon: UserIcon, group: 'Admin' },
];

/** What this role may open: the API refuses the rest anyway (403), the menu only mirrors it. */
export function navFor(role: StaffRole): NavItem[] {
  return NAV.filter((item) => item.permission === null || can(role, item.permission));
}
