import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as messages from '@store/shared/messages';
import { SEARCH_RESULTS_WINDOW, SEARCH_SUGGESTIONS_WINDOW, type SearchResponse, type SuggestionsResponse } from '@store/shared/search';
import type { Db } from '../../db/client.js';
import { brands, categories, departments, products } from '../catalog/catalog.tables.js';
import { writeSetting } from '../content/index.js';
import { describeOnDatabases } from '../../../test/support/app.js';
import { clearSearchCaches, resolveTerm } from './search.service.js';

type Fixture = { name: string; brand: string; department?: string; tags?: string[]; category?: string; rating?: number; inStock?: boolean };

/** Words no demo product uses, so the ranking assertions see only these fixtures. */
const FIXTURES: Fixture[] = [
  { name: 'Zorbly Serum', brand: 'Plainfield' },
  { name: 'Plain Toner', brand: 'Zorbly Labs' },
  { name: 'Daily Cleanser', brand: 'Plainfield', tags: ['zorbly'] },
  { name: 'Gift Box', brand: 'Plainfield', category: 'Zorbly Kits' },
  { name: 'Zorbly Blocks', brand: 'Plainfield Toys', department: 'toys' },
  { name: 'Velvet Matte Lipstick Crimson', brand: 'Plainfield', tags: ['lips'] },
  { name: 'Hydra Moisturizer Cream', brand: 'Plainfield' },
  { name: 'Soft Care Lotion', brand: 'Nivea', rating: 9 },
  { name: 'লাল লিপস্টিক', brand: 'Plainfield' },
  { name: 'Marigold Glycerine Soap', brand: 'Plainfield' },
  { name: 'Quorrel Night Oil', brand: 'Plainfield', tags: ['quorrel glow'], rating: 10 },
];

async function upsertBrand(db: Db, name: string, departmentId: number): Promise<number> {
  const handle = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [row] = await db
    .insert(brands)
    .values({ handle, name, departmentId })
    .onConflictDoUpdate({ target: brands.handle, set: { name } })
    .returning({ id: brands.id });
  return row!.id;
}

async function insertFixtures(db: Db) {
  const depts = new Map((await db.select().from(departments)).map((d) => [d.key, d.id]));
  for (const [i, f] of FIXTURES.entries()) {
    const departmentId = depts.get(f.department ?? '')!;
    const brandId = await upsertBrand(db, f.brand, departmentId);
    let categoryId: number | null = null;
    if (f.category) {
      const [cat] = await db
        .insert(categories)
        .values({ handle: f.category.toLowerCase().replace(/\W+/g, '-'), name: f.category, departmentId })
        .returning({ id: categories.id });
      categoryId = cat!.id;
    }
    await db.insert(products).values({
      handle: `search-fixture-${i}`,
      name: f.name,
      brandId,
      departmentId,
      categoryId,
      tags: f.tags ?? [],
      minPrice: 50_000,
      minDiscountedPrice: 50_000,
      maxPrice: 50_000,
      inStock: f.inStock ?? true,
      rating: f.rating ?? 6,
    });
  }
}

const BAD_INPUTS = [
  '%',
  '_',
  '%%%%',
  '____',
  "'",
  '"',
  "''''",
  '\\',
  '\\\\\\\\',
  '&|!:*()',
  "'; drop table products; --",
  'lip%stick',
  'a & b | !c',
  ':*',
  '<script>alert(1)</script>',
  'x'.repeat(500),
  'lipstick '.repeat(60),
  '😀💄🔥',
  '💄 lipstick',
  'লিপস্টিক',
  'ক্রিম ও লোশন',
  '\u0000\u0007\u200d',
  '   ',
];

