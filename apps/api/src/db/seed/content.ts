import { eq } from 'drizzle-orm';
import type { ProductImage } from '@store/shared/catalog';
import type { BasicSettings, NavItem } from '@store/shared/content';
import type { DepartmentKey } from '@store/shared/constants';
import { sanitizeBodyHtml } from '../../lib/sanitize.js';
import { DEFAULT_BASIC_SETTINGS, DEFAULT_SITE_SETTINGS } from '../../modules/content/index.js';
import type { StoredPromote } from '../../modules/content/index.js';
import type { Db } from '../client.js';
import { banners, blogPosts, footerGroups, footerLinks, navItems, pages, settings, storeLocations } from '../schema.js';
import type { CatalogIds, CatalogPlan, PlannedProduct } from './catalog.js';
import { BLOG_POSTS, PAGES, STORES } from './content-copy.js';
import { imageUrls, wideJob, type ImageJob, type WideArt } from './images.js';
import { daysBefore } from './random.js';
import { BANNERS_BN, BLOG_BN, PAGES_BN, TITLES_BN } from './content-bangla.js';

const BANNER_SIZE = { width: 1600, height: 600, mobileWidth: 800, mobileHeight: 400 };
const ARTICLE_SIZE = { width: 1200, height: 630, mobileWidth: 600, mobileHeight: 315 };
const PROMOTE_SIZE = { width: 600, height: 400, mobileWidth: 300, mobileHeight: 200 };

type BannerDef = {
  slug: string;
  department: DepartmentKey;
  placement: 'hero' | 'promo';
  title: string;
  subtitle: string;
  linkUrl: string;
  audience?: 'all' | 'logged_in' | 'bd';
  palette: [string, string];
  items: string[];
  cta?: string;
};

