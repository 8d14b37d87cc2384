import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  DISMISSED_BOXES_ATTRIBUTE,
  type Cart,
  type CartLineItem,
  type CartRebate,
  type CartUpdatePayload,
  type DeliveryType,
  type GiftVariant,
  type LineImage,
  type NoteAttribute,
  type VariantOffer,
} from '@store/shared/cart';
import { productUrl, type ProductCard, type ProductImage } from '@store/shared/catalog';
import { DEFAULT_DELIVERY_TYPE, MAX_LINE_QUANTITY, type DepartmentKey } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import { discountedPrice, formatTaka } from '@store/shared/money';
import { dbKey, type Db } from '../../db/client.js';
import { SharedCache } from '../../lib/shared-cache.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { deleteInBatches } from '../../lib/delete-in-batches.js';
import { brands, departments, products, variants } from '../catalog/catalog.tables.js';
import { cardColumns, toCard } from '../catalog/catalog.service.js';
import { cartLines, carts, giftRules, privilegeCards } from './cart.tables.js';

/** Whose bag: a customer or a guest by their session, else a visitor by the cart cookie's token. */
export type CartOwner = { customerId: number | null; guestId: string | null; token: string | null };

export type CartDeps = {
  /** The shopper's department: recommendations for an empty bag come from it. */
  department: DepartmentKey;
  /** The support phone of the 'site' settings, for the 'bigger purchase' refusal. */
  supportPhone: () => Promise<string>;
  /** Called just before a visitor's new bag is created; throws to refuse it (the per-IP cap on new bags). */
  newVisitorBag: () => Promise<void>;
};

type CartRow = typeof carts.$inferSelect;

/** A visitor's cart cookie: 32 random bytes, URL-safe. Only its hash is stored. */
export const newCartToken = () => randomBytes(32).toString('base64url');
export const isCartToken = (value: string | undefined): value is string => !!value && /^[\w-]{43}$/.test(value);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function ownerWhere(owner: CartOwner): SQL | null {
  if (owner.customerId !== null) return and(eq(carts.customerId, owner.customerId), eq(carts.status, 'open'))!;
  if (owner.guestId !== null) return and(eq(carts.guestId, owner.guestId), isNull(carts.customerId), eq(carts.status, 'open'))!;
  if (owner.token !== null && isCartToken(owner.token)) {
    return and(eq(carts.tokenHash, hashToken(owner.token)), isNull(carts.customerId), isNull(carts.guestId), eq(carts.status, 'open'))!;
  }
  return null;
}

/**
 * Locks the owner's open bag for the rest of the transaction. An UPDATE takes the row lock just as
 * SELECT … FOR UPDATE does, and stamps the bag as touched in the same round trip.
 */
async function lockCart(tx: Db, owner: CartOwner, deliveryType?: DeliveryType): Promise<CartRow | null> {
  const where = ownerWhere(owner);
  if (!where) return null;
  const [row] = await tx
    .update(carts)
    .set({ updatedAt: sql`now()`, ...(deliveryType ? { deliveryType } : {}) })
    .where(where)
    .returning();
  return row ?? null;
}