describeOnDatabases(
  'search',
  (ctx) => {
    const search = async (term: string, extra = '', headers: Record<string, string> = {}) => {
      const res = await ctx().app.inject({ url: `/api/v1/products/?search=${encodeURIComponent(term)}${extra}`, headers });
      expect(res.statusCode, `search ${JSON.stringify(term)}: ${res.body}`).toBe(200);
      return res.json<SearchResponse>();
    };
    const suggest = async (term: string, extra = '', headers: Record<string, string> = {}) => {
      const res = await ctx().app.inject({ url: `/api/v1/search/suggestions/?q=${encodeURIComponent(term)}${extra}`, headers });
      expect(res.statusCode, `suggest ${JSON.stringify(term)}: ${res.body}`).toBe(200);
      return res.json<SuggestionsResponse>();
    };
    const names = (r: { results: { name: string }[] }) => r.results.map((p) => p.name);

    beforeAll(async () => {
      await insertFixtures(ctx().db);
      clearSearchCaches();
    });

    describe('ranking', () => {
      it('ranks a name match above brand, tag and category matches, in that order', async () => {
        const r = await search('zorbly');
        expect(names(r)).toEqual(['Zorbly Serum', 'Plain Toner', 'Daily Cleanser', 'Gift Box']);
        expect(r.count).toBe(4);
        expect(r.message).toBeNull();
        expect(r.search_no_response_products).toEqual([]);
      });

      it('puts an exact name match above a product that only carries the words as a tag', async () => {
        const r = await search('quorrel night oil');
        expect(names(r)[0]).toBe('Quorrel Night Oil');
        const tagged = await search('quorrel glow');
        expect(names(tagged)).toEqual(['Quorrel Night Oil']);
      });

      it('paginates with a stable count', async () => {
        const page1 = await search('zorbly', '&page_size=2');
        const page2 = await search('zorbly', '&page_size=2&page=2');
        const page3 = await search('zorbly', '&page_size=2&page=3');
        expect(page1.count).toBe(4);
        expect(page2.count).toBe(4);
        expect(names(page1)).toEqual(['Zorbly Serum', 'Plain Toner']);
        expect(names(page2)).toEqual(['Daily Cleanser', 'Gift Box']);
        expect(page3).toMatchObject({ count: 4, results: [], page: 3, message: null });
      });

      it('applies the listing filters and sort, and facets the matches', async () => {
        const r = await search('zorbly', '&brand=zorbly-labs');
        expect(names(r)).toEqual(['Plain Toner']);
        expect(r.facets.brands.map((b) => b.value).sort()).toEqual(['plainfield', 'zorbly-labs']);
        expect(r.facets.categories).toEqual([{ value: 'zorbly-kits', label: 'Zorbly Kits', count: 1 }]);
        expect(r.facets.price).toEqual({ min: 50_000, max: 50_000 });
        const newest = await search('zorbly', '&sort=newest');
        expect(names(newest)).toEqual(['Gift Box', 'Daily Cleanser', 'Plain Toner', 'Zorbly Serum']);
        const none = await search('zorbly', '&price_min=100000');
        expect(none).toMatchObject({ count: 0, results: [], message: null, search_no_response_products: [] });
      });

      it('matches the start of the last word while the shopper is still typing', async () => {
        expect(names(await search('zorb'))).toContain('Zorbly Serum');
        expect(names(await suggest('hydra moist'))[0]).toBe('Hydra Moisturizer Cream');
      });

      it("matches the last word by the catalog's words that complete it when they are few, else as a prefix", async () => {
        // 'quorr' completes only to 'quorrel': a whole word the index can skip through, not a prefix it reads whole.
        const few = await resolveTerm(ctx().db, 'night quorr');
        expect(few.tsquery).toBe("'night' & ('quorr' | 'quorrel')");
        expect(few.exact).toBeNull();
        expect(names(await search('night quorr'))).toEqual(['Quorrel Night Oil']);
        // A single letter stays a prefix (the dictionary has no one-letter words), as does a word with too many completions.
        expect((await resolveTerm(ctx().db, 'zorbly p')).tsquery).toBe("'zorbly' & 'p':*");
        expect(names(await search('zorbly p'))).toContain('Plain Toner');
        expect((await resolveTerm(ctx().db, 'zorbly co')).tsquery).toBe("'zorbly' & 'co':*");
        // Nothing completes it: the prefix stays, and matches nothing.
        expect((await resolveTerm(ctx().db, 'zorbly qqx')).tsquery).toBe("'zorbly' & 'qqx':*");
      });
    });

    describe('typos', () => {
      it("finds lipsticks for 'lipstik'", async () => {
        const r = await search('lipstik');
        expect(r.count).toBeGreaterThan(0);
        expect(names(r)).toContain('Velvet Matte Lipstick Crimson');
        expect(r.results[0]!.name.toLowerCase()).toContain('lipstick');
      });

      it("finds the moisturizer for 'moisturiser'", async () => {
        expect(names(await search('moisturiser'))).toContain('Hydra Moisturizer Cream');
        expect(names(await search('hydra moisturiser cream'))[0]).toBe('Hydra Moisturizer Cream');
      });

      it("finds Nivea for 'nivia'", async () => {
        const r = await search('nivia');
        expect(r.results.length).toBeGreaterThan(0);
        expect(r.results.every((p) => p.brand.name === 'Nivea')).toBe(true);
        expect(names(r)).toContain('Soft Care Lotion');
      });

      it('finds Bangla text', async () => {
        expect(names(await search('লিপস্টিক'))).toContain('লাল লিপস্টিক');
      });

      it('finds English-named products by their Bangla and Banglish names (issue 21)', async () => {
        // লিপস্টিক: the product named in Bangla and the ones named in English.
        const lipsticks = names(await search('লিপস্টিক'));
        expect(lipsticks).toEqual(expect.arrayContaining(['লাল লিপস্টিক', 'Velvet Matte Lipstick Crimson']));
        // Only lipsticks: the Latin reading 'lipstik' is not widened to every 'lip' product.
        expect(
          lipsticks.every((n) => /lipstick|লিপস্টিক/i.test(n)),
          lipsticks.join(', '),
        ).toBe(true);
        for (const term of ['সাবান', 'sabun', 'Sabun']) expect(names(await search(term)), term).toContain('Marigold Glycerine Soap');
        expect(names(await search('lipstik'))).toContain('Velvet Matte Lipstick Crimson');
        expect(names(await search('ক্রিম'))).toContain('Hydra Moisturizer Cream');
        expect(names(await search('লাল ক্রিম'))).toEqual([]);
        // Bangla's 'and', 'for' drop out as English stop words do; a word typed with a zero-width joiner is one word.
        const lipstick = names(await search('lipstick')).sort();
        expect(names(await search('লিপস্টিক ও')).sort()).toEqual(expect.arrayContaining(lipstick));
        expect(names(await search('জন্য lipstick')).sort()).toEqual(lipstick);
        expect(names(await search('সাবান\u200D'))).toContain('Marigold Glycerine Soap');
        const nivea = await search('নিভিয়া');
        expect(nivea.results.length).toBeGreaterThan(0);
        expect(nivea.results.every((p) => p.brand.name === 'Nivea')).toBe(true);
        // Words together still all count: Banglish and English in one term.
        expect(names(await search('velvet lipstik'))).toEqual(['Velvet Matte Lipstick Crimson']);
        // The same products as the English word (by name, or by the category Foundation).
        const foundation = names(await search('foundation')).sort();
        expect(foundation.length).toBeGreaterThan(0);
        for (const term of ['foundeshon', 'ফাউন্ডেশন']) expect(names(await search(term)).sort(), term).toEqual(foundation);
        // The box suggests as a Bangla word is being typed: its Latin reading's completions.
        // (The demo's lipsticks have Bangla names, which the half-typed word finds too: lipsticks all.)
        const typing = await suggest('লিপস্টি');
        expect(typing.count).toBeGreaterThan(typing.results.length);
        expect(
          names(typing).every((n) => /lipstick/i.test(n)),
          names(typing).join(', '),
        ).toBe(true);
        expect(names(await suggest('লিপস্টি velvet'))).toContain('Velvet Matte Lipstick Crimson');
        expect(names(await suggest('সাবান'))).toContain('Marigold Glycerine Soap');
      });
    });

    describe('department', () => {
      it('searches the department of the My-Department header, or of the department parameter', async () => {
        expect(names(await search('zorbly'))).not.toContain('Zorbly Blocks');
        expect(names(await search('zorbly', '', { 'my-department': 'toys' }))).toEqual(['Zorbly Blocks']);
        expect(names(await search('zorbly', '&department=toys'))).toEqual(['Zorbly Blocks']);
        expect(names(await search('zorbly', '&department=', { 'my-department': 'toys' }))).not.toContain('Zorbly Blocks');
        expect((await suggest('zorbly', '', { 'my-department': 'toys' })).results.map((s) => s.name)).toEqual(['Zorbly Blocks']);
      });
    });

    describe('no results', () => {
      it('offers popular in-stock products of the department and says so', async () => {
        const r = await search('qxjvwz');
        expect(r.count).toBe(0);
        expect(r.results).toEqual([]);
        expect(r.message).toBe(messages.searchNoResults('qxjvwz'));
        expect(r.search_no_response_products.length).toBeGreaterThan(0);
        expect(r.search_no_response_products.every((p) => p.in_stock)).toBe(true);
        const ratings = r.search_no_response_products.map((p) => p.rating);
        expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
        const toys = await search('qxjvwz', '&department=toys');
        const toyBrands = (await ctx().app.inject('/api/v1/brands/?department=toys'))
          .json<{ data: { handle: string }[] }>()
          .data.map((b) => b.handle);
        expect(toys.search_no_response_products.length).toBeGreaterThan(0);
        expect(toys.search_no_response_products.every((p) => toyBrands.includes(p.brand.handle))).toBe(true);
      });

      it('answers suggestions with the empty-result message', async () => {
        const s = await suggest('qxjvwz');
        expect(s).toMatchObject({ count: 0, results: [], message: messages.searchNoSuggestions('qxjvwz'), redirect: null });
      });
    });

    describe('suggestions', () => {
      it('gives at most `limit` suggestions with the total the results page shows', async () => {
        const s = await suggest('zorbly', '&limit=3');
        expect(s.results.map((r) => r.name)).toEqual(['Zorbly Serum', 'Plain Toner', 'Daily Cleanser']);
        expect(s.count).toBe(4);
        expect(s.count_capped).toBe(false);
        expect(s.results[0]).toMatchObject({
          brand: 'Plainfield',
          url: '/brand/plainfield/search-fixture-0',
          price: 50_000,
          discounted_price: 50_000,
        });
        expect((await suggest('zorbly', '&limit=5')).results).toHaveLength(4);
        const tooMany = await ctx().app.inject('/api/v1/search/suggestions/?q=zorbly&limit=500');
        expect(tooMany.statusCode).toBe(400);
      });

      it('counts, sorts and ranks a term that matches much of the catalog within its window', async () => {
        const { db } = ctx();
        const [home] = await db.select({ id: departments.id }).from(departments).where(eq(departments.key, 'home'));
        const brandId = await upsertBrand(db, 'Wumbleton Works', home!.id);
        const many = SEARCH_RESULTS_WINDOW + 5;
        // The later a row is written, the cheaper: the cheapest are the last the index would yield.
        const price = (i: number) => 20_000 + (many - i) * 100;
        await db.insert(products).values(
          Array.from({ length: many }, (_, i) => ({
            handle: `wumbleton-${i}`,
            name: `Wumbleton Mug ${i}`,
            brandId,
            departmentId: home!.id,
            minPrice: price(i),
            minDiscountedPrice: price(i),
            maxPrice: price(i),
            inStock: true,
          })),
        );
        clearSearchCaches();
        for (const term of ['wum', 'wumbleton mug']) {
          const s = await suggest(term, '&limit=5&department=home');
          expect(s.count, term).toBe(SEARCH_SUGGESTIONS_WINDOW);
          expect(s.count_capped, term).toBe(true);
          expect(s.results).toHaveLength(5);
          for (const r of s.results) expect(r.name).toMatch(/^Wumbleton Mug \d+$/);
          const r = await search(term, '&department=home');
          expect([r.count, r.count_capped], term).toEqual([SEARCH_RESULTS_WINDOW, true]);
          expect(r.results).toHaveLength(24);
        }
        // A sort by price reads along its index: the first page is the cheapest of every match, not of a window's.
        const byPrice = Array.from({ length: many }, (_, i) => i).sort((a, b) => price(a) - price(b));
        const cheapest = await search('wumbleton', '&department=home&sort=price_asc');
        expect(names(cheapest)).toEqual(byPrice.slice(0, 24).map((i) => `Wumbleton Mug ${i}`));
        const dearest = await search('wumbleton', '&department=home&sort=price_desc&page=2');
        expect(names(dearest)).toEqual(
          byPrice
            .reverse()
            .slice(24, 48)
            .map((i) => `Wumbleton Mug ${i}`),
        );
        // A filter sees every match, not only the window's: the 10 cheapest are the last the index yields.
        const cheap = await search('wumbleton', '&department=home&price_max=210');
        expect([cheap.count, cheap.count_capped]).toEqual([10, false]);
        expect(names(cheap)).toHaveLength(10);
        // So does a sorted one, whose window holds the dearest.
        const cheapDearestFirst = await search('wumbleton', '&department=home&price_max=210&sort=price_desc');
        expect([cheapDearestFirst.count, cheapDearestFirst.count_capped]).toEqual([10, false]);
        expect(names(cheapDearestFirst)).toEqual(Array.from({ length: 10 }, (_, k) => `Wumbleton Mug ${many - 10 + k}`));
        // A window that holds every match (Mug 17 and 170–179) is filtered as it is.
        const held = await search('wumbleton mug 17', '&department=home&price_min=1030&sort=price_asc');
        expect([held.count, held.count_capped]).toEqual([7, false]);
        expect(names(held)).toEqual([175, 174, 173, 172, 171, 170, 17].map((i) => `Wumbleton Mug ${i}`));
        // The last page ends with the window: its one-past row is not shown.
        const last = await search('wumbleton', `&department=home&sort=price_asc&page=${Math.ceil(SEARCH_RESULTS_WINDOW / 24)}`);
        expect(last.results).toHaveLength(SEARCH_RESULTS_WINDOW % 24);
        // A term the window holds whole is counted exactly.
        const one = await suggest('wumbleton mug 17', '&department=home');
        expect([one.count, one.count_capped]).toEqual([11, false]);
        expect(one.results[0]!.name).toBe('Wumbleton Mug 17');
        expect((await search('wumbleton mug 17', '&department=home')).count_capped).toBe(false);
      });
    });

    describe('redirect words', () => {
      beforeAll(async () => {
        await writeSetting(ctx(), 'search_redirects', {
          toy_brand_words: ['zorbly blocks', 'plainfield toys'],
          luxury: { word: 'quorrel', brand: 'plainfield' },
        });
        clearSearchCaches();
      });

      it('sends a toy brand word to the toys section, searching toys', async () => {
        const r = await search('Zorbly Blocks');
        expect(r.redirect).toBe('/kids/product/?search=Zorbly%20Blocks');
        expect(names(r)).toEqual(['Zorbly Blocks']);
        const s = await suggest('plainfield toys');
        expect(s.redirect).toBe('/kids/product/?search=plainfield%20toys');
        expect(s.results.map((x) => x.name)).toEqual(['Zorbly Blocks']);
      });

      it('does not redirect inside the toys section, nor on a longer word', async () => {
        expect((await search('zorbly blocks', '&department=toys')).redirect).toBeNull();
        expect((await search('zorbly blockset')).redirect).toBeNull();
      });

      it('sends the luxury brand word to its brand page', async () => {
        expect((await search('quorrel')).redirect).toBe('/brand/plainfield');
        expect((await suggest('QUORREL oil')).redirect).toBe('/brand/plainfield');
      });
    });

    describe('the search document', () => {
      it('follows a renamed brand and changed tags', async () => {
        const db = ctx().db;
        await db.update(brands).set({ name: 'Blorptastic' }).where(eq(brands.handle, 'zorbly-labs'));
        await db
          .update(products)
          .set({ tags: ['snarfwidget'] })
          .where(eq(products.handle, 'search-fixture-2'));
        expect(names(await search('blorptastic'))).toEqual(['Plain Toner']);
        expect(names(await search('snarfwidget'))).toEqual(['Daily Cleanser']);
        expect(names(await search('snarfwidgit'))).toEqual(['Daily Cleanser']);
      });

      it('keeps the search columns filled for every product', async () => {
        const [row] = await ctx()
          .db.execute<{ n: number }>(sql`select count(*)::int as n from products where search_text = '' or search_vector = ''::tsvector`)
          .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
        expect(row!.n).toBe(0);
      });
    });

    describe('bad input', () => {
      it.each(BAD_INPUTS)('answers 200 for %j', async (term) => {
        const r = await search(term);
        expect(r.search.length).toBeLessThanOrEqual(100);
        if (r.count === 0) expect(r.search_no_response_products.length).toBeGreaterThan(0);
        const s = await suggest(term);
        expect(s.results.length).toBeLessThanOrEqual(5);
      });

      it('treats LIKE wildcards and operators literally', async () => {
        for (const term of ['%', '%%%%', '____', '&|!:*()', '\\\\\\\\']) {
          expect((await search(term)).count, term).toBe(0);
        }
        expect(names(await search('lipstick!'))).toContain('Velvet Matte Lipstick Crimson');
      });

      it('cuts a long term to 100 characters', async () => {
        const r = await search('lipstick '.repeat(60));
        expect(r.search).toBe('lipstick '.repeat(60).slice(0, 100).trim());
        expect(names(r)).toContain('Velvet Matte Lipstick Crimson');
      });

      it('takes the first of repeated search parameters, and answers an empty term with popular products', async () => {
        const r = await ctx().app.inject('/api/v1/products/?search=zorbly+serum&search=xyz');
        expect(r.statusCode).toBe(200);
        expect(names(r.json<SearchResponse>())).toEqual(['Zorbly Serum']);
        const empty = await search('');
        expect(empty).toMatchObject({ count: 0, results: [], message: messages.searchTermEmpty() });
        expect(empty.search_no_response_products.length).toBeGreaterThan(0);
        expect(await suggest('')).toMatchObject({ count: 0, results: [], message: null });
      });
    });

    it('leaves the listing without search as it was', async () => {
      const res = await ctx().app.inject('/api/v1/products/?page_size=2');
      expect(res.statusCode).toBe(200);
      const body = res.json<Record<string, unknown>>();
      expect(body).not.toHaveProperty('search_no_response_products');
      expect(body.page_size).toBe(2);
    });
  },
  { seed: true },
);
