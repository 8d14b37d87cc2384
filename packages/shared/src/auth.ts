import { z } from 'zod';
import { OTP_LENGTH } from './constants.js';
import { EMAIL_PATTERN, normalizeEmail } from './email.js';
import { IdParamSchema, text } from './input.js';
import * as messages from './messages.js';
import { canonicalBdMobile, normalizePhoneInput } from './phone.js';
import type { ProductCard } from './catalog.js';

/*
 * Accounts API (SPEC §3, §7). Every path is under /api/v1; every unsafe request that carries cookies
 * needs X-CSRFToken (GET /csrf/ first). The session token is set as the HttpOnly cookie `token`
 * (AUTH_COOKIE) by every call that signs in, and is also returned as data.token for API clients,
 * which may send it back as `Authorization: Token <token>`. The browser never needs to store it.
 *
 * method path                                        body / query → response
 * POST   /accounts/exists/                           ContactBody → ExistsResponse (200 either way)
 * POST   /accounts/email-valid/                      ContactBody (an email) → EmailValidResponse
 * POST   /accounts/passwordless/                     ContactBody → PasswordlessResponse | 429 with retry_after
 * POST   /accounts/passwordless/:token/:uid/:hash/   {} → LoginResponse (the link of the email, single use, 15 min)
 * POST   /accounts/login-otp/                        ContactBody (a BD mobile, or an email whose account has one) → OtpSentResponse
 * POST   /accounts/login/                            LoginPayload → LoginResponse
 * GET    /social-providers/                          → SocialProvidersResponse (only configured providers)
 * GET    /accounts/social/:provider/?next=/path      → 302 to the provider (google | facebook | instagram)
 * GET    /accounts/social/:provider/callback/        → 302 to next (cookie set) or to /?social_error=1
 * POST   /accounts/logout/                           {} → { success: true } (revokes the token, clears the cookie)
 * POST   /accounts/register/                         RegisterPayload → 201 RegisterResponse (an SMS code, or an email code for non-BD phones, is sent)
 * POST   /accounts/guest/                            GuestRegisterPayload → 201 GuestRegisterResponse (SMS code sent)
 * POST   /accounts/verify-sms/                       VerifySmsPayload → VerifyResponse (customer; signs in unless login:false)
 * POST   /accounts/guest/verify-sms/                 VerifySmsPayload → VerifyResponse (guest session; data.guest_id)
 * POST   /accounts/send-otp/                         ContactBody → OtpSentResponse (resend; to the phone when body is a phone, to the address when an email)
 * POST   /accounts/guest/send-otp/                   ContactBody (phone) → OtpSentResponse
 * POST   /accounts/verify/                           VerifyAccountPayload → VerifyResponse (finishes registration: code + password, signs in)
 * GET    /accounts/verification-status/:kind/        kind email|sms, signed in → VerificationStatusResponse
 * POST   /accounts/token-refresh/                    signed in → { data: { token } } (old token revoked) | 401
 * POST   /accounts/password-reset/                   ContactBody → { success, detail } (always the same answer)
 * GET    /accounts/password-reset/:id/               → { success: true } | 404 when unknown, used or expired
 * POST   /accounts/password-reset/:id/               PasswordResetPayload → LoginResponse
 * POST   /accounts/verify-email/:id/                 {} → LoginResponse (the link of the registration email)
 * GET    /me/                                        → MeResponse (never 401: user null for a visitor)
 * GET    /accounts/profile/                          signed in → { data: Profile }
 * PUT    /accounts/profile/                          ProfileUpdatePayload → { success, detail, data: Profile }
 * PUT    /accounts/password/                         PasswordChangePayload → { success, detail }
 * GET    /accounts/notifications/                    signed in → { data: NotificationPrefs }
 * PUT    /accounts/notifications/                    NotificationPrefs → { success, detail, data: NotificationPrefs }
 * GET    /wishlist/                                  signed in → WishlistResponse
 * POST   /wishlist/                                  WishlistAddPayload → 201 WishlistAddResponse | 404 unknown product
 * DELETE /wishlist/:productId/                       → { success, message } | 404 when not in the list
 * GET    /dev/outbox and /dev/outbox.json?to=        development and test only (404 in production): sent SMS and email
 *
 * Errors use the one contract { error: { code, message, fields?, retry_after? } }. Codes the UI branches on:
 * bad_request (400, fields per input; wrong password → messages.wrongCredentials; wrong or expired
 * code → messages.codeIncorrect with fields.code), not_found (404: unknown account → messages.accountNotFound),
 * conflict (409: email or phone taken, fields.email = messages.emailTaken / fields.phone = messages.phoneTaken),
 * rate_limited (429: retry_after seconds; passwordless cooldown message 'Please wait m:ss'),
 * unauthorized (401: not signed in, or refresh with a dead token).
 */

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'instagram'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const GENDERS = ['Other', 'Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];
/** Gender as stored and sent in the register note: lowercase. */
export type StoredGender = Lowercase<Gender>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** International numbers in E.164 (+ and 8 to 15 digits); Bangladeshi ones must match SPEC §5's mobile pattern. */
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * The stored form of a phone: +8801XXXXXXXXX for a Bangladeshi mobile, +<digits> for a number abroad
 * (00 prefix becomes +). Bangladeshi landlines and anything else: null. Only BD mobiles receive SMS.
 */
export function canonicalPhone(raw: string): string | null {
  const bd = canonicalBdMobile(raw);
  if (bd) return bd;
  let p = normalizePhoneInput(raw);
  if (p.startsWith('00')) p = `+${p.slice(2)}`;
  if (!E164.test(p) || p.startsWith('+880')) return null;
  return p;
}

export type Contact = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/** Reads a login field: an email (lowercased, trimmed) or a phone (canonical). Null when neither. */
export function parseContact(raw: string): Contact | null {
  const trimmed = raw.trim();
  if (trimmed.includes('@')) {
    const email = normalizeEmail(trimmed);
    return EMAIL_PATTERN.test(email) ? { kind: 'email', value: email } : null;
  }
  const phone = canonicalPhone(trimmed);
  return phone ? { kind: 'phone', value: phone } : null;
}

/** The login field: 'Please enter your email or phone number' when empty, 'Please enter valid email or phone' when neither. Output: lowercased email or canonical phone. */
export const ContactFieldSchema = text({ error: messages.loginFieldEmpty })
  .trim()
  .min(1, messages.loginFieldEmpty)
  .max(254, messages.loginFieldInvalid)
  .refine((v) => parseContact(v) !== null, messages.loginFieldInvalid)
  .transform((v) => (parseContact(v) as Contact).value);

export const EmailFieldSchema = text({ error: messages.emailInvalid })
  .trim()
  .max(254, messages.emailInvalid)
  .transform(normalizeEmail)
  .refine((v) => EMAIL_PATTERN.test(v), messages.emailInvalid);

export const PhoneFieldSchema = text({ error: messages.phoneRequired })
  .trim()
  .min(1, messages.phoneRequired)
  .max(32, messages.phoneInvalid)
  .refine((v) => canonicalPhone(v) !== null, messages.phoneInvalid)
  .transform((v) => canonicalPhone(v) as string);

export const OtpCodeSchema = z
  .string({ error: messages.codeIncorrect })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), messages.codeIncorrect);

