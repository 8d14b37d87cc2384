import { and, eq, gte } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Cart } from '@store/shared/cart';
import { describeOnDatabases } from '../../../test/support/app.js';
import { products, variants } from '../catalog/catalog.tables.js';
import { seedCartRules } from './cart.seed.js';
import { giftRules } from './cart.tables.js';

describeOnDatabases(
  'cart demo rules',
  (ctx) => {
    it('seeds the spend and buy rules once, and a bag over ৳3,000 gets the travel-size lotion', async () => {
      const rules = await ctx().db.select().from(giftRules);
      expect(rules.map((r) => r.kind).sort()).toEqual(['buy', 'spend']);
      await seedCartRules(ctx());
      expect(await ctx().db.select().from(giftRules)).toHaveLength(2);

      // A single variant of at least ৳3,000 after discount, in stock.
      const [big] = await ctx()
        .db.select({ id: variants.id })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(gte(variants.price, 400_000), eq(variants.discount, 0), gte(variants.stock, 1), eq(products.published, true)))
        .limit(1);
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/cart/line-items/',
        payload: { delivery_type: 'standard', line_item: { variant_id: big!.id, quantity: 1, action: 'increment' } },
      });
      const cart = res.json<{ data: Cart }>().data;
      expect(cart.gift_variants).toEqual([
        expect.objectContaining({
          title: 'Free travel-size body lotion',
          product_title: 'Essential Nourishment Body Lotion',
          vendor: 'Dove',
          variant_title: '100ml',
        }),
      ]);
      expect(cart.line_items.find((l) => l.gift)).toMatchObject({ price: 0, quantity: 1, variant_title: '100ml' });
    });
  },
  { seed: true },
);
