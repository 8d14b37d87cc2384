import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  AdminDetailResponseSchema,
  AdminOkResponseSchema,
  InvitationAcceptPayloadSchema,
  InvitationResponseSchema,
  InvitationTokenParamsSchema,
  StaffInvitePayloadSchema,
  StaffListResponseSchema,
  StaffLoginPayloadSchema,
  StaffLoginResponseSchema,
  StaffMeResponseSchema,
  StaffMemberResponseSchema,
  StaffPasswordResetConfirmSchema,
  StaffPasswordResetRequestSchema,
  StaffSessionsResponseSchema,
  StaffUpdatePayloadSchema,
  TotpConfirmPayloadSchema,
  TotpDisablePayloadSchema,
  TotpSetupResponseSchema,
} from '@store/shared/admin';
import { IdParamSchema } from '@store/shared/input';
import type { Clock } from '../../lib/clock.js';
import type { StaffActor } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { staffCtxOf } from './context.js';
import { requirePermission, requireStaffBeforeTwoFactor } from './guard.js';
import * as management from './management.js';
import { listStaffSessions, revokeAllStaffSessions, revokeStaffSession } from './sessions.js';
import { login, logout, me } from './sign-in.js';
import { confirmTotp, disableTotp, setupTotp } from './totp.js';
import { loginRequired } from './staff.errors.js';

const IdParams = z.object({ id: IdParamSchema });

/** request.staff after a guard; a route without one is a bug, answered as not signed in. */
function staffOf(request: FastifyRequest): StaffActor {
  if (!request.staff) throw loginRequired();
  return request.staff;
}

