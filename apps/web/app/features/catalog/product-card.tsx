import { Link } from 'react-router';
import type { ProductCard as ProductCardData } from '@store/shared/catalog';
import { CardAddButton } from '../cart/card-add-button';
import { perfumeTypeLabel } from './perfume-type';
import { cardPrice, type CardContext } from './price';
import { PriceLine } from './price-line';
import { NoPicture, ProductPicture } from './product-picture';
import { RatingStars } from './rating-stars';
import * as m from '@store/shared/i18n/messages';

type Props = {
  product: ProductCardData;
  /** Home sliders honour max_discount.show_on_homepage; listings always show the badge. */
  context?: CardContext;
  /** Cards in the first visible row load their picture at once. */
  eager?: boolean;
  /** The card's rendered width, e.g. '(min-width: 1024px) 240px, 45vw'. */
  sizes?: string;
  headingLevel?: 'h2' | 'h3';
  /**
   * In a slider's row: the lines any card of the row shows, which this card keeps room for when it
   * has nothing there, and a price kept to one line. Every card of the row is then as tall as the
   * tallest, whichever of them the browser has rendered (cards off screen are not rendered).
   */
  row?: RowLines;
};

/** The optional lines some card of a row has. */
export type RowLines = { perfume: boolean; rating: boolean };

/** What a row of these products needs room for. */
export function rowLines(products: readonly ProductCardData[]): RowLines {
  return {
    perfume: products.some((p) => perfumeTypeLabel(p.tags) !== null),
    rating: products.some((p) => p.review_count > 0),
  };
}

/**
 * The product card of sliders, listings and search (SPEC §2): brand, name, perfume type, 'From'
 * when variants differ, discounted and struck-through price, 'Up to -N%', stock and stars. The
 * whole card is one link (the name's, stretched), so a screen reader hears each product once.
 */
export function ProductCard({
  product,
  context = 'listing',
  eager = false,
  sizes = '(min-width: 1024px) 260px, 45vw',
  headingLevel = 'h3',
  row,
}: Props) {
  const price = cardPrice(product, context);
  const perfume = perfumeTypeLabel(product.tags);
  const rated = product.review_count > 0;
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col" data-testid="product-card">
      <div className="relative overflow-hidden rounded-xl bg-neutral-50 ring-1 ring-black/[0.04]">
        {product.image ? (
          <ProductPicture
            image={product.image}
            alt={product.image.alt || product.name}
            sizes={sizes}
            eager={eager}
            className={`aspect-square w-full object-cover transition duration-300 group-hover:scale-[1.03] ${product.in_stock ? '' : 'opacity-60'}`}
          />
        ) : (
          <NoPicture label={product.name} className="w-full" />
        )}
        {price.badge && (
          <span
            className="absolute left-2 top-2 rounded-full bg-brand px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white"
            data-testid="sale-badge"
          >
            {price.badge}
          </span>
        )}
        {!product.in_stock && (
          <span className="absolute inset-x-2 bottom-2 rounded-md bg-white/95 py-1 text-center text-xs font-semibold text-ink shadow-sm">
            {m.out_of_stock()}
          </span>
        )}
        {product.in_stock && (
          <div className="absolute bottom-2 right-2 z-10">
            <CardAddButton product={product} />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 px-0.5 pt-2.5">
        <p className="truncate text-[11px] font-semibold uppercase tracking-[0.08em] text-muted">{product.brand.name}</p>
        <Heading className="line-clamp-2 min-h-[2.5rem] text-sm leading-5 text-ink">
          <Link
            to={product.url}
            prefetch="intent"
            className="outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand"
          >
            {product.name}
          </Link>
        </Heading>
        {/* A line the row has and this card has not is drawn unseen (and unheard): exactly its height. */}
        {(perfume || row?.perfume) && (
          <p className={`truncate text-[11px] font-medium ${perfume ? 'text-brand-dark' : 'invisible'}`}>{perfume ?? '\u00a0'}</p>
        )}
        <div className="mt-auto flex flex-col gap-1 pt-1">
          {(rated || row?.rating) && (
            <RatingStars value={product.rating} count={product.review_count} className={`text-xs ${rated ? '' : 'invisible'}`} />
          )}
          <PriceLine view={price} className="text-[15px]" oneLine={row !== undefined} />
        </div>
      </div>
    </article>
  );
}
