import { z } from 'zod';
import { ADMIN_LIST_COUNT_CAP, ADMIN_SEARCH_COUNT_CAP, CodRecordSchema, COD_RISKS } from './admin-orders.js';
import { AddressSchema } from './checkout.js';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from './checkout-rules.js';
import { text } from './input.js';

/*
 * The customers of the back office (issue 18 item 6): what the admin API takes and answers under
 * /api/v1/admin/customers/. Money is poisha, as everywhere in the API.
 */

export { ADMIN_LIST_COUNT_CAP, ADMIN_SEARCH_COUNT_CAP };

export const ADMIN_CUSTOMER_PAGE_SIZE = 50;
/** The orders the detail lists, newest first (the order list, filtered by phone, has the rest). */
export const CUSTOMER_DETAIL_ORDERS = 50;
export const CUSTOMER_NOTE_MAX = 2000;
export const COD_BLOCK_REASON_MAX = 500;

export const ADMIN_CUSTOMER_SORTS = ['newest', 'oldest', 'name', 'orders', 'spent'] as const;
export type AdminCustomerSort = (typeof ADMIN_CUSTOMER_SORTS)[number];
export const ADMIN_CUSTOMER_SORT_LABELS: Record<AdminCustomerSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name A–Z',
  orders: 'Most orders',
  spent: 'Most spent',
};

export const customerMessages = {
  noteRequired: 'Write a note',
  noteTooLong: `At most ${CUSTOMER_NOTE_MAX.toLocaleString('en-US')} characters`,
  blockedRequired: 'Say whether cash on delivery is blocked',
  reasonRequired: 'Say why cash on delivery is blocked',
  reasonTooLong: `At most ${COD_BLOCK_REASON_MAX} characters`,
  notFound: 'Customer not found',
} as const;

/** The list's filters, as its URL carries them. */
export const AdminCustomerListQuerySchema = z.object({
  /** A name (or part of it), a phone written any way, or an e-mail. */
  q: text().trim().max(100, 'At most 100 characters').optional(),
  /** Only customers staff blocked from cash on delivery. */
  cod: z.enum(['blocked']).optional(),
  sort: z.enum(ADMIN_CUSTOMER_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminCustomerListQuery = z.infer<typeof AdminCustomerListQuerySchema>;

export const AdminCustomerRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  created_at: z.string(),
  /** Every order placed, cancelled ones too. */
  order_count: z.number(),
  /** What they paid and kept: paid orders' totals less refunds (poisha). */
  spent: z.number(),
  /** The phone's COD record band in this shop. */
  risk: z.enum(COD_RISKS),
  cod_blocked: z.boolean(),
});
export type AdminCustomerRow = z.infer<typeof AdminCustomerRowSchema>;

export const AdminCustomerListResponseSchema = z.object({
  data: z.array(AdminCustomerRowSchema),
  count: z.number(),
  count_capped: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});
export type AdminCustomerListResponse = z.infer<typeof AdminCustomerListResponseSchema>;

export const CustomerOrderSchema = z.object({
  id: z.number(),
  number: z.string(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  total: z.number(),
});
export type CustomerOrder = z.infer<typeof CustomerOrderSchema>;

export const CustomerWishlistItemSchema = z.object({
  product_id: z.number(),
  name: z.string(),
  brand: z.string(),
  /** The product's page on the storefront. */
  url: z.string(),
  image: z.string().nullable(),
  /** The lowest price a shopper pays now (poisha). */
  price: z.number(),
  in_stock: z.boolean(),
  added_at: z.string(),
});
export type CustomerWishlistItem = z.infer<typeof CustomerWishlistItemSchema>;

export const CustomerNoteSchema = z.object({
  id: z.number(),
  body: z.string(),
  /** The staff member who wrote it, by name. */
  staff: z.string().nullable(),
  created_at: z.string(),
});
export type CustomerNote = z.infer<typeof CustomerNoteSchema>;

export const AdminCustomerDetailSchema = z.object({
  id: z.number(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  verified_sms: z.boolean(),
  verified_email: z.boolean(),
  birthday: z.string().nullable(),
  newsletter_email: z.boolean(),
  newsletter_sms: z.boolean(),
  created_at: z.string(),
  order_count: z.number(),
  spent: z.number(),
  /** The newest CUSTOMER_DETAIL_ORDERS orders. */
  orders: z.array(CustomerOrderSchema),
  addresses: z.array(AddressSchema),
  wishlist: z.array(CustomerWishlistItemSchema),
  /** Newest first. */
  notes: z.array(CustomerNoteSchema),
  cod_record: CodRecordSchema,
  cod_blocked: z.boolean(),
  cod_blocked_at: z.string().nullable(),
  cod_blocked_reason: z.string(),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetailSchema>;

export const CustomerNotePayloadSchema = z.object({
  note: text({ error: customerMessages.noteRequired })
    .trim()
    .min(1, customerMessages.noteRequired)
    .max(CUSTOMER_NOTE_MAX, customerMessages.noteTooLong),
});
export type CustomerNotePayload = z.infer<typeof CustomerNotePayloadSchema>;

/** Block (with the reason staff give) or allow cash on delivery again. */
export const CustomerCodPayloadSchema = z
  .object({
    blocked: z.boolean({ error: customerMessages.blockedRequired }),
    reason: text().trim().max(COD_BLOCK_REASON_MAX, customerMessages.reasonTooLong).default(''),
  })
  .refine((v) => !v.blocked || v.reason.length > 0, { message: customerMessages.reasonRequired, path: ['reason'] });
export type CustomerCodPayload = z.infer<typeof CustomerCodPayloadSchema>;
