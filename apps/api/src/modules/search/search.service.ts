import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Facet, ProductCard, ProductListResponse } from '@store/shared/catalog';
import type { DepartmentKey } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import {
  SEARCH_FALLBACK_PRODUCTS,
  type SearchQuery,
  type SearchRedirects,
  type SearchResponse,
  type SearchSuggestion,
  type SuggestionsQuery,
  type SuggestionsResponse,
} from '@store/shared/search';
import type { Db } from '../../db/client.js';
import { onContentChange } from '../../lib/content-changes.js';
import { SharedCache } from '../../lib/shared-cache.js';
import { AnswerCache } from './answer-cache.js';
import { cardColumns, getCards, toCard } from '../catalog/catalog.service.js';
import { brands, departments, products } from '../catalog/catalog.tables.js';
import { settings } from '../content/content.tables.js';
import { containsPattern, matchRedirect, MIN_SUBSTRING_LENGTH, tokenize, toTsQueryText, type WordGroup } from './search-terms.js';

/** Below this trigram similarity a dictionary word is no spelling of the typed one (pg_trgm's own default). */
const MIN_SIMILARITY = 0.3;
/** A word the catalog knows still picks up close variants (moisturiser ↔ moisturizer) at this similarity. */
const VARIANT_SIMILARITY = 0.5;
const MAX_CORRECTIONS = 3;
/** Search answers are shared by every shopper typing the same thing; the catalog shows through within this. */
const ANSWER_TTL_MS = 30_000;

/**
 * What a term turns into. `tsquery` matches the words as typed or corrected; `exact` only as typed
 * (it lifts the right spelling above the corrections); `pattern` is the literal substring tried
 * when the words match nothing. All null: the term cannot match anything (punctuation, emoji).
 */
export type ResolvedTerm = { term: string; tsquery: string | null; exact: string | null; pattern: string | null };

// One set of caches per database, so tests running two databases in one process never share entries.
// Sizes bound memory: a results page answer is about 20 kB, a suggestions answer about 2 kB.
function newCaches() {
  return {
    term: new SharedCache<ResolvedTerm>(60_000, 10_000),
    department: new SharedCache<number | null>(60_000, 16),
    popular: new SharedCache<ProductCard[]>(60_000, 16),
    results: new AnswerCache<SearchResponse>(ANSWER_TTL_MS, 2_000),
    suggestions: new AnswerCache<SuggestionsResponse>(ANSWER_TTL_MS, 10_000),
    redirects: new SharedCache<SearchRedirects>(5_000, 1),
  };
}
let cachesByDb = new WeakMap<Db, ReturnType<typeof newCaches>>();
// Answers carry stock and settings (redirect words): a change made here drops them all.
onContentChange(() => {
  cachesByDb = new WeakMap();
});
function caches(db: Db) {
  let c = cachesByDb.get(db);
  if (!c) cachesByDb.set(db, (c = newCaches()));
  return c;
}

export function clearSearchCaches(db: Db) {
  cachesByDb.delete(db);
}

/** Raw rows of a hand-written query: both drivers (node-postgres and PGlite) answer `{ rows }`. */
async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The redirect words of settings key 'search_redirects'; missing or malformed parts count as none. */
export async function getSearchRedirects(db: Db): Promise<SearchRedirects> {
  return caches(db).redirects.get('rules', async () => {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'search_redirects'));
    const value = (row?.value ?? {}) as Partial<SearchRedirects>;
    const luxury = value.luxury;
    return {
      toy_brand_words: Array.isArray(value.toy_brand_words) ? value.toy_brand_words.filter((w) => typeof w === 'string') : [],
      luxury:
        luxury && typeof luxury.word === 'string' && typeof luxury.brand === 'string' ? { word: luxury.word, brand: luxury.brand } : null,
    };
  });
}

type WordRow = { i: number; known: boolean; stop: boolean; candidates: [string, number][] | null };

/**
 * Turns a normalised term into tsquery texts: each word ANDed, the last one as a prefix (the
 * shopper may still be typing), a word the catalog does not know widened to the catalog's closest
 * words (trigram similarity against search_words: 'nivia' → 'nivea'), English stop words dropped.
 * One round trip; each word's lookup uses the trigram index of search_words.
 */
