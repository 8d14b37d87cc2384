import { describe, expect, it } from 'vitest';
import type { NavItem } from '@store/shared/content';
import { canSeeRestrictedItems, menuLink, visibleMenu } from './menu';

function item(id: number, over: Partial<NavItem> = {}): NavItem {
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

const menu = [
  item(1, {
    children: [
      item(11),
      item(12, { visible_only_to_logged_in_users: true }),
      item(13, { children: [item(131, { visible_only_to_logged_in_users: true }), item(132)] }),
    ],
  }),
  item(2, { visible_only_to_logged_in_users: true, children: [item(21)] }),
  item(3),
];
const ids = (list: NavItem[]): unknown[] => list.map((i) => (i.children.length ? [i.id, ids(i.children)] : i.id));

describe('menu visibility (SPEC §5)', () => {
  it('hides restricted items at every level from a visitor outside BD or with no stored location', () => {
    for (const location of [null, 'INT', 'None', 'bd', 'US']) {
      expect(ids(visibleMenu(menu, { signedIn: false, location }))).toEqual([[1, [11, [13, [132]]]], 3]);
    }
  });

  it('shows them to a signed-in shopper wherever they are', () => {
    expect(ids(visibleMenu(menu, { signedIn: true, location: null }))).toEqual([[1, [11, 12, [13, [131, 132]]]], [2, [21]], 3]);
  });

  it('shows them to a visitor whose stored location is BD', () => {
    expect(canSeeRestrictedItems({ signedIn: false, location: 'BD' })).toBe(true);
    expect(ids(visibleMenu(menu, { signedIn: false, location: 'BD' }))).toEqual(ids(visibleMenu(menu, { signedIn: true, location: null })));
  });

  it('leaves the input untouched', () => {
    visibleMenu(menu, { signedIn: false, location: null });
    expect(menu[0]?.children).toHaveLength(3);
  });
});

describe('menuLink', () => {
  it('renders disable_url items as text', () => {
    expect(menuLink(item(1, { disable_url: true }))).toBeNull();
  });
  it('prefers the redirect, then the external URL, then the relative URL, then the page', () => {
    expect(menuLink(item(1, { redirect_url: { relative_url: '/brand/dior' }, external_url: 'https://x.example' }))).toEqual({
      href: '/brand/dior',
      external: false,
      newTab: false,
    });
    expect(menuLink(item(1, { external_url: 'https://x.example', open_in_new_tab: true }))).toEqual({
      href: 'https://x.example',
      external: true,
      newTab: true,
    });
    expect(menuLink(item(1))).toEqual({ href: '/all-product/?category=c1', external: false, newTab: false });
    expect(menuLink(item(1, { relative_url: null, page: 'gift-guide' }))).toEqual({
      href: '/page/gift-guide',
      external: false,
      newTab: false,
    });
    expect(menuLink(item(1, { relative_url: null }))).toBeNull();
  });
});
