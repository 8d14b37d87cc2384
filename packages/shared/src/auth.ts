import { z } from 'zod';
import { OTP_LENGTH } from './constants.js';
import { EMAIL_PATTERN, normalizeEmail } from './email.js';
import { IdParamSchema, text } from './input.js';
import * as messages from './messages.js';
import type { Message } from './messages.js';
import { canonicalBdMobile, normalizePhoneInput } from './phone.js';
import { ProductCardSchema } from './catalog.js';

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
 * POST   /accounts/register/                         RegisterPayload → 201 RegisterResponse (an SMS code, or an email code for non-BD phones, is sent; email may be left out for a BD mobile)
 * POST   /accounts/guest/                            GuestRegisterPayload → 201 GuestRegisterResponse (SMS code sent)
 * POST   /accounts/verify-sms/                       VerifySmsPayload → VerifyResponse (customer; signs in unless login:false)
 * POST   /accounts/guest/verify-sms/                 VerifySmsPayload → VerifyResponse (guest session; data.guest_id)
 * POST   /accounts/send-otp/                         ContactBody → OtpSentResponse (resend; to the phone when body is a phone, to the address when an email)
 * POST   /accounts/guest/send-otp/                   ContactBody (phone) → OtpSentResponse
 * POST   /accounts/verify/                           VerifyAccountPayload → VerifyResponse (finishes registration: code + password, signs in)
 * GET    /accounts/verification-status/:kind/        kind email|sms, signed in → VerificationStatusResponse
 * POST   /accounts/token-refresh/                    signed in → { data: { token } } (old token revoked) | 401
 * POST   /accounts/password-reset/                   PasswordResetRequest → PasswordResetRequestResponse (always the same answer; a BD mobile gets an SMS code, an email a link)
 * POST   /accounts/password-reset/code/              PasswordResetCodePayload → LoginResponse (the SMS code and a new password; signs in)
 * GET    /accounts/password-reset/:id/               → { success: true } | 400 otp_expired when unknown, used or expired
 * POST   /accounts/password-reset/:id/               PasswordResetPayload → LoginResponse
 * POST   /accounts/verify-email/:id/                 {} → LoginResponse (the link of the registration email)
 * GET    /me/                                        → MeResponse (never 401: user null for a visitor)
 * GET    /accounts/profile/                          signed in → { data: Profile }
 * PUT    /accounts/profile/                          ProfileUpdatePayload → { success, detail, data: Profile }
 * PUT    /accounts/password/                         PasswordChangePayload → { success, detail }
 * GET    /accounts/notifications/                    signed in → { data: NotificationPrefs }
 * PUT    /accounts/notifications/                    NotificationPrefs → { success, detail, data: NotificationPrefs }
 * GET    /accounts/privilege-card/                   signed in → MyPrivilegeCardResponse (data null when none is linked)
 * POST   /accounts/privilege-card/                   PrivilegeCardLinkPayload → MyPrivilegeCardSavedResponse | 400 fields.number = messages.privilegeCardLinkFailed (any failure) | 429 (5 tries per 15 minutes)
 * DELETE /accounts/privilege-card/                   signed in → { success, detail } (the card stays in the store, unlinked)
 * GET    /wishlist/                                  signed in → WishlistResponse
 * POST   /wishlist/                                  WishlistAddPayload → 201 WishlistAddResponse | 404 product_not_found
 * DELETE /wishlist/:productId/                       → { success, message } | 404 wishlist_item_not_found
 * GET    /dev/outbox and /dev/outbox.json?to=        development and test only (404 in production): sent SMS and email
 *
 * Errors use the one contract { error: { code, message, fields?, retry_after? } }. Codes the UI branches on:
 * validation_failed (400, fields per input), login_failed (400: wrong password, or no such account, alike →
 * messages.wrongCredentials; a wrong current password → fields.current_password), otp_invalid (400: a wrong
 * code, or no account or phone to check it against → messages.codeIncorrect with fields.code; a tampered
 * link → messages.linkInvalid), otp_expired (400: a code used, past its time or out of attempts →
 * messages.codeIncorrect with fields.code, a new code helps; an e-mail link used or past its time →
 * messages.linkInvalid / passwordResetInvalid), account_not_found (404: messages.accountNotFound),
 * account_exists (409: fields.email = messages.emailTaken / fields.phone = messages.phoneTaken),
 * sms_bd_only (400: SMS goes to Bangladeshi mobiles only, fields.email), email_required (400: an e-mail is
 * needed — a phone abroad, a newsletter by e-mail, an e-mail link for an account without one),
 * delivery_unavailable (503: the SMS gateway fails; offer 'email_link' when the account has an e-mail),
 * rate_limited (429: retry_after seconds; passwordless cooldown message 'Please wait m:ss'),
 * login_required (401: not signed in, or refresh with a dead token).
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
  .min(1, { error: messages.loginFieldEmpty })
  .max(254, { error: messages.loginFieldInvalid })
  .refine((v) => parseContact(v) !== null, { error: messages.loginFieldInvalid })
  .transform((v) => (parseContact(v) as Contact).value);

