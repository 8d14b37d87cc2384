import { z } from 'zod';
import { DEPARTMENT_KEYS } from './constants.js';
import { isEmail, normalizeEmail } from './email.js';
import { IdSchema, text } from './input.js';
import { canonicalBdMobile } from './phone.js';
import * as messages from './messages.js';

export const ImageSchema = z.object({
  original: z.string(),
  webp: z.string(),
  mobile: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /**
   * Size of the phone picture when its shape differs from the original (wide banners are recomposed
   * for phones); absent when it is the original scaled down.
   */
  mobile_width: z.number().int().optional(),
  mobile_height: z.number().int().optional(),
});
export type ProductImage = z.infer<typeof ImageSchema>;

export type Metafield = { key: string; value: string };
export type MaxDiscount = { value: number; show_on_detail_page: boolean; show_on_homepage: boolean };
export type BrandRef = { id: number; handle: string; name: string };

/** A card in a slider or a listing. Prices are poisha. */
export type ProductCard = {
  id: number;
  handle: string;
  name: string;
  url: string;
  brand: BrandRef;
  image: ProductImage | null;
  tags: string[];
  /** Lowest regular price across variants, and the lowest price after discount. */
  price: number;
  discounted_price: number;
  /** True when variants have different prices: the card says 'From'. */
  from: boolean;
  max_discount: MaxDiscount;
  sale: boolean;
  in_stock: boolean;
  rating: number;
  review_count: number;
};

export type ProductVariant = {
  variant_id: number;
  sku: string;
  title: string;
  price: number;
  discount: number;
  discounted_price: number;
  stock: number;
  in_stock: boolean;
};

export type Review = { id: number; name: string; star: number; text: string; created_at: string };

export type ProductDetail = {
  id: number;
  handle: string;
  name: string;
  url: string;
  body_html: string;
  brand: string;
  brand_ref: BrandRef;
  brand_page: { page_ptr: { handle: string } } | null;
  department: string;
  category: { handle: string; name: string } | null;
  images: ProductImage[];
  tags: string[];
  product_variants: ProductVariant[];
  max_discount: MaxDiscount;
  sale: boolean;
  reviews: Review[];
  rating: number;
  review_count: number;
  metafields: Metafield[];
};

export const SORTS = ['newest', 'price_asc', 'price_desc', 'top_rated'] as const;
export type Sort = (typeof SORTS)[number];

const boolParam = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();
const takaParam = z.coerce.number().int('Must be a whole number').min(0, 'Must be 0 or more').max(10_000_000).optional();

/** The listing's query: every filter and the sort live in the URL so a shared link shows the same page. */
export const ProductListQuerySchema = z
  .object({
    department: z.enum(DEPARTMENT_KEYS).optional(),
    brand: text().max(200).optional(),
    category: text().max(100).optional(),
    collection: text().max(100).optional(),
    price_min: takaParam,
    price_max: takaParam,
    on_sale: boolParam,
    in_stock: boolParam,
    sort: z.enum(SORTS).default('newest'),
    page: z.coerce.number().int('Must be a whole number').min(1, 'Must be 1 or more').max(10_000).default(1),
    page_size: z.coerce.number().int('Must be a whole number').min(1).max(48, 'At most 48').default(24),
  })
  .refine((q) => q.price_min === undefined || q.price_max === undefined || q.price_min <= q.price_max, {
    message: 'Minimum price must not exceed maximum price',
    path: ['price_min'],
  });
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export type Facet = { value: string; label: string; count: number };
export type ProductListResponse = {
  count: number;
  page: number;
  page_size: number;
  results: ProductCard[];
  facets: { brands: Facet[]; categories: Facet[]; price: { min: number; max: number } };
};

/** Mean star rounded to the nearest half, 0 with no reviews (SPEC §5). */
export function aggregateRating(stars: readonly number[]): number {
  if (stars.length === 0) return 0;
  const mean = stars.reduce((a, b) => a + b, 0) / stars.length;
  return Math.round(mean * 2) / 2;
}

/** A brand with its description, as GET /brands/ and /brands/:handle/ answer. */
export type BrandSummary = BrandRef & { description: string; page_handle: string | null; department: string; product_count: number };

/**
 * A 'Notify me' request for an out-of-stock variant: an email OR a BD mobile number. The browser
 * sends whichever the shopper typed; the API stores the email lowercased and the phone as +8801XXXXXXXXX.
 */
export const NotifyMeSchema = z
  .object({
    variant_id: IdSchema,
    email: text().trim().max(254).optional(),
    phone: text().trim().max(32).optional(),
  })
  .transform((v, ctx) => {
    const email = v.email ? normalizeEmail(v.email) : '';
    const phone = v.phone ?? '';
    if (!email && !phone) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: messages.addressEmailOrPhoneRequired });
      return z.NEVER;
    }
    if (email) {
      if (!isEmail(email)) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: messages.emailInvalid });
        return z.NEVER;
      }
      return { variant_id: v.variant_id, email, phone: null };
    }
    const canonical = canonicalBdMobile(phone);
    if (!canonical) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: messages.phoneInvalid });
      return z.NEVER;
    }
    return { variant_id: v.variant_id, email: null, phone: canonical };
  });
export type NotifyMeInput = z.input<typeof NotifyMeSchema>;
export type NotifyMeRequest = z.output<typeof NotifyMeSchema>;

export function productUrl(brandHandle: string, productHandle: string): string {
  return `/brand/${brandHandle}/${productHandle}`;
}
