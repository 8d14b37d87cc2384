import { asc, eq, sql } from 'drizzle-orm';
import {
  AdminGiftRuleInputSchema,
  giftRuleMessages,
  type AdminGiftRule,
  type AdminGiftRulePatch,
  type AdminGiftRuleValues,
  type GiftProblem,
  type GiftRuleState,
} from '@store/shared/admin-gifts';
import * as messages from '@store/shared/messages';
import type { DbCtx, RequestCtx } from '../../lib/context.js';
import { invalidate } from '../../lib/cache/invalidation.js';
import { assertUnchangedSince, nextStamp } from '../../lib/edit-conflict.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { lineViews, productNames, publishedProductIds, type LineView } from '../catalog/index.js';
import { giftOrderCounts } from '../orders/index.js';
import { recordAudit } from '../staff/index.js';
import { giftRules } from './cart.tables.js';

/*
 * Gift rules in the back office (issue 17 item 6). The bag reads the same rows (gifts.ts), through a
 * 30-second cache per process: each write here clears this process's cache after its commit, so the
 * next bag change or view here applies it; another process of a multi-process deployment picks it up
 * within 30 s. Rules are never deleted: order lines mark a gift but not the rule that gave it, so a
 * rule's history cannot be told apart from another's with the same gift: rules are switched off.
 * Each write is one transaction with its audit row.
 */

type GiftRuleRow = typeof giftRules.$inferSelect;

function giftRuleState(r: Pick<GiftRuleRow, 'active' | 'startsAt' | 'endsAt'>, now: Date): GiftRuleState {
  if (!r.active) return 'off';
  if (r.endsAt && r.endsAt <= now) return 'ended';
  if (r.startsAt && r.startsAt > now) return 'scheduled';
  return 'live';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** onSale: the published products among the gifts'. */
type Lookups = { gifts: Map<number, LineView>; onSale: Set<number>; names: Map<number, string>; uses: Map<number, number> };

async function lookups(ctx: DbCtx, rows: GiftRuleRow[]): Promise<Lookups> {
  const variantIds = rows.map((r) => r.giftVariantId);
  const [gifts, names, uses] = await Promise.all([
    lineViews(ctx, variantIds, { anyState: true }),
    productNames(
      ctx,
      rows.flatMap((r) => (r.buyProductId !== null ? [r.buyProductId] : [])),
    ),
    giftOrderCounts(ctx, variantIds),
  ]);
  const onSale = await publishedProductIds(
    ctx,
    [...gifts.values()].map((g) => g.productId),
  );
  return { gifts, onSale, names, uses };
}

function toAdminRule(r: GiftRuleRow, l: Lookups, now: Date): AdminGiftRule {
  // The variant is there: the rule goes with it (on delete cascade).
  const g = l.gifts.get(r.giftVariantId);
  const onSale = g !== undefined && l.onSale.has(g.productId);
  const stock = g?.stock ?? 0;
  const problem: GiftProblem | null = !onSale ? 'not_on_sale' : stock < r.giftQuantity ? 'out_of_stock' : null;
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    description: r.description,
    min_subtotal: r.minSubtotal,
    buy_product_id: r.buyProductId,
    buy_quantity: r.buyQuantity,
    buy_product_name: r.buyProductId !== null ? (l.names.get(r.buyProductId) ?? null) : null,
    gift_variant_id: r.giftVariantId,
    gift_quantity: r.giftQuantity,
    gift: {
      product_id: g?.productId ?? 0,
      product_name: g?.productName ?? '',
      brand: g?.brandName ?? '',
      variant_title: g?.variantTitle ?? '',
      price: g?.price ?? 0,
      stock,
      on_sale: onSale,
    },
    gift_problem: problem,
    starts_at: iso(r.startsAt),
    ends_at: iso(r.endsAt),
    active: r.active,
    position: r.position,
    state: giftRuleState(r, now),
    gift_orders: l.uses.get(r.giftVariantId) ?? 0,
    updated_at: r.updatedAt.toISOString(),
  };
}

async function toAdminRules(ctx: RequestCtx, rows: GiftRuleRow[]): Promise<AdminGiftRule[]> {
  const l = await lookups(ctx, rows);
  const now = ctx.clock.now();
  return rows.map((r) => toAdminRule(r, l, now));
}

const ordered = [asc(giftRules.position), asc(giftRules.id)];

export async function listAdminGiftRules(ctx: RequestCtx): Promise<AdminGiftRule[]> {
  return toAdminRules(
    ctx,
    await ctx.db
      .select()
      .from(giftRules)
      .orderBy(...ordered),
  );
}

