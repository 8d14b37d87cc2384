import DataLoader from 'dataloader';
import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { DISMISSED_BOXES_ATTRIBUTE, type Cart, type CartUpdatePayload, type NoteAttribute } from '@store/shared/cart';
import { DEFAULT_DELIVERY_TYPE, MAX_LINE_QUANTITY, type DepartmentKey } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import { type Db, selectRows } from '../../db/client.js';
import { preparedPerDatabase, preparedQuery, preparedSql } from '../../db/prepared.js';
import type { RequestCtx, DbCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { deleteInBatches } from '../../lib/delete-in-batches.js';
import { lineViewSql, variantStockSql, type LineView } from '../catalog/index.js';
import { cartLines, carts } from './cart.tables.js';
import { activeRules, clearRuleCache, giftsUpToDate, resyncGifts, syncGifts, withGiftsAsOf, type RuleRow } from './gifts.js';
import {
  findCart,
  linesJson,
  byOwnerKind,
  loadLines,
  lockCartWithLines,
  lockCart,
  newCartToken,
  openBagOf,
  openBagsWhere,
  OWNER_COLUMN,
  ownerKey,
  type CartOwner,
  type OwnerKind,
  type CartHead,
  type LineRow,
} from './lines.js';
import { buildCart, clearRecommendations } from './view.js';
import { inRequestLanguage } from '../../lib/in-locale.js';

export type { CartOwner } from './lines.js';

/** The bag's context: the request's, with the visitor's bag cookie and the shopper's department. */
export type CartCtx = RequestCtx & {
  /** A visitor's bag cookie (a valid token, else null): the bag of a shopper who is neither customer nor guest. */
  cartToken: string | null;
  /** The shopper's department: recommendations for an empty bag come from it. */
  department: DepartmentKey;
};

/** Whose bag the context reaches: the customer's or the guest's by their session, else the visitor's by the cookie. */
export const ownerOf = (ctx: CartCtx): CartOwner => ({ customerId: ctx.customerId, guestId: ctx.guestId, token: ctx.cartToken });

/** What a change to the bag checks with the rest of the app. */
export type BagGuards = {
  /** The support phone of the 'site' settings, for the 'bigger purchase' refusal. */
  supportPhone: () => Promise<string>;
  /** Called just before a visitor's new bag is created; throws to refuse it (the per-IP cap on new bags). */
  newVisitorBag: () => Promise<void>;
};

export type CartDeps = BagGuards & { department: DepartmentKey };

/** Drops cached rules and recommendations (after the seed, the back office or a test changes them). */
export function clearCartCaches() {
  clearRuleCache();
  clearRecommendations();
}

/** The owner's bag. Gift lines are brought up to date first when the rules changed since the last write. */
export async function getCart({ db }: DbCtx, owner: CartOwner, deps: Pick<CartDeps, 'department'>): Promise<Cart> {
  const cart = await findCart({ db }, owner);
  if (!cart) return buildCart(db, owner, null, [], deps);
  let lines = await loadLines({ db }, cart.id);
  const rules = await activeRules({ db });
  if (!giftsUpToDate(rules, lines)) lines = await resyncGifts({ db }, owner, rules);
  return buildCart(db, owner, cart, lines, deps);
}

/** Someone else's bag (or none) is answered as not found, so a bag id reveals nothing. */
export async function requireOwnCart(ctx: CartCtx, cartId: number): Promise<void> {
  const cart = await findCart(ctx, ownerOf(ctx));
  if (!cart || cart.id !== cartId) throw new AppError('bag_not_found', messages.cartNotFound());
}

export async function getOwnCart(ctx: CartCtx, cartId: number): Promise<Cart> {
  await requireOwnCart(ctx, cartId);
  return getCart(ctx, ownerOf(ctx), ctx);
}

type CountRow = { owner: string | number; n: number };

/** The badge counts of many owners of one kind in one statement (the owner column's index, `= any`). */
const countStatements = byOwnerKind((kind) =>
  preparedSql<CountRow>(`cart_counts_by_${kind}`, () => {
    const column = OWNER_COLUMN[kind];
    return sql`select ${column} as owner, coalesce(sum(${cartLines.quantity}), 0)::int as n
      from ${carts} join ${cartLines} on ${cartLines.cartId} = ${carts.id}
      where ${openBagsWhere(kind, sql`${column} = any(${sql.placeholder('owners')})`)}
      group by ${column}`;
  }),
);

/**
 * Every page asks for the badge, so the counts asked for in the same turn of the event loop go to
 * the database together: one statement per kind of owner for all of them, one round trip where there
 * were dozens under load (and none added when a count comes alone). Nothing is kept: each count is
 * read after it was asked for, so a shopper's own change is always in it.
 */
const countLoaders = preparedPerDatabase((db) =>
  byOwnerKind(
    (kind) =>
      new DataLoader<string | number, number>(
        async (owners) => {
          const counts = new Map((await countStatements[kind](db, { owners: [...owners] })).map((r) => [r.owner, r.n]));
          return owners.map((owner) => counts.get(owner) ?? 0);
        },
        { cache: false, batchScheduleFn: (send) => setImmediate(send), maxBatchSize: 500 },
      ),
  ),
);

/** Sum of the bag's quantities, for the header badge: none asked of the database for a visitor without a bag. */
export async function cartCount(ctx: CartCtx): Promise<number> {
  const key = ownerKey(ownerOf(ctx));
  if (!key) return 0;
  return countLoaders(ctx.db)[key.kind].load(key.value);
}

const unknownVariant = () =>
  new AppError('variant_not_found', messages.badRequest(), { 'line_item.variant_id': messages.cartUnknownVariant() });

/**
 * One change to one line, as SPEC §7's update call: increment adds `quantity`, decrement takes it
 * away (a line reaching 0 is removed), remove drops the line. The server checks everything: stock
 * first, then the limit of 6, so parallel taps can never pass them. A visitor's first addition
 * creates the bag; the new cookie token is returned for the route to set.
 */
export async function updateCartLine(
  ctx: CartCtx,
  payload: CartUpdatePayload,
  guards: BagGuards,
): Promise<{ cart: Cart; token: string | null }> {
  const { db } = ctx;
  const owner = ownerOf(ctx);
  const deps: CartDeps = { ...guards, department: ctx.department };
  const rules = await activeRules({ db });
  const result =
    payload.line_item.action === 'increment'
      ? await incrementLine(db, owner, payload, rules, deps)
      : await decreaseLine(db, owner, payload, rules);
  // A visitor's first addition made a bag reachable by its new token.
  const who = result.token ? { ...owner, token: result.token } : owner;
  let lines = result.lines;
  if (result.cart && !giftsUpToDate(rules, lines)) lines = await resyncGifts({ db }, who, rules);
  return { cart: await buildCart(db, who, result.cart, lines, deps), token: result.token };
}

type LineChange = { cart: CartHead | null; lines: LineRow[]; token: string | null };

/** A statement's answer: the variant's line view (null when unknown or off sale), the bag and the changed line. */
type ChangeRowSql = {
  view: LineView;
  cart_id: number | null;
  note_attributes: NoteAttribute[] | null;
  delivery_type: string | null;
  line_id: number | null;
  line_quantity: number | null;
  lines?: LineRow[] | null;
};

const lineFromRow = (r: ChangeRowSql): LineRow => ({ ...r.view, id: r.line_id!, quantity: r.line_quantity!, giftRuleId: null });

const headOf = (r: Pick<ChangeRowSql, 'cart_id' | 'note_attributes' | 'delivery_type'>): CartHead => ({
  id: r.cart_id!,
  noteAttributes: r.note_attributes ?? [],
  deliveryType: r.delivery_type ?? DEFAULT_DELIVERY_TYPE,
});

/** A value given when a prepared statement runs, as an SQL fragment. */
const value = (name: string) => sql`${sql.placeholder(name)}`;

/** Into an existing bag (see incrementLine), one statement per kind of owner, built once. */
const incrementStatement = (kind: OwnerKind) =>
  preparedSql<ChangeRowSql>(`cart_increment_by_${kind}`, () => {
    const q = value('quantity');
    return sql`with v as (${lineViewSql(value('variant'))}),
    c as (
      update ${carts} set updated_at = now(), delivery_type = ${value('delivery')}
      where ${openBagOf({ kind, value: sql.placeholder('owner') })} and exists (select 1 from v)
      returning id, note_attributes, delivery_type
    ),
    up as (
      insert into ${cartLines} (cart_id, variant_id, quantity)
      select c.id, v."variantId", ${q} from c, v where ${q} <= least(${MAX_LINE_QUANTITY}, v.stock)
      on conflict (cart_id, variant_id) where gift_rule_id is null
      do update set quantity = ${cartLines}.quantity + excluded.quantity
      where ${cartLines}.quantity + excluded.quantity <= least(${MAX_LINE_QUANTITY}, ${variantStockSql(sql`excluded.variant_id`)})
      returning id, quantity
    )
    select to_jsonb(v) as view, c.id as cart_id, c.note_attributes, c.delivery_type, up.id as line_id, up.quantity as line_quantity,
      (${linesJson(sql`c.id`)}) as lines
    from v left join c on true left join up on true`;
  });
const incrementStatements = byOwnerKind(incrementStatement);

/** A bag made with its first line (see incrementLine), one statement per kind of owner, built once. */
const createStatement = (kind: OwnerKind) =>
  preparedSql<ChangeRowSql>(`cart_create_by_${kind}`, () => {
    const q = value('quantity');
    const ownerColumn = { customer: sql`customer_id`, guest: sql`guest_id`, token: sql`token_hash` }[kind];
    return sql`with v as (${lineViewSql(value('variant'))}),
    c as (
      insert into ${carts} (${ownerColumn}, delivery_type) select ${value('owner')}, ${value('delivery')}
      where exists (select 1 from v where ${q} <= least(${MAX_LINE_QUANTITY}, v.stock))
      on conflict do nothing
      returning id, note_attributes, delivery_type
    ),
    l as (insert into ${cartLines} (cart_id, variant_id, quantity) select c.id, v."variantId", ${q} from c, v returning id, quantity)
    select to_jsonb(v) as view, c.id as cart_id, c.note_attributes, c.delivery_type, l.id as line_id, l.quantity as line_quantity
    from v left join c on true left join l on true`;
  });
const createStatements = byOwnerKind(createStatement);

/**
 * + as one atomic statement, the hot path of the shop (ARCHITECTURE: stock and limits by row lock
 * or atomic conditional update). Into an existing bag: the bag row is locked and stamped, and the
 * line is inserted or raised only while the new quantity stays within min(6, stock); the conflict
 * clause works on the newest version of the line, so 20 parallel taps stop at exactly 6. A first
 * addition creates the bag and its line in one statement. One round trip either way; a refusal
 * costs one more to say why.
 */
async function incrementLine(db: Db, owner: CartOwner, payload: CartUpdatePayload, rules: RuleRow[], deps: CartDeps): Promise<LineChange> {
  const { line_item: item, delivery_type: deliveryType } = payload;
  const q = item.quantity;
  const key = ownerKey(owner);
  for (let attempt = 0; attempt < 2; attempt++) {
    if (key) {
      const [r] = await incrementStatements[key.kind](db, {
        owner: key.value,
        variant: item.variant_id,
        quantity: q,
        delivery: deliveryType,
      });
      if (!r) throw unknownVariant();
      if (r.cart_id !== null) {
        if (r.line_id === null) throw await refusal(db, r, q, deps);
        // The lines as the statement began, with its own change applied: the bag as it stands now.
        const before = (r.lines ?? []).filter((l) => l.id !== r.line_id);
        return { cart: headOf(r), lines: [...before, lineFromRow(r)].sort((a, b) => a.id - b.id), token: null };
      }
    }
    // No bag yet: create it with its first line, both only if the line may exist.
    const token = owner.customerId === null && owner.guestId === null ? newCartToken() : null;
    if (token) await deps.newVisitorBag();
    // The new bag's owner: the customer, the guest, or the visitor by the new token.
    const newOwner = ownerKey(token ? { ...owner, token } : owner)!;
    const [r] = await createStatements[newOwner.kind](db, {
      owner: newOwner.value,
      variant: item.variant_id,
      quantity: q,
      delivery: deliveryType,
    });
    if (!r) throw unknownVariant();
    if (r.cart_id !== null) {
      // A bag made by this very request: nobody else can reach it yet, so no lock is needed.
      const lines = await syncGifts({ db }, rules, r.cart_id, [lineFromRow(r)]);
      return { cart: headOf(r), lines, token };
    }
    // Not created: either the line may not exist (stock), or a parallel request just created the
    // customer's bag (the unique index made this insert a no-op): then add to that one.
    if (q > Math.min(MAX_LINE_QUANTITY, r.view.stock) || !key) throw await refusal(db, { ...r, cart_id: null }, q, deps);
  }
  throw new Error('bag neither found nor created');
}

/** Why + was refused: stock first (SPEC §5 order), then the limit of 6 with the support phone. */
async function refusal(db: Db, r: ChangeRowSql, q: number, deps: CartDeps): Promise<AppError> {
  let current = 0;
  if (r.cart_id !== null) {
    const [line] = await db
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, r.cart_id), eq(cartLines.variantId, r.view.variantId), isNull(cartLines.giftRuleId)));
    current = line?.quantity ?? 0;
  }
  const { stock, productName, productNameBn, variantTitle } = r.view;
  if (current + q > stock)
    return new AppError('out_of_stock', messages.lowStock(inRequestLanguage(productName, productNameBn), variantTitle, stock));
  return new AppError('quantity_limit', messages.biggerPurchase(await deps.supportPhone()));
}

