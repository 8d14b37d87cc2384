import type { ReactNode } from 'react';
import { Link, useNavigation } from 'react-router';
import type { ApiErrorBody } from '@store/shared/api';
import type { ProductCard as ProductCardData, ProductListResponse } from '@store/shared/catalog';
import { DEPARTMENTS } from './departments';
import { FilterButton, humanize, ListingFilters, SortSelect } from './listing-filters';
import { activeFilterCount, defaultSort, readListingState, SORT_LABELS, withoutFilter, type ListingScope } from './listing-query';
import { Pagination } from './pagination';
import { ProductCard } from './product-card';
import { HydrateSeparately } from '../../preact/hydrate-separately';
import { unlocalizedPath } from '@store/shared/locale';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatDigits } from '../../lib/format';

/** Cards in the first row (two on phones, four on desktop) load their pictures at once. */
const EAGER_CARDS = 4;

/** The products; `busy` while the next filter, sort or page is loading (dimmed, and said so to screen readers). */
export function ProductGrid({ products, busy = false }: { products: ProductCardData[]; busy?: boolean }) {
  // Hydrated in a task of its own: a page of cards is most of a listing's hydration.
  return (
    <HydrateSeparately>
      <ul
        className={`grid grid-cols-2 gap-x-3 gap-y-7 transition-opacity sm:grid-cols-3 lg:gap-x-5 xl:grid-cols-4 ${busy ? 'opacity-60' : ''}`}
        aria-busy={busy}
        data-testid="product-grid"
      >
        {products.map((p, i) => (
          // Each card in a task of its own too: a page of 24 is too long a task for a slow phone.
          <HydrateSeparately key={p.id}>
            <li>
              <ProductCard product={p} eager={i < EAGER_CARDS} sizes="(min-width: 1280px) 232px, (min-width: 640px) 30vw, 46vw" />
            </li>
          </HydrateSeparately>
        ))}
      </ul>
    </HydrateSeparately>
  );
}

const FILTER_NAMES: Record<string, string> = {
  department: 'department',
  brand: 'brand',
  category: 'category',
  collection: 'collection',
  price_min: 'minimum price',
  price_max: 'maximum price',
  on_sale: 'on sale',
  in_stock: 'in stock',
  sort: 'sort',
  page: 'page',
};

/** 'price_min', 'sort' → 'minimum price, sort': the API's field names as a shopper reads them. */
function filterNames(fields: string[]): string {
  return [...new Set(fields.map((f) => FILTER_NAMES[f] ?? 'a filter'))].join(', ');
}

type Chip = { label: string; href: string };

function activeChips(basePath: string, search: URLSearchParams, list: ProductListResponse | null, scope: ListingScope): Chip[] {
  const state = readListingState(search);
  const chips: Chip[] = [];
  const label = (facets: { value: string; label: string }[] | undefined, value: string) =>
    facets?.find((f) => f.value === value)?.label ?? humanize(value);
  if (scope.department === undefined && state.department) {
    chips.push({
      label: DEPARTMENTS.find((d) => d.param === state.department)?.label() ?? state.department,
      href: withoutFilter(basePath, search, 'department'),
    });
  }
  if (scope.brand === undefined)
    for (const b of state.brands) chips.push({ label: label(list?.facets.brands, b), href: withoutFilter(basePath, search, 'brand', b) });
  if (state.category)
    chips.push({ label: label(list?.facets.categories, state.category), href: withoutFilter(basePath, search, 'category') });
  const collection = search.get('collection');
  if (collection) chips.push({ label: humanize(collection), href: withoutFilter(basePath, search, 'collection') });
  if (state.price_min || state.price_max) {
    const min = `৳${formatDigits(String(state.price_min || 0))}`;
    chips.push({
      label: state.price_max ? `${min} – ৳${formatDigits(String(state.price_max))}` : m.listing_price_from({ min }),
      href: withoutFilter(basePath, search, ['price_min', 'price_max']),
    });
  }
  if (state.on_sale) chips.push({ label: m.listing_on_sale(), href: withoutFilter(basePath, search, 'on_sale') });
  if (state.in_stock) chips.push({ label: m.listing_in_stock(), href: withoutFilter(basePath, search, 'in_stock') });
  return chips;
}

type Props = {
  basePath: string;
  search: URLSearchParams;
  /** A search's answer says when more matched than it counted (count_capped). */
  list: (ProductListResponse & { count_capped?: boolean }) | null;
  /** The API's 400 for a link it could not read: shown as plain words with a way out. */
  error: ApiErrorBody['error'] | null;
  /** What the page did with values of the link it could not use, one line each. */
  notices?: readonly string[];
  scope?: ListingScope;
  heading: ReactNode;
  /** Text under the heading (a brand's description). */
  intro?: ReactNode;
};

