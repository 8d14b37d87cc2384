import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentMethod } from '@store/shared/checkout-rules';
import type { Env } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { contentChanged } from '../../lib/content-changes.js';
import { AppError } from '../../lib/errors.js';
import { BKASH_OK, BkashClient, GatewayError, poishaOf } from './bkash-client.js';
import { gatewayConfig, publicBase } from './config.js';
import { paymentEvents, payments, type Gateway, type GatewayPaymentStatus } from './payments.tables.js';
import { SslCommerzClient, verifySslSign, type SslInitRequest, type SslValidation } from './sslcommerz-client.js';
import type { Transport } from './transport.js';

export type PaymentRow = typeof payments.$inferSelect;
export type SettleOutcome = 'paid' | 'failed' | 'cancelled';

/** The order may no longer be paid (cancelled meanwhile): money that arrives anyway is refunded. */
export class OrderNotPayable extends Error {}

/**
 * What a settled payment means for the order, bag and coupon: supplied by the checkout module, which
 * orchestrates across modules. paid/failed/refunded run inside the transaction that settles the
 * payment, so the payment and the order change together or not at all.
 */
export type PaymentHooks = {
  paid(tx: Db, payment: PaymentRow, at: Date): Promise<void>;
  failed(tx: Db, payment: PaymentRow, outcome: 'failed' | 'cancelled', at: Date): Promise<void>;
  refunded(tx: Db, payment: PaymentRow, at: Date): Promise<void>;
  /** After the commit of a payment: the confirmation SMS and email. */
  afterPaid(orderId: number): Promise<void>;
};

/** What a callback, IPN or check came to: the order it concerns (null when unknown) and where its payment stands. */
export type CallbackResult = { orderId: number | null; status: GatewayPaymentStatus | 'rejected' };

export type StartInput = {
  payerReference: string;
  customer: SslInitRequest['customer'];
  shipTo: SslInitRequest['shipTo'];
  productName: string;
  numItems: number;
  multiCardName: string;
};

const SSL_VALID = new Set(['VALID', 'VALIDATED']);
const BKASH_TERMINAL: Record<string, SettleOutcome> = { Cancelled: 'cancelled', Failed: 'failed', Expired: 'failed', Declined: 'failed' };

/** A pending payment is checked with its gateway after this long, and given up after ABANDONED_MS. */
const RECONCILE_AFTER_MS = 10 * 60_000;
const ABANDONED_MS = 60 * 60_000;

export type PaymentsDeps = { db: Db; env: Env; clock: Clock; log: FastifyBaseLogger; transport: Transport; hooks: PaymentHooks };

/**
 * Gateway payments: starting them, verifying every callback and IPN with the gateway server-side
 * (never trusting a browser redirect alone), settling each exactly once, refunds and reconciliation.
 */
export class Payments {
  readonly bkash: BkashClient | null;
  readonly sslcommerz: SslCommerzClient | null;
  private readonly storePassword: string | null;

  constructor(private readonly deps: PaymentsDeps) {
    const config = gatewayConfig(deps.env);
    this.bkash = config.bkash ? new BkashClient(config.bkash, deps.transport, deps.clock) : null;
    this.sslcommerz = config.sslcommerz ? new SslCommerzClient(config.sslcommerz, deps.transport) : null;
    this.storePassword = config.sslcommerz?.storePassword ?? null;
  }

  private get db() {
    return this.deps.db;
  }

  /** Which methods this shop offers: cash always, a gateway when it is configured (or simulated). */
  methodAvailable(method: PaymentMethod): boolean {
    if (method === 'bkash') return this.bkash !== null;
    if (method === 'card') return this.sslcommerz !== null;
    return true;
  }