async function findCart(db: Db, owner: CartOwner): Promise<CartRow | null> {
  const where = ownerWhere(owner);
  if (!where) return null;
  const [row] = await db.select().from(carts).where(where);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Lines, priced from the catalog at read time: the bag never stores a price.

const lineColumns = {
  id: cartLines.id,
  variantId: cartLines.variantId,
  quantity: cartLines.quantity,
  giftRuleId: cartLines.giftRuleId,
  sku: variants.sku,
  variantTitle: variants.title,
  price: variants.price,
  discount: variants.discount,
  stock: variants.stock,
  productId: products.id,
  productHandle: products.handle,
  productName: products.name,
  images: products.images,
  brandHandle: brands.handle,
  brandName: brands.name,
};
type LineRow = {
  id: number;
  variantId: number;
  quantity: number;
  giftRuleId: number | null;
  sku: string;
  variantTitle: string;
  price: number;
  discount: number;
  stock: number;
  productId: number;
  productHandle: string;
  productName: string;
  images: ProductImage[];
  brandHandle: string;
  brandName: string;
};

async function loadLines(db: Db, cartId: number): Promise<LineRow[]> {
  return db
    .select(lineColumns)
    .from(cartLines)
    .innerJoin(variants, eq(variants.id, cartLines.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.id));
}

function lineImage(images: ProductImage[]): LineImage | null {
  const first = images[0];
  // The phone-size webp is plenty for a bag thumbnail.
  return first ? { url: first.mobile, alt: first.alt, width: first.width, height: first.height } : null;
}

const unitPrice = (line: Pick<LineRow, 'price' | 'discount'>) => discountedPrice(line.price, line.discount);

function toLineItem(row: LineRow): CartLineItem {
  const gift = row.giftRuleId !== null;
  const price = gift ? 0 : row.price;
  const unit = gift ? 0 : unitPrice(row);
  return {
    id: row.id,
    variant_id: row.variantId,
    product_id: row.productId,
    quantity: row.quantity,
    price,
    discounted_price: unit,
    line_price: unit * row.quantity,
    title: row.variantTitle,
    variant_title: row.variantTitle,
    product_title: row.productName,
    name: `${row.productName} - ${row.variantTitle}`,
    sku: row.sku,
    vendor: row.brandName,
    image: lineImage(row.images),
    product_url: productUrl(row.brandHandle, row.productHandle),
    applied_discount:
      !gift && unit < price
        ? {
            amount: (price - unit) * row.quantity,
            value: row.discount,
            value_type: 'percentage',
            title: `${row.discount}% off`,
            description: `${row.discount}% off ${row.productName}`,
          }
        : null,
    gift,
    gift_rule_id: row.giftRuleId,
    stock: row.stock,
  };
}

// ---------------------------------------------------------------------------------------------
// Gift rules: few, read on every bag change, so kept in memory for a short while per database.

type RuleRow = {
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
const ruleCache = new WeakMap<Db, { rules: Promise<RuleRow[]>; expires: number; generation: number }>();
let cacheGeneration = 0;

async function loadRules(db: Db): Promise<RuleRow[]> {
  const rows = await db
    .select({
      rule: giftRules,
      gift: {
        variantId: variants.id,
        sku: variants.sku,
        variantTitle: variants.title,
        price: variants.price,
        discount: variants.discount,
        stock: variants.stock,
        productId: products.id,
        productHandle: products.handle,
        productName: products.name,
        images: products.images,
        brandHandle: brands.handle,
        brandName: brands.name,
      },
      buyProductName: sql<string | null>`(select ${products.name} from ${products} where ${products.id} = ${giftRules.buyProductId})`,
    })
    .from(giftRules)
    .innerJoin(variants, eq(variants.id, giftRules.giftVariantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(giftRules.active, true), eq(products.published, true)))
    .orderBy(asc(giftRules.position), asc(giftRules.id));
  return rows.map(({ rule, gift, buyProductName }) => ({
    id: rule.id,
    kind: rule.kind,
    title: rule.title,
    description: rule.description,
    minSubtotal: rule.minSubtotal,
    buyProductId: rule.buyProductId,
    buyQuantity: rule.buyQuantity,
    buyProductName,
    giftVariantId: rule.giftVariantId,
    giftQuantity: rule.giftQuantity,
    startsAt: rule.startsAt,
    endsAt: rule.endsAt,
    gift,
  }));
}

function activeRules(db: Db): Promise<RuleRow[]> {
  const hit = ruleCache.get(db);
  if (hit && hit.expires > Date.now() && hit.generation === cacheGeneration) return hit.rules;
  const rules = loadRules(db);
  ruleCache.set(db, { rules, expires: Date.now() + RULES_TTL_MS, generation: cacheGeneration });
  rules.catch(() => ruleCache.delete(db));
  return rules;
}

/** Drops cached rules and recommendations (after the seed, the back office or a test changes them). */
export function clearCartCaches() {
  cacheGeneration++;
  recommendationCache.clear();
}

const inWindow = (rule: RuleRow, now: number) =>
  (!rule.startsAt || rule.startsAt.getTime() <= now) && (!rule.endsAt || rule.endsAt.getTime() > now);

function paidTotals(lines: LineRow[]) {
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
async function syncGifts(tx: Db, rules: RuleRow[], cartId: number, lines: LineRow[]): Promise<LineRow[]> {
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
    const inserted = await rows<{ id: number; gift_rule_id: number; quantity: number }>(
      tx,
      sql`insert into ${cartLines} (cart_id, variant_id, quantity, gift_rule_id)
        select ${cartId}, w.variant_id, w.quantity, w.rule_id
        from (values ${wanted}) as w(rule_id, variant_id, quantity)
        join ${variants} on ${variants.id} = w.variant_id and ${variants.stock} >= w.quantity
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

// ---------------------------------------------------------------------------------------------
// Offers, rebate and recommendations.

function giftVariant(rule: RuleRow, quantity: number): GiftVariant {
  const g = rule.gift;
  return {
    rule_id: rule.id,
    title: rule.title,
    description: rule.description,
    variant_id: g.variantId,
    variant_title: g.variantTitle,
    product_title: g.productName,
    vendor: g.brandName,
    image: lineImage(g.images),
    product_url: productUrl(g.brandHandle, g.productHandle),
    quantity,
    value: g.price * quantity,
  };
}

/** 'Dove Essential Nourishment Body Lotion': product names in the catalogue leave the brand out. */
const giftName = (rule: RuleRow) => `${rule.gift.brandName} ${rule.gift.productName}`;

/** The nearest spend threshold not yet reached, and any 'buy N' rule the bag is part-way to. */
function offersFor(rules: RuleRow[], lines: LineRow[]): VariantOffer[] {
  const { paid, subtotal, byProduct } = paidTotals(lines);
  if (paid.length === 0) return [];
  const now = Date.now();
  const offers: VariantOffer[] = [];
  const spend = rules
    .filter((r) => r.kind === 'spend' && inWindow(r, now) && r.gift.stock >= r.giftQuantity && subtotal < (r.minSubtotal ?? 0))
    .sort((a, b) => (a.minSubtotal ?? 0) - (b.minSubtotal ?? 0))[0];
  if (spend) {
    const remaining = (spend.minSubtotal ?? 0) - subtotal;
    offers.push({
      ...giftVariant(spend, spend.giftQuantity),
      kind: 'spend',
      remaining,
      message: messages.offerSpend(formatTaka(remaining), giftName(spend)),
    });
  }
  for (const r of rules) {
    if (r.kind !== 'buy' || !inWindow(r, now) || r.gift.stock < r.giftQuantity) continue;
    const have = byProduct.get(r.buyProductId ?? -1) ?? 0;
    if (have === 0 || have >= (r.buyQuantity ?? 0)) continue;
    const remaining = (r.buyQuantity ?? 0) - have;
    offers.push({
      ...giftVariant(r, r.giftQuantity),
      kind: 'buy',
      remaining,
      message: messages.offerBuy(remaining, r.buyProductName ?? '', giftName(r)),
    });
  }
  return offers;
}

async function rebateFor(db: Db, owner: CartOwner, subtotal: number): Promise<CartRebate | null> {
  if (owner.customerId === null || subtotal === 0) return null;
  const [card] = await db
    .select({ number: privilegeCards.number, percent: privilegeCards.percent })
    .from(privilegeCards)
    .where(
      and(
        eq(privilegeCards.customerId, owner.customerId),
        eq(privilegeCards.active, true),
        sql`(${privilegeCards.expiresAt} is null or ${privilegeCards.expiresAt} > now())`,
      ),
    );
  if (!card) return null;
  const amount = subtotal - discountedPrice(subtotal, card.percent);
  // Only the card's last four digits leave the server.
  return { card: `•••• ${card.number.slice(-4)}`, percent: card.percent, amount, title: messages.privilegeRebate(card.percent) };
}

const RECOMMENDATIONS = 8;
const recommendationCache = new SharedCache<ProductCard[]>(60_000, 50);

/** The department's best-rated products in stock, for an empty bag. */
function recommendations(db: Db, department: DepartmentKey): Promise<ProductCard[]> {
  return recommendationCache.get(`${dbKey(db)}:${department}`, async () => {
    const rows = await db
      .select(cardColumns)
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(departments, eq(departments.id, products.departmentId))
      .where(and(eq(departments.key, department), eq(products.published, true), eq(products.inStock, true)))
      .orderBy(desc(products.rating), desc(products.reviewCount), desc(products.id))
      .limit(RECOMMENDATIONS);
    return rows.map(toCard);
  });
}

// ---------------------------------------------------------------------------------------------
// The bag as the API answers it.

async function buildCart(
  db: Db,
  owner: CartOwner,
  cart: Pick<CartRow, 'id' | 'noteAttributes' | 'deliveryType'> | null,
  lines: LineRow[],
  deps: Pick<CartDeps, 'department'>,
): Promise<Cart> {
  const rules = lines.length ? await activeRules(db) : [];
  const items = lines.map(toLineItem);
  const subtotal = items.reduce((sum, l) => sum + l.line_price, 0);
  const [rebate, recommended] = await Promise.all([
    cart ? rebateFor(db, owner, subtotal) : null,
    items.length === 0 ? recommendations(db, deps.department) : [],
  ]);
  const rulesById = new Map(rules.map((r) => [r.id, r]));
  const gifts = lines.flatMap((l) => {
    const rule = l.giftRuleId !== null ? rulesById.get(l.giftRuleId) : undefined;
    return rule ? [giftVariant(rule, l.quantity)] : [];
  });
  return {
    id: cart?.id ?? null,
    line_items: items,
    item_count: items.reduce((sum, l) => sum + l.quantity, 0),
    subtotal_price: subtotal,
    total_line_items_price: items.reduce((sum, l) => sum + l.price * l.quantity, 0),
    subtotal_price_with_rebate: subtotal - (rebate?.amount ?? 0),
    rebate,
    applied_discount: null,
    note_attributes: cart?.noteAttributes ?? [],
    // An offer box only while the bag holds no gift (SPEC §2).
    variants_offer: gifts.length ? [] : offersFor(rules, lines),
    gift_variants: gifts,
    variants_recommendation: recommended,
    delivery_type: (cart?.deliveryType as DeliveryType | undefined) ?? DEFAULT_DELIVERY_TYPE,
    currency: 'BDT',
  };
}

/** The owner's bag. Gift lines are brought up to date first when the rules changed since the last write. */
export async function getCart(db: Db, owner: CartOwner, deps: Pick<CartDeps, 'department'>): Promise<Cart> {
  const cart = await findCart(db, owner);
  if (!cart) return buildCart(db, owner, null, [], deps);
  let lines = await loadLines(db, cart.id);
  const rules = await activeRules(db);
  if (!giftsUpToDate(rules, lines)) lines = await resyncGifts(db, owner, rules);
  return buildCart(db, owner, cart, lines, deps);
}

/** Someone else's bag (or none) is answered as not found, so a bag id reveals nothing. */
export async function requireOwnCart(db: Db, owner: CartOwner, cartId: number): Promise<void> {
  const cart = await findCart(db, owner);
  if (!cart || cart.id !== cartId) throw new AppError('not_found', messages.cartNotFound);
}

export async function getOwnCart(db: Db, owner: CartOwner, cartId: number, deps: Pick<CartDeps, 'department'>): Promise<Cart> {
  await requireOwnCart(db, owner, cartId);
  return getCart(db, owner, deps);
}

/** Sum of the bag's quantities, for the header badge: one indexed query, none for a visitor without a bag. */
export async function cartCount(db: Db, owner: CartOwner): Promise<number> {
  const where = ownerWhere(owner);
  if (!where) return 0;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(carts)
    .innerJoin(cartLines, eq(cartLines.cartId, carts.id))
    .where(where);
  return row?.n ?? 0;
}

const unknownVariant = () => badRequest(messages.badRequest, { 'line_item.variant_id': messages.cartUnknownVariant });

/**
 * One change to one line, as SPEC §7's update call: increment adds `quantity`, decrement takes it
 * away (a line reaching 0 is removed), remove drops the line. The server checks everything: stock
 * first, then the limit of 6, so parallel taps can never pass them. A visitor's first addition
 * creates the bag; the new cookie token is returned for the route to set.
 */
export async function updateCartLine(
  db: Db,
  owner: CartOwner,
  payload: CartUpdatePayload,
  deps: CartDeps,
): Promise<{ cart: Cart; token: string | null }> {
  const rules = await activeRules(db);
  const result =
    payload.line_item.action === 'increment'
      ? await incrementLine(db, owner, payload, rules, deps)
      : await decreaseLine(db, owner, payload, rules);
  // A visitor's first addition made a bag reachable by its new token.
  const who = result.token ? { ...owner, token: result.token } : owner;
  let lines = result.lines;
  if (result.cart && !giftsUpToDate(rules, lines)) lines = await resyncGifts(db, who, rules);
  return { cart: await buildCart(db, who, result.cart, lines, deps), token: result.token };
}

type CartHead = Pick<CartRow, 'id' | 'noteAttributes' | 'deliveryType'>;
type LineChange = { cart: CartHead | null; lines: LineRow[]; token: string | null };

/** The variant with what a line shows of it, as one row of a statement below. */
/** `anyState`: also a product taken off sale since (a bag keeps showing what it holds). */
const variantRow = (variantId: number | SQL, anyState = false) => sql`
  select ${variants.id} as variant_id, ${variants.sku} as sku, ${variants.title} as variant_title, ${variants.price} as price,
         ${variants.discount} as discount, ${variants.stock} as stock, ${products.id} as product_id, ${products.handle} as product_handle,
         ${products.name} as product_name, ${products.images} as images, ${brands.handle} as brand_handle, ${brands.name} as brand_name
  from ${variants}
  join ${products} on ${products.id} = ${variants.productId}
  join ${brands} on ${brands.id} = ${products.brandId}
  where ${variants.id} = ${variantId} and (${anyState} or ${products.published})`;

type VariantRowSql = {
  variant_id: number;
  sku: string;
  variant_title: string;
  price: number;
  discount: number;
  stock: number;
  product_id: number;
  product_handle: string;
  product_name: string;
  images: ProductImage[];
  brand_handle: string;
  brand_name: string;
};
type ChangeRowSql = VariantRowSql & {
  cart_id: number | null;
  note_attributes: NoteAttribute[] | null;
  delivery_type: string | null;
  line_id: number | null;
  line_quantity: number | null;
  lines?: LineRow[] | null;
};

/**
 * A bag's lines as one JSON array (the shape of LineRow), for statements that answer everything at
 * once. The lateral lookup keeps the plan to a few index probes per line even where the planner
 * cannot know the bag (its id comes from the statement itself) and would otherwise guess at many lines.
 */
const linesJson = (cartId: SQL) => sql`
  select coalesce(json_agg(json_build_object(
    'id', l.id, 'variantId', l.variant_id, 'quantity', l.quantity, 'giftRuleId', l.gift_rule_id,
    'sku', x.sku, 'variantTitle', x.variant_title, 'price', x.price, 'discount', x.discount, 'stock', x.stock,
    'productId', x.product_id, 'productHandle', x.product_handle, 'productName', x.product_name, 'images', x.images,
    'brandHandle', x.brand_handle, 'brandName', x.brand_name
  ) order by l.id), '[]')
  from ${cartLines} l
  cross join lateral (${variantRow(sql`l.variant_id`, true)}) x
  where l.cart_id = ${cartId}`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers answer db.execute with { rows }.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

function lineFromRow(r: ChangeRowSql): LineRow {
  return {
    id: r.line_id!,
    variantId: r.variant_id,
    quantity: r.line_quantity!,
    giftRuleId: null,
    sku: r.sku,
    variantTitle: r.variant_title,
    price: r.price,
    discount: r.discount,
    stock: r.stock,
    productId: r.product_id,
    productHandle: r.product_handle,
    productName: r.product_name,
    images: r.images,
    brandHandle: r.brand_handle,
    brandName: r.brand_name,
  };
}

const headOf = (r: ChangeRowSql): CartHead => ({
  id: r.cart_id!,
  noteAttributes: r.note_attributes ?? [],
  deliveryType: r.delivery_type ?? DEFAULT_DELIVERY_TYPE,
});

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
  const where = ownerWhere(owner);
  for (let attempt = 0; attempt < 2; attempt++) {
    if (where) {
      const [r] = await rows<ChangeRowSql>(
        db,
        sql`with v as (${variantRow(item.variant_id)}),
        c as (update ${carts} set updated_at = now(), delivery_type = ${deliveryType} where ${where} returning id, note_attributes, delivery_type),
        up as (
          insert into ${cartLines} (cart_id, variant_id, quantity)
          select c.id, v.variant_id, ${q} from c, v where ${q} <= least(${MAX_LINE_QUANTITY}, v.stock)
          on conflict (cart_id, variant_id) where gift_rule_id is null
          do update set quantity = ${cartLines}.quantity + excluded.quantity
          where ${cartLines}.quantity + excluded.quantity <= least(${MAX_LINE_QUANTITY}, (select stock from ${variants} where id = excluded.variant_id))
          returning id, quantity
        )
        select v.*, c.id as cart_id, c.note_attributes, c.delivery_type, up.id as line_id, up.quantity as line_quantity,
          (${linesJson(sql`c.id`)}) as lines
        from v left join c on true left join up on true`,
      );
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
    const ownerColumns =
      owner.customerId !== null
        ? sql`customer_id, delivery_type) select ${owner.customerId}, ${deliveryType}`
        : owner.guestId !== null
          ? sql`guest_id, delivery_type) select ${owner.guestId}, ${deliveryType}`
          : sql`token_hash, delivery_type) select ${hashToken(token!)}, ${deliveryType}`;
    const [r] = await rows<ChangeRowSql>(
      db,
      sql`with v as (${variantRow(item.variant_id)}),
      c as (
        insert into ${carts} (${ownerColumns}
        where exists (select 1 from v where ${q} <= least(${MAX_LINE_QUANTITY}, v.stock))
        on conflict do nothing
        returning id, note_attributes, delivery_type
      ),
      l as (insert into ${cartLines} (cart_id, variant_id, quantity) select c.id, v.variant_id, ${q} from c, v returning id, quantity)
      select v.*, c.id as cart_id, c.note_attributes, c.delivery_type, l.id as line_id, l.quantity as line_quantity
      from v left join c on true left join l on true`,
    );
    if (!r) throw unknownVariant();
    if (r.cart_id !== null) {
      // A bag made by this very request: nobody else can reach it yet, so no lock is needed.
      const lines = await syncGifts(db, rules, r.cart_id, [lineFromRow(r)]);
      return { cart: headOf(r), lines, token };
    }
    // Not created: either the line may not exist (stock), or a parallel request just created the
    // customer's bag (the unique index made this insert a no-op): then add to that one.
    if (q > Math.min(MAX_LINE_QUANTITY, r.stock) || !where) throw await refusal(db, { ...r, cart_id: null }, q, deps);
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
      .where(and(eq(cartLines.cartId, r.cart_id), eq(cartLines.variantId, r.variant_id), isNull(cartLines.giftRuleId)));
    current = line?.quantity ?? 0;
  }
  if (current + q > r.stock) return new AppError('out_of_stock', messages.lowStock(r.product_name, r.variant_title, r.stock));
  return new AppError('quantity_limit', messages.biggerPurchase(await deps.supportPhone()));
}

/** − and remove: under the bag's row lock, so parallel taps each take one away; a line reaching 0 goes. */
async function decreaseLine(db: Db, owner: CartOwner, payload: CartUpdatePayload, rules: RuleRow[]): Promise<LineChange> {
  const { line_item: item, delivery_type: deliveryType } = payload;
  const remove = item.action === 'remove';
  const known = async (exec: Db) =>
    (await rows<{ known: boolean }>(exec, sql`select exists (${variantRow(item.variant_id)}) as known`))[0]?.known === true;
  const result = await db.transaction(async (tx) => {
    const cart = await lockCart(tx, owner, deliveryType);
    // Nothing to take away from a bag that does not exist yet (the variant is still checked below).
    if (!cart) return null;
    // Read after the lock, so this sees every change committed before it.
    const [r] = await rows<{ known: boolean; deleted: number | null; updated: number | null; quantity: number | null; lines: LineRow[] }>(
      tx,
      sql`with v as (${variantRow(item.variant_id)}),
      d as (
        delete from ${cartLines} where cart_id = ${cart.id} and variant_id = ${item.variant_id} and gift_rule_id is null
          and (${remove} or quantity <= ${item.quantity}) and exists (select 1 from v)
        returning id
      ),
      u as (
        update ${cartLines} set quantity = quantity - ${item.quantity}
        where cart_id = ${cart.id} and variant_id = ${item.variant_id} and gift_rule_id is null
          and not ${remove} and quantity > ${item.quantity} and exists (select 1 from v)
        returning id, quantity
      )
      select exists (select 1 from v) as known, (select id from d) as deleted, (select id from u) as updated, (select quantity from u) as quantity,
        (${linesJson(sql`${cart.id}`)}) as lines`,
    );
    if (!r?.known) throw unknownVariant();
    // The lines as the statement began, with its own change applied.
    const lines = r.lines.flatMap((l) => (l.id === r.deleted ? [] : l.id === r.updated ? [{ ...l, quantity: r.quantity! }] : [l]));
    return { cart, lines: await syncGifts(tx, rules, cart.id, lines), token: null };
  });
  if (result) return result;
  if (!(await known(db))) throw unknownVariant();
  return { cart: null, lines: [], token: null };
}

function giftsUpToDate(rules: RuleRow[], lines: LineRow[]): boolean {
  const present = lines.flatMap((l) => (l.giftRuleId !== null ? [l.giftRuleId] : []));
  return sameSet(
    earnedRules(rules, lines).map((r) => r.id),
    present,
  );
}

/** Adds or removes gift lines under the bag's lock; only when the earned gifts changed, which is rare. */
async function resyncGifts(db: Db, owner: CartOwner, rules: RuleRow[]): Promise<LineRow[]> {
  return db.transaction(async (tx) => {
    const locked = await lockCart(tx, owner);
    return locked ? syncGifts(tx, rules, locked.id, await loadLines(tx, locked.id)) : [];
  });
}

/** Remembers that the shopper closed an offer or gift box (kept in the bag's note_attributes). */
export async function dismissBox(db: Db, owner: CartOwner, key: string, deps: Pick<CartDeps, 'department'>): Promise<Cart> {
  const result = await db.transaction(async (tx) => {
    const cart = await lockCart(tx, owner);
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
  if (!result) return getCart(db, owner, deps);
  return buildCart(db, owner, result, await loadLines(db, result.id), deps);
}

/**
 * At login or registration: the visitor's bag joins the customer's. Quantities of the same variant
 * are summed, capped at 6 and at the stock, but never below what the customer's bag already held and
 * never to nothing, so no line is lost or doubled; the visitor's token stops working. With no bag of
 * their own the customer adopts the visitor's. Safe to call twice: the second call finds no open
 * visitor bag.
 */
export function mergeVisitorCart(db: Db, visitorCartToken: string | null | undefined, customerId: number): Promise<void> {
  return mergeInto(db, visitorCartToken, { customerId, guestId: null, token: null });
}

/** The same for a guest session (a phone-verified shopper without an account). */
export function mergeVisitorCartIntoGuest(db: Db, visitorCartToken: string | null | undefined, guestId: string): Promise<void> {
  return mergeInto(db, visitorCartToken, { customerId: null, guestId, token: null });
}

async function mergeInto(db: Db, visitorCartToken: string | null | undefined, target: CartOwner): Promise<void> {
  if (!isCartToken(visitorCartToken ?? undefined)) return;
  const where = ownerWhere({ customerId: null, guestId: null, token: visitorCartToken! })!;
  // Most calls find nothing to merge (a stale cookie): answer those without a write.
  const [exists] = await db.select({ id: carts.id }).from(carts).where(where);
  if (!exists) return;
  const rules = await activeRules(db);
  await db.transaction(async (tx) => {
    // Lock order: the shopper's bag first, then the visitor's, as every merge does (no deadlock).
    const own = await lockCart(tx, target);
    if (!own) {
      const [adopted] = await tx
        .update(carts)
        .set({ tokenHash: null, customerId: target.customerId, guestId: target.guestId, updatedAt: sql`now()` })
        .where(where)
        .returning({ id: carts.id });
      if (adopted) await syncGifts(tx, rules, adopted.id, await loadLines(tx, adopted.id));
      return;
    }
    const [merged] = await tx
      .update(carts)
      .set({ tokenHash: null, status: 'merged', updatedAt: sql`now()` })
      .where(where)
      .returning({ id: carts.id });
    if (!merged) return;
    const theirs = await loadLines(tx, merged.id);
    const mine = await loadLines(tx, own.id);
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
    await syncGifts(tx, rules, own.id, await loadLines(tx, own.id));
  });
}

// ---------------------------------------------------------------------------------------------
// For the checkout (issue 7): the bag read and closed inside the order's transaction.

/**
 * The shopper's open bag locked for the rest of the transaction and priced exactly as getCart
 * prices it, so the order is placed from the bag as it stands and no tap can change it meanwhile.
 * Null when the shopper has no open bag. Only `tx` is used (see syncGifts on why).
 */
export async function getCartForCheckout(tx: Db, owner: CartOwner): Promise<Cart | null> {
  const cart = await lockCart(tx, owner);
  if (!cart) return null;
  // Gifts as the rules give them at this moment: the order gets exactly what the bag has earned.
  const lines = await syncGifts(tx, await activeRules(tx), cart.id, await loadLines(tx, cart.id));
  return buildCart(tx, owner, cart, lines, { department: '' });
}

/** The bag became an order: it is closed (status ordered) and the shopper's next addition starts a new one. */
export async function clearCart(tx: Db, cartId: number): Promise<void> {
  await tx
    .update(carts)
    .set({ status: 'ordered', updatedAt: sql`now()` })
    .where(and(eq(carts.id, cartId), eq(carts.status, 'open')));
}

/**
 * The clean-up job's part: visitor bags (no customer, no guest; open or merged away) untouched since
 * `before`. A customer's or a guest's bag is never removed, nor one an order came from.
 */
export function deleteStaleVisitorBags(db: Db, before: Date): Promise<number> {
  return deleteInBatches(db, carts, carts.id, and(isNull(carts.customerId), isNull(carts.guestId), lt(carts.updatedAt, before)));
}
