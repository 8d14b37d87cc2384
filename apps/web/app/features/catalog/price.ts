import type { ProductCard, ProductVariant } from '@store/shared/catalog';
import { formatDigits, formatTaka } from '../../lib/format';
import * as m from '@store/shared/i18n/messages';

/** What a price line shows: 'From' or not, the price to pay, the struck-through regular price, the badge. */
export type PriceView = {
  from: boolean;
  /** The price to pay, formatted (৳1,250). */
  current: string;
  /** The regular price struck through, only when the shopper pays less than it. */
  regular: string | null;
  /** 'Up to -N%' on cards, '-N%' for a chosen variant; null when there is nothing to show. */
  badge: string | null;
};

/** Where a card is shown: the home sliders honour max_discount.show_on_homepage. */
export type CardContext = 'home' | 'listing';

export function saleBadge(percent: number): string | null {
  return percent > 0 ? m.price_up_to({ percent: formatDigits(String(percent)) }) : null;
}

export function cardPrice(
  card: Pick<ProductCard, 'price' | 'discounted_price' | 'from' | 'max_discount'>,
  context: CardContext,
): PriceView {
  const showBadge = context === 'listing' || card.max_discount.show_on_homepage;
  return {
    from: card.from,
    current: formatTaka(card.discounted_price),
    regular: card.discounted_price < card.price ? formatTaka(card.price) : null,
    badge: showBadge ? saleBadge(card.max_discount.value) : null,
  };
}

/** The price of the variant the shopper chose on the product page. */
export function variantPrice(variant: Pick<ProductVariant, 'price' | 'discounted_price' | 'discount'>, showDiscount: boolean): PriceView {
  const discounted = variant.discounted_price < variant.price;
  return {
    from: false,
    current: formatTaka(variant.discounted_price),
    regular: discounted ? formatTaka(variant.price) : null,
    badge: discounted && showDiscount && variant.discount > 0 ? `-${formatDigits(String(variant.discount))}%` : null,
  };
}
