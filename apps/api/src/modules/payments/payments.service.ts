import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminRefundInput, AdminRefundResponse, AdminRefundsResponse } from '@store/shared/admin-refunds';
import type { PaymentMethod } from '@store/shared/checkout-rules';
import type { Env } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { stockChanged } from '../../lib/content-changes.js';
import { BkashClient, GatewayError } from './bkash-client.js';
import { gatewayConfig, publicBase } from './config.js';
import { transitionPayment } from './payment-status.js';
import { paymentEvents, payments, type Gateway } from './payments.tables.js';
import { BkashProvider } from './providers/bkash-provider.js';
import type { CallbackResult, Lifecycle, PaymentProvider, PaymentRow, SettleOutcome, StartInput } from './providers/provider.js';
import { SslCommerzProvider } from './providers/sslcommerz-provider.js';
import { reconcilePending } from './reconciler.js';
import { Refunds, type GatewayRefundInput, type ManualRefundInput, type RefundCtx, type RefundResult } from './refunds.js';
import { SslCommerzClient } from './sslcommerz-client.js';
import type { Transport } from '../../lib/http-transport.js';
import type { Notifier } from '../notifications/index.js';

export type { CallbackResult, PaymentProvider, PaymentRow, SettleOutcome, StartInput } from './providers/provider.js';

/** The order may no longer be paid (cancelled meanwhile): money that arrives anyway is refunded. */
export class OrderNotPayable extends Error {}

/**
 * What a settled payment means for the order, bag and coupon: supplied by the checkout module, which
 * orchestrates across modules. paid and failed run inside the transaction that settles the
 * payment, so the payment and the order change together or not at all.
 */
export type PaymentHooks = {
  paid(tx: Db, payment: PaymentRow, at: Date): Promise<void>;
  /** `latest`: the order's newest attempt (an older attempt that fails after a newer one started changes nothing). */
  failed(tx: Db, payment: PaymentRow, outcome: 'failed' | 'cancelled', at: Date, latest: boolean): Promise<void>;
  /** After the commit of a payment: the confirmation SMS and email. */
  afterPaid(orderId: number): Promise<void>;
};

export type PaymentsDeps = {
  db: Db;
  env: Env;
  clock: Clock;
  log: FastifyBaseLogger;
  transport: Transport;
  hooks: PaymentHooks;
  /** The shopper's message when a refund completes (queued in the refund's transaction). */
  notifier: Notifier;
};

/**
 * The lifecycle of gateway payments: an attempt is created pending with its order, its session is
 * opened by its provider (providers/), every callback and IPN is verified with the gateway
 * server-side (never trusting a browser redirect alone), and it is settled exactly once through
 * transitionPayment; refunds, and the reconciler (reconciler.ts) for attempts nobody came back from.
 */
export class Payments implements Lifecycle {
  private readonly bkash: BkashProvider | null;
  private readonly sslcommerz: SslCommerzProvider | null;
  private readonly providers: Partial<Record<Gateway, PaymentProvider>>;
  private readonly refunds: Refunds;
  readonly base: string;

  constructor(private readonly deps: PaymentsDeps) {
    const config = gatewayConfig(deps.env);
    this.base = publicBase(deps.env);
    this.bkash = config.bkash ? new BkashProvider(new BkashClient(config.bkash, deps.transport, deps.clock), this) : null;
    this.sslcommerz = config.sslcommerz
      ? new SslCommerzProvider(new SslCommerzClient(config.sslcommerz, deps.transport), config.sslcommerz.storePassword, this)
      : null;
    this.providers = { ...(this.bkash ? { bkash: this.bkash } : {}), ...(this.sslcommerz ? { sslcommerz: this.sslcommerz } : {}) };
    this.refunds = new Refunds({ ...deps, provider: (gateway) => this.provider(gateway) });
  }

  get db() {
    return this.deps.db;
  }

  get clock() {
    return this.deps.clock;
  }

  /** The attempt's gateway; one no longer configured cannot be asked (GatewayError). */
  private provider(gateway: Gateway): PaymentProvider {
    const provider = this.providers[gateway];
    if (!provider) throw new GatewayError(`${gateway === 'bkash' ? 'bKash' : 'SSLCommerz'} is not configured`);
    return provider;
  }

  /** Which methods this shop offers: cash always, a gateway when it is configured (or simulated). */
  methodAvailable(method: PaymentMethod): boolean {
    if (method === 'bkash') return this.bkash !== null;
    if (method === 'card') return this.sslcommerz !== null;
    return true;
  }

