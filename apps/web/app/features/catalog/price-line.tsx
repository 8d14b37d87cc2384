import type { PriceView } from './price';
import * as m from '@store/shared/i18n/messages';

/** 'From ৳1,200 ৳1,500' with the regular price struck through; the sizes scale with the caller's text size. */
export function PriceLine({ view, className = '' }: { view: PriceView; className?: string }) {
  return (
    <p className={`flex flex-wrap items-baseline gap-x-1.5 ${className}`} data-testid="price">
      {view.from && <span className="text-[0.8em] text-muted">{m.price_from()}</span>}
      <span className={`font-semibold ${view.regular ? 'text-brand' : 'text-ink'}`} data-testid="price-current">
        {view.current}
      </span>
      {view.regular && (
        <s className="text-[0.8em] text-muted" data-testid="price-regular">
          <span className="sr-only">{m.price_regular()}</span>
          {view.regular}
        </s>
      )}
    </p>
  );
}