  private async event(paymentId: number | null, provider: Gateway, kind: string, outcome: string, detail: Record<string, unknown> = {}) {
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
    const base = publicBase(this.deps.env);
    if (payment.provider === 'bkash') {
      if (!this.bkash) throw new GatewayError('bKash is not configured');
      const res = await this.bkash.createPayment({
        amount: payment.amount,
        invoice: payment.invoice,
        payerReference: input.payerReference,
        callbackURL: `${base}/payments/bkash/callback/`,
      });
      await this.event(payment.id, 'bkash', 'create', res.statusCode, {
        paymentID: res.paymentID,
        transactionStatus: res.transactionStatus,
        statusMessage: res.statusMessage,
      });
      if (res.statusCode !== BKASH_OK || !res.paymentID || !res.bkashURL)
        throw new GatewayError(`bKash create: ${res.statusCode} ${res.statusMessage}`);
      await this.db
        .update(payments)
        .set({ reference: res.paymentID, redirectUrl: res.bkashURL, updatedAt: this.deps.clock.now() })
        .where(eq(payments.id, payment.id));
      return res.bkashURL;
    }
    if (!this.sslcommerz) throw new GatewayError('SSLCommerz is not configured');
    const res = await this.sslcommerz.initSession({
      tranId: payment.reference!,
      amount: payment.amount,
      successUrl: `${base}/payments/sslcommerz/success/`,
      failUrl: `${base}/payments/sslcommerz/fail/`,
      cancelUrl: `${base}/payments/sslcommerz/cancel/`,
      ipnUrl: `${base}/payments/sslcommerz/ipn/`,
      multiCardName: input.multiCardName,
      customer: input.customer,
      shipTo: input.shipTo,
      productName: input.productName,
      numItems: input.numItems,
      valueA: payment.invoice,
    });
    await this.event(payment.id, 'sslcommerz', 'init', res.status, { sessionkey: res.sessionkey, failedreason: res.failedreason });
    if (res.status !== 'SUCCESS' || !res.GatewayPageURL) throw new GatewayError(`SSLCommerz init: ${res.failedreason}`);
    await this.db
      .update(payments)
      .set({ redirectUrl: res.GatewayPageURL, updatedAt: this.deps.clock.now() })
      .where(eq(payments.id, payment.id));
    return res.GatewayPageURL;
  }

  /** The gateway never opened a session: the payment (and so the order) fails at once. */
  async abandon(payment: PaymentRow, reason: string): Promise<void> {
    await this.settle(payment, 'failed', {}, reason);
  }

