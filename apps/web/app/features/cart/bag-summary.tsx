import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Cart } from '@store/shared/cart';
import { freeDeliveryProgress, type FreeDeliveryRule } from '@store/shared/checkout-rules';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { formatTaka } from '../../lib/format';
import { closeBag } from './bag-store';

/** The bag's foot: subtotal (and the rebate's total), what else the bag brings (`children`: points), how far free delivery is, and the two ways on. */
export function BagSummary({
  cart,
  rule,
  loading,
  children,
}: {
  cart: Cart | null;
  rule: FreeDeliveryRule | null;
  loading: boolean;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const lines = cart?.line_items ?? [];
  const checkoutDisabled = loading || lines.length === 0;
  const rebate = cart ? cart.subtotal_price - cart.subtotal_price_with_rebate : 0;
  // The same rule checkout applies (the site's free_delivery setting), against the bag's items.
  const freeDelivery = cart && lines.length ? freeDeliveryProgress(rule, cart.subtotal_price_with_rebate) : null;
  return (
    <footer className="shrink-0 border-t border-line bg-white px-4 pb-[calc(1rem+env(safe-area-inset-bottom))] pt-3 sm:px-5">
      {cart && lines.length ? (
        <dl className="mb-3 flex flex-col gap-1 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">{messages.bagSubtotal()}</dt>
            <dd className={`font-semibold tabular-nums ${rebate > 0 ? 'text-muted line-through' : 'text-ink'}`} data-testid="bag-subtotal">
              {formatTaka(cart.subtotal_price)}
            </dd>
          </div>
          {rebate > 0 && cart.rebate ? (
            <>
              <div className="flex justify-between text-emerald-700">
                <dt>{cart.rebate.title}</dt>
                <dd className="tabular-nums">−{formatTaka(rebate)}</dd>
              </div>
              <div className="flex justify-between text-base">
                <dt className="font-semibold text-ink">{m.bagui_total()}</dt>
                <dd className="font-bold tabular-nums text-ink" data-testid="bag-total">
                  {formatTaka(cart.subtotal_price_with_rebate)}
                </dd>
              </div>
            </>
          ) : null}
        </dl>
      ) : null}
      {children}
      {freeDelivery ? (
        <p className="mb-3 rounded-lg bg-emerald-50 px-3 py-2 text-xs font-medium text-emerald-800" data-testid="bag-free-delivery">
          {freeDelivery}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          onClick={closeBag}
          className="whitespace-nowrap rounded-full border border-ink px-2 py-3 text-[13px] font-semibold sm:text-sm text-ink hover:bg-neutral-50"
        >
          {messages.continueShopping()}
        </button>
        <button
          type="button"
          disabled={checkoutDisabled}
          onClick={() => {
            closeBag();
            void navigate('/checkout');
          }}
          className="whitespace-nowrap rounded-full bg-brand px-2 py-3 text-[13px] font-semibold sm:text-sm text-white shadow-sm hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-neutral-300 disabled:shadow-none"
        >
          {messages.checkout()}
        </button>
      </div>
    </footer>
  );
}
