import { useEffect, useState } from 'react';
import type { Cart } from '@store/shared/cart';
import type { LoyaltyAccount } from '@store/shared/loyalty';
import { pointsFor } from '@store/shared/loyalty-rules';
import * as m from '@store/shared/i18n/messages';
import { api } from '../../lib/http';
import { formatCount } from '../../lib/format';
import { toNextTier } from '../loyalty/loyalty-text';

/** The account as last fetched in this page: a bag opened again shows it at once while it is asked again. */
let last: LoyaltyAccount | null = null;

/**
 * What the bag earns (issue 22), for a signed-in customer while the programme is on: the points
 * this order earns once delivered (the server's own rule, at the customer's tier) and how far the
 * next tier is. Fetched each time the bag opens; loaded only for customers (bag-panel.tsx).
 */
export default function BagLoyalty({ cart, open }: { cart: Cart; open: boolean }) {
  const [account, setAccount] = useState(last);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    void api
      .get<{ data: LoyaltyAccount }>('/loyalty/', { toasts: false, guest: true, allow404: true, signal: controller.signal })
      .then((r) => {
        if (!r.ok) return;
        last = r.data.data;
        setAccount(last);
      });
    return () => controller.abort();
  }, [open]);

  if (!account?.enabled || cart.line_items.length === 0) return null;
  const points = pointsFor(cart.subtotal_price_with_rebate, account.rules, account.tier.multiplier);
  return (
    <div className="mb-3 rounded-lg bg-brand-soft px-3 py-2 text-xs text-ink" data-testid="bag-loyalty">
      {points > 0 ? (
        <p className="font-semibold text-brand-dark" data-testid="bag-points">
          {(points === 1 ? m.loyalty_bag_earn_one : m.loyalty_bag_earn_other)({ count: formatCount(points) })}
        </p>
      ) : null}
      {account.next_tier ? (
        <p className="text-neutral-700" data-testid="bag-next-tier">
          {cart.subtotal_price_with_rebate >= account.next_tier.remaining
            ? m.loyalty_bag_reaches({ tier: account.next_tier.name })
            : toNextTier(account.next_tier)}
        </p>
      ) : null}
    </div>
  );
}
