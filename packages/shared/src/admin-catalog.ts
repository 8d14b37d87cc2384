import { z } from 'zod';
import { ImageSchema, MaxDiscountSchema } from './catalog.js';
import { DEPARTMENT_KEYS, PERFUME_TYPES } from './constants.js';
import { IdSchema, MAX_ID, NOTHING_TO_CHANGE, changesSomething, text } from './input.js';
import { UploadedImageSchema } from './media.js';

/*
 * The products of the back office (issue 17 item 1): what the admin API takes and answers under
 * /api/v1/admin/catalog/products/. The editor uses the same schemas, so the screen and the API say the
 * same thing about a bad field. Money is poisha here as everywhere in the API; the editor shows taka.
 */

/** A draft and an archived product never show on the storefront; an active one shows from its publish time on. */
export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
/** What the list shows: an active product whose publish time has not come yet is scheduled. */
export const PRODUCT_STATES = ['draft', 'scheduled', 'active', 'archived'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

/** What a product's variants differ by; a shade or a colour may carry a swatch. */
export const VARIANT_OPTIONS = ['size', 'shade', 'colour'] as const;
export type VariantOption = (typeof VARIANT_OPTIONS)[number];
export const VARIANT_OPTION_LABELS: Record<VariantOption, string> = { size: 'Size', shade: 'Shade', colour: 'Colour' };

export const PRODUCT_LIMITS = {
  name: 200,
  handle: 80,
  body: 100_000,
  tags: 30,
  tag: 50,
  /** Search engines show about 70 characters; the demo's titles run a little longer. */
  titleTag: 150,
  descriptionTag: 320,
  images: 12,
  variants: 100,
  sku: 64,
  variantTitle: 120,
  barcode: 64,
  /** ৳10,00,000 in poisha. */
  price: 100_000_000,
  stock: 1_000_000,
} as const;

export const catalogMessages = {
  required: 'Required',
  handle: 'Use lowercase letters, digits and dashes (for example rose-water-toner)',
  handleTaken: 'Another product already uses this address',
  sku: 'Use letters, digits, dots, dashes and underscores',
  skuTaken: 'Another variant already uses this SKU',
  skuRepeated: 'Two variants of this product have this SKU',
  wholeTaka: 'Use a whole taka amount',
  price: 'Enter a price of 0 or more',
  priceTooHigh: 'At most ৳10,00,000',
  percent: 'Between 0 and 100',
  stock: 'Stock cannot be below 0',
  stockTooHigh: `At most ${PRODUCT_LIMITS.stock.toLocaleString('en-US')}`,
  wholeNumber: 'Must be a whole number',
  number: 'Must be a number',
  swatch: 'Use a colour like #c0392b',
  oneVariant: 'A product needs at least one variant',
  tooManyVariants: `At most ${PRODUCT_LIMITS.variants} variants`,
  tooManyImages: `At most ${PRODUCT_LIMITS.images} pictures`,
  tooManyTags: `At most ${PRODUCT_LIMITS.tags} tags`,
  tag: `Tags are 1 to ${PRODUCT_LIMITS.tag} characters, without commas`,
  onePerfumeType: 'Choose one perfume type',
  brandUnknown: 'Choose a brand',
  categoryUnknown: 'Choose a category of the product’s department',
  collectionUnknown: 'Choose collections of the product’s department',
  publishAt: 'Give a date and time',
  editConflict: 'Someone else saved this product after you opened it. Reload to see their changes, then make yours again.',
} as const;

const max = (n: number) => `At most ${n.toLocaleString('en-US')} characters`;

export const ProductHandleSchema = text()
  .trim()
  .toLowerCase()
  .min(1, catalogMessages.required)
  .max(PRODUCT_LIMITS.handle, max(PRODUCT_LIMITS.handle))
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, catalogMessages.handle);

const whole = (message: string) => z.number(catalogMessages.number).int(catalogMessages.wholeNumber).min(0, message);

