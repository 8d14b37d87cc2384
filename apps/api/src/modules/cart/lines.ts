import type { DbCtx } from '../../lib/context.js';
/**
 * The bag's own rows: whose bag (owner, token), its lock, and its lines joined to the catalog's line views.
 * Only the cart's tables are named here; what a line shows of its variant is the catalog's (lineViews).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { type DeliveryType } from '@store/shared/cart';
import { discountedPrice } from '@store/shared/money';
import { preparedQuery, preparedSql } from '../../db/prepared.js';
import { lineViewSql, type LineView } from '../catalog/index.js';
import { cartLines, carts } from './cart.tables.js';

/** Whose bag: a customer or a guest by their session, else a visitor by the cart cookie's token. */
export type CartOwner = { customerId: number | null; guestId: string | null; token: string | null };

export type CartRow = typeof carts.$inferSelect;

/** A visitor's cart cookie: 32 random bytes, URL-safe. Only its hash is stored. */
export const newCartToken = () => randomBytes(32).toString('base64url');
export const isCartToken = (value: string | undefined): value is string => !!value && /^[\w-]{43}$/.test(value);
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Whose bag, as the bag's row names them: a signed-in customer, a guest, or a visitor by the hash of
 * their cookie's token. The value may be a placeholder, in a statement prepared once.
 */
export type OwnerKey<P = never> = { kind: 'customer'; value: number | P } | { kind: 'guest' | 'token'; value: string | P };
export type OwnerKind = OwnerKey['kind'];

/** One of something per kind of owner (a statement each, say), made once. */
export const byOwnerKind = <S>(make: (kind: OwnerKind) => S): Record<OwnerKind, S> => ({
  customer: make('customer'),
  guest: make('guest'),
  token: make('token'),
});

/** Null for nobody (no session, no valid cookie). */
export function ownerKey(owner: CartOwner): OwnerKey | null {
  if (owner.customerId !== null) return { kind: 'customer', value: owner.customerId };
  if (owner.guestId !== null) return { kind: 'guest', value: owner.guestId };
  if (owner.token !== null && isCartToken(owner.token)) return { kind: 'token', value: hashToken(owner.token) };
  return null;
}

/** The bag's column that names each kind of owner. */
export const OWNER_COLUMN = { customer: carts.customerId, guest: carts.guestId, token: carts.tokenHash } as const;

/** That owner's open bag. */
export function openBagOf(key: OwnerKey<Placeholder>): SQL {
  return openBagsWhere(key.kind, eq(OWNER_COLUMN[key.kind], key.value));
}

/**
 * Open bags of one kind of owner whose owner column meets `owned` (equals a value, or is one of a
 * list): a customer's bag is theirs; a guest's, while no customer took it over; a visitor's, while
 * neither did.
 */
export function openBagsWhere(kind: OwnerKind, owned: SQL): SQL {
  if (kind === 'customer') return and(owned, eq(carts.status, 'open'))!;
  if (kind === 'guest') return and(owned, isNull(carts.customerId), eq(carts.status, 'open'))!;
  return and(owned, isNull(carts.customerId), isNull(carts.guestId), eq(carts.status, 'open'))!;
}

export function ownerWhere(owner: CartOwner): SQL | null {
  const key = ownerKey(owner);
  return key ? openBagOf(key) : null;
}

/**
 * Locks the owner's open bag for the rest of the transaction. An UPDATE takes the row lock just as
 * SELECT … FOR UPDATE does, and stamps the bag as touched in the same round trip.
 */
export async function lockCart({ db: tx }: DbCtx, owner: CartOwner, deliveryType?: DeliveryType): Promise<CartRow | null> {
  const key = ownerKey(owner);
  if (!key) return null;
  if (!deliveryType) return (await lockStatements[key.kind](tx, { owner: key.value }))[0] ?? null;
  const [row] = await tx
    .update(carts)
    .set({ updatedAt: sql`now()`, deliveryType })
    .where(openBagOf(key))
    .returning();
  return row ?? null;
}

