import { expect, it } from 'vitest';
import { pageTitle } from './seo';

it('adds the shop name to a page title once', () => {
  expect(pageTitle('Beauty blog')).toBe('Beauty blog | Glow Bazaar');
  expect(pageTitle('About us | Glow Bazaar')).toBe('About us | Glow Bazaar');
  expect(pageTitle('')).toBe('Glow Bazaar');
});
