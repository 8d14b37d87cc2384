import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { navItem } from './nav-item.fixture';

const leaf = (id: number) => navItem(id);
const beauty = [{ ...leaf(1), children: [leaf(11), leaf(12)] }];

let asked: string[];
/** What the next answers are: the menu, no connection, or a page that is not the API's (a captive portal). */
let answer: 'menu' | 'down' | 'html';

beforeEach(() => {
  vi.resetModules();
  asked = [];
  answer = 'menu';
  vi.stubGlobal('document', { documentElement: { dataset: {} } });
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (answer === 'down') throw new TypeError('Failed to fetch');
    if (answer === 'html') return new Response('<html>Sign in to the Wi-Fi</html>', { headers: { 'content-type': 'text/html' } });
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

it('gives null when the menu does not come or is not a menu, keeps that answer while rendering, and asks again when reached for', async () => {
  const { menuTree, prefetchMenuTree } = await import('./menu-tree');
  for (const failure of ['down', 'html'] as const) {
    answer = failure;
    const failed = prefetchMenuTree('beauty');
    expect(await failed).toBeNull();
    answer = 'menu';
    // React's `use` waits on one promise: rendering again must not ask again.
    expect(menuTree('beauty')).toBe(failed);
  }
  expect(asked).toHaveLength(2);
  expect(await prefetchMenuTree('beauty')).toEqual(beauty);
  expect(asked).toHaveLength(3);
});

it('keeps a menu that came for ten minutes, then asks again at the next reach', async () => {
  const { MENU_TREE_TTL_MS, menuTree, prefetchMenuTree } = await import('./menu-tree');
  const kept = menuTree('beauty');
  await kept;
  expect(prefetchMenuTree('beauty', Date.now() + MENU_TREE_TTL_MS - 1000)).toBe(kept);
  expect(asked).toHaveLength(1);
  const fresh = prefetchMenuTree('beauty', Date.now() + MENU_TREE_TTL_MS + 1000);
  expect(fresh).not.toBe(kept);
  expect(await fresh).toEqual(beauty);
  expect(asked).toHaveLength(2);
});