/** lockCart's statement per kind of owner: every checkout and every bag change but + and − runs one. */
const lockStatements = byOwnerKind((kind) =>
  preparedQuery(`lock_cart_${kind}`, (db) =>
    db
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(openBagOf({ kind, value: sql.placeholder('owner') }))
      .returning(),
  ),
);

export async function findCart({ db }: DbCtx, owner: CartOwner): Promise<CartRow | null> {
  const where = ownerWhere(owner);
  if (!where) return null;
  const [row] = await db.select().from(carts).where(where);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Lines, priced from the catalog at read time: the bag never stores a price.

/** A bag line with what it shows of its variant (the catalog's line view). */
export type LineRow = LineView & { id: number; quantity: number; giftRuleId: number | null };

/** The bag's head: what its answer shows besides the lines. */
export type CartHead = Pick<CartRow, 'id' | 'noteAttributes' | 'deliveryType'>;

/**
 * A lateral subquery run for each row as written: `offset 0` keeps PostgreSQL from folding it into
 * the outer query as a join, which it would then plan from the tables' statistics. A statement
 * prepared once gets a generic plan; planned while `cart_lines` looked like few bags of many lines
 * (a new shop, statistics not yet refreshed), that join hashed the whole `variants` table on every
 * tap (13 ms of PostgreSQL's time each, + / − at a quarter of its speed). Per row it is a few index
 * probes per line whatever the statistics say.
 */
const lookedUpPerRow = (query: SQL) => sql`(${query} offset 0)`;

type LinesRow = { lines: LineRow[]; views: LineView[] };

/** The bag's lines and the views of other variants (a placeholder array), one statement, its text built once. */
const linesAndViews = preparedSql<LinesRow>('cart_lines_with_views', () => {
  const cartId = sql`${sql.placeholder('cart')}::int`;
  return sql`select (${linesJson(cartId)}) as lines,
    (select coalesce(json_agg(to_jsonb(x)), '[]') from unnest(${sql.placeholder('others')}::int[]) g(id)
      cross join lateral ${lookedUpPerRow(lineViewSql(sql`g.id`, { anyState: true }))} x) as views`;
});

/** The bag's lines in order, each with the catalog's view of its variant (a product taken off sale since stays visible in the bag that holds it), in one statement. */
export async function loadLines({ db }: DbCtx, cartId: number): Promise<LineRow[]> {
  const [r] = await linesAndViews(db, { cart: cartId, others: [] });
  return r?.lines ?? [];
}

/**
 * Locks the owner's open bag for the rest of the transaction (lockCart), then reads its lines and
 * the views of other variants whatever their state (the gifts an order may add) in one statement: the
 * checkout's first read. Two statements, not one: a statement's snapshot is taken before it waits
 * for the lock, so lines read in the locking statement would miss a tap committed while it waited
 * (an order would then hold a line the shopper had just removed).
 */
export async function lockCartWithLines(
  { db: tx }: DbCtx,
  owner: CartOwner,
  otherVariantIds: number[],
): Promise<{ cart: CartHead; lines: LineRow[]; views: Map<number, LineView> } | null> {
  const cart = await lockCart({ db: tx }, owner);
  if (!cart) return null;
  const [r] = await linesAndViews(tx, { cart: cart.id, others: otherVariantIds });
  return { cart, lines: r?.lines ?? [], views: new Map((r?.views ?? []).map((v) => [v.variantId, v])) };
}

export const unitPrice = (line: Pick<LineRow, 'price' | 'discount'>) => discountedPrice(line.price, line.discount);

/**
 * A bag's lines as one JSON array (the shape of LineRow), for statements that answer everything at
 * once; each line's view looked up by its variant's key (lookedUpPerRow).
 */
export const linesJson = (cartId: SQL) => sql`
  select coalesce(json_agg(to_jsonb(x) || jsonb_build_object('id', l.id, 'quantity', l.quantity, 'giftRuleId', l.gift_rule_id) order by l.id), '[]')
  from ${cartLines} l
  cross join lateral ${lookedUpPerRow(lineViewSql(sql`l.variant_id`, { anyState: true }))} x
  where l.cart_id = ${cartId}`;
