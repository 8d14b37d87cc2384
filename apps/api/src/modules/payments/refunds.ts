import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  refundMessages,
  type AdminRefund,
  type AdminRefundInput,
  type AdminRefundResponse,
  type AdminRefundsResponse,
  type Refundable,
} from '@store/shared/admin-refunds';
import { SHOP_NAME } from '@store/shared/constants';
import * as m from '@store/shared/i18n/messages';
import * as messages from '@store/shared/messages';
import { formatTaka } from '@store/shared/money';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { takaIn } from '../../lib/in-locale.js';
import type { Notifier, QueuedMessage } from '../notifications/index.js';
import { addOrderEvent, amountTaken, getOrder, lockOrder, recordOrderRefund, type OrderRow } from '../orders/index.js';
import { recordAudit, staffNames, type AuditCtx } from '../staff/index.js';
import { GatewayError } from './bkash-client.js';
import { refundAttempt } from './payment-status.js';
import { payments, refunds, type Gateway } from './payments.tables.js';
import type { PaymentProvider, PaymentRow, RefundAnswer } from './providers/provider.js';

/*
 * Refunds (issue 18 part 3): money given back on a paid order, in parts or whole, through the
 * gateway that took it (bKash, SSLCommerz) or by hand (cash on delivery, pickup) with the staff's
 * reference. A gateway refund is first written `requested` in a short transaction that locks the
 * order and sets its amount aside, so parallel refunds can never give back more than was paid; the
 * gateway is asked after the commit, outside any lock; its answer settles the refund in a second
 * transaction (completed: the attempt, the order, the timeline and the shopper's message together;
 * refused: failed, the order unchanged). An answer not final yet (SSLCommerz often says processing)
 * or lost leaves it requested: pollRefunds asks the gateway again until it is final. The request
 * key (the admin's Idempotency-Key) makes a retried request the same refund.
 */

export type RefundRow = typeof refunds.$inferSelect;

/** Who acts and from where (the audit log's context): a staff request, or the shop's own poller (no staff). */
export type RefundCtx = AuditCtx & { clock: Clock };

export type RefundsDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  notifier: Notifier;
  /** The attempt's gateway; one not configured throws GatewayError. */
  provider(gateway: Gateway): PaymentProvider;
};

export type GatewayRefundInput = { orderId: number; amount: number; reason: string; requestKey: string; staffId?: number | null };
export type ManualRefundInput = {
  orderId: number;
  amount: number;
  reason: string;
  reference: string;
  requestKey?: string;
  staffId?: number | null;
};
/** The refund, and whether it was made by an earlier request with the same key (a retry). */
export type RefundResult = { refund: RefundRow; replayed: boolean };

/** A requested refund is asked about again once nobody has touched it for this long (a request's own gateway call times out in 20 s). */
export const REFUND_POLL_AFTER_MS = 60_000;
const POLL_BATCH = 50;

/** Money the shop holds for the order: paid, partly refunded, or a COD order's delivery fee paid first. */
const PAID_ORDER = ['paid', 'partially_refunded', 'partially_paid'] as const;
const isPaid = (o: OrderRow) => (PAID_ORDER as readonly string[]).includes(o.paymentStatus);

/**
 * The request key kept and sent to the gateway (SSLCommerz refund_trans_id): the order and a digest
 * of the caller's key, short enough for any gateway field and never shared between two orders.
 */
export const refundRequestKey = (orderId: number, idempotencyKey: string | null) =>
  `R${orderId}-${idempotencyKey ? createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20) : randomBytes(10).toString('hex')}`;

/** Where an order stands for refunds: what is left, what is on its way, and the paid attempt that can give the most back. */
type Standing = { refundable: Refundable; attempt: PaymentRow | null };