export const PasswordSchema = text({ error: messages.passwordTooShort })
  .min(PASSWORD_MIN, messages.passwordTooShort)
  .max(PASSWORD_MAX, messages.passwordTooLong);

/** YYYY-MM-DD, a real date, between 1900 and today. */
export const BirthdaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.birthdayInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCFullYear() >= 1900 && d.getTime() <= Date.now();
  }, messages.birthdayInvalid);

const nameField = (required: string) => text({ error: required }).trim().min(1, required).max(100);

/** Body of exists, email-valid, passwordless, login-otp, send-otp and password-reset: { email } holding an email or a phone. */
export const ContactBodySchema = z.object({ email: ContactFieldSchema });
export type ContactBody = z.input<typeof ContactBodySchema>;
export const EmailBodySchema = z.object({ email: EmailFieldSchema });

/** The register form of SPEC §3 (the modal and /store/register). */
export const RegisterFormSchema = z
  .object({
    email: EmailFieldSchema,
    phone: PhoneFieldSchema,
    firstName: nameField(messages.firstNameRequired),
    lastName: nameField(messages.lastNameRequired),
    birthday: z.union([BirthdaySchema, z.literal('')]).optional(),
    gender: z.union([z.enum(GENDERS), z.literal('')]).optional(),
    newsletter_email: z.boolean().default(true),
    newsletter_sms: z.boolean().default(true),
    password: PasswordSchema,
    password_confirm: text(),
    /** Filled in the OTP panel after the register call. */
    otp: z.union([OtpCodeSchema, z.literal('')]).optional(),
  })
  .refine((v) => v.password === v.password_confirm, { path: ['password_confirm'], message: messages.passwordMismatch });
