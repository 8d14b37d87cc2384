import { and, desc, eq } from 'drizzle-orm';
import type { WishlistAddResponse, WishlistResponse } from '@store/shared/auth';
import * as messages from '@store/shared/messages';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { getCards } from '../catalog/catalog.service.js';
import { products } from '../catalog/catalog.tables.js';
import { wishlistItems } from './wishlist.tables.js';

/** Newest first; every query is scoped to the customer, so nobody sees or changes another's list. */
export async function listWishlist(db: Db, customerId: number): Promise<WishlistResponse> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.customerId, customerId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  const ids = rows.map((r) => r.productId);
  return { data: { product_ids: ids, results: await getCards(db, ids) } };
}

/** Adding twice is fine (the list keeps one); an unknown or unpublished product is 404. */
export async function addToWishlist(db: Db, customerId: number, productId: number): Promise<WishlistAddResponse> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.published, true)));
  if (!product) throw new AppError('not_found', 'Product not found', { product_id: 'Product not found' });
  await db.insert(wishlistItems).values({ customerId, productId }).onConflictDoNothing();
  return { success: true, message: messages.wishlistAdded };
}

export async function removeFromWishlist(db: Db, customerId: number, productId: number): Promise<{ success: true; message: string }> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  if (removed.length === 0) throw new AppError('not_found', 'Not in your wishlist');
  return { success: true, message: messages.wishlistRemoved };
}
