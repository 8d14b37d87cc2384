import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import type { ProductCard, ProductImage } from '@store/shared/catalog';
import { SECTION_PREFIXES } from '@store/shared/constants';
import type { FooterGroup, HomeResponse, NavItem, Page, SiteSettings, StoreLocation } from '@store/shared/content';
import { describeOnDatabases } from '../../../test/support/app.js';
import { selectRows, type Db } from '../client.js';
import { isSeeded, seedDemo } from './index.js';

// One media folder for the whole file: the PostgreSQL run finds the PGlite run's pictures and keeps them.
const mediaRoot = mkdtempSync(join(tmpdir(), 'seed-test-media-'));
afterAll(() => rmSync(mediaRoot, { recursive: true, force: true }));
const quiet = () => {};

const rows = selectRows;
async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  return (await rows<T>(db, query))[0]!;
}
const n = (v: unknown) => Number(v);

const TABLES = [
  'departments',
  'brands',
  'categories',
  'products',
  'variants',
  'reviews',
  'collections',
  'collection_products',
  'nav_items',
  'footer_groups',
  'footer_links',
  'pages',
  'blog_posts',
  'banners',
  'store_locations',
  'settings',
] as const;
type Counts = Record<(typeof TABLES)[number], number>;

async function counts(db: Db): Promise<Counts> {
  const out = {} as Counts;
  for (const table of TABLES) out[table] = n((await one<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`))).n);
  return out;
}

describeOnDatabases('demo seed', (ctx) => {
  const mediaDir = join(mediaRoot, 'media');
  // Runs without pictures get a folder of their own, to show that they write no file.
  const blankDir = () => join(mediaRoot, `blank-${ctx().kind}`);
  let afterFirst: Counts;

  it('is not seeded before and is after', async () => {
    expect(await isSeeded(ctx().db)).toBe(false);
    await seedDemo(ctx().database, { mediaDir: blankDir(), images: false, log: quiet });
    expect(await isSeeded(ctx().db)).toBe(true);
    expect(existsSync(blankDir())).toBe(false);
    afterFirst = await counts(ctx().db);
  });

  it('gives each delivered demo order the points it earned (issue 22)', async () => {
    const db = ctx().db;
    const [delivered] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders where status = 'delivered' and customer_id is not null`,
    );
    const [earned] = await rows<{ n: number; points: number }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(points), 0)::int as points from loyalty_entries where kind = 'earned'`,
    );
    expect(delivered!.n).toBeGreaterThan(0);
    expect(earned!.n).toBe(delivered!.n);
    expect(earned!.points).toBeGreaterThan(0);
    const [mismatched] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders o join loyalty_entries e on e.order_id = o.id and e.kind = 'earned' where o.points_earned <> e.points`,
    );
    expect(mismatched!.n).toBe(0);
  });

  it('has the departments, brands, products, pages, posts and stores of the demo shop', async () => {
    const db = ctx().db;
    expect(
      (await rows<{ key: string; name: string }>(db, sql`select key, name from departments order by position`)).map((d) => [d.key, d.name]),
    ).toEqual([
      ['', 'Beauty'],
      ['toys', 'Toys'],
      ['home', 'Home'],
      ['sport', 'Sport'],
    ]);
    expect(afterFirst.brands).toBeGreaterThanOrEqual(30);
    expect(afterFirst.products).toBeGreaterThanOrEqual(160);
    const perDept = await rows<{ key: string; n: number }>(
      db,
      sql`select d.key, count(*)::int as n from products p join departments d on d.id = p.department_id group by d.key`,
    );
    const byKey = Object.fromEntries(perDept.map((r) => [r.key, n(r.n)]));
    expect(byKey['']).toBeGreaterThanOrEqual(100);
    for (const key of ['toys', 'home', 'sport']) expect(byKey[key]).toBeGreaterThanOrEqual(18);
    expect(afterFirst.blog_posts).toBe(6);
    expect(afterFirst.store_locations).toBe(3);
    expect((await rows<{ handle: string }>(db, sql`select handle from pages order by handle`)).map((p) => p.handle)).toEqual([
      'about-us',
      'contact-us',
      'privacy-policy',
      'return-policy',
      'shipping-policy',
      'terms-conditions',
    ]);
    const stores = await rows<{ area: string; city: string }>(db, sql`select area, city from store_locations order by id`);
    expect(stores.map((s) => s.area)).toEqual(['Gulshan 2', 'Dhanmondi 27', 'Bashundhara City']);
    expect(stores.every((s) => s.city === 'Dhaka')).toBe(true);
    // Categories have parents per department.
    const orphans = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from categories c where c.parent_id is not null and not exists (select 1 from categories p where p.id = c.parent_id and p.department_id = c.department_id)`,
    );
    expect(n(orphans.n)).toBe(0);
  });

  it('gives every product 1–6 variants at whole-taka prices, with sales and stock like a real shop', async () => {
    const db = ctx().db;
    const variantCounts = await rows<{ n: number }>(
      db,
      sql`select count(v.id)::int as n from products p left join variants v on v.product_id = p.id group by p.id`,
    );
    expect(variantCounts.every((r) => n(r.n) >= 1 && n(r.n) <= 6)).toBe(true);
    expect(n((await one<{ n: number }>(db, sql`select count(*)::int as n from variants where price <= 0 or price % 100 <> 0`)).n)).toBe(0);

    const sale = await one<{ sale: number; discounted: number; total: number }>(
      db,
      sql`select count(*) filter (where sale)::int as sale, count(*) filter (where max_discount_value > 0)::int as discounted, count(*)::int as total from products`,
    );
    // About a fifth is on sale, and the aggregates agree with the variants.
    expect(n(sale.sale) / n(sale.total)).toBeGreaterThan(0.15);
    expect(n(sale.sale) / n(sale.total)).toBeLessThan(0.25);
    expect(n(sale.discounted)).toBe(n(sale.sale));
    const percents = await rows<{ discount: number }>(db, sql`select distinct discount from variants where discount > 0`);
    expect(percents.every((p) => [10, 15, 20, 25, 30].includes(n(p.discount)))).toBe(true);

    const stock = await one<{ out: number; low: number; soldOut: number; lowProducts: number }>(
      db,
      sql`select
        (select count(*)::int from variants where stock = 0) as "out",
        (select count(*)::int from variants where stock between 1 and 4) as "low",
        (select count(*)::int from products where not in_stock) as "soldOut",
        (select count(*)::int from (select product_id from variants group by product_id having sum(stock) between 1 and 4) t) as "lowProducts"`,
    );
    expect(n(stock.out)).toBeGreaterThan(0);
    expect(n(stock.low)).toBeGreaterThan(0);
    expect(n(stock.soldOut)).toBeGreaterThan(0);
    expect(n(stock.lowProducts)).toBeGreaterThan(0);
    expect(
      n(
        (
          await one<{ n: number }>(
            db,
            sql`select count(*)::int as n from products where min_price <= 0 or min_discounted_price > min_price`,
          )
        ).n,
      ),
    ).toBe(0);
  });

  it('prices categories like a Bangladeshi shop', async () => {
    const range = async (category: string) =>
      one<{ lo: number; hi: number }>(
        db(),
        sql`select min(v.price)::int as lo, max(v.price)::int as hi from variants v join products p on p.id = v.product_id join categories c on c.id = p.category_id where c.handle = ${category}`,
      );
    const db = () => ctx().db;
    const cleanser = await range('cleanser');
    expect(n(cleanser.lo)).toBeGreaterThanOrEqual(650_00);
    expect(n(cleanser.hi)).toBeLessThanOrEqual(1800_00);
    const lego = await one<{ lo: number; hi: number }>(
      db(),
      sql`select min(v.price)::int as lo, max(v.price)::int as hi from variants v join products p on p.id = v.product_id join brands b on b.id = p.brand_id where b.handle = 'lego'`,
    );
    expect(n(lego.lo)).toBeGreaterThanOrEqual(2000_00);
    expect(n(lego.hi)).toBeLessThanOrEqual(12000_00);
    const perfume = await one<{ lo: number }>(
      db(),
      sql`select min(v.price)::int as lo from variants v join products p on p.id = v.product_id join categories c on c.id = p.category_id where c.handle like '%fragrance'`,
    );
    expect(n(perfume.lo)).toBeGreaterThanOrEqual(4500_00);
  });

  it('tags and names fragrances EDP, EDT or EDC, and has the words shoppers search for', async () => {
    const db = ctx().db;
    const fragrances = await rows<{ name: string; tags: string[] }>(
      db,
      sql`select p.name, p.tags from products p join categories c on c.id = p.category_id where c.handle like '%fragrance'`,
    );
    expect(fragrances.length).toBeGreaterThanOrEqual(10);
    const words = { EDP: 'Eau de Parfum', EDT: 'Eau de Toilette', EDC: 'Eau de Cologne' } as const;
    for (const f of fragrances) {
      expect(f.tags).toHaveLength(1);
      const tag = f.tags[0] as keyof typeof words;
      expect(Object.keys(words)).toContain(tag);
      expect(f.name).toContain(words[tag]);
    }
    expect(new Set(fragrances.map((f) => f.tags[0]))).toEqual(new Set(['EDP', 'EDT', 'EDC']));
    const names = (await rows<{ name: string }>(db, sql`select name from products`)).map((r) => r.name);
    expect(names.filter((x) => /lipstick/i.test(x)).length).toBeGreaterThanOrEqual(3);
    expect(names.some((x) => x.includes('Moisturizer'))).toBe(true);
    expect(names.some((x) => x.includes('Moisturiser'))).toBe(true);
    expect(names.filter((x) => x.startsWith('Nivea')).length).toBeGreaterThanOrEqual(3);
  });

  it('writes kebab-case handles, sanitised descriptions, search metafields and spread-out dates', async () => {
    const db = ctx().db;
    const products = await rows<{
      handle: string;
      name: string;
      body_html: string;
      metafields: { key: string; value: string }[];
      images: ProductImage[];
      created_at: string | Date;
    }>(db, sql`select handle, name, body_html, metafields, images, created_at from products`);
    for (const p of products) {
      expect(p.handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.body_html).toMatch(/<(ul|ol)>/);
      expect(p.body_html).not.toMatch(/<script|style=|on\w+=/i);
      expect(p.metafields).toEqual([
        { key: 'title_tag', value: expect.stringMatching(/ \| Buy online in Bangladesh \| Glow Bazaar$/) },
        { key: 'description_tag', value: expect.stringContaining('Bangladesh') },
      ]);
      expect(p.metafields[0]!.value).toContain(p.name);
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(3);
      expect(p.images[0]).toEqual({
        original: `/media/products/${p.handle}-1.jpg`,
        webp: `/media/products/${p.handle}-1.webp`,
        mobile: `/media/products/${p.handle}-1-m.webp`,
        alt: expect.any(String),
        width: 1000,
        height: 1000,
      });
      expect(new Date(p.created_at).getTime()).toBeLessThanOrEqual(Date.parse('2026-11-01T06:00:00Z'));
    }
    expect(new Set(products.map((p) => new Date(p.created_at).toISOString().slice(0, 10))).size).toBeGreaterThan(100);
  });

  it('quotes no price in generated copy but the live price of the product', async () => {
    const db = ctx().db;
    const products = await rows<{ handle: string; body_html: string; metafields: { key: string; value: string }[]; prices: number[] }>(
      db,
      sql`select p.handle, p.body_html, p.metafields,
                 array_agg((round(v.price / 100.0 * (100 - v.discount) / 100.0) * 100)::int) as prices
          from products p join variants v on v.product_id = p.id group by p.id`,
    );
    for (const p of products) {
      const live = new Set(p.prices.map(n));
      for (const text of [p.body_html, ...p.metafields.map((m) => m.value)])
        for (const m of text.matchAll(/(?:৳|Tk\.?|BDT)\s?([\d,]+)/gi)) {
          expect(live, `${p.handle}: ${m[0]} in “${text.slice(0, 100)}”`).toContain(Number(m[1]!.replace(/,/g, '')) * 100);
        }
    }
  });

  it('links menus, footers and banners to sections by the SPEC prefixes only', async () => {
    const db = ctx().db;
    const urls = (
      await rows<{ url: string | null }>(
        db,
        sql`select relative_url as url from nav_items union all select redirect_url from nav_items
            union all select relative_url from footer_links union all select link_url from banners`,
      )
    ).flatMap((r) => (r.url ? [r.url] : []));
    const sectionRoutes = urls.filter((u) => /^\/[^/?]+\/(all-product|product|brand)(\/|\?|$)/.test(u));
    expect(sectionRoutes.length).toBeGreaterThan(5);
    for (const url of sectionRoutes) expect(Object.keys(SECTION_PREFIXES), url).toContain(url.split('/')[1]);
  });

  it('has reviews on about 60% of products, a few held back, and counts only approved ones', async () => {
    const db = ctx().db;
    const share = await one<{ reviewed: number; total: number; held: number }>(
      db,
      sql`select (select count(distinct product_id)::int from reviews) as reviewed, (select count(*)::int from products) as total, (select count(*)::int from reviews where not approved) as held`,
    );
    expect(n(share.reviewed) / n(share.total)).toBeGreaterThan(0.45);
    expect(n(share.reviewed) / n(share.total)).toBeLessThan(0.75);
    expect(n(share.held)).toBeGreaterThan(0);
    const mismatched = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from products p where p.review_count <> (select count(*) from reviews r where r.product_id = p.id and r.approved)`,
    );
    expect(n(mismatched.n)).toBe(0);
  });

  it('a second run changes nothing', async () => {
    await seedDemo(ctx().database, { mediaDir: blankDir(), images: false, log: quiet });
    expect(await counts(ctx().db)).toEqual(afterFirst);
  });

  it('serves department homes with banners and 8–12 product sliders', async () => {
    const app = ctx().app;
    const expected = { '': 4, toys: 2, home: 2, sport: 2 } as const;
    for (const [department, sections] of Object.entries(expected)) {
      const res = await app.inject({ url: `/api/v1/home/?department=${department}`, headers: { 'my-location': 'BD' } });
      expect(res.statusCode).toBe(200);
      const home = res.json<{ data: HomeResponse }>().data;
      expect(home.sections).toHaveLength(sections);
      for (const s of home.sections) {
        expect(s.products.length).toBeGreaterThanOrEqual(8);
        expect(s.products.length).toBeLessThanOrEqual(12);
      }
      const hero = home.banners.filter((b) => b.placement === 'hero');
      const promo = home.banners.filter((b) => b.placement === 'promo');
      expect(hero.length).toBeGreaterThanOrEqual(2);
      expect(hero.length).toBeLessThanOrEqual(3);
      expect(promo).toHaveLength(2);
      for (const b of home.banners) {
        expect(b.image).toMatchObject({ width: 1600, height: 600, original: expect.stringMatching(/^\/media\/banners\/.+\.jpg$/) });
        expect(b.link_url).toMatch(/^\//);
      }
    }
    // Outside Bangladesh and signed out, the member and BD-only banners are hidden.
    const abroad = (await app.inject('/api/v1/home/?department=')).json<{ data: HomeResponse }>().data;
    expect(abroad.banners.map((b) => b.title)).not.toContain('Cash on delivery, all over Bangladesh');
    expect(abroad.banners.map((b) => b.title)).not.toContain('Members save an extra 10%');
    const onSale = (await app.inject('/api/v1/home/?department='))
      .json<{ data: HomeResponse }>()
      .data.sections.find((s) => s.handle === 'on-sale')!;
    expect(onSale.products.every((p: ProductCard) => p.sale && p.max_discount.value > 0)).toBe(true);
  });

  it('serves menus with every kind of item, and footers', async () => {
    const app = ctx().app;
    const nav = (await app.inject('/api/v1/navigation/?type=beauty')).json<{
      data: { data: NavItem[]; highlight_message: string | null };
    }>().data;
    expect(nav.highlight_message).toBe('Free standard delivery inside Dhaka on orders of ৳2,000 or more');
    const top = nav.data.map((i) => i.title);
    for (const title of ['Skincare', 'Makeup', 'Hair', 'Fragrance', 'Brands', 'Toys', 'Home', 'Sport', 'Offers', 'Member deals'])
      expect(top).toContain(title);
    const all: NavItem[] = [];
    const walk = (items: NavItem[], depth: number) => {
      for (const i of items) {
        all.push(i);
        expect(depth).toBeLessThanOrEqual(2);
        walk(i.children, depth + 1);
      }
    };
    walk(nav.data, 0);
    expect(all.some((i) => i.children.some((c) => c.children.length > 0))).toBe(true);
    expect(all.some((i) => i.disable_url)).toBe(true);
    expect(all.some((i) => i.external_url?.startsWith('https://') && i.open_in_new_tab)).toBe(true);
    expect(all.some((i) => i.redirect_url?.relative_url.startsWith('/'))).toBe(true);
    expect(nav.data.find((i) => i.title === 'Offers')).toMatchObject({
      menu_color: '#d81b60',
      menu_link_icon: expect.stringMatching(/^\/media\//),
    });
    expect(nav.data.find((i) => i.title === 'Member deals')?.visible_only_to_logged_in_users).toBe(true);
    expect(new Set(all.map((i) => i.type))).toEqual(new Set(['BrandPage', 'FilteredPage', 'ContentPage', 'Link']));
    expect(all.filter((i) => i.type === 'BrandPage').every((i) => /^\/brand\/[a-z0-9-]+$/.test(i.relative_url ?? ''))).toBe(true);
    expect(all.some((i) => i.products?.headline)).toBe(true);
    const promotes = all.flatMap((i) => i.promote);
    const productPromotes = promotes.filter((p) => p.type === 'product');
    expect(productPromotes.length).toBeGreaterThan(0);
    for (const p of productPromotes) {
      expect(p.value.products.length).toBeGreaterThanOrEqual(2);
      expect(p.value.products.length).toBeLessThanOrEqual(4);
    }
    const pagePromote = promotes.find((p) => p.type === 'promote_page_for_menu');
    expect(pagePromote?.value).toMatchObject({
      page: expect.stringMatching(/^\//),
      image: { url: expect.stringMatching(/^\/media\//), custom_width: 300, custom_height: 200 },
    });

    const kids = (await app.inject('/api/v1/navigation/?type=kids')).json<{ data: { data: NavItem[] } }>().data.data;
    expect(kids.map((i) => i.title)).toContain('Building Sets');
    for (const type of ['beauty', 'kids']) {
      const footer = (await app.inject(`/api/v1/footer/?type=${type}`)).json<{ data: { data: FooterGroup[] } }>().data.data;
      expect(footer.map((g) => g.title)).toEqual(['Customer care', 'About Glow Bazaar', 'Policies', 'Shop']);
      const links = footer.flatMap((g) => g.children.map((l) => l.relative_url));
      for (const url of [
        '/about-us/terms-conditions',
        '/about-us/privacy-policy',
        '/page/shipping-policy',
        '/page/return-policy',
        '/page/about-us',
        '/blogs',
      ])
        expect(links).toContain(url);
    }
  });

  it('serves pages, articles, stores and settings', async () => {
    const app = ctx().app;
    for (const handle of ['terms-conditions', 'privacy-policy', 'shipping-policy', 'return-policy', 'about-us', 'contact-us']) {
      const page = (await app.inject(`/api/v1/pages/${handle}/`)).json<{ data: Page }>().data;
      expect(page.body_html.length).toBeGreaterThan(400);
      expect(page.meta_description.length).toBeGreaterThan(50);
    }
    expect((await app.inject('/api/v1/pages/shipping-policy/')).json<{ data: Page }>().data.body_html).toContain('৳150');
    const blogs = (await app.inject('/api/v1/blogs/?page=1')).json<{
      count: number;
      results: { slug: string; image: ProductImage; author: string }[];
    }>();
    expect(blogs.count).toBe(6);
    expect(blogs.results.every((b) => b.image.width === 1200 && b.author.length > 0)).toBe(true);
    const stores = (await app.inject('/api/v1/store-locations/')).json<{ data: StoreLocation[] }>().data;
    expect(stores).toHaveLength(3);
    const site = (await app.inject('/api/v1/settings/')).json<{ data: SiteSettings }>().data;
    expect(site).toMatchObject({
      SMS_TIMER: 2,
      OTP_VALIDITY: 5,
      shipping_fees: { same_day: 15000, standard_inside_dhaka: 6000, dhaka_suburb: 10000, outside_dhaka: 13000 },
      site_under_maintenance: false,
      support_phone: '+8809610001010',
      support_email: 'care@glowbazaar.com.bd',
      whatsapp_number: '+8801711000000',
    });
    const basic = (await app.inject('/api/v1/basic-settings/')).json<{ data: { data: { logo: string; logo_logged: string } } }>().data.data;
    expect(basic.logo).toBe('/media/brand/logo.svg');
    expect(basic.logo_logged).toMatch(/^\/media\/brand\/.+\.svg$/);
    const redirects = await one<{ value: { toy_brand_words: string[]; luxury: { word: string; brand: string } } }>(
      ctx().db,
      sql`select value from settings where key = 'search_redirects'`,
    );
    expect(redirects.value.toy_brand_words).toEqual(['lego', 'barbie', 'hot wheels', 'funskool']);
    const luxury = await one<{ handle: string; page_handle: string; luxury: boolean }>(
      ctx().db,
      sql`select handle, page_handle, luxury from brands where luxury`,
    );
    expect(redirects.value.luxury).toEqual({ word: 'dior', brand: luxury.handle });
    expect(luxury.page_handle).toBe(luxury.handle);
    const toys = (await app.inject('/api/v1/products/?department=toys')).json<{ count: number }>();
    expect(toys.count).toBeGreaterThanOrEqual(18);
  });

  it('generates a large catalogue of exactly N products with 3N variants, once', async () => {
    const db = ctx().db;
    const before = await counts(db);
    const lines: string[] = [];
    await seedDemo(ctx().database, { mediaDir: blankDir(), images: false, products: 40, log: (l) => lines.push(l) });
    const after = await counts(db);
    expect(after.products - before.products).toBe(40);
    expect(after.variants - before.variants).toBe(120);
    expect(lines.at(-1)).toMatch(/40 \/ 40 products/);
    const bench = await one<{ n: number; first: string; last: string; unpriced: number }>(
      db,
      sql`select count(*)::int as n, min(handle) as first, max(handle) as last, count(*) filter (where min_price <= 0)::int as unpriced from products where handle like 'bench-%'`,
    );
    expect(bench).toMatchObject({ first: 'bench-00001', last: 'bench-00040' });
    expect(n(bench.unpriced)).toBe(0);
    const images = await rows<{ images: ProductImage[] }>(db, sql`select distinct images from products where handle like 'bench-%'`);
    expect(images.length).toBeLessThanOrEqual(40);
    expect(images.every((r) => r.images[0]!.original.startsWith('/media/products/bench/'))).toBe(true);
    expect(
      n((await one<{ n: number }>(db, sql`select count(*)::int as n from variants where sku like 'BENCH-%' and price % 100 <> 0`)).n),
    ).toBe(0);

    await seedDemo(ctx().database, { mediaDir: blankDir(), images: false, products: 40, log: quiet });
    expect(await counts(db)).toEqual(after);
    await seedDemo(ctx().database, { mediaDir: blankDir(), images: false, products: 45, log: quiet });
    expect((await counts(db)).products).toBe(after.products + 5);
    expect(existsSync(blankDir())).toBe(false);
  });

  it('draws every picture in its three sizes', { timeout: 240_000 }, async () => {
    await seedDemo(ctx().database, { mediaDir, log: quiet });
    const [product] = await rows<{ images: ProductImage[] }>(
      ctx().db,
      sql`select images from products where handle = 'cerave-hydrating-facial-cleanser'`,
    );
    for (const image of product!.images) {
      const file = (url: string) => join(mediaDir, url.replace(/^\/media\//, ''));
      expect(await sharp(file(image.original)).metadata()).toMatchObject({ format: 'jpeg', width: 1000, height: 1000 });
      expect(await sharp(file(image.webp)).metadata()).toMatchObject({ format: 'webp', width: 1000, height: 1000 });
      expect(await sharp(file(image.mobile)).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
    }
    const [banner] = await rows<{ image: ProductImage }>(ctx().db, sql`select image from banners order by id limit 1`);
    const file = (url: string) => join(mediaDir, url.replace(/^\/media\//, ''));
    expect(await sharp(file(banner!.image.original)).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 600 });
    expect(await sharp(file(banner!.image.webp)).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 600 });
    expect(await sharp(file(banner!.image.mobile)).metadata()).toMatchObject({ format: 'webp', width: 800, height: 400 });
    expect(readFileSync(join(mediaDir, 'brand/logo.svg'), 'utf8')).toContain('Glow Bazaar');
    const all = await rows<{ images: ProductImage[] }>(ctx().db, sql`select images from products where handle not like 'bench-%'`);
    expect(
      all.flatMap((p) => p.images).every((i) => existsSync(file(i.original)) && existsSync(file(i.webp)) && existsSync(file(i.mobile))),
    ).toBe(true);
  });
});
