import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Cart } from '@store/shared/cart';
import type { ApiErrorBody } from '@store/shared/api';
import type { PayResponse } from '@store/shared/checkout';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { products, variants } from '../catalog/catalog.tables.js';
import { orders } from '../orders/orders.tables.js';
import { couponRedemptions, coupons } from './checkout.tables.js';
import { createTestCatalog, newCustomer, type Shopper, type TestCatalog } from '../../../test/support/fixtures.js';

/** Shoppers with a bag and an address each, ready to pay (created in parallel: setup is not what is measured). */
async function readyShoppers(n: number, make: () => Promise<Shopper>, variantId: number): Promise<Shopper[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const s = await make();
      const added = await s.add(variantId);
      if (added.statusCode !== 200) throw new Error(`add: ${added.body}`);
      await s.address();
      return s;
    }),
  );
}

describeOnDatabases('placing orders under concurrency', (ctx) => {
  let c: TestCatalog;
  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'race');
  });

  it('gives the last 3 units to exactly 3 of 50 racing shoppers; the other 47 get a clear out-of-stock answer', async () => {
    const { db, app } = ctx();
    const [lipstick] = await db
      .insert(variants)
      .values({ productId: c.serum30.productId, sku: 'race-last-3', title: 'Limited', price: 50_000, discount: 0, stock: 50 })
      .returning();
    const shoppers = await readyShoppers(50, () => newCustomer(app), lipstick!.id);
    // Everyone has one in the bag; now only three are left.
    await db.update(variants).set({ stock: 3 }).where(eq(variants.id, lipstick!.id));

    const results = await Promise.all(shoppers.map((s, i) => s.pay({ payment_method: 'cod' }, `race-${i}-attempt`)));
    const won = results.filter((r) => r.statusCode === 200);
    const lost = results.filter((r) => r.statusCode !== 200);
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(47);
    for (const r of lost) {
      expect(r.statusCode).toBe(400);
      const error = r.json<ApiErrorBody>().error;
      expect(error.code).toBe('out_of_stock');
      expect(error.fields?.cart).toBe(messages.outOfStock('Glow Serum', 'Limited'));
    }
    const [left] = await db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, lipstick!.id));
    expect(left!.stock).toBe(0);
    const [placed] = await db.select({ n: count() }).from(orders).where(eq(orders.customerId, shoppers[0]!.customerId!));
    expect(placed!.n).toBeLessThanOrEqual(1);
    const numbers = won.map((r) => r.json<PayResponse>().data.order.number);
    expect(new Set(numbers).size).toBe(3);
    // The losers keep their bag.
    const losers = shoppers.filter((_, i) => results[i]!.statusCode !== 200);
    const bag = (await losers[0]!.request('GET', '/cart/')).json<{ data: Cart }>().data;
    expect(bag.line_items.map((l) => l.variant_id)).toEqual([lipstick!.id]);
  });

  it('marks the product out of stock once its last units are sold', async () => {
    const { db, app } = ctx();
    const [product] = await db
      .insert(products)
      .values({
        handle: 'race-solo',
        name: 'Solo Balm',
        brandId: (await db.select().from(products).where(eq(products.id, c.serum30.productId)))[0]!.brandId,
        departmentId: (await db.select().from(products).where(eq(products.id, c.serum30.productId)))[0]!.departmentId,
      })
      .returning();
    const [v] = await db
      .insert(variants)
      .values({ productId: product!.id, sku: 'race-solo-1', title: 'Tin', price: 30_000, stock: 1 })
      .returning();
    const s = await newCustomer(app);
    await s.add(v!.id);
    await s.address();
    expect((await s.pay({}, 'solo-balm-1')).statusCode).toBe(200);
    const [after] = await db.select({ inStock: products.inStock }).from(products).where(eq(products.id, product!.id));
    expect(after!.inStock).toBe(false);
  });

  it('makes one order of 10 parallel pay calls with one idempotency key, and answers each with it', async () => {
    const { db, app } = ctx();
    const s = await newCustomer(app);
    await s.add(c.cream50.id, 2);
    await s.address();
    const [before] = await db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, c.cream50.id));
    const results = await Promise.all(Array.from({ length: 10 }, () => s.pay({ payment_method: 'cod' }, 'double-click-7f3a')));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(results.map((r) => r.json<PayResponse>().data.order.number));
    expect(ids.size).toBe(1);
    const [n] = await db.select({ n: count() }).from(orders).where(eq(orders.customerId, s.customerId!));
    expect(n!.n).toBe(1);
    const [after] = await db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, c.cream50.id));
    expect(after!.stock).toBe(before!.stock - 2);
    // A retry later gives the same order too; a new attempt (new key) with an empty bag is refused.
    expect((await s.pay({ payment_method: 'cod' }, 'double-click-7f3a')).json<PayResponse>().data.order.number).toBe([...ids][0]);
    const fresh = await s.pay({}, 'another-attempt-1');
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json<ApiErrorBody>().error.fields?.cart).toBe(messages.bagEmpty());
  });

  it('redeems a single-use coupon once when 12 shoppers use it at the same moment', async () => {
    const { db, app } = ctx();
    const [coupon] = await db
      .insert(coupons)
      .values({ code: 'ONLYONCE', kind: 'fixed_amount', value: 10_000, title: '৳100 off', usageLimit: 1 })
      .returning();
    const shoppers = await readyShoppers(12, () => newCustomer(app), c.serum30.id);
    for (const s of shoppers) {
      const applied = await s.request('POST', '/checkout/discount_code/', { discount: { code: 'ONLYONCE' } });
      expect(applied.statusCode).toBe(200);
    }
    const results = await Promise.all(shoppers.map((s, i) => s.pay({}, `coupon-race-${i}`)));
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.json<PayResponse>().data.order.total).toBe(90_000 - 10_000 + 6_000);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.json<ApiErrorBody>().error.fields?.discount).toBe(messages.couponUsedUp());
    }
    const [used] = await db.select({ usedCount: coupons.usedCount }).from(coupons).where(eq(coupons.id, coupon!.id));
    expect(used!.usedCount).toBe(1);
    const [redemptions] = await db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon!.id), isNull(couponRedemptions.voidedAt)));
    expect(redemptions!.n).toBe(1);
  });

  it('redeems a once-per-customer coupon once when one customer places two orders at the same moment', async () => {
    const { db, app } = ctx();
    await db.insert(coupons).values({ code: 'MINEONCE', kind: 'percentage', value: 10, title: '10% off', perCustomerLimit: 1 });
    const s = await newCustomer(app);
    await s.add(c.serum30.id, 2);
    await s.address();
    await s.request('POST', '/checkout/discount_code/', { discount: { code: 'MINEONCE' } });
    // Two tabs, two attempts (different keys): the bag becomes one order, paid by either attempt, and the code is used once.
    const results = await Promise.all([
      s.pay({ payment_method: 'bkash' }, 'tab-one-attempt'),
      s.pay({ payment_method: 'bkash' }, 'tab-two-attempt'),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const numbers = new Set(results.map((r) => r.json<PayResponse>().data.order.number));
    expect(numbers.size).toBe(1);
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, 'MINEONCE'));
    expect(coupon!.usedCount).toBe(1);
    const [redemptions] = await db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon!.id), isNull(couponRedemptions.voidedAt)));
    expect(redemptions!.n).toBe(1);
  });
});
