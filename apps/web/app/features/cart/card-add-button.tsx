import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ProductCard, ProductDetail } from '@store/shared/catalog';
import * as messages from '@store/shared/messages';
import { BagIcon } from '../../components/layout/icons';
import { api } from '../../lib/http';
import { addToBag } from './bag-store';

/**
 * The compact 'Add to bag' of a product card. A card priced 'From' has several variants and simply
 * links to its product page, so it gets no button. Otherwise the card does not say how many
 * variants there are, so the tap looks the product up: one variant goes straight into the bag (and
 * the bag opens); several at one price take the shopper to the product page to choose.
 */
export function CardAddButton({
  product,
  className = '',
}: {
  product: Pick<ProductCard, 'brand' | 'handle' | 'url' | 'name' | 'in_stock' | 'from'>;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  if (!product.in_stock || product.from) return null;
  const add = async () => {
    setBusy(true);
    try {
      const r = await api.get<{ data: ProductDetail }>(`/products/${product.brand.handle}/${product.handle}/`, {
        toasts: false,
        allow404: true,
      });
      const variants = r.ok ? r.data.data.product_variants : [];
      const [only] = variants;
      if (variants.length === 1 && only?.in_stock) await addToBag(only.variant_id, 1);
      else await navigate(product.url);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void add()}
      disabled={busy}
      aria-label={`${messages.addToBag}: ${product.name}`}
      title={messages.addToBag}
      data-testid="card-add-to-bag"
      className={`relative z-10 flex size-9 items-center justify-center rounded-full bg-white text-ink shadow-md ring-1 ring-black/5 transition hover:bg-brand hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60 ${className}`}
    >
      <BagIcon size={18} />
      <span
        aria-hidden="true"
        className="absolute -right-0.5 -top-0.5 flex size-4 items-center justify-center rounded-full bg-brand text-[11px] font-bold leading-none text-white"
      >
        +
      </span>
    </button>
  );
}