/** A price in poisha: whole taka, 0 to ৳10,00,000. */
export const PriceSchema = whole(catalogMessages.price)
  .max(PRODUCT_LIMITS.price, catalogMessages.priceTooHigh)
  .refine((v) => v % 100 === 0, catalogMessages.wholeTaka);
export const DiscountPercentSchema = whole(catalogMessages.percent).max(100, catalogMessages.percent);
export const StockSchema = whole(catalogMessages.stock).max(PRODUCT_LIMITS.stock, catalogMessages.stockTooHigh);

export const SkuSchema = text()
  .trim()
  .min(1, catalogMessages.required)
  .max(PRODUCT_LIMITS.sku, max(PRODUCT_LIMITS.sku))
  .regex(/^[A-Za-z0-9._-]+$/, catalogMessages.sku);

export const SwatchSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, catalogMessages.swatch)
  .transform((v) => v.toLowerCase());

/**
 * A variant as the editor saves it. `id` names a variant the product has (kept and updated); a row
 * without one is new. Stock is set here only for a new variant: a kept variant's stock moves through
 * Inventory, where every change has a reason and a history.
 */
export const AdminVariantInputSchema = z.object({
  id: IdSchema.optional(),
  sku: SkuSchema,
  title: text().trim().min(1, catalogMessages.required).max(PRODUCT_LIMITS.variantTitle, max(PRODUCT_LIMITS.variantTitle)),
  swatch: SwatchSchema.nullable(),
  price: PriceSchema,
  discount: DiscountPercentSchema,
  barcode: text().trim().max(PRODUCT_LIMITS.barcode, max(PRODUCT_LIMITS.barcode)),
  stock: StockSchema,
});
export type AdminVariantInput = z.input<typeof AdminVariantInputSchema>;

const TagSchema = text()
  .trim()
  .min(1, catalogMessages.tag)
  .max(PRODUCT_LIMITS.tag, catalogMessages.tag)
  .refine((t) => !t.includes(','), catalogMessages.tag);

const PERFUME_TAGS = Object.keys(PERFUME_TYPES);

/** The perfume-type tag among a product's tags (EDP, EDT, EDC), or null. */
export const perfumeTypeTag = (tags: readonly string[]): string | null => tags.find((t) => PERFUME_TAGS.includes(t)) ?? null;

const ProductFieldsSchema = z.object({
  handle: ProductHandleSchema,
  name: text().trim().min(1, catalogMessages.required).max(PRODUCT_LIMITS.name, max(PRODUCT_LIMITS.name)),
  /** Rich text from the editor; the API keeps only the markup the storefront allows (lib/sanitize.ts). */
  body_html: text().max(PRODUCT_LIMITS.body, 'The description is too long'),
  /** The name and description in Bangla (issue 21); empty: Bangla pages show the English. */
  name_bn: text().trim().max(PRODUCT_LIMITS.name, max(PRODUCT_LIMITS.name)).optional(),
  body_html_bn: text().max(PRODUCT_LIMITS.body, 'The description is too long').optional(),
  brand_id: IdSchema,
  department: z.enum(DEPARTMENT_KEYS),
  category_id: IdSchema.nullable(),
  /** Manual collections the product is in; collections by rule follow their rule. */
  collection_ids: z.array(IdSchema).max(50, 'At most 50 collections'),
  tags: z
    .array(TagSchema)
    .max(PRODUCT_LIMITS.tags, catalogMessages.tooManyTags)
    .transform((tags) => [...new Set(tags)])
    .refine((tags) => tags.filter((t) => PERFUME_TAGS.includes(t)).length <= 1, catalogMessages.onePerfumeType),
  /** The search result's title and description (metafields title_tag and description_tag); empty: the storefront's defaults. */
  title_tag: text().trim().max(PRODUCT_LIMITS.titleTag, max(PRODUCT_LIMITS.titleTag)),
  description_tag: text().trim().max(PRODUCT_LIMITS.descriptionTag, max(PRODUCT_LIMITS.descriptionTag)),
  /** Where the 'Up to -N%' badge shows; N is the largest discount of the variants. */
  show_max_discount_on_detail_page: z.boolean(),
  show_max_discount_on_homepage: z.boolean(),
  sale: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  /** When an active product goes live; null: now (or the time it went live). */
  publish_at: z.iso.datetime({ offset: true, error: catalogMessages.publishAt }).nullable(),
  option: z.enum(VARIANT_OPTIONS),
  images: z.array(UploadedImageSchema).max(PRODUCT_LIMITS.images, catalogMessages.tooManyImages),
  variants: z
    .array(AdminVariantInputSchema)
    .min(1, catalogMessages.oneVariant)
    .max(PRODUCT_LIMITS.variants, catalogMessages.tooManyVariants),
});

