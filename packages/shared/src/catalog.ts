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
export const MaxDiscountSchema = z.object({ value: z.number(), show_on_detail_page: z.boolean(), show_on_homepage: z.boolean() });
export type MaxDiscount = z.infer<typeof MaxDiscountSchema>;
export const BrandRefSchema = z.object({ id: z.number(), handle: z.string(), name: z.string() });
export type BrandRef = z.infer<typeof BrandRefSchema>;

/** A card in a slider or a listing. Prices are poisha. */
export const ProductCardSchema = z.object({
  id: z.number(),
  handle: z.string(),
  name: z.string(),
  url: z.string(),
  brand: BrandRefSchema,
  image: ImageSchema.nullable(),
  tags: z.array(z.string()),
  /** Lowest regular price across variants, and the lowest price after discount. */
  price: z.number(),
  discounted_price: z.number(),
  /** True when variants have different prices: the card says 'From'. */
  from: z.boolean(),
  max_discount: MaxDiscountSchema,
  sale: z.boolean(),
  in_stock: z.boolean(),
  rating: z.number(),
  review_count: z.number(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

export const ProductVariantSchema = z.object({
  variant_id: z.number(),
  sku: z.string(),
  title: z.string(),
  price: z.number(),
  discount: z.number(),
  discounted_price: z.number(),
  stock: z.number(),
  in_stock: z.boolean(),
});
export type ProductVariant = z.infer<typeof ProductVariantSchema>;

/** An approved review; `verified` when its author received the product, `reply` the shop's answer. */
export const ReviewSchema = z.object({
  id: z.number(),
  name: z.string(),
  star: z.number(),
  text: z.string(),
  created_at: z.string(),
  verified: z.boolean(),
  reply: z.string().nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ProductDetailSchema = z.object({
  id: z.number(),
  handle: z.string(),
  name: z.string(),
  url: z.string(),
  body_html: z.string(),
  brand: z.string(),
  brand_ref: BrandRefSchema,
  brand_page: z.object({ page_ptr: z.object({ handle: z.string() }) }).nullable(),
  department: z.string(),
  category: z.object({ handle: z.string(), name: z.string() }).nullable(),
  images: z.array(ImageSchema),
  tags: z.array(z.string()),
  product_variants: z.array(ProductVariantSchema),
  max_discount: MaxDiscountSchema,
  sale: z.boolean(),
  reviews: z.array(ReviewSchema),
  rating: z.number(),
  review_count: z.number(),
  metafields: z.array(z.object({ key: z.string(), value: z.string() })),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
/** GET /products/{brand}/{product}/. */
export const ProductDetailResponseSchema = z.object({ data: ProductDetailSchema });

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

export const FacetSchema = z.object({ value: z.string(), label: z.string(), count: z.number() });
export type Facet = z.infer<typeof FacetSchema>;
export const ProductListResponseSchema = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(ProductCardSchema),
  facets: z.object({
    brands: z.array(FacetSchema),
    categories: z.array(FacetSchema),
    price: z.object({ min: z.number(), max: z.number() }),
  }),
  /** The collection listed (collection=…), so the page can be headed by its title; null for an unknown one. */
  collection: z.object({ handle: z.string(), title: z.string() }).nullable().optional(),
});
export type ProductListResponse = z.infer<typeof ProductListResponseSchema>;

/** Mean star rounded to the nearest half, 0 with no reviews (SPEC §5). */
export function aggregateRating(stars: readonly number[]): number {
  if (stars.length === 0) return 0;
  const mean = stars.reduce((a, b) => a + b, 0) / stars.length;
  return Math.round(mean * 2) / 2;
}

/** A brand with its description, as GET /brands/ and /brands/:handle/ answer. */
export const BrandSummarySchema = BrandRefSchema.extend({
  description: z.string(),
  page_handle: z.string().nullable(),
  department: z.string(),
  product_count: z.number(),
});
export type BrandSummary = z.infer<typeof BrandSummarySchema>;

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
      ctx.addIssue({ code: 'custom', path: ['email'], message: messages.addressEmailOrPhoneRequired() });
      return z.NEVER;
    }
    if (email) {
      if (!isEmail(email)) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: messages.emailInvalid() });
        return z.NEVER;
      }
      return { variant_id: v.variant_id, email, phone: null };
    }
    const canonical = canonicalBdMobile(phone);
    if (!canonical) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: messages.phoneInvalid() });
      return z.NEVER;
    }
    return { variant_id: v.variant_id, email: null, phone: canonical };
  });
export type NotifyMeInput = z.input<typeof NotifyMeSchema>;
export type NotifyMeRequest = z.output<typeof NotifyMeSchema>;
/** POST /notify-me/ answers 201 with this. */
export const NotifyMeResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export function productUrl(brandHandle: string, productHandle: string): string {
  return `/brand/${brandHandle}/${productHandle}`;
}