export type RegisterForm = z.input<typeof RegisterFormSchema>;

export const RegisterNoteSchema = z.object({
  birthday: BirthdaySchema.nullable().optional(),
  gender: z.enum(['other', 'male', 'female']).nullable().optional(),
});
export type RegisterNote = z.infer<typeof RegisterNoteSchema>;

/** POST /accounts/register/: the payload of SPEC §3. The password is set afterwards with the code (POST /accounts/verify/). */
export const RegisterPayloadSchema = z.object({
  customer: z.object({
    email: EmailFieldSchema,
    phone: PhoneFieldSchema,
    first_name: nameField(messages.firstNameRequired),
    last_name: nameField(messages.lastNameRequired),
    note: RegisterNoteSchema.default({}),
    newsletter_email: z.boolean().default(true),
    newsletter_sms: z.boolean().default(true),
    online_customer: z.literal(true),
  }),
  /** The client's request-timeout flag; accepted and ignored by the server. */
  withTimeout: z.boolean().optional(),
});
export type RegisterPayload = z.input<typeof RegisterPayloadSchema>;

/** Builds the register payload from the parsed form: birthday and gender go into the note, gender lowercase. */
export function toRegisterPayload(form: z.output<typeof RegisterFormSchema>): RegisterPayload {
  return {
    customer: {
      email: form.email,
      phone: form.phone,
      first_name: form.firstName,
      last_name: form.lastName,
      note: {
        birthday: form.birthday ? form.birthday : null,
        gender: form.gender ? (form.gender.toLowerCase() as StoredGender) : null,
      },
      newsletter_email: form.newsletter_email,
      newsletter_sms: form.newsletter_sms,
      online_customer: true,
    },
    withTimeout: true,
  };
}

/** How long until the code can be resent and until it expires, in seconds from the response. */
export type OtpTimers = { resend_in_seconds: number; expires_in_seconds: number };

export type RegisterResponse = {
  success: true;
  detail: string; // messages.registrationSuccessful
  data: { customer_id: number; guest: false; email: string; phone: string; otp_channel: 'sms' | 'email' };
  otp: OtpTimers;
};

/** POST /accounts/guest/: a guest needs only a phone (a BD mobile: the code goes by SMS). */
export const GuestRegisterPayloadSchema = z.object({
  customer: z.object({
    phone: PhoneFieldSchema.refine((p) => p.startsWith('+8801'), messages.smsBdOnly),
    email: z.union([EmailFieldSchema, z.literal('')]).optional(),
    first_name: text().trim().max(100).optional(),
    last_name: text().trim().max(100).optional(),
  }),
  withTimeout: z.boolean().optional(),
});
export type GuestRegisterPayload = z.input<typeof GuestRegisterPayloadSchema>;
export type GuestRegisterResponse = { success: true; id: string; detail: string; otp: OtpTimers };

/** POST /accounts/login/: email holds an email or a phone; exactly one of password or otp. */
export const LoginPayloadSchema = z
  .object({
    email: ContactFieldSchema,
    password: text().min(1).max(PASSWORD_MAX).optional(),
    otp: OtpCodeSchema.optional(),
  })
  .refine((v) => (v.password === undefined) !== (v.otp === undefined), { path: ['password'], message: messages.passwordOrOtp });
export type LoginPayload = z.input<typeof LoginPayloadSchema>;

/**
 * Login, magic link, email verification, password reset. verified = email verified, sms = phone verified.
 * data is null when the account needs a step first: verified false → a new magic link was sent and
 * detail is messages.emailNotVerified; sms false → a code was sent to the phone, open the OTP panel.
 */
export type LoginResponse = {
  success: boolean;
  verified: boolean;
  sms: boolean;
  detail: string;
  data: { token: string } | null;
  otp?: OtpTimers;
};

export type ExistsResponse = {
  /** SPEC §7: success means the account exists. */
  success: boolean;
  exists: boolean;
  kind: 'email' | 'phone';
};

export type EmailValidResponse = { result: 'valid' | 'invalid'; message: string | null };