async function standing(db: Db, order: OrderRow): Promise<Standing> {
  const open = await db
    .select({ paymentId: refunds.paymentId, amount: refunds.amount })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'requested')));
  const attempts = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), inArray(payments.status, ['paid', 'partially_refunded'])))
    .orderBy(desc(payments.id));
  const inProgress = open.reduce((n, r) => n + r.amount, 0);
  const left = isPaid(order) ? Math.max(0, amountTaken(order) - order.refundedAmount - inProgress) : 0;
  const gateways = attempts
    .filter((a) => a.gatewayTrxId !== null)
    .map((a) => ({
      attempt: a,
      max: a.amount - a.refundedAmount - open.filter((r) => r.paymentId === a.id).reduce((n, r) => n + r.amount, 0),
    }))
    .filter((g) => g.max > 0)
    .sort((x, y) => y.max - x.max);
  const best = gateways[0];
  // The fee of a COD order that goes ahead stays: the courier's amount (the total less the fee) counts on it.
  const feeLive = order.paymentStatus === 'partially_paid' && order.status !== 'cancelled' && order.status !== 'returned';
  const blocked = feeLive
    ? refundMessages.feeWhileLive
    : !isPaid(order)
      ? order.paymentStatus === 'refunded'
        ? refundMessages.nothingLeft
        : refundMessages.notPaid
      : left === 0
        ? inProgress > 0
          ? refundMessages.restInProgress
          : refundMessages.nothingLeft
        : null;
  return {
    refundable: {
      amount: left,
      in_progress: inProgress,
      gateway: best && left > 0 ? { provider: best.attempt.provider, max: Math.min(left, best.max) } : null,
      manual: left,
      blocked,
    },
    attempt: best?.attempt ?? null,
  };
}

/** Refuses what cannot be refunded (refund_not_possible with the message to show); for a gateway refund, the attempt to refund. */
function checkRefund(s: Standing, amount: number, method: 'gateway' | 'manual'): PaymentRow | null {
  if (!Number.isInteger(amount) || amount < 100) throw badRequest(refundMessages.amount, { amount: refundMessages.amount });
  if (amount % 100 !== 0) throw badRequest(refundMessages.wholeTaka, { amount: refundMessages.wholeTaka });
  const { refundable } = s;
  if (refundable.blocked) throw new AppError('refund_not_possible', refundable.blocked);
  if (amount > refundable.amount) {
    const message = messages.refundTooLarge(formatTaka(refundable.amount));
    throw new AppError('refund_not_possible', message, { amount: message });
  }
  if (method === 'manual') return null;
  if (!refundable.gateway || !s.attempt) throw new AppError('refund_not_possible', refundMessages.noGateway);
  if (amount > refundable.gateway.max) {
    const message = refundMessages.gatewayMax(formatTaka(refundable.gateway.max));
    throw new AppError('refund_not_possible', message, { amount: message });
  }
  return s.attempt;
}

/** What the audit log keeps of a refund. */
const auditView = (r: RefundRow) => ({
  order_id: r.orderId,
  payment_id: r.paymentId,
  method: r.method,
  amount: r.amount,
  reason: r.reason,
  status: r.status,
  reference: r.reference,
  failure: r.failure,
});

/** The shopper's SMS and e-mail about a completed refund, in the language of the order's page (issue 21). */
function refundTexts(o: OrderRow, r: RefundRow) {
  const locale = { locale: o.locale };
  const amount = takaIn(o.locale, r.amount);
  const inputs = { shop: SHOP_NAME, amount, number: o.number };
  const sms = (r.method === 'bkash' ? m.refund_sms_bkash : r.method === 'sslcommerz' ? m.refund_sms_card : m.refund_sms)(inputs, locale);
  const done = (r.method === 'bkash' ? m.refund_body_bkash : r.method === 'sslcommerz' ? m.refund_body_card : m.refund_body)(
    inputs,
    locale,
  );
  const body = [
    o.contactName ? m.refund_hello_name({ name: o.contactName }, locale) : m.refund_hello({}, locale),
    '',
    r.method === 'sslcommerz' ? `${done}\n${m.refund_card_days({}, locale)}` : done,
    m.refund_so_far({ refunded: takaIn(o.locale, o.refundedAmount), total: takaIn(o.locale, o.total) }, locale),
    '',
    SHOP_NAME,
  ].join('\n');
  return { sms, email: { subject: m.refund_subject({ shop: SHOP_NAME, number: o.number }, locale), body } };
}

export class Refunds {
  constructor(private readonly deps: RefundsDeps) {}

  private async byKey(db: Db, requestKey: string): Promise<RefundRow | null> {
    const [row] = await db.select().from(refunds).where(eq(refunds.requestKey, requestKey));
    return row ?? null;
  }

  private async byId(db: Db, id: number): Promise<RefundRow> {
    const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
    return row!;
  }

