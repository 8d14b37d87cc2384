import type { DbCtx } from '../../lib/context.js';
import { eq } from 'drizzle-orm';
import { customers, guests } from './accounts.tables.js';

/** Whose card: a signed-in customer's, or a verified guest's (by their session). */
export type ShopperCardOwner = { customerId: number | null; guestId: string | null };

/** The shopper's name and contact as the checkout shows them and an order copies them. */
export type ShopperCard = { kind: 'customer' | 'guest'; name: string; phone: string | null; email: string | null };

/** The customer's card when there is one, else the guest's; null for nobody (or an account gone). */
export async function shopperCard({ db }: DbCtx, owner: ShopperCardOwner | null): Promise<ShopperCard | null> {
  if (!owner) return null;
  if (owner.customerId !== null) {
    const [c] = await db.select().from(customers).where(eq(customers.id, owner.customerId));
    return c ? { kind: 'customer', name: `${c.firstName} ${c.lastName}`.trim(), phone: c.phone, email: c.email } : null;
  }
  const [g] = owner.guestId ? await db.select().from(guests).where(eq(guests.id, owner.guestId)) : [];
  return g ? { kind: 'guest', name: `${g.firstName} ${g.lastName}`.trim(), phone: g.phone, email: g.email } : null;
}