/**
 * − and remove, as one statement in the common case: the bag row is locked and stamped, and the line
 * is lowered (or deleted at 0, or removed) in the same statement. Concurrent taps on the same line
 * meet at its row lock, and PostgreSQL re-checks each change's condition on the newest version of the
 * row, so parallel − taps each take one away. What one statement cannot see is a line that did not
 * exist when it began (a + still being committed) or a line whose newest version no longer meets the
 * change it picked (lowered by a tap meanwhile to where it should be deleted, or raised to where it
 * should be lowered): then nothing changed, and the change is made again under the bag's lock, where
 * every committed change is seen. Gifts are brought up to date afterwards by the caller, as for +.
 */
async function decreaseLine(db: Db, owner: CartOwner, payload: CartUpdatePayload, rules: RuleRow[]): Promise<LineChange> {
  const key = ownerKey(owner);
  if (key) {
    const { line_item: item } = payload;
    const [r] = await decreaseStatements[key.kind](db, {
      owner: key.value,
      variant: item.variant_id,
      quantity: item.quantity,
      remove: item.action === 'remove',
      delivery: payload.delivery_type,
    });
    if (!r?.known) throw unknownVariant();
    if (r.cart_id === null) return { cart: null, lines: [], token: null };
    if (r.deleted !== null || r.updated !== null) return { cart: headOf(r), lines: linesAfter(r), token: null };
  }
  return decreaseLocked(db, owner, payload, rules);
}

