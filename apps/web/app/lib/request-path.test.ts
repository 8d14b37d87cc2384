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
  ['http://x/_.data', '/'],
  ['http://x/bn', '/'],
  ['http://x/bn/', '/'],
  ['http://x/bn.data', '/'],
  ['http://x/bn/_.data', '/'],
  ['http://x/bn/toys', '/toys'],
  ['http://x/bn/toys.data', '/toys'],
  ['http://x/bn/kids/all-product/_.data?_routes=root', '/kids/all-product/'],
  ['http://x/bnx/toys', '/bnx/toys'],
])('%s → %s', (url, path) => {
  expect(pagePathname({ url })).toBe(path);
});

it.each([
  ['http://x/all-product/_.data?sort=price_asc&_routes=routes%2Flisting', 'http://x/all-product/?sort=price_asc'],
  ['http://x/all-product/?sort=price_asc&page=2', 'http://x/all-product/?sort=price_asc&page=2'],
  ['http://x/_root.data?_routes=root,routes%2Fhome', 'http://x/'],
  ['http://x/search.data?search=lip+balm&_routes=routes%2Fsearch', 'http://x/search?search=lip+balm'],
  ['http://x/bn/product.data?search=lip&_routes=routes%2Fsearch', 'http://x/product?search=lip'],
])('the page of %s is %s', (url, page) => {
  expect(pageUrl({ url }).toString()).toBe(page);
});
