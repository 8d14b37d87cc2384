import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { Gateway, GatewayPaymentStatus, payments } from '../payments.tables.js';
import type { SslInitRequest } from '../sslcommerz-client.js';

export type PaymentRow = typeof payments.$inferSelect;
export type SettleOutcome = 'paid' | 'failed' | 'cancelled';

/** What a callback, IPN or check came to: the order it concerns (null when unknown) and where its payment stands. */
export type CallbackResult = { orderId: number | null; status: GatewayPaymentStatus | 'rejected' };

/** What a gateway needs to open a session for an attempt, from the order as placed. */
export type StartInput = {
  payerReference: string;
  customer: SslInitRequest['customer'];
  shipTo: SslInitRequest['shipTo'];
  productName: string;
  numItems: number;
  multiCardName: string;
};

/**
 * The lifecycle's side that every provider uses: the audit trail, the one way to settle a pending
 * attempt (exactly once, through transitionPayment), and where an attempt stands now.
 */
export type Lifecycle = {
  db: Db;
  clock: Clock;
  /** Where the gateway sends the shopper back: PUBLIC_URL without its trailing slash. */
  base: string;
  event(paymentId: number | null, provider: Gateway, kind: string, outcome: string, detail?: Record<string, unknown>): Promise<void>;
  settle(payment: PaymentRow, to: SettleOutcome, fields: { gatewayTrxId?: string; valId?: string }, reason: string): Promise<boolean>;
  current(paymentId: number): Promise<CallbackResult>;
  byReference(provider: Gateway, reference: string): Promise<PaymentRow | null>;
};

/** A refund as the shop asks for it: an amount (poisha) of one paid attempt, and our unique key for it (refunds.request_key). */
export type RefundRequest = { amount: number; reason: string; requestKey: string };

/**
 * What a gateway said about a refund: done; still with it (checked again later); or refused, with
 * its reason. `reference` is the gateway's id of the refund (bKash refundTrxID, SSLCommerz
 * refund_ref_id). An unreachable gateway or an answer that is not its JSON throws GatewayError: nothing is known.
 */
export type RefundAnswer =
  | { state: 'completed'; reference: string | null }
  | { state: 'processing'; reference: string | null }
  | { state: 'failed'; reason: string };

/** A refund asked of the gateway earlier, whose answer is not final: its reference when the gateway gave one, and the references of the attempt's other refunds. */
export type PendingRefund = RefundRequest & { reference: string | null; otherReferences: readonly string[] };

/** One payment gateway: opening a session, asking where an attempt stands, and giving money back. A refusal or an unreachable gateway throws GatewayError. */
export interface PaymentProvider {
  readonly gateway: Gateway;
  /** Opens the gateway session and returns the page the shopper pays on. */
  start(payment: PaymentRow, input: StartInput): Promise<string>;
  /** Asks the gateway and settles on a final answer; `fallback` when the shopper said cancelled or failed; an attempt older than `abandonIfOlderThan` still unfinished fails. */
  check(payment: PaymentRow, fallback: SettleOutcome | null, abandonIfOlderThan?: Date): Promise<CallbackResult>;
  /** Gives the rest of a paid attempt's money back (a late payment); a refusal throws GatewayError. */
  refund(payment: PaymentRow, reason: string): Promise<void>;
  /** Asks the gateway to give back part (or all) of a paid attempt's money. */
  refundPart(payment: PaymentRow, request: RefundRequest): Promise<RefundAnswer>;
  /** Asks the gateway where a refund it was asked for stands. */
  refundStatus(payment: PaymentRow, refund: PendingRefund): Promise<RefundAnswer>;
}
