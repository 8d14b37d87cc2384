import { expect, it } from 'vitest';
import { pagePathname, pageUrl } from './request-path';

it.each([
  ['http://x/toys', '/toys'],
  ['http://x/toys.data', '/toys'],
  ['http://x/_root.data', '/'],
  ['http://x/', '/'],
  ['http://x/kids/all-product/_.data?_routes=root', '/kids/all-product/'],
  ['http://x/brand/dior/sauvage.data', '/brand/dior/sauvage'],
  ['http://x/page/metadata', '/page/metadata'],
])('%s → %s', (url, path) => {
  expect(pagePathname({ url })).toBe(path);
});

it.each([
  ['http://x/all-product/_.data?sort=price_asc&_routes=routes%2Flisting', 'http://x/all-product/?sort=price_asc'],
  ['http://x/all-product/?sort=price_asc&page=2', 'http://x/all-product/?sort=price_asc&page=2'],
  ['http://x/_root.data?_routes=root,routes%2Fhome', 'http://x/'],
  ['http://x/search.data?search=lip+balm&_routes=routes%2Fsearch', 'http://x/search?search=lip+balm'],
])('the page of %s is %s', (url, page) => {
  expect(pageUrl({ url }).toString()).toBe(page);
});
