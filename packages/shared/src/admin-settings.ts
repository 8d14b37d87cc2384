import { z } from 'zod';
import { DELIVERY_ZONES, SAME_DAY_CUTOFF_HOUR } from './checkout-rules.js';
import { LOW_STOCK_THRESHOLD, SERVICE_CLOSE_HOUR, SERVICE_OPEN_HOUR } from './constants.js';
import { MediaUrlSchema } from './media.js';

/**
 * The back office's settings screen and audit screen (issue 16 items 3 and 4): the shapes of
 * GET/PATCH /api/v1/admin/settings/ and GET /api/v1/admin/audit/. The API validates with these
 * schemas and the admin app's forms use the same ones.
 */

/** A colour as #rrggbb. */
const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour such as #c2185b');
export const AdminColoursSchema = z.object({ main: hexColour, separator: hexColour, font: hexColour });

/** Money in poisha (৳1 = 100), capped so a slipped digit is refused, not charged. */
const fee = z.number().int('Must be a whole number of poisha').min(0, 'Cannot be negative').max(1_000_000, 'At most ৳10,000');

export const AdminShippingFeesSchema = z.object({
  same_day: fee,
  standard_inside_dhaka: fee,
  dhaka_suburb: fee,
  outside_dhaka: fee,
});

const unique = <T>(items: T[]) => new Set(items).size === items.length;

export const AdminFreeDeliverySchema = z.object({
  /** The items' total (poisha) from which standard delivery is free. */
  threshold: z.number().int('Must be a whole number of poisha').min(0, 'Cannot be negative').max(100_000_000, 'At most ৳10,00,000'),
  zones: z
    .array(z.enum(DELIVERY_ZONES))
    .min(1, 'Choose at least one zone, or turn free delivery off')
    .refine(unique, 'A zone is listed twice'),
});

/** Days of the week, as customer-care hours name them (Dhaka time). */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const CareHoursSchema = z
  .object({
    days: z.array(z.enum(WEEKDAYS)).min(1, 'Choose at least one day').refine(unique, 'A day is listed twice'),
    /** Opens at this hour (0–23, Dhaka time)… */
    open_hour: z.number().int().min(0).max(23),
    /** …and closes at this one (1–24), later than it opens. */
    close_hour: z.number().int().min(1).max(24),
  })
  .refine((h) => h.close_hour > h.open_hour, { message: 'Must be later than the opening hour', path: ['close_hour'] });
export type CareHours = z.infer<typeof CareHoursSchema>;

/** The rules that were constants before the back office, with those constants as their defaults. */
export const DEFAULT_CARE_HOURS: CareHours = {
  days: ['sun', 'mon', 'tue', 'wed', 'thu'],
  open_hour: SERVICE_OPEN_HOUR,
  close_hour: SERVICE_CLOSE_HOUR,
};
export const DEFAULT_SAME_DAY_CUTOFF_HOUR = SAME_DAY_CUTOFF_HOUR;
export const DEFAULT_STOCK_WARNING_THRESHOLD = LOW_STOCK_THRESHOLD;

const searchWord = z.string().trim().toLowerCase().min(1, 'Cannot be empty').max(60, 'At most 60 characters');
export const AdminSearchRedirectsSchema = z.object({
  /** A search for one of these words goes to the toys section. */
  toy_brand_words: z.array(searchWord).max(200, 'At most 200 words').refine(unique, 'A word is listed twice'),
  /** A search for `word` goes to the page of the brand with this handle; null: none. */
  luxury: z
    .object({
      word: searchWord,
      brand: z
        .string()
        .min(1)
        .max(200)
        .regex(/^[a-z0-9-]+$/, 'Must be a brand handle (a-z, 0-9, -)'),
    })
    .nullable(),
});

/** The support line as +880 and 9–10 digits (a mobile or a 09610 hotline). */
const supportPhone = z.string().regex(/^\+880\d{9,10}$/, 'Write it as +880 followed by the number, e.g. +8809610001010');
/** A Bangladeshi mobile in its stored form. */
const bdMobile = z.string().regex(/^\+8801[013-9]\d{8}$/, 'Write it as +8801XXXXXXXXX');

/** A logo: one of the shop's own pictures; null: none. */
const mediaUrl = MediaUrlSchema.nullable();

