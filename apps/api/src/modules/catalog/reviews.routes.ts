import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminReviewPageSchema, AdminReviewReplySchema, AdminReviewResponseSchema, AdminReviewsQuerySchema } from '@store/shared/reviews';
import {
  MyReviewsResponseSchema,
  ReviewCreatedResponseSchema,
  ReviewEligibilityResponseSchema,
  ReviewInputSchema,
  reviewMessages,
} from '@store/shared/reviews';
import { IdParamSchema } from '@store/shared/input';
import * as messages from '@store/shared/messages';
import { requestCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { requirePermission } from '../staff/index.js';
import {
  approveReview,
  listAdminReviews,
  listMyReviews,
  rejectReview,
  replyToReview,
  reviewEligibility,
  writeReview,
  type ReceivedCheck,
} from './reviews.js';

/** The signed-in customer (the accounts module's session hook set it); importing its requireCustomer would make a cycle. */
function requireCustomer(request: FastifyRequest): number {
  if (request.customerId === null) throw new AppError('login_required', messages.loginRequired());
  return request.customerId;
}

export type ReviewsRoutesOptions = { received: ReceivedCheck };

const IdParams = z.object({ id: IdParamSchema });

/** The customer's side: write a review of a received product, list one's own (/account/my-reviews). Under /api/v1. */
export const reviewsRoutes: FastifyPluginAsyncZod<ReviewsRoutesOptions> = async (app, { received }) => {
  const tags = ['reviews'];
  app.post(
    '/products/:id/reviews/',
    {
      schema: {
        tags,
        summary: 'Review a product the signed-in customer received (a delivered order of theirs); once per product; pending until approved',
        params: IdParams,
        body: ReviewInputSchema,
        response: { 201: ReviewCreatedResponseSchema },
      },
    },
    async (request, reply) => {
      const customerId = requireCustomer(request);
      const data = await writeReview(requestCtx(request, app.clock), customerId, request.params.id, request.body, received);
      return reply.code(201).send({ data, message: reviewMessages.submitted() });
    },
  );
  app.get(
    '/products/:id/reviews/mine/',
    {
      schema: {
        tags,
        summary: 'Whether the signed-in customer may review the product (received it, not reviewed yet), and if not, why',
        params: IdParams,
        response: { 200: ReviewEligibilityResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const customerId = requireCustomer(request);
      return { data: await reviewEligibility(requestCtx(request, app.clock), customerId, request.params.id, received) };
    },
  );
  app.get(
    '/account/reviews/',
    {
      schema: {
        tags,
        summary: "The signed-in customer's reviews with their state and the shop's reply",
        response: { 200: MyReviewsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await listMyReviews(requestCtx(request, app.clock), requireCustomer(request)) };
    },
  );
};

/** Moderation under /api/v1/admin/reviews/ (permission reviews.moderate; docs/back-office.md, "Reviews"). */
export const reviewsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const moderators = requirePermission('reviews.moderate');
  const tags = ['admin: reviews'];
  const ctx = (request: Parameters<typeof requestCtx>[0]) => requestCtx(request, app.clock);
  app.get(
    '/reviews/',
    {
      preHandler: moderators,
      schema: {
        tags,
        summary: 'Reviews newest first, filtered by state (pending, approved, rejected), product id and stars, 25 a page',
        querystring: AdminReviewsQuerySchema,
        response: { 200: AdminReviewPageSchema },
      },
    },
    async (request) => listAdminReviews(ctx(request), request.query),
  );
  app.post(
    '/reviews/:id/approve/',
    {
      preHandler: moderators,
      schema: {
        tags,
        summary: 'Publish a review: shown on the product page and counted in its rating at once, audited',
        params: IdParams,
        response: { 200: AdminReviewResponseSchema },
      },
    },
    async (request) => ({ data: await approveReview(ctx(request), request.params.id) }),
  );
  app.post(
    '/reviews/:id/reject/',
    {
      preHandler: moderators,
      schema: {
        tags,
        summary: 'Refuse (or withdraw) a review: never shown nor counted, audited',
        params: IdParams,
        response: { 200: AdminReviewResponseSchema },
      },
    },
    async (request) => ({ data: await rejectReview(ctx(request), request.params.id) }),
  );
  app.put(
    '/reviews/:id/reply/',
    {
      preHandler: moderators,
      schema: {
        tags,
        summary: "The shop's reply, shown under the review once it is approved; an empty reply removes it, audited",
        params: IdParams,
        body: AdminReviewReplySchema,
        response: { 200: AdminReviewResponseSchema },
      },
    },
    async (request) => ({ data: await replyToReview(ctx(request), request.params.id, request.body.reply) }),
  );
};