  async event(paymentId: number | null, provider: Gateway, kind: string, outcome: string, detail: Record<string, unknown> = {}) {
    await this.db.insert(paymentEvents).values({ paymentId, provider, kind, outcome, detail, createdAt: this.deps.clock.now() });
  }

  /**
   * In the order's transaction: the pending payment. SSLCommerz's tran_id is ours: the order number
   * plus a random part, so nobody can guess another shopper's and post a forged cancel for it.
   */
  async createPending(tx: Db, input: { orderId: number; method: 'bkash' | 'card'; invoice: string; amount: number }): Promise<PaymentRow> {
    const provider: Gateway = input.method === 'bkash' ? 'bkash' : 'sslcommerz';
    const reference = provider === 'sslcommerz' ? `${input.invoice}-${randomBytes(6).toString('hex')}` : null;
    const [row] = await tx
      .insert(payments)
      .values({
        orderId: input.orderId,
        provider,
        reference,
        invoice: input.invoice,
        amount: input.amount,
        createdAt: this.deps.clock.now(),
        updatedAt: this.deps.clock.now(),
      })
      .returning();
    return row!;
  }

  async paymentOfOrder(orderId: number): Promise<PaymentRow | null> {
    const [row] = await this.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).limit(1);
    return row ?? null;
  }

  /**
   * After the order is committed: opens the gateway session and returns the page the shopper pays
   * on (bkashURL or GatewayPageURL). A refusal or an unreachable gateway throws GatewayError.
   */
  async start(payment: PaymentRow, input: StartInput): Promise<string> {
    return this.provider(payment.provider).start(payment, input);
  }

  /** The gateway never opened a session: the payment (and so the order) fails at once. */
  async abandon(payment: PaymentRow, reason: string): Promise<void> {
    await this.settle(payment, 'failed', {}, reason);
  }

  async byReference(provider: Gateway, reference: string): Promise<PaymentRow | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.reference, reference)));
    return row ?? null;
  }

  /**
   * Moves a pending payment to its outcome exactly once (a conditional UPDATE: a replay or a
   * parallel callback finds nothing pending and changes nothing) and applies the order's side in
   * the same transaction. Returns whether this call made the change.
   */
  async settle(
    payment: PaymentRow,
    to: SettleOutcome,
    fields: { gatewayTrxId?: string; valId?: string },
    reason: string,
  ): Promise<boolean> {
    const at = this.deps.clock.now();
    let changed: boolean;
    try {
      changed = await this.db.transaction(async (tx) => {
        const row = await transitionPayment(tx, payment.id, { from: 'pending', to }, at, { ...fields, settledAt: at });
        if (!row) return false;
        if (to === 'paid') await this.deps.hooks.paid(tx, row, at);
        else {
          const [newest] = await tx
            .select({ id: payments.id })
            .from(payments)
            .where(eq(payments.orderId, row.orderId))
            .orderBy(desc(payments.id))
            .limit(1);
          await this.deps.hooks.failed(tx, row, to, at, newest?.id === row.id);
        }
        await tx
          .insert(paymentEvents)
          .values({ paymentId: row.id, provider: row.provider, kind: 'settle', outcome: to, detail: { reason }, createdAt: at });
        return true;
      });
    } catch (err) {
      if (err instanceof OrderNotPayable && to === 'paid') {
        await this.refundLatePayment(payment, fields);
        return false;
      }
      throw err;
    }
    // Committed: a failed or cancelled payment cancels its order, which gave the stock back.
    if (changed && to !== 'paid') stockChanged();
    if (changed && to === 'paid') {
      await this.deps.hooks
        .afterPaid(payment.orderId)
        .catch((err: unknown) => this.deps.log.warn({ err, orderId: payment.orderId }, 'order confirmation not queued'));
    }
    return changed;
  }

  /** Money confirmed for an order that was cancelled meanwhile: recorded, then given back. */
  private async refundLatePayment(payment: PaymentRow, fields: { gatewayTrxId?: string; valId?: string }) {
    const at = this.deps.clock.now();
    const row = await transitionPayment(this.db, payment.id, { from: 'pending', to: 'paid' }, at, { ...fields, settledAt: at });
    if (!row) return;
    await this.event(row.id, row.provider, 'late_payment', 'refunding', {});
    try {
      await this.provider(row.provider).refund(row, 'Order was cancelled before the payment arrived');
      await transitionPayment(this.db, row.id, { from: 'paid', to: 'refunded' }, at, { refundedAmount: row.amount });
    } catch (err) {
      // Left as paid on a cancelled order: the reconciliation report shows it for a manual refund.
      this.deps.log.error({ err, paymentId: row.id }, 'refund of a late payment failed');
    }
  }

  async current(paymentId: number): Promise<CallbackResult> {
    const [row] = await this.db
      .select({ orderId: payments.orderId, status: payments.status })
      .from(payments)
      .where(eq(payments.id, paymentId));
    return { orderId: row?.orderId ?? null, status: row?.status ?? 'rejected' };
  }

  /** The shopper is back from bKash (bkash-provider.ts verifies and settles). */
  async onBkashCallback(query: { paymentID?: string | undefined; status?: string | undefined }): Promise<CallbackResult> {
    if (!this.bkash) {
      await this.event(null, 'bkash', 'callback', 'malformed', { paymentID: query.paymentID, status: query.status });
      return { orderId: null, status: 'rejected' };
    }
    return this.bkash.onCallback(query);
  }

  /** An SSLCommerz return or IPN (sslcommerz-provider.ts verifies and settles). */
  async onSslCommerz(kind: 'success' | 'fail' | 'cancel' | 'ipn', form: Record<string, string>): Promise<CallbackResult> {
    if (!this.sslcommerz) {
      await this.event(null, 'sslcommerz', kind, 'malformed', {});
      return { orderId: null, status: 'rejected' };
    }
    return this.sslcommerz.onNotice(kind, form);
  }

  /**
   * When an unpaid order's hold ends: asks the gateway about each of its open attempts and settles
   * them (an attempt never completed fails). False when a gateway could not answer: money may have
   * been taken, so the order must wait for the next pass.
   */
  async closeAttempts(orderId: number): Promise<boolean> {
    const open = () =>
      this.db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
    // Every open attempt counts as older than now: one the gateway has as unfinished is given up.
    const now = new Date(this.deps.clock.nowMs() + 1);
    for (const p of await open()) {
      try {
        if (!p.reference) await this.settle(p, 'failed', {}, 'gateway session never opened');
        else if (this.providers[p.provider]) await this.providers[p.provider]!.check(p, null, now);
        else return false;
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err;
        this.deps.log.warn({ err, paymentId: p.id }, 'hold ended: gateway unreachable');
        return false;
      }
    }
    return (await open()).length === 0;
  }

  /**
   * The upkeep's pass (every PAYMENT_RECONCILE_SECONDS): pending payments the shopper never came
   * back from, checked with their gateways (reconciler.ts), then refunds still waiting for their
   * gateway's final word (refunds.ts).
   */
  async reconcile(): Promise<{ checked: number; settled: number; refunds: { checked: number; completed: number; failed: number } }> {
    const pending = await reconcilePending(this, this.providers, {
      holdMs: this.deps.env.PAYMENT_HOLD_MINUTES * 60_000,
      log: this.deps.log,
    });
    return { ...pending, refunds: await this.pollRefunds() };
  }

  /**
   * Gives part or all of a paid order's money back through the gateway that took it (refunds.ts):
   * completed, or requested while the gateway works on it; a refusal throws refund_not_possible.
   */
  refundOrder(ctx: RefundCtx, input: GatewayRefundInput): Promise<RefundResult> {
    return this.refunds.refundOrder(ctx, input);
  }

  /** Money given back by hand (cash on delivery or pickup), with the staff's reference: completed at once. */
  recordManualRefund(ctx: RefundCtx, input: ManualRefundInput): Promise<RefundResult> {
    return this.refunds.recordManualRefund(ctx, input);
  }

  /** Asks the gateways about refunds not final yet and completes or fails them. */
  pollRefunds(only: { orderId?: number } = {}): Promise<{ checked: number; completed: number; failed: number }> {
    return this.refunds.poll(only);
  }

  /** The back office's refund: gateway or manual by the input's method, the Idempotency-Key as its request key. */
  requestRefund(
    ctx: RefundCtx,
    orderId: number,
    input: AdminRefundInput,
    idempotencyKey: string | null,
  ): Promise<{ replayed: boolean; answer: AdminRefundResponse }> {
    return this.refunds.request(ctx, orderId, input, idempotencyKey);
  }

  /** An order's refunds and what can still be refunded, for the back office. */
  orderRefunds(ctx: Pick<RefundCtx, 'db'>, orderId: number): Promise<AdminRefundsResponse> {
    return this.refunds.list(ctx, orderId);
  }
}
