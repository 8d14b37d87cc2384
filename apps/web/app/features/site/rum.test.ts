import { describe, expect, it } from 'vitest';
import { deviceOfWidth } from '@store/shared/rum-kinds';
import { pageTypeOf } from './rum';

describe('real-user monitoring', () => {
  it('names the page type of every storefront route the dashboard groups by', () => {
    const cases: [string | undefined, string][] = [
      ['home-beauty', 'home'],
      ['home-toys', 'home'],
      ['routes/listing', 'listing'],
      ['routes/search', 'search'],
      ['routes/product', 'product'],
      ['routes/brand', 'brand'],
      ['routes/checkout', 'checkout'],
      ['routes/receipt', 'checkout'],
      ['routes/account', 'account'],
      ['routes/verify-email', 'account'],
      ['routes/page', 'content'],
      ['blog-list', 'content'],
      ['routes/blog-post', 'content'],
      ['about-terms', 'content'],
      ['routes/not-found', 'other'],
      ['routes/catch-all', 'other'],
      [undefined, 'other'],
    ];
    for (const [route, type] of cases) expect(pageTypeOf(route), String(route)).toBe(type);
  });

  it('classes devices at the breakpoints of SPEC §9', () => {
    expect([390, 767, 768, 1023, 1024, 1440].map(deviceOfWidth)).toEqual(['phone', 'phone', 'tablet', 'tablet', 'desktop', 'desktop']);
  });
});