/** The listing page body: heading, filters, toolbar, active filters, grid, empty state and pages. */
export function ListingView({ basePath, search, list, error, notices = [], scope = {}, heading, intro }: Props) {
  const navigation = useNavigation();
  const state = readListingState(search);
  const count = list?.count ?? 0;
  const shown = formatCount(count);
  const counted = list?.count_capped
    ? m.listing_count_capped({ count: shown })
    : (count === 1 ? m.listing_count_one : m.listing_count_other)({ count: shown });
  const chips = activeChips(basePath, search, list, scope);
  const clearHref = [...search.keys()].some((k) => k === 'search')
    ? `${basePath}?search=${encodeURIComponent(search.get('search') ?? '')}`
    : basePath;
  return (
    <main className="mx-auto max-w-7xl px-4 pt-4 pb-16 lg:px-8 lg:pt-6">
      <header className="mb-5 lg:mb-8">
        {heading}
        {intro}
      </header>
      <div className="lg:flex lg:items-start lg:gap-10">
        {/* The filters (every facet's choices, twice: the sidebar and the phone's sheet) in a task of their own. */}
        <HydrateSeparately>
          <ListingFilters basePath={basePath} search={search} facets={list?.facets ?? null} scope={scope} count={count} />
        </HydrateSeparately>
        <section aria-labelledby="listing-products-title" className="min-w-0 flex-1">
          <h2 id="listing-products-title" className="sr-only">
            {m.listing_products()}
          </h2>
          <div className="mb-4 flex items-center justify-between gap-3">
            <FilterButton active={activeFilterCount(state, scope)} />
            <p className="text-sm text-muted max-lg:hidden" role="status" data-testid="result-count">
              {counted}
            </p>
            <SortSelect value={state.sort} />
          </div>
          <p className="mb-3 text-sm text-muted lg:hidden" data-testid="result-count-mobile">
            {counted}
            {state.sort !== defaultSort(search) ? ` · ${SORT_LABELS[state.sort]()}` : ''}
          </p>
          {chips.length > 0 && (
            <ul className="mb-5 flex flex-wrap gap-2" aria-label={m.listing_active_filters()}>
              {chips.map((c) => (
                <li key={c.href + c.label}>
                  <Link
                    to={c.href}
                    preventScrollReset
                    className="inline-flex items-center gap-1.5 rounded-full bg-brand-soft py-1.5 pr-2.5 pl-3 text-xs font-medium text-brand-dark hover:bg-brand hover:text-white"
                  >
                    {c.label}
                    <span aria-hidden="true">×</span>
                    <span className="sr-only">{m.listing_remove_filter()}</span>
                  </Link>
                </li>
              ))}
              <li>
                <Link to={clearHref} className="inline-flex py-1.5 text-xs font-medium text-ink underline underline-offset-4">
                  {m.listing_clear_all()}
                </Link>
              </li>
            </ul>
          )}
          {notices.length > 0 && (
            <ul
              role="status"
              className="mb-5 flex flex-col gap-1 rounded-xl bg-amber-50 px-4 py-3 text-sm leading-5 break-words text-ink"
              data-testid="listing-notices"
            >
              {notices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          )}
          {error ? (
            <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 px-6 py-8 text-center" data-testid="listing-error">
              <p className="text-base font-semibold text-ink">{m.listing_bad_filters()}</p>
              {/* The field names only, in words: the API's messages are written for developers. */}
              {error.fields && (
                <p className="mt-2 text-sm text-ink">{m.listing_check_fields({ fields: filterNames(Object.keys(error.fields)) })}</p>
              )}
              <Link to={clearHref} className="mt-5 inline-flex rounded-full bg-ink px-5 py-2.5 text-sm font-semibold text-white">
                {m.listing_show_all()}
              </Link>
            </div>
          ) : list && list.results.length > 0 ? (
            <>
              <ProductGrid
                products={list.results}
                busy={navigation.state === 'loading' && unlocalizedPath(navigation.location.pathname) === basePath}
              />
              <Pagination basePath={basePath} search={search} page={list.page} pageSize={list.page_size} count={list.count} />
            </>
          ) : (
            <div className="rounded-2xl bg-neutral-50 px-6 py-14 text-center" data-testid="listing-empty">
              <p className="text-base font-semibold text-ink">{m.listing_no_match()}</p>
              <p className="mt-1 text-sm text-muted">{m.listing_no_match_hint()}</p>
              {chips.length > 0 && (
                <Link to={clearHref} className="mt-5 inline-flex rounded-full bg-ink px-5 py-2.5 text-sm font-semibold text-white">
                  {m.listing_clear_all_filters()}
                </Link>
              )}
            </div>
          )}
        </section>
      </div>
    </main>
  );
}