const BANNERS: BannerDef[] = [
  {
    slug: 'beauty-eid-sale',
    department: '',
    placement: 'hero',
    title: 'Glow up for Eid: up to 30% off',
    subtitle: 'Skincare, makeup and fragrance from the brands you love',
    linkUrl: '/all-product/?collection=on-sale',
    palette: ['#c2185b', '#ff8a65'],
    items: ['maybelline-superstay-matte-ink-liquid-lipstick', 'cerave-moisturising-cream', 'versace-bright-crystal-eau-de-toilette'],
  },
  {
    slug: 'beauty-dior',
    department: '',
    placement: 'hero',
    title: 'Dior: the art of fragrance',
    subtitle: 'Sauvage, Miss Dior and J’adore. 100% authentic, from the official distributor',
    linkUrl: '/brand/dior',
    palette: ['#1f1f1f', '#6d5a2b'],
    items: ['dior-sauvage-eau-de-parfum', 'dior-miss-dior-eau-de-parfum', 'dior-jadore-eau-de-parfum'],
    cta: 'Discover Dior',
  },
  {
    slug: 'beauty-member-deals',
    department: '',
    placement: 'hero',
    title: 'Members save an extra 10%',
    subtitle: 'Exclusive prices on skincare favourites, only for signed-in members',
    linkUrl: '/all-product/?collection=member-deals',
    audience: 'logged_in',
    palette: ['#8e24aa', '#ce93d8'],
    items: ['the-ordinary-niacinamide-10-zinc-1', 'cosrx-advanced-snail-96-mucin-power-essence'],
    cta: 'See member deals',
  },
  {
    slug: 'beauty-k-beauty',
    department: '',
    placement: 'promo',
    title: 'K-Beauty favourites',
    subtitle: 'COSRX and Some By Mi, loved in Seoul and Dhaka',
    linkUrl: '/all-product/?collection=k-beauty',
    palette: ['#26a69a', '#b2dfdb'],
    items: ['cosrx-low-ph-good-morning-gel-cleanser', 'some-by-mi-aha-bha-pha-30-days-miracle-toner'],
  },
  {
    slug: 'beauty-cash-on-delivery',
    department: '',
    placement: 'promo',
    title: 'Cash on delivery, all over Bangladesh',
    subtitle: '{{free_delivery}}',
    linkUrl: '/page/shipping-policy',
    audience: 'bd',
    palette: ['#0a2d82', '#4a86b8'],
    items: ['nivea-creme', 'neutrogena-hydro-boost-water-gel'],
    cta: 'How delivery works',
  },
  {
    slug: 'toys-lego',
    department: 'toys',
    placement: 'hero',
    title: 'Build anything with LEGO',
    subtitle: 'City, Friends, DUPLO and Technic sets from the official distributor',
    linkUrl: '/kids/all-product/?brand=lego',
    palette: ['#e3000b', '#ffb300'],
    items: ['lego-city-fire-station-60320', 'lego-classic-large-creative-brick-box-10698'],
  },
  {
    slug: 'toys-every-age',
    department: 'toys',
    placement: 'hero',
    title: 'Toys for every age',
    subtitle: 'Dolls, cars, building sets and board games',
    linkUrl: '/kids/all-product/?department=toys',
    palette: ['#0072bc', '#4fc3f7'],
    items: ['barbie-dreamhouse-adventures-doll', 'hot-wheels-basic-car-gift-pack'],
  },
  {
    slug: 'toys-barbie',
    department: 'toys',
    placement: 'promo',
    title: 'The Barbie world',
    subtitle: 'Dolls, closets and playsets',
    linkUrl: '/kids/all-product/?brand=barbie',
    palette: ['#e0218a', '#f8bbd0'],
    items: ['barbie-dream-closet-playset'],
  },
  {
    slug: 'toys-game-night',
    department: 'toys',
    placement: 'promo',
    title: 'Family game night',
    subtitle: 'Monopoly, Scrabble, Ludo and more',
    linkUrl: '/kids/all-product/?category=board-games',
    palette: ['#2e7d32', '#a5d6a7'],
    items: ['funskool-monopoly-classic'],
  },
  {
    slug: 'home-kitchen',
    department: 'home',
    placement: 'hero',
    title: 'Cook smarter this season',
    subtitle: 'Air fryers, rice cookers and blenders with official warranty',
    linkUrl: '/home/all-product/?category=kitchen-appliances',
    palette: ['#00695c', '#4db6ac'],
    items: ['philips-essential-air-fryer-hd9200', 'panasonic-rice-cooker-sr-y18'],
  },
  {
    slug: 'home-philips',
    department: 'home',
    placement: 'hero',
    title: 'Philips for every room',
    subtitle: 'Kitchen, grooming and garment care',
    linkUrl: '/brand/philips',
    palette: ['#0b5ed7', '#90caf9'],
    items: ['philips-hair-dryer-bhd356', 'philips-electric-kettle-hd9306'],
  },
  {
    slug: 'home-grooming',
    department: 'home',
    placement: 'promo',
    title: 'Salon results at home',
    subtitle: 'Dryers, straighteners and trimmers',
    linkUrl: '/home/all-product/?category=personal-care-appliances',
    palette: ['#6a1b9a', '#ce93d8'],
    items: ['panasonic-hair-straightener-eh-hv10'],
  },
  {
    slug: 'home-best-sellers',
    department: 'home',
    placement: 'promo',
    title: 'Best sellers for home',
    subtitle: 'What Dhaka kitchens are buying',
    linkUrl: '/home/all-product/?collection=home-best-sellers',
    palette: ['#d32f2f', '#ffab91'],
    items: ['miyako-curry-cooker-5l'],
  },
  {
    slug: 'sport-badminton',
    department: 'sport',
    placement: 'hero',
    title: 'Badminton season is here',
    subtitle: 'Yonex racquets and shuttlecocks for the winter courts',
    linkUrl: '/sports/all-product/?category=badminton',
    palette: ['#0a7d3e', '#81c784'],
    items: ['yonex-astrox-77-play-badminton-racquet', 'yonex-mavis-350-nylon-shuttlecock-tube-of-6'],
  },
  {
    slug: 'sport-running',
    department: 'sport',
    placement: 'hero',
    title: 'Run your city',
    subtitle: 'Running shoes from Nike and Adidas',
    linkUrl: '/sports/all-product/?category=running',
    palette: ['#f05a28', '#ffcc80'],
    items: ['nike-revolution-7-running-shoes', 'adidas-runfalcon-3-0-running-shoes'],
  },
  {
    slug: 'sport-football',
    department: 'sport',
    placement: 'promo',
    title: 'Football for every pitch',
    subtitle: 'Match and training balls',
    linkUrl: '/sports/all-product/?category=football',
    palette: ['#1d3a8a', '#7986cb'],
    items: ['adidas-ucl-league-football'],
  },
  {
    slug: 'sport-fitness',
    department: 'sport',
    placement: 'promo',
    title: 'Train at home',
    subtitle: 'Dumbbells, mats and skipping ropes',
    linkUrl: '/sports/all-product/?category=fitness',
    palette: ['#37474f', '#90a4ae'],
    items: ['cosco-vinyl-dumbbell-pair'],
  },
];

