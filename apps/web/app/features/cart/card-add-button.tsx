import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ProductCard, ProductDetail } from '@store/shared/catalog';
import { BagIcon } from '../../components/layout/icons';
import { api } from '../../lib/http';
import { addToBag } from './bag-store';
import { SCRIPTED } from '../auth/auth-events';
import * as m from '@store/shared/i18n/messages';

const loadSheet = () => import('./variant-sheet');
/** The variant chooser's code is fetched on the first tap that needs it, never with the page. */
const VariantSheet = lazy(loadSheet);

/**
 * The compact 'Add to bag' of a product card. The card does not list the variants, so the tap looks
 * the product up: one variant goes straight into the bag (and the bag opens); several open a sheet
 * to choose the shade or size in place. If the product cannot be read, or nothing in it can be
 * bought, the tap leads to the product page, which says why.
 */
export function CardAddButton({
  product,
  className = '',
}: {
  product: Pick<ProductCard, 'brand' | 'handle' | 'url' | 'name' | 'image' | 'in_stock' | 'from'>;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState<ProductDetail | null>(null);
  const navigate = useNavigate();
  if (!product.in_stock) return null;

  const add = async () => {
    if (busy) return;
    setBusy(true);
    // Several prices mean several variants: fetch the sheet's code alongside the product.
    if (product.from) void loadSheet();
    try {
      const r = await api.get<{ data: ProductDetail }>(`/products/${product.brand.handle}/${product.handle}/`, {
        toasts: false,
        allow404: true,
      });
      const detail = r.ok ? r.data.data : null;
      const variants = detail?.product_variants ?? [];
      const [only] = variants;
      if (variants.length === 1 && only?.in_stock) await addToBag(only.variant_id, 1);
      else if (detail && variants.length > 1 && variants.some((v) => v.in_stock)) setChoosing(detail);
      else await navigate(product.url);
    } finally {
      setBusy(false);
    }
  };

  const choose = (variantId: number) => {
    // The sheet closes first, so focus is back on this button when the bag opens (and returns here after).
    setChoosing(null);
    void addToBag(variantId, 1);
  };

  return (
    <>
      {/* Not disabled while busy: a disabled button drops focus, which the sheet and the bag give back to.
          Without the page's scripts it could do nothing: hidden, the card's link leads to the product's own form. */}
      <button
        type="button"
        onClick={() => void add()}
        aria-busy={busy || undefined}
        aria-haspopup={product.from ? 'dialog' : undefined}
        aria-label={m.bagui_add_named({ name: product.name })}
        title={m.add_to_bag()}
        data-testid="card-add-to-bag"
        className={`relative z-10 flex size-9 items-center justify-center rounded-full bg-white text-ink shadow-md ring-1 ring-black/5 transition hover:bg-brand hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand aria-busy:opacity-60 ${SCRIPTED} ${className}`}
      >
        <BagIcon size={18} />
        <span
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 flex size-4 items-center justify-center rounded-full bg-brand text-[11px] font-bold leading-none text-white"
        >
          +
        </span>
      </button>
      {choosing ? (
        <Suspense fallback={null}>
          <VariantSheet card={product} product={choosing} onClose={() => setChoosing(null)} onChoose={choose} />
        </Suspense>
      ) : null}
    </>
  );
}
