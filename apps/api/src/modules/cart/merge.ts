import type { DbCtx } from '../../lib/context.js';
/** A visitor's bag joining a customer's or a guest's when the visitor signs in or verifies a phone. */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { CART_COOKIE } from '@store/shared/cart';
import { MAX_LINE_QUANTITY } from '@store/shared/constants';
import { type Db } from '../../db/client.js';
import { cartLines, carts } from './cart.tables.js';
import { activeRules, syncGifts } from './gifts.js';
import { isCartToken, loadLines, lockCart, ownerWhere, type CartOwner } from './lines.js';

/**
 * At login or registration: the visitor's bag joins the customer's. Quantities of the same variant
 * are summed, capped at 6 and at the stock, but never below what the customer's bag already held and
 * never to nothing, so no line is lost or doubled; the visitor's token stops working. With no bag of
 * their own the customer adopts the visitor's. Safe to call twice: the second call finds no open
 * visitor bag.
 */
export function mergeVisitorCart({ db }: DbCtx, visitorCartToken: string | null | undefined, customerId: number): Promise<void> {
  return mergeInto(db, visitorCartToken, { customerId, guestId: null, token: null });
}

/** The same for a guest session (a phone-verified shopper without an account). */
export function mergeVisitorCartIntoGuest({ db }: DbCtx, visitorCartToken: string | null | undefined, guestId: string): Promise<void> {
  return mergeInto(db, visitorCartToken, { customerId: null, guestId, token: null });
}

/** Who the visitor became: a customer (signed in) or a guest (phone verified); both null for neither. */
export type BagAdopter = { customerId: number | null; guestId?: string | null };

/**
 * The one place a visitor's bag joins a shopper's (sign-in, registration, SMS verification, and the
 * hooks of the bag and checkout routes): into the customer's bag when there is a customer, else into
 * the guest's. Nothing happens for a shopper who is neither, or without a visitor bag cookie.
 */
export async function adoptVisitorBag({ db }: DbCtx, visitorCartToken: string | null | undefined, adopter: BagAdopter): Promise<void> {
  if (adopter.customerId !== null) await mergeVisitorCart({ db }, visitorCartToken, adopter.customerId);
  else if (adopter.guestId) await mergeVisitorCartIntoGuest({ db }, visitorCartToken, adopter.guestId);
}

async function mergeInto(db: Db, visitorCartToken: string | null | undefined, target: CartOwner): Promise<void> {
  if (!isCartToken(visitorCartToken ?? undefined)) return;
  const where = ownerWhere({ customerId: null, guestId: null, token: visitorCartToken! })!;
  // Most calls find nothing to merge (a stale cookie): answer those without a write.
  const [exists] = await db.select({ id: carts.id }).from(carts).where(where);
  if (!exists) return;
  const rules = await activeRules({ db });
  await db.transaction(async (tx) => {
    // Lock order: the shopper's bag first, then the visitor's, as every merge does (no deadlock).
    const own = await lockCart({ db: tx }, target);
    if (!own) {
      const [adopted] = await tx
        .update(carts)
        .set({ tokenHash: null, customerId: target.customerId, guestId: target.guestId, updatedAt: sql`now()` })
        .where(where)
        .returning({ id: carts.id });
      if (adopted) await syncGifts({ db: tx }, rules, adopted.id, await loadLines({ db: tx }, adopted.id));
      return;
    }
    const [merged] = await tx
      .update(carts)
      .set({ tokenHash: null, status: 'merged', updatedAt: sql`now()` })
      .where(where)
      .returning({ id: carts.id });
    if (!merged) return;
    const theirs = await loadLines({ db: tx }, merged.id);
    const mine = await loadLines({ db: tx }, own.id);
    const mineByVariant = new Map(mine.filter((l) => l.giftRuleId === null).map((l) => [l.variantId, l]));
    for (const line of theirs) {
      if (line.giftRuleId !== null) continue;
      const existing = mineByVariant.get(line.variantId);
      const held = existing?.quantity ?? 0;
      const cap = Math.max(Math.min(MAX_LINE_QUANTITY, line.stock), held, 1);
      const quantity = Math.min(held + line.quantity, cap);
      if (existing) {
        if (quantity !== held) await tx.update(cartLines).set({ quantity }).where(eq(cartLines.id, existing.id));
      } else {
        await tx.insert(cartLines).values({ cartId: own.id, variantId: line.variantId, quantity });
      }
    }
    await syncGifts({ db: tx }, rules, own.id, await loadLines({ db: tx }, own.id));
  });
}

/**
 * The hook of every route that answers with the bag (the bag's and the checkout's): a signed-in
 * shopper or verified guest still carrying a visitor's bag cookie (signed in somewhere that did not
 * merge it) gets that bag folded into theirs before the answer, and the cookie goes.
 */
export function adoptVisitorBagHook(app: FastifyInstance): preHandlerAsyncHookHandler {
  const secure = app.env.NODE_ENV === 'production';
  return async (request, reply) => {
    const token = request.cookies[CART_COOKIE];
    if (token === undefined || (request.customerId === null && !request.guestId)) return;
    await adoptVisitorBag({ db: app.db }, token, { customerId: request.customerId, guestId: request.guestId });
    reply.clearCookie(CART_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  };
}