type NavDef = {
  title: string;
  url?: string;
  type?: NavItem['type'];
  children?: NavDef[];
  disableUrl?: boolean;
  externalUrl?: string;
  redirectUrl?: string;
  color?: string;
  icon?: string;
  loggedIn?: boolean;
  newTab?: boolean;
  page?: string;
  headline?: string;
  promote?: StoredPromote[];
};

const ICONS = {
  offer: '/media/brand/icons/offer.svg',
  member: '/media/brand/icons/member.svg',
  phone: '/media/brand/icons/phone.svg',
  email: '/media/brand/icons/email.svg',
  store: '/media/brand/icons/store.svg',
  blog: '/media/brand/icons/blog.svg',
};

const category = (title: string, handle: string, prefix = ''): NavDef => ({ title, url: `${prefix}/all-product/?category=${handle}` });
const brandPage = (title: string, handle: string): NavDef => ({ title, url: `/brand/${handle}`, type: 'BrandPage' });
const brandFilter = (title: string, handle: string, prefix = ''): NavDef => ({ title, url: `${prefix}/all-product/?brand=${handle}` });
const group = (title: string, children: NavDef[]): NavDef => ({ title, disableUrl: true, children });
const promotePage = (title: string, page: string, slug: string): StoredPromote => ({
  type: 'promote_page_for_menu',
  title,
  page,
  image: { url: `/media/content/${slug}.webp`, custom_width: 300, custom_height: 200 },
  open_in_new_tab: false,
});

/** Pictures for promote_page_for_menu entries: slug → drawing. */
const PROMOTE_ART: { slug: string; title: string; palette: [string, string]; items: string[] }[] = [
  {
    slug: 'promote-humid-routine',
    title: 'Your humid-weather routine',
    palette: ['#0f7b6c', '#7fd1c1'],
    items: ['cerave-hydrating-facial-cleanser'],
  },
  { slug: 'promote-lipstick-finder', title: 'Find your red', palette: ['#9b111e', '#f48fb1'], items: ['mac-matte-lipstick'] },
  { slug: 'promote-perfume-guide', title: 'EDP, EDT or EDC?', palette: ['#2a2a2a', '#c9a227'], items: ['dior-sauvage-eau-de-toilette'] },
  {
    slug: 'promote-lego-guide',
    title: 'LEGO for every age',
    palette: ['#e3000b', '#ffcf00'],
    items: ['lego-duplo-town-number-train-10954'],
  },
];

