import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WishlistAddPayloadSchema, WishlistAddResponseSchema, WishlistResponseSchema } from '@store/shared/auth';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx } from '../../lib/context.js';
import { requireCustomer } from '../accounts/index.js';
import { addToWishlist, listWishlist, removeFromWishlist } from './wishlist.service.js';

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['wishlist'];
  app.get(
    '/wishlist/',
    { schema: { tags, summary: "The signed-in customer's wishlist as product cards", response: { 200: WishlistResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listWishlist(requestCtx(request, app.clock), requireCustomer(request));
    },
  );
  app.post(
    '/wishlist/',
    {
      schema: {
        tags,
        summary: 'Add a product to the wishlist',
        body: WishlistAddPayloadSchema,
        response: { 201: WishlistAddResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addToWishlist(requestCtx(request, app.clock), requireCustomer(request), request.body.product_id)),
  );
  app.delete(
    '/wishlist/:productId/',
    {
      schema: {
        tags,
        summary: 'Remove a product from the wishlist',
        params: z.object({ productId: IdParamSchema }),
        response: { 200: WishlistAddResponseSchema },
      },
    },
    async (request) => removeFromWishlist(requestCtx(request, app.clock), requireCustomer(request), request.params.productId),
  );
};
