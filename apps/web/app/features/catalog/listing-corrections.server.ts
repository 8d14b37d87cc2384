import { redirect } from 'react-router';
import type { ProductListResponse } from '@store/shared/catalog';
import { hasUnsafeText } from '@store/shared/input';
import { formatTaka } from '../../lib/format';
import { DEPARTMENTS } from './departments';
import { defaultSort, LISTING_KEYS, pageHref, SORT_LABELS, type ListingScope } from './listing-query';
import * as m from '@store/shared/i18n/messages';

/*
 * A listing link can carry anything: a mistyped page, a price in words, a sort another shop uses. The
 * API answers such a query with 400 and zod's words for developers; the shopper should instead see
 * the products, with each value that could not be used left out (or put right) and a line saying so.
 * The limits below are the API's (ProductListQuerySchema): a value corrected here is never refused there.
 */

/** The API's bounds: a larger page is past the last anyway, a larger price is no price. */
const MAX_PAGE = 10_000;
const MAX_TAKA = 10_000_000;
const TEXT_LIMITS = { brand: 200, category: 100, collection: 100 } as const;
/** Other shops' names for the price range, read as ours. */
const ALIASES: Record<string, string> = { min_price: 'price_min', max_price: 'price_max' };

export type ListingCorrection = {
  /** The query to show and to send: the URL's, with every value the listing cannot use left out or put right. */
  search: URLSearchParams;
  /** What was done, in the shopper's words, one line each. */
  notices: string[];
};

/** A value as the notice quotes it: short enough for a phone's line, whatever the link held. */
/** A part of the link that could not be read, in the notice that says so. */
const UNREADABLE = {
  brand: m.correction_unreadable_brand,
  category: m.correction_unreadable_category,
  collection: m.correction_unreadable_collection,
};

function quoted(value: string): string {
  const chars = Array.from(value);
  return `“${chars.length > 24 ? `${chars.slice(0, 23).join('')}…` : value}”`;
}

/** Whole taka from '1500', '1,500', '৳1,500', 'Tk 1500' or '1499.5' (rounded); null for anything else. */
export function readTaka(raw: string): number | null {
  const digits = raw.replace(/[\s,৳]/g, '').replace(/^(tk|bdt)\.?/i, '');
  if (!/^\d+(\.\d+)?$/.test(digits)) return null;
  const taka = Math.round(Number(digits));
  return taka <= MAX_TAKA ? taka : null;
}

/**
 * The listing query of a URL, corrected: an unreadable page becomes page 1, an unknown sort the
 * default one, an unreadable price or switch or an unknown department is left out, a price range
 * given the wrong way round is swapped. Keys the listing does not own (search=…) pass untouched;
 * of a repeated key the first value counts, as everywhere in the listing.
 */
export function correctListingQuery(search: URLSearchParams, scope: ListingScope = {}): ListingCorrection {
  const out = new URLSearchParams();
  const notices: string[] = [];
  const seen = new Set<string>();
  const unreadable = (what: 'brand' | 'category' | 'collection') => notices.push(UNREADABLE[what]());
  let brandLength = 0;

  for (const [rawKey, raw] of search) {
    const key = ALIASES[rawKey] ?? rawKey;
    const value = raw.trim();
    if (!(LISTING_KEYS as readonly string[]).includes(key)) {
      out.append(key, raw);
      continue;
    }
    if (value === '') continue;
    if (key === 'brand') {
      // A brand page lists its own brand whatever the link says.
      if (scope.brand !== undefined) continue;
      for (const handle of value.split(',').map((b) => b.trim())) {
        if (!handle) continue;
        brandLength += handle.length + 1;
        if (hasUnsafeText(handle) || brandLength > TEXT_LIMITS.brand + 1) unreadable('brand');
        else out.append('brand', handle);
      }
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    switch (key) {
      case 'page': {
        const page = /^\d+$/.test(value) ? Number(value) : 0;
        if (page >= 1) out.set('page', String(Math.min(page, MAX_PAGE)));
        else notices.push(m.correction_page({ value: quoted(value) }));
        break;
      }
      case 'sort': {
        const sort = value.toLowerCase();
        if (Object.hasOwn(SORT_LABELS, sort)) {
          // Relevance ranks a search; without one the listing's own default applies, as the API does.
          if (sort !== 'relevance' || search.has('search')) out.set('sort', sort);
        } else notices.push(m.correction_sort({ value: quoted(value), sort: SORT_LABELS[defaultSort(search)]() }));
        break;
      }
      case 'price_min':
      case 'price_max': {
        const taka = readTaka(value);
        if (taka !== null) out.set(key, String(taka));
        else notices.push((key === 'price_min' ? m.correction_price_min : m.correction_price_max)({ value: quoted(value) }));
        break;
      }
      case 'on_sale':
      case 'in_stock': {
        const v = value.toLowerCase();
        if (['true', '1', 'on', 'yes'].includes(v)) out.set(key, 'true');
        else if (!['false', '0', 'off', 'no'].includes(v))
          notices.push((key === 'on_sale' ? m.correction_on_sale : m.correction_in_stock)({ value: quoted(value) }));
        break;
      }
      case 'department': {
        // A section's listing is its department's whatever the link says.
        if (scope.department !== undefined) break;
        const department = DEPARTMENTS.find((d) => d.param === value.toLowerCase());
        if (department) out.set('department', department.param);
        else notices.push(m.correction_department({ value: quoted(value) }));
        break;
      }
      case 'category':
      case 'collection': {
        if (hasUnsafeText(value) || value.length > TEXT_LIMITS[key]) unreadable(key);
        else out.set(key, value);
        break;
      }
    }
  }

  const min = out.get('price_min');
  const max = out.get('price_max');
  if (min !== null && max !== null && Number(min) > Number(max)) {
    out.set('price_min', max);
    out.set('price_max', min);
    notices.push(m.correction_prices_swapped({ min: formatTaka(Number(max) * 100), max: formatTaka(Number(min) * 100) }));
  }
  return { search: out, notices };
}

/** The last page there is, when the list is a page past it; null when the page is fine. */
export function lastPageIfPast(list: Pick<ProductListResponse, 'count' | 'page' | 'page_size' | 'results'>): number | null {
  if (list.results.length > 0 || list.page <= 1) return null;
  const last = Math.max(1, Math.ceil(list.count / list.page_size));
  return list.page > last ? last : null;
}

/**
 * A page past the last answers an HTTP redirect to the last page (a link kept from a longer list, a
 * typed page=99), with every other value of the URL kept as it came: corrected again there, and said.
 */
export function redirectPastLastPage(
  basePath: string,
  url: URL,
  list: Pick<ProductListResponse, 'count' | 'page' | 'page_size' | 'results'>,
) {
  const last = lastPageIfPast(list);
  if (last !== null) throw redirect(pageHref(basePath, url.searchParams, last));
}