const BEAUTY_NAV: NavDef[] = [
  {
    title: 'Skincare',
    url: '/all-product/?category=skincare',
    headline: 'Trending in skincare',
    promote: [
      {
        type: 'product',
        headline: 'Trending in skincare',
        productHandles: [
          'cerave-hydrating-facial-cleanser',
          'the-ordinary-niacinamide-10-zinc-1',
          'cosrx-advanced-snail-96-mucin-power-essence',
        ],
      },
      promotePage('A skincare routine for humid Dhaka weather', '/blog/skincare-routine-for-humid-dhaka-weather', 'promote-humid-routine'),
    ],
    children: [
      group('Shop by category', [
        category('Cleanser', 'cleanser'),
        category('Moisturiser', 'moisturiser'),
        category('Serum', 'serum'),
        category('Sunscreen', 'sunscreen'),
        category('Toner', 'toner'),
        category('All skincare', 'skincare'),
      ]),
      group('Top brands', [
        brandPage('CeraVe', 'cerave'),
        brandPage('The Ordinary', 'the-ordinary'),
        brandPage('COSRX', 'cosrx'),
        brandPage('Nivea', 'nivea'),
        brandFilter('Simple', 'simple'),
        brandFilter('La Roche-Posay', 'la-roche-posay'),
      ]),
      group('Collections', [
        { title: 'K-Beauty favourites', url: '/all-product/?collection=k-beauty' },
        { title: 'Summer skincare essentials', url: '/all-product/?collection=summer-skincare' },
      ]),
    ],
  },
  {
    title: 'Makeup',
    url: '/all-product/?category=makeup',
    headline: 'Lipstick best-sellers',
    promote: [
      {
        type: 'product',
        headline: 'Lipstick best-sellers',
        productHandles: [
          'maybelline-superstay-matte-ink-liquid-lipstick',
          'mac-matte-lipstick',
          'revlon-super-lustrous-lipstick',
          'loreal-paris-color-riche-satin-lipstick',
        ],
      },
      promotePage('Find your perfect red lipstick', '/all-product/?category=lipstick', 'promote-lipstick-finder'),
    ],
    children: [
      group('Shop by category', [
        category('Lipstick', 'lipstick'),
        category('Foundation', 'foundation'),
        category('Mascara', 'mascara'),
        category('Eyeliner & Kajal', 'eyeliner'),
        category('Face Powder', 'face-powder'),
      ]),
      group('Top brands', [
        brandPage('Maybelline New York', 'maybelline'),
        brandPage("L'Oréal Paris", 'loreal-paris'),
        brandPage('MAC', 'mac'),
        brandFilter('Revlon', 'revlon'),
        brandFilter('NYX Professional Makeup', 'nyx'),
      ]),
    ],
  },
  {
    title: 'Hair',
    url: '/all-product/?category=hair',
    children: [
      group('Shop by category', [category('Shampoo', 'shampoo'), category('Conditioner', 'conditioner'), category('Hair Oil', 'hair-oil')]),
      group('Top brands', [
        brandFilter('Dove', 'dove'),
        brandFilter('TRESemmé', 'tresemme'),
        brandFilter('Sunsilk', 'sunsilk'),
        brandFilter('Head & Shoulders', 'head-shoulders'),
        brandFilter('Parachute', 'parachute'),
      ]),
    ],
  },
  {
    title: 'Fragrance',
    url: '/all-product/?category=fragrance',
    headline: 'Luxury picks',
    promote: [
      {
        type: 'product',
        headline: 'Luxury picks',
        productHandles: ['dior-sauvage-eau-de-toilette', 'dior-miss-dior-eau-de-parfum', 'versace-eros-eau-de-toilette'],
      },
      promotePage('EDP, EDT or EDC? How to choose a perfume', '/blog/edp-vs-edt-vs-edc-choosing-a-perfume', 'promote-perfume-guide'),
    ],
    children: [
      group('Shop by category', [
        category("Women's Fragrance", 'womens-fragrance'),
        category("Men's Fragrance", 'mens-fragrance'),
        { title: 'Gift ideas', redirectUrl: '/all-product/?collection=fragrance-picks' },
      ]),
      group('Designer brands', [
        brandPage('Dior', 'dior'),
        brandFilter('Versace', 'versace'),
        brandFilter('Hugo Boss', 'hugo-boss'),
        brandFilter('Calvin Klein', 'calvin-klein'),
        brandFilter('Davidoff', 'davidoff'),
      ]),
    ],
  },
  {
    title: 'Bath & Body',
    url: '/all-product/?category=bath-body',
    children: [
      group('Shop by category', [category('Body Lotion', 'body-lotion'), category('Body Wash', 'body-wash')]),
      group('Top brands', [brandFilter('Vaseline', 'vaseline'), brandFilter('Lux', 'lux'), brandPage('Nivea', 'nivea')]),
    ],
  },
  {
    title: 'Brands',
    disableUrl: true,
    children: [
      group('Skincare', [
        brandPage('CeraVe', 'cerave'),
        brandPage('The Ordinary', 'the-ordinary'),
        brandPage('COSRX', 'cosrx'),
        brandPage('Nivea', 'nivea'),
        brandFilter('Cetaphil', 'cetaphil'),
        brandFilter('Garnier', 'garnier'),
      ]),
      group('Makeup', [
        brandPage('Maybelline New York', 'maybelline'),
        brandPage("L'Oréal Paris", 'loreal-paris'),
        brandPage('MAC', 'mac'),
        brandFilter('Revlon', 'revlon'),
      ]),
      group('Fragrance', [
        brandPage('Dior', 'dior'),
        brandFilter('Versace', 'versace'),
        brandFilter('Hugo Boss', 'hugo-boss'),
        brandFilter('4711', '4711'),
      ]),
      group('Toys, home & sport', [
        brandPage('LEGO', 'lego'),
        brandPage('Barbie', 'barbie'),
        brandPage('Philips', 'philips'),
        brandPage('Nike', 'nike'),
      ]),
    ],
  },
  {
    title: 'Toys',
    url: '/toys',
    children: [
      group('Shop by category', [
        category('Building Sets', 'building-sets', '/kids'),
        category('Dolls', 'dolls', '/kids'),
        category('Cars & Tracks', 'cars', '/kids'),
        category('Board Games', 'board-games', '/kids'),
      ]),
    ],
  },
  {
    title: 'Home',
    url: '/home',
    children: [
      group('Shop by category', [
        category('Kitchen Appliances', 'kitchen-appliances', '/home'),
        category('Personal Care Appliances', 'personal-care-appliances', '/home'),
        category('Irons & Garment Care', 'garment-care', '/home'),
      ]),
    ],
  },
  {
    title: 'Sport',
    url: '/sport',
    children: [
      group('Shop by category', [
        category('Badminton', 'badminton', '/sports'),
        category('Football', 'football', '/sports'),
        category('Cricket', 'cricket', '/sports'),
        category('Running', 'running', '/sports'),
        category('Fitness', 'fitness', '/sports'),
        category('Sportswear', 'sportswear', '/sports'),
      ]),
    ],
  },
  {
    title: 'Offers',
    url: '/all-product/?on_sale=true',
    color: '#d81b60',
    icon: ICONS.offer,
    children: [
      group('Deals', [
        { title: 'On sale now', url: '/all-product/?collection=on-sale' },
        { title: 'Under ৳1,000', url: '/all-product/?price_max=1000' },
      ]),
      group('Payment offers', [{ title: 'bKash offers', externalUrl: 'https://www.bkash.com/en/offers', newTab: true, type: 'Link' }]),
    ],
  },
  { title: 'Member deals', url: '/all-product/?collection=member-deals', loggedIn: true, icon: ICONS.member, color: '#8e24aa' },
  { title: 'Beauty blog', url: '/blogs', type: 'ContentPage', icon: ICONS.blog },
];

