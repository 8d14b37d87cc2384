import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { GatewayError, poishaOf } from '../bkash-client.js';
import { payments } from '../payments.tables.js';
import { verifySslSign, type SslCommerzClient, type SslValidation } from '../sslcommerz-client.js';
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

const SSL_VALID = new Set(['VALID', 'VALIDATED']);

/** SSLCommerz (cards): session init → GatewayPageURL; the IPN and the returns are verified and validated with val_id. */
export class SslCommerzProvider implements PaymentProvider {
  readonly gateway = 'sslcommerz' as const;

  constructor(
    private readonly client: SslCommerzClient,
    private readonly storePassword: string,
    private readonly life: Lifecycle,
  ) {}

  async start(payment: PaymentRow, input: StartInput): Promise<string> {
    const base = this.life.base;
    const res = await this.client.initSession({
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
    await this.life.event(payment.id, 'sslcommerz', 'init', res.status, { sessionkey: res.sessionkey, failedreason: res.failedreason });
    if (res.status !== 'SUCCESS' || !res.GatewayPageURL) throw new GatewayError(`SSLCommerz init: ${res.failedreason}`);
    await this.life.db
      .update(payments)
      .set({ redirectUrl: res.GatewayPageURL, updatedAt: this.life.clock.now() })
      .where(eq(payments.id, payment.id));
    return res.GatewayPageURL;
  }

  private matches(payment: PaymentRow, v: SslValidation): boolean {
    const currency = v.currency_type ?? v.currency;
    return (
      SSL_VALID.has(v.status) &&
      v.tran_id === payment.reference &&
      poishaOf(v.amount) === payment.amount &&
      v.currency === 'BDT' &&
      currency === 'BDT'
    );
  }

  private async validated(payment: PaymentRow, valId: string, reason: string): Promise<CallbackResult> {
    const v = await this.client.validate(valId);
    await this.life.event(payment.id, 'sslcommerz', 'validate', v.status, {
      val_id: valId,
      amount: v.amount,
      currency: v.currency,
      tran_id: v.tran_id,
    });
    if (!this.matches(payment, v)) {
      await this.life.event(payment.id, 'sslcommerz', 'verify', 'mismatch', { status: v.status, amount: v.amount, tran_id: v.tran_id });
      return { orderId: payment.orderId, status: 'rejected' };
    }
    await this.life.settle(payment, 'paid', { ...(v.bank_tran_id ? { gatewayTrxId: v.bank_tran_id } : {}), valId }, reason);
    return this.life.current(payment.id);
  }

  /** The transactions SSLCommerz has for the tran_id decide: a valid one is validated and paid; a failed or cancelled one settles. */
  async check(payment: PaymentRow, fallback: SettleOutcome | null, abandonIfOlderThan?: Date): Promise<CallbackResult> {
    const q = await this.client.queryByTranId(payment.reference!);
    const elements = q.APIConnect === 'DONE' ? (q.element ?? []) : [];
    await this.life.event(payment.id, 'sslcommerz', 'query', q.APIConnect, { statuses: elements.map((e) => e.status) });
    const valid = elements.find((e) => SSL_VALID.has(e.status));
    if (valid) return this.validated(payment, valid.val_id, 'SSLCommerz transaction query: VALID');
    const last = elements.at(-1)?.status;
    const terminal: SettleOutcome | null = last === 'CANCELLED' ? 'cancelled' : last === 'FAILED' || last === 'EXPIRED' ? 'failed' : null;
    const outcome = terminal ?? fallback;
    if (q.APIConnect === 'DONE' && outcome) await this.life.settle(payment, outcome, {}, `SSLCommerz: ${last ?? 'no transaction'}`);
    else if (q.APIConnect === 'DONE' && abandonIfOlderThan && payment.createdAt < abandonIfOlderThan)
      await this.life.settle(payment, 'failed', {}, 'SSLCommerz payment never completed');
    return this.life.current(payment.id);
  }

  /**
   * A return (success, fail, cancel: the shopper's browser) or the IPN (SSLCommerz's server). A
   * VALID one must carry a good verify_sign and is then validated with val_id; failed and cancelled
   * ones are checked against the transaction query before anything changes.
   */
  async onNotice(kind: 'success' | 'fail' | 'cancel' | 'ipn', form: Record<string, string>): Promise<CallbackResult> {
    const tranId = form.tran_id;
    if (!tranId) {
      await this.life.event(null, 'sslcommerz', kind, 'malformed', {});
      return { orderId: null, status: 'rejected' };
    }
    const claimsValid = SSL_VALID.has(form.status ?? '');
    // A signature that is there must be right, whatever the status; a VALID claim must carry one.
    if ((claimsValid || form.verify_sign) && !verifySslSign(form, this.storePassword)) {
      await this.life.event(null, 'sslcommerz', kind, 'bad_signature', { tran_id: tranId, status: form.status });
      return { orderId: null, status: 'rejected' };
    }
    const payment = await this.life.byReference('sslcommerz', tranId);
    if (!payment) {
      await this.life.event(null, 'sslcommerz', kind, 'unknown_transaction', { tran_id: tranId, status: form.status });
      return { orderId: null, status: 'rejected' };
    }
    if (payment.status !== 'pending') {
      await this.life.event(payment.id, 'sslcommerz', kind, 'replay', { status: form.status });
      return { orderId: payment.orderId, status: payment.status };
    }
    try {
      if (claimsValid && (kind === 'success' || kind === 'ipn') && form.val_id)
        return await this.validated(payment, form.val_id, `SSLCommerz ${kind}: validated`);
      const fallback: SettleOutcome = kind === 'cancel' || form.status === 'CANCELLED' ? 'cancelled' : 'failed';
      return await this.check(payment, kind === 'success' ? null : fallback);
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      await this.life.event(payment.id, 'sslcommerz', kind, 'gateway_unreachable', { message: err.message });
      return { orderId: payment.orderId, status: 'pending' };
    }
  }

  /** A late payment given back whole: SSLCommerz accepting the refund is as far as the shop follows it. */
  async refund(payment: PaymentRow, reason: string): Promise<void> {
    const answer = await this.refundPart(payment, {
      amount: payment.amount - payment.refundedAmount,
      reason,
      requestKey: `${payment.invoice}-R${randomBytes(6).toString('hex')}`,
    });
    if (answer.state === 'failed') throw new GatewayError(`SSLCommerz refund: ${answer.reason}`);
  }

  /**
   * Initiates the refund with our request key as refund_trans_id: SSLCommerz takes it (success) or
   * has it already (processing), and gives its refund_ref_id; the status query says when the bank
   * has refunded it. A refused request (bad data, an inactive API) fails; anything else is unknown.
   */
  async refundPart(payment: PaymentRow, request: RefundRequest): Promise<RefundAnswer> {
    if (!payment.gatewayTrxId) return { state: 'failed', reason: 'This card payment has no bank transaction' };
    const r = await this.client.refund({
      bankTranId: payment.gatewayTrxId,
      amount: request.amount,
      remarks: request.reason,
      refundTransId: request.requestKey,
      refId: payment.invoice,
    });
    await this.life.event(payment.id, 'sslcommerz', 'refund', r.status ?? r.APIConnect, {
      APIConnect: r.APIConnect,
      refund_ref_id: r.refund_ref_id,
      errorReason: r.errorReason,
      refund_trans_id: request.requestKey,
    });
    if (r.APIConnect === 'DONE' && (r.status === 'success' || r.status === 'processing'))
      return { state: 'processing', reference: r.refund_ref_id || null };
    if (r.APIConnect === 'DONE' || r.APIConnect === 'INVALID_REQUEST' || r.APIConnect === 'INACTIVE')
      return { state: 'failed', reason: `SSLCommerz: ${r.errorReason || r.status || r.APIConnect}` };
    throw new GatewayError(`SSLCommerz refund: APIConnect ${r.APIConnect}`);
  }

  async refundStatus(payment: PaymentRow, refund: PendingRefund): Promise<RefundAnswer> {
    // The initiation's answer was lost: asking again with the same refund_trans_id finds it (or makes it, once).
    if (!refund.reference) return this.refundPart(payment, refund);
    const r = await this.client.refundStatus(refund.reference);
    await this.life.event(payment.id, 'sslcommerz', 'refund_status', r.status ?? r.APIConnect, {
      APIConnect: r.APIConnect,
      refund_ref_id: refund.reference,
      errorReason: r.errorReason,
    });
    if (r.APIConnect !== 'DONE') throw new GatewayError(`SSLCommerz refund status: APIConnect ${r.APIConnect}`);
    if (r.status === 'refunded') return { state: 'completed', reference: refund.reference };
    if (r.status === 'processing') return { state: 'processing', reference: refund.reference };
    return { state: 'failed', reason: `SSLCommerz: ${r.errorReason || `refund ${r.status}`}` };
  }
}
