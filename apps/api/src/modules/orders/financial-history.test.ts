import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/support/app.js';
import { customers } from '../accounts/accounts.tables.js';
import { couponRedemptions, coupons } from '../checkout/checkout.tables.js';
import { createTestCatalog, newCustomer, payData, type TestCatalog } from '../../../test/support/fixtures.js';
import { payments } from '../payments/payments.tables.js';
import { orderLines, orders } from './orders.tables.js';

/** PostgreSQL's restrict_violation (ON DELETE RESTRICT) or foreign_key_violation, wherever the driver puts it. */
function refusedByForeignKey(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: string }).code;
    if (code === '23001' || code === '23503') return true;
  }
  return false;
}

describeOnDatabases('financial history', (ctx) => {
  let c: TestCatalog;
  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'history');
  });

  it('is never deleted by cascade: a customer, an order or a coupon with history cannot be deleted, and the rows stay', async () => {
    const { app, db } = ctx();
    const [coupon] = await db.insert(coupons).values({ code: 'HISTORY5', kind: 'percentage', value: 5, title: '5% off' }).returning();
    const s = await newCustomer(app);
    await s.add(c.serum30.id);
    await s.address();
    expect((await s.request('POST', '/checkout/discount_code/', { discount: { code: 'HISTORY5' } })).statusCode).toBe(200);
    const { order } = payData(await s.pay({ payment_method: 'bkash' }, 'history-1'));
    const [row] = await db.select().from(orders).where(eq(orders.number, order.number));

    const refused = async (attempt: Promise<unknown>) => {
      const outcome = await attempt.then(
        () => null,
        (err: unknown) => err,
      );
      expect(refusedByForeignKey(outcome)).toBe(true);
    };
    await refused(db.delete(customers).where(eq(customers.id, s.customerId!)));
    await refused(db.delete(orders).where(eq(orders.id, row!.id)));
    await refused(db.delete(coupons).where(eq(coupons.id, coupon!.id)));

    expect(await db.select({ id: customers.id }).from(customers).where(eq(customers.id, s.customerId!))).toHaveLength(1);
    expect(await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, row!.id))).toHaveLength(1);
    expect(await db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, row!.id))).toHaveLength(1);
  });

  it('voids a cancelled order’s coupon use instead of deleting it: the code is free again, the redemption stays', async () => {
    const { app, db } = ctx();
    const [coupon] = await db
      .insert(coupons)
      .values({ code: 'ONCE5', kind: 'percentage', value: 5, title: '5% off', perCustomerLimit: 1 })
      .returning();
    const s = await newCustomer(app);
    await s.add(c.serum30.id);
    await s.address();
    expect((await s.request('POST', '/checkout/discount_code/', { discount: { code: 'ONCE5' } })).statusCode).toBe(200);
    const { order } = payData(await s.pay({ payment_method: 'cod' }, 'history-2'));
    expect((await s.request('POST', `/orders/${order.number}/cancel/`)).statusCode).toBe(200);

    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, order.number));
    const redemptions = await db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, row!.id));
    expect(redemptions).toHaveLength(1);
    expect(redemptions[0]!.voidedAt).toBeInstanceOf(Date);
    const [after] = await db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.id, coupon!.id));
    expect(after!.used).toBe(0);
    // Once per customer, and the one use was given back: the code applies again.
    await s.add(c.serum30.id);
    expect((await s.request('POST', '/checkout/discount_code/', { discount: { code: 'ONCE5' } })).statusCode).toBe(200);
  });
});