const KIDS_NAV: NavDef[] = [
  {
    title: 'Building Sets',
    url: '/kids/all-product/?category=building-sets',
    headline: 'Top LEGO sets',
    promote: [
      {
        type: 'product',
        headline: 'Top LEGO sets',
        productHandles: [
          'lego-city-fire-station-60320',
          'lego-classic-large-creative-brick-box-10698',
          'lego-technic-monster-jam-megalodon-42134',
        ],
      },
      promotePage('LEGO for every age', '/blog/lego-for-every-age', 'promote-lego-guide'),
    ],
    children: [
      group('LEGO', [brandPage('All LEGO', 'lego'), { title: 'LEGO under ৳3,000', url: '/kids/all-product/?brand=lego&price_max=3000' }]),
    ],
  },
  {
    title: 'Dolls',
    url: '/kids/all-product/?category=dolls',
    children: [group('Brands', [brandPage('Barbie', 'barbie')])],
  },
  {
    title: 'Cars & Tracks',
    url: '/kids/all-product/?category=cars',
    children: [group('Brands', [brandFilter('Hot Wheels', 'hot-wheels', '/kids')])],
  },
  {
    title: 'Board Games',
    url: '/kids/all-product/?category=board-games',
    children: [group('Brands', [brandFilter('Funskool', 'funskool', '/kids')])],
  },
  {
    title: 'Brands',
    disableUrl: true,
    children: [
      group('Toy brands', [
        brandPage('LEGO', 'lego'),
        brandPage('Barbie', 'barbie'),
        brandFilter('Hot Wheels', 'hot-wheels', '/kids'),
        brandFilter('Funskool', 'funskool', '/kids'),
      ]),
    ],
  },
  { title: 'Offers', url: '/kids/all-product/?department=toys&on_sale=true', color: '#d81b60', icon: ICONS.offer },
  { title: 'Beauty', url: '/' },
  { title: 'Home', url: '/home' },
  { title: 'Sport', url: '/sport' },
];

type FooterDef = { title: string; links: { title: string; url: string; icon?: string }[] };

const POLICIES: FooterDef = {
  title: 'Policies',
  links: [
    { title: 'Terms & conditions', url: '/about-us/terms-conditions' },
    { title: 'Privacy policy', url: '/about-us/privacy-policy' },
    { title: 'Shipping policy', url: '/page/shipping-policy' },
    { title: 'Return & refund policy', url: '/page/return-policy' },
  ],
};
const CUSTOMER_CARE: FooterDef = {
  title: 'Customer care',
  links: [
    { title: 'Contact us', url: '/page/contact-us', icon: ICONS.phone },
    { title: 'care@glowbazaar.com.bd', url: '/page/contact-us', icon: ICONS.email },
    { title: 'Delivery charges', url: '/page/shipping-policy' },
    { title: 'Returns', url: '/page/return-policy' },
  ],
};
const ABOUT: FooterDef = {
  title: 'About Glow Bazaar',
  links: [
    { title: 'About us', url: '/page/about-us' },
    { title: 'Our stores', url: '/page/contact-us', icon: ICONS.store },
    { title: 'Beauty blog', url: '/blogs', icon: ICONS.blog },
  ],
};

