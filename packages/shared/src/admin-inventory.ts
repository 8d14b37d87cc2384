import { z } from 'zod';
import { IdSchema, text } from './input.js';

/*
 * The back office's inventory (issue 17 items 3 and 4): what the admin API takes and answers under
 * /api/v1/admin/inventory/. The Adjust dialog validates with the same schema, so the screen and the
 * API say the same thing about a bad field.
 */

/** `set` writes the counted stock; `add` adds a signed delta (received +12, damaged -2). */
export const ADJUSTMENT_KINDS = ['set', 'add'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

export const ADJUSTMENT_REASONS = ['received', 'count', 'damaged', 'returned', 'correction'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, string> = {
  received: 'Received',
  count: 'Stock count',
  damaged: 'Damaged',
  returned: 'Returned',
  correction: 'Correction',
};

export const ADJUSTMENT_KIND_LABELS: Record<AdjustmentKind, string> = {
  set: 'Set to',
  add: 'Add (±)',
};

/** The most one variant may hold, and the largest change one adjustment makes: far above any shop's shelf. */
export const STOCK_MAX = 1_000_000;
export const ADJUSTMENT_NOTE_MAX = 500;

export const inventoryMessages = {
  wholeNumber: 'Must be a whole number',
  notNegative: 'A count cannot be below 0',
  tooLarge: `At most ${STOCK_MAX.toLocaleString('en-US')}`,
  zeroChange: 'Give a change other than 0',
  belowZero: (now: number) => `Stock cannot go below 0: there are ${now} now`,
  kind: 'Choose set or add',
  reason: 'Choose a reason',
  noteMax: `At most ${ADJUSTMENT_NOTE_MAX} characters`,
  unknownVariant: 'No such variant',
} as const;

export const AdjustmentInputSchema = z
  .object({
    variant_id: IdSchema,
    kind: z.enum(ADJUSTMENT_KINDS, { error: inventoryMessages.kind }),
    quantity: z
      .number(inventoryMessages.wholeNumber)
      .int(inventoryMessages.wholeNumber)
      .min(-STOCK_MAX, inventoryMessages.tooLarge)
      .max(STOCK_MAX, inventoryMessages.tooLarge),
    reason: z.enum(ADJUSTMENT_REASONS, { error: inventoryMessages.reason }),
    note: text().trim().max(ADJUSTMENT_NOTE_MAX, inventoryMessages.noteMax).default(''),
  })
  .superRefine((input, issues) => {
    if (input.kind === 'set' && input.quantity < 0)
      issues.addIssue({ code: 'custom', path: ['quantity'], message: inventoryMessages.notNegative });
    if (input.kind === 'add' && input.quantity === 0)
      issues.addIssue({ code: 'custom', path: ['quantity'], message: inventoryMessages.zeroChange });
  });
export type AdjustmentInput = z.input<typeof AdjustmentInputSchema>;
export type Adjustment = z.output<typeof AdjustmentInputSchema>;

/** A variant as the inventory list shows it. */
export const InventoryVariantSchema = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  product_handle: z.string(),
  brand_handle: z.string(),
  sku: z.string(),
  title: z.string(),
  stock: z.number(),
  /** At or below the shop's stock warning threshold. */
  low: z.boolean(),
});
export type InventoryVariant = z.infer<typeof InventoryVariantSchema>;

export const INVENTORY_PAGE_SIZE = 25;

export const InventoryQuerySchema = z.object({
  q: text().trim().max(100, 'At most 100 characters').optional(),
  low: z
    .enum(['true', 'false'], { error: 'Use true or false' })
    .transform((v) => v === 'true')
    .optional(),
  page: z.coerce.number('Must be a number').int('Must be a whole number').min(1, 'At least 1').max(10_000, 'At most 10000').default(1),
});
export type InventoryQuery = z.output<typeof InventoryQuerySchema>;

export const InventoryPageSchema = z.object({
  data: z.array(InventoryVariantSchema),
  meta: z.object({ page: z.number(), page_size: z.number(), total: z.number(), threshold: z.number() }),
});
export type InventoryPage = z.infer<typeof InventoryPageSchema>;

/** One staff adjustment (orders' reservations and releases leave no row here). */
export const InventoryAdjustmentSchema = z.object({
  id: z.number(),
  variant_id: z.number(),
  kind: z.enum(ADJUSTMENT_KINDS),
  quantity: z.number(),
  reason: z.enum(ADJUSTMENT_REASONS),
  note: z.string(),
  before: z.number(),
  after: z.number(),
  staff: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type InventoryAdjustment = z.infer<typeof InventoryAdjustmentSchema>;

/** The answer to an adjustment: the row written, the variant as it is now, and how many shoppers were told it is back. */
export const AdjustmentResultSchema = z.object({
  adjustment: InventoryAdjustmentSchema,
  variant: InventoryVariantSchema,
  notified: z.number(),
});
export type AdjustmentResult = z.infer<typeof AdjustmentResultSchema>;
