import { useRevalidator } from 'react-router';
import type { PublicOrder } from '@store/shared/checkout';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { formatTaka } from '../lib/format';
import { ActionLink, OrderHero, OrderItems, totalText, type HeroTone } from '../features/checkout/order-view';
import { holdTime, OrderActions } from '../features/checkout/order-actions';
import { PurchaseTracker } from '../features/checkout/purchase-tracker';
import { apiGet } from '../lib/api.server';
import { pageTitle } from '../lib/seo';
import { takaFontLinks } from '../features/catalog/taka-font';
import type { Route } from './+types/order-verify';

/** Prices on this page: the ৳ font is preloaded (see taka-font.ts). */
export const links: Route.LinksFunction = () => [...takaFontLinks()];

/**
 * /order-verify/:status/:id (SPEC §2): open to anyone holding the link (the id is the order's
 * unguessable token), showing only the number, status, items and totals. Reached after a
 * cash-on-pickup order (success) and after a gateway payment that did not go through.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const order = (await apiGet<{ data: PublicOrder }>(context, `/orders/verify/${encodeURIComponent(params.id)}/`)).data;
  return { order, asked: params.status };
}

export function meta() {
  return [{ title: pageTitle(m.receipt_your_order()) }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'cache-control': 'private, no-store' };
}

/** The order's own state decides what the page says; the link's status word is only a hint. */
function headline(order: PublicOrder, asked: string): { tone: HeroTone; title: string; text: string } {
  // A high-risk shopper's cash on delivery pays its delivery fee online first: the same pages as a gateway order.
  const online =
    order.payment_method === 'bkash' || order.payment_method === 'card' || (order.payment_method === 'cod' && order.cod_deposit > 0);
  const until = holdTime(order);
  if (order.payment_status === 'refunded')
    return {
      tone: 'warning',
      title: m.receipt_payment_refunded_title(),
      text: m.receipt_refunded_text({ amount: formatTaka(order.refunded) }),
    };
  if (order.status === 'cancelled')
    return {
      tone: 'warning',
      title: m.receipt_order_cancelled(),
      text: online && order.payment_status !== 'paid' ? messages.bagKept() : m.receipt_not_delivered(),
    };
  if (online && order.payment_status === 'failed')
    return {
      tone: asked === 'cancelled' ? 'warning' : 'error',
      title: asked === 'cancelled' ? messages.paymentCancelled() : messages.paymentFailed(),
      text: until ? messages.paymentRetry(until) : messages.bagKept(),
    };
  if (online && order.payment_status === 'pending') {
    return {
      tone: 'warning',
      title: m.receipt_not_confirmed_title(),
      text: until ? m.receipt_not_confirmed_until({ until }) : m.receipt_not_confirmed(),
    };
  }
  if (order.payment_method === 'cash_on_pickup') {
    return {
      tone: 'success',
      title: messages.orderPlaced(),
      text: m.receipt_pay_at_store_text({ total: totalText(order) }),
    };
  }
  return {
    tone: 'success',
    title: order.payment_status === 'paid' ? m.receipt_payment_successful() : messages.orderPlaced(),
    text: m.receipt_order_total({ total: totalText(order) }),
  };
}

export default function OrderVerify({ loaderData }: Route.ComponentProps) {
  const { order, asked } = loaderData;
  const revalidator = useRevalidator();
  const h = headline(order, asked);
  return (
    <main className="mx-auto w-full max-w-3xl space-y-4 px-4 pb-16 pt-6 lg:pt-10">
      {h.tone === 'success' ? <PurchaseTracker order={order} /> : null}
      <OrderHero tone={h.tone} title={h.title} text={h.text} number={order.number}>
        {order.actions.pay ? null : (
          <ActionLink href={`/receipt/${order.id}`} primary>
            {m.receipt_view()}
          </ActionLink>
        )}
        <ActionLink href="/">{messages.continueShopping()}</ActionLink>
      </OrderHero>
      <OrderActions order={order} onChanged={() => void revalidator.revalidate()} />
      <OrderItems order={order} />
    </main>
  );
}
