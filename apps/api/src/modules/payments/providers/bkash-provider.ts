import { eq } from 'drizzle-orm';
import { BKASH_OK, GatewayError, poishaOf, type BkashClient } from '../bkash-client.js';
import { payments } from '../payments.tables.js';
import type {
  CallbackResult,
  Lifecycle,
  PaymentProvider,
  PaymentRow,
  PendingRefund,
  RefundAnswer,
  RefundRequest,
  SettleOutcome,
  StartInput,
} from './provider.js';

const BKASH_TERMINAL: Record<string, SettleOutcome> = { Cancelled: 'cancelled', Failed: 'failed', Expired: 'failed', Declined: 'failed' };

type BkashAnswer = { paymentID?: string; amount?: string; currency?: string; merchantInvoiceNumber?: string; merchantInvoice?: string };

/** bKash Tokenized Checkout: create → the shopper approves on bkashURL → execute, with the status query deciding what is unclear. */
export class BkashProvider implements PaymentProvider {
  readonly gateway = 'bkash' as const;

  constructor(
    private readonly client: BkashClient,
    private readonly life: Lifecycle,
  ) {}

  async start(payment: PaymentRow, input: StartInput): Promise<string> {
    const res = await this.client.createPayment({
      amount: payment.amount,
      invoice: payment.invoice,
      payerReference: input.payerReference,
      callbackURL: `${this.life.base}/payments/bkash/callback/`,
    });
    await this.life.event(payment.id, 'bkash', 'create', res.statusCode, {
      paymentID: res.paymentID,
      transactionStatus: res.transactionStatus,
      statusMessage: res.statusMessage,
    });
    if (res.statusCode !== BKASH_OK || !res.paymentID || !res.bkashURL)
      throw new GatewayError(`bKash create: ${res.statusCode} ${res.statusMessage}`);
    await this.life.db
      .update(payments)
      .set({ reference: res.paymentID, redirectUrl: res.bkashURL, updatedAt: this.life.clock.now() })
      .where(eq(payments.id, payment.id));
    return res.bkashURL;
  }

