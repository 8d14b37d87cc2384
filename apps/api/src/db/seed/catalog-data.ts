import type { DepartmentKey } from '@store/shared/constants';
import type { Pictogram, Shape } from './images.js';

/**
 * The demo shop's catalogue as a Bangladeshi beauty retailer would stock it: real-world brands,
 * product lines and price levels (taka), so search, filters and sliders behave as they would live.
 */

export const DEPARTMENTS: { key: DepartmentKey; name: string }[] = [
  { key: '', name: 'Beauty' },
  { key: 'toys', name: 'Toys' },
  { key: 'home', name: 'Home' },
  { key: 'sport', name: 'Sport' },
];

export type BrandDef = {
  handle: string;
  name: string;
  department: DepartmentKey;
  /** Packaging colour used for the generated pictures. */
  color: string;
  description: string;
  /** The brand has a brand page (/brand/<handle>). */
  page?: boolean;
  luxury?: boolean;
};

export const BRANDS: BrandDef[] = [
  // Skincare
  {
    handle: 'cerave',
    name: 'CeraVe',
    department: '',
    color: '#1b75bb',
    page: true,
    description: 'Developed with dermatologists: cleansers and moisturisers with three essential ceramides that restore the skin barrier.',
  },
  {
    handle: 'the-ordinary',
    name: 'The Ordinary',
    department: '',
    color: '#d8d2c4',
    page: true,
    description: 'Clinical formulations with integrity: single-ingredient serums and treatments at honest prices.',
  },
  {
    handle: 'cosrx',
    name: 'COSRX',
    department: '',
    color: '#4a86b8',
    page: true,
    description: 'Korean skincare built around effective, minimal formulas such as snail mucin and low-pH cleansers.',
  },
  {
    handle: 'simple',
    name: 'Simple',
    department: '',
    color: '#2e9b5c',
    description: 'Kind to skin: no artificial perfume or colour, made for sensitive skin since 1960.',
  },
  {
    handle: 'neutrogena',
    name: 'Neutrogena',
    department: '',
    color: '#1565c0',
    description: 'Dermatologist-recommended skincare and sun protection, from Hydro Boost to the classic oil-free acne wash.',
  },
  {
    handle: 'nivea',
    name: 'Nivea',
    department: '',
    color: '#0a2d82',
    page: true,
    description: 'Skin care for the whole family since 1911: creams, body lotions, sun care and Nivea Men.',
  },
  {
    handle: 'garnier',
    name: 'Garnier',
    department: '',
    color: '#5aa02c',
    description: 'Naturally inspired skin and hair care, with Vitamin C brightening and micellar water favourites.',
  },
  {
    handle: 'cetaphil',
    name: 'Cetaphil',
    department: '',
    color: '#6d9bc3',
    description: 'Gentle, non-irritating cleansers and moisturisers trusted by dermatologists for sensitive skin.',
  },
  {
    handle: 'la-roche-posay',
    name: 'La Roche-Posay',
    department: '',
    color: '#2f5d8a',
    description: 'French pharmacy skincare formulated with La Roche-Posay thermal spring water for sensitive skin.',
  },
  {
    handle: 'some-by-mi',
    name: 'Some By Mi',
    department: '',
    color: '#26a69a',
    description: 'Korean skincare known for the AHA BHA PHA 30 Days Miracle line for acne-prone skin.',
  },
  // Makeup
  {
    handle: 'maybelline',
    name: 'Maybelline New York',
    department: '',
    color: '#151515',
    page: true,
    description: 'Makeup from New York: Fit Me foundation, SuperStay lipsticks and the Sky High mascara.',
  },
  {
    handle: 'loreal-paris',
    name: "L'Oréal Paris",
    department: '',
    color: '#b08d57',
    page: true,
    description: "Because you're worth it: makeup, skincare and hair care from Paris.",
  },
  {
    handle: 'mac',
    name: 'MAC',
    department: '',
    color: '#1f1f1f',
    page: true,
    description: 'Professional makeup artistry: iconic matte lipsticks and Studio Fix foundation in a wide shade range.',
  },
  {
    handle: 'revlon',
    name: 'Revlon',
    department: '',
    color: '#c8102e',
    description: 'Bold colour since 1932: Super Lustrous lipsticks and ColorStay long-wear makeup.',
  },
  {
    handle: 'nyx',
    name: 'NYX Professional Makeup',
    department: '',
    color: '#3b3b3b',
    description: 'Professional-quality, cruelty-free makeup at accessible prices.',
  },
  // Hair
  {
    handle: 'dove',
    name: 'Dove',
    department: '',
    color: '#cfdff2',
    description: 'Care that nourishes: shampoos, conditioners and body care with moisturising cream.',
  },
  {
    handle: 'tresemme',
    name: 'TRESemmé',
    department: '',
    color: '#1c1c1c',
    description: 'Salon-quality hair care: Keratin Smooth and Hair Fall Defence ranges.',
  },
  {
    handle: 'sunsilk',
    name: 'Sunsilk',
    department: '',
    color: '#f2a900',
    description: 'Hair care co-created with experts, a household name across Bangladesh.',
  },
  {
    handle: 'head-shoulders',
    name: 'Head & Shoulders',
    department: '',
    color: '#1f5fa6',
    description: 'Clinically proven anti-dandruff shampoos for a clean, flake-free scalp.',
  },
  {
    handle: 'parachute',
    name: 'Parachute',
    department: '',
    color: '#1e88e5',
    description: 'Pure coconut oil and Advansed hair oils, a staple in Bangladeshi homes for generations.',
  },
  {
    handle: 'dabur',
    name: 'Dabur',
    department: '',
    color: '#2e7d32',
    description: 'Ayurvedic hair oils and personal care, known for Dabur Amla.',
  },
  // Bath and body
  {
    handle: 'vaseline',
    name: 'Vaseline',
    department: '',
    color: '#00467f',
    description: 'Body lotions and petroleum jelly that heal dry skin.',
  },
  { handle: 'lux', name: 'Lux', department: '', color: '#b03a7a', description: 'Fragrant body washes and soaps with a touch of glamour.' },
  // Fragrance
  {
    handle: 'dior',
    name: 'Dior',
    department: '',
    color: '#2a2a2a',
    page: true,
    luxury: true,
    description: 'The House of Dior: Sauvage, Miss Dior and J’adore fragrances, 100% authentic.',
  },
  {
    handle: 'davidoff',
    name: 'Davidoff',
    department: '',
    color: '#1565c0',
    description: 'Cool Water and more: fresh, aquatic fragrances for men and women.',
  },
  {
    handle: 'calvin-klein',
    name: 'Calvin Klein',
    department: '',
    color: '#8a8178',
    description: 'Modern, minimalist fragrances: CK One and Eternity.',
  },
  {
    handle: 'hugo-boss',
    name: 'Hugo Boss',
    department: '',
    color: '#5d4037',
    description: 'Boss Bottled and Boss Alive: confident fragrances for every day.',
  },
  {
    handle: 'versace',
    name: 'Versace',
    department: '',
    color: '#c9a227',
    description: 'Italian glamour: Eros, Dylan Blue and Bright Crystal.',
  },
  { handle: '4711', name: '4711', department: '', color: '#0f7b6c', description: 'The original Eau de Cologne from Cologne since 1792.' },
  // Toys
  {
    handle: 'lego',
    name: 'LEGO',
    department: 'toys',
    color: '#e3000b',
    page: true,
    description: 'Building sets for every age, from DUPLO for toddlers to LEGO Technic for young engineers.',
  },
  {
    handle: 'hot-wheels',
    name: 'Hot Wheels',
    department: 'toys',
    color: '#ff6f00',
    description: 'Die-cast cars, tracks and playsets built for speed and stunts.',
  },
  {
    handle: 'barbie',
    name: 'Barbie',
    department: 'toys',
    color: '#e0218a',
    page: true,
    description: 'Dolls, dreamhouses and playsets that inspire imagination.',
  },
  {
    handle: 'funskool',
    name: 'Funskool',
    department: 'toys',
    color: '#0072bc',
    description: 'Board games and family favourites such as Monopoly, Scrabble and Ludo.',
  },
  // Home
  {
    handle: 'philips',
    name: 'Philips',
    department: 'home',
    color: '#0b5ed7',
    page: true,
    description: 'Kitchen and personal care appliances: air fryers, blenders, trimmers and irons.',
  },
  {
    handle: 'panasonic',
    name: 'Panasonic',
    department: 'home',
    color: '#1c3f94',
    description: 'Japanese home appliances: rice cookers, microwave ovens and hair care tools.',
  },
  {
    handle: 'miyako',
    name: 'Miyako',
    department: 'home',
    color: '#d32f2f',
    description: 'Popular, affordable kitchen appliances for Bangladeshi homes: blenders, curry cookers and kettles.',
  },
  {
    handle: 'walton',
    name: 'Walton',
    department: 'home',
    color: '#00897b',
    description: 'Bangladeshi-made electronics and home appliances with nationwide service.',
  },
  // Sport
  {
    handle: 'nike',
    name: 'Nike',
    department: 'sport',
    color: '#f05a28',
    page: true,
    description: 'Running shoes, football gear and training apparel. Just do it.',
  },
  {
    handle: 'adidas',
    name: 'Adidas',
    department: 'sport',
    color: '#1d3a8a',
    description: 'Football, running and training gear with the three stripes.',
  },
  {
    handle: 'cosco',
    name: 'Cosco',
    department: 'sport',
    color: '#d71920',
    description: 'Affordable balls and fitness gear for cricket, football and the gym.',
  },
  {
    handle: 'yonex',
    name: 'Yonex',
    department: 'sport',
    color: '#0a7d3e',
    description: 'Badminton racquets and shuttlecocks used by champions.',
  },
];

