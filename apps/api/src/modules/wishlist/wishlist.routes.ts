import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WishlistAddPayloadSchema } from '@store/shared/auth';
import { IdParamSchema } from '@store/shared/input';
import { requireCustomer } from '../../plugins/auth.js';
import { addToWishlist, listWishlist, removeFromWishlist } from './wishlist.service.js';

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['wishlist'];
  app.get('/wishlist/', { schema: { tags, summary: "The signed-in customer's wishlist as product cards" } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return listWishlist(app.db, requireCustomer(request));
  });
  app.post(
    '/wishlist/',
    { schema: { tags, summary: 'Add a product to the wishlist', body: WishlistAddPayloadSchema } },
    async (request, reply) => reply.status(201).send(await addToWishlist(app.db, requireCustomer(request), request.body.product_id)),
  );
  app.delete(
    '/wishlist/:productId/',
    {
      schema: { tags, summary: 'Remove a product from the wishlist', params: z.object({ productId: IdParamSchema }) },
    },
    async (request) => removeFromWishlist(app.db, requireCustomer(request), request.params.productId),
  );
};
