import { describe, expect, it } from 'vitest';
import type { NavItem } from '@store/shared/content';
import { navItem } from './nav-item.fixture';
import { canSeeRestrictedItems, menuBar, menuLink, visibleBar, visibleMenu } from './menu';

const item = navItem;

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

describe('the menu bar every page carries', () => {
  const promoted = item(4, {
    promote: [
      {
        type: 'promote_page_for_menu',
        value: {
          title: 'Gift guide',
          page: 'gift-guide',
          open_in_new_tab: false,
          image: { url: '/media/g.jpg', custom_width: 200, custom_height: 100 },
        },
      },
    ],
    products: { headline: 'Best sellers' },
  });
  const bar = menuBar([...menu, promoted]);

  it('keeps each top-level item without its panel, and says whether it has one', () => {
    expect(bar.map((i) => [i.id, i.has_panel])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, true],
    ]);
    // Item 2's only child is shown to everyone, but a top-level item whose children are all restricted has no panel for a visitor.
    const onlyRestricted = menuBar([item(5, { children: [item(51, { visible_only_to_logged_in_users: true })] })]);
    expect(visibleBar(onlyRestricted, { signedIn: false, location: null }).map((i) => i.has_panel)).toEqual([false]);
    expect(visibleBar(onlyRestricted, { signedIn: true, location: null }).map((i) => i.has_panel)).toEqual([true]);
    for (const entry of bar) expect(Object.keys(entry)).not.toEqual(expect.arrayContaining(['children']));
    expect(bar.some((entry) => 'promote' in entry || 'products' in entry)).toBe(false);
    expect(bar[0]).toMatchObject({ title: 'Item 1', relative_url: '/all-product/?category=c1', visible_only_to_logged_in_users: false });
  });

  it('hides restricted top-level items as the whole menu does', () => {
    for (const viewer of [
      { signedIn: false, location: null },
      { signedIn: false, location: 'BD' },
      { signedIn: true, location: 'US' },
    ]) {
      expect(visibleBar(bar, viewer).map((i) => i.id)).toEqual([...visibleMenu(menu, viewer).map((i) => i.id), 4]);
    }
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