/** How a product's variants are made: by size (priced up), or by shade/colour/size at one price. */
export type VariantPlan = { options: string[]; priced: 'scaled' | 'same'; min: number; max: number };

export type CategoryDef = {
  handle: string;
  name: string;
  department: DepartmentKey;
  parent?: string;
  /** Leaf categories only. */
  price?: [number, number];
  variants?: VariantPlan;
  shape?: Shape;
  pictogram?: Pictogram;
};

const ML = (options: string[], min = 1, max = options.length): VariantPlan => ({ options, priced: 'scaled', min, max });
const SAME = (options: string[], min: number, max: number): VariantPlan => ({ options, priced: 'same', min, max });
const SINGLE = SAME(['Standard'], 1, 1);

export const LIP_SHADES = [
  '01 Ruby Red',
  '02 Rosewood',
  '05 Nude Beige',
  '07 Coral Crush',
  '10 Berry Bold',
  '12 Mauve Muse',
  '15 Brick Brown',
  '18 Pink Punch',
  '20 Classic Plum',
  '22 Chilli',
];
export const FOUNDATION_SHADES = [
  '110 Porcelain',
  '120 Classic Ivory',
  '128 Warm Nude',
  '220 Natural Beige',
  '230 Natural Buff',
  '310 Sun Beige',
  '330 Toffee',
];
/** Swatch colours for shades, used in the pictures. */
export const SHADE_COLOURS: Record<string, string> = {
  '01 Ruby Red': '#9b111e',
  '02 Rosewood': '#8e4a49',
  '05 Nude Beige': '#c89f8a',
  '07 Coral Crush': '#f0645a',
  '10 Berry Bold': '#7b1e3a',
  '12 Mauve Muse': '#a86b82',
  '15 Brick Brown': '#8b3a2b',
  '18 Pink Punch': '#e0457b',
  '20 Classic Plum': '#5e1f3f',
  '22 Chilli': '#b22222',
  '110 Porcelain': '#f1d3bd',
  '120 Classic Ivory': '#ecc8a8',
  '128 Warm Nude': '#dcb08c',
  '220 Natural Beige': '#d2a27a',
  '230 Natural Buff': '#c9976c',
  '310 Sun Beige': '#b98558',
  '330 Toffee': '#a26c44',
};

