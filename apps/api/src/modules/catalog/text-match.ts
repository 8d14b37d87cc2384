import { and, sql, type SQL } from 'drizzle-orm';
import type { Facet, ProductListResponse } from '@store/shared/catalog';
import type { SearchSort } from '@store/shared/search';
import { selectRows, type Db } from '../../db/client.js';
import type { DbCtx } from '../../lib/context.js';

/*
 * Full-text and substring matching over the published products: the catalog's columns
 * (search_vector, search_text, prices, rating) read here, in the module that owns them. The search
 * module turns what a shopper typed into a TextQuery (its own word list, corrections and redirects)
 * and asks this door for the matches.
 */

/** A term made ready to match: its tsquery (words and corrections), the words as typed, and its literal pattern. */
export type TextQuery = {
  /** The full-text query of the words and their corrections, or null when no word can be matched. */
  tsquery: string | null;
  /** The words as typed, when corrections changed them (ranked above a correction), else null. */
  exact: string | null;
  /** An ILIKE pattern of the literal text, for the substring fallback, or null. */
  pattern: string | null;
  /** The term lowercased: a whole-name match scores highest. */
  name: string;
  /** An ILIKE pattern of a name starting with the term. */
  namePrefix: string;
};

/** Where to look: a department, and within it a category (with its children) or a collection. */
export type Scope = { category?: string | undefined; collection?: string | undefined };

/** The listing's narrowing filters: they shape the results, not the facets. */
export type Narrowing = {
  brand?: string | undefined;
  price_min?: number | undefined;
  price_max?: number | undefined;
  on_sale?: boolean | undefined;
  in_stock?: boolean | undefined;
};

/**
 * `window`, when given, bounds the work of a term that matches much of the catalog: at most that
 * many matches are read, counted, faceted, sorted and ranked, so a three-letter prefix costs the same
 * at 1,000 products as at 100,000. By relevance they are the first the index yields; by price, date
 * or rating, the first in that order (read along the sort's index), so the first pages are exact.
 */
export type TextMatchOptions = { narrowing: Narrowing; sort: SearchSort; limit: number; offset: number; facets: boolean; window?: number };

/**
 * What a term matched: the total before narrowing, the count after it, the facets and the page's
 * ids in order. `capped`: more matched than the window let through, so total is the window's size.
 */
export type TextMatches = { total: number; count: number; facets: ProductListResponse['facets']; ids: number[]; capped: boolean };

/** The two ways a term can match: its words on the full-text index, else its literal text on the trigram index. */
type Match = { kind: 'words' | 'substring'; condition: SQL };

function wordsMatch(resolved: TextQuery): Match | null {
  return resolved.tsquery
    ? { kind: 'words', condition: sql`"products"."search_vector" @@ to_tsquery('english', ${resolved.tsquery})` }
    : null;
}

function substringMatch(resolved: TextQuery): Match | null {
  return resolved.pattern ? { kind: 'substring', condition: sql`"products"."search_text" ilike ${resolved.pattern}` } : null;
}

const WEIGHTS = sql.raw(`'{0.1, 0.2, 0.4, 1.0}'`);

/**
 * Relevance: the weighted full-text rank (D category 0.1, C tags 0.2, B brand 0.4, A name 1.0, so
 * a name match outranks a brand, tag or category match), again for the words as typed (the right
 * spelling above a correction), plus a bonus when the term is the whole name or its start.
 */
function scoreExpression(resolved: TextQuery): SQL {
  const rank = (tsquery: string | null) =>
    tsquery ? sql`ts_rank(${WEIGHTS}, "products"."search_vector", to_tsquery('english', ${tsquery}))` : sql`0`;
  return sql`(${rank(resolved.tsquery)} + ${rank(resolved.exact)}
    + case when lower("products"."name") = ${resolved.name} then 2 when lower("products"."name") like ${resolved.namePrefix} then 0.5 else 0 end)`;
}

/**
 * The listing's narrowing filters (brand, price, sale, stock), over the columns of the matches
 * (`m` in matchPass): they shape the results but not the facets.
 */