  private matches(payment: PaymentRow, r: BkashAnswer): boolean {
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
  async onCallback(query: { paymentID?: string | undefined; status?: string | undefined }): Promise<CallbackResult> {
    const { paymentID, status } = query;
    if (!paymentID || !status || !['success', 'failure', 'cancel'].includes(status)) {
      await this.life.event(null, 'bkash', 'callback', 'malformed', { paymentID, status });
      return { orderId: null, status: 'rejected' };
    }
    const payment = await this.life.byReference('bkash', paymentID);
    if (!payment) {
      await this.life.event(null, 'bkash', 'callback', 'unknown_payment', { paymentID, status });
      return { orderId: null, status: 'rejected' };
    }
    if (payment.status !== 'pending') {
      await this.life.event(payment.id, 'bkash', 'callback', 'replay', { status });
      return { orderId: payment.orderId, status: payment.status };
    }
    try {
      if (status === 'success') {
        const exec = await this.client.executePayment(paymentID);
        await this.life.event(payment.id, 'bkash', 'execute', exec.statusCode, {
          transactionStatus: exec.transactionStatus,
          trxID: exec.trxID,
          amount: exec.amount,
        });
        if (exec.statusCode === BKASH_OK && exec.transactionStatus === 'Completed')
          return await this.completed(payment, exec, 'bKash payment executed');
      }
      return await this.check(payment, status === 'cancel' ? 'cancelled' : status === 'failure' ? 'failed' : null);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      await this.life.event(payment.id, 'bkash', 'callback', 'gateway_unreachable', { message: err.message });
      return { orderId: payment.orderId, status: 'pending' };
    }
  }

  private async completed(payment: PaymentRow, r: { trxID?: string } & BkashAnswer, reason: string): Promise<CallbackResult> {
    if (!this.matches(payment, r)) {
      await this.life.event(payment.id, 'bkash', 'verify', 'mismatch', {
        amount: r.amount,
        currency: r.currency,
        invoice: r.merchantInvoiceNumber ?? r.merchantInvoice,
      });
      return { orderId: payment.orderId, status: 'rejected' };
    }
    await this.life.settle(payment, 'paid', r.trxID ? { gatewayTrxId: r.trxID } : {}, reason);
    return this.life.current(payment.id);
  }

  async check(payment: PaymentRow, fallback: SettleOutcome | null, abandonIfOlderThan?: Date): Promise<CallbackResult> {
    const q = await this.client.queryPayment(payment.reference!);
    await this.life.event(payment.id, 'bkash', 'query', q.statusCode, { transactionStatus: q.transactionStatus, trxID: q.trxID });
    if (q.statusCode === BKASH_OK && q.transactionStatus === 'Completed')
      return this.completed(payment, q, 'bKash status query: Completed');
    const terminal = q.statusCode === BKASH_OK ? BKASH_TERMINAL[q.transactionStatus] : undefined;
    // Not completed: bKash's final word, else what the shopper's return said (a cancelled session stays 'Initiated' there).
    const outcome = terminal ?? fallback;
    if (outcome) await this.life.settle(payment, outcome, {}, `bKash: ${q.transactionStatus}`);
    else if (abandonIfOlderThan && payment.createdAt < abandonIfOlderThan)
      await this.life.settle(payment, 'failed', {}, 'bKash payment never completed');
    return this.life.current(payment.id);
  }

  /** A late payment given back whole: bKash answers at once, so anything but Completed is a failure to report. */
  async refund(payment: PaymentRow, reason: string): Promise<void> {
    const answer = await this.refundPart(payment, {
      amount: payment.amount - payment.refundedAmount,
      reason,
      requestKey: `late-${payment.id}`,
    });
    if (answer.state !== 'completed')
      throw new GatewayError(`bKash refund: ${answer.state === 'failed' ? answer.reason : 'not completed'}`);
  }

  async refundPart(payment: PaymentRow, request: RefundRequest): Promise<RefundAnswer> {
    if (!payment.reference || !payment.gatewayTrxId) return { state: 'failed', reason: 'This bKash payment was never completed' };
    const r = await this.client.refund({
      paymentID: payment.reference,
      trxID: payment.gatewayTrxId,
      amount: request.amount,
      sku: payment.invoice,
      reason: request.reason,
    });
    await this.life.event(payment.id, 'bkash', 'refund', r.statusCode, {
      refundTrxID: r.refundTrxID,
      transactionStatus: r.transactionStatus,
      amount: r.amount,
      requestKey: request.requestKey,
      statusMessage: r.statusMessage,
    });
    if (r.statusCode !== BKASH_OK) return { state: 'failed', reason: `bKash: ${r.statusMessage} (${r.statusCode})` };
    return { state: r.transactionStatus === 'Completed' ? 'completed' : 'processing', reference: r.refundTrxID || null };
  }

  /**
   * The v1.2.0-beta refund status answers the payment's latest refund only. A refund bKash gave a
   * refundTrxID is settled by that answer when it is the one; one whose answer was lost is ours when
   * bKash's latest refund is one the shop does not know, of our amount; otherwise bKash never made it.
   */
  async refundStatus(payment: PaymentRow, refund: PendingRefund): Promise<RefundAnswer> {
    if (!payment.reference || !payment.gatewayTrxId) return { state: 'failed', reason: 'This bKash payment was never completed' };
    const r = await this.client.refundStatus({ paymentID: payment.reference, trxID: payment.gatewayTrxId });
    await this.life.event(payment.id, 'bkash', 'refund_status', r.statusCode, {
      refundTrxID: r.refundTrxID,
      transactionStatus: r.transactionStatus,
      amount: r.amount,
      requestKey: refund.requestKey,
    });
    const completed = r.statusCode === BKASH_OK && r.transactionStatus === 'Completed';
    if (refund.reference) {
      if (r.statusCode === BKASH_OK && r.refundTrxID === refund.reference && completed)
        return { state: 'completed', reference: refund.reference };
      return { state: 'processing', reference: refund.reference };
    }
    if (
      r.statusCode === BKASH_OK &&
      r.refundTrxID &&
      !refund.otherReferences.includes(r.refundTrxID) &&
      poishaOf(r.amount) === refund.amount
    )
      return { state: completed ? 'completed' : 'processing', reference: r.refundTrxID };
    return { state: 'failed', reason: 'bKash has no record of this refund' };
  }
}
