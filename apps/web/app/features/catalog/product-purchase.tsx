import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import type { ProductDetail, ProductVariant } from '@store/shared/catalog';
import * as messages from '@store/shared/messages';
import { addToBag } from '../cart/bag-store';
import { useBagState } from '../cart/use-bag';
import { maxQuantity, stockIsLow, useStockWarning } from '../cart/line-limit';
import { WishlistButton } from '../wishlist/wishlist-button';
import { NotifyMe } from './notify-me';
import { QuantityPicker } from './quantity-picker';
import { hrefHere } from '../../lib/locale';
import * as m from '@store/shared/i18n/messages';

/** Stock state, quantity, 'Add to bag' (or 'Notify me' when out of stock) and the wishlist heart. */
export function ProductPurchase({
  product,
  variant,
  supportPhone,
}: {
  product: ProductDetail;
  variant: ProductVariant;
  supportPhone: string;
}) {
  const [chosen, setQuantity] = useState(1);
  // A quantity chosen for another variant comes down to what this one has left.
  const quantity = Math.max(1, Math.min(chosen, maxQuantity(variant.stock)));
  const stockWarning = useStockWarning();
  const low = variant.in_stock && stockIsLow(variant.stock, stockWarning);
  const lowId = useId();
  const adding = useBagState().adding.includes(variant.variant_id);
  // The form action sends the browser back to this page, with this variant chosen.
  const location = useLocation();
  const backTo = `${location.pathname}${location.search}`;
  return (
    <div className="flex flex-col gap-4">
      {low && (
        <p id={lowId} className="flex items-center gap-2 text-sm font-medium text-amber-800" data-testid="low-stock">
          <span className="size-2 shrink-0 rounded-full bg-amber-500" aria-hidden="true" />
          {messages.lowStock(product.name, variant.title, variant.stock)}
        </p>
      )}
      {variant.in_stock ? (
        // A plain form too: before hydration or without JavaScript it goes to the bag's form action (routes/form-bag.ts).
        <form
          method="post"
          action={hrefHere('/form/bag')}
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            // Opens the shopping bag panel and adds the variant through the bag's update queue.
            void addToBag(variant.variant_id, quantity);
          }}
        >
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="variant" value={variant.variant_id} />
          <input type="hidden" name="back" value={backTo} />
          <QuantityPicker
            value={quantity}
            onChange={setQuantity}
            stock={variant.stock}
            supportPhone={supportPhone}
            stockNoteId={low ? lowId : undefined}
          />
          <div className="flex items-center gap-3">
            {/* Busy, not disabled, while the bag answers: focus stays here, and a second tap adds nothing (addToBag). */}
            <button
              type="submit"
              aria-busy={adding || undefined}
              className="flex-1 rounded-full bg-brand aria-busy:cursor-progress aria-busy:opacity-80 py-3.5 text-sm font-semibold tracking-wide text-white shadow-sm transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink sm:max-w-xs"
            >
              {m.add_to_bag()}
            </button>
            <WishlistButton productId={product.id} className="size-12 shrink-0" />
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm font-semibold text-red-700" data-testid="out-of-stock">
            {m.out_of_stock()}
          </p>
          <div className="flex items-start gap-3">
            <div className="flex-1">
              <NotifyMe key={variant.variant_id} variantId={variant.variant_id} />
            </div>
            <WishlistButton productId={product.id} className="size-12 shrink-0" />
          </div>
        </div>
      )}
    </div>
  );
}
