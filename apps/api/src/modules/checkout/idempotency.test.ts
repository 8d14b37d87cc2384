import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { ApiErrorBody } from '@store/shared/api';
import type { PayResponse } from '@store/shared/checkout';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { variants } from '../catalog/catalog.tables.js';
import { orders } from '../orders/orders.tables.js';
import { createTestCatalog, newCustomer, newGuest, type TestCatalog } from '../../../test/support/fixtures.js';

describeOnDatabases('a repeated Idempotency-Key', (ctx) => {
  let c: TestCatalog;
  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'idem');
  });

  const stockOf = async (variantId: number) =>
    (await ctx().db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId)))[0]!.stock;

  it('answers the same body with the same order, whatever the order of its keys', async () => {
    const s = await newCustomer(ctx().app);
    await s.add(c.serum30.id);
    await s.address();
    const first = await s.pay({ payment_method: 'cod', note: 'Ring the bell' }, 'same-body-1');
    expect(first.statusCode).toBe(200);
    const again = await s.request('POST', '/checkout/pay/', JSON.stringify({ note: 'Ring the bell', payment_method: 'cod' }), {
      'idempotency-key': 'same-body-1',
      'content-type': 'application/json',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<PayResponse>().data.order.number).toBe(first.json<PayResponse>().data.order.number);
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    const { db, app } = ctx();
    const s = await newCustomer(app);
    await s.add(c.cream50.id);
    const address = await s.address();
    const first = await s.pay({ payment_method: 'cod', address_id: address.id }, 'reused-key-1');
    expect(first.statusCode).toBe(200);
    const [placed] = await db.select().from(orders).where(eq(orders.customerId, s.customerId!));

    // A new bag, then a different order sent with the old attempt's key.
    await s.add(c.mask1.id, 2);
    const stock = await stockOf(c.mask1.id);
    const reused = await s.pay({ payment_method: 'cod', address_id: address.id, note: 'Another order' }, 'reused-key-1');
    expect(reused.statusCode).toBe(422);
    const error = reused.json<ApiErrorBody>().error;
    expect(error.code).toBe('idempotency_key_reused');
    expect(error.message).toBe(messages.idempotencyKeyReused());

    const after = await db.select().from(orders).where(eq(orders.customerId, s.customerId!));
    expect(after).toEqual([placed]);
    expect(await stockOf(c.mask1.id)).toBe(stock);
    expect((await s.checkout()).data.cart.line_items.map((l) => l.variant_id)).toEqual([c.mask1.id]);
    // The same body under a fresh key is a new attempt and places the second order.
    const fresh = await s.pay({ payment_method: 'cod', address_id: address.id, note: 'Another order' }, 'reused-key-2');
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses a different body racing the first with the same key: one order, the other attempt gets 422', async () => {
    const { db, app } = ctx();
    const g = await newGuest(app);
    await g.add(c.toner150.id);
    await g.address();
    const results = await Promise.all([
      g.pay({ payment_method: 'cod', note: 'first tab' }, 'racing-key-1'),
      g.pay({ payment_method: 'cod', note: 'second tab' }, 'racing-key-1'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const [n] = await db.select({ n: count() }).from(orders).where(eq(orders.guestId, g.guestId!));
    expect(n!.n).toBe(1);
  });
});