export async function resolveTerm(db: Db, term: string): Promise<ResolvedTerm> {
  return caches(db).term.get(term, async () => {
    const words = tokenize(term);
    const pattern = Array.from(term).length >= MIN_SUBSTRING_LENGTH ? containsPattern(term) : null;
    if (words.length === 0) return { term, tsquery: null, exact: null, pattern };
    const last = words.length - 1;
    const lookups = words.map((w, i) => {
      const prefix = i === last ? sql` or exists (select 1 from search_words where word like ${containsPattern(w).slice(1)})` : sql``;
      const candidates =
        Array.from(w).length >= 3
          ? sql`(select json_agg(json_build_array(c.word, c.sim)) from (
              select word, similarity(word, ${w})::float8 as sim from search_words where word % ${w} order by sim desc, word limit ${MAX_CORRECTIONS + 2}
            ) c)`
          : sql`null::json`;
      return sql`select ${i}::int as i, (exists (select 1 from search_words where word = ${w})${prefix}) as known,
        numnode(plainto_tsquery('english', ${w})) = 0 as stop, ${candidates} as candidates`;
    });
    const rows = await selectRows<WordRow>(db, sql.join(lookups, sql` union all `));
    const byIndex = new Map(rows.map((r) => [Number(r.i), r]));
    const groups: WordGroup[] = words.flatMap((word, i) => {
      const row = byIndex.get(i);
      if (!row || row.stop) return [];
      const min = row.known ? VARIANT_SIMILARITY : MIN_SIMILARITY;
      const alternatives = (row.candidates ?? [])
        .filter(([candidate, sim]) => candidate !== word && sim >= min)
        .sort((a, b) => b[1] - a[1])
        .slice(0, MAX_CORRECTIONS)
        .map(([candidate]) => candidate)
        // The dictionary holds words like tokenize's, but only a plain word is ever spliced into a tsquery.
        .filter((c) => /^[\p{L}\p{N}\p{M}]+$/u.test(c));
      return [{ word, prefix: i === last, alternatives }];
    });
    if (groups.length === 0) return { term, tsquery: null, exact: null, pattern };
    const tsquery = toTsQueryText(groups);
    const exact = toTsQueryText(groups.map((g) => ({ ...g, alternatives: [] })));
    return { term, tsquery, exact: exact === tsquery ? null : exact, pattern };
  });
}

async function departmentId(db: Db, key: DepartmentKey): Promise<number | null> {
  return caches(db).department.get(key, async () => {
    const [row] = await db.select({ id: departments.id }).from(departments).where(eq(departments.key, key));
    return row?.id ?? null;
  });
}

/** The two ways a term can match: its words on the full-text index, else its literal text on the trigram index. */
type Match = { kind: 'words' | 'substring'; condition: SQL };

function wordsMatch(resolved: ResolvedTerm): Match | null {
  return resolved.tsquery
    ? { kind: 'words', condition: sql`"products"."search_vector" @@ to_tsquery('english', ${resolved.tsquery})` }
    : null;
}

function substringMatch(resolved: ResolvedTerm): Match | null {
  return resolved.pattern ? { kind: 'substring', condition: sql`"products"."search_text" ilike ${resolved.pattern}` } : null;
}

const WEIGHTS = sql.raw(`'{0.1, 0.2, 0.4, 1.0}'`);

/**
 * Relevance: the weighted full-text rank (D category 0.1, C tags 0.2, B brand 0.4, A name 1.0, so
 * a name match outranks a brand, tag or category match), again for the words as typed (the right
 * spelling above a correction), plus a bonus when the term is the whole name or its start.
 */
function scoreExpression(resolved: ResolvedTerm): SQL {
  const rank = (tsquery: string | null) =>
    tsquery ? sql`ts_rank(${WEIGHTS}, "products"."search_vector", to_tsquery('english', ${tsquery}))` : sql`0`;
  const lower = resolved.term.toLowerCase();
  return sql`(${rank(resolved.tsquery)} + ${rank(resolved.exact)}
    + case when lower("products"."name") = ${lower} then 2 when lower("products"."name") like ${containsPattern(lower).slice(1)} then 0.5 else 0 end)`;
}

/**
 * The listing's narrowing filters (brand, price, sale, stock), over the columns of the matches
 * (`m` in matchPass): they shape the results but not the facets.
 */
function narrowingFilters(q: SearchQuery): SQL[] {
  const where: SQL[] = [];
  if (q.brand) {
    const handles = q.brand
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean)
      .slice(0, 50)
      .map((h) => sql`${h}`);
    where.push(handles.length ? sql`brand_id in (select id from brands where handle in (${sql.join(handles, sql`, `)}))` : sql`false`);
  }
  if (q.price_min !== undefined) where.push(sql`price >= ${q.price_min * 100}`);
  if (q.price_max !== undefined) where.push(sql`price <= ${q.price_max * 100}`);
  if (q.on_sale) where.push(sql`(sale or max_discount_value > 0)`);
  if (q.in_stock) where.push(sql`in_stock`);
  return where;
}

