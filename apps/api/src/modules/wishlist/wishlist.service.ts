import { and, desc, eq } from 'drizzle-orm';
import type { WishlistAddResponse, WishlistResponse } from '@store/shared/auth';
import * as messages from '@store/shared/messages';
import type { RequestCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { getCards, publishedProductIds } from '../catalog/index.js';
import { wishlistItems } from './wishlist.tables.js';

/** Newest first; every query is scoped to the customer, so nobody sees or changes another's list. */
export async function listWishlist(ctx: RequestCtx, customerId: number): Promise<WishlistResponse> {
  const rows = await ctx.db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.customerId, customerId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  const ids = rows.map((r) => r.productId);
  return { data: { product_ids: ids, results: await getCards(ctx, ids) } };
}

/** Adding twice is fine (the list keeps one); an unknown or unpublished product is 404. */
export async function addToWishlist(ctx: RequestCtx, customerId: number, productId: number): Promise<WishlistAddResponse> {
  if (!(await publishedProductIds(ctx, [productId])).has(productId))
    throw new AppError('product_not_found', 'Product not found', { product_id: 'Product not found' });
  await ctx.db.insert(wishlistItems).values({ customerId, productId }).onConflictDoNothing();
  return { success: true, message: messages.wishlistAdded() };
}

export async function removeFromWishlist(
  ctx: RequestCtx,
  customerId: number,
  productId: number,
): Promise<{ success: true; message: string }> {
  const removed = await ctx.db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  if (removed.length === 0) throw new AppError('wishlist_item_not_found', 'Not in your wishlist');
  return { success: true, message: messages.wishlistRemoved() };
}
