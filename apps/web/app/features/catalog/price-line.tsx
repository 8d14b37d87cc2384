import type { PriceView } from './price';
import * as m from '@store/shared/i18n/messages';

/**
 * 'From ৳1,200 ৳1,500' with the regular price struck through; the sizes scale with the caller's text
 * size. On one line (`oneLine`), a regular price that does not fit ends in an ellipsis instead of
 * wrapping (a slider's cards keep one height; the price and 'From' are never cut).
 */
export function PriceLine({ view, className = '', oneLine = false }: { view: PriceView; className?: string; oneLine?: boolean }) {
  return (
    <p className={`flex items-baseline gap-x-1.5 ${oneLine ? 'whitespace-nowrap' : 'flex-wrap'} ${className}`} data-testid="price">
      {view.from && <span className="shrink-0 text-[0.8em] text-muted">{m.price_from()}</span>}
      <span className={`shrink-0 font-semibold ${view.regular ? 'text-brand' : 'text-ink'}`} data-testid="price-current">
        {view.current}
      </span>
      {view.regular && (
        <s className={`text-[0.8em] text-muted ${oneLine ? 'min-w-0 truncate' : ''}`} data-testid="price-regular">
          <span className="sr-only">{m.price_regular()}</span>
          {view.regular}
        </s>
      )}
    </p>
  );
}
