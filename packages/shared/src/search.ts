import { z } from 'zod';
// First, so zod is set up for the browser (no compiled parsers) before this module builds a schema.
import './input.js';
import {
  ImageSchema,
  ProductCardSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
  SORTS,
  type ProductListQuery,
} from './catalog.js';
import { DEPARTMENT_KEYS } from './constants.js';
import { normalizeSearchTerm } from './search-terms.js';

export { normalizeSearchTerm, SEARCH_TERM_MAX_LENGTH, searchResultsPath, searchResultsUrl } from './search-terms.js';

/** At most this many suggestions per request (the box asks for 5 on desktop, 3 on phones). */
export const SEARCH_SUGGESTIONS_MAX = 10;
/**
 * A search reads at most this many of a term's matches (its window) to count, facet, sort and rank:
 * a term that matches more ('ser' in a 100,000-product catalog) costs no more than one that matches
 * this many, and says so ('Total Search (100+)', '1000+ products'). The search box's window is
 * smaller (it shows five); the results page's is 42 pages of 24. Within the window, a sort by
 * price, date or rating takes the first matches in that order, so its first pages are exact; by
 * relevance, the first matches the index yields are ranked.
 */
export const SEARCH_SUGGESTIONS_WINDOW = 100;
export const SEARCH_RESULTS_WINDOW = 1_000;
/** Popular products offered when a search finds nothing. */
export const SEARCH_FALLBACK_PRODUCTS = 8;

/** A query parameter that never fails validation: repeated values keep the first, anything is normalised. */
export const SearchTermSchema = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().max(10_000).transform(normalizeSearchTerm));

/** The search results sort: relevance first, then the listing's sorts. */
export const SEARCH_SORTS = ['relevance', ...SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

const { sort: _listingSort, ...listingShape } = ProductListQuerySchema.shape;

/**
 * GET /products/ takes the listing's query plus `search`. With `search` the answer is a search
 * (sorted by relevance unless a sort is chosen); without it, the plain listing.
 */
export const ProductsQuerySchema = z
  .object({ ...listingShape, search: SearchTermSchema.optional(), sort: z.enum(SEARCH_SORTS).optional() })
  .refine((q) => q.price_min === undefined || q.price_max === undefined || q.price_min <= q.price_max, {
    message: 'Minimum price must not exceed maximum price',
    path: ['price_min'],
  });
export type ProductsQuery = z.infer<typeof ProductsQuerySchema>;
export type SearchQuery = Omit<ProductsQuery, 'search' | 'sort'> & { search: string; sort: SearchSort };

/** The listing's query from GET /products/ without a search: relevance means nothing there, newest is its default. */
export function listingQuery(q: ProductsQuery): ProductListQuery {
  const { search: _search, sort, ...rest } = q;
  return { ...rest, sort: sort === undefined || sort === 'relevance' ? 'newest' : sort };
}

export function searchQuery(q: ProductsQuery & { search: string }): SearchQuery {
  return { ...q, sort: q.sort ?? 'relevance' };
}

/** SPEC §7 `products/?search=`: count, results, search_no_response_products and message, plus the listing's paging and facets. */
export const SearchResponseSchema = ProductListResponseSchema.extend({
  /** The term as searched (normalised and cut). */
  search: z.string(),
  sort: z.enum(SEARCH_SORTS),
  /** More products match than the results window (SEARCH_RESULTS_WINDOW) holds: count is the window's size. */
  count_capped: z.boolean(),
  /** Popular products when nothing matched, else empty. */
  search_no_response_products: z.array(ProductCardSchema),
  /** Says why popular products are shown; null when the search found something. */
  message: z.string().nullable(),
  /** Where a redirect word sends the shopper (SPEC §2), else null. */
  redirect: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const SuggestionsQuerySchema = z.object({
  q: SearchTermSchema.default(''),
  limit: z.coerce.number().int('Must be a whole number').min(1, 'Must be 1 or more').max(SEARCH_SUGGESTIONS_MAX).default(5),
  department: z.enum(DEPARTMENT_KEYS).optional(),
});
export type SuggestionsQuery = z.infer<typeof SuggestionsQuerySchema>;

export const SearchSuggestionSchema = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.string(),
  url: z.string(),
  image: ImageSchema.nullable(),
  price: z.number(),
  discounted_price: z.number(),
});
export type SearchSuggestion = z.infer<typeof SearchSuggestionSchema>;

export const SuggestionsResponseSchema = z.object({
  search: z.string(),
  /** How many products the results page lists for this term: the 'Total Search (n)' figure (at most the window). */
  count: z.number(),
  /** More products match than the search box's window holds (SEARCH_SUGGESTIONS_WINDOW): 'Total Search (100+)'. */
  count_capped: z.boolean(),
  results: z.array(SearchSuggestionSchema),
  message: z.string().nullable(),
  redirect: z.string().nullable(),
});
export type SuggestionsResponse = z.infer<typeof SuggestionsResponseSchema>;

/** The stored redirect words (settings key 'search_redirects'). */
export type SearchRedirects = {
  toy_brand_words: string[];
  luxury: { word: string; brand: string } | null;
};
