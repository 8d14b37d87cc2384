import type { DbCtx } from '../../lib/context.js';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { customers, guests } from './accounts.tables.js';

/** Whose card: a signed-in customer's, or a verified guest's (by their session). */
export type ShopperCardOwner = { customerId: number | null; guestId: string | null };

/**
 * The shopper's name and contact as the checkout shows them and an order copies them, and whether
 * staff blocked them from cash on delivery: a customer blocked, or a guest checking out with a
 * blocked customer's phone (signing out does not get round the block).
 */
export type ShopperCard = { kind: 'customer' | 'guest'; name: string; phone: string | null; email: string | null; codBlocked: boolean };

/** The customer's card when there is one, else the guest's; null for nobody (or an account gone). */
export async function shopperCard({ db }: DbCtx, owner: ShopperCardOwner | null): Promise<ShopperCard | null> {
  if (!owner) return null;
  if (owner.customerId !== null) {
    const [c] = await db.select().from(customers).where(eq(customers.id, owner.customerId));
    return c
      ? {
          kind: 'customer',
          name: `${c.firstName} ${c.lastName}`.trim(),
          phone: c.phone,
          email: c.email,
          codBlocked: c.codBlockedAt !== null,
        }
      : null;
  }
  if (!owner.guestId) return null;
  // The guest and their phone's COD record in one statement (it runs before every order a guest places).
  const blockedPhone = db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.phone, guests.phone), isNotNull(customers.codBlockedAt)));
  const [g] = await db
    .select({
      firstName: guests.firstName,
      lastName: guests.lastName,
      phone: guests.phone,
      email: guests.email,
      blocked: sql<boolean>`exists (${blockedPhone})`,
    })
    .from(guests)
    .where(eq(guests.id, owner.guestId));
  if (!g) return null;
  return { kind: 'guest', name: `${g.firstName} ${g.lastName}`.trim(), phone: g.phone, email: g.email, codBlocked: g.blocked };
}
