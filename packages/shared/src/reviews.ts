import { z } from 'zod';
import { text } from './input.js';
import { REVIEW_NAME_MAX, REVIEW_REPLY_MAX, REVIEW_STATES, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, reviewMessages } from './review-messages.js';

/*
 * Product reviews (issue 17 point 5): what a customer writes on the product page, what
 * /account/my-reviews lists, and what the back office moderates under /api/v1/admin/reviews/. The
 * storefront form and the back office use these schemas, so both say the same thing about a bad field.
 */

// The limits, states and messages live in a module without zod, so the product page's first load
// carries no schema library (the review form, which validates, loads on its own).
export * from './review-messages.js';

/** POST /products/{id}/reviews/: the signed-in customer's review of a product they received. */
export const ReviewInputSchema = z.object({
  name: text().trim().min(1, { error: reviewMessages.required }).max(REVIEW_NAME_MAX, { error: reviewMessages.name }),
  star: z
    .number({ error: reviewMessages.star })
    .int({ error: reviewMessages.star })
    .min(1, { error: reviewMessages.star })
    .max(5, { error: reviewMessages.star }),
  text: text().trim().min(REVIEW_TEXT_MIN, { error: reviewMessages.textShort }).max(REVIEW_TEXT_MAX, { error: reviewMessages.textLong }),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

/** A review as its author sees it on /account/my-reviews. */
export const MyReviewSchema = z.object({
  id: z.number(),
  product: z.object({ id: z.number(), name: z.string(), brand: z.string(), url: z.string(), image: z.string().nullable() }),
  name: z.string(),
  star: z.number(),
  text: z.string(),
  state: z.enum(REVIEW_STATES),
  verified: z.boolean(),
  reply: z.string().nullable(),
  created_at: z.string(),
});
export type MyReview = z.infer<typeof MyReviewSchema>;
export const MyReviewsResponseSchema = z.object({ data: z.array(MyReviewSchema) });
export type MyReviewsResponse = z.infer<typeof MyReviewsResponseSchema>;
export const ReviewCreatedResponseSchema = z.object({ data: MyReviewSchema, message: z.string() });

/** GET /products/{id}/reviews/mine/: whether the signed-in customer may review it, and if not, why (the message to show). */
export const ReviewEligibilitySchema = z.object({ may_review: z.boolean(), reason: z.string().nullable() });
export type ReviewEligibility = z.infer<typeof ReviewEligibilitySchema>;
export const ReviewEligibilityResponseSchema = z.object({ data: ReviewEligibilitySchema });

/* ---- The back office ---- */

export const ADMIN_REVIEWS_PAGE_SIZE = 25;

/** GET /admin/reviews/: filters by state, product (id), stars; newest first, a page at a time. */
export const AdminReviewsQuerySchema = z.object({
  state: z.enum(REVIEW_STATES).optional(),
  product: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  star: z.coerce.number().int().min(1, { error: reviewMessages.star }).max(5, { error: reviewMessages.star }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminReviewsQuery = z.infer<typeof AdminReviewsQuerySchema>;

export const AdminReviewSchema = z.object({
  id: z.number(),
  product: z.object({ id: z.number(), name: z.string(), brand: z.string(), url: z.string() }),
  customer_id: z.number().nullable(),
  name: z.string(),
  star: z.number(),
  text: z.string(),
  state: z.enum(REVIEW_STATES),
  verified: z.boolean(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  moderated_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewPageSchema = z.object({
  data: z.array(AdminReviewSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  /** How many wait for a decision, whatever the filters (the screen's badge). */
  pending: z.number(),
});
export type AdminReviewPage = z.infer<typeof AdminReviewPageSchema>;

/** PUT /admin/reviews/{id}/reply/: the shop's answer; an empty text removes it. */
export const AdminReviewReplySchema = z.object({
  reply: text().trim().max(REVIEW_REPLY_MAX, { error: reviewMessages.replyLong }),
});
export type AdminReviewReply = z.infer<typeof AdminReviewReplySchema>;

export const AdminReviewResponseSchema = z.object({ data: AdminReviewSchema });
