import type { DbCtx } from '../../lib/context.js';
import { and, eq, inArray } from 'drizzle-orm';
import { collectionProducts, collections } from './catalog.tables.js';

/** A collection's title, or null when there is no such collection. */
export async function collectionTitle({ db }: DbCtx, collectionId: number): Promise<string | null> {
  const [row] = await db.select({ title: collections.title }).from(collections).where(eq(collections.id, collectionId));
  return row?.title ?? null;
}

/** Which of these products belong to the collection. */
export async function productsInCollection({ db }: DbCtx, collectionId: number, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ id: collectionProducts.productId })
    .from(collectionProducts)
    .where(and(eq(collectionProducts.collectionId, collectionId), inArray(collectionProducts.productId, productIds)));
  return new Set(rows.map((r) => r.id));
}

/** A collection's id by its handle (the demo seed names collections by handle). */
export async function collectionIdByHandle({ db }: DbCtx, handle: string): Promise<number | null> {
  const [row] = await db.select({ id: collections.id }).from(collections).where(eq(collections.handle, handle));
  return row?.id ?? null;
}
