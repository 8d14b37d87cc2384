import type { SearchSort } from '@store/shared/search';
import { PAGE_SIZE, type DepartmentKey } from '@store/shared/constants';
import { departmentLabel, DEPARTMENTS } from './departments';
import * as m from '@store/shared/i18n/messages';

/**
 * The query keys the listing owns and sends to the API. The filter form renders controls for all but
 * collection and page; any other key in the URL (e.g. search=) is carried along untouched.
 */
export const LISTING_KEYS = [
  'department',
  'brand',
  'category',
  'collection',
  'price_min',
  'price_max',
  'on_sale',
  'in_stock',
  'sort',
  'page',
] as const;
/** The keys the filter form has controls for; the others in the URL ride along as hidden inputs. */
export const FORM_KEYS = ['department', 'brand', 'category', 'price_min', 'price_max', 'on_sale', 'in_stock', 'sort'] as const;
const DEFAULTS: Record<string, string> = { sort: 'newest', page: '1' };

/** Search results (a `search` key in the URL) sort by relevance unless told otherwise; listings by newest. */
export function defaultSort(search: URLSearchParams): SearchSort {
  return search.has('search') ? 'relevance' : 'newest';
}

// The sort keys come from these labels, not from @store/shared/search or /catalog: importing a value
// from those modules would pull zod into the page's JavaScript.
export const SORT_LABELS: Record<SearchSort, () => string> = {
  relevance: m.sort_relevance,
  newest: m.sort_newest,
  price_asc: m.sort_price_asc,
  price_desc: m.sort_price_desc,
  top_rated: m.sort_top_rated,
};

/** What the listing is pinned to by its route: a section prefix fixes the department, a brand page the brand. */
export type ListingScope = { department?: DepartmentKey; brand?: string };

/** The filter form's current values, read leniently from the URL (the API judges validity). */
export type ListingState = {
  department: string;
  brands: string[];
  category: string;
  price_min: string;
  price_max: string;
  on_sale: boolean;
  in_stock: boolean;
  sort: SearchSort;
  page: number;
};

const isTrue = (v: string | null) => v === 'true' || v === '1' || v === 'on';

export function readListingState(search: URLSearchParams): ListingState {
  const sort = search.get('sort');
  const page = Number(search.get('page'));
  return {
    department: search.get('department') ?? '',
    brands: [
      ...new Set(
        search
          .getAll('brand')
          .flatMap((b) => b.split(','))
          .map((b) => b.trim())
          .filter(Boolean),
      ),
    ],
    category: search.get('category') ?? '',
    price_min: search.get('price_min') ?? '',
    price_max: search.get('price_max') ?? '',
    on_sale: isTrue(search.get('on_sale')),
    in_stock: isTrue(search.get('in_stock')),
    sort:
      Object.hasOwn(SORT_LABELS, sort ?? '') && (sort !== 'relevance' || search.has('search')) ? (sort as SearchSort) : defaultSort(search),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * The URL's query in its one canonical form: empty values and defaults dropped, brands deduplicated,
 * checkbox 'on' as 'true'. A GET form without JS submits the raw form; with JS the page navigates
 * straight to this, and the server renders the same page either way.
 */
export function cleanListingParams(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, raw] of search) {
    const value = raw.trim();
    if (value === '') continue;
    if (key === 'brand') {
      for (const b of value.split(',').map((s) => s.trim())) if (b && !out.getAll('brand').includes(b)) out.append('brand', b);
    } else if (!(LISTING_KEYS as readonly string[]).includes(key)) {
      out.append(key, value);
    } else if (out.has(key) || (key === 'sort' ? defaultSort(search) : DEFAULTS[key]) === value) {
      continue;
    } else if (key === 'on_sale' || key === 'in_stock') {
      if (value !== 'false' && value !== '0') out.set(key, isTrue(value) ? 'true' : value);
    } else {
      out.set(key, value);
    }
  }
  return out;
}

