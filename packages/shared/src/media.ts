import { z } from 'zod';
import { ImageSchema } from './catalog.js';
import { text } from './input.js';

/**
 * Images uploaded by staff (issue 16 item 6): POST /api/v1/admin/media/ takes one picture as
 * multipart/form-data and answers the same image shape the catalog and content use. The limits
 * live here so the admin app checks a file before sending it and says the same thing the API does.
 */

/** The formats accepted, recognised by their bytes, never by name or declared type. */
export const MEDIA_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export const MEDIA_MAX_BYTES = 8 * 1024 * 1024;
export const MEDIA_MIN_SIDE = 200;
export const MEDIA_MAX_SIDE = 8000;
/** The longest alt text kept. */
export const MEDIA_ALT_MAX = 300;

export const mediaMessages = {
  fileRequired: 'Choose a picture to upload',
  notAnImage: 'Upload a JPEG, PNG, WebP or AVIF picture',
  tooLarge: 'The picture is larger than 8 MB',
  tooSmall: `The picture must be at least ${MEDIA_MIN_SIDE}×${MEDIA_MIN_SIDE} pixels`,
  tooBig: `The picture must be at most ${MEDIA_MAX_SIDE}×${MEDIA_MAX_SIDE} pixels`,
  altTooLong: `At most ${MEDIA_ALT_MAX} characters`,
} as const;

/** The answer of an upload: where the three files are, their size and the alt text sent with the picture. */
export const MediaUploadResponseSchema = z.object({ data: ImageSchema });
export type MediaUploadResponse = z.infer<typeof MediaUploadResponseSchema>;

/** A picture the shop serves itself (an upload's URL from POST /api/v1/admin/media/, or a seeded one). */
export const MEDIA_URL_PATTERN = /^\/media\/(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*\.(?:jpg|png|webp|avif|svg)$/;
export const MediaUrlSchema = z
  .string()
  .max(300)
  .regex(MEDIA_URL_PATTERN, 'Upload the picture here: only the shop’s own pictures can be used');

const side = z.number().int().min(1).max(MEDIA_MAX_SIDE);
/**
 * A picture as staff save it with a banner, a post or a page: the shop's own files (the storefront's
 * policy loads no other), a bounded alt text and real sizes.
 */
export const UploadedImageSchema = ImageSchema.extend({
  original: MediaUrlSchema,
  webp: MediaUrlSchema,
  mobile: MediaUrlSchema,
  alt: text().trim().max(MEDIA_ALT_MAX, mediaMessages.altTooLong),
  width: side,
  height: side,
  mobile_width: side.optional(),
  mobile_height: side.optional(),
});
