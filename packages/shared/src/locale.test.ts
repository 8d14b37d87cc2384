import { describe, expect, it } from 'vitest';
import { localeOfPath, localizedPath, preferredLocale, unlocalizedPath } from './locale.js';

describe('the language of a path', () => {
  it('is Bangla under /bn and English everywhere else', () => {
    expect(localeOfPath('/bn')).toBe('bn');
    expect(localeOfPath('/bn/')).toBe('bn');
    expect(localeOfPath('/bn/brand/nyx')).toBe('bn');
    expect(localeOfPath('/')).toBe('en');
    expect(localeOfPath('/brand/nyx')).toBe('en');
    // A path that merely starts with the letters is not Bangla.
    expect(localeOfPath('/bnx')).toBe('en');
    expect(localeOfPath('/brand/bn')).toBe('en');
  });

  it('moves a path of this shop into a language and back', () => {
    expect(localizedPath('/brand/nyx?variant=2#reviews', 'bn')).toBe('/bn/brand/nyx?variant=2#reviews');
    expect(localizedPath('/', 'bn')).toBe('/bn');
    expect(localizedPath('/?search=x', 'bn')).toBe('/bn?search=x');
    expect(localizedPath('/bn/toys', 'bn')).toBe('/bn/toys');
    expect(localizedPath('/bn/toys', 'en')).toBe('/toys');
    expect(localizedPath('/bn', 'en')).toBe('/');
    expect(localizedPath('/bn?x=1', 'en')).toBe('/?x=1');
    expect(localizedPath('/toys', 'en')).toBe('/toys');
    for (const other of ['https://example.com/x', '//cdn.example.com/x', '#top', 'mailto:care@example.com', ''])
      expect(localizedPath(other, 'bn')).toBe(other);
    expect(unlocalizedPath('/bn/all-product/')).toBe('/all-product/');
    expect(unlocalizedPath('/bnx')).toBe('/bnx');
    // Never an address of another host.
    for (const sneaky of ['/bn//evil.example/x', '/bn/\\evil.example', '/bn/\\/evil.example']) {
      expect(unlocalizedPath(sneaky)).toMatch(/^\/[^/\\]/);
      expect(localizedPath(sneaky, 'en')).toMatch(/^\/[^/\\]/);
      expect(localizedPath(sneaky, 'bn')).toMatch(/^\/bn\/[^/\\]/);
    }
  });
});

describe('the language a browser prefers', () => {
  it('is Bangla only when a Bangla tag ranks above every English one', () => {
    expect(preferredLocale('bn-BD,bn;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('bn');
    expect(preferredLocale('bn')).toBe('bn');
    expect(preferredLocale('en-US,en;q=0.9,bn;q=0.8')).toBe('en');
    expect(preferredLocale('en;q=0.5, bn-IN;q=0.8')).toBe('bn');
    expect(preferredLocale('en;Q=0.5, BN;q=0.8')).toBe('bn');
    // Languages the shop does not have do not count; Bangla after them still wins over none.
    expect(preferredLocale('fr-FR,fr;q=0.9,bn;q=0.5')).toBe('bn');
    expect(preferredLocale('hi-IN,hi;q=0.9')).toBe('en');
    // Ties keep the header's order; q=0 means "not this".
    expect(preferredLocale('en,bn')).toBe('en');
    expect(preferredLocale('bn;q=0,en;q=0.1')).toBe('en');
    expect(preferredLocale('')).toBe('en');
    expect(preferredLocale(null)).toBe('en');
    expect(preferredLocale('*')).toBe('en');
  });
});
