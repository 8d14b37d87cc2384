import { describe, expect, it } from 'vitest';
import { maskTokens } from './log-redaction.js';

describe('maskTokens', () => {
  it.each([
    ['/admin/invitation/AbC-123_xyzAbC-123_xyzAbC-123_xyz', '/admin/invitation/[token]'],
    ['/admin/reset-password/AbC-123_xyz?next=%2F', '/admin/reset-password/[token]?next=%2F'],
    ['/api/v1/admin/auth/invitation/AbC-123_xyz/', '/api/v1/admin/auth/invitation/[token]/[…]'],
    ['/verify-email/AbC-123_xyz', '/verify-email/[token]'],
    ['/passwordless-login/AbC/Mg/9f8e7d', '/passwordless-login/[token]/[…]'],
    ['/forgot-password/AbC-123_xyz', '/forgot-password/[token]'],
    ['/api/v1/couriers/redx/webhook?token=s3cr3t-redx', '/api/v1/couriers/redx/webhook?token=[token]'],
    ['/api/v1/couriers/redx/webhook?a=1&TOKEN=s3cr3t&b=2', '/api/v1/couriers/redx/webhook?a=1&TOKEN=[token]&b=2'],
  ])('masks the token of %s', (url, masked) => {
    expect(maskTokens(url)).toBe(masked);
  });

  it('leaves every other path alone', () => {
    for (const url of ['/', '/admin/staff', '/forgot-password', '/all-product/?category=serum', '/api/v1/admin/auth/login/']) {
      expect(maskTokens(url)).toBe(url);
    }
  });
});
