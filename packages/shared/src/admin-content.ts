import { z } from 'zod';
import { ImageSchema } from './catalog.js';
import { DEPARTMENT_KEYS } from './constants.js';
import { BANNER_DEVICES } from './content.js';
import { LoadedAtSchema, NOTHING_TO_CHANGE, changesSomething, text } from './input.js';
import { UploadedImageSchema } from './media.js';

/*
 * The content screens of the back office (issue 16 item 5): what the admin API takes and answers
 * under /api/v1/admin/content/. The forms use the same schemas, so the screen and the API say the
 * same thing about a bad field.
 */

/** A draft never shows on the storefront; a published item shows from its publish time on. */
export const PUBLISH_STATUSES = ['draft', 'published'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

/** What the list shows: a published item whose time has not come yet is scheduled. */
export const PUBLISH_STATES = ['draft', 'scheduled', 'published'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

export const contentMessages = {
  handle: 'Use lowercase letters, digits and dashes (for example about-us)',
  handleTaken: 'Another page already uses this address',
  slugTaken: 'Another post already uses this address',
  required: 'Required',
  publishAt: 'Give a date and time',
  editConflict: 'Someone else saved this after you opened it. Reload to see their changes, then make yours again.',
} as const;

/** The last part of a storefront address: /pages/<handle>, /blogs/<slug>. */
const AddressPartSchema = text()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/, contentMessages.handle);

const TitleSchema = text().trim().min(1, contentMessages.required).max(200, 'At most 200 characters');
/** Rich text from the editor; the API keeps only the markup the storefront allows (lib/sanitize.ts). */
const BodySchema = text().max(200_000, 'The text is too long');
const SeoTitleSchema = text().trim().max(70, 'At most 70 characters');
const SeoDescriptionSchema = text().trim().max(320, 'At most 320 characters');
/** When a published item goes live; null publishes it now (or keeps the time it went live). */
/** A field's Bangla (issue 21): optional, and empty means Bangla pages show the English. */
const BanglaTitleSchema = text().trim().max(200, 'At most 200 characters').optional();
const BanglaBodySchema = BodySchema.optional();

const PublishAtSchema = z.iso.datetime({ offset: true, error: contentMessages.publishAt }).nullable();

export const AdminPageInputSchema = z.object({
  handle: AddressPartSchema,
  title: TitleSchema,
  body_html: BodySchema,
  title_bn: BanglaTitleSchema,
  body_html_bn: BanglaBodySchema,
  meta_title: SeoTitleSchema,
  meta_description: SeoDescriptionSchema,
  status: z.enum(PUBLISH_STATUSES),
  publish_at: PublishAtSchema,
});
export type AdminPageInput = z.infer<typeof AdminPageInputSchema>;
/** PATCH: any subset (publish or unpublish is `{ status }`). */
/**
 * `updated_at` as the editor loaded it: when the stored one differs, someone else saved in between and
 * the patch is refused (409 edit_conflict) rather than silently undoing their work.
 */

export const AdminPagePatchSchema = AdminPageInputSchema.partial()
  .extend({ updated_at: LoadedAtSchema.optional() })
  .refine(changesSomething, NOTHING_TO_CHANGE);
export type AdminPagePatch = z.infer<typeof AdminPagePatchSchema>;

export const AdminPageSchema = z.object({
  id: z.number(),
  handle: z.string(),
  title: z.string(),
  body_html: z.string(),
  /** '' when staff wrote none. */
  title_bn: z.string(),
  body_html_bn: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  status: z.enum(PUBLISH_STATUSES),
  /** When it went (or goes) live; for a draft, the time it would have kept. */
  publish_at: z.string(),
  state: z.enum(PUBLISH_STATES),
  updated_at: z.string(),
});
export type AdminPage = z.infer<typeof AdminPageSchema>;

export const AdminBlogPostInputSchema = z.object({
  slug: AddressPartSchema,
  title: TitleSchema,
  excerpt: text().trim().min(1, contentMessages.required).max(500, 'At most 500 characters'),
  body_html: BodySchema,
  title_bn: BanglaTitleSchema,
  excerpt_bn: text().trim().max(500, 'At most 500 characters').optional(),
  body_html_bn: BanglaBodySchema,
  /** The cover picture, as the upload answers it. */
  cover: UploadedImageSchema.nullable(),
  author: text().trim().min(1, contentMessages.required).max(100, 'At most 100 characters'),
  meta_title: SeoTitleSchema,
  meta_description: SeoDescriptionSchema,
  status: z.enum(PUBLISH_STATUSES),
  publish_at: PublishAtSchema,
});
export type AdminBlogPostInput = z.infer<typeof AdminBlogPostInputSchema>;
export const AdminBlogPostPatchSchema = AdminBlogPostInputSchema.partial()
  .extend({ updated_at: LoadedAtSchema.optional() })
  .refine(changesSomething, NOTHING_TO_CHANGE);
export type AdminBlogPostPatch = z.infer<typeof AdminBlogPostPatchSchema>;

export const AdminBlogPostSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  body_html: z.string(),
  /** '' when staff wrote none. */
  title_bn: z.string(),
  excerpt_bn: z.string(),
  body_html_bn: z.string(),
  cover: ImageSchema.nullable(),
  author: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  status: z.enum(PUBLISH_STATUSES),
  publish_at: z.string(),
  state: z.enum(PUBLISH_STATES),
  updated_at: z.string(),
});
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>;

