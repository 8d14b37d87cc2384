import * as messages from '@store/shared/messages';
import { api } from '../../lib/http';
import { safeRedirectPath } from '@store/shared/safe-path';
import { toast } from '../../lib/toast';
import { flushPendingWishlist } from '../wishlist/wishlist-store';
import { flashAfterReload } from './flash';
import { hrefHere } from '../../lib/locale';

export { safeRedirectPath };

/** Where the page goes after signing in: the ?redirect= target, else the same page without ?login=1. */
export function afterSignInUrl(href: string): { url: string; reload: boolean } {
  const url = new URL(href);
  const redirect = safeRedirectPath(url.searchParams.get('redirect'));
  // ?redirect= names a router path (/checkout): in the Bangla build, its Bangla page.
  if (redirect) return { url: hrefHere(redirect), reload: false };
  if (url.searchParams.has('login')) {
    url.searchParams.delete('login');
    return { url: `${url.pathname}${url.search}${url.hash}`, reload: false };
  }
  return { url: `${url.pathname}${url.search}${url.hash}`, reload: true };
}

/**
 * After any successful sign-in (the API has set the session cookie): post the product chosen for
 * the wishlist while signed out, then reload so every loader sees the shopper (SPEC §4). Success
 * messages are carried across the reload.
 */
export async function finishSignIn({ message }: { message?: string } = {}): Promise<void> {
  if (message) flashAfterReload('success', message);
  const saved = await flushPendingWishlist();
  if (saved) flashAfterReload('success', saved);
  const next = afterSignInUrl(window.location.href);
  if (next.reload) window.location.reload();
  else window.location.assign(next.url);
}

/** Email verification signs in too, but on the checkout address step the page must not reload (SPEC §4). */
export function isCheckoutAddressStep(href: string): boolean {
  const url = new URL(href);
  return url.pathname.replace(/\/$/, '') === '/checkout' && url.searchParams.get('step') === 'address';
}

/** Logout revokes the session on the server; only then does the shopper go to / (SPEC §4). */
export async function logout(): Promise<boolean> {
  const r = await api.post<{ success: boolean }>('/accounts/logout/', {});
  if (!r.ok) {
    if (r.error) toast.error(r.error.message);
    else toast.error(messages.offline());
    return false;
  }
  window.location.assign(hrefHere('/'));
  return true;
}

/**
 * A landing page signed the shopper in and moves on (magic link, password reset): a full load of
 * the next page, so every loader sees the session; messages are carried across.
 */
export async function goAfterSignIn(path: string, { message }: { message?: string } = {}): Promise<void> {
  if (message) flashAfterReload('success', message);
  const saved = await flushPendingWishlist();
  if (saved) flashAfterReload('success', saved);
  window.location.replace(hrefHere(path));
}

/**
 * A landing page signed the shopper in (magic link, password reset, email verification): refresh
 * every loader so the header greets them, without reloading the landing page (its link is single
 * use), then move on.
 */
export async function refreshAfterSignIn(revalidate: () => Promise<void>): Promise<void> {
  const saved = await flushPendingWishlist();
  if (saved) toast.success(saved);
  await revalidate();
}
