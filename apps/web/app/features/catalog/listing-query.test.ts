import { describe, expect, it } from 'vitest';
import { listingHeading } from './listing-query';

describe('listingHeading', () => {
  const heading = (query: string, department?: '' | 'toys' | 'sport', collection: { title: string } | null = null) =>
    listingHeading(department, new URLSearchParams(query), collection);

  it('names a collection by its title, whatever else is chosen', () => {
    expect(heading('collection=on-sale', undefined, { title: 'On sale' })).toBe('On sale');
    expect(heading('collection=member-deals&on_sale=true', undefined, { title: 'Member deals' })).toBe('Member deals');
  });

  it('heads products on sale as such, in the department of the section or the link', () => {
    expect(heading('on_sale=true')).toBe('On sale');
    expect(heading('on_sale=true&department=toys')).toBe('Toys on sale');
    expect(heading('on_sale=1', 'sport')).toBe('Sport on sale');
    expect(heading('department=beauty&on_sale=on')).toBe('Beauty on sale');
  });

  it('heads everything else as all products of the department', () => {
    expect(heading('')).toBe('All products');
    expect(heading('in_stock=true', 'toys')).toBe('All toys products');
    expect(heading('department=sport')).toBe('All sport products');
    expect(heading('on_sale=false&collection=gone')).toBe('All products');
  });
});