/** The scope a search runs in: published products of the department, of a category (with its children) or a collection when given. */
function scopeFilters(deptId: number, q: Pick<SearchQuery, 'category' | 'collection'>): SQL[] {
  const where: SQL[] = [sql`"products"."published"`, sql`"products"."department_id" = ${deptId}`];
  if (q.category) {
    where.push(
      sql`"products"."category_id" in (select c.id from categories c left join categories parent on parent.id = c.parent_id where c.handle = ${q.category} or parent.handle = ${q.category})`,
    );
  }
  if (q.collection) {
    where.push(
      sql`"products"."id" in (select cp.product_id from collection_products cp join collections col on col.id = cp.collection_id where col.handle = ${q.collection})`,
    );
  }
  return where;
}

/** Each sort over the columns of the matches. Ties always end on the id, so pages never overlap. */
const ORDER: Record<SearchQuery['sort'], SQL> = {
  relevance: sql`score desc, rating desc, id desc`,
  newest: sql`created_at desc, id desc`,
  price_asc: sql`price asc, id asc`,
  price_desc: sql`price desc, id desc`,
  top_rated: sql`rating desc, review_count desc, id desc`,
};

type Pass = { total: number; count: number; facets: ProductListResponse['facets']; ids: number[] };
type PassOptions = { narrowing: SQL[]; sort: SearchQuery['sort']; limit: number; offset: number; facets: boolean };

/**
 * Everything an answer needs from a term's matches, in one round trip that reads the matching
 * rows once: the total (the 'Total Search (n)' figure), the price range, the brand and category
 * facets when asked, the count after the narrowing filters and the ids of the page in order. Only
 * narrow rows are sorted, so a common word's thousands of matches sort in memory.
 */
async function matchPass(db: Db, scope: SQL[], match: Match, resolved: ResolvedTerm, opts: PassOptions): Promise<Pass> {
  const narrowed = opts.narrowing.length > 0;
  const source = narrowed ? sql`n` : sql`m`;
  const facets = opts.facets
    ? sql`,
      (select json_agg(json_build_array(b.handle, b.name, x.n)) from (select brand_id, count(*)::int as n from m group by brand_id) x
        join brands b on b.id = x.brand_id) as brands,
      (select json_agg(json_build_array(c.handle, c.name, x.n)) from (select category_id, count(*)::int as n from m where category_id is not null group by category_id) x
        join categories c on c.id = x.category_id) as categories`
    : sql``;
  type Row = {
    total: number;
    count: number;
    lo: number | null;
    hi: number | null;
    ids: number[] | null;
    brands?: [string, string, number][] | null;
    categories?: [string, string, number][] | null;
  };
  const [row] = await selectRows<Row>(
    db,
    sql`
    with m as materialized (
      select "products"."id", "products"."brand_id", "products"."category_id", "products"."min_discounted_price" as price,
             "products"."sale", "products"."max_discount_value", "products"."in_stock", "products"."rating",
             "products"."review_count", "products"."created_at", ${scoreExpression(resolved)} as score
      from products where ${and(...scope, match.condition)}
    )${narrowed ? sql`, n as materialized (select * from m where ${and(...opts.narrowing)})` : sql``}
    select (select count(*)::int from m) as total, (select count(*)::int from ${source}) as count,
           (select min(price)::int from m) as lo, (select max(price)::int from m) as hi,
           (select json_agg(id order by ord) from (
              select id, row_number() over (order by ${ORDER[opts.sort]}) as ord from ${source} order by ${ORDER[opts.sort]} limit ${opts.limit} offset ${opts.offset}
           ) page) as ids${facets}
  `,
  );
  const facet = (rows: [string, string, number][] | null | undefined): Facet[] =>
    (rows ?? []).map(([value, label, count]) => ({ value, label, count: Number(count) })).sort((a, b) => a.label.localeCompare(b.label));
  return {
    total: Number(row?.total ?? 0),
    count: Number(row?.count ?? 0),
    facets: { brands: facet(row?.brands), categories: facet(row?.categories), price: { min: row?.lo ?? 0, max: row?.hi ?? 0 } },
    ids: (row?.ids ?? []).map(Number),
  };
}

