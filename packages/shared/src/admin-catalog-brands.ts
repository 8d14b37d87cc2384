import { z } from 'zod';
import { DEPARTMENT_KEYS } from './constants.js';
import { IdSchema, LoadedAtSchema, NOTHING_TO_CHANGE, changesSomething, text } from './input.js';
import { ImageSchema } from './catalog.js';

/*
 * Brands and collections in the back office (issue 17 item 1): what the admin API takes and answers
 * under /api/v1/admin/catalog/. The forms use the same schemas, so the screen and the API say the
 * same thing about a bad field.
 */

export const catalogMessages = {
  required: 'Required',
  handle: 'Use lowercase letters, digits and dashes (for example the-ordinary)',
  brandHandleTaken: 'Another brand already uses this address',
  collectionHandleTaken: 'Another collection already uses this address',
  unknownPage: 'No page has this address: choose one of the pages',
  brandHasProducts: (n: number) =>
    `This brand has ${n} product${n === 1 ? '' : 's'}. Move ${n === 1 ? 'it' : 'them'} to another brand first, then delete it.`,
  emptyRule: 'Give at least one condition (a tag, a brand, a price or on sale)',
  ruleNeeded: 'A collection by rule needs its rule',
  unknownBrand: 'One of these brands no longer exists',
  unknownProduct: 'One of these products no longer exists',
  duplicateProduct: 'A product is in the list twice',
  priceOrder: 'The lowest price must not be above the highest',
  editConflict: 'Someone else saved this after you opened it. Reload to see their changes, then make yours again.',
} as const;

const max = (n: number) => `At most ${n} characters`;

/** The last part of a storefront address: /brands/<handle>, /collections/<handle>. */
export const CatalogHandleSchema = text()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/, catalogMessages.handle);

const NameSchema = text().trim().min(1, catalogMessages.required).max(200, max(200));

// Brands

export const AdminBrandInputSchema = z.object({
  name: NameSchema,
  handle: CatalogHandleSchema,
  description: text().trim().max(5000, max(5000)),
  /** In Bangla (issue 21); empty: Bangla pages show the English. */
  description_bn: text().trim().max(5000, max(5000)).optional(),
  department: z.enum(DEPARTMENT_KEYS),
  luxury: z.boolean('Must be yes or no'),
  /** The brand page: the handle of one of the content pages, or null for none. */
  page_handle: CatalogHandleSchema.nullable(),
});
export type AdminBrandInput = z.infer<typeof AdminBrandInputSchema>;
export const AdminBrandPatchSchema = AdminBrandInputSchema.partial()
  .extend({ updated_at: LoadedAtSchema.optional() })
  .refine(changesSomething, NOTHING_TO_CHANGE);
export type AdminBrandPatch = z.infer<typeof AdminBrandPatchSchema>;

export const AdminBrandSchema = AdminBrandInputSchema.extend({
  id: z.number(),
  description: z.string(),
  description_bn: z.string(),
  /** Every product of the brand, published or not (a brand with products cannot be deleted). */
  product_count: z.number(),
  updated_at: z.string(),
});
export type AdminBrand = z.infer<typeof AdminBrandSchema>;

export const AdminBrandListQuerySchema = z.object({ q: text().trim().max(200, max(200)).optional() });

/** A content page a brand page may point at. */
export const BrandPageOptionSchema = z.object({ handle: z.string(), title: z.string() });
export type BrandPageOption = z.infer<typeof BrandPageOptionSchema>;

// Collections

export const COLLECTION_KINDS = ['manual', 'rule'] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];

/** Taka, a whole number: the listing's price filter reads the same figure (the lowest price after discount). */
const TakaSchema = z
  .number('Must be a number')
  .int('Must be a whole number of taka')
  .min(0, 'At least 0')
  .max(10_000_000, 'At most 10,000,000');

const RuleFieldsSchema = z.object({
  /** A product with any one of these tags. */
  tags: z
    .array(text().trim().min(1, catalogMessages.required).max(100, max(100)))
    .max(50, 'At most 50 tags')
    .optional(),
  /** A product of any one of these brands. */
  brand_ids: z.array(IdSchema).max(200, 'At most 200 brands').optional(),
  price_min: TakaSchema.optional(),
  price_max: TakaSchema.optional(),
  /** true: on sale only (the sale flag or a discount); false: not on sale only. */
  on_sale: z.boolean('Must be yes or no').optional(),
});