export const CATEGORIES: CategoryDef[] = [
  { handle: 'skincare', name: 'Skincare', department: '' },
  {
    handle: 'cleanser',
    name: 'Cleanser',
    department: '',
    parent: 'skincare',
    price: [650, 1800],
    variants: ML(['50ml', '100ml', '200ml']),
    shape: 'tube',
  },
  {
    handle: 'moisturiser',
    name: 'Moisturiser',
    department: '',
    parent: 'skincare',
    price: [700, 2800],
    variants: ML(['50ml', '100ml', '200ml']),
    shape: 'jar',
  },
  {
    handle: 'serum',
    name: 'Serum',
    department: '',
    parent: 'skincare',
    price: [900, 3200],
    variants: ML(['15ml', '30ml', '60ml']),
    shape: 'dropper',
  },
  {
    handle: 'sunscreen',
    name: 'Sunscreen',
    department: '',
    parent: 'skincare',
    price: [800, 2600],
    variants: ML(['30ml', '50ml', '100ml']),
    shape: 'tube',
  },
  {
    handle: 'toner',
    name: 'Toner',
    department: '',
    parent: 'skincare',
    price: [700, 2200],
    variants: ML(['100ml', '150ml', '200ml']),
    shape: 'bottle',
  },
  { handle: 'makeup', name: 'Makeup', department: '' },
  {
    handle: 'lipstick',
    name: 'Lipstick',
    department: '',
    parent: 'makeup',
    price: [650, 3200],
    variants: SAME(LIP_SHADES, 2, 6),
    shape: 'lipstick',
  },
  {
    handle: 'foundation',
    name: 'Foundation',
    department: '',
    parent: 'makeup',
    price: [900, 4500],
    variants: SAME(FOUNDATION_SHADES, 3, 6),
    shape: 'pump',
  },
  {
    handle: 'mascara',
    name: 'Mascara',
    department: '',
    parent: 'makeup',
    price: [700, 2600],
    variants: SAME(['Very Black', 'Black', 'Brown Black'], 1, 3),
    shape: 'mascara',
  },
  {
    handle: 'eyeliner',
    name: 'Eyeliner & Kajal',
    department: '',
    parent: 'makeup',
    price: [450, 1900],
    variants: SAME(['Black', 'Brown', 'Navy'], 1, 3),
    shape: 'mascara',
  },
  {
    handle: 'face-powder',
    name: 'Face Powder',
    department: '',
    parent: 'makeup',
    price: [700, 3800],
    variants: SAME(FOUNDATION_SHADES.slice(0, 5), 2, 4),
    shape: 'compact',
  },
  { handle: 'hair', name: 'Hair', department: '' },
  {
    handle: 'shampoo',
    name: 'Shampoo',
    department: '',
    parent: 'hair',
    price: [350, 1200],
    variants: ML(['180ml', '340ml', '650ml']),
    shape: 'bottle',
  },
  {
    handle: 'conditioner',
    name: 'Conditioner',
    department: '',
    parent: 'hair',
    price: [350, 1200],
    variants: ML(['180ml', '340ml']),
    shape: 'bottle',
  },
  {
    handle: 'hair-oil',
    name: 'Hair Oil',
    department: '',
    parent: 'hair',
    price: [250, 950],
    variants: ML(['100ml', '200ml', '300ml']),
    shape: 'bottle',
  },
  { handle: 'fragrance', name: 'Fragrance', department: '' },
  {
    handle: 'womens-fragrance',
    name: "Women's Fragrance",
    department: '',
    parent: 'fragrance',
    price: [4500, 14000],
    variants: ML(['30ml', '50ml', '100ml']),
    shape: 'perfume',
  },
  {
    handle: 'mens-fragrance',
    name: "Men's Fragrance",
    department: '',
    parent: 'fragrance',
    price: [4500, 14000],
    variants: ML(['30ml', '50ml', '100ml']),
    shape: 'perfume',
  },
  { handle: 'bath-body', name: 'Bath & Body', department: '' },
  {
    handle: 'body-lotion',
    name: 'Body Lotion',
    department: '',
    parent: 'bath-body',
    price: [400, 1500],
    variants: ML(['100ml', '200ml', '400ml']),
    shape: 'pump',
  },
  {
    handle: 'body-wash',
    name: 'Body Wash',
    department: '',
    parent: 'bath-body',
    price: [350, 1200],
    variants: ML(['250ml', '500ml']),
    shape: 'bottle',
  },

  { handle: 'toys', name: 'Toys', department: 'toys' },
  {
    handle: 'building-sets',
    name: 'Building Sets',
    department: 'toys',
    parent: 'toys',
    price: [2000, 12000],
    variants: SINGLE,
    shape: 'box',
    pictogram: 'bricks',
  },
  {
    handle: 'dolls',
    name: 'Dolls',
    department: 'toys',
    parent: 'toys',
    price: [1800, 6500],
    variants: SINGLE,
    shape: 'box',
    pictogram: 'doll',
  },
  {
    handle: 'cars',
    name: 'Cars & Tracks',
    department: 'toys',
    parent: 'toys',
    price: [350, 3500],
    variants: SINGLE,
    shape: 'box',
    pictogram: 'car',
  },
  {
    handle: 'board-games',
    name: 'Board Games',
    department: 'toys',
    parent: 'toys',
    price: [900, 2800],
    variants: SINGLE,
    shape: 'box',
    pictogram: 'dice',
  },

  { handle: 'home', name: 'Home', department: 'home' },
  {
    handle: 'kitchen-appliances',
    name: 'Kitchen Appliances',
    department: 'home',
    parent: 'home',
    price: [1800, 12000],
    variants: SAME(['White', 'Black'], 1, 2),
    shape: 'box',
    pictogram: 'appliance',
  },
  {
    handle: 'personal-care-appliances',
    name: 'Personal Care Appliances',
    department: 'home',
    parent: 'home',
    price: [1500, 6500],
    variants: SINGLE,
    shape: 'box',
    pictogram: 'appliance',
  },
  {
    handle: 'garment-care',
    name: 'Irons & Garment Care',
    department: 'home',
    parent: 'home',
    price: [1500, 4500],
    variants: SINGLE,
    shape: 'box',
    pictogram: 'appliance',
  },

  { handle: 'sport', name: 'Sport', department: 'sport' },
  {
    handle: 'badminton',
    name: 'Badminton',
    department: 'sport',
    parent: 'sport',
    price: [1200, 14000],
    variants: SAME(['3U G5', '4U G5'], 1, 2),
    shape: 'racquet',
  },
  {
    handle: 'football',
    name: 'Football',
    department: 'sport',
    parent: 'sport',
    price: [1500, 4500],
    variants: SAME(['Size 4', 'Size 5'], 1, 2),
    shape: 'ball',
  },
  { handle: 'cricket', name: 'Cricket', department: 'sport', parent: 'sport', price: [600, 9000], variants: SINGLE, shape: 'seamball' },
  {
    handle: 'running',
    name: 'Running',
    department: 'sport',
    parent: 'sport',
    price: [6500, 14000],
    variants: SAME(['UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10', 'UK 11'], 4, 6),
    shape: 'box',
    pictogram: 'shoe',
  },
  {
    handle: 'fitness',
    name: 'Fitness',
    department: 'sport',
    parent: 'sport',
    price: [800, 5000],
    variants: SINGLE,
    shape: 'box',
    pictogram: 'dumbbell',
  },
  {
    handle: 'sportswear',
    name: 'Sportswear',
    department: 'sport',
    parent: 'sport',
    price: [1500, 4500],
    variants: SAME(['S', 'M', 'L', 'XL', 'XXL'], 3, 5),
    shape: 'box',
    pictogram: 'shirt',
  },
];