/** The back office's sign-in and staff API, under /api/v1/admin/ (see docs/back-office.md). */
export const staffRoutes = (clock: Clock): FastifyPluginAsyncZod =>
  async function staffRoutesPlugin(app) {
    const auth = ['admin: sign-in'];
    const staffTags = ['admin: staff'];
    const ctx = (request: FastifyRequest) => staffCtxOf(request, clock);
    // Signed in, enrolled in two-factor sign-in or not: seeing oneself, enrolling and signing out.
    const signedIn = requireStaffBeforeTwoFactor();
    const anyStaff = requirePermission(null);
    const owners = requirePermission('staff.manage');

    app.post(
      '/auth/login/',
      {
        schema: {
          tags: auth,
          summary: 'Sign in: e-mail, password, and the TOTP code if the account has one',
          body: StaffLoginPayloadSchema,
          response: { 200: StaffLoginResponseSchema },
        },
      },
      async (request) => login(ctx(request), request.body),
    );
    app.post(
      '/auth/logout/',
      { preHandler: signedIn, schema: { tags: auth, summary: 'Sign out this session', response: { 200: AdminOkResponseSchema } } },
      async (request) => logout(ctx(request), staffOf(request)),
    );
    app.get(
      '/auth/me/',
      {
        preHandler: signedIn,
        schema: { tags: auth, summary: 'The signed-in staff member and their permissions', response: { 200: StaffMeResponseSchema } },
      },
      async (request) => me(ctx(request), staffOf(request)),
    );

    app.post(
      '/auth/totp/setup/',
      {
        preHandler: signedIn,
        schema: {
          tags: auth,
          summary: 'Start two-factor enrolment: a new secret, its otpauth URL and QR code',
          response: { 200: TotpSetupResponseSchema },
        },
      },
      async (request) => setupTotp(ctx(request), staffOf(request)),
    );
    app.post(
      '/auth/totp/confirm/',
      {
        preHandler: signedIn,
        schema: {
          tags: auth,
          summary: 'Turn two-factor sign-in on with the first code',
          body: TotpConfirmPayloadSchema,
          response: { 200: AdminOkResponseSchema },
        },
      },
      async (request) => confirmTotp(ctx(request), staffOf(request), request.body.otp),
    );
    app.post(
      '/auth/totp/disable/',
      {
        preHandler: anyStaff,
        schema: {
          tags: auth,
          summary: 'Turn two-factor sign-in off (not for owners and managers in production)',
          body: TotpDisablePayloadSchema,
          response: { 200: AdminOkResponseSchema },
        },
      },
      async (request) => disableTotp(ctx(request), staffOf(request), request.body.password),
    );

    app.get(
      '/auth/sessions/',
      {
        preHandler: signedIn,
        schema: { tags: auth, summary: "The signed-in member's live sessions", response: { 200: StaffSessionsResponseSchema } },
      },
      async (request) => ({ data: await listStaffSessions(app.db, clock, app.env, staffOf(request)) }),
    );
    app.delete(
      '/auth/sessions/:id/',
      {
        preHandler: signedIn,
        schema: { tags: auth, summary: 'End one of my sessions', params: IdParams, response: { 200: AdminOkResponseSchema } },
      },
      async (request) => {
        if (!(await revokeStaffSession(app.db, clock, staffOf(request).id, request.params.id))) throw notFound('No such session');
        return { success: true as const };
      },
    );
    app.post(
      '/auth/sessions/sign-out-everywhere/',
      {
        preHandler: signedIn,
        schema: { tags: auth, summary: 'End every session of mine, this one too', response: { 200: AdminOkResponseSchema } },
      },
      async (request) => {
        await revokeAllStaffSessions(app.db, clock, staffOf(request).id);
        return { success: true as const };
      },
    );

    app.post(
      '/auth/password-reset/',
      {
        schema: {
          tags: auth,
          summary: 'E-mail a link to set a new password (same answer for any address)',
          body: StaffPasswordResetRequestSchema,
          response: { 200: AdminDetailResponseSchema },
        },
      },
      async (request) => management.requestPasswordReset(ctx(request), request.body.email),
    );
    app.post(
      '/auth/password-reset/confirm/',
      {
        schema: {
          tags: auth,
          summary: 'Set a new password with the e-mailed link; every session ends',
          body: StaffPasswordResetConfirmSchema,
          response: { 200: AdminDetailResponseSchema },
        },
      },
      async (request) => management.confirmPasswordReset(ctx(request), request.body),
    );
    app.get(
      '/auth/invitation/:token/',
      {
        schema: {
          tags: auth,
          summary: 'Who an invitation is for',
          params: InvitationTokenParamsSchema,
          response: { 200: InvitationResponseSchema },
        },
      },
      async (request) => management.getInvitation(ctx(request), request.params.token),
    );
    app.post(
      '/auth/invitation/accept/',
      {
        schema: {
          tags: auth,
          summary: 'Accept an invitation: name and password; signs in',
          body: InvitationAcceptPayloadSchema,
          response: { 200: StaffLoginResponseSchema },
        },
      },
      async (request) => management.acceptInvitation(ctx(request), request.body),
    );

    app.get(
      '/staff/',
      { preHandler: owners, schema: { tags: staffTags, summary: 'Every staff member', response: { 200: StaffListResponseSchema } } },
      async (request) => management.listStaff(ctx(request)),
    );
    app.post(
      '/staff/',
      {
        preHandler: owners,
        schema: {
          tags: staffTags,
          summary: 'Invite a staff member by e-mail',
          body: StaffInvitePayloadSchema,
          response: { 201: StaffMemberResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await management.inviteStaff(ctx(request), staffOf(request), request.body)),
    );
    app.patch(
      '/staff/:id/',
      {
        preHandler: owners,
        schema: {
          tags: staffTags,
          summary: "Change a member's name, role or status",
          params: IdParams,
          body: StaffUpdatePayloadSchema,
          response: { 200: StaffMemberResponseSchema },
        },
      },
      async (request) => management.updateStaff(ctx(request), request.params.id, request.body),
    );
    app.post(
      '/staff/:id/resend-invitation/',
      {
        preHandler: owners,
        schema: {
          tags: staffTags,
          summary: 'Send an invitation again (the earlier link stops working)',
          params: IdParams,
          response: { 200: AdminDetailResponseSchema },
        },
      },
      async (request) => management.resendInvitation(ctx(request), staffOf(request), request.params.id),
    );
  };
