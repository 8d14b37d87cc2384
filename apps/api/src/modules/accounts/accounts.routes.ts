import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@store/shared/api';
import {
  ContactBodySchema,
  GuestRegisterPayloadSchema,
  LoginPayloadSchema,
  NotificationPrefsSchema,
  PasswordChangePayloadSchema,
  PasswordResetCodePayloadSchema,
  PasswordResetPayloadSchema,
  PasswordResetRequestSchema,
  ProfileUpdatePayloadSchema,
  RegisterPayloadSchema,
  SOCIAL_PROVIDERS,
  VERIFICATION_KINDS,
  VerifyAccountPayloadSchema,
  VerifySmsPayloadSchema,
  DoneResponseSchema,
  EmailValidResponseSchema,
  ExistsResponseSchema,
  GuestRegisterResponseSchema,
  LoginResponseSchema,
  MeResponseSchema,
  NotificationPrefsResponseSchema,
  NotificationPrefsSavedResponseSchema,
  OkResponseSchema,
  OtpSentResponseSchema,
  PasswordResetRequestResponseSchema,
  PasswordlessResponseSchema,
  ProfileResponseSchema,
  ProfileSavedResponseSchema,
  RegisterResponseSchema,
  SocialProvidersResponseSchema,
  TokenResponseSchema,
  VerificationStatusResponseSchema,
  VerifyResponseSchema,
  type SocialProvider,
} from '@store/shared/auth';
import type { Clock } from '../../lib/clock.js';
import { clearAuthCookie, requireCustomer, setAuthCookie } from './auth-hook.js';
import * as accounts from './accounts.service.js';
import { ctxOf } from './context.js';
import { finishSocialLogin, listSocialProviders, signInWithSocial, startSocialLogin, type SocialFlow } from './social.js';
import { AppError } from '../../lib/errors.js';
import { resolveCountry } from '../session/index.js';
import * as messages from '@store/shared/messages';

const secret = z
  .string()
  .min(20)
  .max(100)
  .regex(/^[\w-]+$/);
const SOCIAL_COOKIE = 'social_flow';
const GUEST_REGISTRATION_COOKIE = 'guest_registration';
const guestCookiePath = `${API_PREFIX}/accounts/guest/`;