export type ProductDef = {
  brand: string;
  category: string;
  name: string;
  /** What makes it work, for the description ("ceramides and hyaluronic acid"). */
  note?: string;
  /** Variant options instead of the category's. */
  options?: string[];
  /** Lowest price in taka instead of a drawn one. */
  price?: number;
  shape?: Shape;
  /** Colour of the product itself (a perfume's juice). */
  accent?: string;
};

type Extra = Omit<ProductDef, 'brand' | 'category' | 'name'>;
const P = (brand: string, category: string, name: string, extra: Extra = {}): ProductDef => ({ brand, category, name, ...extra });

export const PRODUCTS: ProductDef[] = [
  // Cleansers
  P('cerave', 'cleanser', 'Hydrating Facial Cleanser', {
    note: 'three essential ceramides and hyaluronic acid',
    options: ['88ml', '236ml', '473ml'],
    shape: 'pump',
  }),
  P('cerave', 'cleanser', 'Foaming Facial Cleanser', {
    note: 'ceramides and niacinamide',
    options: ['88ml', '236ml', '473ml'],
    shape: 'pump',
  }),
  P('cerave', 'cleanser', 'SA Smoothing Cleanser', { note: 'salicylic acid and ceramides', options: ['236ml'], shape: 'pump' }),
  P('simple', 'cleanser', 'Kind to Skin Refreshing Facial Wash', { note: 'pro-vitamin B5 and vitamin E', options: ['50ml', '150ml'] }),
  P('neutrogena', 'cleanser', 'Oil-Free Acne Wash', { note: 'salicylic acid', options: ['177ml', '269ml'], shape: 'pump' }),
  P('nivea', 'cleanser', 'Nivea Men Oil Control Face Wash', { note: 'volcanic mud and charcoal', options: ['50ml', '100ml'] }),
  P('nivea', 'cleanser', 'Nivea Milk Delights Honey Face Wash', { note: 'honey and milk proteins', options: ['50ml', '100ml'] }),
  P('garnier', 'cleanser', 'Bright Complete Vitamin C Face Wash', {
    note: 'vitamin C and lemon extract',
    options: ['50ml', '100ml', '150ml'],
  }),
  P('garnier', 'cleanser', 'Micellar Cleansing Water', {
    note: 'micelles that lift make-up and sunscreen',
    options: ['125ml', '400ml'],
    shape: 'bottle',
  }),
  P('cosrx', 'cleanser', 'Low pH Good Morning Gel Cleanser', { note: 'tea tree oil and a skin-friendly pH', options: ['50ml', '150ml'] }),
  P('cetaphil', 'cleanser', 'Gentle Skin Cleanser', {
    note: 'niacinamide, panthenol and glycerin',
    options: ['125ml', '250ml', '500ml'],
    shape: 'bottle',
  }),
  P('la-roche-posay', 'cleanser', 'Effaclar Purifying Foaming Gel', {
    note: 'zinc PCA and thermal spring water',
    options: ['200ml', '400ml'],
    shape: 'pump',
  }),
  P('the-ordinary', 'cleanser', 'Squalane Cleanser', { note: 'plant-derived squalane', options: ['50ml', '150ml'] }),
  P('some-by-mi', 'cleanser', 'AHA BHA PHA 30 Days Miracle Acne Clear Foam', { note: 'AHA, BHA, PHA and tea tree', options: ['100ml'] }),
  // Moisturisers
  P('cerave', 'moisturiser', 'Moisturising Cream', { note: 'ceramides and hyaluronic acid', options: ['50ml', '340g', '454g'] }),
  P('cerave', 'moisturiser', 'Daily Moisturizing Lotion', {
    note: 'ceramides and MVE technology',
    options: ['88ml', '236ml', '473ml'],
    shape: 'pump',
  }),
  P('cerave', 'moisturiser', 'PM Facial Moisturizing Lotion', {
    note: 'niacinamide and ceramides',
    options: ['52ml', '89ml'],
    shape: 'pump',
  }),
  P('simple', 'moisturiser', 'Kind to Skin Hydrating Light Moisturiser', {
    note: 'pro-vitamin B5 and glycerin',
    options: ['125ml'],
    shape: 'tube',
  }),
  P('neutrogena', 'moisturiser', 'Hydro Boost Water Gel', { note: 'hyaluronic acid', options: ['15ml', '50ml'] }),
  P('neutrogena', 'moisturiser', 'Oil-Free Moisturizer', { note: 'a light, non-comedogenic formula', options: ['118ml'], shape: 'pump' }),
  P('nivea', 'moisturiser', 'Nivea Soft Light Moisturising Cream', {
    note: 'jojoba oil and vitamin E',
    options: ['50ml', '100ml', '200ml'],
  }),
  P('nivea', 'moisturiser', 'Nivea Creme', { note: 'the original Eucerit formula', options: ['30ml', '60ml', '150ml'] }),
  P('garnier', 'moisturiser', 'Bright Complete Vitamin C Serum Cream SPF 19', {
    note: 'vitamin C and SPF 19',
    options: ['23g', '45g'],
    shape: 'tube',
  }),
  P('cosrx', 'moisturiser', 'Advanced Snail 92 All in One Cream', { note: '92% snail secretion filtrate', options: ['100g'] }),
  P('the-ordinary', 'moisturiser', 'Natural Moisturizing Factors + HA', {
    note: 'amino acids, fatty acids and hyaluronic acid',
    options: ['30ml', '100ml'],
    shape: 'tube',
  }),
  P('cetaphil', 'moisturiser', 'Moisturising Cream', { note: 'sweet almond oil and glycerin', options: ['50g', '100g', '250g'] }),
  P('la-roche-posay', 'moisturiser', 'Toleriane Double Repair Face Moisturizer', {
    note: 'ceramide-3 and niacinamide',
    options: ['75ml'],
    shape: 'pump',
  }),
  // Serums
  P('the-ordinary', 'serum', 'Niacinamide 10% + Zinc 1%', { note: 'niacinamide and zinc PCA', options: ['30ml', '60ml'] }),
  P('the-ordinary', 'serum', 'Hyaluronic Acid 2% + B5', {
    note: 'three weights of hyaluronic acid and vitamin B5',
    options: ['30ml', '60ml'],
  }),
  P('the-ordinary', 'serum', 'Alpha Arbutin 2% + HA', { note: 'alpha arbutin and hyaluronic acid', options: ['30ml', '60ml'] }),
  P('the-ordinary', 'serum', 'Retinol 0.5% in Squalane', { note: 'retinol in squalane', options: ['30ml'] }),
  P('cosrx', 'serum', 'Advanced Snail 96 Mucin Power Essence', { note: '96% snail secretion filtrate', options: ['100ml'], shape: 'pump' }),
  P('cosrx', 'serum', 'The Vitamin C 23 Serum', { note: '23% pure ascorbic acid', options: ['20g'] }),
  P('garnier', 'serum', 'Bright Complete Vitamin C Booster Serum', { note: '30x vitamin C', options: ['15ml', '30ml'] }),
  P('some-by-mi', 'serum', 'Galactomyces Pure Vitamin C Glow Serum', { note: 'galactomyces and vitamin C', options: ['30ml'] }),
  P('la-roche-posay', 'serum', 'Hyalu B5 Serum', { note: 'pure hyaluronic acid and vitamin B5', options: ['30ml'] }),
  P('cerave', 'serum', 'Hydrating Hyaluronic Acid Serum', { note: 'hyaluronic acid and ceramides', options: ['30ml'] }),
  P('neutrogena', 'serum', 'Rapid Wrinkle Repair Retinol Serum', { note: 'accelerated retinol SA', options: ['29ml'] }),
  // Sunscreens
  P('la-roche-posay', 'sunscreen', 'Anthelios UVMune 400 Invisible Fluid SPF 50+', { note: 'Mexoryl 400 filters', options: ['50ml'] }),
  P('neutrogena', 'sunscreen', 'Ultra Sheer Dry-Touch Sunscreen SPF 50', { note: 'Helioplex technology', options: ['30ml', '88ml'] }),
  P('nivea', 'sunscreen', 'Nivea Sun Protect & Moisture Lotion SPF 50', {
    note: 'UVA/UVB filters and vitamin E',
    options: ['75ml', '200ml'],
    shape: 'bottle',
  }),
  P('garnier', 'sunscreen', 'Ambre Solaire Super UV Invisible Serum SPF 50+', { note: 'niacinamide and vitamin E', options: ['30ml'] }),
  P('cosrx', 'sunscreen', 'Aloe Soothing Sun Cream SPF 50 PA+++', { note: 'aloe vera leaf extract', options: ['50ml'] }),
  P('cerave', 'sunscreen', 'Hydrating Mineral Sunscreen SPF 30', {
    note: 'zinc oxide, titanium dioxide and ceramides',
    options: ['50ml', '75ml'],
  }),
  P('simple', 'sunscreen', "Protect 'N' Glow Hydrating Sunscreen SPF 30", { note: 'vitamin C and hyaluronic acid', options: ['40ml'] }),
  P('some-by-mi', 'sunscreen', 'Truecica Mineral 100 Calming Suncream SPF 50+', {
    note: '100% mineral filters and centella',
    options: ['50ml'],
  }),
  // Toners
  P('cosrx', 'toner', 'AHA/BHA Clarifying Treatment Toner', { note: 'glycolic acid and willow bark water', options: ['50ml', '150ml'] }),
  P('the-ordinary', 'toner', 'Glycolic Acid 7% Exfoliating Toner', { note: '7% glycolic acid', options: ['100ml', '240ml'] }),
  P('simple', 'toner', 'Kind to Skin Soothing Facial Toner', { note: 'witch hazel and chamomile', options: ['200ml'] }),
  P('some-by-mi', 'toner', 'AHA BHA PHA 30 Days Miracle Toner', { note: 'AHA, BHA, PHA and tea tree', options: ['150ml'] }),
  P('la-roche-posay', 'toner', 'Effaclar Clarifying Solution', { note: 'salicylic acid and LHA', options: ['200ml'] }),
  // Lipsticks
  P('maybelline', 'lipstick', 'SuperStay Matte Ink Liquid Lipstick', { note: 'a 16-hour, transfer-proof matte formula' }),
  P('maybelline', 'lipstick', 'Color Sensational Creamy Matte Lipstick', { note: 'honey nectar for comfort' }),
  P('maybelline', 'lipstick', 'Color Sensational Ultimatte Slim Lipstick', { note: 'a weightless, highly pigmented matte' }),
  P('loreal-paris', 'lipstick', 'Color Riche Satin Lipstick', { note: 'argan oil and vitamin E' }),
  P('loreal-paris', 'lipstick', 'Infallible Matte Resistance Liquid Lipstick', { note: 'hyaluronic acid for a comfortable matte' }),
  P('mac', 'lipstick', 'Matte Lipstick', { note: 'rich, velvety pigment', price: 3200 }),
  P('mac', 'lipstick', 'Powder Kiss Lipstick', { note: 'a soft-focus, moisturising matte', price: 3100 }),
  P('revlon', 'lipstick', 'Super Lustrous Lipstick', { note: 'vitamin E and avocado oil' }),
  P('revlon', 'lipstick', 'ColorStay Suede Ink Lipstick', { note: 'vitamin E and a suede-matte finish' }),
  P('nyx', 'lipstick', 'Soft Matte Lip Cream Lipstick', { note: 'a creamy, whipped matte' }),
  P('nyx', 'lipstick', 'Lip Lingerie XXL Matte Liquid Lipstick', { note: 'long-wearing nude pigment' }),
  // Foundation
  P('maybelline', 'foundation', 'Fit Me Matte + Poreless Foundation', { note: 'micro-powders that blur pores' }),
  P('maybelline', 'foundation', 'SuperStay 30H Active Wear Foundation', { note: 'a sweat- and transfer-resistant formula' }),
  P('loreal-paris', 'foundation', 'Infallible 32H Fresh Wear Foundation SPF 25', { note: 'vitamin C and SPF 25' }),
  P('loreal-paris', 'foundation', 'True Match Super-Blendable Foundation', { note: 'hyaluronic acid and a precise shade match' }),
  P('mac', 'foundation', 'Studio Fix Fluid Foundation SPF 15', { note: 'a 24-hour matte, medium-to-full coverage', price: 4400 }),
  P('revlon', 'foundation', 'ColorStay Makeup for Combination/Oily Skin', { note: 'a 24-hour, oil-controlling formula' }),
  P('nyx', 'foundation', "Can't Stop Won't Stop Full Coverage Foundation", { note: 'a 24-hour matte, full-coverage formula' }),
  // Mascara and eyeliner
  P('maybelline', 'mascara', 'Lash Sensational Sky High Mascara', { note: 'bamboo extract and fibres' }),
  P('maybelline', 'mascara', 'The Colossal Mascara', { note: 'collagen-infused volume' }),
  P('loreal-paris', 'mascara', 'Voluminous Lash Paradise Mascara', { note: 'a soft wavy bristle brush' }),
  P('revlon', 'mascara', 'So Fierce! Mascara', { note: 'a big, bold brush' }),
  P('mac', 'mascara', 'In Extreme Dimension Lash Mascara', { note: 'a buildable, 24-hour formula', price: 2600 }),
  P('maybelline', 'eyeliner', 'Colossal Kajal', { note: 'a smudge-proof, 12-hour formula' }),
  P('loreal-paris', 'eyeliner', 'Infallible Grip 36H Gel Automatic Liner', { note: 'a waterproof gel' }),
  P('nyx', 'eyeliner', 'Epic Ink Liner', { note: 'a flexible brush tip' }),
  P('revlon', 'eyeliner', 'ColorStay Eyeliner', { note: 'a built-in sharpener and smudger' }),
  // Face powder
  P('maybelline', 'face-powder', 'Fit Me Matte + Poreless Compact Powder', { note: 'oil-absorbing micro-powders' }),
  P('mac', 'face-powder', 'Studio Fix Powder Plus Foundation', { note: 'powder and foundation in one', price: 3800 }),
  P('loreal-paris', 'face-powder', 'Infallible 24H Fresh Wear Powder', { note: 'a breathable, matte finish' }),
  // Shampoo
  P('dove', 'shampoo', 'Intense Repair Shampoo', { note: 'Keratin Actives' }),
  P('dove', 'shampoo', 'Hair Fall Rescue Shampoo', { note: 'Nutri-Lock Serum' }),
  P('tresemme', 'shampoo', 'Keratin Smooth Shampoo', { note: 'keratin and argan oil', options: ['190ml', '340ml', '580ml'] }),
  P('tresemme', 'shampoo', 'Hair Fall Defence Shampoo', { note: 'keratin protein', options: ['190ml', '580ml'] }),
  P('sunsilk', 'shampoo', 'Stunning Black Shine Shampoo', { note: 'amla pearl complex' }),
  P('sunsilk', 'shampoo', 'Thick & Long Shampoo', { note: 'keratin yoghurt nutrient' }),
  P('head-shoulders', 'shampoo', 'Cool Menthol Anti-Dandruff Shampoo', { note: 'zinc pyrithione and menthol' }),
  P('loreal-paris', 'shampoo', 'Elvive Total Repair 5 Shampoo', { note: 'ceramide and protein' }),
  // Conditioner
  P('dove', 'conditioner', 'Intense Repair Conditioner', { note: 'Keratin Actives' }),
  P('dove', 'conditioner', 'Hair Fall Rescue Conditioner', { note: 'Nutri-Lock Serum' }),
  P('tresemme', 'conditioner', 'Keratin Smooth Conditioner', { note: 'keratin and argan oil', options: ['190ml', '340ml'] }),
  P('sunsilk', 'conditioner', 'Smooth & Manageable Conditioner', { note: 'argan oil and almond oil' }),
  P('loreal-paris', 'conditioner', 'Elvive Extraordinary Oil Conditioner', { note: 'six flower oils' }),
  // Hair oil
  P('parachute', 'hair-oil', 'Advansed Aloe Vera Enriched Coconut Hair Oil', { note: 'coconut oil and aloe vera' }),
  P('parachute', 'hair-oil', 'Pure Coconut Oil', { note: '100% edible-grade coconut oil', options: ['100ml', '200ml', '500ml'] }),
  P('dabur', 'hair-oil', 'Amla Hair Oil', { note: 'amla (Indian gooseberry)' }),
  P('loreal-paris', 'hair-oil', 'Elvive Extraordinary Oil Hair Serum', { note: 'six flower oils', options: ['30ml', '100ml'] }),
  // Women's fragrance
  P('dior', 'womens-fragrance', 'Miss Dior Eau de Parfum', {
    note: 'Grasse rose, iris and vanilla',
    accent: '#f2b8c6',
    price: 14000,
    options: ['30ml', '50ml', '100ml'],
  }),
  P('dior', 'womens-fragrance', "J'adore Eau de Parfum", {
    note: 'ylang-ylang, Damascus rose and jasmine',
    accent: '#e5b53c',
    price: 14500,
    options: ['30ml', '50ml', '100ml'],
  }),
  P('versace', 'womens-fragrance', 'Bright Crystal Eau de Toilette', { note: 'yuzu, peony and magnolia', accent: '#f4a6b7' }),
  P('calvin-klein', 'womens-fragrance', 'Eternity Eau de Parfum for Women', {
    note: 'freesia, white lily and sandalwood',
    accent: '#e9dfc9',
  }),
  P('hugo-boss', 'womens-fragrance', 'Boss Alive Eau de Parfum', { note: 'plum, jasmine and vanilla', accent: '#f3c6a5' }),
  P('davidoff', 'womens-fragrance', 'Cool Water Woman Eau de Toilette', { note: 'pineapple, lotus and sandalwood', accent: '#7ec8e3' }),
  P('calvin-klein', 'womens-fragrance', 'CK One Eau de Toilette', { note: 'green tea, bergamot and musk (unisex)', accent: '#dfe6e9' }),
  P('4711', 'womens-fragrance', 'Original Eau de Cologne', {
    note: 'lemon, bergamot, neroli and rosemary',
    accent: '#9fd8cb',
    options: ['50ml', '90ml', '150ml'],
  }),
  // Men's fragrance
  P('dior', 'mens-fragrance', 'Sauvage Eau de Toilette', {
    note: 'Calabrian bergamot and Ambroxan',
    accent: '#1f4e79',
    price: 12500,
    options: ['60ml', '100ml'],
  }),
  P('dior', 'mens-fragrance', 'Sauvage Eau de Parfum', {
    note: 'bergamot, vanilla and Ambroxan',
    accent: '#27496d',
    price: 13500,
    options: ['60ml', '100ml'],
  }),
  P('davidoff', 'mens-fragrance', 'Cool Water Eau de Toilette', { note: 'mint, lavender and sea water notes', accent: '#2c7fb8' }),
  P('hugo-boss', 'mens-fragrance', 'Boss Bottled Eau de Parfum', { note: 'apple, cinnamon and sandalwood', accent: '#b5651d' }),
  P('versace', 'mens-fragrance', 'Eros Eau de Toilette', { note: 'mint, green apple and tonka bean', accent: '#00a3a1' }),
  P('versace', 'mens-fragrance', 'Dylan Blue Pour Homme Eau de Toilette', { note: 'bergamot, grapefruit and incense', accent: '#1f3a93' }),
  P('calvin-klein', 'mens-fragrance', 'Eternity for Men Eau de Toilette', { note: 'lavender, mandarin and vetiver', accent: '#cfc4ad' }),
  P('4711', 'mens-fragrance', 'Acqua Colonia Lime & Nutmeg Eau de Cologne', {
    note: 'lime and nutmeg',
    accent: '#b7d968',
    options: ['50ml', '170ml'],
  }),
  // Bath and body
  P('nivea', 'body-lotion', 'Nivea Cocoa Butter Body Lotion', { note: 'cocoa butter and vitamin E' }),
  P('nivea', 'body-lotion', 'Nivea Express Hydration Body Lotion', { note: 'sea minerals' }),
  P('vaseline', 'body-lotion', 'Intensive Care Deep Restore Body Lotion', { note: 'micro-droplets of Vaseline Jelly' }),
  P('vaseline', 'body-lotion', 'Healthy Bright Daily Brightening Body Lotion', { note: 'vitamin B3 and SPF 24' }),
  P('dove', 'body-lotion', 'Essential Nourishment Body Lotion', { note: 'deep care complex' }),
  P('dove', 'body-wash', 'Deeply Nourishing Body Wash', { note: 'NutriumMoisture' }),
  P('nivea', 'body-wash', 'Nivea Creme Soft Shower Gel', { note: 'almond oil' }),
  P('lux', 'body-wash', 'Velvet Touch Body Wash', { note: 'jasmine and almond oil' }),
  P('cetaphil', 'body-wash', 'Gentle Foaming Body Wash', { note: 'a soap-free, pH-balanced formula' }),

  // Toys
  P('lego', 'building-sets', 'LEGO Classic Large Creative Brick Box 10698', { note: '790 pieces in 33 colours', price: 6990 }),
  P('lego', 'building-sets', 'LEGO City Fire Station 60320', { note: '540 pieces, a fire engine and 4 minifigures', price: 9990 }),
  P('lego', 'building-sets', 'LEGO City Police Car 60312', { note: '94 pieces and a police officer minifigure', price: 2190 }),
  P('lego', 'building-sets', 'LEGO DUPLO Town Number Train 10954', { note: 'large, easy-to-hold DUPLO bricks for ages 1.5+', price: 3790 }),
  P('lego', 'building-sets', 'LEGO Friends Friendship Bus 41395', { note: '778 pieces with a pool and 3 mini-dolls', price: 11490 }),
  P('lego', 'building-sets', 'LEGO Creator 3in1 Space Shuttle 31134', { note: '144 pieces that build 3 different models', price: 2490 }),
  P('lego', 'building-sets', 'LEGO Technic Monster Jam Megalodon 42134', { note: '260 pieces and a pull-back motor', price: 2990 }),
  P('hot-wheels', 'cars', 'Hot Wheels Basic Car Gift Pack', {
    note: '1:64 scale die-cast cars',
    options: ['5-Car Pack', '10-Car Pack', '20-Car Pack'],
  }),
  P('hot-wheels', 'cars', 'Hot Wheels City Mega Car Wash Playset', { note: 'a colour-change car wash and an elevator', price: 3290 }),
  P('hot-wheels', 'cars', 'Hot Wheels Track Builder Unlimited Fuel Can Stunt Box', {
    note: 'track pieces, connectors and a launcher',
    price: 2890,
  }),
  P('hot-wheels', 'cars', 'Hot Wheels Monster Trucks Bone Shaker', { note: 'a 1:64 scale monster truck', price: 690 }),
  P('hot-wheels', 'cars', 'Hot Wheels Premium Fast & Furious Car', { note: 'die-cast metal body and Real Riders tyres', price: 990 }),
  P('barbie', 'dolls', 'Barbie Dreamhouse Adventures Doll', { note: 'a posable Barbie doll from the animated series', price: 2190 }),
  P('barbie', 'dolls', 'Barbie Fashionistas Doll', {
    note: 'a fashion doll with a removable outfit',
    options: ['Curly Brown Hair', 'Long Blonde Hair', 'Black Braids'],
  }),
  P('barbie', 'dolls', 'Barbie Careers Doctor Doll and Playset', {
    note: 'a doctor doll, a patient doll and medical accessories',
    price: 3490,
  }),
  P('barbie', 'dolls', 'Barbie Dream Closet Playset', { note: 'a fold-out closet with 30+ accessories', price: 6490 }),
  P('barbie', 'dolls', 'Barbie Color Reveal Doll', { note: '7 surprises revealed with water', price: 1990 }),
  P('funskool', 'board-games', 'Funskool Monopoly Classic', { note: 'the classic property trading game for 2–6 players', price: 1890 }),
  P('funskool', 'board-games', 'Funskool Scrabble Original', { note: 'the classic crossword game for 2–4 players', price: 2290 }),
  P('funskool', 'board-games', 'Funskool Ludo & Snakes and Ladders', { note: 'two family classics on one board', price: 950 }),
  P('funskool', 'board-games', 'Funskool Jenga', { note: '54 hardwood blocks', price: 1490 }),
  P('funskool', 'board-games', 'Funskool Pictionary', { note: 'the quick-draw guessing game', price: 1790 }),

  // Home
  P('philips', 'kitchen-appliances', 'Philips Essential Air Fryer HD9200', {
    note: 'Rapid Air technology and a 4.1 L basket',
    price: 9490,
    options: ['Black'],
  }),
  P('philips', 'kitchen-appliances', 'Philips Mixer Grinder HL7756', {
    note: 'a 750 W motor and three jars',
    price: 7290,
    options: ['White'],
  }),
  P('philips', 'kitchen-appliances', 'Philips Daily Collection Blender HR2056', { note: 'a 450 W motor and a 1.25 L jar', price: 4190 }),
  P('philips', 'kitchen-appliances', 'Philips Electric Kettle HD9306', { note: 'a 1.5 L stainless steel body', price: 2690 }),
  P('panasonic', 'kitchen-appliances', 'Panasonic Rice Cooker SR-Y18', {
    note: 'a 1.8 L non-stick pan and keep-warm function',
    price: 4490,
    options: ['White'],
  }),
  P('panasonic', 'kitchen-appliances', 'Panasonic Microwave Oven NN-ST34', { note: '25 L capacity and 9 auto menus', price: 11990 }),
  P('miyako', 'kitchen-appliances', 'Miyako Blender BL-152', { note: 'a 350 W motor and a 1.5 L jar', price: 2490 }),
  P('miyako', 'kitchen-appliances', 'Miyako Curry Cooker 5L', { note: 'a 5 L non-stick pot for curry, khichuri and biryani', price: 3290 }),
  P('miyako', 'kitchen-appliances', 'Miyako Electric Kettle 1.8L', { note: 'a 1.8 L stainless steel body and auto shut-off', price: 1890 }),
  P('miyako', 'kitchen-appliances', 'Miyako Rice Cooker 2.8L', {
    note: 'a 2.8 L pot for a family of six',
    price: 3490,
    options: ['White'],
  }),
  P('walton', 'kitchen-appliances', 'Walton Induction Cooker WIC-CL13', {
    note: 'a 2000 W plate and 8 cooking modes',
    price: 4290,
    options: ['Black'],
  }),
  P('walton', 'kitchen-appliances', 'Walton Electric Kettle WK-LJSS170', { note: 'a 1.7 L body and 360° base', price: 1990 }),
  P('philips', 'personal-care-appliances', 'Philips Hair Dryer BHD356', { note: '2100 W, ThermoProtect and ionic care', price: 4890 }),
  P('philips', 'personal-care-appliances', 'Philips Beard Trimmer BT3221', {
    note: '20 length settings and 90 minutes of cordless use',
    price: 3690,
  }),
  P('panasonic', 'personal-care-appliances', 'Panasonic Hair Straightener EH-HV10', {
    note: 'ceramic plates and fast heat-up',
    price: 2990,
  }),
  P('philips', 'personal-care-appliances', 'Philips Satinelle Essential Epilator BRE235', {
    note: 'a corded epilator for smooth legs',
    price: 4290,
  }),
  P('walton', 'personal-care-appliances', 'Walton Hair Clipper WHC-R02', { note: 'a rechargeable clipper with 4 combs', price: 1590 }),
  P('philips', 'garment-care', 'Philips Dry Iron GC1903', { note: 'a 1000 W soleplate with a non-stick coating', price: 1890 }),
  P('panasonic', 'garment-care', 'Panasonic Steam Iron NI-S430', { note: 'a titanium soleplate and vertical steam', price: 3590 }),
  P('miyako', 'garment-care', 'Miyako Electric Iron MEI-1000', { note: 'a 1000 W Teflon-coated soleplate', price: 1590 }),

  // Sport
  P('yonex', 'badminton', 'Yonex Astrox 77 Play Badminton Racquet', { note: 'a head-heavy frame for steep smashes', price: 5490 }),
  P('yonex', 'badminton', 'Yonex Nanoflare 001 Ability Badminton Racquet', { note: 'a head-light frame for fast drives', price: 4290 }),
  P('yonex', 'badminton', 'Yonex Arcsaber 11 Play Badminton Racquet', { note: 'an even balance for control', price: 6990 }),
  P('yonex', 'badminton', 'Yonex Mavis 350 Nylon Shuttlecock (Tube of 6)', {
    note: 'nylon skirt and cork base',
    shape: 'canister',
    options: ['Slow (Green Cap)', 'Medium (Blue Cap)', 'Fast (Red Cap)'],
    price: 1390,
  }),
  P('yonex', 'badminton', 'Yonex Aerosensa 30 Feather Shuttlecock (Tube of 12)', {
    note: 'goose feathers for tournament play',
    shape: 'canister',
    options: ['Speed 77', 'Speed 78'],
    price: 3290,
  }),
  P('adidas', 'football', 'Adidas UCL League Football', { note: 'a thermally bonded, seamless surface', price: 3490 }),
  P('nike', 'football', 'Nike Academy Football', { note: 'Aerowsculpt grooves for a true flight', price: 2790 }),
  P('cosco', 'football', 'Cosco Torino Football', { note: 'a 32-panel, hand-stitched cover', price: 1590 }),
  P('cosco', 'cricket', 'Cosco Light Cricket Tennis Ball (Pack of 6)', { note: 'a light rubber ball for street cricket', price: 690 }),
  P('cosco', 'cricket', 'Cosco Kashmir Willow Cricket Bat', {
    note: 'Kashmir willow and a cane handle',
    price: 3490,
    shape: 'box',
    options: ['Size 5', 'Size 6', 'Full Size (SH)'],
  }),
  P('adidas', 'cricket', 'Adidas Incurza 2.0 English Willow Cricket Bat', {
    note: 'grade 2 English willow',
    price: 8990,
    shape: 'box',
    options: ['Full Size (SH)'],
  }),
  P('nike', 'running', 'Nike Revolution 7 Running Shoes', { note: 'a soft foam midsole and breathable mesh', price: 6990 }),
  P('nike', 'running', 'Nike Downshifter 13 Running Shoes', { note: 'a cushioned, road-running ride', price: 7990 }),
  P('adidas', 'running', 'Adidas Duramo SL Running Shoes', { note: 'Lightmotion cushioning', price: 6790 }),
  P('adidas', 'running', 'Adidas Runfalcon 3.0 Running Shoes', { note: 'Cloudfoam comfort and a recycled upper', price: 6590 }),
  P('cosco', 'fitness', 'Cosco Vinyl Dumbbell Pair', { note: 'vinyl-coated cast iron', options: ['2 kg', '3 kg', '5 kg'], price: 1490 }),
  P('adidas', 'fitness', 'Adidas Yoga Mat 8mm', { note: 'an 8 mm cushioned, non-slip surface', price: 2990 }),
  P('nike', 'fitness', 'Nike Fundamental Speed Rope', { note: 'an adjustable cable and light handles', price: 1290 }),
  P('cosco', 'fitness', 'Cosco Skipping Rope with Counter', { note: 'a digital jump counter', price: 850 }),
  P('nike', 'sportswear', 'Nike Dri-FIT Park VII Jersey', { note: 'Dri-FIT sweat-wicking fabric', price: 2490 }),
  P('adidas', 'sportswear', 'Adidas Tiro 23 Training Pants', { note: 'AEROREADY and a slim, tapered fit', price: 3990 }),
];
