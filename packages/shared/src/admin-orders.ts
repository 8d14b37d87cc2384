import { z } from 'zod';
import { ADMIN_LIST_COUNT_CAP, ADMIN_SEARCH_COUNT_CAP } from './admin-catalog.js';
import { COURIERS, DELIVERY_ZONES, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from './checkout-rules.js';
import { text } from './input.js';

/*
 * The orders of the back office (issue 18): what the admin API takes and answers under
 * /api/v1/admin/orders/. Money is poisha, as everywhere in the API.
 */

export { ADMIN_LIST_COUNT_CAP, ADMIN_SEARCH_COUNT_CAP };

export const ADMIN_ORDER_SORTS = ['created', 'total'] as const;
export const ADMIN_ORDER_PAGE_SIZE = 50;
export const DELIVERY_TYPES = ['standard', 'same_day', 'pickup'] as const;
export const DELIVERY_TYPE_LABELS: Record<(typeof DELIVERY_TYPES)[number], string> = {
  standard: 'Standard',
  same_day: 'Same day',
  pickup: 'Pickup',
};

/** A phone's record of delivered against returned or refused orders, in three bands (docs/back-office.md). */
export const COD_RISKS = ['new', 'low', 'medium', 'high'] as const;
export type CodRisk = (typeof COD_RISKS)[number];
export const COD_RISK_LABELS: Record<CodRisk, string> = { new: 'New', low: 'Low', medium: 'Medium', high: 'High' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const day = z.string().regex(DATE, 'Use a date like 2026-11-28');

/** The order list's filters, as its URL carries them: every field optional, combined with AND. */
export const AdminOrderListQuerySchema = z
  .object({
    /** An order number (or its start), a phone, a name or an e-mail. */
    q: text().trim().max(100, 'At most 100 characters').optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    payment_status: z.enum(PAYMENT_STATUSES).optional(),
    method: z.enum(PAYMENT_METHODS).optional(),
    delivery: z.enum(DELIVERY_TYPES).optional(),
    zone: z.enum(DELIVERY_ZONES).optional(),
    courier: z.enum(COURIERS).optional(),
    risk: z.enum(COD_RISKS).optional(),
    /** Placed on or after this day, and on or before that one, in Dhaka. */
    from: day.optional(),
    to: day.optional(),
    sort: z.enum(ADMIN_ORDER_SORTS).default('created'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'The end comes before the start', path: ['to'] });
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuerySchema>;

export const CodRecordSchema = z.object({
  risk: z.enum(COD_RISKS),
  delivered: z.number(),
  returned: z.number(),
  cancelled: z.number(),
});
export type CodRecord = z.infer<typeof CodRecordSchema>;

export const AdminOrderRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  created_at: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  delivery_type: z.enum(DELIVERY_TYPES),
  zone: z.enum(DELIVERY_ZONES).nullable(),
  courier: z.enum(COURIERS).nullable(),
  total: z.number(),
  item_count: z.number(),
  risk: z.enum(COD_RISKS),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRowSchema>;

export const AdminOrderListResponseSchema = z.object({
  data: z.array(AdminOrderRowSchema),
  count: z.number(),
  count_capped: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponseSchema>;

// ---------------------------------------------------------------- actions

export const CALL_OUTCOMES = ['confirmed', 'no_answer', 'call_back', 'wrong_number', 'refused'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  confirmed: 'Confirmed the order',
  no_answer: 'No answer',
  call_back: 'Asked to call back',
  wrong_number: 'Wrong number',
  refused: 'Does not want it',
};

export const ORDER_NOTE_MAX = 2000;
export const CANCEL_REASONS = ['customer_asked', 'unreachable', 'refused_on_call', 'out_of_stock', 'suspected_fraud', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  customer_asked: 'The customer asked',
  unreachable: 'Could not reach the customer',
  refused_on_call: 'Refused on the call',
  out_of_stock: 'Out of stock',
  suspected_fraud: 'Suspected fraud',
  other: 'Other',
};

export const orderMessages = {
  noteRequired: 'Write a note',
  noteTooLong: `At most ${ORDER_NOTE_MAX.toLocaleString('en-US')} characters`,
  outcome: 'Choose what the call came to',
  reason: 'Choose a reason',
  reasonDetail: 'Say why',
  editConflict: 'Someone else changed this order after you opened it. Reload to see their changes, then make yours again.',
} as const;

const NoteText = text().trim().min(1, orderMessages.noteRequired).max(ORDER_NOTE_MAX, orderMessages.noteTooLong);

/** Every action on an order carries the revision the screen loaded: a stale one is refused (409 edit_conflict). */
const Revision = z.number().int().min(0);

export const OrderNotePayloadSchema = z.object({ note: NoteText });
export type OrderNotePayload = z.infer<typeof OrderNotePayloadSchema>;

/** A call to the customer (COD confirmation): its outcome goes on the timeline; 'confirmed' also confirms the order. */
export const OrderCallPayloadSchema = z.object({
  revision: Revision,
  outcome: z.enum(CALL_OUTCOMES, { error: orderMessages.outcome }),
  note: text().trim().max(ORDER_NOTE_MAX, orderMessages.noteTooLong).default(''),
});
export type OrderCallPayload = z.infer<typeof OrderCallPayloadSchema>;

export const OrderStepPayloadSchema = z.object({ revision: Revision });
export type OrderStepPayload = z.infer<typeof OrderStepPayloadSchema>;

export const OrderCancelPayloadSchema = z
  .object({
    revision: Revision,
    reason: z.enum(CANCEL_REASONS, { error: orderMessages.reason }),
    note: text().trim().max(ORDER_NOTE_MAX, orderMessages.noteTooLong).default(''),
  })
  .refine((v) => v.reason !== 'other' || v.note.length > 0, { message: orderMessages.reasonDetail, path: ['note'] });
export type OrderCancelPayload = z.infer<typeof OrderCancelPayloadSchema>;
