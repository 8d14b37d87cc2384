import { data, redirect } from 'react-router';
import { loadAccountTab } from '../features/account/account-data.server';
import { AddressesTab } from '../features/account/addresses-tab';
import { AccountLayout } from '../features/account/account-layout';
import { ACCOUNT_TABS, isAccountTab, signedOutRedirect } from '../features/account/account-tabs';
import { NotificationsTab } from '../features/account/notifications-tab';
import { OrdersTab } from '../features/account/orders-tab';
import { OverviewTab } from '../features/account/overview-tab';
import { PrivilegeCardTab } from '../features/account/privilege-card-tab';
import { ProfileTab } from '../features/account/profile-tab';
import { ReviewsTab } from '../features/account/reviews-tab';
import { RewardsTab } from '../features/account/rewards-tab';
import { voucherAction } from '../features/account/voucher-action.server';
import { SignedOutPrompt } from '../features/account/signed-out-prompt';
import { getSessionUser } from '../features/account/session-user.server';
import { codeSentTo, signInAction } from '../features/account/sign-in-action.server';
import { safeRedirectPath } from '@store/shared/safe-path';
import { WishlistTab } from '../features/account/wishlist-tab';
import { pageTitle } from '../lib/seo';
import { takaFontLinks } from '../features/catalog/taka-font';
import { pageUrl } from '../lib/request-path';
import { field, readForm } from '../lib/form-action.server';
import type { Route } from './+types/account';
import * as m from '@store/shared/i18n/messages';

/** The orders and wishlist tabs show prices: the ৳ font is preloaded (see taka-font.ts). */
export const links: Route.LinksFunction = () => [...takaFontLinks()];

/** /account/:tabName: signed-in customers only; visitors are redirected on the server (SPEC §2). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const tab = params.tabName;
  if (!isAccountTab(tab)) throw data(null, { status: 404 });
  const session = await getSessionUser(context);
  // A guest has no account: their orders are at /orders (by the verified phone).
  if (session?.guest && tab === 'orders') throw redirect('/orders');
  const user = session && !session.guest ? session : null;
  if (!user) {
    const url = pageUrl(request);
    const to = signedOutRedirect(tab, url.search);
    if (to) throw redirect(to);
    return { user: null, content: null, codeSentTo: codeSentTo(request), back: signInBack(url) };
  }
  return { user, content: await loadAccountTab(context, tab), codeSentTo: null, back: '' };
}

/** Where a plain-form sign-in goes next: ?redirect= (the checkout sends shoppers here), else the account. */
function signInBack(url: URL): string {
  return safeRedirectPath(url.searchParams.get('redirect')) ?? '/account/my-account';
}

/**
 * The account page's forms: turning points into a voucher (the Points & rewards tab, scripted or
 * not), and signing in with plain HTML forms, before the page's scripts or without them (PlainSignIn).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request.clone());
  if (field(form, 'intent') === 'voucher') return voucherAction(form, context);
  return signInAction(request, context);
}

export function meta({ params }: Route.MetaArgs) {
  const label = (ACCOUNT_TABS.find((t) => t.key === params.tabName)?.label ?? m.account_tab_my_account)();
  return [{ title: pageTitle(label) }, { name: 'robots', content: 'noindex' }];
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, content } = loaderData;
  if (!user || !content) return <SignedOutPrompt codeSentTo={loaderData.codeSentTo} back={loaderData.back} />;
  return (
    <AccountLayout tab={content.tab} firstName={user.first_name}>
      {content.tab === 'my-account' && <OverviewTab user={user} />}
      {content.tab === 'orders' && <OrdersTab orders={content.orders} />}
      {content.tab === 'rewards' && <RewardsTab account={content.loyalty} refusal={actionData?.voucher ?? null} />}
      {content.tab === 'addresses' && <AddressesTab shipping={content.shipping} billing={content.billing} locations={content.locations} />}
      {content.tab === 'wishlist' && <WishlistTab products={content.products} />}
      {content.tab === 'my-reviews' && <ReviewsTab reviews={content.reviews} />}
      {content.tab === 'profile' && <ProfileTab key={JSON.stringify(content.profile)} profile={content.profile} />}
      {content.tab === 'notifications' && <NotificationsTab prefs={content.prefs} hasEmail={user.email !== null} />}
      {content.tab === 'privilege-card' && <PrivilegeCardTab card={content.card} />}
    </AccountLayout>
  );
}
