import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ProductCard as ProductCardData } from '@store/shared/catalog';
import { ProductCard } from '../catalog/product-card';
import { removeFromWishlist } from '../wishlist/wishlist-store';
import { EmptyState } from './empty-state';
import * as m from '@store/shared/i18n/messages';

export function WishlistTab({ products }: { products: ProductCardData[] }) {
  const revalidator = useRevalidator();
  const [removing, setRemoving] = useState<number | null>(null);
  if (products.length === 0) {
    return <EmptyState title={m.account_wishlist_empty_title()} text={m.account_wishlist_empty_text()} />;
  }
  return (
    <ul className="grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 xl:grid-cols-4" data-testid="wishlist-list">
      {products.map((p) => (
        <li key={p.id} className="relative">
          <ProductCard product={p} sizes="(min-width: 1024px) 220px, 45vw" />
          <button
            type="button"
            disabled={removing === p.id}
            aria-label={m.account_wishlist_remove_named({ name: p.name })}
            onClick={async () => {
              setRemoving(p.id);
              if (await removeFromWishlist(p.id)) await revalidator.revalidate();
              setRemoving(null);
            }}
            className="absolute right-2 top-2 z-10 inline-flex size-9 items-center justify-center rounded-full bg-white text-lg text-ink shadow ring-1 ring-line hover:text-brand focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50"
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
