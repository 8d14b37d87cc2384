import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer, payData, type TestCatalog } from '../../../test/support/fixtures.js';
import { orders } from '../orders/orders.tables.js';
import { canMoveAttempt, PAYMENT_ATTEMPT_TRANSITIONS, transitionPayment } from './payment-status.js';
import { GATEWAY_PAYMENT_STATUSES, payments } from './payments.tables.js';

describe('the payment attempt transition table', () => {
  it('settles a pending attempt once, refunds only a paid one, and ends there', () => {
    expect(PAYMENT_ATTEMPT_TRANSITIONS.pending).toEqual(['paid', 'failed', 'cancelled']);
    for (const from of GATEWAY_PAYMENT_STATUSES) expect(canMoveAttempt(from, 'pending')).toBe(false);
    expect(canMoveAttempt('paid', 'refunded')).toBe(true);
    expect(canMoveAttempt('failed', 'paid')).toBe(false);
    expect(canMoveAttempt('refunded', 'paid')).toBe(false);
  });
});

describeOnDatabases('transitionPayment', (ctx) => {
  let c: TestCatalog;
  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'paystat');
  });

  it('moves an attempt once, answers a replay with null, and refuses an illegal move with illegal_transition', async () => {
    const { app, db } = ctx();
    const s = await newCustomer(app);
    await s.add(c.serum30.id);
    await s.address();
    const { order } = payData(await s.pay({ payment_method: 'bkash' }, 'payment-status-1'));
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, order.number));
    const [attempt] = await db.select().from(payments).where(eq(payments.orderId, row!.id));
    expect(attempt!.status).toBe('pending');
    const at = new Date();

    const moved = await transitionPayment(db, attempt!.id, { from: 'pending', to: 'failed' }, at, { settledAt: at });
    expect(moved).toMatchObject({ status: 'failed' });
    // A replayed callback saw it pending too: nothing changes.
    expect(await transitionPayment(db, attempt!.id, { from: 'pending', to: 'cancelled' }, at)).toBeNull();
    await expect(transitionPayment(db, attempt!.id, { from: 'failed', to: 'paid' }, at)).rejects.toMatchObject({
      code: 'illegal_transition',
    });
    const [after] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, attempt!.id));
    expect(after!.status).toBe('failed');
  });
});
