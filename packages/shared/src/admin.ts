import { z } from 'zod';
import { EMAIL_PATTERN, normalizeEmail } from './email.js';
import { text } from './input.js';

/**
 * The back office's contract (issue 16): staff roles, what each may do, and the shapes of the admin
 * API under /api/v1/admin/. The API enforces the matrix on every admin route (403 `forbidden`); the
 * admin app reads the same matrix to hide what a role cannot do.
 */

export const STAFF_ROLES = ['owner', 'manager', 'catalog_editor', 'content_editor', 'fulfilment', 'customer_care'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  catalog_editor: 'Catalog editor',
  content_editor: 'Content editor',
  fulfilment: 'Fulfilment',
  customer_care: 'Customer care',
};

export const PERMISSIONS = [
  /** Invite, change the role of, and remove staff. */
  'staff.manage',
  /** Read the audit log. */
  'audit.read',
  /** Site and basic settings: fees, timers, maintenance, logos, colours, contact details. */
  'settings.write',
  /** Menus, footer, pages, blog, banners, store locations, the highlight message. */
  'content.write',
  /** Products, brands, collections, prices (part 2). */
  'catalog.write',
  /** Stock adjustments (part 2). */
  'inventory.write',
  /** Approve, hide and answer reviews (part 2). */
  'reviews.moderate',
  /** Coupons and gift offers (part 2). */
  'offers.write',
  /** See orders and their customers (part 3). */
  'orders.read',
  /** Confirm, edit, pack, ship and cancel orders (part 3). */
  'orders.write',
  /** Refund a paid order (part 3). */
  'orders.refund',
  /** Customers' profiles and notes (part 3). */
  'customers.write',
  /** Sales figures (part 3). */
  'dashboard.read',
  /** See the background jobs and messages that failed, and run them again. */
  'jobs.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Who may do what. Owners may do everything; only owners manage staff. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((p) => p !== 'staff.manage'),
  catalog_editor: ['catalog.write', 'inventory.write', 'reviews.moderate', 'offers.write', 'dashboard.read'],
  content_editor: ['content.write'],
  fulfilment: ['orders.read', 'orders.write', 'inventory.write'],
  customer_care: ['orders.read', 'orders.write', 'customers.write', 'reviews.moderate'],
};

