import { data } from 'react-router';
import type { PublicOrder } from '@store/shared/checkout';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { formatTaka } from '../lib/format';
import { paymentMethodLabel } from '../features/checkout/labels';
import { ActionLink, OrderHero, OrderItems, totalText } from '../features/checkout/order-view';
import { PurchaseTracker } from '../features/checkout/purchase-tracker';
import { apiGet } from '../lib/api.server';
import { useRootData } from '../lib/root-data';
import { pageTitle } from '../lib/seo';
import { takaFontLinks } from '../features/catalog/taka-font';
import type { Route } from './+types/payment-success';

/** Prices on this page: the ৳ font is preloaded (see taka-font.ts). */
export const links: Route.LinksFunction = () => [...takaFontLinks()];

/** /payment-success?order={link token}: after a cash-on-delivery order, or a payment the gateway confirmed. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('order');
  if (!token) throw data(null, { status: 404 });
  return (await apiGet<{ data: PublicOrder }>(context, `/orders/verify/${encodeURIComponent(token)}/`)).data;
}

export function meta() {
  return [{ title: pageTitle(messages.orderPlaced()) }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'cache-control': 'private, no-store' };
}

export default function PaymentSuccess({ loaderData: order }: Route.ComponentProps) {
  const user = useRootData()?.user ?? null;
  const paid = order.payment_status === 'paid';
  const feePaid = order.payment_status === 'partially_paid';
  const feeFirst = order.payment_method === 'cod' && order.cod_deposit > 0;
  const waiting = !paid && !feePaid && (order.payment_method === 'bkash' || order.payment_method === 'card' || feeFirst);
  const text = paid
    ? m.receipt_paid_with({ total: totalText(order), method: paymentMethodLabel(order.payment_method) })
    : waiting
      ? m.receipt_waiting_confirmation()
      : feePaid
        ? m.receipt_fee_paid_text({ fee: formatTaka(order.cod_deposit), rest: formatTaka(order.total - order.cod_deposit) })
        : m.receipt_pay_cash_text({ total: totalText(order) });
  return (
    <main className="mx-auto w-full max-w-3xl space-y-4 px-4 pb-16 pt-6 lg:pt-10">
      <PurchaseTracker order={order} />
      <OrderHero
        tone={waiting ? 'warning' : 'success'}
        title={paid ? m.receipt_payment_successful() : m.order_email_thanks()}
        text={text}
        number={order.number}
      >
        <ActionLink href={`/receipt/${order.id}`} primary>
          {m.receipt_view()}
        </ActionLink>
        {user ? <ActionLink href={user.guest ? '/orders' : '/account/orders'}>{m.receipt_my_orders()}</ActionLink> : null}
        <ActionLink href="/">{messages.continueShopping()}</ActionLink>
      </OrderHero>
      <OrderItems order={order} />
    </main>
  );
}