const FOOTERS: Record<'beauty' | 'kids', FooterDef[]> = {
  beauty: [
    CUSTOMER_CARE,
    ABOUT,
    POLICIES,
    {
      title: 'Shop',
      links: [
        { title: 'Skincare', url: '/all-product/?category=skincare' },
        { title: 'Makeup', url: '/all-product/?category=makeup' },
        { title: 'Fragrance', url: '/all-product/?category=fragrance' },
        { title: 'Toys', url: '/toys' },
        { title: 'Offers', url: '/all-product/?on_sale=true', icon: ICONS.offer },
      ],
    },
  ],
  kids: [
    CUSTOMER_CARE,
    ABOUT,
    POLICIES,
    {
      title: 'Shop',
      links: [
        { title: 'Building Sets', url: '/kids/all-product/?category=building-sets' },
        { title: 'Dolls', url: '/kids/all-product/?category=dolls' },
        { title: 'Cars & Tracks', url: '/kids/all-product/?category=cars' },
        { title: 'Board Games', url: '/kids/all-product/?category=board-games' },
        { title: 'Beauty', url: '/' },
      ],
    },
  ],
};

export const BASIC_SETTINGS: BasicSettings = {
  ...DEFAULT_BASIC_SETTINGS,
  site_under_maintenance: false,
  logo: '/media/brand/logo.svg',
  logo_logged: '/media/brand/logo-member.svg',
};

export const SEARCH_REDIRECTS = { toy_brand_words: ['lego', 'barbie', 'hot wheels', 'funskool'], luxury: { word: 'dior', brand: 'dior' } };

/** Each text's Bangla, where content-bangla.ts has it (issue 21); null: Bangla pages show the English. */
type Bangla<K extends string> = Record<K, string | null>;

export type ContentPlan = {
  banners: (Omit<BannerDef, 'items' | 'palette' | 'slug' | 'cta'> & { image: ProductImage } & Bangla<'titleBn' | 'subtitleBn'>)[];
  blogPosts: ({
    slug: string;
    title: string;
    excerpt: string;
    bodyHtml: string;
    author: string;
    publishedAt: Date;
    image: ProductImage;
  } & Bangla<'titleBn' | 'excerptBn' | 'bodyHtmlBn'>)[];
  pages: ({ handle: string; title: string; bodyHtml: string; metaTitle: string; metaDescription: string } & Bangla<
    'titleBn' | 'bodyHtmlBn'
  >)[];
  imageJobs: ImageJob[];
};