export function listingHref(basePath: string, search: URLSearchParams): string {
  const qs = cleanListingParams(search).toString();
  return qs ? `${basePath}?${qs}` : basePath;
}

/** The link to another page of the same results. */
export function pageHref(basePath: string, search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  next.set('page', String(page));
  return listingHref(basePath, next);
}

/** The URL without a filter (or one brand of several): the 'remove' link of an active filter chip. */
export function withoutFilter(basePath: string, search: URLSearchParams, key: string | readonly string[], value?: string): string {
  const next = cleanListingParams(search);
  if (key === 'brand' && value !== undefined) {
    const rest = next.getAll('brand').filter((b) => b !== value);
    next.delete('brand');
    for (const b of rest) next.append('brand', b);
  } else for (const k of typeof key === 'string' ? [key] : key) next.delete(k);
  next.delete('page');
  return listingHref(basePath, next);
}

/**
 * The API query (GET /products/?…) for a listing URL. Values pass through as typed so the API's
 * validation answers a bad link with 400 and its fields; the route's scope overrides the URL.
 */
export function apiListingQuery(search: URLSearchParams, scope: ListingScope = {}): string {
  const clean = cleanListingParams(search);
  const out = new URLSearchParams();
  for (const key of LISTING_KEYS) {
    if (key === 'brand') {
      const brands = clean.getAll('brand');
      if (scope.brand !== undefined) out.set('brand', scope.brand);
      else if (brands.length) out.set('brand', brands.join(','));
      continue;
    }
    if (key === 'department') {
      if (scope.department !== undefined) out.set('department', scope.department);
      else {
        const value = clean.get('department');
        // The URL says department=beauty; the API's beauty key is the empty string.
        if (value !== null) out.set('department', DEPARTMENTS.find((d) => d.param === value)?.key ?? value);
      }
      continue;
    }
    const value = clean.get(key);
    if (value !== null) out.set(key, value);
  }
  out.set('page_size', String(PAGE_SIZE));
  return out.toString();
}

/** Page numbers to show: first, last, and a window around the current one; null marks a gap. */
export function pageWindow(current: number, total: number, radius = 1): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= total; p++) {
    if (p === 1 || p === total || Math.abs(p - current) <= radius) pages.push(p);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

/** The URL's values the filter form has no control for (collection, search…): kept as hidden inputs. */
export function carriedParams(search: URLSearchParams): [string, string][] {
  return [...cleanListingParams(search)].filter(([key]) => key !== 'page' && !(FORM_KEYS as readonly string[]).includes(key));
}

/** How many filters are on (the 'Filter (n)' count): each brand counts, sort and page do not. */
export function activeFilterCount(state: ListingState, scope: ListingScope = {}): number {
  return (
    (scope.department === undefined && state.department ? 1 : 0) +
    (scope.brand === undefined ? state.brands.length : 0) +
    (state.category ? 1 : 0) +
    (state.price_min || state.price_max ? 1 : 0) +
    (state.on_sale ? 1 : 0) +
    (state.in_stock ? 1 : 0)
  );
}

/**
 * A listing's heading, saying what it shows: a collection by its title ('On sale', 'Member deals'),
 * products on sale as such ('Toys on sale'), else all products of the department in view. The
 * department is the section's, else the URL's department=….
 */
export function listingHeading(
  department: DepartmentKey | undefined,
  search: URLSearchParams,
  collection: { title: string } | null | undefined,
): string {
  if (collection) return collection.title;
  const param = search.get('department');
  const key = department ?? DEPARTMENTS.find((d) => d.param === param)?.key;
  const label = key === undefined ? null : departmentLabel(key);
  if (readListingState(search).on_sale) return label ? m.listing_heading_department_on_sale({ department: label }) : m.listing_on_sale();
  return label ? m.listing_heading_department({ department: label.toLowerCase() }) : m.listing_heading_all();
}
