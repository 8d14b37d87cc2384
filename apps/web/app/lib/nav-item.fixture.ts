import type { NavItem } from '@store/shared/content';

/** A menu item for tests: a linked category page unless `over` says otherwise. */
export function navItem(id: number, over: Partial<NavItem> = {}): NavItem {
  return {
    id,
    title: `Item ${id}`,
    children: [],
    relative_url: `/all-product/?category=c${id}`,
    external_url: null,
    redirect_url: null,
    menu_color: null,
    menu_link_icon: null,
    disable_url: false,
    type: 'FilteredPage',
    visible_only_to_logged_in_users: false,
    open_in_new_tab: false,
    page: null,
    products: null,
    promote: [],
    ...over,
  };
}
