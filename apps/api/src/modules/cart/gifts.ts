import type { DbCtx } from '../../lib/context.js';
/**
 * Gift rules: few, read on every bag change, so kept in memory for a short while per database; which
 * rules a bag has earned, and its gift lines kept in line with them.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { dbKey, type Db, selectRows } from '../../db/client.js';
import { followInvalidations, type CacheTag } from '../../lib/cache/invalidation.js';
import { TaggedCache } from '../../lib/cache/tagged-cache.js';
import { lineViews, productNames, variantStockSql, type LineView } from '../catalog/index.js';
import { cartLines, giftRules } from './cart.tables.js';
import { lockCartWithLines, unitPrice, type CartOwner, type LineRow } from './lines.js';

export type RuleRow = {
  id: number;
  kind: 'spend' | 'buy';
  title: string;
  description: string;
  minSubtotal: number | null;
  buyProductId: number | null;
  buyQuantity: number | null;
  buyProductName: string | null;
  giftVariantId: number;
  giftQuantity: number;
  startsAt: Date | null;
  endsAt: Date | null;
  gift: Omit<LineRow, 'id' | 'quantity' | 'giftRuleId'>;
};

const RULES_TTL_MS = 30_000;
const OFFERS: readonly CacheTag[] = ['offers'];
/**
 * The active rules, per database. Rules are the cart's own rows, changed by the seed or the back
 * office; tagged 'offers' only, so a catalog change (every order's stock) does not reload them.
 */
// A transaction is a handle of its own (a key no later request asks for): the bound keeps those few.
const ruleCache = new TaggedCache<RuleRow[]>({ ttlMs: RULES_TTL_MS, maxEntries: 256, name: 'gift_rules' });
followInvalidations(ruleCache);

async function loadRules(db: Db): Promise<RuleRow[]> {
  const active = await db.select().from(giftRules).where(eq(giftRules.active, true)).orderBy(asc(giftRules.position), asc(giftRules.id));
  // Only rules whose gift is on sale; the 'buy N' product is named whatever its state.
  const [gifts, names] = await Promise.all([
    lineViews(
      { db },
      active.map((r) => r.giftVariantId),
    ),
    productNames(
      { db },
      active.flatMap((r) => (r.buyProductId !== null ? [r.buyProductId] : [])),
    ),
  ]);
  return active.flatMap((rule) => {
    const gift = gifts.get(rule.giftVariantId);
    if (!gift) return [];
    return [
      {
        id: rule.id,
        kind: rule.kind,
        title: rule.title,
        description: rule.description,
        minSubtotal: rule.minSubtotal,
        buyProductId: rule.buyProductId,
        buyQuantity: rule.buyQuantity,
        buyProductName: rule.buyProductId !== null ? (names.get(rule.buyProductId) ?? null) : null,
        giftVariantId: rule.giftVariantId,
        giftQuantity: rule.giftQuantity,
        startsAt: rule.startsAt,
        endsAt: rule.endsAt,
        gift,
      },
    ];
  });
}

export function activeRules({ db }: DbCtx): Promise<RuleRow[]> {
  return ruleCache.getOrLoad(String(dbKey(db)), OFFERS, () => loadRules(db));
}

/**
 * The rules with their gifts as `views` show them now: what an order is placed with. A cached rule can
 * hold a gift's stock from before another order took its last unit (the bag's view may be that old, an
 * order not), so the checkout reads the gifts afresh with the bag's lines, in the same query.
 */
export function withGiftsAsOf(rules: RuleRow[], views: Map<number, LineView>): RuleRow[] {
  return rules.flatMap((rule) => {
    const gift = views.get(rule.giftVariantId);
    return gift?.published ? [{ ...rule, gift }] : [];
  });
}

/** Drops the cached rules (the seed, the back office or a test changed them). */
export function clearRuleCache() {
  ruleCache.clear();
}

export const inWindow = (rule: RuleRow, now: number) =>
  (!rule.startsAt || rule.startsAt.getTime() <= now) && (!rule.endsAt || rule.endsAt.getTime() > now);

