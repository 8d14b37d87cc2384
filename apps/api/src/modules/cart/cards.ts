import { and, eq, isNull, sql } from 'drizzle-orm';
import { isCardNumber, normalizeCardNumber, type CardState } from '@store/shared/admin-cards';
import type { MyPrivilegeCard } from '@store/shared/auth';
import * as messages from '@store/shared/messages';
import type { DbCtx, RequestCtx } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import { privilegeCards } from './cart.tables.js';

/*
 * Privilege cards (issue 17 item 6): staff issue them (cards-admin.ts), a customer links one in the
 * account, and the bag takes the card's percent off (view.ts, rebateFor). A customer holds one card
 * at most (a unique index), and a card has one holder at most.
 */

export type CardRow = typeof privilegeCards.$inferSelect;

const DAY_MS = 86_400_000;
const DHAKA_OFFSET_MS = 6 * 3_600_000;

/** 'YYYY-MM-DD' (valid through that day in Dhaka) → the instant it stops working: the next midnight in Dhaka. */
export const expiryInstant = (day: string | null) => (day ? new Date(new Date(`${day}T00:00:00+06:00`).getTime() + DAY_MS) : null);
/** The reverse of expiryInstant: the last day the card works. */
export const expiryDay = (at: Date | null) => (at ? new Date(at.getTime() - 1 + DHAKA_OFFSET_MS).toISOString().slice(0, 10) : null);

export function cardState(c: Pick<CardRow, 'active' | 'expiresAt'>, now: Date): CardState {
  if (!c.active) return 'inactive';
  if (c.expiresAt && c.expiresAt <= now) return 'expired';
  return 'active';
}

const masked = (number: string) => `•••• ${number.slice(-4)}`;
const mine = (c: CardRow): MyPrivilegeCard => ({ card: masked(c.number), percent: c.percent, expires_on: expiryDay(c.expiresAt) });

/**
 * The customer's card while it gives its rebate (switched on, not expired by the database's clock):
 * the one condition the bag's rebate (view.ts) and the order's record of the card both read.
 */
export const rebatingCardOf = (customerId: number) =>
  and(
    eq(privilegeCards.customerId, customerId),
    eq(privilegeCards.active, true),
    sql`(${privilegeCards.expiresAt} is null or ${privilegeCards.expiresAt} > now())`,
  );

/** The id of the card whose rebate the customer's bag gets now, or null: the order records it. */
export async function rebateCardId(ctx: DbCtx, customerId: number): Promise<number | null> {
  const [card] = await ctx.db.select({ id: privilegeCards.id }).from(privilegeCards).where(rebatingCardOf(customerId));
  return card?.id ?? null;
}

/** The card linked to the customer, whatever its state (an expired one shows as such). */
export async function myCard(ctx: RequestCtx, customerId: number): Promise<MyPrivilegeCard | null> {
  const [card] = await ctx.db.select().from(privilegeCards).where(eq(privilegeCards.customerId, customerId));
  return card ? mine(card) : null;
}

const linkFailed = () => badRequest(messages.privilegeCardLinkFailed(), { number: messages.privilegeCardLinkFailed() });

/**
 * Links a card to the customer: only an existing, active, unexpired card nobody holds. Every failure
 * (a malformed number, no such card, someone else's, switched off, expired, a card of their own
 * already) is the same answer, so the answer tells a guesser nothing; the route limits the tries.
 */
export async function linkMyCard(ctx: RequestCtx, customerId: number, raw: string): Promise<MyPrivilegeCard> {
  const number = normalizeCardNumber(raw);
  if (!isCardNumber(number)) throw linkFailed();
  return ctx.db.transaction(async (db) => {
    const [held] = await db.select({ id: privilegeCards.id }).from(privilegeCards).where(eq(privilegeCards.customerId, customerId));
    if (held) throw linkFailed();
    const [card] = await db.select().from(privilegeCards).where(eq(privilegeCards.number, number)).for('update');
    if (!card || card.customerId !== null || cardState(card, ctx.clock.now()) !== 'active') throw linkFailed();
    const [linked] = await db
      .update(privilegeCards)
      .set({ customerId })
      .where(and(eq(privilegeCards.id, card.id), isNull(privilegeCards.customerId)))
      .returning()
      // A second request of the same customer linking another card at once meets the unique index.
      .catch(() => []);
    if (!linked) throw linkFailed();
    return mine(linked);
  });
}

/** Unlinks the customer's card (it stays in the store, free to be linked again). */
export async function unlinkMyCard(ctx: RequestCtx, customerId: number): Promise<void> {
  await ctx.db.update(privilegeCards).set({ customerId: null }).where(eq(privilegeCards.customerId, customerId));
}
