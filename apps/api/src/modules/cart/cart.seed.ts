import type { DbCtx } from '../../lib/context.js';
import type { Db } from '../../db/client.js';
import { productIdByHandle, variantIdByTitle } from '../catalog/index.js';
import { clearCartCaches } from './cart.service.js';
import { giftRules } from './cart.tables.js';

/** The demo shop's gift rules, by product handle and variant title of the demo catalogue. */
const DEMO_RULES = [
  {
    kind: 'spend' as const,
    title: 'Free travel-size body lotion',
    description: 'Dove Essential Nourishment 100ml free on bags of ৳3,000 or more',
    minSubtotal: 300_000,
    gift: { product: 'dove-essential-nourishment-body-lotion', variant: '100ml' },
  },
  {
    kind: 'buy' as const,
    title: 'Buy 2 micellar waters, get a coconut oil',
    description: 'Parachute Pure Coconut Oil 100ml free with 2 Garnier Micellar Cleansing Water',
    buy: { product: 'garnier-micellar-cleansing-water', quantity: 2 },
    gift: { product: 'parachute-pure-coconut-oil', variant: '100ml' },
  },
];

async function variantId(db: Db, productHandle: string, title: string): Promise<number> {
  const id = await variantIdByTitle({ db }, productHandle, title);
  if (id === null) throw new Error(`demo gift rule: no variant ${productHandle} / ${title}`);
  return id;
}

/** Seeds the demo gift rules once (a second run finds them and adds nothing). */
export async function seedCartRules({ db }: DbCtx): Promise<void> {
  if ((await db.select({ id: giftRules.id }).from(giftRules).limit(1)).length) return;
  for (const [position, rule] of DEMO_RULES.entries()) {
    const giftVariantId = await variantId(db, rule.gift.product, rule.gift.variant);
    const buy =
      rule.kind === 'buy'
        ? {
            buyProductId: (await productIdByHandle({ db }, rule.buy.product)) ?? undefined,
            buyQuantity: rule.buy.quantity,
          }
        : {};
    if (rule.kind === 'buy' && !buy.buyProductId) throw new Error(`demo gift rule: no product ${rule.buy.product}`);
    await db.insert(giftRules).values({
      kind: rule.kind,
      title: rule.title,
      description: rule.description,
      minSubtotal: rule.kind === 'spend' ? rule.minSubtotal : null,
      giftVariantId,
      position,
      ...buy,
    });
  }
  clearCartCaches();
}
