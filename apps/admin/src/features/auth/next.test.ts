import { describe, expect, it } from 'vitest';
import { safeNext } from './next';

describe('where sign-in goes next', () => {
  it('follows a path inside the back office, with its query', () => {
    expect(safeNext('/audit?entity=settings&page=2')).toBe('/audit?entity=settings&page=2');
    expect(safeNext('/staff')).toBe('/staff');
  });

  it('never leaves for another site, and never loops back to sign-in', () => {
    for (const next of [
      '//evil.example/x',
      'https://evil.example/',
      'javascript:alert(1)',
      'audit',
      '/sign-in',
      '/sign-in?next=/staff',
      '',
      null,
    ])
      expect(safeNext(next), String(next)).toBe('/');
  });
});
