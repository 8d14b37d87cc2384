import { redirect } from 'react-router';
import type { OrderListItem, OrderListResponse } from '@store/shared/checkout';
import * as m from '@store/shared/i18n/messages';
import { getSessionUser } from '../features/account/session-user.server';
import { OrdersTab } from '../features/account/orders-tab';
import { openLogin } from '../features/auth/auth-events';
import { GuestPhoneVerify } from '../features/checkout/guest-phone-verify';
import { withElements } from '../lib/rich-message';
import { apiGet } from '../lib/api.server';
import { useRootData } from '../lib/root-data';
import { pageTitle } from '../lib/seo';
import { takaFontLinks } from '../features/catalog/taka-font';
import type { Route } from './+types/guest-orders';

/** Prices on this page: the ৳ font is preloaded (see taka-font.ts). */
export const links: Route.LinksFunction = () => [...takaFontLinks()];

/**
 * /orders: 'My orders' for whoever checked out without an account. A guest session lists the
 * orders of its verified phone; a visitor proves the phone with a code first (the guest flow); a
 * signed-in customer has them in the account.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<{ orders: OrderListItem[] | null }> {
  const user = await getSessionUser(context);
  if (user && !user.guest) throw redirect('/account/orders');
  if (!user) return { orders: null };
  return { orders: (await apiGet<OrderListResponse>(context, '/orders/')).data };
}

export function meta() {
  return [{ title: pageTitle(m.receipt_my_orders()) }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'cache-control': 'private, no-store' };
}

export default function GuestOrders({ loaderData }: Route.ComponentProps) {
  const supportPhone = useRootData()?.contact.support_phone ?? '';
  return (
    <main className="mx-auto w-full max-w-3xl space-y-5 px-4 pb-16 pt-6 lg:pt-10">
      <h1 className="text-2xl font-bold text-ink">{m.receipt_my_orders()}</h1>
      {loaderData.orders ? (
        <OrdersTab orders={loaderData.orders} />
      ) : (
        <section className="space-y-4 rounded-2xl border border-line bg-white p-4 sm:p-6" aria-labelledby="track-title">
          <h2 id="track-title" className="text-base font-semibold text-ink">
            {m.receipt_guest_title()}
          </h2>
          <p className="text-sm text-neutral-700">{m.receipt_guest_intro()}</p>
          <GuestPhoneVerify supportPhone={supportPhone} verifyLabel={m.receipt_show_my_orders()} />
          <p className="border-t border-line pt-4 text-sm text-neutral-700">
            {withElements(m.receipt_guest_sign_in, {
              signIn: (
                <button
                  type="button"
                  className="font-semibold text-brand underline-offset-2 hover:underline"
                  onClick={() => openLogin({ reason: 'account' })}
                >
                  {m.checkout_sign_in()}
                </button>
              ),
            })}
          </p>
        </section>
      )}
    </main>
  );
}
