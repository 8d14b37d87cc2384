import { describe, expect, it } from 'vitest';
import { isAccountTab, signedOutRedirect } from './account-tabs';

describe('account tabs', () => {
  it('knows its tabs', () => {
    expect(isAccountTab('orders')).toBe(true);
    expect(isAccountTab('my-reviews')).toBe(true);
    expect(isAccountTab('addresses')).toBe(true);
    expect(isAccountTab('rewards')).toBe(true);
    expect(isAccountTab('admin')).toBe(false);
    expect(isAccountTab(undefined)).toBe(false);
  });
  it('sends signed-out visitors of my-reviews home with redirect=', () => {
    expect(signedOutRedirect('my-reviews', '')).toBe('/?redirect=/account/my-reviews');
  });
  it('sends signed-out visitors of other tabs to my-account with the login modal', () => {
    expect(signedOutRedirect('orders', '')).toBe('/account/my-account?login=1');
    expect(signedOutRedirect('my-account', '')).toBe('/account/my-account?login=1');
  });
  it('does not loop once already on my-account?login=1', () => {
    expect(signedOutRedirect('my-account', '?login=1')).toBeNull();
  });
});
