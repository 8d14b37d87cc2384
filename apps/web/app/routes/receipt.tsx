import type { AddressSnapshot, ReceiptResponse } from '@store/shared/checkout';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatTaka } from '../lib/format';
import { paymentMethodLabel } from '../features/checkout/labels';
import { OrderTotals, orderDate, StatusChips } from '../features/checkout/order-view';
import { apiGet } from '../lib/api.server';
import { useRootData } from '../lib/root-data';
import { pageTitle, SITE_NAME } from '../lib/seo';
import { takaFontLinks } from '../features/catalog/taka-font';
import type { Route } from './+types/receipt';
import { hrefHere } from '../lib/locale';

/** Prices on this page: the ৳ font is preloaded (see taka-font.ts). */
export const links: Route.LinksFunction = () => [...takaFontLinks()];

/** /receipt/{id}: the printable receipt (the WhatsApp button is hidden here by the layout). Addresses only for the order's owner. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return (await apiGet<ReceiptResponse>(context, `/orders/receipt/${encodeURIComponent(params.id)}/`)).data;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData ? m.receipt_title_number({ number: loaderData.order.number }) : m.receipt_title()) },
    { name: 'robots', content: 'noindex' },
  ];
}

export function headers() {
  return { 'cache-control': 'private, no-store' };
}

function Place({ title, a }: { title: string; a: AddressSnapshot }) {
  return (
    <div>
      <h2 className="text-xs font-semibold uppercase tracking-widest text-muted">{title}</h2>
      <p className="mt-1 text-sm font-semibold text-ink">{a.name}</p>
      <p className="text-sm text-neutral-700">
        {a.address_detail}, {a.area}
        <br />
        {a.location}, {a.division}
      </p>
      <p className="text-sm text-neutral-700">{a.phone}</p>
    </div>
  );
}

export default function Receipt({ loaderData }: Route.ComponentProps) {
  const { order, owner } = loaderData;
  const contact = useRootData()?.contact;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 pb-16 pt-6 print:p-0 lg:pt-10">
      <div className="mb-4 flex items-center justify-between print:hidden">
        <a href={hrefHere('/')} className="text-sm font-medium text-ink underline-offset-2 hover:underline">
          {m.receipt_back_to_shop()}
        </a>
        <button
          type="button"
          onClick={() => window.print()}
          className="h-10 rounded-lg bg-ink px-4 text-sm font-semibold text-white hover:bg-black"
        >
          {m.receipt_print()}
        </button>
      </div>
      <article className="rounded-2xl border border-line bg-white p-5 print:border-0 print:p-0 sm:p-8" aria-label={m.receipt_title()}>
        <header className="flex flex-col gap-4 border-b border-line pb-5 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="font-serif text-2xl font-semibold tracking-tight text-brand">{SITE_NAME}</p>
            <p className="text-xs text-muted">{m.receipt_tagline()}</p>
          </div>
          <div className="sm:text-right">
            <h1 className="text-xl font-bold text-ink">{m.receipt_title()}</h1>
            <p className="text-sm font-semibold text-ink" data-testid="order-number">
              {order.number}
            </p>
            <p className="text-sm text-muted">{orderDate(order.created_at)}</p>
          </div>
        </header>

        <div className="grid gap-5 border-b border-line py-5 wrap-anywhere sm:grid-cols-3">
          <div>
            <h2 className="text-xs font-semibold uppercase tracking-widest text-muted">{m.checkout_payment()}</h2>
            <p className="mt-1 text-sm font-semibold text-ink">{paymentMethodLabel(order.payment_method)}</p>
            <div className="mt-1.5">
              <StatusChips
                status={order.status}
                payment={order.payment_status}
                method={order.payment_method}
                feeFirst={order.cod_deposit > 0}
              />
            </div>
          </div>
          {order.store_location ? (
            <div>
              <h2 className="text-xs font-semibold uppercase tracking-widest text-muted">{m.receipt_pickup()}</h2>
              <p className="mt-1 text-sm font-semibold text-ink">{order.store_location.name}</p>
              <p className="text-sm text-neutral-700">{order.store_location.address}</p>
            </div>
          ) : owner?.shipping_address ? (
            <Place title={m.receipt_deliver_to()} a={owner.shipping_address} />
          ) : null}
          {owner?.billing_address && JSON.stringify(owner.billing_address) !== JSON.stringify(owner.shipping_address) ? (
            <Place title={m.receipt_billed_to()} a={owner.billing_address} />
          ) : null}
        </div>

        <table className="mt-5 w-full text-sm">
          <thead>
            <tr className="border-b border-line text-left text-xs uppercase tracking-wider text-muted">
              <th className="pb-2 pr-3 font-semibold">{m.receipt_item()}</th>
              <th className="w-12 px-2 pb-2 text-center font-semibold">{m.receipt_qty()}</th>
              <th className="hidden whitespace-nowrap pb-2 pl-3 text-right font-semibold sm:table-cell">{m.receipt_unit_price()}</th>
              <th className="pb-2 pl-3 text-right font-semibold">{m.receipt_amount()}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {order.line_items.map((l, i) => (
              <tr key={i}>
                <td className="py-3 pr-3 wrap-anywhere">
                  <p className="font-medium text-ink">{l.product_title}</p>
                  <p className="text-xs text-muted">
                    {l.vendor} · {l.variant_title} · {l.sku}
                  </p>
                </td>
                <td className="px-2 py-3 text-center tabular-nums">{formatCount(l.quantity)}</td>
                <td className="hidden whitespace-nowrap py-3 pl-3 text-right tabular-nums sm:table-cell">
                  {l.gift ? '—' : formatTaka(l.discounted_price)}
                </td>
                <td className="whitespace-nowrap py-3 pl-3 text-right font-medium tabular-nums text-ink">
                  {l.gift ? m.checkout_free_gift() : formatTaka(l.line_price)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>

        <div className="mt-4 border-t border-line pt-4 sm:ml-auto sm:max-w-xs">
          <OrderTotals order={order} />
        </div>
        <footer className="mt-8 border-t border-line pt-4 text-center text-xs text-muted">
          {m.receipt_thanks({ shop: SITE_NAME, phone: contact?.support_phone ?? '', email: contact?.support_email ?? '' })}
        </footer>
      </article>
    </main>
  );
}
