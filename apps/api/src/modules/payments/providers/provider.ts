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

/** One payment gateway: opening a session, asking where an attempt stands, and giving money back. A refusal or an unreachable gateway throws GatewayError. */
export interface PaymentProvider {
  readonly gateway: Gateway;
  /** Opens the gateway session and returns the page the shopper pays on. */
  start(payment: PaymentRow, input: StartInput): Promise<string>;
  /** Asks the gateway and settles on a final answer; `fallback` when the shopper said cancelled or failed; an attempt older than `abandonIfOlderThan` still unfinished fails. */
  check(payment: PaymentRow, fallback: SettleOutcome | null, abandonIfOlderThan?: Date): Promise<CallbackResult>;
  /** Gives the rest of a paid attempt's money back. */
  refund(payment: PaymentRow, reason: string): Promise<void>;
}