/** What a − statement answers: whether the variant exists, the line it deleted or lowered, and the bag's lines as it began. */
type DecreaseRowSql = { known: boolean; deleted: number | null; updated: number | null; quantity: number | null; lines: LineRow[] | null };

/** What a − changes: the variant's line, by how much, or all of it (remove); values or placeholders. */
type Decrease = { variant: SQL; quantity: SQL; remove: SQL };

/** The CTEs `d` (delete the line: remove, or − reaching 0) and `u` (lower it), after a CTE `v` with the variant's view. */
function decreaseSql({ variant, quantity, remove }: Decrease, cartId: SQL) {
  return sql`d as (
    delete from ${cartLines} where cart_id = ${cartId} and variant_id = ${variant} and gift_rule_id is null
      and (${remove} or quantity <= ${quantity}) and exists (select 1 from v)
    returning id
  ),
  u as (
    update ${cartLines} set quantity = quantity - ${quantity}
    where cart_id = ${cartId} and variant_id = ${variant} and gift_rule_id is null
      and not ${remove} and quantity > ${quantity} and exists (select 1 from v)
    returning id, quantity
  )`;
}

const decreaseAnswerSql = (cartId: SQL) =>
  sql`exists (select 1 from v) as known, (select id from d) as deleted, (select id from u) as updated, (select quantity from u) as quantity,
    (${linesJson(cartId)}) as lines`;