export const accountsRoutes = (clock: Clock): FastifyPluginAsyncZod =>
  async function accountsRoutesPlugin(app) {
    const tags = ['accounts'];
    const secure = app.env.NODE_ENV === 'production';
    const ctx = (request: Parameters<typeof ctxOf>[0]) => ctxOf(request, clock);
    /** Every answer that carries a new session also sets the HttpOnly cookie. */
    const withSession = <T extends { data: { token: string } | null }>(reply: FastifyReply, result: T): T => {
      if (result.data?.token) setAuthCookie(reply, result.data.token, secure);
      return result;
    };

    app.post(
      '/accounts/exists/',
      {
        schema: {
          tags,
          summary: 'Does an account exist for this email or phone',
          body: ContactBodySchema,
          response: { 200: ExistsResponseSchema },
        },
      },
      async (request) => accounts.accountExists(ctx(request), request.body.email),
    );
    app.post(
      '/accounts/email-valid/',
      {
        schema: {
          tags,
          summary: "Further email check: 'valid' or not",
          body: z.object({ email: z.string().max(254) }),
          response: { 200: EmailValidResponseSchema },
        },
      },
      async (request) => accounts.checkEmailValidity(request.body.email),
    );
    app.post(
      '/accounts/passwordless/',
      { schema: { tags, summary: 'Email a magic sign-in link', body: ContactBodySchema, response: { 200: PasswordlessResponseSchema } } },
      async (request) => accounts.requestPasswordless(ctx(request), request.body.email),
    );
    app.post(
      '/accounts/passwordless/:token/:uid/:hash/',
      {
        schema: {
          tags,
          summary: 'Sign in with a magic link',
          params: z.object({ token: secret, uid: z.string().max(40), hash: z.string().max(64) }),
          response: { 200: LoginResponseSchema },
        },
      },
      async (request, reply) =>
        withSession(reply, await accounts.loginWithLink(ctx(request), request.params.token, request.params.uid, request.params.hash)),
    );
    app.post(
      '/accounts/login-otp/',
      { schema: { tags, summary: 'Send a sign-in code by SMS', body: ContactBodySchema, response: { 200: OtpSentResponseSchema } } },
      async (request) => accounts.requestLoginOtp(ctx(request), request.body.email),
    );
    app.post(
      '/accounts/login/',
      { schema: { tags, summary: 'Sign in with a password or a code', body: LoginPayloadSchema, response: { 200: LoginResponseSchema } } },
      async (request, reply) => withSession(reply, await accounts.login(ctx(request), request.body)),
    );
    app.post(
      '/accounts/logout/',
      { schema: { tags, summary: 'Sign out: revokes the token and clears the cookie', response: { 200: OkResponseSchema } } },
      async (request, reply) => {
        const result = await accounts.logout(ctx(request));
        clearAuthCookie(reply, secure);
        return result;
      },
    );
    app.post(
      '/accounts/register/',
      {
        schema: {
          tags,
          summary: 'Register a customer; sends the verification code',
          body: RegisterPayloadSchema,
          response: { 201: RegisterResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await accounts.register(ctx(request), request.body.customer)),
    );
    app.post(
      '/accounts/guest/',
      {
        schema: {
          tags,
          summary: 'Register a guest by phone; sends the code',
          body: GuestRegisterPayloadSchema,
          response: { 201: GuestRegisterResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await accounts.registerGuest(ctx(request), request.body.customer);
        // The typed details wait for the code under this id; only this browser can apply them.
        reply.setCookie(GUEST_REGISTRATION_COOKIE, result.id, {
          path: guestCookiePath,
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: 3600,
        });
        return reply.status(201).send(result);
      },
    );
    app.post(
      '/accounts/verify-sms/',
      {
        schema: {
          tags,
          summary: "Verify a customer's phone with the SMS code",
          body: VerifySmsPayloadSchema,
          response: { 200: VerifyResponseSchema },
        },
      },
      async (request, reply) => withSession(reply, await accounts.verifySms(ctx(request), request.body)),
    );
    app.post(
      '/accounts/guest/verify-sms/',
      {
        schema: {
          tags,
          summary: "Verify a guest's phone; starts the guest session",
          body: VerifySmsPayloadSchema,
          response: { 200: VerifyResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await accounts.verifyGuestSms(ctx(request), request.body, request.cookies[GUEST_REGISTRATION_COOKIE] ?? null);
        reply.clearCookie(GUEST_REGISTRATION_COOKIE, { path: guestCookiePath });
        return withSession(reply, result);
      },
    );
    app.post(
      '/accounts/send-otp/',
      {
        schema: {
          tags,
          summary: 'Resend a verification code (SMS or email)',
          body: ContactBodySchema,
          response: { 200: OtpSentResponseSchema },
        },
      },
      async (request) => accounts.sendOtp(ctx(request), request.body.email),
    );
    app.post(
      '/accounts/guest/send-otp/',
      { schema: { tags, summary: "Resend a guest's SMS code", body: ContactBodySchema, response: { 200: OtpSentResponseSchema } } },
      async (request) => accounts.sendGuestOtp(ctx(request), request.body.email),
    );
    app.post(
      '/accounts/verify/',
      {
        schema: {
          tags,
          summary: 'Finish a registration: code and password',
          body: VerifyAccountPayloadSchema,
          response: { 200: VerifyResponseSchema },
        },
      },
      async (request, reply) => withSession(reply, await accounts.verifyAccount(ctx(request), request.body)),
    );
    app.get(
      '/accounts/verification-status/:kind/',
      {
        schema: {
          tags,
          summary: 'Is the email or the phone verified',
          params: z.object({ kind: z.enum(VERIFICATION_KINDS) }),
          response: { 200: VerificationStatusResponseSchema },
        },
      },
      async (request) => accounts.verificationStatus(ctx(request), requireCustomer(request), request.params.kind),
    );
    // POST only: it changes state (revokes a token), so it needs the CSRF header like every unsafe call.
    app.post(
      '/accounts/token-refresh/',
      { schema: { tags, summary: 'Replace the token (the old one is revoked)', response: { 200: TokenResponseSchema } } },
      async (request, reply) => withSession(reply, await accounts.refreshToken(ctx(request))),
    );
    app.post(
      '/accounts/password-reset/',
      {
        schema: {
          tags,
          summary: 'Send a 6-digit code by SMS (a Bangladeshi mobile) or a reset link by email; the same answer either way',
          body: PasswordResetRequestSchema,
          response: { 200: PasswordResetRequestResponseSchema },
        },
      },
      async (request) => accounts.requestPasswordReset(ctx(request), request.body),
    );
    app.post(
      '/accounts/password-reset/code/',
      {
        schema: {
          tags,
          summary: 'Set a new password with the SMS code; signs in',
          body: PasswordResetCodePayloadSchema,
          response: { 200: LoginResponseSchema },
        },
      },
      async (request, reply) => withSession(reply, await accounts.resetPasswordWithCode(ctx(request), request.body)),
    );
    app.get(
      '/accounts/password-reset/:id/',
      { schema: { tags, summary: 'Is this reset link live', params: z.object({ id: secret }), response: { 200: OkResponseSchema } } },
      async (request) => accounts.checkPasswordReset(ctx(request), request.params.id),
    );
    app.post(
      '/accounts/password-reset/:id/',
      {
        schema: {
          tags,
          summary: 'Set a new password with the reset link',
          params: z.object({ id: secret }),
          body: PasswordResetPayloadSchema,
          response: { 200: LoginResponseSchema },
        },
      },
      async (request, reply) => withSession(reply, await accounts.resetPassword(ctx(request), request.params.id, request.body.password)),
    );
    app.post(
      '/accounts/verify-email/:id/',
      {
        schema: {
          tags,
          summary: 'Verify the email with its link',
          params: z.object({ id: secret }),
          response: { 200: LoginResponseSchema },
        },
      },
      async (request, reply) => withSession(reply, await accounts.verifyEmail(ctx(request), request.params.id)),
    );
    app.get(
      '/me/',
      { schema: { tags, summary: 'The signed-in user, or null', response: { 200: MeResponseSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return accounts.me(ctx(request), resolveCountry(request, app.env.COUNTRY_HEADER));
      },
    );
    app.get('/accounts/profile/', { schema: { tags, summary: 'Profile', response: { 200: ProfileResponseSchema } } }, async (request) =>
      accounts.getProfile(ctx(request), requireCustomer(request)),
    );
    app.put(
      '/accounts/profile/',
      { schema: { tags, summary: 'Update the profile', body: ProfileUpdatePayloadSchema, response: { 200: ProfileSavedResponseSchema } } },
      async (request) => accounts.updateProfile(ctx(request), requireCustomer(request), request.body),
    );
    app.put(
      '/accounts/password/',
      { schema: { tags, summary: 'Change the password', body: PasswordChangePayloadSchema, response: { 200: DoneResponseSchema } } },
      async (request) => accounts.changePassword(ctx(request), requireCustomer(request), request.body),
    );
    app.get(
      '/accounts/notifications/',
      {
        schema: {
          tags,
          summary: 'Newsletter preferences',
          response: { 200: NotificationPrefsResponseSchema },
        },
      },
      async (request) => accounts.getNotificationPrefs(ctx(request), requireCustomer(request)),
    );
    app.put(
      '/accounts/notifications/',
      {
        schema: {
          tags,
          summary: 'Update newsletter preferences',
          body: NotificationPrefsSchema,
          response: { 200: NotificationPrefsSavedResponseSchema },
        },
      },
      async (request) => accounts.updateNotificationPrefs(ctx(request), requireCustomer(request), request.body),
    );

    // Social sign-in: a redirect out to the provider and its callback back here.
    app.get(
      '/social-providers/',
      { schema: { tags, summary: 'Configured social sign-in providers', response: { 200: SocialProvidersResponseSchema } } },
      async () => listSocialProviders(app.env),
    );
    const providerParams = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });
    const cookiePath = `${API_PREFIX}/accounts/social/`;
    app.get(
      '/accounts/social/:provider/',
      {
        schema: {
          tags,
          summary: 'Start a social sign-in (302 to the provider)',
          params: providerParams,
          querystring: z.object({ next: z.string().max(500).optional() }),
        },
      },
      async (request, reply) => {
        const started = await startSocialLogin(app.env, request.params.provider, request.query.next);
        if (!started) throw new AppError('not_found', messages.notFound());
        reply.setCookie(SOCIAL_COOKIE, Buffer.from(JSON.stringify(started.flow)).toString('base64url'), {
          path: cookiePath,
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: 600,
        });
        return reply.redirect(started.url, 302);
      },
    );
    app.get(
      '/accounts/social/:provider/callback/',
      { schema: { tags, summary: "The provider's redirect back", params: providerParams, querystring: z.record(z.string(), z.string()) } },
      async (request, reply) => {
        const provider: SocialProvider = request.params.provider;
        reply.clearCookie(SOCIAL_COOKIE, { path: cookiePath });
        try {
          const raw = request.cookies[SOCIAL_COOKIE];
          const flow = raw ? (JSON.parse(Buffer.from(raw, 'base64url').toString()) as SocialFlow) : null;
          if (!flow || flow.provider !== provider) throw new Error('no sign-in in progress for this provider');
          const profile = await finishSocialLogin(app.env, flow, request.query);
          const token = await signInWithSocial(ctx(request), provider, profile);
          setAuthCookie(reply, token, secure);
          return reply.redirect(flow.next, 302);
        } catch (err) {
          request.log.warn({ err, provider }, 'social sign-in failed');
          return reply.redirect(`/?social_error=${provider}`, 302);
        }
      },
    );
  };
