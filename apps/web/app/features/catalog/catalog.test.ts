import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@store/shared/catalog';
import { sectionPrefix } from './departments';
import {
  activeFilterCount,
  apiListingQuery,
  carriedParams,
  cleanListingParams,
  listingHref,
  pageHref,
  pageWindow,
  readListingState,
  withoutFilter,
} from './listing-query';
import { perfumeTypeLabel } from './perfume-type';
import { cardPrice, variantPrice } from './price';
import { breadcrumbJsonLd, htmlToText, productJsonLd, productSeo, truncate } from './seo';

describe('perfumeTypeLabel', () => {
  it('names EDP, EDT and EDC whatever their case, and nothing else', () => {
    expect(perfumeTypeLabel(['new', 'EDP'])).toBe('Eau de Parfum');
    expect(perfumeTypeLabel(['edt'])).toBe('Eau de Toilette');
    expect(perfumeTypeLabel([' EDC '])).toBe('Eau de Cologne');
    expect(perfumeTypeLabel(['lipstick', 'EDPX'])).toBeNull();
    expect(perfumeTypeLabel([])).toBeNull();
  });
});

describe('price display', () => {
  const card = {
    price: 250_000,
    discounted_price: 200_000,
    from: true,
    max_discount: { value: 20, show_on_detail_page: true, show_on_homepage: false },
  };

  it('shows From, the discounted price and the struck regular price in taka', () => {
    expect(cardPrice(card, 'listing')).toEqual({ from: true, current: '৳2,000', regular: '৳2,500', badge: 'Up to -20%' });
  });

  it('hides the sale badge on the home page unless show_on_homepage', () => {
    expect(cardPrice(card, 'home').badge).toBeNull();
    expect(cardPrice({ ...card, max_discount: { ...card.max_discount, show_on_homepage: true } }, 'home').badge).toBe('Up to -20%');
  });

  it('shows one plain price without a discount', () => {
    expect(
      cardPrice(
        {
          price: 10_000_000,
          discounted_price: 10_000_000,
          from: false,
          max_discount: { value: 0, show_on_detail_page: true, show_on_homepage: true },
        },
        'listing',
      ),
    ).toEqual({
      from: false,
      current: '৳1,00,000',
      regular: null,
      badge: null,
    });
  });

  it('prices a chosen variant with its own discount', () => {
    expect(variantPrice({ price: 180_000, discounted_price: 162_000, discount: 10 }, true)).toEqual({
      from: false,
      current: '৳1,620',
      regular: '৳1,800',
      badge: '-10%',
    });
    expect(variantPrice({ price: 180_000, discounted_price: 162_000, discount: 10 }, false).badge).toBeNull();
    expect(variantPrice({ price: 100_000, discounted_price: 100_000, discount: 0 }, true)).toEqual({
      from: false,
      current: '৳1,000',
      regular: null,
      badge: null,
    });
  });
});

describe('listing query strings', () => {
  const q = (s: string) => new URLSearchParams(s);

  it('cleans a raw GET form into the canonical URL', () => {
    const raw = q('department=&brand=lakme&brand=&brand=nivea&category=&price_min=&price_max=500&on_sale=true&sort=newest&search=rose');
    // Search results default to relevance, so there newest is a choice the URL keeps.
    expect(cleanListingParams(raw).toString()).toBe('brand=lakme&brand=nivea&price_max=500&on_sale=true&sort=newest&search=rose');
    expect(cleanListingParams(q('search=rose&sort=relevance')).toString()).toBe('search=rose');
    expect(listingHref('/all-product/', q('sort=newest&page=1'))).toBe('/all-product/');
    expect(listingHref('/all-product/', q('brand=a,b&brand=b&in_stock=on'))).toBe('/all-product/?brand=a&brand=b&in_stock=true');
  });

  it('reads the form state leniently', () => {
    expect(readListingState(q('brand=a,b&brand=c&sort=top_rated&page=3&on_sale=1'))).toEqual({
      department: '',
      brands: ['a', 'b', 'c'],
      category: '',
      price_min: '',
      price_max: '',
      on_sale: true,
      in_stock: false,
      sort: 'top_rated',
      page: 3,
    });
    expect(readListingState(q('sort=cheap&page=-2'))).toMatchObject({ sort: 'newest', page: 1 });
  });

  it('builds the API query with the route scope winning over the URL', () => {
    expect(apiListingQuery(q('brand=a&brand=b&sort=price_asc&page=2&search=x'))).toBe('brand=a%2Cb&sort=price_asc&page=2&page_size=24');
    expect(apiListingQuery(q('department=beauty'))).toBe('department=&page_size=24');
    expect(apiListingQuery(q('collection=best-sellers&search=x'))).toBe('collection=best-sellers&page_size=24');
    expect(apiListingQuery(q('department=toys&brand=a'), { department: 'sport', brand: 'nike' })).toBe(
      'department=sport&brand=nike&page_size=24',
    );
    // Bad values pass through so the API answers 400 with its fields.
    expect(apiListingQuery(q('page=zero&on_sale=maybe'))).toBe('on_sale=maybe&page=zero&page_size=24');
  });

  it('links pages and removes one filter, resetting the page', () => {
    expect(pageHref('/all-product/', q('sort=price_desc&page=2'), 3)).toBe('/all-product/?sort=price_desc&page=3');
    expect(pageHref('/kids/all-product/', q('page=2'), 1)).toBe('/kids/all-product/');
    expect(withoutFilter('/all-product/', q('brand=a&brand=b&page=4'), 'brand', 'a')).toBe('/all-product/?brand=b');
    expect(withoutFilter('/product/', q('search=rose&on_sale=true'), 'on_sale')).toBe('/product/?search=rose');
    expect(withoutFilter('/all-product/', q('price_min=10&price_max=90&in_stock=true'), ['price_min', 'price_max'])).toBe(
      '/all-product/?in_stock=true',
    );
  });

  it('carries the keys the form has no control for and counts the active filters', () => {
    expect(carriedParams(q('search=rose&collection=new&brand=a&page=2&sort=top_rated'))).toEqual([
      ['search', 'rose'],
      ['collection', 'new'],
    ]);
    const state = readListingState(q('brand=a&brand=b&price_max=900&in_stock=true&department=toys&sort=price_asc'));
    expect(activeFilterCount(state)).toBe(5);
    expect(activeFilterCount(state, { brand: 'a', department: 'toys' })).toBe(2);
  });

  it('windows long page lists with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('maps departments to their section prefixes', () => {
    expect(sectionPrefix('toys')).toBe('/kids');
    expect(sectionPrefix('sport')).toBe('/sports');
    expect(sectionPrefix('')).toBe('');
  });
});

