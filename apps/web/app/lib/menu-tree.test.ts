import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { NavItem } from '@store/shared/content';

const leaf = (id: number): NavItem => ({
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
});
const beauty = [{ ...leaf(1), children: [leaf(11), leaf(12)] }];

let asked: string[];
let down: boolean;

beforeEach(() => {
  vi.resetModules();
  asked = [];
  down = false;
  vi.stubGlobal('document', { documentElement: { dataset: {} } });
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (down) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ data: { nav: beauty, footer: [] } }), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

it('fetches a menu type once, whoever asks, and gives its every level', async () => {
  const { menuTree } = await import('./menu-tree');
  const first = menuTree('beauty');
  expect(menuTree('beauty')).toBe(first);
  expect(await first).toEqual(beauty);
  expect(await menuTree('beauty')).toEqual(beauty);
  expect(asked).toEqual(['/api/v1/site-config/?type=beauty']);
  await menuTree('kids');
  expect(asked).toEqual(['/api/v1/site-config/?type=beauty', '/api/v1/site-config/?type=kids']);
});

it('gives null when the menu does not come, keeps that answer (React waits on one promise), and asks again after a retry', async () => {
  const { menuTree, retryMenuTree } = await import('./menu-tree');
  down = true;
  const failed = menuTree('beauty');
  expect(await failed).toBeNull();
  down = false;
  expect(menuTree('beauty')).toBe(failed);
  expect(asked).toHaveLength(1);
  retryMenuTree('beauty');
  expect(await menuTree('beauty')).toEqual(beauty);
  expect(asked).toHaveLength(2);
  // A menu that came is kept: a retry changes nothing.
  const kept = menuTree('beauty');
  retryMenuTree('beauty');
  expect(menuTree('beauty')).toBe(kept);
  expect(asked).toHaveLength(2);
});