/** Two variants of one product never share a SKU (the database refuses it across products). */
function noRepeatedSku(product: { variants?: { sku: string }[] | undefined }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  product.variants?.forEach((v, i) => {
    const key = v.sku.toUpperCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', message: catalogMessages.skuRepeated, path: ['variants', i, 'sku'] });
    seen.add(key);
  });
}

export const AdminProductInputSchema = ProductFieldsSchema.superRefine(noRepeatedSku);
export type AdminProductInput = z.input<typeof AdminProductInputSchema>;
export type AdminProductValues = z.output<typeof AdminProductInputSchema>;

/** PATCH: any subset; `variants`, when sent, is the whole list (a kept variant by its id, the rest removed). */
export const AdminProductPatchSchema = ProductFieldsSchema.partial()
  .extend({ updated_at: z.iso.datetime({ offset: true, error: 'Must be a date and time' }).optional() })
  .superRefine(noRepeatedSku)
  .refine(changesSomething, NOTHING_TO_CHANGE);
export type AdminProductPatch = z.output<typeof AdminProductPatchSchema>;

export const AdminVariantSchema = z.object({
  id: z.number(),
  sku: z.string(),
  title: z.string(),
  swatch: z.string().nullable(),
  price: z.number(),
  discount: z.number(),
  discounted_price: z.number(),
  barcode: z.string(),
  stock: z.number(),
});
export type AdminVariant = z.infer<typeof AdminVariantSchema>;