describe('SEO and JSON-LD', () => {
  const product: ProductDetail = {
    id: 1,
    handle: 'rose',
    name: 'Rose Eau',
    url: '/brand/alpha/rose',
    body_html: '<p>Soft &amp; warm <b>rose</b>.</p><p>Long&nbsp;lasting.</p>',
    brand: 'Alpha',
    brand_ref: { id: 1, handle: 'alpha', name: 'Alpha' },
    brand_page: null,
    department: '',
    category: { handle: 'perfume', name: 'Perfume' },
    images: [{ original: '/media/rose.jpg', webp: '/media/rose.webp', mobile: '/media/rose-m.webp', alt: 'Rose', width: 800, height: 800 }],
    tags: ['EDP'],
    product_variants: [
      { variant_id: 11, sku: 'R-50', title: '50 ml', price: 100_000, discount: 0, discounted_price: 100_000, stock: 4, in_stock: true },
      { variant_id: 12, sku: 'R-100', title: '100 ml', price: 180_000, discount: 10, discounted_price: 162_000, stock: 0, in_stock: false },
    ],
    max_discount: { value: 10, show_on_detail_page: true, show_on_homepage: true },
    sale: false,
    reviews: [],
    rating: 4.5,
    review_count: 2,
    metafields: [],
  };

  it('turns HTML into text and truncates at a word', () => {
    expect(htmlToText(product.body_html)).toBe('Soft & warm rose. Long lasting.');
    expect(htmlToText('a&#39;b &#x41; <script>x()</script>c')).toBe("a'b A c");
    expect(htmlToText('<p>one</p><p>two<br>three</p>')).toBe('one two three');
    expect(truncate('one two three four five', 16)).toBe('one two three…');
    expect(truncate('abcdefghijklmnop', 8)).toBe('abcdefg…');
    expect(truncate('short', 12)).toBe('short');
  });

  it('takes title and description from the metafields, with fallbacks', () => {
    expect(productSeo(product)).toEqual({ title: 'Rose Eau | Alpha', description: 'Soft & warm rose. Long lasting.' });
    const tagged = {
      ...product,
      metafields: [
        { key: 'title_tag', value: 'Rose EDP online' },
        { key: 'description_tag', value: 'Buy rose.' },
      ],
    };
    expect(productSeo(tagged)).toEqual({ title: 'Rose EDP online', description: 'Buy rose.' });
  });

  it('builds a Product with BDT offers per variant and a rating only when reviewed', () => {
    const ld = productJsonLd(product, 'https://shop.example');
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Rose Eau',
      image: ['https://shop.example/media/rose.jpg'],
      sku: 'R-50',
      brand: { '@type': 'Brand', name: 'Alpha' },
      url: 'https://shop.example/brand/alpha/rose',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5 },
    });
    expect(ld.offers).toEqual([
      {
        '@type': 'Offer',
        sku: 'R-50',
        name: '50 ml',
        price: 1000,
        priceCurrency: 'BDT',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        url: 'https://shop.example/brand/alpha/rose?variant=11',
      },
      expect.objectContaining({
        price: 1620,
        availability: 'https://schema.org/OutOfStock',
        url: 'https://shop.example/brand/alpha/rose?variant=12',
      }),
    ]);
    const unreviewed = productJsonLd(
      { ...product, review_count: 0, rating: 0, product_variants: [product.product_variants[0]!] },
      'https://shop.example',
    );
    expect(unreviewed).not.toHaveProperty('aggregateRating');
    expect(unreviewed).not.toHaveProperty('review');
    // The approved reviews the page shows are its Review entries.
    const reviewed = productJsonLd(
      {
        ...product,
        reviews: [
          { id: 1, name: 'Nusrat J.', star: 5, text: 'Lovely', created_at: '2026-09-03T10:00:00.000Z', verified: true, reply: null },
        ],
      },
      'https://shop.example',
    );
    expect(reviewed.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Nusrat J.' },
        datePublished: '2026-09-03',
        reviewBody: 'Lovely',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      },
    ]);
    expect(unreviewed.offers).toMatchObject({ '@type': 'Offer', url: 'https://shop.example/brand/alpha/rose' });
  });

  it('builds the crumbs Home > Department > Category > Product', async () => {
    const { productCrumbs } = await import('./seo');
    expect(productCrumbs(product)).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Beauty', path: '/all-product/?department=beauty' },
      { name: 'Perfume', path: '/all-product/?category=perfume' },
      { name: 'Rose Eau', path: '/brand/alpha/rose' },
    ]);
    expect(productCrumbs({ ...product, department: 'toys', category: null }).map((c) => c.path)).toEqual([
      '/',
      '/toys',
      '/brand/alpha/rose',
    ]);
    expect(productCrumbs({ ...product, department: 'sport' })[2]?.path).toBe('/sports/all-product/?category=perfume');
  });

  it('builds a BreadcrumbList with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/' },
          { name: 'Rose Eau', path: '/brand/alpha/rose' },
        ],
        'https://shop.example',
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
        { '@type': 'ListItem', position: 2, name: 'Rose Eau', item: 'https://shop.example/brand/alpha/rose' },
      ],
    });
  });
});

