import { z } from 'zod';
import { IdParamSchema, LoadedAtSchema, NOTHING_TO_CHANGE, changesSomething, text } from './input.js';

/*
 * Privilege cards in the back office (issue 17 item 6): what the admin API takes and answers under
 * /api/v1/admin/offers/cards/. A card gives its holder a percent off the bag (the cart's rebate).
 *
 * A card number is 12 digits: 11 digits and a Luhn check digit (the one payment cards use), so a
 * mistyped digit or two swapped neighbours are caught before the number is looked up. Numbers are
 * stored as the 12 digits; spaces and dashes typed between them are dropped.
 */

/** The Luhn check digit of a string of digits (the digit to append). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    // From the right, every other digit (starting with the rightmost of the payload) is doubled.
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The number as stored: the digits alone ('1234 5678-9012' → '123456789012'). */
export const normalizeCardNumber = (raw: string) => raw.replace(/[\s-]/g, '');

/** 12 digits whose last is the Luhn check digit of the first 11. */
export function isCardNumber(digits: string): boolean {
  return /^\d{12}$/.test(digits) && luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/** '123456789012' → '1234 5678 9012', as the back office shows it. */
export const formatCardNumber = (digits: string) => (/^\d{12}$/.test(digits) ? digits.replace(/(\d{4})(?=\d)/g, '$1 ') : digits);

export const cardMessages = {
  number: 'Give 12 digits: 11 and a check digit (or leave it empty to generate one)',
  numberTaken: 'Another card already has this number',
  percent: 'Between 1 and 50',
  number_: 'Must be a number',
  wholeNumber: 'Must be a whole number',
  expiry: 'Give a date (YYYY-MM-DD)',
  customer: 'Give the customer’s phone number or e-mail',
  customerUnknown: 'No customer has this phone number or e-mail',
  editConflict: 'Someone else saved this card after you opened it. Reload to see their changes, then make yours again.',
  customerHasCard: (number: string) => `This customer already holds card ${formatCardNumber(number)}. Unlink it first.`,
} as const;

const PercentSchema = z
  .number(cardMessages.number_)
  .int(cardMessages.wholeNumber)
  .min(1, cardMessages.percent)
  .max(50, cardMessages.percent);
/** Valid through this day (Dhaka); null: never expires. */
const ExpirySchema = z.iso.date(cardMessages.expiry).nullable();
/** The customer, found by phone or e-mail. */
const CustomerLookupSchema = text(cardMessages.customer).trim().max(254, cardMessages.customer);

export const AdminCardInputSchema = z.object({
  /** Empty or null: the API generates a number. */
  number: text(cardMessages.number)
    .max(40, cardMessages.number)
    .transform(normalizeCardNumber)
    .refine((v) => v === '' || isCardNumber(v), cardMessages.number)
    .nullable()
    .transform((v) => v || null),
  percent: PercentSchema,
  expires_on: ExpirySchema,
  /** Empty or null: the card is issued unlinked. */
  customer: CustomerLookupSchema.nullable().transform((v) => v || null),
});
export type AdminCardInput = z.input<typeof AdminCardInputSchema>;
export type AdminCardValues = z.output<typeof AdminCardInputSchema>;

/** PATCH: any subset. `customer` links the card to another customer; null unlinks it. The number never changes. */
export const AdminCardPatchSchema = z
  .object({
    percent: PercentSchema,
    expires_on: ExpirySchema,
    active: z.boolean('Must be true or false'),
    customer: CustomerLookupSchema.min(1, cardMessages.customer).nullable(),
    /** As the editor loaded it: a save over a newer one is refused (409 edit_conflict). */
    updated_at: LoadedAtSchema,
  })
  .partial()
  .refine(changesSomething, NOTHING_TO_CHANGE);
export type AdminCardPatch = z.output<typeof AdminCardPatchSchema>;

/** The back office's edit form: the customer field empty leaves the holder as it is (unlinking is its own button). */
export const AdminCardEditFormSchema = z.object({
  percent: PercentSchema,
  expires_on: ExpirySchema,
  active: z.boolean(),
  customer: CustomerLookupSchema,
});
export type AdminCardEditForm = z.input<typeof AdminCardEditFormSchema>;

export const CARD_STATES = ['active', 'inactive', 'expired'] as const;
export type CardState = (typeof CARD_STATES)[number];

export const CardHolderSchema = z.object({ id: z.number(), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() });
export type CardHolder = z.infer<typeof CardHolderSchema>;

export const AdminCardSchema = z.object({
  id: z.number(),
  number: z.string(),
  percent: z.number(),
  active: z.boolean(),
  /** The last day the card works (Dhaka), or null. */
  expires_on: z.string().nullable(),
  state: z.enum(CARD_STATES),
  holder: CardHolderSchema.nullable(),
  /** Orders placed with the card (cancelled ones left out) and the rebate they gave, poisha. */
  orders: z.number(),
  rebate_total: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminCard = z.infer<typeof AdminCardSchema>;

export const AdminCardListQuerySchema = z.object({
  /** A card number (or part of it), or a holder's phone or e-mail (or part). */
  q: text().trim().max(100, 'At most 100 characters').optional(),
  page: IdParamSchema.max(100_000).default(1),
  page_size: IdParamSchema.max(100).default(25),
});
export type AdminCardListQuery = z.output<typeof AdminCardListQuerySchema>;

export const AdminCardPageSchema = z.object({
  data: z.array(AdminCardSchema),
  meta: z.object({ page: z.number(), page_size: z.number(), total: z.number() }),
});
export type AdminCardPage = z.infer<typeof AdminCardPageSchema>;

/** One order placed with the card. */
export const CardUseSchema = z.object({
  order: z.string(),
  order_id: z.number(),
  customer: z.string(),
  placed_at: z.string(),
  cancelled: z.boolean(),
  rebate: z.number(),
});
export type CardUse = z.infer<typeof CardUseSchema>;
