import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { PaymentMethod } from '@store/shared/checkout-rules';
import { selectRows } from '../../db/client.js';
import { describeOnDatabases } from '../../../test/support/app.js';
import { carts } from '../cart/cart.tables.js';
import { products, variants } from '../catalog/catalog.tables.js';
import { outbox } from '../notifications/notifications.tables.js';
import { orderLines, orders } from '../orders/orders.tables.js';
import { payments } from '../payments/payments.tables.js';
import { couponRedemptions, coupons } from './checkout.tables.js';
import type { CheckoutCtx } from './context.js';
import { placeOrder, PLACE_ORDER_STEPS, type PlaceOrderStep } from './place-order.js';
import { createTestCatalog, newCustomer, type Shopper, type TestCatalog } from '../../../test/support/fixtures.js';

/** The steps inside the transaction: a failure at any of them must leave nothing behind. */
const UNDONE: PlaceOrderStep[] = PLACE_ORDER_STEPS.slice(0, PLACE_ORDER_STEPS.indexOf('close bag') + 1);

class Injected extends Error {}

describeOnDatabases('placing an order, step by step', (ctx) => {
  let c: TestCatalog;
  let couponId: number;
  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'steps');
    const [coupon] = await ctx().db.insert(coupons).values({ code: 'STEPS5', kind: 'percentage', value: 5, title: '5% off' }).returning();
    couponId = coupon!.id;
  });

  const checkoutCtx = (s: Shopper): CheckoutCtx => {
    const { app } = ctx();
    return {
      db: app.db,
      env: app.env,
      clock: app.clock,
      payments: app.payments,
      notifier: app.notifier,
      log: app.log,
      requestId: 'place-order-steps',
      locale: 'en',
      customerId: s.customerId,
      guestId: null,
      sessionId: null,
      shopper: { customerId: s.customerId, guestId: null },
      cartToken: null,
      department: '',
    };
  };
  const failAt = (step: PlaceOrderStep) => ({
    beforeStep: (name: PlaceOrderStep) => {
      if (name === step) throw new Injected(`failure injected at ${step}`);
    },
  });

  /** What an order leaves in every module: stock, coupon use, orders, payment rows, the bag. */
  async function traces(s: Shopper) {
    const { db } = ctx();
    const [variant] = await db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, c.serum30.id));
    const [coupon] = await db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.id, couponId));
    const own = await db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, s.customerId!));
    const ids = own.map((o) => o.id);
    const [paid] = ids.length ? await db.select({ n: count() }).from(payments).where(inArray(payments.orderId, ids)) : [{ n: 0 }];
    const [redeemed] = await db.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.customerId, s.customerId!));
    const bags = await db.select({ status: carts.status }).from(carts).where(eq(carts.customerId, s.customerId!));
    const bag = await s.checkout();
    return {
      stock: variant!.stock,
      couponUses: coupon!.used,
      redemptions: Number(redeemed!.n),
      orders: ids.length,
      payments: Number(paid!.n),
      bags: bags.map((b) => b.status),
      bagLines: bag.data.cart.line_items.map((l) => [l.variant_id, l.quantity]),
    };
  }

  async function readyShopper(method: PaymentMethod): Promise<Shopper> {
    const s = await newCustomer(ctx().app);
    expect((await s.add(c.serum30.id, 2)).statusCode).toBe(200);
    await s.address();
    expect((await s.request('POST', '/checkout/payment_method/', { paymentMethod: method })).statusCode).toBe(200);
    expect((await s.request('POST', '/checkout/discount_code/', { discount: { code: 'STEPS5' } })).statusCode).toBe(200);
    return s;
  }

  for (const method of ['cod', 'bkash'] as const) {
    for (const step of UNDONE) {
      it(`${method}: a failure at "${step}" leaves no stock taken, no coupon use, no order, no payment and the bag open`, async () => {
        const s = await readyShopper(method);
        const before = await traces(s);
        await expect(
          placeOrder(checkoutCtx(s), { payment_method: method, cash_on_pickup: false }, `steps-${method}-${step}`, failAt(step)),
        ).rejects.toBeInstanceOf(Injected);
        expect(await traces(s)).toEqual(before);
        expect(before).toMatchObject({ orders: 0, payments: 0, redemptions: 0, bags: ['open'], bagLines: [[c.serum30.id, 2]] });
      });
    }

    it(`${method}: without a failure, every step leaves its mark (the checks above can fail)`, async () => {
      const s = await readyShopper(method);
      const before = await traces(s);
      const answer = await placeOrder(checkoutCtx(s), { payment_method: method, cash_on_pickup: false }, `steps-${method}-none`);
      expect(answer.data.type).toBe(method);
      const after = await traces(s);
      expect(after.stock).toBe(before.stock - 2);
      expect(after.couponUses).toBe(before.couponUses + 1);
      expect(after).toMatchObject({ redemptions: 1, orders: 1, payments: method === 'bkash' ? 1 : 0 });
      // Cash closes the bag; a gateway order keeps it until the payment is confirmed.
      expect(after.bags).toEqual([method === 'bkash' ? 'open' : 'ordered']);
    });
  }

  it('the order keeps every line as the bag showed it, in order, and an empty value as SQL null (not JSON null)', async () => {
    const { db } = ctx();
    // A line without a picture: its image is stored as null.
    await db.update(products).set({ images: [] }).where(eq(products.id, c.mask1.productId));
    const s = await newCustomer(ctx().app);
    for (const [variant, quantity] of [
      [c.serum30.id, 2],
      [c.cream50.id, 1],
      [c.mask1.id, 3],
    ] as const)
      expect((await s.add(variant, quantity)).statusCode).toBe(200);
    await s.address();
    const bag = (await s.checkout()).data.cart.line_items;
    const answer = await placeOrder(checkoutCtx(s), { payment_method: 'cod', cash_on_pickup: false }, 'steps-lines');
    const [order] = await db.select().from(orders).where(eq(orders.number, answer.data.order.number));
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id)).orderBy(asc(orderLines.id));
    expect(
      lines.map((l) => [
        l.variantId,
        l.sku,
        l.productTitle,
        l.variantTitle,
        l.quantity,
        l.price,
        l.discountedPrice,
        l.linePrice,
        l.gift,
        l.image,
      ]),
    ).toEqual(
      bag.map((l) => [
        l.variant_id,
        l.sku,
        l.product_title,
        l.variant_title,
        l.quantity,
        l.price,
        l.discounted_price,
        l.line_price,
        false,
        l.image,
      ]),
    );
    expect(lines.map((l) => l.image === null)).toEqual([false, false, true]);
    expect(order).toMatchObject({ status: 'placed', paymentMethod: 'cod', storeLocation: null, affiliate: null, couponId: null });
    expect(order!.number).toMatch(/^GB-\d{4}-\d{6,}$/);
    const [raw] = await selectRows<{ store: boolean; affiliate: boolean; shipping: string }>(
      db,
      sql`select store_location is null as store, affiliate is null as affiliate, jsonb_typeof(shipping_address) as shipping from ${orders} where id = ${order!.id}`,
    );
    expect(raw).toEqual({ store: true, affiliate: true, shipping: 'object' });
  });

  it("a cash order's confirmation is queued in its transaction: the order is stamped notified and its SMS waits in the outbox", async () => {
    const s = await readyShopper('cod');
    const answer = await placeOrder(checkoutCtx(s), { payment_method: 'cod', cash_on_pickup: false }, 'steps-notify');
    const [row] = await ctx().db.select().from(orders).where(eq(orders.customerId, s.customerId!));
    expect(row).toMatchObject({ number: answer.data.order.number });
    expect(row!.notifiedAt).not.toBeNull();
    const sms = await ctx().db.select().from(outbox).where(eq(outbox.recipient, s.phone));
    expect(sms.filter((m) => m.body.includes(answer.data.order.number))).toHaveLength(1);
  });
});