// Banners

export const BANNER_AUDIENCES = ['all', 'logged_in', 'bd'] as const;
export const BANNER_PLACEMENTS = ['hero', 'promo'] as const;

/** A storefront address: a path on this site (/sale) or a full https address. */
export const LinkSchema = text()
  .trim()
  .min(1, contentMessages.required)
  .max(500, 'At most 500 characters')
  .regex(/^(\/(?![/\\])[^\s\\]*|https:\/\/\S+)$/, 'Start with / (a page of this shop) or https://');

const BannerFieldsSchema = z.object({
  department: z.enum(DEPARTMENT_KEYS),
  placement: z.enum(BANNER_PLACEMENTS),
  title: TitleSchema,
  subtitle: text().trim().max(300, 'At most 300 characters').nullable(),
  title_bn: BanglaTitleSchema,
  subtitle_bn: text().trim().max(300, 'At most 300 characters').optional(),
  link_url: LinkSchema,
  image: UploadedImageSchema,
  audience: z.enum(BANNER_AUDIENCES),
  device: z.enum(BANNER_DEVICES),
  /** The window it shows in; null: from now on / with no end. */
  starts_at: PublishAtSchema,
  ends_at: PublishAtSchema,
  position: z.number('Must be a number').int('Must be a whole number').min(0, 'At least 0').max(999, 'At most 999'),
});

const endsAfterStart = (banner: { starts_at?: string | null | undefined; ends_at?: string | null | undefined }) =>
  !banner.starts_at || !banner.ends_at || new Date(banner.ends_at).getTime() > new Date(banner.starts_at).getTime();
export const endsAfterStartMessage = 'The end must come after the start';
const endsAfterStartError = { error: endsAfterStartMessage, path: ['ends_at'] };

export const AdminBannerInputSchema = BannerFieldsSchema.refine(endsAfterStart, endsAfterStartError);
export type AdminBannerInput = z.infer<typeof AdminBannerInputSchema>;
/** PATCH: any subset; the API checks the window again against the stored dates. */
export const AdminBannerPatchSchema = BannerFieldsSchema.partial()
  .extend({ updated_at: LoadedAtSchema.optional() })
  .refine(changesSomething, NOTHING_TO_CHANGE)
  .refine(endsAfterStart, endsAfterStartError);
export type AdminBannerPatch = z.infer<typeof AdminBannerPatchSchema>;

/** Where a banner stands now: waiting for its start, showing, or past its end. */
export const BANNER_STATES = ['scheduled', 'live', 'ended'] as const;
export const AdminBannerSchema = BannerFieldsSchema.extend({
  id: z.number(),
  subtitle: z.string().nullable(),
  /** '' when staff wrote none. */
  title_bn: z.string(),
  subtitle_bn: z.string(),
  state: z.enum(BANNER_STATES),
  updated_at: z.string(),
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;
