import { describe, expect, it } from 'vitest';
import { ProductsQuerySchema } from '@store/shared/search';
import { correctListingQuery, lastPageIfPast, readTaka, redirectPastLastPage } from './listing-corrections.server';
import { apiListingQuery } from './listing-query';

const correct = (query: string, scope = {}) => {
  const { search, notices } = correctListingQuery(new URLSearchParams(query), scope);
  return { query: search.toString(), notices };
};

describe('correctListingQuery', () => {
  it('leaves a good link as it is and says nothing', () => {
    const good =
      'department=toys&brand=lego&brand=barbie&category=dolls&price_min=500&price_max=3000&on_sale=true&in_stock=true&sort=price_asc&page=2';
    expect(correct(good)).toEqual({ query: good, notices: [] });
    expect(correct('search=lip+balm&sort=relevance')).toEqual({ query: 'search=lip+balm&sort=relevance', notices: [] });
  });

  it('reads a page that is no page number as page 1, and says so', () => {
    for (const page of ['abc', '0', '-2', '1.5', '2e3'])
      expect(correct(`page=${page}&in_stock=true`)).toEqual({
        query: 'in_stock=true',
        notices: [`Page “${page}” doesn’t exist, so this is page 1.`],
      });
    // A page past the API's bound is past the last page anyway: the loader sends it to the last one.
    expect(correct('page=99999999').query).toBe('page=10000');
  });

  it('leaves out a price that is no price, and reads the ways people write one', () => {
    expect(correct('price_min=xyz&price_max=2000')).toEqual({
      query: 'price_max=2000',
      notices: ['“xyz” isn’t a price, so the minimum price was left out.'],
    });
    expect(correct('price_max=-5').notices).toEqual(['“-5” isn’t a price, so the maximum price was left out.']);
    expect(correct('price_min=৳1,500&price_max=Tk 2000.4').query).toBe('price_min=1500&price_max=2000');
    expect(correct('min_price=100&max_price=900').query).toBe('price_min=100&price_max=900');
    expect(readTaka('99999999999')).toBeNull();
    expect(readTaka('NaN')).toBeNull();
    expect(readTaka('Infinity')).toBeNull();
  });

  it('swaps a minimum above the maximum and says so in taka', () => {
    expect(correct('price_min=5000&price_max=1000')).toEqual({
      query: 'price_min=1000&price_max=5000',
      notices: ['The minimum price was above the maximum, so they were swapped: ৳1,000 – ৳5,000.'],
    });
    expect(correct('price_min=1000&price_max=1000').notices).toEqual([]);
  });

  it('sorts by the default when the sort is unknown, relevance only for a search', () => {
    expect(correct('sort=cheapest')).toEqual({
      query: '',
      notices: ['Products can’t be sorted by “cheapest”, so they are sorted by Newest.'],
    });
    expect(correct('search=soap&sort=best').notices).toEqual(['Products can’t be sorted by “best”, so they are sorted by Relevance.']);
    expect(correct('sort=relevance')).toEqual({ query: '', notices: [] });
    expect(correct('sort=PRICE_DESC').query).toBe('sort=price_desc');
  });

  it('leaves out a switch that is neither yes nor no, and an unknown department', () => {
    expect(correct('on_sale=maybe&in_stock=on')).toEqual({
      query: 'in_stock=true',
      notices: ['“maybe” isn’t yes or no, so the On sale filter was left out.'],
    });
    expect(correct('on_sale=false&in_stock=0')).toEqual({ query: '', notices: [] });
    expect(correct('on_sale=yes&in_stock=off')).toEqual({ query: 'on_sale=true', notices: [] });
    expect(correct('department=garden')).toEqual({
      query: '',
      notices: ['There is no “garden” department, so all departments are shown.'],
    });
    expect(correct('department=Toys').query).toBe('department=toys');
    // A section or a brand page fixes the department or the brand: the link's values are not used.
    expect(correct('department=garden&brand=lego', { department: 'toys' })).toEqual({ query: 'brand=lego', notices: [] });
    expect(correct('brand=dior&in_stock=1', { brand: 'lego' }).query).toBe('in_stock=true');
  });

  it('quotes a long value short, and leaves out text the database cannot hold', () => {
    const long = 'x'.repeat(300);
    expect(correct(`sort=${long}`).notices).toEqual([`Products can’t be sorted by “${'x'.repeat(23)}…”, so they are sorted by Newest.`]);
    expect(correct(`category=${encodeURIComponent('dolls\u0000')}&collection=${'c'.repeat(101)}`)).toEqual({
      query: '',
      notices: [
        'The category in this link couldn’t be read, so it was left out.',
        'The collection in this link couldn’t be read, so it was left out.',
      ],
    });
    expect(correct(`brand=a,${'b'.repeat(250)}`)).toEqual({
      query: 'brand=a',
      notices: ['The brand in this link couldn’t be read, so it was left out.'],
    });
  });

  it('keeps the first of a repeated value and carries keys it does not own', () => {
    expect(correct('page=3&page=abc&search=lego&utm_source=fb').query).toBe('page=3&search=lego&utm_source=fb');
  });

  it('always gives a query the API accepts, whatever the link held', () => {
    const nasty = [
      'page=abc&price_min=xyz&sort=cheapest&on_sale=maybe&department=garden&in_stock=2',
      'price_min=9000&price_max=10&page=0',
      `brand=${'z'.repeat(400)}&category=${'q'.repeat(200)}&page=1e9`,
      'price_min=1e400&price_max=-0&sort=&page=&department=',
      'min_price=৳৳&max_price=,,,&on_sale=TRUE&in_stock=nope',
    ];
    for (const query of nasty) {
      const { search } = correctListingQuery(new URLSearchParams(query));
      const sent = Object.fromEntries(new URLSearchParams(apiListingQuery(search)));
      expect(ProductsQuerySchema.safeParse(sent).success, query).toBe(true);
    }
  });
});

describe('a page past the last', () => {
  const list = (count: number, page: number, cards: number) => ({
    count,
    page,
    page_size: 24,
    results: Array.from({ length: cards }, () => null as never),
  });

  it('is found only when the page is past the last one', () => {
    expect(lastPageIfPast(list(186, 50, 0))).toBe(8);
    expect(lastPageIfPast(list(186, 8, 18))).toBeNull();
    expect(lastPageIfPast(list(0, 3, 0))).toBe(1);
    expect(lastPageIfPast(list(0, 1, 0))).toBeNull();
  });

  it('redirects to the last page with the other values of the link kept', () => {
    const url = new URL('http://shop.test/kids/all-product/?brand=lego&sort=price_asc&page=50&utm_source=fb');
    let thrown: unknown;
    try {
      redirectPastLastPage('/kids/all-product/', url, list(30, 50, 0));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toBe('/kids/all-product/?brand=lego&sort=price_asc&page=2&utm_source=fb');
    expect(() => redirectPastLastPage('/all-product/', new URL('http://shop.test/all-product/?page=2'), list(30, 2, 6))).not.toThrow();
  });
});