export const AdminProductSchema = z.object({
  id: z.number(),
  handle: z.string(),
  name: z.string(),
  body_html: z.string(),
  /** '' when staff wrote none. */
  name_bn: z.string(),
  body_html_bn: z.string(),
  brand: z.object({ id: z.number(), handle: z.string(), name: z.string() }),
  department: z.enum(DEPARTMENT_KEYS),
  category_id: z.number().nullable(),
  collection_ids: z.array(z.number()),
  tags: z.array(z.string()),
  title_tag: z.string(),
  description_tag: z.string(),
  max_discount: MaxDiscountSchema,
  sale: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  publish_at: z.string(),
  state: z.enum(PRODUCT_STATES),
  option: z.enum(VARIANT_OPTIONS),
  images: z.array(ImageSchema),
  variants: z.array(AdminVariantSchema),
  /** The storefront address (it answers only while the product is live). */
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

// The list

export const ADMIN_PRODUCT_SORTS = ['updated', 'name', 'price', 'created'] as const;
export const ADMIN_PRODUCT_PAGE_SIZE = 50;
/** Lists count their rows up to this; past it they say "10,000+" (count_capped). */
export const ADMIN_LIST_COUNT_CAP = 10_000;
/** A list with a text search counts its matches up to this (five pages): "250+". */
export const ADMIN_SEARCH_COUNT_CAP = 250;

export const AdminProductListQuerySchema = z.object({
  /** Name, handle or SKU. */
  q: text().trim().max(100, max(100)).optional(),
  state: z.enum(PRODUCT_STATES).optional(),
  brand_id: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  department: z.enum(DEPARTMENT_KEYS).optional(),
  stock: z.enum(['in', 'out']).optional(),
  sort: z.enum(ADMIN_PRODUCT_SORTS).default('updated'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminProductListQuery = z.infer<typeof AdminProductListQuerySchema>;

export const AdminProductRowSchema = z.object({
  id: z.number(),
  handle: z.string(),
  name: z.string(),
  brand: z.string(),
  department: z.enum(DEPARTMENT_KEYS),
  image: ImageSchema.nullable(),
  state: z.enum(PRODUCT_STATES),
  variant_count: z.number(),
  /** Lowest price and lowest price after discount, poisha. */
  price: z.number(),
  discounted_price: z.number(),
  stock: z.number(),
  updated_at: z.string(),
});
export type AdminProductRow = z.infer<typeof AdminProductRowSchema>;

export const AdminProductListResponseSchema = z.object({
  data: z.array(AdminProductRowSchema),
  count: z.number(),
  /** More rows than `count` (the cap) match. */
  count_capped: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});
export type AdminProductListResponse = z.infer<typeof AdminProductListResponseSchema>;

/** What the editor's pickers offer: brands, categories and manual collections, each with its department. */
export const AdminCatalogOptionsSchema = z.object({
  brands: z.array(z.object({ id: z.number(), name: z.string(), department: z.enum(DEPARTMENT_KEYS) })),
  categories: z.array(
    z.object({ id: z.number(), name: z.string(), parent_id: z.number().nullable(), department: z.enum(DEPARTMENT_KEYS) }),
  ),
  collections: z.array(z.object({ id: z.number(), title: z.string(), department: z.enum(DEPARTMENT_KEYS) })),
});
export type AdminCatalogOptions = z.infer<typeof AdminCatalogOptionsSchema>;

// The bulk editor: prices, discounts and stock of many variants at once

export const BULK_PAGE_SIZE = 100;
export const BULK_MAX_CHANGES = 1_000;

export const AdminVariantListQuerySchema = z.object({
  q: text().trim().max(100, max(100)).optional(),
  brand_id: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  department: z.enum(DEPARTMENT_KEYS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminVariantListQuery = z.infer<typeof AdminVariantListQuerySchema>;

export const AdminVariantRowSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product: z.string(),
  brand: z.string(),
  sku: z.string(),
  title: z.string(),
  price: z.number(),
  discount: z.number(),
  stock: z.number(),
});
export type AdminVariantRow = z.infer<typeof AdminVariantRowSchema>;
export const AdminVariantListResponseSchema = z.object({
  data: z.array(AdminVariantRowSchema),
  count: z.number(),
  /** More rows than `count` (the cap) match. */
  count_capped: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});
export type AdminVariantListResponse = z.infer<typeof AdminVariantListResponseSchema>;

/**
 * One variant's new values, with the values the editor loaded. A price or discount that someone else
 * changed since is refused (edit_conflict); stock moves by the difference typed (new − loaded), so
 * units sold meanwhile are not put back.
 */
export const BulkVariantChangeSchema = z
  .object({
    id: IdSchema,
    loaded: z.object({ price: z.number().int(), discount: z.number().int(), stock: z.number().int() }),
    price: PriceSchema.optional(),
    discount: DiscountPercentSchema.optional(),
    stock: StockSchema.optional(),
  })
  .refine((c) => c.price !== undefined || c.discount !== undefined || c.stock !== undefined, NOTHING_TO_CHANGE);
export const BulkVariantChangesSchema = z.object({
  changes: z
    .array(BulkVariantChangeSchema)
    .min(1, NOTHING_TO_CHANGE)
    .max(BULK_MAX_CHANGES, `At most ${BULK_MAX_CHANGES.toLocaleString('en-US')} changes at once`),
});
export type BulkVariantChanges = z.infer<typeof BulkVariantChangesSchema>;
export const bulkMessages = {
  changedMeanwhile: 'Changed by someone else since you loaded it: reload to see it',
  unknown: 'This variant no longer exists',
  stockBelowZero: 'Orders took stock meanwhile: this would leave less than 0',
  saved: (n: number) => `${n} ${n === 1 ? 'variant' : 'variants'} saved. Shoppers see the new prices and stock now.`,
} as const;
