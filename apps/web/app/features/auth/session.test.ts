import { describe, expect, it } from 'vitest';
import { afterSignInUrl, isCheckoutAddressStep, safeRedirectPath } from './session';

describe('after sign-in', () => {
  it('follows ?redirect= to a same-site path', () => {
    expect(afterSignInUrl('https://shop.test/?redirect=/account/my-reviews')).toEqual({ url: '/account/my-reviews', reload: false });
  });
  it('never follows a redirect to another site', () => {
    expect(safeRedirectPath('https://evil.test/')).toBeNull();
    expect(safeRedirectPath('//evil.test/')).toBeNull();
    expect(safeRedirectPath('/\\evil.test')).toBeNull();
    expect(afterSignInUrl('https://shop.test/page/1?redirect=//evil.test')).toEqual({ url: '/page/1?redirect=//evil.test', reload: true });
  });
  it('drops ?login=1 so the modal does not open again', () => {
    expect(afterSignInUrl('https://shop.test/account/my-account?login=1')).toEqual({ url: '/account/my-account', reload: false });
  });
  it('otherwise reloads the same page', () => {
    expect(afterSignInUrl('https://shop.test/brand/a/b?x=1#r')).toEqual({ url: '/brand/a/b?x=1#r', reload: true });
  });
  it('knows the checkout address step', () => {
    expect(isCheckoutAddressStep('https://shop.test/checkout?step=address')).toBe(true);
    expect(isCheckoutAddressStep('https://shop.test/checkout/?step=address')).toBe(true);
    expect(isCheckoutAddressStep('https://shop.test/checkout?step=payment')).toBe(false);
  });
});
