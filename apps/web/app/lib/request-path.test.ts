import { expect, it } from 'vitest';
import { pagePathname } from './request-path';

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
