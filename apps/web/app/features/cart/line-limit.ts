import { MAX_LINE_QUANTITY } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { formatCount } from '../../lib/format';
import { useRootData } from '../../lib/root-data';

/** The most one bag line (or one 'Add to bag') may hold: the stock left, and never more than 6 (SPEC §5). */
export function maxQuantity(stock: number): number {
  return Math.max(0, Math.min(MAX_LINE_QUANTITY, stock));
}

export const onlyLeft = (stock: number) => m.bagui_only_left({ count: formatCount(stock) });
export const outOfStock = () => m.out_of_stock();

export type QuantityLimit = {
  max: number;
  /** '+' may not add another. */
  atLimit: boolean;
  /** What stops '+' at `max`: the stock left, or the limit of 6. */
  by: 'stock' | 'limit';
  /** Why '+' stopped, while it is stopped: how many are left, or the limit of 6 and whom to call. */
  reason: string | null;
};

/**
 * The rule the bag's '+' and the product page's quantity picker share: '+' stops at the stock left
 * or at 6, whichever comes first (the API refuses beyond either), and says which one stopped it.
 */
export function quantityLimit(quantity: number, stock: number, supportPhone: string): QuantityLimit {
  const max = maxQuantity(stock);
  const atLimit = quantity >= max;
  const byStock = stock <= MAX_LINE_QUANTITY;
  return {
    max,
    atLimit,
    by: byStock ? 'stock' : 'limit',
    reason: !atLimit
      ? null
      : byStock
        ? stockLeft(stock)
        : m.bagui_per_item_limit({ max: formatCount(MAX_LINE_QUANTITY), contact: messages.biggerPurchase(supportPhone) }),
  };
}

const stockLeft = (stock: number) => (stock <= 0 ? outOfStock() : onlyLeft(stock));

/** Whether a variant says how few are left: fewer units than the stock warning threshold (a setting). */
export const stockIsLow = (stock: number, threshold: number) => stock < threshold;

/** 'Only N left' (or 'Out of stock') while the stock is low, whether or not '+' has stopped; null otherwise. */
export function lowStockNote(stock: number, threshold: number): string | null {
  return stockIsLow(stock, threshold) ? stockLeft(stock) : null;
}

/**
 * The stock warning threshold as the public config gives it now (the back office sets it). Without
 * the root's data (the bare error page, which shows no products) nothing is called low.
 */
export function useStockWarning(): number {
  return useRootData()?.contact.stock_warning_threshold ?? 0;
}
