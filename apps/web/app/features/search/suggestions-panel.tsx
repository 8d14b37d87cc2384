import { Link } from 'react-router';
import { formatTaka } from '../../lib/format';
import * as messages from '@store/shared/messages';
import type { SuggestionsResponse } from '@store/shared/search';
import * as m from '@store/shared/i18n/messages';

type Props = {
  listId: string;
  optionId: (i: number) => string;
  data: SuggestionsResponse;
  active: number;
  variant: 'desktop' | 'mobile';
  /** Where 'Total Search (n)' leads: the results page, or where a redirect word points. */
  resultsUrl: string;
  onHover: (i: number) => void;
  /** A link of the panel was followed: close it (the link itself navigates). */
  onLeave: () => void;
};

/**
 * The suggestion list under the search box: a listbox of product links whose options the input drives
 * (aria-activedescendant keeps focus in the input), then 'Total Search (n)' or the empty-result message.
 */
export default function SuggestionsPanel({ listId, optionId, data, active, variant, resultsUrl, onHover, onLeave }: Props) {
  return (
    <div
      className={`absolute top-full right-0 left-0 z-50 mt-2 overflow-hidden rounded-2xl border border-line bg-white text-left shadow-[0_12px_32px_rgba(0,0,0,0.14)] ${variant === 'desktop' ? 'min-w-[22rem]' : ''}`}
      data-testid="search-suggestions"
    >
      <div id={listId} role="listbox" aria-label={m.search_suggestions()} className={data.results.length ? 'py-1.5' : 'hidden'}>
        {data.results.map((s, i) => (
          // Each option is the product's link itself (ARIA allows role=option on a link): a long press
          // or a middle click opens it in a new tab, while focus and the keyboard stay in the input.
          <Link
            key={s.id}
            to={s.url}
            id={optionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => i !== active && onHover(i)}
            onClick={onLeave}
            className={`flex items-center gap-3 px-3 py-2 ${i === active ? 'bg-brand-soft' : ''}`}
          >
            {s.image ? (
              <img src={s.image.mobile} alt="" width={44} height={44} className="size-11 shrink-0 rounded-lg bg-neutral-100 object-cover" />
            ) : (
              <span className="size-11 shrink-0 rounded-lg bg-brand-soft" aria-hidden="true" />
            )}
            <span className="min-w-0 flex-1">
              <span className="block truncate text-xs text-muted">{s.brand}</span>
              <span className="block truncate text-sm font-medium text-ink">{s.name}</span>
            </span>
            <span className="shrink-0 text-right text-sm font-semibold text-ink">
              {formatTaka(s.discounted_price)}
              {s.discounted_price < s.price && (
                <s className="block text-xs font-normal text-muted">
                  <span className="sr-only">{m.price_regular_sr()} </span>
                  {formatTaka(s.price)}
                </s>
              )}
            </span>
          </Link>
        ))}
      </div>
      {data.count > 0 ? (
        <Link
          to={resultsUrl}
          onClick={onLeave}
          className="block border-t border-line px-4 py-3 text-center text-sm font-semibold text-brand-dark hover:bg-brand-soft focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand"
        >
          {messages.totalSearch(data.count, data.count_capped)}
        </Link>
      ) : (
        <p className="px-4 py-4 text-sm text-muted" data-testid="search-empty">
          {data.message}
        </p>
      )}
    </div>
  );
}
