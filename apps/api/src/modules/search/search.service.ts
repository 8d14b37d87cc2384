import { sql } from 'drizzle-orm';
import type { ProductCard, ProductListResponse } from '@store/shared/catalog';
import type { DepartmentKey } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import {
  SEARCH_FALLBACK_PRODUCTS,
  SEARCH_RESULTS_WINDOW,
  SEARCH_SUGGESTIONS_WINDOW,
  type SearchQuery,
  type SearchRedirects,
  type SearchResponse,
  type SearchSuggestion,
  type SuggestionsQuery,
  type SuggestionsResponse,
} from '@store/shared/search';
import { dbKey, selectRows, type Db } from '../../db/client.js';
import { containsPattern, startsWithPattern } from '../../lib/like.js';
import { followInvalidations, type CacheTag } from '../../lib/cache/invalidation.js';
import { TaggedCache } from '../../lib/cache/tagged-cache.js';
import type { RequestCtx } from '../../lib/context.js';
import * as catalog from '../catalog/index.js';
import { getStoredSetting } from '../content/index.js';
import { matchRedirect, MIN_SUBSTRING_LENGTH, tokenize, toTsQueryText, type WordGroup } from './search-terms.js';
import { isBanglaStopWord, readingOf } from './bangla-words.js';
import { languageKey } from '../../lib/in-locale.js';

/** Below this trigram similarity a dictionary word is no spelling of the typed one (pg_trgm's own default). */
const MIN_SIMILARITY = 0.3;
/** A word the catalog knows still picks up close variants (moisturiser ↔ moisturizer) at this similarity. */
const VARIANT_SIMILARITY = 0.5;
const MAX_CORRECTIONS = 3;
/**
 * The last word, still being typed, matches as a prefix ('lotio' → lotion, lotions). When the
 * catalog's dictionary has at most this many words that complete it, they are matched as whole
 * words instead: the index reads a prefix's every entry before it can AND it with the other words,
 * but can skip through whole words ('nike body lotion' in beauty at 100,000 products: 2.5 → 2.1 ms).
 */
const MAX_COMPLETIONS = 12;
/** Search answers are shared by every shopper typing the same thing; the catalog shows through within this. */
const ANSWER_TTL_MS = 30_000;
/** What each cached answer is built from (lib/cache/invalidation.ts). */
const CATALOG: readonly CacheTag[] = ['catalog'];
const CONTENT: readonly CacheTag[] = ['content'];
const CATALOG_AND_CONTENT: readonly CacheTag[] = ['catalog', 'content'];

/**
 * What a term turns into. `tsquery` matches the words as typed or corrected; `exact` only as typed
 * (it lifts the right spelling above the corrections); `pattern` is the literal substring tried
 * when the words match nothing. All null: the term cannot match anything (punctuation, emoji).
 */
export type ResolvedTerm = { term: string; tsquery: string | null; exact: string | null; pattern: string | null };

// Keys start with the database's number, so tests running two databases in one process never share
// entries. Sizes bound memory: a results page answer is about 20 kB, a suggestions answer about 2 kB.
// Answers carry stock and settings (redirect words): their entries carry both tags.
const caches = {
  term: new TaggedCache<ResolvedTerm>({ ttlMs: 60_000, maxEntries: 10_000, name: 'search_terms' }),
  department: new TaggedCache<number | null>({ ttlMs: 60_000, maxEntries: 16, name: 'search_departments' }),
  popular: new TaggedCache<ProductCard[]>({ ttlMs: 60_000, maxEntries: 16, name: 'search_popular' }),
  // A popular term never makes a shopper wait: past its time an answer is served while one refresh runs.
  results: new TaggedCache<SearchResponse>({ ttlMs: ANSWER_TTL_MS, staleMs: Infinity, maxEntries: 2_000, name: 'search_results' }),
  suggestions: new TaggedCache<SuggestionsResponse>({
    ttlMs: ANSWER_TTL_MS,
    staleMs: Infinity,
    maxEntries: 10_000,
    name: 'search_suggestions',
  }),
  redirects: new TaggedCache<SearchRedirects>({ ttlMs: 5_000, maxEntries: 16, name: 'search_redirects' }),
};
for (const cache of Object.values(caches)) followInvalidations(cache);

