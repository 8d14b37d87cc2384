import type { ReactNode } from 'react';
import type { PublicOrder } from '@store/shared/checkout';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '@store/shared/checkout-rules';
import * as m from '@store/shared/i18n/messages';
import { formatTaka } from '../../lib/format';
import { formatDhakaDateTime } from '../../lib/format';
import { orderStatusLabel, paymentMethodLabel, paymentStatusLabel } from './labels';
import { LineList, TotalsRows } from './summary-parts';
import { hrefHere } from '../../lib/locale';

/** '3 Sept 2026, 9:05', in Dhaka time. */
export const orderDate = (iso: string) => formatDhakaDateTime(new Date(iso));

const STATUS_TONE: Record<OrderStatus, string> = {
  placed: 'bg-sky-50 text-sky-800 ring-sky-200',
  confirmed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  packed: 'bg-sky-50 text-sky-800 ring-sky-200',
  shipped: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  in_transit: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  delivered: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  partially_delivered: 'bg-amber-50 text-amber-900 ring-amber-200',
  returned: 'bg-neutral-100 text-neutral-700 ring-neutral-300',
  cancelled: 'bg-neutral-100 text-neutral-700 ring-neutral-300',
};
const PAYMENT_TONE: Record<PaymentStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  partially_paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  partially_refunded: 'bg-neutral-100 text-neutral-700 ring-neutral-300',
  refunded: 'bg-neutral-100 text-neutral-700 ring-neutral-300',
  voided: 'bg-neutral-100 text-neutral-700 ring-neutral-300',
};

/** Cash not yet collected is not a payment 'pending' to the shopper: it says how they pay. */
function paymentLabel(payment: PaymentStatus, method: PaymentMethod | undefined, feeFirst: boolean): string {
  if (payment === 'pending' && method === 'cod') return feeFirst ? m.receipt_payment_fee_due() : m.receipt_payment_on_delivery();
  if (payment === 'pending' && method === 'cash_on_pickup') return m.receipt_payment_at_pickup();
  return paymentStatusLabel(payment);
}

export function StatusChips({
  status,
  payment,
  method,
  feeFirst = false,
}: {
  status: OrderStatus;
  payment: PaymentStatus;
  method?: PaymentMethod;
  /** Cash on delivery whose delivery fee is paid by bKash first. */
  feeFirst?: boolean;
}) {
  return (
    <span className="flex flex-wrap gap-1.5" data-testid="order-status">
      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_TONE[status]}`}>{orderStatusLabel(status)}</span>
      {/* A cancelled order that was never paid has nothing to say about payment. */}
      {status === 'cancelled' && (payment === 'pending' || payment === 'failed' || payment === 'voided') ? null : (
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${PAYMENT_TONE[payment]}`}>
          {paymentLabel(payment, method, feeFirst)}
        </span>
      )}
    </span>
  );
}

export type HeroTone = 'success' | 'warning' | 'error';

const HERO: Record<HeroTone, { ring: string; icon: ReactNode }> = {
  success: {
    ring: 'bg-emerald-50 text-emerald-700',
    icon: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  },
  warning: {
    ring: 'bg-amber-50 text-amber-700',
    icon: (
      <>
        <path d="M12 8v5" />
        <path d="M12 16.5v.01" />
      </>
    ),
  },
  error: {
    ring: 'bg-red-50 text-red-700',
    icon: <path d="m7 7 10 10M17 7 7 17" />,
  },
};