describe('product page helpers', () => {
  it('reads the notify-me contact with the SPEC messages', async () => {
    const { parseNotifyContact } = await import('./notify-contact');
    expect(parseNotifyContact('  A@B.com ')).toEqual({ ok: true, body: { email: 'a@b.com' } });
    expect(parseNotifyContact('01712-345678')).toEqual({ ok: true, body: { phone: '01712-345678' } });
    expect(parseNotifyContact('')).toEqual({ ok: false, error: 'Please enter your email or phone number' });
    expect(parseNotifyContact('a@b')).toEqual({ ok: false, error: 'Please enter valid email' });
    expect(parseNotifyContact('01212345678')).toEqual({ ok: false, error: 'Please enter valid phone number' });
    expect(parseNotifyContact('hello')).toEqual({ ok: false, error: 'Please enter valid email or phone' });
  });

  it('labels and selects variants', async () => {
    const { hasChoice, selectedVariant, variantGroupLabel } = await import('./variant-label');
    expect(variantGroupLabel([{ title: '50 ml' }, { title: '100ml' }], '')).toBe('Size');
    expect(variantGroupLabel([{ title: 'Ruby Red' }, { title: 'Nude' }], '')).toBe('Shade');
    expect(variantGroupLabel([{ title: 'Blue' }], 'toys')).toBe('Option');
    const vs = [
      { variant_id: 1, in_stock: false },
      { variant_id: 2, in_stock: true },
      { variant_id: 3, in_stock: true },
    ];
    expect(selectedVariant(vs, '3')?.variant_id).toBe(3);
    expect(selectedVariant(vs, '1')?.variant_id).toBe(1);
    expect(selectedVariant(vs, null)?.variant_id).toBe(2);
    expect(selectedVariant(vs, '99')?.variant_id).toBe(2);
    expect(hasChoice([{ title: 'Default' }])).toBe(false);
    expect(hasChoice([{ title: '30 ml' }])).toBe(true);
  });
});

describe('home banners', () => {
  it('hides device-specific banners at the other size and loads the first of each size eagerly', async () => {
    const { deviceClass, eagerBannerIds } = await import('./banner-layout');
    expect(deviceClass('mobile')).toBe('lg:hidden');
    expect(deviceClass('desktop')).toBe('max-lg:hidden');
    expect(deviceClass('all')).toBe('');
    expect(
      [
        ...eagerBannerIds([
          { id: 1, device: 'desktop' },
          { id: 2, device: 'mobile' },
          { id: 3, device: 'all' },
        ]),
      ].sort(),
    ).toEqual([1, 2]);
    expect([
      ...eagerBannerIds([
        { id: 7, device: 'all' },
        { id: 8, device: 'all' },
      ]),
    ]).toEqual([7]);
    expect([...eagerBannerIds([])]).toEqual([]);
  });
});