/** The search answers of every database, computed again from the next request (tests that write behind the services' back). */
export function clearSearchCaches() {
  for (const cache of Object.values(caches)) cache.clear();
}

/** The redirect words of settings key 'search_redirects'; missing or malformed parts count as none. */
export async function getSearchRedirects(db: Db): Promise<SearchRedirects> {
  return caches.redirects.getOrLoad(String(dbKey(db)), CONTENT, async () => {
    const value = (await getStoredSetting({ db }, 'search_redirects')) as Partial<SearchRedirects>;
    const luxury = value.luxury;
    return {
      toy_brand_words: Array.isArray(value.toy_brand_words) ? value.toy_brand_words.filter((w) => typeof w === 'string') : [],
      luxury:
        luxury && typeof luxury.word === 'string' && typeof luxury.brand === 'string' ? { word: luxury.word, brand: luxury.brand } : null,
    };
  });
}

const PLAIN_WORD = /^[\p{L}\p{N}\p{M}]+$/u;

type WordRow = { i: number; known: boolean | null; stop: boolean; candidates: [string, number][] | null; completions: string[] | null };

/**
 * Turns a normalised term into tsquery texts: each word ANDed, the last one as a prefix (the
 * shopper may still be typing), a word the catalog does not know widened to the catalog's closest
 * words (trigram similarity against search_words: 'nivia' → 'nivea'), English stop words dropped.
 * Bangla and Banglish words also match the English words they stand for ('সাবান', 'sabun' → soap),
 * and a word in Bengali letters the catalog words its Latin reading is closest to ('লিপস্টিক' →
 * 'lipstik' → lipstick). One round trip; each word's lookup uses the trigram index of search_words.
 */