export type PasswordlessResponse = { success: true; detail: string; cooldown_seconds: number };

/** Login OTP and resends: detail is messages.otpResent on a resend. */
export type OtpSentResponse = { success: true; detail: string; otp: OtpTimers };

/** POST /accounts/verify-sms/ and /accounts/guest/verify-sms/. email or phone names the account; code is the 6 digits. */
export const VerifySmsPayloadSchema = z
  .object({
    email: z.union([ContactFieldSchema, z.literal('')]).optional(),
    phone: z.union([PhoneFieldSchema, z.literal('')]).optional(),
    verify_sms_code: z.boolean().optional(),
    code: OtpCodeSchema,
    /** willNotLoginAfterRegister: false verifies without signing in. */
    login: z.boolean().default(true),
  })
  .refine((v) => Boolean(v.email) || Boolean(v.phone), { path: ['phone'], message: messages.phoneRequired });
export type VerifySmsPayload = z.input<typeof VerifySmsPayloadSchema>;

/** POST /accounts/verify/: finishes a registration with the code (SMS, or email for phones abroad) and the password. */
export const VerifyAccountPayloadSchema = z.object({
  customer_id: IdParamSchema,
  password: PasswordSchema.optional(),
  otp: OtpCodeSchema,
  /** Which code: the registration's by default (SMS for a Bangladeshi mobile, email otherwise); email after POST /accounts/send-otp/ with the address. */
  channel: z.enum(['sms', 'email']).optional(),
  login: z.boolean().default(true),
});
export type VerifyAccountPayload = z.input<typeof VerifyAccountPayloadSchema>;

export type VerifyResponse = {
  success: true;
  detail: string; // messages.smsVerified, messages.createdNewUser, messages.verifiedSuccessfully
  data: { token: string; guest_id?: string } | null;
};

export const VERIFICATION_KINDS = ['email', 'sms'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];
export type VerificationStatusResponse = { kind: VerificationKind; verified: boolean };

export type TokenResponse = { data: { token: string } };

export const PasswordResetPayloadSchema = z
  .object({ password: PasswordSchema, password_confirm: text() })
  .refine((v) => v.password === v.password_confirm, { path: ['password_confirm'], message: messages.passwordMismatch });
export type PasswordResetPayload = z.input<typeof PasswordResetPayloadSchema>;

export const PasswordChangePayloadSchema = z
  .object({ current_password: text().max(PASSWORD_MAX).optional(), password: PasswordSchema, password_confirm: text() })
  .refine((v) => v.password === v.password_confirm, { path: ['password_confirm'], message: messages.passwordMismatch });
export type PasswordChangePayload = z.input<typeof PasswordChangePayloadSchema>;

export type SessionUser = {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  guest: boolean;
  verified_email: boolean;
  verified_sms: boolean;
};
/** GET /me/: user is null for a visitor. location is BD for a signed-in customer. */
export type MeResponse = { data: { user: SessionUser | null; location: 'BD' | 'INT' } };

export type Profile = {
  id: number;
  email: string | null;
  phone: string | null;
  first_name: string;
  last_name: string;
  birthday: string | null;
  gender: StoredGender | null;
  verified_email: boolean;
  verified_sms: boolean;
  has_password: boolean;
};
export const ProfileUpdatePayloadSchema = z.object({
  first_name: nameField(messages.firstNameRequired),
  last_name: nameField(messages.lastNameRequired),
  birthday: BirthdaySchema.nullable().optional(),
  gender: z.enum(['other', 'male', 'female']).nullable().optional(),
});
export type ProfileUpdatePayload = z.input<typeof ProfileUpdatePayloadSchema>;

export const NotificationPrefsSchema = z.object({ newsletter_email: z.boolean(), newsletter_sms: z.boolean() });
export type NotificationPrefs = z.infer<typeof NotificationPrefsSchema>;

export type SocialProvidersResponse = { data: { provider: SocialProvider; name: string; start_url: string }[] };

export const WishlistAddPayloadSchema = z.object({ product_id: IdParamSchema });
export type WishlistAddPayload = z.input<typeof WishlistAddPayloadSchema>;
export type WishlistAddResponse = { success: true; message: string };
export type WishlistResponse = { data: { product_ids: number[]; results: ProductCard[] } };

/** 'Please wait m:ss' for a cooldown of the given seconds. */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
