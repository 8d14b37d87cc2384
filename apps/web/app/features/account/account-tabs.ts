/** The tabs of /account/:tabName (SPEC §2). The address book runs on the checkout's address API. */
export const ACCOUNT_TABS = [
  { key: 'my-account', label: 'My account' },
  { key: 'orders', label: 'Orders' },
  { key: 'addresses', label: 'Addresses' },
  { key: 'wishlist', label: 'Wishlist' },
  { key: 'my-reviews', label: 'My reviews' },
  { key: 'profile', label: 'Profile & password' },
  { key: 'notifications', label: 'Notifications' },
  { key: 'privilege-card', label: 'Privilege card' },
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number]['key'];

export function isAccountTab(value: string | undefined): value is AccountTab {
  return ACCOUNT_TABS.some((t) => t.key === value);
}

/**
 * Where a visitor who is not signed in goes instead (SPEC §2): /account/my-reviews sends them home
 * with ?redirect= so they come back after signing in; every other tab goes to my-account with the
 * login modal open. null: stay (my-account itself, which then shows the sign-in prompt).
 */
export function signedOutRedirect(tab: string, search: string): string | null {
  if (tab === 'my-reviews') return '/?redirect=/account/my-reviews';
  if (tab === 'my-account' && new URLSearchParams(search).get('login') === '1') return null;
  return '/account/my-account?login=1';
}