export async function resolveTerm(db: Db, term: string): Promise<ResolvedTerm> {
  return caches.term.getOrLoad(`${dbKey(db)}:${term}`, CATALOG, async () => {
    const words = tokenize(term);
    const pattern = Array.from(term).length >= MIN_SUBSTRING_LENGTH ? containsPattern(term) : null;
    if (words.length === 0) return { term, tsquery: null, exact: null, pattern };
    const last = words.length - 1;
    // A Bangla or Banglish word brings the catalog's English words it stands for, and a word in
    // Bengali letters is also looked up by its Latin reading (bangla-words.ts): rows words.length
    // and up of the same round trip are those readings.
    const readings = words.map(readingOf);
    const probes = [...words.map((w, i) => ({ i, w })), ...readings.flatMap((r, i) => (r.lookup !== words[i] ? [{ i, w: r.lookup }] : []))];
    const lookups = probes.map(({ i, w }, n) => {
      // The last word's completions (itself first, when the catalog has it): they also tell whether the catalog knows it.
      const completions =
        i === last
          ? sql`(select json_agg(c.word) from (select word from search_words where word like ${startsWithPattern(w)} order by word limit ${MAX_COMPLETIONS + 1}) c)`
          : sql`null::json`;
      const candidates =
        Array.from(w).length >= 3
          ? sql`(select json_agg(json_build_array(c.word, c.sim)) from (
              select word, similarity(word, ${w})::float8 as sim from search_words where word % ${w} order by sim desc, word limit ${MAX_CORRECTIONS + 2}
            ) c)`
          : sql`null::json`;
      // The other words are known when the catalog has them whole.
      const known = i === last ? sql`null::boolean` : sql`exists (select 1 from search_words where word = ${w})`;
      return sql`select ${n}::int as i, ${known} as known,
        numnode(plainto_tsquery('english', ${w})) = 0 as stop, ${candidates} as candidates, ${completions} as completions`;
    });
    const rows = await selectRows<WordRow>(db, sql.join(lookups, sql` union all `));
    const byProbe = new Map(rows.map((r) => [Number(r.i), r]));
    const readingRows = new Map(probes.flatMap((probe, n) => (n >= words.length ? [[probe.i, byProbe.get(n)] as const] : [])));
    const groups: (WordGroup & { english: string[] })[] = words.flatMap((word, i) => {
      const row = byProbe.get(i);
      const reading = readingRows.get(i);
      const english = readings[i]!.english;
      if (!row || isBanglaStopWord(word) || (row.stop && english.length === 0 && (reading?.stop ?? true))) return [];
      const completions = row.completions ?? [];
      // A word being typed is known when a catalog word starts with it (the word itself among them).
      const known = (i === last ? completions.length > 0 : row.known === true) || english.length > 0;
      const min = known ? VARIANT_SIMILARITY : MIN_SIMILARITY;
      // A Latin reading brings its closest catalog words, as a misspelling does (from the higher
      // similarity when the Bangla list knows the word), and the catalog words that complete it (a
      // Bangla word still being typed) when they are few.
      const fromReading = reading
        ? [
            ...(reading.completions && reading.completions.length <= MAX_COMPLETIONS ? reading.completions : []),
            ...(reading.candidates ?? []).filter(([, sim]) => sim >= min).map(([candidate]) => candidate),
          ]
        : [];
      const corrections = (row.candidates ?? [])
        .filter(([candidate, sim]) => candidate !== word && sim >= min)
        .sort((a, b) => b[1] - a[1])
        .slice(0, MAX_CORRECTIONS)
        .map(([candidate]) => candidate);
      // The dictionary holds words like tokenize's, but only a plain word is ever spliced into a tsquery.
      const alternatives = [...new Set([...english, ...corrections, ...fromReading])].filter((c) => c !== word && PLAIN_WORD.test(c));
      // The dictionary leaves out one-letter words, bare numbers and words with punctuation: a prefix
      // one of those could complete to (a single letter, one with a digit) keeps matching as a prefix.
      const spelledOut =
        i === last &&
        Array.from(word).length >= 2 &&
        !/\p{N}/u.test(word) &&
        completions.length > 0 &&
        completions.length <= MAX_COMPLETIONS &&
        completions.every((c) => PLAIN_WORD.test(c));
      return [{ word, prefix: i === last && !spelledOut, completions: spelledOut ? completions : [], alternatives, english }];
    });
    if (groups.length === 0) return { term, tsquery: null, exact: null, pattern };
    const tsquery = toTsQueryText(groups);
    // Ranked first: the words as typed, and a Bangla word's first English meaning (সাবান: soap before wash).
    const exact = toTsQueryText(groups.map((g) => ({ ...g, alternatives: g.english.slice(0, 1) })));
    return { term, tsquery, exact: exact === tsquery ? null : exact, pattern };
  });
}

async function departmentId(db: Db, key: DepartmentKey): Promise<number | null> {
  return caches.department.getOrLoad(`${dbKey(db)}:${key}`, CATALOG, () => catalog.departmentId({ db }, key));
}

/** Top-rated products in stock, read in the order of the department's rating index: what a shopper is offered when a search finds nothing. */
export async function popularProducts(db: Db, deptId: number | null): Promise<ProductCard[]> {
  if (deptId === null) return [];
  return caches.popular.getOrLoad(languageKey(`${dbKey(db)}:${deptId}`), CATALOG, () =>
    catalog.popularCards({ db }, deptId, SEARCH_FALLBACK_PRODUCTS),
  );
}

type Located = { deptId: number | null; resolved: ResolvedTerm; redirect: string | null };

/** The department to search (a toy word moves it to toys), the resolved term and any redirect. */
async function locate(db: Db, term: string, requested: DepartmentKey): Promise<Located> {
  const redirect = matchRedirect(term, requested, await getSearchRedirects(db));
  const [deptId, resolved] = await Promise.all([departmentId(db, redirect?.department ?? requested), resolveTerm(db, term)]);
  return { deptId, resolved, redirect: redirect?.url ?? null };
}