async function findRule(ctx: DbCtx, id: number, lock = false): Promise<GiftRuleRow> {
  const query = ctx.db.select().from(giftRules).where(eq(giftRules.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Gift rule not found');
  return row;
}

export async function getAdminGiftRule(ctx: RequestCtx, id: number): Promise<AdminGiftRule> {
  const [rule] = await toAdminRules(ctx, [await findRule(ctx, id)]);
  return rule!;
}

/** The gift variant and the product to buy exist (whatever their state: a rule may wait for them). */
async function assertReferences(ctx: DbCtx, v: AdminGiftRuleValues) {
  const problems: Record<string, string> = {};
  const [gift, names] = await Promise.all([
    lineViews(ctx, [v.gift_variant_id], { anyState: true }),
    v.kind === 'buy' && v.buy_product_id !== null ? productNames(ctx, [v.buy_product_id]) : Promise.resolve(null),
  ]);
  if (!gift.has(v.gift_variant_id)) problems.gift_variant_id = giftRuleMessages.variantUnknown;
  if (names && v.buy_product_id !== null && !names.has(v.buy_product_id)) problems.buy_product_id = giftRuleMessages.productUnknown;
  if (Object.keys(problems).length) throw badRequest(messages.badRequest(), problems);
}

/** The stored columns of a checked rule: a kind keeps only its own condition. */
function columns(v: AdminGiftRuleValues) {
  const spend = v.kind === 'spend';
  return {
    kind: v.kind,
    title: v.title,
    description: v.description,
    minSubtotal: spend ? v.min_subtotal : null,
    buyProductId: spend ? null : v.buy_product_id,
    buyQuantity: spend ? null : v.buy_quantity,
    giftVariantId: v.gift_variant_id,
    giftQuantity: v.gift_quantity,
    startsAt: v.starts_at ? new Date(v.starts_at) : null,
    endsAt: v.ends_at ? new Date(v.ends_at) : null,
    active: v.active,
  };
}

/** The stored rule as the form would send it: a patch is checked whole against it, and the audit log compares these fields. */
function asInput(r: GiftRuleRow): AdminGiftRuleValues {
  return {
    kind: r.kind,
    title: r.title,
    description: r.description,
    min_subtotal: r.minSubtotal,
    buy_product_id: r.buyProductId,
    buy_quantity: r.buyQuantity,
    gift_variant_id: r.giftVariantId,
    gift_quantity: r.giftQuantity,
    starts_at: iso(r.startsAt),
    ends_at: iso(r.endsAt),
    active: r.active,
  };
}

/**
 * A write in one transaction, then the bags' rule cache told after the commit (so it cannot refill
 * from the old rows). Only the bag reads rules: the storefront's pages and listings keep their caches.
 */
async function writeRules<T>(ctx: RequestCtx, work: (tx: RequestCtx) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction((tx) => work({ ...ctx, db: tx }));
  invalidate(['offers']);
  return result;
}

export async function createGiftRule(ctx: RequestCtx, input: AdminGiftRuleValues): Promise<AdminGiftRule> {
  const row = await writeRules(ctx, async (tx) => {
    await assertReferences(tx, input);
    // A new rule goes last.
    const [last] = await tx.db.select({ position: sql<number>`coalesce(max(${giftRules.position}), -1)::int` }).from(giftRules);
    const [created] = await tx.db
      .insert(giftRules)
      .values({ ...columns(input), position: Math.min(Number(last?.position ?? -1) + 1, 32_767), updatedAt: tx.clock.now() })
      .returning();
    await recordAudit(tx, {
      action: 'gift_rule.create',
      entity: 'gift_rule',
      entityId: created!.id,
      before: null,
      after: asInput(created!),
    });
    return created!;
  });
  return (await toAdminRules(ctx, [row]))[0]!;
}

export async function updateGiftRule(ctx: RequestCtx, id: number, patch: AdminGiftRulePatch): Promise<AdminGiftRule> {
  const row = await writeRules(ctx, async (tx) => {
    const before = await findRule(tx, id, true);
    const { updated_at: loadedAt, ...fields } = patch;
    assertUnchangedSince(loadedAt, before.updatedAt, giftRuleMessages.editConflict);
    const merged = AdminGiftRuleInputSchema.safeParse({ ...asInput(before), ...fields });
    if (!merged.success) {
      const problems: Record<string, string> = {};
      for (const issue of merged.error.issues) problems[issue.path.join('.') || '_'] ??= issue.message;
      throw badRequest(messages.badRequest(), problems);
    }
    const next = merged.data;
    await assertReferences(tx, next);
    const [updated] = await tx.db
      .update(giftRules)
      .set({ ...columns(next), updatedAt: nextStamp(before.updatedAt, tx.clock.now()) })
      .where(eq(giftRules.id, id))
      .returning();
    const action = before.active && !next.active ? 'gift_rule.switch_off' : 'gift_rule.update';
    await recordAudit(tx, { action, entity: 'gift_rule', entityId: id, before: asInput(before), after: asInput(updated!) });
    return updated!;
  });
  return (await toAdminRules(ctx, [row]))[0]!;
}

/**
 * Puts the rules in the given order (every rule once): the bag lists its gifts and 'buy' offers in
 * this order. One audit row with the old and new order.
 */
export async function reorderGiftRules(ctx: RequestCtx, ids: number[]): Promise<AdminGiftRule[]> {
  await writeRules(ctx, async (tx) => {
    const rows = await tx.db
      .select({ id: giftRules.id })
      .from(giftRules)
      .orderBy(...ordered)
      .for('update');
    const before = rows.map((r) => r.id);
    const given = new Set(ids);
    if (given.size !== ids.length || ids.length !== before.length || before.some((id) => !given.has(id)))
      throw badRequest(messages.badRequest(), { ids: giftRuleMessages.reorderList });
    for (const [position, id] of ids.entries()) await tx.db.update(giftRules).set({ position }).where(eq(giftRules.id, id));
    await recordAudit(tx, {
      action: 'gift_rule.reorder',
      entity: 'gift_rule',
      entityId: null,
      before: { order: before },
      after: { order: ids },
    });
  });
  return listAdminGiftRules(ctx);
}
