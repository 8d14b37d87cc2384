import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './checkout-rules.js';
import { text } from './input.js';

/*
 * Refunds in the back office (issue 18 part 3): what the admin API takes and answers under
 * /api/v1/admin/orders/{id}/refunds/. Money is poisha, as everywhere in the API; the dialog shows taka.
 *
 * GET  /admin/orders/{id}/refunds/   → AdminRefundsResponse (the order's refunds and what can still be refunded)
 * POST /admin/orders/{id}/refunds/   AdminRefundInput (+ Idempotency-Key header) → AdminRefundResponse
 *      201 a new refund (completed, or requested: the gateway is still working on it), 200 a repeat of the same key;
 *      409 refund_not_possible (more than is left, an unpaid order, the gateway refused) with the message to show.
 */

export const refundMessages = {
  amount: 'Enter an amount of ৳1 or more',
  wholeTaka: 'Use a whole taka amount',
  number: 'Enter an amount',
  reason: 'Say why the money is given back',
  reasonLong: 'At most 255 characters',
  reference: 'Give the reference of the cash refund',
  referenceLong: 'At most 100 characters',
  notPaid: 'This order has not been paid: there is nothing to refund',
  nothingLeft: 'This order has been refunded in full',
  restInProgress: 'The rest of this order is being refunded: wait for the gateway to finish',
  noGateway: 'This order was not paid online: record the cash refund by hand',
  /** A COD order's delivery fee paid first, while the order goes on: the courier collects the rest by it. */
  feeWhileLive: 'The delivery fee paid first is refunded when the order is cancelled or comes back, not while it goes ahead',
  /** More than one online payment can give back in one refund (an order paid twice). */
  gatewayMax: (max: string) => `At most ${max} can be refunded through the gateway in one refund`,
} as const;

/** How the money goes back: through the gateway the order was paid with, or by hand (cash, a bKash send-money) with its reference. */
export const REFUND_REQUEST_METHODS = ['gateway', 'manual'] as const;
export type RefundRequestMethod = (typeof REFUND_REQUEST_METHODS)[number];

/** Where a refund went: bKash's or SSLCommerz's refund API, or by hand. */
export const REFUND_METHODS = ['bkash', 'sslcommerz', 'manual'] as const;
export type AdminRefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_METHOD_LABELS: Record<AdminRefundMethod, string> = {
  bkash: 'bKash',
  sslcommerz: 'Card (SSLCommerz)',
  manual: 'By hand',
};

/** requested: with the gateway, its answer not final yet (checked every minute until it is). */
export const REFUND_STATUSES = ['requested', 'completed', 'failed'] as const;
export type AdminRefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<AdminRefundStatus, string> = { requested: 'Processing', completed: 'Refunded', failed: 'Failed' };

export const AdminRefundInputSchema = z
  .object({
    /** Poisha, a whole taka, at most what is left (the server checks). */
    amount: z
      .number(refundMessages.number)
      .int(refundMessages.wholeTaka)
      .min(100, refundMessages.amount)
      .max(100_000_000, 'At most ৳10,00,000')
      .refine((v) => v % 100 === 0, refundMessages.wholeTaka),
    reason: text().trim().min(1, refundMessages.reason).max(255, refundMessages.reasonLong),
    /** How the cash went back (a receipt number, a bKash send-money trxID): required for a manual refund. */
    reference: text().trim().max(100, refundMessages.referenceLong).optional(),
    method: z.enum(REFUND_REQUEST_METHODS),
  })
  .refine((v) => v.method !== 'manual' || (v.reference ?? '') !== '', { message: refundMessages.reference, path: ['reference'] });
export type AdminRefundInput = z.infer<typeof AdminRefundInputSchema>;

export const AdminRefundSchema = z.object({
  id: z.number(),
  method: z.enum(REFUND_METHODS),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** bKash refundTrxID, SSLCommerz refund_ref_id, or the staff's reference of a manual refund. */
  reference: z.string().nullable(),
  /** Why the gateway refused it (failed only). */
  failure: z.string().nullable(),
  /** Who asked for it; null when the shop did it by itself. */
  staff: z.object({ id: z.number(), name: z.string().nullable() }).nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** When the gateway was last asked about it. */
  checked_at: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

/** What can still be refunded on the order, and how. */
export const RefundableSchema = z.object({
  /** Left on the order: the total less what was refunded and what is being refunded. 0 when nothing can be. */
  amount: z.number(),
  /** Asked of a gateway and not final yet: already counted out of `amount`. */
  in_progress: z.number(),
  /** The order's paid online payment that can give money back, and the most it can in one refund; null for a cash order. */
  gateway: z.object({ provider: z.enum(['bkash', 'sslcommerz']), max: z.number() }).nullable(),
  /** The most a manual refund may be (= amount). */
  manual: z.number(),
  /** Why nothing can be refunded (unpaid, refunded in full); null when something can. */
  blocked: z.string().nullable(),
});
export type Refundable = z.infer<typeof RefundableSchema>;

export const AdminRefundOrderSchema = z.object({
  id: z.number(),
  number: z.string(),
  total: z.number(),
  refunded_amount: z.number(),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
});

export const AdminRefundsResponseSchema = z.object({
  data: z.array(AdminRefundSchema),
  order: AdminRefundOrderSchema,
  refundable: RefundableSchema,
});
export type AdminRefundsResponse = z.infer<typeof AdminRefundsResponseSchema>;

export const AdminRefundResponseSchema = z.object({
  data: AdminRefundSchema,
  order: AdminRefundOrderSchema,
  refundable: RefundableSchema,
});
export type AdminRefundResponse = z.infer<typeof AdminRefundResponseSchema>;