export const EmailFieldSchema = text({ error: messages.emailInvalid })
  .trim()
  .max(254, { error: messages.emailInvalid })
  .transform(normalizeEmail)
  .refine((v) => EMAIL_PATTERN.test(v), { error: messages.emailInvalid });

/** An email that may be left blank (a shopper with a Bangladeshi mobile and no address): blank, null or absent reads as null. */
export const OptionalEmailFieldSchema = text({ error: messages.emailInvalid })
  .trim()
  .max(254, { error: messages.emailInvalid })
  .transform(normalizeEmail)
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), { error: messages.emailInvalid })
  .nullish()
  .transform((v) => v || null);

/** Codes go by SMS to Bangladeshi mobiles only. */
const isSmsMobile = (canonical: string) => canonical.startsWith('+8801');

/**
 * A phone abroad needs an email for its registration code. Checked only once the phone itself is
 * valid (refinements also run beside field errors; an invalid phone has its own message).
 */
const emailWhereNeeded = (v: { email: string | null; phone: string }) =>
  v.email !== null || canonicalPhone(v.phone) !== v.phone || isSmsMobile(v.phone);

export const PhoneFieldSchema = text({ error: messages.phoneRequired })
  .trim()
  .min(1, { error: messages.phoneRequired })
  .max(32, { error: messages.phoneInvalid })
  .refine((v) => canonicalPhone(v) !== null, { error: messages.phoneInvalid })
  .transform((v) => canonicalPhone(v) as string);

export const OtpCodeSchema = z
  .string({ error: messages.codeIncorrect })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: messages.codeIncorrect });

export const PasswordSchema = text({ error: messages.passwordTooShort })
  .min(PASSWORD_MIN, { error: messages.passwordTooShort })
  .max(PASSWORD_MAX, { error: messages.passwordTooLong });

/** YYYY-MM-DD, a real date, between 1900 and today. */
export const BirthdaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.birthdayInvalid })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCFullYear() >= 1900 && d.getTime() <= Date.now();
    },
    { error: messages.birthdayInvalid },
  );

const nameField = (required: Message) =>
  text({ error: required })
    .trim()
    .min(1, { error: required })
    .max(100, { error: () => messages.atMost(100) });

/** Body of exists, email-valid, passwordless, login-otp, send-otp and password-reset: { email } holding an email or a phone. */
export const ContactBodySchema = z.object({ email: ContactFieldSchema });
export type ContactBody = z.input<typeof ContactBodySchema>;
export const EmailBodySchema = z.object({ email: EmailFieldSchema });

