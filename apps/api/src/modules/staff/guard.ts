import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { API_PREFIX } from '@store/shared/api';
import { TWO_FACTOR_ROLES, can, type Permission, type StaffRole } from '@store/shared/admin';
import type { Env } from '../../config/env.js';
import { forbidden, loginRequired, twoFactorSetupRequired } from './staff.errors.js';
import { findStaffBySession } from './sessions.js';

/** Owners and managers must use two-factor sign-in in production; until they enrol, they can only enrol. */
export const mustEnrolTwoFactor = (env: Pick<Env, 'NODE_ENV'>, role: StaffRole, twoFactorEnabled: boolean) =>
  env.NODE_ENV === 'production' && TWO_FACTOR_ROLES.includes(role) && !twoFactorEnabled;

/** The staff token: `Authorization: Token <token>` only (never a cookie, so admin routes need no CSRF token). */
function readStaffToken(request: FastifyRequest): string | null {
  const match = /^Token\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '');
  return match ? match[1]! : null;
}

/**
 * What a guard lets through: one permission, any one of a few (an upload serves catalog, content
 * and settings alike), or null for any staff member.
 */
export type GuardPermission = Permission | readonly Permission[] | null;

/** Whether a role passes a guard that checks permission. */
export const guardAllows = (role: StaffRole, permission: GuardPermission): boolean =>
  permission === null || [permission].flat().some((p) => can(role, p));

/** A guard that also says which permission it checks, so a test can walk every admin route against the matrix. */
export type StaffGuard = preHandlerAsyncHookHandler & { permission: GuardPermission };

function guard(permission: GuardPermission, beforeTwoFactor: boolean): StaffGuard {
  const handler: preHandlerAsyncHookHandler = async function staffGuard(request) {
    const app = request.server;
    const token = readStaffToken(request);
    const found = token ? await findStaffBySession(app.db, app.clock, app.env, token) : null;
    if (!found) throw loginRequired();
    request.staff = found.actor;
    if (!beforeTwoFactor && mustEnrolTwoFactor(app.env, found.actor.role, found.twoFactorEnabled)) throw twoFactorSetupRequired();
    if (!guardAllows(found.actor.role, permission)) throw forbidden();
  };
  return Object.assign(handler, { permission });
}

/**
 * The preHandler of every admin route: a live staff session (401 login_required otherwise, a
 * customer's token included), two-factor enrolment where it is required (403
 * two_factor_setup_required), and the permission (403 forbidden); null = any signed-in staff member.
 * Sets request.staff.
 */
export const requirePermission = (permission: Permission | null): StaffGuard => guard(permission, false);

/** The guard of a route several roles' work shares: the member needs any one of the permissions (403 forbidden otherwise). */
export const requireAnyPermission = (...permissions: [Permission, ...Permission[]]): StaffGuard => guard(permissions, false);

/** Any signed-in staff member, enrolled or not: only the routes that let them see themselves, enrol and sign out. */
export const requireStaffBeforeTwoFactor = (): StaffGuard => guard(null, true);

/** An admin route and the permission its guard checks: null for any staff member, undefined for a public route (no guard). */
export type AdminRouteGuard = { method: string; url: string; permission: GuardPermission | undefined };

const ADMIN_PREFIX = `${API_PREFIX}/admin/`;
const adminRoutes = new WeakMap<FastifyInstance, AdminRouteGuard[]>();

/** Every route registered under /api/v1/admin/ with the permission it declares (the permission-matrix test walks them). */
export function adminRouteGuards(app: FastifyInstance): readonly AdminRouteGuard[] {
  return adminRoutes.get(app) ?? [];
}

const isStaffGuard = (hook: unknown): hook is StaffGuard => typeof hook === 'function' && 'permission' in hook;

/**
 * request.staff, null until a guard sets it. Each admin route's guard runs before its body and query
 * are validated (it is given as a preHandler and moved to preValidation here): a caller without the
 * permission gets 401 or 403, never a 400 that tells them about the route's input. Each admin route
 * is noted with the permission its guard declares.
 */
export function registerStaffAuth(app: FastifyInstance) {
  app.decorateRequest('staff', null);
  const routes: AdminRouteGuard[] = [];
  adminRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(ADMIN_PREFIX)) return;
    const preHandlers = [route.preHandler ?? []].flat();
    const guards = preHandlers.filter(isStaffGuard);
    if (guards.length) {
      route.preHandler = preHandlers.filter((hook) => !isStaffGuard(hook));
      route.preValidation = [...(guards as unknown as preValidationAsyncHookHandler[]), ...[route.preValidation ?? []].flat()];
    }
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, permission: guards[0]?.permission });
  });
}