export function paidTotals(lines: LineRow[]) {
  const paid = lines.filter((l) => l.giftRuleId === null);
  const subtotal = paid.reduce((sum, l) => sum + unitPrice(l) * l.quantity, 0);
  const byProduct = new Map<number, number>();
  for (const l of paid) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
  return { paid, subtotal, byProduct };
}

/** The rules a bag has earned now (before checking the gifts' stock). */
function earnedRules(rules: RuleRow[], lines: LineRow[]): RuleRow[] {
  const { paid, subtotal, byProduct } = paidTotals(lines);
  if (paid.length === 0) return [];
  const now = Date.now();
  // The gift's stock as last read (30 s): a gift out of stock is not expected; the insert checks it afresh.
  return rules.filter(
    (r) =>
      inWindow(r, now) &&
      r.gift.stock >= r.giftQuantity &&
      (r.kind === 'spend'
        ? subtotal >= (r.minSubtotal ?? Infinity)
        : (byProduct.get(r.buyProductId ?? -1) ?? 0) >= (r.buyQuantity ?? Infinity)),
  );
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Brings the bag's gift lines in line with the rules it has earned: adds the missing ones (when the
 * gift is in stock) and removes those no longer earned. Runs inside the bag's lock, with the rules
 * read before the transaction began (the embedded database runs one transaction at a time, so
 * nothing inside one may wait on a query outside it). Returns the lines as they stand afterwards.
 */
export async function syncGifts({ db: tx }: DbCtx, rules: RuleRow[], cartId: number, lines: LineRow[]): Promise<LineRow[]> {
  const earned = earnedRules(rules, lines);
  const present = lines.filter((l) => l.giftRuleId !== null);
  const presentIds = present.map((l) => l.giftRuleId!);
  if (
    sameSet(
      presentIds,
      earned.map((r) => r.id),
    )
  )
    return lines;

  const earnedIds = new Set(earned.map((r) => r.id));
  const toRemove = new Set(present.filter((l) => !earnedIds.has(l.giftRuleId!)).map((l) => l.id));
  const missing = earned.filter((r) => !presentIds.includes(r.id));
  if (toRemove.size) await tx.delete(cartLines).where(and(eq(cartLines.cartId, cartId), inArray(cartLines.id, [...toRemove])));
  let added: LineRow[] = [];
  if (missing.length) {
    // One statement: each missing gift goes in only while its variant has the stock for it.
    const wanted = sql.join(
      missing.map((r) => sql`(${r.id}::int, ${r.giftVariantId}::int, ${r.giftQuantity}::int)`),
      sql`, `,
    );
    const inserted = await selectRows<{ id: number; gift_rule_id: number; quantity: number }>(
      tx,
      sql`insert into ${cartLines} (cart_id, variant_id, quantity, gift_rule_id)
        select ${cartId}, w.variant_id, w.quantity, w.rule_id
        from (values ${wanted}) as w(rule_id, variant_id, quantity)
        where ${variantStockSql(sql`w.variant_id`)} >= w.quantity
        on conflict do nothing
        returning id, gift_rule_id, quantity`,
    );
    const byRule = new Map(missing.map((r) => [r.id, r]));
    added = inserted.flatMap((row) => {
      const rule = byRule.get(row.gift_rule_id);
      return rule ? [{ ...rule.gift, id: row.id, quantity: row.quantity, giftRuleId: rule.id }] : [];
    });
  }
  return [...lines.filter((l) => !toRemove.has(l.id)), ...added].sort((a, b) => a.id - b.id);
}

export function giftsUpToDate(rules: RuleRow[], lines: LineRow[]): boolean {
  const present = lines.flatMap((l) => (l.giftRuleId !== null ? [l.giftRuleId] : []));
  return sameSet(
    earnedRules(rules, lines).map((r) => r.id),
    present,
  );
}

/** Adds or removes gift lines under the bag's lock; only when the earned gifts changed, which is rare. */
export async function resyncGifts({ db }: DbCtx, owner: CartOwner, rules: RuleRow[]): Promise<LineRow[]> {
  return db.transaction(async (tx) => {
    const locked = await lockCartWithLines({ db: tx }, owner, []);
    return locked ? syncGifts({ db: tx }, rules, locked.cart.id, locked.lines) : [];
  });
}
