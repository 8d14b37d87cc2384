import type { RouterContextProvider } from 'react-router';
import type { MyPrivilegeCard, NotificationPrefs, Profile, WishlistResponse } from '@store/shared/auth';
import type { ProductCard } from '@store/shared/catalog';
import type { Address, AddressListResponse, BdDivision, LocationsResponse, OrderListItem, OrderListResponse } from '@store/shared/checkout';
import type { LoyaltyAccount } from '@store/shared/loyalty';
import type { MyReview, MyReviewsResponse } from '@store/shared/reviews';
import { apiGet, apiTry } from '../../lib/api.server';
import type { AccountTab } from './account-tabs';

export type AccountContent =
  | { tab: 'my-account' }
  | { tab: 'orders'; orders: OrderListItem[] }
  | { tab: 'rewards'; loyalty: LoyaltyAccount }
  | { tab: 'addresses'; shipping: Address[]; billing: Address[]; locations: BdDivision[] }
  | { tab: 'wishlist'; products: ProductCard[] }
  | { tab: 'my-reviews'; reviews: MyReview[] }
  | { tab: 'profile'; profile: Profile }
  | { tab: 'notifications'; prefs: NotificationPrefs }
  | { tab: 'privilege-card'; card: MyPrivilegeCard | null };

/** Each tab loads only its own data; a failing wishlist call shows an empty list rather than an error page. */
export async function loadAccountTab(context: Readonly<RouterContextProvider>, tab: AccountTab): Promise<AccountContent> {
  switch (tab) {
    case 'my-account':
      return { tab };
    case 'my-reviews': {
      const r = await apiTry<MyReviewsResponse>(context, '/account/reviews/');
      return { tab, reviews: r.ok ? r.data.data : [] };
    }
    case 'orders': {
      const r = await apiTry<OrderListResponse>(context, '/orders/');
      return { tab, orders: r.ok ? r.data.data : [] };
    }
    case 'rewards':
      // The tab is the account's points: a failing call is an error page, not a balance of 0.
      return { tab, loyalty: (await apiGet<{ data: LoyaltyAccount }>(context, '/loyalty/')).data };
    case 'addresses': {
      // The book is the page: a failing call is an error page, not an empty book the shopper might refill.
      const [shipping, billing, locations] = await Promise.all([
        apiGet<AddressListResponse>(context, '/addresses/?type=shipping'),
        apiGet<AddressListResponse>(context, '/addresses/?type=billing'),
        apiGet<LocationsResponse>(context, '/checkout/locations/'),
      ]);
      return { tab, shipping: shipping.data, billing: billing.data, locations: locations.data };
    }
    case 'wishlist': {
      const r = await apiTry<WishlistResponse>(context, '/wishlist/');
      return { tab, products: r.ok ? r.data.data.results : [] };
    }
    case 'profile':
      return { tab, profile: (await apiGet<{ data: Profile }>(context, '/accounts/profile/')).data };
    case 'notifications':
      return { tab, prefs: (await apiGet<{ data: NotificationPrefs }>(context, '/accounts/notifications/')).data };
    case 'privilege-card':
      return { tab, card: (await apiGet<{ data: MyPrivilegeCard | null }>(context, '/accounts/privilege-card/')).data };
  }
}
