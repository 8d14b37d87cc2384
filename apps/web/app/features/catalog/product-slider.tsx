import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import type { ProductCard as ProductCardData } from '@store/shared/catalog';
import type { CardContext } from './price';
import { ProductCard, rowLines } from './product-card';
import { SliderButtons } from './slider-buttons';
import { useScroller } from './use-scroller';
import { HydrateSeparately } from '../../preact/hydrate-separately';
import * as m from '@store/shared/i18n/messages';

type Props = {
  title: string;
  products: ProductCardData[];
  context: CardContext;
  /** 'View all' link. */
  href?: string;
  /** The first slider on a page loads its first pictures at once. */
  eager?: boolean;
};

/**
 * Cards an eager slider loads at once: the two a phone shows beside the hero. On desktop the first
 * slider sits below the fold, and the hero's picture must not share the bandwidth.
 */
const EAGER_CARDS = 2;

/**
 * A card off screen is not styled, laid out or painted until it comes on screen: a phone shows two
 * of a row's ten or so, and a home's rows all lie near enough to the screen to be rendered at once
 * otherwise (docs/performance.md, "Cards off screen"). The row's first card is always rendered and
 * every card of a row keeps room for the same lines (`rowLines`), so the row is as tall as its
 * cards whichever are rendered: a card that renders as the row is swiped or scrolled to never moves
 * what is below. The size given is only a floor (the cards are stretched to the row's height).
 */
const OFF_SCREEN_UNRENDERED = '[contain-intrinsic-size:auto_10rem] [content-visibility:auto]';

/** A horizontally scrollable row of product cards: CSS scroll-snap, prev/next buttons on desktop. */
export function ProductSlider(props: Props) {
  if (props.products.length === 0) return null;
  // Hydrated in a task of its own (a row of cards is a good share of a page's hydration).
  return (
    <HydrateSeparately>
      <Slider {...props} />
    </HydrateSeparately>
  );
}

function Slider({ title, products, context, href, eager = false }: Props) {
  const id = useId();
  const { ref, atStart, atEnd, scrollByPage } = useScroller<HTMLUListElement>();
  // The same elements whatever the prev/next buttons' state: the row's edges, first read right after
  // the slider is hydrated, must not render the cards again, which would hydrate every card still
  // waiting for its turn in that one task.
  const cards = useMemo(() => {
    const row = rowLines(products);
    return products.map((p, i) => (
      // Each card in a task of its own too: a row of ten is too long a task for a slow phone.
      <HydrateSeparately key={p.id}>
        <li
          className={`w-[calc((100%-0.75rem)/2.2)] shrink-0 snap-start sm:w-[calc((100%-1.5rem)/3.3)] lg:w-[calc((100%-5rem)/5)] ${i === 0 ? '' : OFF_SCREEN_UNRENDERED}`}
        >
          <ProductCard
            product={p}
            context={context}
            eager={eager && i < EAGER_CARDS}
            sizes="(min-width: 1280px) 240px, (min-width: 1024px) 19vw, (min-width: 640px) 30vw, 44vw"
            row={row}
          />
        </li>
      </HydrateSeparately>
    ));
  }, [products, context, eager]);
  return (
    <section
      aria-labelledby={id}
      // Sliders further down are laid out, painted and given their pictures only as they near the
      // screen, so the first paint and the hero's picture do not wait for them (the size is a guess
      // until the first layout; then the browser remembers the real one).
      className={`mx-auto w-full max-w-7xl px-4 lg:px-8 ${eager ? '' : '[contain-intrinsic-size:auto_22rem] [content-visibility:auto] lg:[contain-intrinsic-size:auto_30rem]'}`}
      data-testid="product-slider"
    >
      <div className="mb-3 flex items-end justify-between gap-4 lg:mb-4">
        <h2 id={id} className="text-lg font-semibold tracking-tight text-ink lg:text-2xl">
          {title}
        </h2>
        <div className="flex items-center gap-4">
          {href && (
            <Link to={href} className="text-sm font-medium text-brand underline-offset-4 hover:underline">
              {m.slider_view_all()}
              <span className="sr-only"> {title}</span>
            </Link>
          )}
          <SliderButtons label={title} atStart={atStart} atEnd={atEnd} onScroll={scrollByPage} />
        </div>
      </div>
      <ul
        ref={ref}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:none] lg:mx-0 lg:scroll-px-0 lg:gap-5 lg:px-0 [&::-webkit-scrollbar]:hidden"
      >
        {cards}
      </ul>
    </section>
  );
}
