import { and, asc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { GatewayError } from './bkash-client.js';
import { payments, type Gateway } from './payments.tables.js';
import type { CallbackResult, Lifecycle, PaymentProvider } from './providers/provider.js';

/** A pending payment is checked with its gateway after this long; it is given up when its order's hold ends (PAYMENT_HOLD_MINUTES). */
const RECONCILE_AFTER_MS = 5 * 60_000;

/**
 * Pending payments the shopper never came back from: after RECONCILE_AFTER_MS each is checked
 * with its gateway (paid, failed or cancelled there settles it here); after the hold one the
 * gateway still has as unfinished is given up, which gives its stock back.
 */
export async function reconcilePending(
  life: Lifecycle,
  providers: Partial<Record<Gateway, PaymentProvider>>,
  options: { holdMs: number; log: FastifyBaseLogger },
): Promise<{ checked: number; settled: number }> {
  const now = life.clock.nowMs();
  const rows = await life.db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, new Date(now - RECONCILE_AFTER_MS))))
    .orderBy(asc(payments.id))
    .limit(50);
  let settled = 0;
  const abandoned = new Date(now - options.holdMs);
  for (const p of rows) {
    try {
      let result: CallbackResult;
      const provider = providers[p.provider];
      if (!p.reference) {
        // The gateway session was never opened (the process stopped between commit and create).
        await life.settle(p, 'failed', {}, 'gateway session never opened');
        result = await life.current(p.id);
      } else if (provider) result = await provider.check(p, null, abandoned);
      else continue;
      if (result.status !== 'pending') settled++;
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      options.log.warn({ err, paymentId: p.id }, 'reconciliation: gateway unreachable');
    }
  }
  return { checked: rows.length, settled };
}
