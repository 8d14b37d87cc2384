import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@store/shared/cart';
import type { OrderDetail } from '@store/shared/checkout';
import { selectRows } from '../../db/client.js';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer, payData, type TestCatalog } from '../../../test/support/fixtures.js';
import { cartLines, carts, giftRules } from '../cart/cart.tables.js';
import { products, variants } from '../catalog/catalog.tables.js';

/*
 * An order takes the bag's free gift as it stands at that moment. The gift rules are cached (a bag
 * change reads them on every tap) and an order's stock does not clear them, so the checkout reads the
 * gifts' stock and state afresh, in the query that reads the bag's lines: a cached rule still showing
 * the last unit would otherwise refuse an order for a gift nobody paid for.
 */
describeOnDatabases('the free gift when the order is placed', (ctx) => {
  let c: TestCatalog;
  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'gift');
    // One unit of the gift (the toner) for orders of ৳1,500 or more.
    await ctx().db.update(variants).set({ stock: 1 }).where(eq(variants.id, c.toner150.id));
    await ctx()
      .db.insert(giftRules)
      .values({ kind: 'spend', title: 'A free toner', description: 'On ৳1,500', minSubtotal: 150_000, giftVariantId: c.toner150.id });
  });

  const stockOf = async (variantId: number) =>
    (await ctx().db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId)))[0]!.stock;

  async function shopperWithGift() {
    const s = await newCustomer(ctx().app);
    const cart = (await s.add(c.serum30.id, 2)).json<{ data: Cart }>().data; // ৳1,800
    expect(cart.line_items.filter((l) => l.gift).map((l) => l.variant_id)).toEqual([c.toner150.id]);
    return { s, address: await s.address() };
  }

  const giftLines = async (s: Awaited<ReturnType<typeof newCustomer>>, number: string) =>
    (await s.request('GET', `/orders/${number}/`))
      .json<{ data: OrderDetail }>()
      .data.line_items.filter((l) => l.gift)
      .map((l) => l.quantity);

  it('a bag whose gift another order took meanwhile is placed without it, and the stock never goes below 0', async () => {
    const first = await shopperWithGift();
    const second = await shopperWithGift();

    const a = await first.s.pay({ address_id: first.address.id, payment_method: 'cod' }, 'gift-first');
    expect(a.statusCode).toBe(200);
    expect(await giftLines(first.s, payData(a).order.number)).toEqual([1]);
    expect(await stockOf(c.toner150.id)).toBe(0);

    // The second bag still shows the gift it was given; its order goes ahead without it.
    const b = await second.s.pay({ address_id: second.address.id, payment_method: 'cod' }, 'gift-second');
    expect(b.statusCode).toBe(200);
    expect(payData(b).order.total).toBe(payData(a).order.total);
    expect(await giftLines(second.s, payData(b).order.number)).toEqual([]);
    expect(await stockOf(c.toner150.id)).toBe(0);
  });

  it('an order placed while a tap holds the bag is placed from the bag as the tap left it', async () => {
    const s = await newCustomer(ctx().app);
    const address = await s.address();
    await s.add(c.cream50.id);
    const bag = (await s.add(c.mask1.id)).json<{ data: Cart }>().data;
    // A tap that removes the mask holds the bag's lock while the order comes in.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const tap = ctx().db.transaction(async (tx) => {
      await tx
        .update(carts)
        .set({ updatedAt: sql`now()` })
        .where(eq(carts.id, bag.id!));
      await tx.delete(cartLines).where(and(eq(cartLines.cartId, bag.id!), eq(cartLines.variantId, c.mask1.id)));
      locked();
      await held;
    });
    await lockTaken;
    const order = s.pay({ address_id: address.id, payment_method: 'cod' }, 'while-a-tap-holds-the-bag');
    // On PostgreSQL, until the order's checkout waits for the bag's lock; PGlite runs one transaction at a time.
    for (let i = 0; i < 100 && ctx().kind === 'postgres'; i++) {
      const [waiting] = await selectRows<{ n: number }>(
        ctx().db,
        sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
      );
      if (waiting!.n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    release();
    await tap;
    const res = await order;
    expect(res.statusCode).toBe(200);
    const placed = (await s.request('GET', `/orders/${payData(res).order.number}/`)).json<{ data: OrderDetail }>().data;
    expect(placed.line_items.map((l) => l.variant_id)).toEqual([c.cream50.id]);
  });

  describe('a gift taken off sale after the rules were cached', () => {
    it('is not given with the order', async () => {
      await ctx().db.update(variants).set({ stock: 5 }).where(eq(variants.id, c.toner150.id));
      const { s, address } = await shopperWithGift();
      await ctx().db.update(products).set({ published: false }).where(eq(products.id, c.toner150.productId));
      const res = await s.pay({ address_id: address.id, payment_method: 'cod' }, 'gift-unpublished');
      expect(res.statusCode).toBe(200);
      expect(await giftLines(s, payData(res).order.number)).toEqual([]);
      expect(await stockOf(c.toner150.id)).toBe(5);
    });
  });
});