/** Banners, articles and menu pictures, drawn with the products they show. */
export function planContent(catalog: CatalogPlan): ContentPlan {
  const byHandle = new Map<string, PlannedProduct>(catalog.products.map((p) => [p.handle, p]));
  const art = (handle: string) => {
    const product = byHandle.get(handle);
    if (!product) throw new Error(`Content refers to a product that is not in the catalogue: ${handle}`);
    return product.art;
  };
  const checkPromotes = (items: NavDef[]) => {
    for (const item of items) {
      for (const p of item.promote ?? []) if (p.type === 'product') p.productHandles.forEach(art);
      checkPromotes(item.children ?? []);
    }
  };
  checkPromotes(BEAUTY_NAV);
  checkPromotes(KIDS_NAV);

  const jobs: ImageJob[] = [];
  const wide = (base: string, w: WideArt, size: typeof BANNER_SIZE, alt: string) => {
    const job = wideJob(base, w, size);
    jobs.push(job);
    return imageUrls(job, alt);
  };
  const bannerRows = BANNERS.map((b) => ({
    department: b.department,
    placement: b.placement,
    title: b.title,
    subtitle: b.subtitle,
    titleBn: BANNERS_BN[b.title]?.title ?? null,
    subtitleBn: BANNERS_BN[b.title]?.subtitle ?? null,
    linkUrl: b.linkUrl,
    audience: b.audience ?? 'all',
    image: wide(
      `banners/${b.slug}`,
      { title: b.title, subtitle: b.subtitle, cta: b.cta ?? 'Shop now', from: b.palette[0], to: b.palette[1], items: b.items.map(art) },
      BANNER_SIZE,
      b.title,
    ),
  }));
  const posts = BLOG_POSTS.map((p) => ({
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    bodyHtml: sanitizeBodyHtml(p.bodyHtml),
    titleBn: BLOG_BN[p.slug]?.title ?? null,
    excerptBn: BLOG_BN[p.slug]?.excerpt ?? null,
    bodyHtmlBn: BLOG_BN[p.slug] ? sanitizeBodyHtml(BLOG_BN[p.slug]!.body_html) : null,
    author: p.author,
    publishedAt: daysBefore(p.daysAgo, 9 * 60),
    image: wide(
      `blog/${p.slug}`,
      { title: p.title, subtitle: `By ${p.author}`, cta: 'Read more', from: p.palette[0], to: p.palette[1], items: p.imageItems.map(art) },
      ARTICLE_SIZE,
      p.title,
    ),
  }));
  for (const promo of PROMOTE_ART) {
    wide(
      `content/${promo.slug}`,
      {
        title: promo.title,
        subtitle: 'Glow Bazaar guide',
        cta: 'Read',
        from: promo.palette[0],
        to: promo.palette[1],
        items: promo.items.map(art),
      },
      PROMOTE_SIZE,
      promo.title,
    );
  }
  return {
    banners: bannerRows,
    blogPosts: posts,
    pages: PAGES.map((p) => ({
      handle: p.handle,
      title: p.title,
      bodyHtml: sanitizeBodyHtml(p.bodyHtml),
      titleBn: PAGES_BN[p.handle]?.title ?? null,
      bodyHtmlBn: PAGES_BN[p.handle] ? sanitizeBodyHtml(PAGES_BN[p.handle]!.body_html) : null,
      metaTitle: p.metaTitle,
      metaDescription: p.metaDescription,
    })),
    imageJobs: jobs,
  };
}

function navType(def: NavDef): NavItem['type'] {
  if (def.type) return def.type;
  const url = def.url ?? def.redirectUrl ?? '';
  if (url.startsWith('/brand/')) return 'BrandPage';
  if (url.includes('/all-product/')) return 'FilteredPage';
  if (url.startsWith('/page/') || url.startsWith('/blog')) return 'ContentPage';
  return 'Link';
}

async function insertNav(db: Db, menu: 'beauty' | 'kids', items: NavDef[], parentId: number | null): Promise<void> {
  for (const [position, def] of items.entries()) {
    const [row] = await db
      .insert(navItems)
      .values({
        menu,
        parentId,
        position,
        title: def.title,
        titleBn: TITLES_BN[def.title] ?? null,
        relativeUrl: def.url ?? null,
        externalUrl: def.externalUrl ?? null,
        redirectUrl: def.redirectUrl ?? null,
        menuColor: def.color ?? null,
        menuLinkIcon: def.icon ?? null,
        disableUrl: def.disableUrl ?? false,
        type: navType(def),
        visibleOnlyToLoggedInUsers: def.loggedIn ?? false,
        openInNewTab: def.newTab ?? false,
        page: def.page ?? null,
        productsHeadline: def.headline ?? null,
        promote: def.promote ?? [],
      })
      .returning({ id: navItems.id });
    if (def.children?.length) await insertNav(db, menu, def.children, row!.id);
  }
}