/** − in one statement (see decreaseLine), one per kind of owner, built once. */
const decreaseStatement = (kind: OwnerKind) =>
  preparedSql<DecreaseRowSql & Pick<ChangeRowSql, 'cart_id' | 'note_attributes' | 'delivery_type'>>(`cart_decrease_by_${kind}`, () => {
    const cartId = sql`(select id from c)`;
    return sql`with v as (${lineViewSql(value('variant'))}),
    c as (
      update ${carts} set updated_at = now(), delivery_type = ${value('delivery')}
      where ${openBagOf({ kind, value: sql.placeholder('owner') })} and exists (select 1 from v)
      returning id, note_attributes, delivery_type
    ),
    ${decreaseSql({ variant: value('variant'), quantity: value('quantity'), remove: sql`${sql.placeholder('remove')}::boolean` }, cartId)}
    select ${decreaseAnswerSql(cartId)}, c.id as cart_id, c.note_attributes, c.delivery_type
    from (select 1) one left join c on true`;
  });
const decreaseStatements = byOwnerKind(decreaseStatement);

/** The lines as the statement began, with its own change applied. */
const linesAfter = (r: DecreaseRowSql): LineRow[] =>
  (r.lines ?? []).flatMap((l) => (l.id === r.deleted ? [] : l.id === r.updated ? [{ ...l, quantity: r.quantity! }] : [l]));

