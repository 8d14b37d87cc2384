import { randomInt } from 'node:crypto';
import { count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import {
  cardMessages,
  luhnCheckDigit,
  normalizeCardNumber,
  type AdminCard,
  type AdminCardListQuery,
  type AdminCardPage,
  type AdminCardPatch,
  type AdminCardValues,
  type CardHolder,
  type CardUse,
} from '@store/shared/admin-cards';
import * as messages from '@store/shared/messages';
import { containsPattern } from '../../lib/like.js';
import type { DbCtx, RequestCtx } from '../../lib/context.js';
import { assertUnchangedSince, nextStamp } from '../../lib/edit-conflict.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { recordAudit } from '../staff/index.js';
import { privilegeCards } from './cart.tables.js';
import { cardState, expiryDay, expiryInstant, type CardRow } from './cards.js';

/*
 * Privilege cards in the back office (issue 17 item 6). The customers and the orders belong to other
 * modules that depend on this one (accounts adopts bags at sign-in), so app.ts hands their lookups in
 * as CardsDeps rather than this module importing them. A card is never deleted: switched off, it
 * stops giving its rebate, and its orders keep pointing at it. Each write is one transaction with
 * its audit row.
 */

export type CardsDeps = {
  customers: {
    contacts(ctx: DbCtx, ids: number[]): Promise<Map<number, CardHolder>>;
    byContact(ctx: DbCtx, raw: string): Promise<CardHolder | null>;
    idsMatching(ctx: DbCtx, fragment: string): Promise<number[]>;
  };
  orders: {
    totals(ctx: DbCtx, cardIds: number[]): Promise<Map<number, { orders: number; rebate: number }>>;
    list(
      ctx: DbCtx,
      cardId: number,
    ): Promise<
      { id: number; number: string; customerId: number | null; name: string; placedAt: Date; cancelled: boolean; rebate: number }[]
    >;
  };
};

type Audited = { number: string; percent: number; expires_on: string | null; active: boolean; customer_id: number | null };
const audited = (c: CardRow): Audited => ({
  number: c.number,
  percent: c.percent,
  expires_on: expiryDay(c.expiresAt),
  active: c.active,
  customer_id: c.customerId,
});

async function toAdminCards(ctx: RequestCtx, deps: CardsDeps, rows: CardRow[]): Promise<AdminCard[]> {
  const now = ctx.clock.now();
  const [holders, totals] = await Promise.all([
    deps.customers.contacts(
      ctx,
      rows.flatMap((r) => (r.customerId === null ? [] : [r.customerId])),
    ),
    deps.orders.totals(
      ctx,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((c) => ({
    id: c.id,
    number: c.number,
    percent: c.percent,
    active: c.active,
    expires_on: expiryDay(c.expiresAt),
    state: cardState(c, now),
    holder: c.customerId === null ? null : (holders.get(c.customerId) ?? { id: c.customerId, name: '', phone: null, email: null }),
    orders: totals.get(c.id)?.orders ?? 0,
    rebate_total: totals.get(c.id)?.rebate ?? 0,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  }));
}

/** A page of cards, newest first; q finds a number (spaces and dashes ignored) or a holder's phone or e-mail. */
export async function listAdminCards(ctx: RequestCtx, deps: CardsDeps, query: AdminCardListQuery): Promise<AdminCardPage> {
  let where: SQL | undefined;
  if (query.q) {
    const digits = normalizeCardNumber(query.q);
    const holders = await deps.customers.idsMatching(ctx, query.q);
    const byNumber = digits ? ilike(privilegeCards.number, containsPattern(digits)) : undefined;
    where = holders.length ? or(byNumber, inArray(privilegeCards.customerId, holders)) : byNumber;
  }
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(privilegeCards)
      .where(where)
      .orderBy(desc(privilegeCards.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(privilegeCards).where(where),
  ]);
  return { data: await toAdminCards(ctx, deps, rows), meta: { page: query.page, page_size: query.page_size, total: total?.n ?? 0 } };
}

async function findCard(ctx: DbCtx, id: number, lock = false): Promise<CardRow> {
  const query = ctx.db.select().from(privilegeCards).where(eq(privilegeCards.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Card not found');
  return row;
}

export async function getAdminCard(ctx: RequestCtx, deps: CardsDeps, id: number): Promise<AdminCard> {
  const [card] = await toAdminCards(ctx, deps, [await findCard(ctx, id)]);
  return card!;
}

/** A new number: 11 random digits (the first not 0) and the Luhn check digit, not yet given to a card. */
async function freshNumber(ctx: DbCtx): Promise<string> {
  for (;;) {
    const body = `${randomInt(1, 10)}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
    const number = `${body}${luhnCheckDigit(body)}`;
    const [clash] = await ctx.db.select({ id: privilegeCards.id }).from(privilegeCards).where(eq(privilegeCards.number, number));
    if (!clash) return number;
  }
}

/** The customer a phone or e-mail names, free to take a card (unless it is this card). */
async function holderFor(ctx: DbCtx, deps: CardsDeps, contact: string, cardId: number | null): Promise<CardHolder> {
  const holder = await deps.customers.byContact(ctx, contact);
  if (!holder) throw badRequest(messages.badRequest(), { customer: cardMessages.customerUnknown });
  const [held] = await ctx.db.select().from(privilegeCards).where(eq(privilegeCards.customerId, holder.id));
  if (held && held.id !== cardId) throw badRequest(messages.badRequest(), { customer: cardMessages.customerHasCard(held.number) });
  return holder;
}

export async function issueCard(ctx: RequestCtx, deps: CardsDeps, input: AdminCardValues): Promise<AdminCard> {
  const row = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    let number = input.number;
    if (number) {
      const [clash] = await db.select({ id: privilegeCards.id }).from(privilegeCards).where(eq(privilegeCards.number, number));
      if (clash) throw badRequest(messages.badRequest(), { number: cardMessages.numberTaken });
    } else number = await freshNumber(tx);
    const holder = input.customer ? await holderFor(tx, deps, input.customer, null) : null;
    const [card] = await db
      .insert(privilegeCards)
      .values({
        number,
        percent: input.percent,
        expiresAt: expiryInstant(input.expires_on),
        customerId: holder?.id ?? null,
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      })
      .returning();
    await recordAudit(tx, {
      action: 'privilege_card.issue',
      entity: 'privilege_card',
      entityId: card!.id,
      before: null,
      after: audited(card!),
    });
    return card!;
  });
  const [card] = await toAdminCards(ctx, deps, [row]);
  return card!;
}

/** Changes the percent, the expiry, on/off or the holder (customer: null unlinks). The number stays. */
export async function updateCard(ctx: RequestCtx, deps: CardsDeps, id: number, patch: AdminCardPatch): Promise<AdminCard> {
  const row = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const before = await findCard(tx, id, true);
    assertUnchangedSince(patch.updated_at, before.updatedAt, cardMessages.editConflict);
    let customerId = before.customerId;
    if (patch.customer !== undefined) customerId = patch.customer === null ? null : (await holderFor(tx, deps, patch.customer, id)).id;
    const [card] = await db
      .update(privilegeCards)
      .set({
        percent: patch.percent ?? before.percent,
        expiresAt: patch.expires_on === undefined ? before.expiresAt : expiryInstant(patch.expires_on),
        active: patch.active ?? before.active,
        customerId,
        updatedAt: nextStamp(before.updatedAt, ctx.clock.now()),
      })
      .where(eq(privilegeCards.id, id))
      .returning();
    const action =
      before.active && !card!.active
        ? 'privilege_card.switch_off'
        : before.customerId !== card!.customerId
          ? card!.customerId === null
            ? 'privilege_card.unlink'
            : 'privilege_card.link'
          : 'privilege_card.update';
    await recordAudit(tx, { action, entity: 'privilege_card', entityId: id, before: audited(before), after: audited(card!) });
    return card!;
  });
  const [card] = await toAdminCards(ctx, deps, [row]);
  return card!;
}

/** The orders placed with the card, newest first (200 at most), with the rebate each took. */
export async function cardUses(ctx: RequestCtx, deps: CardsDeps, id: number): Promise<CardUse[]> {
  await findCard(ctx, id);
  const rows = await deps.orders.list(ctx, id);
  return rows.map((o) => ({
    order: o.number,
    order_id: o.id,
    customer: o.name || (o.customerId ? `Customer #${o.customerId}` : 'Guest'),
    placed_at: o.placedAt.toISOString(),
    cancelled: o.cancelled,
    rebate: o.rebate,
  }));
}
