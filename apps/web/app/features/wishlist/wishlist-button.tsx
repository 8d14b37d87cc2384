import { useEffect, useState, useSyncExternalStore } from 'react';
import { openLogin } from '../auth/auth-events';
import { useCurrentUser } from '../auth/use-current-user';
import {
  addToWishlist,
  loadWishlistIds,
  rememberPendingWishlist,
  removeFromWishlist,
  subscribeWishlist,
  wishlistSnapshot,
} from './wishlist-store';
import * as m from '@store/shared/i18n/messages';

/**
 * The heart on product pages and cards. Signed in: adds (or removes) the product. Signed out:
 * remembers the product and opens the login modal; it is posted right after sign-in.
 */
export function WishlistButton({ productId, className = '' }: { productId: number; className?: string }) {
  const user = useCurrentUser();
  // A guest session is for checkout only; the wishlist belongs to a customer account.
  const customer = user && !user.guest ? user : null;
  const ids = useSyncExternalStore(subscribeWishlist, wishlistSnapshot, () => null);
  const [busy, setBusy] = useState(false);
  const saved = Boolean(customer && ids?.has(productId));

  useEffect(() => {
    if (customer) void loadWishlistIds();
  }, [customer]);

  async function onClick() {
    if (!customer) {
      rememberPendingWishlist(productId);
      openLogin({ reason: 'wishlist' });
      return;
    }
    setBusy(true);
    try {
      await (saved ? removeFromWishlist(productId) : addToWishlist(productId));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-pressed={saved}
      aria-label={saved ? m.account_wishlist_remove() : m.account_wishlist_add()}
      data-testid="wishlist-button"
      className={`inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-ink shadow-sm ring-1 ring-line transition hover:text-brand focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60 ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className={`size-5 ${saved ? 'fill-brand text-brand' : 'fill-none'}`}
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path
          strokeLinejoin="round"
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.4 4.5 7 4.5c2 0 3.3 1.1 5 3 1.7-1.9 3-3 5-3 3.6 0 5.5 3.6 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2Z"
        />
      </svg>
    </button>
  );
}
