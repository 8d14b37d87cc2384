import { useState } from 'react';
import { Link } from 'react-router';
import type { CheckoutSummary } from '@store/shared/checkout';
import { freeDeliveryProgress } from '@store/shared/checkout-rules';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatTaka } from '../../lib/format';
import { BagIcon, ChevronIcon } from '../../components/layout/icons';
import { SCRIPTED } from '../auth/auth-events';
import type { DeliveryMode } from './delivery-step';
import { zoneLabel } from './labels';
import { LineList, TotalsRows, type TotalsView } from './summary-parts';

export type CheckoutStep = 'address' | 'payment';

/**
 * The totals as the summary shows them. While the shopper has switched to pickup but not chosen a store
 * yet, the delivery fee of the last address is not theirs to pay: it shows as not known yet.
 */
export function totalsView(s: CheckoutSummary, mode: DeliveryMode = s.delivery_type === 'pickup' ? 'pickup' : 'delivery'): TotalsView {
  const pickup = mode === 'pickup';
  const pickupPending = pickup && s.delivery_type !== 'pickup';
  const items = s.totals.subtotal - s.totals.rebate - s.totals.discount;
  const standardToRuleZone = !pickup && s.delivery_type === 'standard' && s.zone !== null && !!s.free_delivery?.zones.includes(s.zone);
  return {
    ...s.totals,
    ...(pickupPending ? { shipping: 0, shipping_waived: 0, total: s.totals.total - s.totals.shipping } : {}),
    couponCode: s.coupon && !s.coupon_error ? s.coupon.code : null,
    referralCode: s.referral && !s.referral.error ? s.referral.code : null,
    pointsUsed: s.loyalty?.points ?? 0,
    shippingLabel: pickup
      ? m.checkout_store_pickup()
      : s.zone
        ? s.delivery_type === 'same_day'
          ? m.checkout_same_day()
          : zoneLabel(s.zone)
        : null,
    shippingKnown: pickup ? !pickupPending && s.store_location_id !== null : s.zone !== null,
    shippingNote: s.totals.free_delivery
      ? m.checkout_free_delivery_applied()
      : standardToRuleZone
        ? freeDeliveryProgress(s.free_delivery, items)
        : null,
  };
}

/** The two steps, the payment one reachable once delivery is chosen. */
export function Steps({ step, canPay }: { step: CheckoutStep; canPay: boolean }) {
  const item = (n: number, label: string, active: boolean, to: string | null) => {
    const body = (
      <>
        <span
          className={`flex size-6 items-center justify-center rounded-full text-xs font-bold ${active ? 'bg-brand text-white' : 'bg-neutral-200 text-neutral-700'}`}
        >
          {formatCount(n)}
        </span>
        <span className={active ? 'text-ink' : 'text-muted'}>{label}</span>
      </>
    );
    return to && !active ? (
      <Link to={to} className="flex items-center gap-2 hover:underline">
        {body}
      </Link>
    ) : (
      <span className="flex items-center gap-2" aria-current={active ? 'step' : undefined}>
        {body}
      </span>
    );
  };
  return (
    <nav aria-label={m.checkout_steps()} className="flex items-center gap-3 text-sm font-semibold">
      {item(1, m.checkout_delivery(), step === 'address', '/checkout?step=address')}
      <span aria-hidden="true" className="h-px w-8 bg-neutral-300" />
      {item(2, m.checkout_payment(), step === 'payment', canPay ? '/checkout?step=payment' : null)}
    </nav>
  );
}

/** The order summary: folded on phones behind its total, always open beside the steps on desktops. */
export function Summary({ summary, mode }: { summary: CheckoutSummary; mode: DeliveryMode }) {
  const totals = totalsView(summary, mode);
  const [open, setOpen] = useState(false);
  const lines = summary.cart.line_items.map((l) => ({ ...l, key: l.id, href: l.product_url, variantId: l.variant_id }));
  return (
    <div className="rounded-2xl border border-line bg-white shadow-[0_1px_2px_rgba(0,0,0,0.03)]">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="order-summary-body"
        onClick={() => setOpen((o) => !o)}
        className={`flex w-full items-center justify-between gap-3 px-4 py-3.5 text-left lg:hidden ${SCRIPTED}`}
      >
        <span className="flex items-center gap-2 text-sm font-semibold text-ink">
          <BagIcon size={18} />
          {open
            ? m.checkout_summary_hide({ count: formatCount(summary.cart.item_count) })
            : m.checkout_summary_show({ count: formatCount(summary.cart.item_count) })}
          <ChevronIcon size={16} className={`transition ${open ? 'rotate-180' : ''}`} />
        </span>
        <span className="text-base font-bold text-ink">{formatTaka(totals.total)}</span>
      </button>
      {/* Without the page's scripts the fold cannot open: the summary shows whole, its lines with their own forms. */}
      <div
        id="order-summary-body"
        className={`${open ? 'block' : 'hidden'} border-t border-line p-4 lg:block lg:border-0 lg:p-6 [@media(scripting:none)]:block [@media(scripting:none)]:border-0`}
      >
        <h2 className="mb-4 hidden text-lg font-semibold text-ink lg:block">{m.checkout_order_summary()}</h2>
        <LineList lines={lines} editable />
        <div className="mt-4 border-t border-line pt-4">
          <TotalsRows t={totals} />
        </div>
      </div>
    </div>
  );
}
