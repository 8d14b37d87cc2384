import * as m from '@store/shared/i18n/messages';

/**
 * The tabs of /account/:tabName (SPEC §2). The address book runs on the checkout's address API.
 * `label` is the message itself, read where it is shown.
 */
export const ACCOUNT_TABS = [
  { key: 'my-account', label: m.account_tab_my_account },
  { key: 'orders', label: m.account_tab_orders },
  { key: 'rewards', label: m.loyalty_tab },
  { key: 'addresses', label: m.account_tab_addresses },
  { key: 'wishlist', label: m.account_tab_wishlist },
  { key: 'my-reviews', label: m.account_tab_my_reviews },
  { key: 'profile', label: m.account_tab_profile },
  { key: 'notifications', label: m.account_tab_notifications },
  { key: 'privilege-card', label: m.account_tab_privilege_card },
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