function narrowingFilters(q: Narrowing): SQL[] {
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
function scopeFilters(deptId: number, q: Scope): SQL[] {
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
const ORDER: Record<SearchSort, SQL> = {
  relevance: sql`score desc, rating desc, id desc`,
  newest: sql`created_at desc, id desc`,
  price_asc: sql`price asc, id asc`,
  price_desc: sql`price desc, id desc`,
  top_rated: sql`rating desc, review_count desc, id desc`,
};

/**
 * How the matches are read (`m`, and `n` when narrowed). Without a window: every match. With one,
 * up to one past it, so `capped` can tell. By another sort than relevance, along that sort's index
 * (`order by … limit`), so the first pages are exact. By relevance, in the order the index yields
 * them: from `hits`, a CTE of every match that is planned as if it were read whole — the planner
 * then reads the words' or trigrams' index — and read only as far as the window (a CTE is computed
 * as far as its readers ask). Under a LIMIT of its own, the planner would weigh reading the table
 * from its start against the index, and on a common word's statistics chose the table: 280 ms for
 * a prefix the department does not have, at 100,000 products.
 */
function matchesRead(scope: SQL[], match: Match, resolved: TextQuery, opts: PassOptions): SQL {
  const narrowed = opts.narrowing.length > 0;
  const { window, sort } = opts;
  const all = sql`${matchColumns(resolved)} from products where ${and(...scope, match.condition)}`;
  if (window === undefined) {
    return sql`m as materialized (${all})${narrowed ? sql`, n as materialized (select * from m where ${and(...opts.narrowing)})` : sql``}`;
  }
  if (sort === 'relevance') {
    return sql`hits as materialized (${all}), m as materialized (select * from hits limit ${window + 1})${
      narrowed ? sql`, n as materialized (select * from hits where ${and(...opts.narrowing)} limit ${window + 1})` : sql``
    }`;
  }
  const sorted = sql` order by ${ORDER[sort]} limit ${window + 1}`;
  if (!narrowed) return sql`m as materialized (${all}${sorted})`;
  // A brand or price filter sees every match, not only the window's: when the window is full, the
  // narrowed matches are a windowed read of their own; when it holds them all, they are filtered
  // from it. The conditions on m's count are one-time filters: the index is read once, not twice.
  const capped = sql`(select count(*) from m) > ${window}`;
  return sql`m as materialized (${all}${sorted}),
    n as materialized (
      select * from m where ${and(...opts.narrowing)} and not ${capped}
      union all
      select * from (select * from (${all}) s where ${and(...opts.narrowing)}${sorted}) w where ${capped}
    )`;
}

/** A page's size, cut where the window ends: its one-past row only tells that more matched. */
const pageSize = ({ limit, offset, window }: PassOptions) => (window === undefined ? limit : Math.max(0, Math.min(limit, window - offset)));

/** The columns of a match that the counts, facets, filters and sorts read (`m`, `n`). */
function matchColumns(resolved: TextQuery): SQL {
  return sql`select "products"."id", "products"."brand_id", "products"."category_id", "products"."min_discounted_price" as price,
             "products"."sale", "products"."max_discount_value", "products"."in_stock", "products"."rating",
             "products"."review_count", "products"."created_at", ${scoreExpression(resolved)} as score`;
}

type PassOptions = { narrowing: SQL[]; sort: SearchSort; limit: number; offset: number; facets: boolean; window?: number | undefined };

/**
 * Everything an answer needs from a term's matches, in one round trip that reads the matching
 * rows once: the total (the 'Total Search (n)' figure), the price range, the brand and category
 * facets when asked, the count after the narrowing filters and the ids of the page in order. Only
 * narrow rows are sorted, so a common word's thousands of matches sort in memory. With a window,
 * the reading stops one past it (matchesRead).
 */
async function matchPass(db: Db, scope: SQL[], match: Match, resolved: TextQuery, opts: PassOptions): Promise<TextMatches> {
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
    with ${matchesRead(scope, match, resolved, opts)}
    select (select count(*)::int from m) as total, (select count(*)::int from ${source}) as count,
           (select min(price)::int from m) as lo, (select max(price)::int from m) as hi,
           (select json_agg(id order by ord) from (
              select id, row_number() over (order by ${ORDER[opts.sort]}) as ord from ${source} order by ${ORDER[opts.sort]} limit ${pageSize(opts)} offset ${opts.offset}
           ) page) as ids${facets}
  `,
  );
  const facet = (rows: [string, string, number][] | null | undefined): Facet[] =>
    (rows ?? []).map(([value, label, count]) => ({ value, label, count: Number(count) })).sort((a, b) => a.label.localeCompare(b.label));
  const within = (n: number) => Math.min(n, opts.window ?? n);
  const total = Number(row?.total ?? 0);
  const count = Number(row?.count ?? 0);
  return {
    total: within(total),
    // What the shown figure means: the count after the filters, or the total without any.
    capped: within(count) < count,
    count: within(count),
    facets: { brands: facet(row?.brands), categories: facet(row?.categories), price: { min: row?.lo ?? 0, max: row?.hi ?? 0 } },
    ids: (row?.ids ?? []).map(Number),
  };
}

/**
 * A term's matches in scope: by its words first, by its literal text when the words find nothing
 * ('stick' in 'lipstick'). Null when neither finds anything.
 */
export async function matchProductsByText(
  { db }: DbCtx,
  deptId: number,
  text: TextQuery,
  scope: Scope,
  opts: TextMatchOptions,
): Promise<TextMatches | null> {
  const where = scopeFilters(deptId, scope);
  const pass = { ...opts, narrowing: narrowingFilters(opts.narrowing) };
  for (const match of [wordsMatch(text), substringMatch(text)]) {
    if (!match) continue;
    const found = await matchPass(db, where, match, text, pass);
    if (found.total > 0) return found;
  }
  return null;
}