/** Top-rated products in stock, read in the order of the department's rating index: what a shopper is offered when a search finds nothing. */
export async function popularProducts(db: Db, deptId: number | null): Promise<ProductCard[]> {
  if (deptId === null) return [];
  return caches(db).popular.get(String(deptId), async () => {
    const rows = await db
      .select(cardColumns)
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(and(eq(products.departmentId, deptId), eq(products.published, true), eq(products.inStock, true)))
      // nulls last as in products_department_rating_idx, or the index cannot give the order.
      .orderBy(sql`${products.rating} desc nulls last`, asc(products.id))
      .limit(SEARCH_FALLBACK_PRODUCTS);
    return rows.map(toCard);
  });
}

type Located = { deptId: number | null; resolved: ResolvedTerm; redirect: string | null };

/** The department to search (a toy word moves it to toys), the resolved term and any redirect. */
async function locate(db: Db, term: string, requested: DepartmentKey): Promise<Located> {
  const redirect = matchRedirect(term, requested, await getSearchRedirects(db));
  const [deptId, resolved] = await Promise.all([departmentId(db, redirect?.department ?? requested), resolveTerm(db, term)]);
  return { deptId, resolved, redirect: redirect?.url ?? null };
}

/**
 * A term's matches in scope: by its words first, by its literal text when the words find nothing
 * ('stick' in 'lipstick'). Null when neither finds anything.
 */
async function findMatches(
  db: Db,
  deptId: number | null,
  resolved: ResolvedTerm,
  scopeQuery: Pick<SearchQuery, 'category' | 'collection'>,
  opts: PassOptions,
): Promise<Pass | null> {
  if (deptId === null) return null;
  const scope = scopeFilters(deptId, scopeQuery);
  for (const match of [wordsMatch(resolved), substringMatch(resolved)]) {
    if (!match) continue;
    const pass = await matchPass(db, scope, match, resolved, opts);
    if (pass.total > 0) return pass;
  }
  return null;
}

const NO_FACETS: ProductListResponse['facets'] = { brands: [], categories: [], price: { min: 0, max: 0 } };

/**
 * GET /products/?search=: the listing's filters, sort and paging over what the term matches in the
 * department (the department parameter, else the My-Department header). A redirect word is
 * reported in `redirect` (a toy word also searches the toys department). When nothing matches,
 * popular products and a message.
 */
export async function searchProducts(db: Db, q: SearchQuery, headerDepartment: DepartmentKey): Promise<SearchResponse> {
  const requested = q.department ?? headerDepartment;
  return caches(db).results.get(JSON.stringify([requested, q]), () => runSearch(db, q, requested));
}

async function runSearch(db: Db, q: SearchQuery, requested: DepartmentKey): Promise<SearchResponse> {
  const { deptId, resolved, redirect } = await locate(db, q.search, requested);
  const base = { search: resolved.term, sort: q.sort, page: q.page, page_size: q.page_size, redirect };
  const found = await findMatches(db, deptId, resolved, q, {
    narrowing: narrowingFilters(q),
    sort: q.sort,
    limit: q.page_size,
    offset: (q.page - 1) * q.page_size,
    facets: true,
  });
  if (!found) {
    return {
      ...base,
      count: 0,
      results: [],
      facets: NO_FACETS,
      search_no_response_products: await popularProducts(db, deptId),
      message: resolved.term ? messages.searchNoResults(resolved.term) : messages.searchTermEmpty,
    };
  }
  const results = await getCards(db, found.ids);
  return { ...base, count: found.count, results, facets: found.facets, search_no_response_products: [], message: null };
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
 * page runs (same department, same ranking), and their total for 'Total Search (n)'.
 */
export async function suggest(db: Db, q: SuggestionsQuery, headerDepartment: DepartmentKey): Promise<SuggestionsResponse> {
  const requested = q.department ?? headerDepartment;
  return caches(db).suggestions.get(JSON.stringify([requested, q.q, q.limit]), () => runSuggest(db, q, requested));
}

async function runSuggest(db: Db, q: SuggestionsQuery, requested: DepartmentKey): Promise<SuggestionsResponse> {
  const { deptId, resolved, redirect } = await locate(db, q.q, requested);
  const found = await findMatches(db, deptId, resolved, {}, { narrowing: [], sort: 'relevance', limit: q.limit, offset: 0, facets: false });
  const cards = found ? await getCards(db, found.ids) : [];
  return {
    search: resolved.term,
    count: found?.total ?? 0,
    results: cards.map(toSuggestion),
    message: found || !resolved.term ? null : messages.searchNoSuggestions(resolved.term),
    redirect,
  };
}