export function can(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Roles whose members must use two-factor sign-in in production. */
export const TWO_FACTOR_ROLES: readonly StaffRole[] = ['owner', 'manager'];

// ---------------------------------------------------------------- staff sign-in and accounts

export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export const StaffRoleSchema = z.enum(STAFF_ROLES, { error: 'Choose a role' });

export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;

export const staffMessages = {
  emailInvalid: 'Please enter a valid e-mail address',
  passwordTooShort: `Use at least ${STAFF_PASSWORD_MIN} characters`,
  passwordTooLong: `Use at most ${STAFF_PASSWORD_MAX} characters`,
  passwordWeak: 'Mix letters with digits or symbols, and avoid repeating one character',
  otpFormat: 'Enter the 6-digit code from your authenticator app',
  nameRequired: 'Please enter a name',
  loginFailed: 'E-mail or password is incorrect',
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app',
  otpInvalid: 'That code is not right. Check the time on your phone and try again',
  loginRequired: 'Please sign in to the back office',
  forbidden: 'Your role cannot do this',
  twoFactorSetupRequired: 'Set up two-factor sign-in before you continue',
  /** A locked account and too many attempts read alike: the answer does not tell which e-mails exist. */
  tooManyAttempts: 'Too many sign-in attempts: try again later',
  linkInvalid: 'This link is not valid any more: ask for a new one',
  lastOwner: 'The shop needs at least one active owner',
  staffExists: 'A staff member already has this e-mail',
  passwordResetSent: 'If this e-mail belongs to a staff member, a link to set a new password is on its way',
} as const;

/** Lowercased and trimmed, like staff_members.email. */
export const StaffEmailSchema = text({ error: staffMessages.emailInvalid })
  .trim()
  .max(254, staffMessages.emailInvalid)
  .transform(normalizeEmail)
  .refine((v) => EMAIL_PATTERN.test(v), staffMessages.emailInvalid);

/** True for a password a staff member may not use: short, one kind of character, or one character repeated. */
export function isWeakStaffPassword(password: string): boolean {
  if (password.length < STAFF_PASSWORD_MIN) return true;
  const kinds = [/[a-zA-Z]/, /\d/, /[^a-zA-Z\d]/].filter((re) => re.test(password)).length;
  return kinds < 2 || new Set(password).size < 5;
}

/** A staff member's new password (invitation, reset, the command line): 12 or more characters, not trivially weak. */
export const StaffPasswordSchema = text({ error: staffMessages.passwordTooShort })
  .min(STAFF_PASSWORD_MIN, staffMessages.passwordTooShort)
  .max(STAFF_PASSWORD_MAX, staffMessages.passwordTooLong)
  .refine((v) => !isWeakStaffPassword(v), staffMessages.passwordWeak);

export const TotpCodeSchema = z
  .string({ error: staffMessages.otpFormat })
  .trim()
  .regex(/^\d{6}$/, staffMessages.otpFormat);

const StaffNameSchema = text({ error: staffMessages.nameRequired }).trim().min(1, staffMessages.nameRequired).max(100);
/** Tokens of sessions, invitations and reset links: 32 random bytes, base64url. */
const LinkTokenSchema = z
  .string()
  .min(20)
  .max(100)
  .regex(/^[\w-]+$/);

/** POST /admin/auth/login/: otp is asked for (401 two_factor_required) only when the account has TOTP. */
export const StaffLoginPayloadSchema = z.object({
  email: StaffEmailSchema,
  // Any length: an old password may predate today's rules; only the hash decides.
  password: text({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(STAFF_PASSWORD_MAX),
  otp: TotpCodeSchema.optional(),
});
export type StaffLoginPayload = z.input<typeof StaffLoginPayloadSchema>;

/** The signed-in staff member, as the admin app sees them. */
export const StaffMeSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  permissions: z.array(z.enum(PERMISSIONS)),
  two_factor_enabled: z.boolean(),
  /** Must enrol in two-factor sign-in before anything else (owner and manager, in production). */
  two_factor_required: z.boolean(),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

export const StaffLoginResponseSchema = z.object({ data: z.object({ token: z.string(), staff: StaffMeSchema }) });
export type StaffLoginResponse = z.infer<typeof StaffLoginResponseSchema>;
export const StaffMeResponseSchema = z.object({ data: StaffMeSchema });
export type StaffMeResponse = z.infer<typeof StaffMeResponseSchema>;
/** A write with nothing else to say. */
export const AdminOkResponseSchema = z.object({ success: z.literal(true) });
export type AdminOkResponse = z.infer<typeof AdminOkResponseSchema>;
export const AdminDetailResponseSchema = z.object({ success: z.literal(true), detail: z.string() });
export type AdminDetailResponse = z.infer<typeof AdminDetailResponseSchema>;

export const TotpSetupResponseSchema = z.object({
  data: z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() }),
});
export type TotpSetupResponse = z.infer<typeof TotpSetupResponseSchema>;
export const TotpConfirmPayloadSchema = z.object({ otp: TotpCodeSchema });
export const TotpDisablePayloadSchema = z.object({ password: text().min(1, 'Please enter your password').max(STAFF_PASSWORD_MAX) });

export const StaffSessionSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof StaffSessionSchema>;
export const StaffSessionsResponseSchema = z.object({ data: z.array(StaffSessionSchema) });

export const StaffPasswordResetRequestSchema = z.object({ email: StaffEmailSchema });
export const StaffPasswordResetConfirmSchema = z.object({ token: LinkTokenSchema, password: StaffPasswordSchema });
export type StaffPasswordResetConfirm = z.input<typeof StaffPasswordResetConfirmSchema>;

export const InvitationTokenParamsSchema = z.object({ token: LinkTokenSchema });
export const InvitationResponseSchema = z.object({ data: z.object({ email: z.string(), role: StaffRoleSchema }) });
export type InvitationResponse = z.infer<typeof InvitationResponseSchema>;
export const InvitationAcceptPayloadSchema = z.object({ token: LinkTokenSchema, name: StaffNameSchema, password: StaffPasswordSchema });
export type InvitationAcceptPayload = z.input<typeof InvitationAcceptPayloadSchema>;

/** A staff member in the owner's list. */
export const StaffMemberSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  status: z.enum(STAFF_STATUSES),
  two_factor_enabled: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffListResponseSchema = z.object({ data: z.array(StaffMemberSchema) });
export const StaffMemberResponseSchema = z.object({ data: StaffMemberSchema });

export const StaffInvitePayloadSchema = z.object({ email: StaffEmailSchema, name: StaffNameSchema, role: StaffRoleSchema });
export type StaffInvitePayload = z.input<typeof StaffInvitePayloadSchema>;
/** PATCH /admin/staff/{id}/: any of the three. An invited member's status stays 'invited' until they accept. */
export const StaffUpdatePayloadSchema = z
  .object({ name: StaffNameSchema.optional(), role: StaffRoleSchema.optional(), status: z.enum(['active', 'disabled']).optional() })
  .refine((v) => v.name !== undefined || v.role !== undefined || v.status !== undefined, { message: 'Nothing to change', path: ['name'] });
export type StaffUpdatePayload = z.input<typeof StaffUpdatePayloadSchema>;