/** Every setting the back office edits, as GET /api/v1/admin/settings/ answers it. Logos are uploaded with POST /api/v1/admin/media/. */
export const AdminSettingsSchema = z.object({
  /** Minutes before another SMS code may be sent. */
  SMS_TIMER: z.number().int('Whole minutes').min(1, 'At least 1 minute').max(30, 'At most 30 minutes'),
  /** Minutes a code stays valid. */
  OTP_VALIDITY: z.number().int('Whole minutes').min(1, 'At least 1 minute').max(60, 'At most 60 minutes'),
  shipping_fees: AdminShippingFeesSchema,
  /** Free standard delivery; null: none. */
  free_delivery: AdminFreeDeliverySchema.nullable(),
  /** Every storefront page says 'Website under maintenance' (staff may still preview). */
  site_under_maintenance: z.boolean(),
  /** The shell's colours for visitors (general) and for signed-in shoppers (registered). */
  colours: z.object({ general: AdminColoursSchema, registered: AdminColoursSchema }),
  /** The header's logo for visitors, and for signed-in shoppers (null: the visitors' one). */
  logo: mediaUrl,
  logo_logged: mediaUrl,
  support_phone: supportPhone,
  whatsapp_number: bdMobile,
  support_email: z.email('Must be an e-mail address').max(254),
  care_hours: CareHoursSchema,
  search_redirects: AdminSearchRedirectsSchema,
  /** Same-day delivery is offered for orders placed before this hour (Dhaka time). */
  same_day_cutoff_hour: z.number().int().min(1, 'Between 1 and 23').max(23, 'Between 1 and 23'),
  /** A variant with fewer units than this says 'only n left'. */
  stock_warning_threshold: z.number().int().min(1, 'At least 1').max(1000, 'At most 1000'),
  /** High-risk COD shoppers (their phone's record in this shop) pay the delivery fee by bKash first. */
  cod_deposit_high_risk: z.boolean(),
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;

/**
 * PATCH /api/v1/admin/settings/: any subset of the settings; the shipping fees, the two colour sets
 * and the two kinds of search redirect may each be sent alone. An unknown field is refused.
 */
export const AdminSettingsPatchSchema = z.strictObject({
  SMS_TIMER: AdminSettingsSchema.shape.SMS_TIMER.optional(),
  OTP_VALIDITY: AdminSettingsSchema.shape.OTP_VALIDITY.optional(),
  shipping_fees: AdminShippingFeesSchema.partial().strict().optional(),
  free_delivery: AdminSettingsSchema.shape.free_delivery.optional(),
  site_under_maintenance: z.boolean().optional(),
  colours: z.strictObject({ general: AdminColoursSchema.optional(), registered: AdminColoursSchema.optional() }).optional(),
  logo: mediaUrl.optional(),
  logo_logged: mediaUrl.optional(),
  support_phone: supportPhone.optional(),
  whatsapp_number: bdMobile.optional(),
  support_email: AdminSettingsSchema.shape.support_email.optional(),
  care_hours: CareHoursSchema.optional(),
  search_redirects: AdminSearchRedirectsSchema.partial().strict().optional(),
  same_day_cutoff_hour: AdminSettingsSchema.shape.same_day_cutoff_hour.optional(),
  stock_warning_threshold: AdminSettingsSchema.shape.stock_warning_threshold.optional(),
  cod_deposit_high_risk: z.boolean().optional(),
});
export type AdminSettingsPatch = z.infer<typeof AdminSettingsPatchSchema>;

/** One row of the audit screen. `changes` holds the changed fields only; secrets show as '[redacted]'. */
export const AuditEntrySchema = z.object({
  id: z.number(),
  /** Null for the command line and the system itself. */
  staff: z.object({ id: z.number(), email: z.string(), name: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** Dhaka has no daylight saving: a calendar day there starts at 00:00+06:00. */
const DHAKA_OFFSET = '+06:00';
const dayStart = (day: string) => new Date(`${day}T00:00:00${DHAKA_OFFSET}`);
const DAY_MS = 86_400_000;

/** A calendar day (YYYY-MM-DD, Dhaka) or an instant (ISO 8601 with its offset). */
const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Must be a date (YYYY-MM-DD) or a date and time' });

/**
 * GET /api/v1/admin/audit/: every filter optional. `from` is inclusive; `to` is exclusive for an
 * instant and takes in the whole day for a date, so from=to=2026-11-24 lists that day.
 */
export const AuditQuerySchema = z.object({
  staff_id: z.coerce.number().int().positive().optional(),
  entity: z.string().min(1).max(64).optional(),
  entity_id: z.string().min(1).max(64).optional(),
  action: z.string().min(1).max(64).optional(),
  from: dayOrInstant.transform((v) => (v.length === 10 ? dayStart(v) : new Date(v))).optional(),
  to: dayOrInstant.transform((v) => (v.length === 10 ? new Date(dayStart(v).getTime() + DAY_MS) : new Date(v))).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
/** The query as the API reads it (dates parsed). */
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({
  data: z.array(AuditEntrySchema),
  meta: z.object({ page: z.number(), page_size: z.number(), total: z.number() }),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
