import { desc, eq } from 'drizzle-orm';
import type { CustomerWishlistItem } from '@store/shared/admin-customers';
import type { DbCtx } from '../../lib/context.js';
import { getCards } from '../catalog/index.js';
import { wishlistItems } from './wishlist.tables.js';

/** A customer's wishlist as the back office shows it (issue 18 item 6): newest first, with each product's name and price now. */
export async function customerWishlist(ctx: DbCtx, customerId: number): Promise<CustomerWishlistItem[]> {
  const rows = await ctx.db
    .select({ productId: wishlistItems.productId, createdAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .where(eq(wishlistItems.customerId, customerId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  const cards = new Map(
    (
      await getCards(
        ctx,
        rows.map((r) => r.productId),
      )
    ).map((c) => [c.id, c]),
  );
  return rows.flatMap((r) => {
    const card = cards.get(r.productId);
    if (!card) return [];
    return [
      {
        product_id: card.id,
        name: card.name,
        brand: card.brand.name,
        url: card.url,
        image: card.image?.mobile ?? null,
        price: card.discounted_price,
        in_stock: card.in_stock,
        added_at: r.createdAt.toISOString(),
      },
    ];
  });
}