  /** A repeat of a request (same key): the refund it made; another refund under the same key is refused. */
  private replay(existing: RefundRow, input: { orderId: number; amount: number }, manual: boolean): RefundResult {
    if (existing.orderId !== input.orderId || existing.amount !== input.amount || (existing.method === 'manual') !== manual)
      throw new AppError('idempotency_key_reused', 'This Idempotency-Key was already used for another refund');
    if (existing.status === 'failed') throw new AppError('refund_not_possible', existing.failure ?? 'The gateway refused the refund');
    return { refund: existing, replayed: true };
  }

  /**
   * Gives `amount` poisha of a paid order back through the gateway that took it. Answers the refund
   * completed, or requested while the gateway works on it (or did not answer): the poller finishes
   * it. A refusal marks it failed and throws refund_not_possible with the gateway's reason.
   */
  async refundOrder(ctx: RefundCtx, input: GatewayRefundInput): Promise<RefundResult> {
    const staffId = input.staffId ?? ctx.staff?.id ?? null;
    const existing = await this.byKey(ctx.db, input.requestKey);
    if (existing) return this.replay(existing, input, false);
    const at = ctx.clock.now();
    const claimed = await ctx.db.transaction(async (tx) => {
      const order = await lockOrder({ db: tx }, input.orderId);
      if (!order) throw new AppError('order_not_found', messages.orderNotFound());
      const attempt = checkRefund(await standing(tx, order), input.amount, 'gateway')!;
      try {
        this.deps.provider(attempt.provider);
      } catch (err) {
        if (err instanceof GatewayError) throw new AppError('refund_not_possible', err.message);
        throw err;
      }
      const [row] = await tx
        .insert(refunds)
        .values({
          orderId: order.id,
          paymentId: attempt.id,
          method: attempt.provider,
          amount: input.amount,
          reason: input.reason,
          status: 'requested',
          requestKey: input.requestKey,
          staffId,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing({ target: refunds.requestKey })
        .returning();
      // A parallel request with the same key got there first.
      if (!row) return null;
      await addOrderEvent(
        { db: tx },
        order.id,
        { kind: 'refund', what: 'requested', reason: input.reason, detail: { refund_id: row.id, method: row.method, amount: row.amount } },
        at,
        { staffId },
      );
      await recordAudit({ ...ctx, db: tx }, { action: 'refund.request', entity: 'refund', entityId: row.id, after: auditView(row) });
      return { row, attempt };
    });
    if (!claimed) return this.replay((await this.byKey(ctx.db, input.requestKey))!, input, false);

    // Committed, the amount set aside: now the gateway, with no lock held.
    let answer: RefundAnswer | null = null;
    try {
      answer = await this.deps.provider(claimed.attempt.provider).refundPart(claimed.attempt, {
        amount: input.amount,
        reason: input.reason,
        requestKey: input.requestKey,
      });
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      // Nothing is known: left requested, the poller asks the gateway.
      this.deps.log.warn({ err, refundId: claimed.row.id }, 'refund: gateway did not answer');
    }
    const refund = answer ? await this.settle(ctx, claimed.row, answer) : claimed.row;
    if (refund.status === 'failed') throw new AppError('refund_not_possible', refund.failure ?? 'The gateway refused the refund');
    return { refund, replayed: false };
  }

  /** Money given back by hand (cash on delivery, pickup, a bKash send-money): completed at once with the staff's reference. */
  async recordManualRefund(ctx: RefundCtx, input: ManualRefundInput): Promise<RefundResult> {
    const reference = input.reference.trim();
    if (!reference) throw badRequest(refundMessages.reference, { reference: refundMessages.reference });
    const staffId = input.staffId ?? ctx.staff?.id ?? null;
    const requestKey = input.requestKey ?? refundRequestKey(input.orderId, null);
    const existing = await this.byKey(ctx.db, requestKey);
    if (existing) return this.replay(existing, input, true);
    const at = ctx.clock.now();
    const row = await ctx.db.transaction(async (tx) => {
      const order = await lockOrder({ db: tx }, input.orderId);
      if (!order) throw new AppError('order_not_found', messages.orderNotFound());
      checkRefund(await standing(tx, order), input.amount, 'manual');
      const [r] = await tx
        .insert(refunds)
        .values({
          orderId: order.id,
          paymentId: null,
          method: 'manual',
          amount: input.amount,
          reason: input.reason,
          status: 'completed',
          reference,
          requestKey,
          staffId,
          createdAt: at,
          updatedAt: at,
          completedAt: at,
        })
        .onConflictDoNothing({ target: refunds.requestKey })
        .returning();
      if (!r) return null;
      await this.applyToOrder(tx, r, at);
      await recordAudit({ ...ctx, db: tx }, { action: 'refund.record', entity: 'refund', entityId: r.id, after: auditView(r) });
      return r;
    });
    if (!row) return this.replay((await this.byKey(ctx.db, requestKey))!, input, true);
    return { refund: row, replayed: false };
  }

  /** A completed refund on the order's side: its refunded amount and payment status, the timeline, the shopper's SMS and e-mail (queued in the same transaction). */
  private async applyToOrder(tx: Db, r: RefundRow, at: Date): Promise<void> {
    const detail = { refund_id: r.id, method: r.method, amount: r.amount, reference: r.reference };
    const { order } = await recordOrderRefund({ db: tx }, r.orderId, r.amount, `refund: ${r.reason}`, at, { staffId: r.staffId, detail });
    await addOrderEvent({ db: tx }, r.orderId, { kind: 'refund', what: 'completed', reason: r.reason, detail }, at, { staffId: r.staffId });
    const { sms, email } = refundTexts(order, r);
    const queued: QueuedMessage[] = [];
    if (order.contactPhone?.startsWith('+8801')) queued.push({ channel: 'sms', to: order.contactPhone, body: sms });
    if (order.contactEmail) queued.push({ channel: 'email', to: order.contactEmail, subject: email.subject, body: email.body });
    if (!queued.length) return;
    await this.deps.notifier.queueIn({ db: tx }, queued);
    await addOrderEvent(
      { db: tx },
      r.orderId,
      {
        kind: 'message',
        what: 'refunded',
        reason: `the shopper was told: ${sms}`,
        detail: { refund_id: r.id, channels: queued.map((m) => m.channel) },
      },
      at,
    );
  }

  /** Applies a gateway's answer to a requested refund, once (a conditional update: the request and the poller may both try). */
  private async settle(ctx: RefundCtx, row: RefundRow, answer: RefundAnswer): Promise<RefundRow> {
    const at = ctx.clock.now();
    if (answer.state === 'processing') {
      const [r] = await ctx.db
        .update(refunds)
        .set({ reference: answer.reference ?? row.reference, checkedAt: at, updatedAt: at })
        .where(and(eq(refunds.id, row.id), eq(refunds.status, 'requested')))
        .returning();
      return r ?? this.byId(ctx.db, row.id);
    }
    const done = await ctx.db.transaction(async (tx) => {
      // The order first, as every refund transaction locks it: one order of locks, no deadlock.
      await lockOrder({ db: tx }, row.orderId);
      const [r] = await tx
        .update(refunds)
        .set(
          answer.state === 'completed'
            ? { status: 'completed', reference: answer.reference ?? row.reference, completedAt: at, checkedAt: at, updatedAt: at }
            : { status: 'failed', failure: answer.reason.slice(0, 500), checkedAt: at, updatedAt: at },
        )
        .where(and(eq(refunds.id, row.id), eq(refunds.status, 'requested')))
        .returning();
      if (!r) return null;
      if (r.status === 'completed') {
        if (r.paymentId !== null) await refundAttempt(tx, r.paymentId, r.amount, at);
        await this.applyToOrder(tx, r, at);
      } else {
        await addOrderEvent(
          { db: tx },
          r.orderId,
          {
            kind: 'refund',
            what: 'failed',
            reason: r.reason,
            detail: { refund_id: r.id, method: r.method, amount: r.amount, failure: r.failure },
          },
          at,
          { staffId: r.staffId },
        );
      }
      await recordAudit(
        { ...ctx, db: tx },
        {
          action: r.status === 'completed' ? 'refund.complete' : 'refund.fail',
          entity: 'refund',
          entityId: r.id,
          before: auditView(row),
          after: auditView(r),
        },
      );
      return r;
    });
    return done ?? this.byId(ctx.db, row.id);
  }

  /**
   * Requested refunds nobody has touched for REFUND_POLL_AFTER_MS, oldest first: each is asked
   * about at its gateway and completed or failed on a final answer; still processing, or the
   * gateway down, it waits for the next pass. Run by the payments reconciliation, and for one
   * order at once when staff ask (Check with the gateway).
   */
  async poll(only: { orderId?: number } = {}): Promise<{ checked: number; completed: number; failed: number }> {
    const { db, clock } = this.deps;
    const ctx: RefundCtx = { db, clock, staff: null };
    // Staff asking about one order's refunds ask now about those the gateway gave a reference. One
    // without (its answer lost, or its request still in flight) waits its minute even then: asked
    // too early, bKash's status would not show it yet and it would be failed while bKash makes it.
    const untouchedAMinute = lt(refunds.updatedAt, new Date(clock.nowMs() - REFUND_POLL_AFTER_MS));
    const due = await db
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.status, 'requested'),
          only.orderId === undefined
            ? untouchedAMinute
            : and(eq(refunds.orderId, only.orderId), or(isNotNull(refunds.reference), untouchedAMinute)),
        ),
      )
      .orderBy(asc(refunds.updatedAt))
      .limit(POLL_BATCH);
    let completed = 0;
    let failed = 0;
    for (const row of due) {
      try {
        if (row.paymentId === null) continue;
        const [attempt] = await db.select().from(payments).where(eq(payments.id, row.paymentId));
        const others = await db
          .select({ reference: refunds.reference })
          .from(refunds)
          .where(and(eq(refunds.paymentId, row.paymentId), ne(refunds.id, row.id), isNotNull(refunds.reference)));
        const answer = await this.deps.provider(attempt!.provider).refundStatus(attempt!, {
          amount: row.amount,
          reason: row.reason,
          requestKey: row.requestKey,
          reference: row.reference,
          otherReferences: others.flatMap((o) => (o.reference ? [o.reference] : [])),
        });
        const settled = await this.settle(ctx, row, answer);
        if (settled.status === 'completed') completed++;
        if (settled.status === 'failed') failed++;
      } catch (err) {
        // Asked again at the next pass; touched so the others get their turn first.
        const at = clock.now();
        await db
          .update(refunds)
          .set({ checkedAt: at, updatedAt: at })
          .where(and(eq(refunds.id, row.id), eq(refunds.status, 'requested')));
        if (err instanceof GatewayError) this.deps.log.warn({ err, refundId: row.id }, 'refund status: gateway did not answer');
        else this.deps.log.error({ err, refundId: row.id }, 'refund status: could not be settled');
      }
    }
    return { checked: due.length, completed, failed };
  }

  /**
   * The back office's refund (POST /admin/orders/{id}/refunds/): through the gateway or by hand, the
   * Idempotency-Key making a retry the same refund; answers the refund with the order's state after it.
   */
  async request(
    ctx: RefundCtx,
    orderId: number,
    input: AdminRefundInput,
    idempotencyKey: string | null,
  ): Promise<{ replayed: boolean; answer: AdminRefundResponse }> {
    const requestKey = refundRequestKey(orderId, idempotencyKey);
    const { amount, reason, reference, method } = input;
    const { refund, replayed } =
      method === 'manual'
        ? await this.recordManualRefund(ctx, { orderId, amount, reason, reference: reference ?? '', requestKey })
        : await this.refundOrder(ctx, { orderId, amount, reason, requestKey });
    const { data, ...state } = await this.list(ctx, orderId);
    return { replayed, answer: { data: data.find((r) => r.id === refund.id) ?? toAdminRefund(refund, new Map()), ...state } };
  }

  /** The order's refunds, newest first, with what can still be refunded and how (the back office's refund dialog). */
  async list(ctx: Pick<RefundCtx, 'db'>, orderId: number): Promise<AdminRefundsResponse> {
    const order = await getOrder(ctx, orderId);
    if (!order) throw new AppError('order_not_found', messages.orderNotFound());
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(desc(refunds.id));
    const names = await staffNames(
      ctx,
      rows.flatMap((r) => (r.staffId === null ? [] : [r.staffId])),
    );
    return {
      data: rows.map((r) => toAdminRefund(r, names)),
      order: {
        id: order.id,
        number: order.number,
        total: order.total,
        refunded_amount: order.refundedAmount,
        payment_status: order.paymentStatus,
        payment_method: order.paymentMethod,
      },
      refundable: (await standing(ctx.db, order)).refundable,
    };
  }
}

export function toAdminRefund(r: RefundRow, names: ReadonlyMap<number, string>): AdminRefund {
  return {
    id: r.id,
    method: r.method,
    amount: r.amount,
    reason: r.reason,
    status: r.status,
    reference: r.reference,
    failure: r.failure,
    staff: r.staffId === null ? null : { id: r.staffId, name: names.get(r.staffId) ?? null },
    created_at: r.createdAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
    checked_at: r.checkedAt?.toISOString() ?? null,
  };
}