/** Writes menus, footers, pages, articles, stores, banners and settings; what is already there stays. */
export async function writeContent(db: Db, plan: ContentPlan, ids: CatalogIds): Promise<void> {
  for (const [menu, items] of [
    ['beauty', BEAUTY_NAV],
    ['kids', KIDS_NAV],
  ] as const) {
    const [existing] = await db.select({ id: navItems.id }).from(navItems).where(eq(navItems.menu, menu)).limit(1);
    if (!existing) await insertNav(db, menu, items, null);
  }
  for (const [menu, groups] of Object.entries(FOOTERS) as ['beauty' | 'kids', FooterDef[]][]) {
    const [existing] = await db.select({ id: footerGroups.id }).from(footerGroups).where(eq(footerGroups.menu, menu)).limit(1);
    if (existing) continue;
    for (const [position, g] of groups.entries()) {
      const [row] = await db
        .insert(footerGroups)
        .values({ menu, title: g.title, titleBn: TITLES_BN[g.title] ?? null, position })
        .returning({ id: footerGroups.id });
      await db.insert(footerLinks).values(
        g.links.map((l, i) => ({
          groupId: row!.id,
          title: l.title,
          titleBn: TITLES_BN[l.title] ?? null,
          relativeUrl: l.url,
          menuIcon: l.icon ?? null,
          position: i,
        })),
      );
    }
  }

  await db.insert(pages).values(plan.pages).onConflictDoNothing();
  await db.insert(blogPosts).values(plan.blogPosts).onConflictDoNothing();

  const storeNames = new Set((await db.select({ name: storeLocations.name }).from(storeLocations)).map((s) => s.name));
  const newStores = STORES.filter((s) => !storeNames.has(s.name));
  if (newStores.length) await db.insert(storeLocations).values(newStores);

  // Banners have no natural key: a department's banner is there when one with its title is.
  const bannerKeys = new Set((await db.select({ d: banners.departmentId, t: banners.title }).from(banners)).map((b) => `${b.d}|${b.t}`));
  const newBanners = plan.banners
    .map((b, i) => ({
      departmentId: ids.departments.get(b.department)!,
      placement: b.placement,
      title: b.title,
      subtitle: b.subtitle,
      titleBn: b.titleBn,
      subtitleBn: b.subtitleBn,
      linkUrl: b.linkUrl,
      image: b.image,
      audience: b.audience ?? 'all',
      position: i,
    }))
    .filter((b) => !bannerKeys.has(`${b.departmentId}|${b.title}`));
  if (newBanners.length) await db.insert(banners).values(newBanners);

  await db
    .insert(settings)
    .values([
      // The shop as the defaults describe it: one list of fees and contacts (content.service.ts).
      { key: 'site', value: DEFAULT_SITE_SETTINGS },
      { key: 'basic', value: BASIC_SETTINGS },
      { key: 'highlight', value: { message: '{{free_delivery}}' } },
      { key: 'search_redirects', value: SEARCH_REDIRECTS },
    ])
    .onConflictDoNothing();
}

const LOGO = (
  colour: string,
  label: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="48" viewBox="0 0 200 48" role="img" aria-label="${label}">
  <title>${label}</title>
  <path d="M17 6 L19.6 15.4 L29 18 L19.6 20.6 L17 30 L14.4 20.6 L5 18 L14.4 15.4 Z" fill="${colour}"/>
  <circle cx="28" cy="8" r="2.6" fill="${colour}" opacity="0.55"/>
  <text x="36" y="30" font-family="Georgia, 'Times New Roman', serif" font-size="25" font-weight="700" fill="#1f1f1f" letter-spacing="0.3">Glow</text>
  <text x="98" y="30" font-family="Georgia, 'Times New Roman', serif" font-size="25" font-style="italic" fill="${colour}" letter-spacing="0.3">Bazaar</text>
  <rect x="36" y="37" width="150" height="2" rx="1" fill="${colour}" opacity="0.35"/>
</svg>
`;

const icon = (colour: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="${colour}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>\n`;

/** Logo and menu icons, as SVG text files under mediaDir/brand. */
export const STATIC_FILES: Record<string, string> = {
  'brand/logo.svg': LOGO(DEFAULT_BASIC_SETTINGS.colours.general.main, 'Glow Bazaar'),
  'brand/logo-member.svg': LOGO(DEFAULT_BASIC_SETTINGS.colours.registered.main, 'Glow Bazaar'),
  'brand/icons/offer.svg': icon(
    '#d81b60',
    '<path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z"/><circle cx="7.5" cy="7.5" r="1.5"/>',
  ),
  'brand/icons/member.svg': icon('#8e24aa', '<path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z"/>'),
  'brand/icons/phone.svg': icon(
    '#c2185b',
    '<path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z"/>',
  ),
  'brand/icons/email.svg': icon('#c2185b', '<rect x="2" y="4" width="20" height="16" rx="2"/><path d="m22 6-10 7L2 6"/>'),
  'brand/icons/store.svg': icon(
    '#c2185b',
    '<path d="M3 9 4.5 4h15L21 9"/><path d="M4 9v11h16V9"/><path d="M9 20v-6h6v6"/><path d="M3 9h18"/>',
  ),
  'brand/icons/blog.svg': icon('#c2185b', '<path d="M4 19.5V5a2 2 0 0 1 2-2h14v16H6.5a2.5 2.5 0 0 0 0 5H20"/>'),
};
