import { count, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/support/app.js';
import { accountLinks, customers, guestRegistrations, guests, oneTimeCodes, sessions } from '../modules/accounts/accounts.tables.js';
import { cartLines, carts } from '../modules/cart/cart.tables.js';
import { createTestCatalog } from '../../test/support/fixtures.js';
import { outbox } from '../modules/notifications/notifications.tables.js';
import { orders } from '../modules/orders/orders.tables.js';
import { payments } from '../modules/payments/payments.tables.js';
import { runCleanup } from './cleanup-job.js';
import { deleteInBatches } from './delete-in-batches.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A logger that keeps what it was told, so a test can read the run's line. */
function recordingLog() {
  const lines: { level: string; obj: unknown; msg: string }[] = [];
  const at = (level: string) => (obj: unknown, msg: string) => void lines.push({ level, obj, msg });
  const log = { info: at('info'), error: at('error'), warn: at('warn'), debug: at('debug') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describeOnDatabases('the clean-up job', (ctx) => {
  const ago = (ms: number) => new Date(ctx().app.clock.nowMs() - ms);
  const later = (ms: number) => new Date(ctx().app.clock.nowMs() + ms);
  const run = (log = recordingLog().log) => runCleanup({ db: ctx().db, env: ctx().env, clock: ctx().app.clock, log });

  it('removes exactly the spent and stale rows, and never an order, a payment, or a customer’s or guest’s bag', async () => {
    const { db } = ctx();
    const c = await createTestCatalog(db, 'cleanup');
    const [customer] = await db.insert(customers).values({ phone: '+8801700000901', firstName: 'Old' }).returning();
    const guestId = crypto.randomUUID();
    await db.insert(guests).values({ id: guestId, phone: '+8801700000902' });
    const ids = async <I extends number | string>(rows: Promise<{ id: I }[]>) => (await rows).map((r) => r.id);

    const sessionRow = (token: string, createdAt: Date, expiresAt: Date, revokedAt: Date | null = null) => ({
      tokenHash: token,
      customerId: customer!.id,
      createdAt,
      expiresAt,
      revokedAt,
    });
    const [liveSession, , justExpiredSession, , justRevokedSession] = await ids(
      db
        .insert(sessions)
        .values([
          sessionRow('s-live', ago(DAY), later(29 * DAY)),
          sessionRow('s-expired', ago(40 * DAY), ago(10 * DAY)),
          sessionRow('s-just-expired', ago(30 * DAY), ago(HOUR)),
          sessionRow('s-revoked', ago(5 * DAY), later(25 * DAY), ago(2 * DAY)),
          sessionRow('s-just-revoked', ago(5 * DAY), later(25 * DAY), ago(HOUR)),
        ])
        .returning({ id: sessions.id }),
    );

    const code = (createdAt: Date, expiresAt: Date, usedAt: Date | null = null) => ({
      channel: 'sms' as const,
      target: '+8801700000901',
      codeHash: 'h',
      salt: 's',
      createdAt,
      expiresAt,
      usedAt,
    });
    const [liveCode, , , justUsedCode] = await ids(
      db
        .insert(oneTimeCodes)
        .values([
          code(ago(60_000), later(HOUR)),
          code(ago(3 * DAY), ago(3 * DAY - 5 * 60_000)),
          code(ago(2 * DAY), later(HOUR), ago(2 * DAY)),
          code(ago(HOUR), later(HOUR), ago(HOUR)),
        ])
        .returning({ id: oneTimeCodes.id }),
    );

    const link = (token: string, createdAt: Date, expiresAt: Date, usedAt: Date | null = null) => ({
      purpose: 'password_reset' as const,
      tokenHash: token,
      customerId: customer!.id,
      createdAt,
      expiresAt,
      usedAt,
    });
    const [liveLink] = await ids(
      db
        .insert(accountLinks)
        .values([
          link('l-live', ago(HOUR), later(HOUR)),
          link('l-expired', ago(5 * DAY), ago(4 * DAY)),
          link('l-used', ago(3 * DAY), later(DAY), ago(3 * DAY)),
        ])
        .returning({ id: accountLinks.id }),
    );

    await db.insert(guestRegistrations).values([
      { id: 'reg-live', phone: '+8801700000903', createdAt: ago(60_000), expiresAt: later(HOUR) },
      { id: 'reg-expired', phone: '+8801700000904', createdAt: ago(3 * DAY), expiresAt: ago(2 * DAY) },
    ]);

    const bag = (
      updatedAt: Date,
      owner: { customerId?: number; guestId?: string; tokenHash?: string },
      status: 'open' | 'merged' | 'ordered' = 'open',
    ) => ({
      ...owner,
      status,
      createdAt: updatedAt,
      updatedAt,
    });
    const [staleVisitorBag, freshVisitorBag, mergedVisitorBag, oldCustomerBag, oldGuestBag, orderedCustomerBag] = await ids(
      db
        .insert(carts)
        .values([
          bag(ago(31 * DAY), { tokenHash: 'visitor-stale' }),
          bag(ago(29 * DAY), { tokenHash: 'visitor-fresh' }),
          bag(ago(60 * DAY), {}, 'merged'),
          bag(ago(400 * DAY), { customerId: customer!.id }),
          bag(ago(400 * DAY), { guestId }),
          bag(ago(400 * DAY), { customerId: customer!.id }, 'ordered'),
        ])
        .returning({ id: carts.id }),
    );
    await db.insert(cartLines).values([
      { cartId: staleVisitorBag!, variantId: c.serum30.id, quantity: 1 },
      { cartId: oldCustomerBag!, variantId: c.serum30.id, quantity: 2 },
    ]);
    const [order] = await db
      .insert(orders)
      .values({
        number: 'GB-2401-000901',
        token: 'cleanup-order-token',
        customerId: customer!.id,
        cartId: orderedCustomerBag!,
        paymentMethod: 'bkash',
        deliveryType: 'standard',
        subtotal: 100_000,
        total: 106_000,
        createdAt: ago(400 * DAY),
        updatedAt: ago(400 * DAY),
      })
      .returning();
    await db.insert(payments).values({
      orderId: order!.id,
      provider: 'bkash',
      invoice: order!.number,
      amount: 106_000,
      status: 'failed',
      createdAt: ago(400 * DAY),
      updatedAt: ago(400 * DAY),
    });

    const message = (status: 'pending' | 'sent' | 'failed', at: Date) => ({
      channel: 'sms' as const,
      recipient: '+8801700000901',
      body: 'b',
      provider: 'outbox',
      status,
      createdAt: at,
      nextAttemptAt: at,
      sentAt: status === 'sent' ? at : null,
    });
    const [, recentSent, oldPending, oldFailed] = await ids(
      db
        .insert(outbox)
        .values([
          message('sent', ago(31 * DAY)),
          message('sent', ago(29 * DAY)),
          message('pending', ago(100 * DAY)),
          message('failed', ago(100 * DAY)),
        ])
        .returning({ id: outbox.id }),
    );

    const { log, lines } = recordingLog();
    const result = await run(log);
    expect(result).toEqual({
      counts: { sessions: 2, codes: 2, links: 2, guestRegistrations: 1, visitorBags: 2, sentOutbox: 1, rumSamples: 0 },
      failed: [],
    });
    expect(lines).toContainEqual({ level: 'info', msg: 'clean-up run', obj: expect.objectContaining({ deleted: result.counts }) });

    const left = async <T extends { id: number | string }>(rows: Promise<T[]>) => (await rows).map((r) => r.id).sort();
    const sorted = (xs: (number | string | undefined)[]) => [...xs].sort();
    expect(await left(db.select({ id: sessions.id }).from(sessions))).toEqual(
      sorted([liveSession, justExpiredSession, justRevokedSession]),
    );
    expect(await left(db.select({ id: oneTimeCodes.id }).from(oneTimeCodes))).toEqual(sorted([liveCode, justUsedCode]));
    expect(await left(db.select({ id: accountLinks.id }).from(accountLinks))).toEqual(sorted([liveLink]));
    expect(await left(db.select({ id: guestRegistrations.id }).from(guestRegistrations))).toEqual(['reg-live']);
    const bags = await left(
      db
        .select({ id: carts.id })
        .from(carts)
        .where(
          inArray(carts.id, [staleVisitorBag!, freshVisitorBag!, mergedVisitorBag!, oldCustomerBag!, oldGuestBag!, orderedCustomerBag!]),
        ),
    );
    expect(bags).toEqual(sorted([freshVisitorBag, oldCustomerBag, oldGuestBag, orderedCustomerBag]));
    expect(
      await left(
        db
          .select({ id: cartLines.cartId })
          .from(cartLines)
          .where(inArray(cartLines.cartId, [staleVisitorBag!, oldCustomerBag!])),
      ),
    ).toEqual([oldCustomerBag]);
    expect(await left(db.select({ id: outbox.id }).from(outbox))).toEqual(sorted([recentSent, oldPending, oldFailed]));
    expect((await db.select({ n: count() }).from(orders))[0]!.n).toBe(1);
    expect((await db.select({ n: count() }).from(payments))[0]!.n).toBe(1);

    // Nothing left to do: a second run (or a second process) deletes nothing.
    expect((await run()).counts).toEqual({
      sessions: 0,
      codes: 0,
      links: 0,
      guestRegistrations: 0,
      visitorBags: 0,
      sentOutbox: 0,
      rumSamples: 0,
    });

    // Two days on, the rows that were within their grace are due; customers' and guests' bags still stay.
    ctx().app.clock.advance(2 * DAY);
    expect((await run()).counts).toEqual({
      sessions: 2,
      codes: 2,
      links: 1,
      guestRegistrations: 1,
      visitorBags: 1,
      sentOutbox: 1,
      rumSamples: 0,
    });
    expect(
      await left(
        db
          .select({ id: carts.id })
          .from(carts)
          .where(inArray(carts.id, [oldCustomerBag!, oldGuestBag!, orderedCustomerBag!])),
      ),
    ).toEqual(sorted([oldCustomerBag, oldGuestBag, orderedCustomerBag]));
  });

  it('deletes a large backlog in batches, and two runs at once share it without error', async () => {
    const { db } = ctx();
    const old = ago(365 * DAY);
    await db.insert(carts).values(Array.from({ length: 25 }, (_, i) => ({ tokenHash: `backlog-${i}`, createdAt: old, updatedAt: old })));
    expect(
      await deleteInBatches(
        db,
        carts,
        carts.id,
        inArray(carts.tokenHash, ['backlog-0', 'backlog-1', 'backlog-2', 'backlog-3', 'backlog-4']),
        2,
      ),
    ).toBe(5);
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.counts.visitorBags! + b.counts.visitorBags!).toBe(20);
    expect(a.failed.concat(b.failed)).toEqual([]);
  });
});
