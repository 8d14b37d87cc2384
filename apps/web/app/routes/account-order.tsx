import type { ReactNode } from 'react';
import { Link, redirect, useRevalidator } from 'react-router';
import type { AddressSnapshot, OrderDetail } from '@store/shared/checkout';
import * as m from '@store/shared/i18n/messages';
import { AccountLayout } from '../features/account/account-layout';
import { getSessionUser } from '../features/account/session-user.server';
import { orderStatusLabel, paymentStatusLabel } from '../features/checkout/labels';
import { holdTime, OrderActions } from '../features/checkout/order-actions';
import * as messages from '@store/shared/messages';
import { orderDate, OrderItems } from '../features/checkout/order-view';
import { apiGet } from '../lib/api.server';
import { pageTitle } from '../lib/seo';
import { takaFontLinks } from '../features/catalog/taka-font';
import type { Route } from './+types/account-order';
import { hrefHere } from '../lib/locale';

/** Prices on this page: the ৳ font is preloaded (see taka-font.ts). */
export const links: Route.LinksFunction = () => [...takaFontLinks()];

/**
 * /account/orders/:id: one of the shopper's orders, for a signed-in customer or a phone-verified
 * guest (the API answers 404 for anyone else's).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(context);
  if (!user) throw redirect('/account/my-account?login=1');
  const order = (await apiGet<{ data: OrderDetail }>(context, `/orders/${encodeURIComponent(params.id)}/`)).data;
  return { user, order };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData ? m.order_email_number({ number: loaderData.order.number }) : m.receipt_order()) },
    { name: 'robots', content: 'noindex' },
  ];
}

function Place({ title, a }: { title: string; a: AddressSnapshot }) {
  return (
    <div className="min-w-0 rounded-xl border border-line p-4 text-sm wrap-anywhere">
      <h3 className="text-xs font-semibold uppercase tracking-widest text-muted">{title}</h3>
      <p className="mt-1 font-semibold text-ink">{a.name}</p>
      <p className="text-neutral-700">
        {a.address_detail}, {a.area}, {a.location}
      </p>
      <p className="text-neutral-700">{a.phone}</p>
    </div>
  );
}

const label = (kind: 'order' | 'payment', to: string) => (kind === 'order' ? orderStatusLabel(to) : paymentStatusLabel(to));

/** A guest has no account pages around their orders: the order alone, in the page's width. */
function Frame({ guest, firstName, children }: { guest: boolean; firstName: string; children: ReactNode }) {
  if (guest) return <main className="mx-auto w-full max-w-3xl px-4 pb-16 pt-6 lg:pt-10">{children}</main>;
  return (
    <AccountLayout tab="orders" firstName={firstName}>
      {children}
    </AccountLayout>
  );
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { user, order } = loaderData;
  const revalidator = useRevalidator();
  return (
    <Frame guest={user.guest} firstName={user.first_name}>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link to="/account/orders" className="text-sm font-medium text-ink underline-offset-2 hover:underline">
            {m.receipt_all_orders()}
          </Link>
          <a href={hrefHere(`/receipt/${order.id}`)} className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
            {m.receipt_view()}
          </a>
        </div>
        <h2 className="text-xl font-bold text-ink" data-testid="order-number">
          {order.number}
        </h2>
        {order.hold_until && order.payment_status === 'failed' ? (
          <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            {messages.paymentRetry(holdTime(order)!)}
          </p>
        ) : null}
        <OrderActions order={order} onChanged={() => void revalidator.revalidate()} />
        <OrderItems order={order} title={m.receipt_items()} />
        <div className="grid gap-3 sm:grid-cols-2">
          {order.shipping_address ? <Place title={m.checkout_delivery_address()} a={order.shipping_address} /> : null}
          {order.billing_address && JSON.stringify(order.billing_address) !== JSON.stringify(order.shipping_address) ? (
            <Place title={m.checkout_billing_address()} a={order.billing_address} />
          ) : null}
        </div>
        <section className="rounded-2xl border border-line bg-white p-4 sm:p-6" aria-label={m.receipt_history()}>
          <h3 className="mb-3 text-base font-semibold text-ink">{m.receipt_history()}</h3>
          <ol className="space-y-3 border-l-2 border-line pl-4">
            {order.history.map((h, i) => (
              <li key={i} className="relative text-sm">
                <span aria-hidden="true" className="absolute -left-[1.4rem] top-1.5 size-2.5 rounded-full bg-brand ring-4 ring-white" />
                <span className="font-medium text-ink">{label(h.kind, h.to)}</span>
                <span className="block text-xs text-muted">{orderDate(h.at)}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </Frame>
  );
}