/** The headline of a result page: a mark, the title, a sentence, and the order number. */
export function OrderHero({
  tone,
  title,
  text,
  number,
  children,
}: {
  tone: HeroTone;
  title: string;
  text: ReactNode;
  number: string;
  children?: ReactNode;
}) {
  const look = HERO[tone];
  return (
    <div className="rounded-2xl border border-line bg-white px-5 py-8 text-center sm:px-8 lg:py-10">
      <span className={`mx-auto flex size-16 items-center justify-center rounded-full ${look.ring}`}>
        <svg
          width="30"
          height="30"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          {look.icon}
        </svg>
      </span>
      <h1 className="mt-4 text-2xl font-bold text-ink lg:text-3xl">{title}</h1>
      <p className="mx-auto mt-2 max-w-md text-neutral-700">{text}</p>
      <p className="mt-5 inline-flex flex-col items-center rounded-xl bg-neutral-50 px-5 py-2.5 ring-1 ring-line">
        <span className="text-[11px] font-semibold uppercase tracking-widest text-muted">{m.receipt_order_number()}</span>
        <span className="text-lg font-bold tracking-wide text-ink" data-testid="order-number">
          {number}
        </span>
      </p>
      {children ? <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">{children}</div> : null}
    </div>
  );
}

export function ActionLink({ href, children, primary }: { href: string; children: ReactNode; primary?: boolean }) {
  return (
    <a
      href={hrefHere(href)}
      className={`inline-flex h-12 items-center justify-center rounded-lg px-6 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
        primary ? 'bg-brand text-white hover:bg-brand-dark' : 'bg-white text-ink ring-1 ring-neutral-300 hover:bg-neutral-50'
      }`}
    >
      {children}
    </a>
  );
}

/** Items and totals of an order, as a link holder may see them (no address, no phone). */
export function OrderItems({ order, title = m.receipt_your_order() }: { order: PublicOrder; title?: string }) {
  const lines = order.line_items.map((l, i) => ({ ...l, key: i }));
  return (
    <section className="rounded-2xl border border-line bg-white p-4 sm:p-6" aria-label={title}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-ink lg:text-lg">{title}</h2>
        <StatusChips status={order.status} payment={order.payment_status} method={order.payment_method} feeFirst={order.cod_deposit > 0} />
      </div>
      <dl className="mb-4 grid grid-cols-2 gap-3 rounded-xl bg-neutral-50 p-3 text-sm ring-1 ring-line sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted">{m.receipt_placed()}</dt>
          <dd className="font-medium text-ink">{orderDate(order.created_at)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{m.checkout_payment()}</dt>
          <dd className="font-medium text-ink">{paymentMethodLabel(order.payment_method)}</dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-xs text-muted">{m.checkout_delivery()}</dt>
          <dd className="font-medium text-ink">
            {order.store_location
              ? m.receipt_pickup_at({ store: order.store_location.name })
              : order.delivery_type === 'same_day'
                ? m.checkout_same_day_delivery()
                : m.checkout_standard_delivery()}
          </dd>
        </div>
      </dl>
      {order.parcel ? (
        <p className="mb-4 rounded-xl bg-indigo-50 p-3 text-sm text-indigo-950 ring-1 ring-indigo-200" data-testid="order-parcel">
          <span className="font-semibold">
            {order.status === 'delivered'
              ? m.receipt_parcel_delivered({ courier: order.parcel.courier_name })
              : order.status === 'returned'
                ? m.receipt_parcel_returned({ courier: order.parcel.courier_name })
                : m.receipt_parcel_on_way({ courier: order.parcel.courier_name })}
          </span>
          {' · '}
          {m.receipt_parcel_tracking({ code: order.parcel.tracking_code })}
          {' · '}
          <a href={order.parcel.tracking_url} target="_blank" rel="noreferrer" className="font-semibold underline underline-offset-2">
            {m.receipt_track_parcel()}
          </a>
        </p>
      ) : null}
      <LineList lines={lines} />
      <div className="mt-4 border-t border-line pt-4">
        <OrderTotals order={order} />
        {order.refunded ? (
          <p className="mt-2 flex justify-between text-sm text-ink" data-testid="order-refunded">
            <span>{m.receipt_refunded_to_you()}</span>
            <span className="font-semibold">−{formatTaka(order.refunded)}</span>
          </p>
        ) : null}
      </div>
      {order.store_location ? (
        <p className="mt-4 rounded-xl bg-brand-soft/50 p-3 text-sm text-ink">
          <span className="font-semibold">{m.receipt_pick_up_at({ store: order.store_location.name })}</span>
          <br />
          {order.store_location.address} · {order.store_location.hours}
        </p>
      ) : null}
    </section>
  );
}

type OrderMoney = Pick<
  PublicOrder,
  | 'subtotal'
  | 'rebate'
  | 'discount'
  | 'referral_discount'
  | 'points_redeemed'
  | 'points_discount'
  | 'points_earned'
  | 'shipping'
  | 'shipping_waived'
  | 'total'
  | 'coupon_code'
  | 'cod_deposit'
  | 'payment_status'
> & {
  store_location: object | null;
};

/** A high-risk shopper's cash on delivery: the delivery fee by bKash first, the rest at the door. */
function DepositRows({ order }: { order: OrderMoney }) {
  const feePaid = !['pending', 'failed', 'voided'].includes(order.payment_status);
  const rest = order.total - order.cod_deposit;
  return (
    <dl className="mt-2 space-y-1.5 rounded-lg bg-neutral-50 p-3 text-sm ring-1 ring-line" data-testid="order-cod-deposit">
      <div className="flex justify-between gap-3">
        <dt className="text-neutral-700">{feePaid ? m.receipt_fee_paid_bkash() : m.receipt_fee_to_pay_bkash()}</dt>
        <dd className="font-semibold text-ink">{formatTaka(order.cod_deposit)}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-neutral-700">
          {order.payment_status === 'paid' ? m.receipt_paid_on_delivery() : m.receipt_to_pay_on_delivery()}
        </dt>
        <dd className="font-semibold text-ink">{formatTaka(rest)}</dd>
      </div>
    </dl>
  );
}

/** A placed order's totals, as the account, the confirmation pages and the receipt show them. */
export function OrderTotals({ order }: { order: OrderMoney }) {
  return (
    <>
      <OrderTotalRows order={order} />
      {order.cod_deposit > 0 ? <DepositRows order={order} /> : null}
    </>
  );
}

function OrderTotalRows({ order }: { order: OrderMoney }) {
  return (
    <TotalsRows
      t={{
        subtotal: order.subtotal,
        rebate: order.rebate,
        discount: order.discount,
        referral_discount: order.referral_discount,
        points_discount: order.points_discount,
        pointsUsed: order.points_redeemed,
        // Earned once the order is delivered (0 until then, and for a guest).
        pointsEarned: order.points_earned,
        shipping: order.shipping,
        shipping_waived: order.shipping_waived,
        total: order.total,
        couponCode: order.coupon_code,
        shippingLabel: order.store_location ? m.checkout_store_pickup() : null,
        shippingKnown: true,
      }}
    />
  );
}

export const totalText = (order: PublicOrder) => formatTaka(order.total);
