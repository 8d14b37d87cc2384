import { describe, expect, it } from 'vitest';
import { AdminHighlightSchema, AdminNavItemInputSchema, AdminStoreLocationInputSchema, navMessages } from './admin-navigation.js';

const item = (overrides: Record<string, unknown> = {}) => ({
  menu: 'beauty',
  parent_id: null,
  title: 'Serums',
  relative_url: '/all-product/?category=serum',
  external_url: null,
  redirect_url: null,
  page: null,
  menu_color: null,
  menu_link_icon: null,
  disable_url: false,
  type: 'FilteredPage',
  visible_only_to_logged_in_users: false,
  open_in_new_tab: false,
  products_headline: null,
  promote: [],
  ...overrides,
});

/** The message of the first problem at `path`, or undefined when the value passes. */
function messageAt(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, path: string) {
  return result.error?.issues.find((i) => i.path.join('.') === path)?.message;
}

describe('menu item input', () => {
  it('takes a full item', () => {
    expect(AdminNavItemInputSchema.safeParse(item({ menu_color: '#C2185B', external_url: 'https://example.com/a' })).success).toBe(true);
  });

  it.each([
    ['relative_url', 'all-product', navMessages.relative],
    ['relative_url', '//evil.example/x', navMessages.relative],
    // Browsers read a backslash as a slash: /\evil.example is another site.
    ['relative_url', '/\\evil.example/x', navMessages.relative],
    ['redirect_url', '/sale\\x', navMessages.relative],
    ['menu_link_icon', '/\\evil.example/i.png', navMessages.icon],
    ['external_url', 'http://example.com', navMessages.external],
    ['external_url', 'https://', navMessages.external],
    ['redirect_url', 'https://example.com', navMessages.relative],
    ['menu_color', '#c2185', navMessages.colour],
    // 4.34:1 on white: too faint for 13 px menu text.
    ['menu_color', '#e91e63', navMessages.faintColour],
    ['menu_color', '#ffffff', navMessages.faintColour],
    ['menu_link_icon', 'data:image/svg+xml,<svg>', navMessages.icon],
    ['page', 'About Us', navMessages.handle],
  ])('refuses %s = %j with its message', (field, value, message) => {
    expect(messageAt(AdminNavItemInputSchema.safeParse(item({ [field]: value })), field)).toBe(message);
  });

  it('needs somewhere to lead unless it is a heading', () => {
    expect(messageAt(AdminNavItemInputSchema.safeParse(item({ relative_url: null })), 'relative_url')).toBe(navMessages.needsLink);
    expect(AdminNavItemInputSchema.safeParse(item({ relative_url: null, disable_url: true })).success).toBe(true);
    expect(AdminNavItemInputSchema.safeParse(item({ relative_url: null, page: 'about-us' })).success).toBe(true);
  });

  it('checks promote entries by their type', () => {
    const products = { type: 'product', headline: 'Best sellers', product_handles: [] };
    expect(messageAt(AdminNavItemInputSchema.safeParse(item({ promote: [products] })), 'promote.0.product_handles')).toBe(
      navMessages.oneProduct,
    );
    const page = {
      type: 'promote_page_for_menu',
      title: 'Routine',
      page: '/blog/routine',
      image: { url: '/media/a.webp', custom_width: 300, custom_height: 0 },
      open_in_new_tab: false,
    };
    expect(messageAt(AdminNavItemInputSchema.safeParse(item({ promote: [page] })), 'promote.0.image.custom_height')).toBe('At least 1');
  });
});

describe('store location and highlight input', () => {
  const store = {
    name: 'Gulshan',
    address: 'Road 90',
    area: 'Gulshan 2',
    city: 'Dhaka',
    phone: '+8801711000000',
    hours: '10–21',
    map_url: null,
  };
  it('takes a store with or without a map link (https only)', () => {
    expect(AdminStoreLocationInputSchema.safeParse(store).success).toBe(true);
    expect(AdminStoreLocationInputSchema.safeParse({ ...store, map_url: 'https://maps.google.com/?q=x' }).success).toBe(true);
    expect(messageAt(AdminStoreLocationInputSchema.safeParse({ ...store, map_url: 'http://maps.example' }), 'map_url')).toBe(
      navMessages.mapUrl,
    );
    expect(messageAt(AdminStoreLocationInputSchema.safeParse({ ...store, phone: 'call us' }), 'phone')).toBe(navMessages.phone);
  });

  it('keeps the highlight to 200 characters; empty and null are both none', () => {
    expect(AdminHighlightSchema.safeParse({ message: '' }).success).toBe(true);
    expect(AdminHighlightSchema.safeParse({ message: null }).success).toBe(true);
    expect(messageAt(AdminHighlightSchema.safeParse({ message: 'x'.repeat(201) }), 'message')).toBe('At most 200 characters');
  });
});