/** − and remove under the bag's row lock, read after it: every change committed before is seen. */
async function decreaseLocked(db: Db, owner: CartOwner, payload: CartUpdatePayload, rules: RuleRow[]): Promise<LineChange> {
  const { line_item: item } = payload;
  const result = await db.transaction(async (tx) => {
    const cart = await lockCart({ db: tx }, owner, payload.delivery_type);
    // Nothing to take away from a bag that does not exist yet (the variant is still checked below).
    if (!cart) return null;
    const [r] = await selectRows<DecreaseRowSql>(
      tx,
      sql`with v as (${lineViewSql(item.variant_id)}), ${decreaseSql(
        { variant: sql`${item.variant_id}`, quantity: sql`${item.quantity}`, remove: sql`${item.action === 'remove'}` },
        sql`${cart.id}`,
      )}
      select ${decreaseAnswerSql(sql`${cart.id}`)}`,
    );
    if (!r?.known) throw unknownVariant();
    return { cart, lines: await syncGifts({ db: tx }, rules, cart.id, linesAfter(r)), token: null };
  });
  if (result) return result;
  const [known] = await selectRows<{ known: boolean }>(db, sql`select exists (${lineViewSql(item.variant_id)}) as known`);
  if (!known?.known) throw unknownVariant();
  return { cart: null, lines: [], token: null };
}

/** Remembers that the shopper closed an offer or gift box (kept in the bag's note_attributes). */
export async function dismissBox(ctx: CartCtx, key: string): Promise<Cart> {
  const { db } = ctx;
  const owner = ownerOf(ctx);
  const result = await db.transaction(async (tx) => {
    const cart = await lockCart({ db: tx }, owner);
    if (!cart) return null;
    const attrs = cart.noteAttributes.filter((a) => a.name !== DISMISSED_BOXES_ATTRIBUTE);
    const previous =
      cart.noteAttributes
        .find((a) => a.name === DISMISSED_BOXES_ATTRIBUTE)
        ?.value.split(',')
        .filter(Boolean) ?? [];
    // The latest few are enough: a box key changes whenever the rules behind it change.
    const keys = [...previous.filter((k) => k !== key), key].slice(-10);
    const noteAttributes: NoteAttribute[] = [...attrs, { name: DISMISSED_BOXES_ATTRIBUTE, value: keys.join(',') }];
    const [updated] = await tx.update(carts).set({ noteAttributes }).where(eq(carts.id, cart.id)).returning();
    return updated ?? null;
  });
  if (!result) return getCart({ db }, owner, ctx);
  return buildCart(db, owner, result, await loadLines({ db }, result.id), ctx);
}

// ---------------------------------------------------------------------------------------------
// For the checkout (issue 7): the bag read and closed inside the order's transaction.

/**
 * The shopper's open bag locked for the rest of the transaction and priced exactly as getCart
 * prices it, so the order is placed from the bag as it stands and no tap can change it meanwhile.
 * Null when the shopper has no open bag. Only `tx` is used (see syncGifts on why): `cached` are the
 * gift rules from the cache, read by the caller just before its transaction; their gifts' stock and
 * state are read here afresh, in the query that reads the bag's lines.
 */
export async function getCartForCheckout({ db: tx }: DbCtx, owner: CartOwner, cached: RuleRow[]): Promise<Cart | null> {
  const locked = await lockCartWithLines(
    { db: tx },
    owner,
    cached.map((r) => r.giftVariantId),
  );
  if (!locked) return null;
  // Gifts as the rules give them at this moment: the order gets exactly what the bag has earned.
  const rules = withGiftsAsOf(cached, locked.views);
  return buildCart(tx, owner, locked.cart, await syncGifts({ db: tx }, rules, locked.cart.id, locked.lines), { department: '', rules });
}

/** The bag became an order: it is closed (status ordered) and the shopper's next addition starts a new one. */
export async function clearCart({ db: tx }: DbCtx, cartId: number): Promise<void> {
  await closeBag(tx, { cart: cartId });
}

/** clearCart's statement: a cash order closes its bag with it. */
const closeBag = preparedQuery('close_bag', (db) =>
  db
    .update(carts)
    .set({ status: 'ordered', updatedAt: sql`now()` })
    .where(and(eq(carts.id, sql.placeholder('cart')), eq(carts.status, 'open'))),
);

/**
 * The clean-up job's part: visitor bags (no customer, no guest; open or merged away) untouched since
 * `before`. A customer's or a guest's bag is never removed, nor one an order came from.
 */
export function deleteStaleVisitorBags({ db }: DbCtx, before: Date): Promise<number> {
  return deleteInBatches(db, carts, carts.id, and(isNull(carts.customerId), isNull(carts.guestId), lt(carts.updatedAt, before)));
}