  private async byReference(provider: Gateway, reference: string): Promise<PaymentRow | null> {
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
  private async settle(
    payment: PaymentRow,
    to: SettleOutcome,
    fields: { gatewayTrxId?: string; valId?: string },
    reason: string,
  ): Promise<boolean> {
    const at = this.deps.clock.now();
    let changed: boolean;
    try {
      changed = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(payments)
          .set({ status: to, settledAt: at, updatedAt: at, ...fields })
          .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
          .returning();
        if (!row) return false;
        if (to === 'paid') await this.deps.hooks.paid(tx, row, at);
        else await this.deps.hooks.failed(tx, row, to, at);
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
    if (changed && to !== 'paid') contentChanged();
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
    const [row] = await this.db
      .update(payments)
      .set({ status: 'paid', settledAt: at, updatedAt: at, ...fields })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning();
    if (!row) return;
    await this.event(row.id, row.provider, 'late_payment', 'refunding', {});
    try {
      await this.gatewayRefund(row, 'Order was cancelled before the payment arrived');
      await this.db.update(payments).set({ status: 'refunded', refundedAmount: row.amount, updatedAt: at }).where(eq(payments.id, row.id));
    } catch (err) {
      // Left as paid on a cancelled order: the reconciliation report shows it for a manual refund.
      this.deps.log.error({ err, paymentId: row.id }, 'refund of a late payment failed');
    }
  }

  private async current(paymentId: number): Promise<CallbackResult> {
    const [row] = await this.db
      .select({ orderId: payments.orderId, status: payments.status })
      .from(payments)
      .where(eq(payments.id, paymentId));
    return { orderId: row?.orderId ?? null, status: row?.status ?? 'rejected' };
  }

  // ----------------------------------------------------------------------------------------------
  // bKash

  private bkashMatches(
    payment: PaymentRow,
    r: { paymentID?: string; amount?: string; currency?: string; merchantInvoiceNumber?: string; merchantInvoice?: string },
  ): boolean {
    const invoice = r.merchantInvoiceNumber ?? r.merchantInvoice;
    return (
      r.paymentID === payment.reference && poishaOf(r.amount) === payment.amount && r.currency === 'BDT' && invoice === payment.invoice
    );
  }

  /**
   * The shopper is back from bkashURL with ?paymentID&status. success: execute server-side (a
   * replayed execute answers 'already called', and the status query then decides); failure or
   * cancel: the status query decides. Only a Completed payment of the right amount, currency and
   * invoice is paid.
   */
  async onBkashCallback(query: { paymentID?: string | undefined; status?: string | undefined }): Promise<CallbackResult> {
    const { paymentID, status } = query;
    if (!this.bkash || !paymentID || !status || !['success', 'failure', 'cancel'].includes(status)) {
      await this.event(null, 'bkash', 'callback', 'malformed', { paymentID, status });
      return { orderId: null, status: 'rejected' };
    }
    const payment = await this.byReference('bkash', paymentID);
    if (!payment) {
      await this.event(null, 'bkash', 'callback', 'unknown_payment', { paymentID, status });
      return { orderId: null, status: 'rejected' };
    }
    if (payment.status !== 'pending') {
      await this.event(payment.id, 'bkash', 'callback', 'replay', { status });
      return { orderId: payment.orderId, status: payment.status };
    }
    try {
      if (status === 'success') {
        const exec = await this.bkash.executePayment(paymentID);
        await this.event(payment.id, 'bkash', 'execute', exec.statusCode, {
          transactionStatus: exec.transactionStatus,
          trxID: exec.trxID,
          amount: exec.amount,
        });
        if (exec.statusCode === BKASH_OK && exec.transactionStatus === 'Completed')
          return await this.bkashCompleted(payment, exec, 'bKash payment executed');
      }
      return await this.bkashCheck(payment, status === 'cancel' ? 'cancelled' : status === 'failure' ? 'failed' : null);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      await this.event(payment.id, 'bkash', 'callback', 'gateway_unreachable', { message: err.message });
      return { orderId: payment.orderId, status: 'pending' };
    }
  }

  private async bkashCompleted(
    payment: PaymentRow,
    r: { trxID?: string } & Parameters<Payments['bkashMatches']>[1],
    reason: string,
  ): Promise<CallbackResult> {
    if (!this.bkashMatches(payment, r)) {
      await this.event(payment.id, 'bkash', 'verify', 'mismatch', {
        amount: r.amount,
        currency: r.currency,
        invoice: r.merchantInvoiceNumber ?? r.merchantInvoice,
      });
      return { orderId: payment.orderId, status: 'rejected' };
    }
    await this.settle(payment, 'paid', r.trxID ? { gatewayTrxId: r.trxID } : {}, reason);
    return this.current(payment.id);
  }

  /** Asks bKash where the payment stands and settles on a final answer; `fallback` when the shopper says cancelled or failed. */
  private async bkashCheck(payment: PaymentRow, fallback: SettleOutcome | null, abandonIfOlderThan?: Date): Promise<CallbackResult> {
    const q = await this.bkash!.queryPayment(payment.reference!);
    await this.event(payment.id, 'bkash', 'query', q.statusCode, { transactionStatus: q.transactionStatus, trxID: q.trxID });
    if (q.statusCode === BKASH_OK && q.transactionStatus === 'Completed')
      return this.bkashCompleted(payment, q, 'bKash status query: Completed');
    const terminal = q.statusCode === BKASH_OK ? BKASH_TERMINAL[q.transactionStatus] : undefined;
    // Not completed: bKash's final word, else what the shopper's return said (a cancelled session stays 'Initiated' there).
    const outcome = terminal ?? fallback;
    if (outcome) await this.settle(payment, outcome, {}, `bKash: ${q.transactionStatus}`);
    else if (abandonIfOlderThan && payment.createdAt < abandonIfOlderThan)
      await this.settle(payment, 'failed', {}, 'bKash payment never completed');
    return this.current(payment.id);
  }

  // ----------------------------------------------------------------------------------------------
  // SSLCommerz

  private sslMatches(payment: PaymentRow, v: SslValidation): boolean {
    const currency = v.currency_type ?? v.currency;
    return (
      SSL_VALID.has(v.status) &&
      v.tran_id === payment.reference &&
      poishaOf(v.amount) === payment.amount &&
      v.currency === 'BDT' &&
      currency === 'BDT'
    );
  }

  private async sslValidated(payment: PaymentRow, valId: string, reason: string): Promise<CallbackResult> {
    const v = await this.sslcommerz!.validate(valId);
    await this.event(payment.id, 'sslcommerz', 'validate', v.status, {
      val_id: valId,
      amount: v.amount,
      currency: v.currency,
      tran_id: v.tran_id,
    });
    if (!this.sslMatches(payment, v)) {
      await this.event(payment.id, 'sslcommerz', 'verify', 'mismatch', { status: v.status, amount: v.amount, tran_id: v.tran_id });
      return { orderId: payment.orderId, status: 'rejected' };
    }
    await this.settle(payment, 'paid', { ...(v.bank_tran_id ? { gatewayTrxId: v.bank_tran_id } : {}), valId }, reason);
    return this.current(payment.id);
  }

  /** The transactions SSLCommerz has for the tran_id decide: a valid one is validated and paid; a failed or cancelled one settles. */
  private async sslCheck(payment: PaymentRow, fallback: SettleOutcome | null, abandonIfOlderThan?: Date): Promise<CallbackResult> {
    const q = await this.sslcommerz!.queryByTranId(payment.reference!);
    const elements = q.APIConnect === 'DONE' ? (q.element ?? []) : [];
    await this.event(payment.id, 'sslcommerz', 'query', q.APIConnect, { statuses: elements.map((e) => e.status) });
    const valid = elements.find((e) => SSL_VALID.has(e.status));
    if (valid) return this.sslValidated(payment, valid.val_id, 'SSLCommerz transaction query: VALID');
    const last = elements.at(-1)?.status;
    const terminal: SettleOutcome | null = last === 'CANCELLED' ? 'cancelled' : last === 'FAILED' || last === 'EXPIRED' ? 'failed' : null;
    const outcome = terminal ?? fallback;
    if (q.APIConnect === 'DONE' && outcome) await this.settle(payment, outcome, {}, `SSLCommerz: ${last ?? 'no transaction'}`);
    else if (q.APIConnect === 'DONE' && abandonIfOlderThan && payment.createdAt < abandonIfOlderThan)
      await this.settle(payment, 'failed', {}, 'SSLCommerz payment never completed');
    return this.current(payment.id);
  }

  /**
   * A return (success, fail, cancel: the shopper's browser) or the IPN (SSLCommerz's server). A
   * VALID one must carry a good verify_sign and is then validated with val_id; failed and cancelled
   * ones are checked against the transaction query before anything changes.
   */
  async onSslCommerz(kind: 'success' | 'fail' | 'cancel' | 'ipn', form: Record<string, string>): Promise<CallbackResult> {
    const tranId = form.tran_id;
    if (!this.sslcommerz || !tranId) {
      await this.event(null, 'sslcommerz', kind, 'malformed', {});
      return { orderId: null, status: 'rejected' };
    }
    const claimsValid = SSL_VALID.has(form.status ?? '');
    // A signature that is there must be right, whatever the status; a VALID claim must carry one.
    if ((claimsValid || form.verify_sign) && !verifySslSign(form, this.storePassword!)) {
      await this.event(null, 'sslcommerz', kind, 'bad_signature', { tran_id: tranId, status: form.status });
      return { orderId: null, status: 'rejected' };
    }
    const payment = await this.byReference('sslcommerz', tranId);
    if (!payment) {
      await this.event(null, 'sslcommerz', kind, 'unknown_transaction', { tran_id: tranId, status: form.status });
      return { orderId: null, status: 'rejected' };
    }
    if (payment.status !== 'pending') {
      await this.event(payment.id, 'sslcommerz', kind, 'replay', { status: form.status });
      return { orderId: payment.orderId, status: payment.status };
    }
    try {
      if (claimsValid && (kind === 'success' || kind === 'ipn') && form.val_id)
        return await this.sslValidated(payment, form.val_id, `SSLCommerz ${kind}: validated`);
      const fallback: SettleOutcome = kind === 'cancel' || form.status === 'CANCELLED' ? 'cancelled' : 'failed';
      return await this.sslCheck(payment, kind === 'success' ? null : fallback);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      await this.event(payment.id, 'sslcommerz', kind, 'gateway_unreachable', { message: err.message });
      return { orderId: payment.orderId, status: 'pending' };
    }
  }

  // ----------------------------------------------------------------------------------------------
  // Refunds and reconciliation

  private async gatewayRefund(payment: PaymentRow, reason: string): Promise<void> {
    const amount = payment.amount - payment.refundedAmount;
    if (payment.provider === 'bkash') {
      if (!this.bkash || !payment.reference || !payment.gatewayTrxId) throw new GatewayError('bKash refund: payment not executed');
      const r = await this.bkash.refund({
        paymentID: payment.reference,
        trxID: payment.gatewayTrxId,
        amount,
        sku: payment.invoice,
        reason,
      });
      await this.event(payment.id, 'bkash', 'refund', r.statusCode, { refundTrxID: r.refundTrxID, transactionStatus: r.transactionStatus });
      if (r.statusCode !== BKASH_OK || r.transactionStatus !== 'Completed')
        throw new GatewayError(`bKash refund: ${r.statusCode} ${r.statusMessage}`);
      return;
    }
    if (!this.sslcommerz || !payment.gatewayTrxId) throw new GatewayError('SSLCommerz refund: no bank transaction');
    const r = await this.sslcommerz.refund({ bankTranId: payment.gatewayTrxId, amount, remarks: reason, refId: payment.invoice });
    await this.event(payment.id, 'sslcommerz', 'refund', r.status, { refund_ref_id: r.refund_ref_id, errorReason: r.errorReason });
    if (r.APIConnect !== 'DONE' || r.status !== 'success') throw new GatewayError(`SSLCommerz refund: ${r.errorReason || r.status}`);
  }

  /** Gives a paid order's money back through its gateway; the order's payment becomes refunded. */
  async refund(orderId: number, reason: string): Promise<PaymentRow> {
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')));
    if (!payment) throw new AppError('conflict', 'This order has no paid online payment to refund');
    try {
      await this.gatewayRefund(payment, reason);
    } catch (err) {
      if (err instanceof GatewayError) throw new AppError('payment_failed', err.message);
      throw err;
    }
    const at = this.deps.clock.now();
    const refunded = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(payments)
        .set({ status: 'refunded', refundedAmount: payment.amount, updatedAt: at })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'paid')))
        .returning();
      if (!row) throw new AppError('conflict', 'The payment was refunded already');
      await this.deps.hooks.refunded(tx, row, at);
      return row;
    });
    // Committed: a refund cancels an order not yet shipped, which gave the stock back.
    contentChanged();
    return refunded;
  }

  /**
   * Pending payments the shopper never came back from: after RECONCILE_AFTER_MS each is checked
   * with its gateway (paid, failed or cancelled there settles it here); after ABANDONED_MS one the
   * gateway still has as unfinished is given up, which gives its stock back.
   */
  async reconcile(): Promise<{ checked: number; settled: number }> {
    const now = this.deps.clock.nowMs();
    const rows = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, new Date(now - RECONCILE_AFTER_MS))))
      .orderBy(asc(payments.id))
      .limit(50);
    let settled = 0;
    const abandoned = new Date(now - ABANDONED_MS);
    for (const p of rows) {
      try {
        let result: CallbackResult;
        if (!p.reference) {
          // The gateway session was never opened (the process stopped between commit and create).
          await this.settle(p, 'failed', {}, 'gateway session never opened');
          result = await this.current(p.id);
        } else if (p.provider === 'bkash' && this.bkash) result = await this.bkashCheck(p, null, abandoned);
        else if (p.provider === 'sslcommerz' && this.sslcommerz) result = await this.sslCheck(p, null, abandoned);
        else continue;
        if (result.status !== 'pending') settled++;
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err;
        this.deps.log.warn({ err, paymentId: p.id }, 'reconciliation: gateway unreachable');
      }
    }
    return { checked: rows.length, settled };
  }
}
