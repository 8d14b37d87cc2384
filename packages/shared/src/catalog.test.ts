import { describe, expect, it } from 'vitest';
import { aggregateRating, ProductListQuerySchema } from './catalog.js';

describe('aggregateRating', () => {
  it('is the mean star rounded to the nearest half, 0 with no reviews', () => {
    expect(aggregateRating([])).toBe(0);
    expect(aggregateRating([5])).toBe(5);
    expect(aggregateRating([4, 5])).toBe(4.5);
    expect(aggregateRating([4, 4, 5])).toBe(4.5); // 4.33 → 4.5
    expect(aggregateRating([4, 4, 4, 5])).toBe(4.5); // 4.25 → 4.5
    expect(aggregateRating([4, 4, 4, 4, 5])).toBe(4); // 4.2 → 4
  });
});

describe('ProductListQuerySchema', () => {
  it('applies defaults and coerces the URL strings', () => {
    expect(ProductListQuerySchema.parse({ page: '2', on_sale: 'true', price_min: '100' })).toMatchObject({
      page: 2,
      page_size: 24,
      sort: 'newest',
      on_sale: true,
      price_min: 100,
    });
  });

  it('refuses bad values with a message per field', () => {
    const r = ProductListQuerySchema.safeParse({ page: '0', sort: 'cheapest', price_min: '500', price_max: '100' });
    expect(r.success).toBe(false);
    const paths = r.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['page', 'sort']));
  });
});