/** The register form of SPEC §3 (the modal and /store/register). The email may be left blank when the phone is a Bangladeshi mobile. */
export const RegisterFormSchema = z
  .object({
    email: OptionalEmailFieldSchema,
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
  .refine((v) => v.password === v.password_confirm, { path: ['password_confirm'], error: messages.passwordMismatch })
  .refine(emailWhereNeeded, { path: ['email'], error: messages.emailNeededAbroad });
export type RegisterForm = z.input<typeof RegisterFormSchema>;

export const RegisterNoteSchema = z.object({
  birthday: BirthdaySchema.nullable().optional(),
  gender: z.enum(['other', 'male', 'female']).nullable().optional(),
});
export type RegisterNote = z.infer<typeof RegisterNoteSchema>;

/** POST /accounts/register/: the payload of SPEC §3. The password is set afterwards with the code (POST /accounts/verify/). */
export const RegisterPayloadSchema = z.object({
  customer: z
    .object({
      /** Blank, null or absent for a shopper without one: allowed when the phone is a Bangladeshi mobile (the code goes by SMS). */
      email: OptionalEmailFieldSchema,
      phone: PhoneFieldSchema,
      first_name: nameField(messages.firstNameRequired),
      last_name: nameField(messages.lastNameRequired),
      note: RegisterNoteSchema.default({}),
      newsletter_email: z.boolean().default(true),
      newsletter_sms: z.boolean().default(true),
      online_customer: z.literal(true),
    })
    .refine(emailWhereNeeded, { path: ['email'], error: messages.emailNeededAbroad }),
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
      // Without an address there is no email newsletter to subscribe to.
      newsletter_email: form.newsletter_email && form.email !== null,
      newsletter_sms: form.newsletter_sms,
      online_customer: true,
    },
    withTimeout: true,
  };
}

/*
 * The answers of the accounts API. Each is a zod schema (the route declares it, so /api/docs shows it
 * and nothing else leaves the server) and its type by the same name.
 */

/** How long until the code can be resent and until it expires, in seconds from the response. */
export const OtpTimersSchema = z.object({ resend_in_seconds: z.number(), expires_in_seconds: z.number() });
export type OtpTimers = z.infer<typeof OtpTimersSchema>;

const OTP_CHANNELS = ['sms', 'email'] as const;

export const RegisterResponseSchema = z.object({
  success: z.literal(true),
  /** messages.registrationSuccessful */
  detail: z.string(),
  data: z.object({
    customer_id: z.number().int(),
    guest: z.literal(false),
    email: z.string().nullable(),
    phone: z.string(),
    otp_channel: z.enum(OTP_CHANNELS),
  }),
  otp: OtpTimersSchema,
});
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** POST /accounts/guest/: a guest needs only a phone (a BD mobile: the code goes by SMS). */
export const GuestRegisterPayloadSchema = z.object({
  customer: z.object({
    phone: PhoneFieldSchema.refine((p) => p.startsWith('+8801'), { error: messages.smsBdOnly }),
    email: z.union([EmailFieldSchema, z.literal('')]).optional(),
    first_name: text().trim().max(100).optional(),
    last_name: text().trim().max(100).optional(),
  }),
  withTimeout: z.boolean().optional(),
});
export type GuestRegisterPayload = z.input<typeof GuestRegisterPayloadSchema>;
export const GuestRegisterResponseSchema = z.object({ success: z.literal(true), id: z.string(), detail: z.string(), otp: OtpTimersSchema });
export type GuestRegisterResponse = z.infer<typeof GuestRegisterResponseSchema>;

/** POST /accounts/login/: email holds an email or a phone; exactly one of password or otp. */
export const LoginPayloadSchema = z
  .object({
    email: ContactFieldSchema,
    password: text().min(1).max(PASSWORD_MAX).optional(),
    otp: OtpCodeSchema.optional(),
  })
  .refine((v) => (v.password === undefined) !== (v.otp === undefined), { path: ['password'], error: messages.passwordOrOtp });
export type LoginPayload = z.input<typeof LoginPayloadSchema>;

/**
 * Login, magic link, email verification, password reset. verified = email verified, sms = phone verified.
 * data is null when the account needs a step first: verified false → a new magic link was sent and
 * detail is messages.emailNotVerified; sms false → a code was sent to the phone, open the OTP panel.
 */
export const LoginResponseSchema = z.object({
  success: z.boolean(),
  verified: z.boolean(),
  sms: z.boolean(),
  detail: z.string(),
  data: z.object({ token: z.string() }).nullable(),
  otp: OtpTimersSchema.optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const ExistsResponseSchema = z.object({
  /** SPEC §7: success means the account exists. */
  success: z.boolean(),
  exists: z.boolean(),
  kind: z.enum(['email', 'phone']),
});
export type ExistsResponse = z.infer<typeof ExistsResponseSchema>;

export const EmailValidResponseSchema = z.object({ result: z.enum(['valid', 'invalid']), message: z.string().nullable() });
export type EmailValidResponse = z.infer<typeof EmailValidResponseSchema>;

export const PasswordlessResponseSchema = z.object({ success: z.literal(true), detail: z.string(), cooldown_seconds: z.number() });
export type PasswordlessResponse = z.infer<typeof PasswordlessResponseSchema>;

/** Login OTP and resends: detail is messages.otpResent on a resend. */
export const OtpSentResponseSchema = z.object({ success: z.literal(true), detail: z.string(), otp: OtpTimersSchema });
export type OtpSentResponse = z.infer<typeof OtpSentResponseSchema>;

/** A plain acknowledgement (sign-out, a live reset link). */
export const OkResponseSchema = z.object({ success: z.literal(true) });
/** A change made, in the shopper's words (a password changed). */
export const DoneResponseSchema = z.object({ success: z.literal(true), detail: z.string() });

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
  .refine((v) => Boolean(v.email) || Boolean(v.phone), { path: ['phone'], error: messages.phoneRequired });
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

export const VerifyResponseSchema = z.object({
  success: z.literal(true),
  /** messages.smsVerified, messages.createdNewUser, messages.verifiedSuccessfully */
  detail: z.string(),
  data: z.object({ token: z.string(), guest_id: z.string().optional() }).nullable(),
});
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;

export const VERIFICATION_KINDS = ['email', 'sms'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];
export const VerificationStatusResponseSchema = z.object({ kind: z.enum(VERIFICATION_KINDS), verified: z.boolean() });
export type VerificationStatusResponse = z.infer<typeof VerificationStatusResponseSchema>;

export const TokenResponseSchema = z.object({ data: z.object({ token: z.string() }) });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const PasswordResetPayloadSchema = z
  .object({ password: PasswordSchema, password_confirm: text() })
  .refine((v) => v.password === v.password_confirm, { path: ['password_confirm'], error: messages.passwordMismatch });
export type PasswordResetPayload = z.input<typeof PasswordResetPayloadSchema>;

/**
 * POST /accounts/password-reset/: email holds an email or a phone. A Bangladeshi mobile gets a
 * 6-digit code by SMS unless channel is 'email' (then the account's email gets the link); an email,
 * or a phone abroad, gets the link.
 */
export const PasswordResetRequestSchema = z.object({
  email: ContactFieldSchema,
  channel: z.enum(['sms', 'email']).optional(),
});
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;
/** The same answer whether or not an account exists; otp: the resend and expiry timers of an SMS code. */
export const PasswordResetRequestResponseSchema = z.object({
  success: z.literal(true),
  detail: z.string(),
  channel: z.enum(OTP_CHANNELS),
  otp: OtpTimersSchema.optional(),
});
export type PasswordResetRequestResponse = z.infer<typeof PasswordResetRequestResponseSchema>;

/** POST /accounts/password-reset/code/: the SMS code sent to the phone and the new password (checked before the code is used). */
export const PasswordResetCodePayloadSchema = z
  .object({
    phone: PhoneFieldSchema.refine(isSmsMobile, { error: messages.smsBdOnly }),
    code: OtpCodeSchema,
    password: PasswordSchema,
    password_confirm: text(),
  })
  .refine((v) => v.password === v.password_confirm, { path: ['password_confirm'], error: messages.passwordMismatch });
export type PasswordResetCodePayload = z.input<typeof PasswordResetCodePayloadSchema>;

export const PasswordChangePayloadSchema = z
  .object({ current_password: text().max(PASSWORD_MAX).optional(), password: PasswordSchema, password_confirm: text() })
  .refine((v) => v.password === v.password_confirm, { path: ['password_confirm'], error: messages.passwordMismatch });
export type PasswordChangePayload = z.input<typeof PasswordChangePayloadSchema>;

export const SessionUserSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  guest: z.boolean(),
  verified_email: z.boolean(),
  verified_sms: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;
/** GET /me/: user is null for a visitor. location is BD for a signed-in customer. */
export const MeResponseSchema = z.object({ data: z.object({ user: SessionUserSchema.nullable(), location: z.enum(['BD', 'INT']) }) });
export type MeResponse = z.infer<typeof MeResponseSchema>;

const STORED_GENDERS = ['other', 'male', 'female'] as const satisfies readonly StoredGender[];
export const ProfileSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  birthday: z.string().nullable(),
  gender: z.enum(STORED_GENDERS).nullable(),
  verified_email: z.boolean(),
  verified_sms: z.boolean(),
  has_password: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const ProfileResponseSchema = z.object({ data: ProfileSchema });
export const ProfileSavedResponseSchema = z.object({ success: z.literal(true), detail: z.string(), data: ProfileSchema });
export const ProfileUpdatePayloadSchema = z.object({
  first_name: nameField(messages.firstNameRequired),
  last_name: nameField(messages.lastNameRequired),
  birthday: BirthdaySchema.nullable().optional(),
  gender: z.enum(STORED_GENDERS).nullable().optional(),
});
export type ProfileUpdatePayload = z.input<typeof ProfileUpdatePayloadSchema>;

export const NotificationPrefsSchema = z.object({ newsletter_email: z.boolean(), newsletter_sms: z.boolean() });
export type NotificationPrefs = z.infer<typeof NotificationPrefsSchema>;
export const NotificationPrefsResponseSchema = z.object({ data: NotificationPrefsSchema });
export const NotificationPrefsSavedResponseSchema = z.object({
  success: z.literal(true),
  detail: z.string(),
  data: NotificationPrefsSchema,
});

/** The card the shopper links in the account: every failure is the same answer (see the route). */
export const PrivilegeCardLinkPayloadSchema = z.object({
  number: text({ error: messages.privilegeCardNumberRequired })
    .trim()
    .min(1, { error: messages.privilegeCardNumberRequired })
    .max(40, { error: messages.privilegeCardLinkFailed }),
});
export type PrivilegeCardLinkPayload = z.input<typeof PrivilegeCardLinkPayloadSchema>;
/** The linked card as the shopper sees it: the last four digits only. */
export const MyPrivilegeCardSchema = z.object({ card: z.string(), percent: z.number(), expires_on: z.string().nullable() });
export type MyPrivilegeCard = z.infer<typeof MyPrivilegeCardSchema>;
export const MyPrivilegeCardResponseSchema = z.object({ data: MyPrivilegeCardSchema.nullable() });
export const MyPrivilegeCardSavedResponseSchema = z.object({ success: z.literal(true), detail: z.string(), data: MyPrivilegeCardSchema });

export const SocialProvidersResponseSchema = z.object({
  data: z.array(z.object({ provider: z.enum(SOCIAL_PROVIDERS), name: z.string(), start_url: z.string() })),
});
export type SocialProvidersResponse = z.infer<typeof SocialProvidersResponseSchema>;

export const WishlistAddPayloadSchema = z.object({ product_id: IdParamSchema });
export type WishlistAddPayload = z.input<typeof WishlistAddPayloadSchema>;
export const WishlistAddResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type WishlistAddResponse = z.infer<typeof WishlistAddResponseSchema>;
export const WishlistResponseSchema = z.object({
  data: z.object({ product_ids: z.array(z.number().int()), results: z.array(ProductCardSchema) }),
});
export type WishlistResponse = z.infer<typeof WishlistResponseSchema>;

/** 'Please wait m:ss' for a cooldown of the given seconds. */
export function formatWait(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