/** A term's matches in the department's scope, through the catalog's door; null when nothing matches. */
function findMatches(
  db: Db,
  deptId: number | null,
  resolved: ResolvedTerm,
  scope: catalog.Scope,
  opts: catalog.TextMatchOptions,
): Promise<catalog.TextMatches | null> {
  if (deptId === null) return Promise.resolve(null);
  const name = resolved.term.toLowerCase();
  return catalog.matchProductsByText({ db }, deptId, { ...resolved, name, namePrefix: startsWithPattern(name) }, scope, opts);
}

const NO_FACETS: ProductListResponse['facets'] = { brands: [], categories: [], price: { min: 0, max: 0 } };

/**
 * GET /products/?search=: the listing's filters, sort and paging over what the term matches in the
 * department (the department parameter, else the My-Department header). A redirect word is
 * reported in `redirect` (a toy word also searches the toys department). When nothing matches,
 * popular products and a message.
 */
export async function searchProducts(ctx: RequestCtx, q: SearchQuery, headerDepartment: DepartmentKey): Promise<SearchResponse> {
  const { db } = ctx;
  const requested = q.department ?? headerDepartment;
  return caches.results.getOrLoad(languageKey(JSON.stringify([dbKey(db), requested, q])), CATALOG_AND_CONTENT, () =>
    runSearch(db, q, requested),
  );
}

async function runSearch(db: Db, q: SearchQuery, requested: DepartmentKey): Promise<SearchResponse> {
  const { deptId, resolved, redirect } = await locate(db, q.search, requested);
  const base = { search: resolved.term, sort: q.sort, page: q.page, page_size: q.page_size, redirect };
  const found = await findMatches(db, deptId, resolved, q, {
    narrowing: q,
    sort: q.sort,
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
    facets: true,
    window: SEARCH_RESULTS_WINDOW,
  });
  if (!found) {
    return {
      ...base,
      count: 0,
      count_capped: false,
      results: [],
      facets: NO_FACETS,
      search_no_response_products: await popularProducts(db, deptId),
      message: resolved.term ? messages.searchNoResults(resolved.term) : messages.searchTermEmpty(),
    };
  }
  const results = await catalog.getCards({ db }, found.ids);
  return {
    ...base,
    count: found.count,
    count_capped: found.capped,
    results,
    facets: found.facets,
    search_no_response_products: [],
    message: null,
  };
}

function toSuggestion(card: ProductCard): SearchSuggestion {
  return {
    id: card.id,
    name: card.name,
    brand: card.brand.name,
    url: card.url,
    image: card.image,
    price: card.price,
    discounted_price: card.discounted_price,
  };
}

/**
 * The header box's live suggestions: the first `limit` results of the same search the results
 * page runs (same department, same ranking), and their total for 'Total Search (n)'. A term that
 * matches more than SEARCH_SUGGESTIONS_WINDOW products (a prefix still being typed) is ranked and
 * counted within the first that many matches the index yields, so its cost does not grow with the
 * catalog; the results page does the same with its larger window (SEARCH_RESULTS_WINDOW).
 */
export async function suggest(ctx: RequestCtx, q: SuggestionsQuery, headerDepartment: DepartmentKey): Promise<SuggestionsResponse> {
  const { db } = ctx;
  const requested = q.department ?? headerDepartment;
  return caches.suggestions.getOrLoad(languageKey(JSON.stringify([dbKey(db), requested, q.q, q.limit])), CATALOG_AND_CONTENT, () =>
    runSuggest(db, q, requested),
  );
}

async function runSuggest(db: Db, q: SuggestionsQuery, requested: DepartmentKey): Promise<SuggestionsResponse> {
  const { deptId, resolved, redirect } = await locate(db, q.q, requested);
  const found = await findMatches(
    db,
    deptId,
    resolved,
    {},
    {
      narrowing: {},
      sort: 'relevance',
      limit: q.limit,
      offset: 0,
      facets: false,
      window: SEARCH_SUGGESTIONS_WINDOW,
    },
  );
  const cards = found ? await catalog.getCards({ db }, found.ids) : [];
  return {
    search: resolved.term,
    count: found?.total ?? 0,
    count_capped: found?.capped ?? false,
    results: cards.map(toSuggestion),
    message: found || !resolved.term ? null : messages.searchNoSuggestions(resolved.term),
    redirect,
  };
}