/** True when the rule names at least one condition (an empty list names none). */
export const ruleHasCondition = (rule: CollectionRule): boolean =>
  Boolean(rule.tags?.length) ||
  Boolean(rule.brand_ids?.length) ||
  rule.price_min !== undefined ||
  rule.price_max !== undefined ||
  rule.on_sale !== undefined;

/** A product belongs when it matches every condition given, and the collection's department. */
export const CollectionRuleSchema = RuleFieldsSchema.refine(
  (rule) => rule.price_min === undefined || rule.price_max === undefined || rule.price_min <= rule.price_max,
  { error: catalogMessages.priceOrder, path: ['price_max'] },
).refine(ruleHasCondition, { error: catalogMessages.emptyRule, path: ['tags'] });
export type CollectionRule = z.infer<typeof RuleFieldsSchema>;

const ProductIdsSchema = z
  .array(IdSchema)
  .max(500, 'At most 500 products: use a rule for larger collections')
  .refine((ids) => new Set(ids).size === ids.length, catalogMessages.duplicateProduct);

const CollectionFieldsSchema = z.object({
  title: NameSchema,
  /** In Bangla (issue 21); empty: Bangla pages show the English. */
  title_bn: text().trim().max(200, max(200)).optional(),
  handle: CatalogHandleSchema,
  department: z.enum(DEPARTMENT_KEYS),
  /** Shown as a slider on the department's home, in this order; null: not on the home. */
  home_position: z.number('Must be a number').int('Must be a whole number').min(0, 'At least 0').max(999, 'At most 999').nullable(),
  kind: z.enum(COLLECTION_KINDS),
  /** The rule (kind "rule"); null for a manual collection. */
  rule: CollectionRuleSchema.nullable(),
  /** The members in order (kind "manual"); ignored for a rule collection. */
  product_ids: ProductIdsSchema,
});

const ruleGivenForRuleKind = (c: { kind?: CollectionKind | undefined; rule?: CollectionRule | null | undefined }) =>
  c.kind !== 'rule' || c.rule !== null;
const ruleNeeded = { error: catalogMessages.ruleNeeded, path: ['rule'] };

export const AdminCollectionInputSchema = CollectionFieldsSchema.refine(ruleGivenForRuleKind, ruleNeeded);
export type AdminCollectionInput = z.infer<typeof AdminCollectionInputSchema>;
/** PATCH: any subset; product_ids replace a manual collection's members; switching kind takes its rule or keeps the members. */
export const AdminCollectionPatchSchema = CollectionFieldsSchema.partial()
  .extend({ updated_at: LoadedAtSchema.optional() })
  .refine(changesSomething, NOTHING_TO_CHANGE)
  .refine(ruleGivenForRuleKind, ruleNeeded);
export type AdminCollectionPatch = z.infer<typeof AdminCollectionPatchSchema>;

/** A product as the picker and the member list show it. */
export const ProductOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  handle: z.string(),
  brand: z.string(),
  image: ImageSchema.nullable(),
});
export type ProductOption = z.infer<typeof ProductOptionSchema>;

export const AdminCollectionSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  /** '' when staff wrote none. */
  title_bn: z.string(),
  handle: z.string(),
  department: z.enum(DEPARTMENT_KEYS),
  home_position: z.number().nullable(),
  kind: z.enum(COLLECTION_KINDS),
  product_count: z.number(),
  updated_at: z.string(),
});
export type AdminCollectionSummary = z.infer<typeof AdminCollectionSummarySchema>;

export const AdminCollectionSchema = AdminCollectionSummarySchema.extend({
  rule: RuleFieldsSchema.nullable(),
  /** Manual: every member in order. Rule: the first 50, newest first. */
  products: z.array(ProductOptionSchema),
});
export type AdminCollection = z.infer<typeof AdminCollectionSchema>;

export const RulePreviewInputSchema = z.object({ department: z.enum(DEPARTMENT_KEYS), rule: CollectionRuleSchema });
export type RulePreviewInput = z.infer<typeof RulePreviewInputSchema>;

export const ProductOptionsQuerySchema = z.object({ q: text().trim().max(200, max(200)).default('') });
