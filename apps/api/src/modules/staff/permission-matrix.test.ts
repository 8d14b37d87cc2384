import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@store/shared/admin';
import type { ApiErrorBody } from '@store/shared/api';
import { describeOnDatabases } from '../../../test/support/app.js';
import { newCustomer } from '../../../test/support/fixtures.js';
import { signedInStaff, staffClient } from '../../../test/support/staff.js';
import { adminRouteGuards } from './guard.js';

/**
 * The public doors of the back office: signing in and the e-mailed links (a new member or a
 * forgotten password has no token yet). Every other admin route must declare a permission; a new
 * public route is a decision, so it is added here on purpose.
 */
const PUBLIC_ROUTES = new Set([
  'POST /api/v1/admin/auth/login/',
  'POST /api/v1/admin/auth/password-reset/',
  'POST /api/v1/admin/auth/password-reset/confirm/',
  'GET /api/v1/admin/auth/invitation/:token/',
  'POST /api/v1/admin/auth/invitation/accept/',
]);

describeOnDatabases('admin permission matrix', (ctx) => {
  it('answers 403 on every admin route exactly for the roles the matrix denies, and 401 without a staff token', async () => {
    const app = ctx().app;
    // HEAD is GET's twin; the routes come from the app itself, as registered.
    const routes = adminRouteGuards(app).filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (route.permission === undefined) expect(PUBLIC_ROUTES, `${key} has no guard`).toContain(key);
    }

    const signedIn = new Map<StaffRole, { email: string; token: string }>();
    for (const role of STAFF_ROLES) {
      const { email, client } = await signedInStaff(app, ctx().env, role);
      signedIn.set(role, { email, token: client.token! });
    }
    const customer = await newCustomer(app);
    const call = (route: (typeof routes)[number], authorization?: string) => {
      const options: InjectOptions = {
        method: route.method as InjectOptions['method'],
        url: route.url.replace(/:\w+/g, '1'),
        headers: authorization ? { authorization } : {},
      };
      if (route.method !== 'GET' && route.method !== 'DELETE') options.payload = {};
      return app.inject(options);
    };

    const mismatches: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (route.permission === undefined) continue;
      for (const [who, authorization] of [
        ['no token', undefined],
        ['a customer', `Token ${customer.token}`],
        ['a made-up token', 'Token aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
      ] as const) {
        const res = await call(route, authorization);
        if (res.statusCode !== 401 || res.json<ApiErrorBody>().error.code !== 'login_required')
          mismatches.push(`${key} with ${who}: ${res.statusCode}`);
      }
      for (const role of STAFF_ROLES) {
        const member = signedIn.get(role)!;
        const res = await call(route, `Token ${member.token}`);
        // A guard of several permissions lets a role in that holds any one of them.
        const denied = route.permission !== null && ![route.permission].flat().some((p) => ROLE_PERMISSIONS[role].includes(p));
        const forbidden = res.statusCode === 403 && res.json<ApiErrorBody>().error.code === 'forbidden';
        if (denied !== forbidden || res.statusCode === 401) {
          mismatches.push(
            `${key} (${[route.permission ?? 'any staff'].flat().join(' or ')}) as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
        // A call that went through may have ended this session (sign-out, a revoked session): sign in again.
        if (res.statusCode < 300) {
          const fresh = staffClient(app);
          const login = await fresh.login(member.email);
          if (login.statusCode !== 200) throw new Error(`${role} cannot sign in again after ${key}: ${login.body}`);
          member.token = fresh.token!;
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
