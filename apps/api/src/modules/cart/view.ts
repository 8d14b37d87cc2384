/** The bag as the API answers it: priced lines, gift and offer boxes, the card rebate, recommendations. */
import {
  type Cart,
  type CartLineItem,
  type CartRebate,
  type DeliveryType,
  type GiftVariant,
  type LineImage,
  type VariantOffer,
} from '@store/shared/cart';
import { productUrl, type ProductCard, type ProductImage } from '@store/shared/catalog';
import { DEFAULT_DELIVERY_TYPE, type DepartmentKey } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import { discountedPrice } from '@store/shared/money';
import { dbKey, type Db } from '../../db/client.js';
import { TaggedCache } from '../../lib/cache/tagged-cache.js';
import { followInvalidations } from '../../lib/cache/invalidation.js';
import { topRatedInDepartment } from '../catalog/index.js';
import { privilegeCards } from './cart.tables.js';
import { rebatingCardOf } from './cards.js';
import { activeRules, inWindow, paidTotals, type RuleRow } from './gifts.js';
import { unitPrice, type CartOwner, type CartRow, type LineRow } from './lines.js';
import { languageKey } from '../../lib/in-locale.js';
import { inRequestLanguage } from '../../lib/in-locale.js';

function lineImage(images: ProductImage[]): LineImage | null {
  const first = images[0];
  // The phone-size webp is plenty for a bag thumbnail.
  return first ? { url: first.mobile, alt: first.alt, width: first.width, height: first.height } : null;
}

function toLineItem(row: LineRow): CartLineItem {
  const productName = inRequestLanguage(row.productName, row.productNameBn);
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
    product_title: productName,
    name: `${productName} - ${row.variantTitle}`,
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
            description: `${row.discount}% off ${productName}`,
          }
        : null,
    gift,
    gift_rule_id: row.giftRuleId,
    stock: row.stock,
  };
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
      message: messages.offerSpend(messages.taka(remaining), giftName(spend)),
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
    .where(rebatingCardOf(owner.customerId));
  if (!card) return null;
  const amount = subtotal - discountedPrice(subtotal, card.percent);
  // Only the card's last four digits leave the server.
  return { card: `•••• ${card.number.slice(-4)}`, percent: card.percent, amount, title: messages.privilegeRebate(card.percent) };
}

const RECOMMENDATIONS = 8;
/** Built from the catalog (ratings, stock): a change to it drops them. */
const recommendationCache = new TaggedCache<ProductCard[]>({ ttlMs: 60_000, maxEntries: 50, name: 'bag_recommendations' });
followInvalidations(recommendationCache);

/** The department's best-rated products in stock, for an empty bag. */
function recommendations(db: Db, department: DepartmentKey): Promise<ProductCard[]> {
  return recommendationCache.getOrLoad(languageKey(`${dbKey(db)}:${department}`), ['catalog'], () =>
    topRatedInDepartment({ db }, department, RECOMMENDATIONS),
  );
}

// ---------------------------------------------------------------------------------------------
// The bag as the API answers it.

export async function buildCart(
  db: Db,
  owner: CartOwner,
  cart: Pick<CartRow, 'id' | 'noteAttributes' | 'deliveryType'> | null,
  lines: LineRow[],
  deps: { department: DepartmentKey; rules?: RuleRow[] },
): Promise<Cart> {
  const rules = lines.length ? (deps.rules ?? (await activeRules({ db }))) : [];
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

/** Drops the cached recommendations. */
export function clearRecommendations() {
  recommendationCache.clear();
}
