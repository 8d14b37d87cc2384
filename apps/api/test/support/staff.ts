import type { FastifyInstance, InjectOptions } from 'fastify';
import { generate } from 'otplib';
import type { StaffLoginResponse, StaffRole } from '@store/shared/admin';
import type { Env } from '../../src/config/env.js';
import { createActiveMember } from '../../src/modules/staff/index.js';

let seq = 0;
/** A unique address and IP per call: tests do not share limits or accounts. */
export const nextStaffEmail = (role: string) => `${role}.${(seq += 1)}.${Date.now() % 100000}@staff.example.com`;
let ipSeq = 0;
export const nextStaffIp = () => `192.0.2.${((ipSeq += 1) % 250) + 1}`;

export const STAFF_PASSWORD = 'Staff-password-2026';

/** A staff client: sends the Token header (never cookies), from one IP. */
export function staffClient(app: FastifyInstance, ip = nextStaffIp()) {
  let token: string | null = null;
  const call = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url: `/api/v1/admin${url}`,
      remoteAddress: ip,
      headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...headers },
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    });
  return {
    ip,
    get token() {
      return token;
    },
    set token(value: string | null) {
      token = value;
    },
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown = {}) => call('POST', url, payload),
    patch: (url: string, payload: unknown) => call('PATCH', url, payload),
    put: (url: string, payload: unknown) => call('PUT', url, payload),
    delete: (url: string) => call('DELETE', url),
    /** Signs in and keeps the token; returns the answer. */
    async login(email: string, password = STAFF_PASSWORD, otp?: string) {
      const res = await call('POST', '/auth/login/', { email, password, ...(otp ? { otp } : {}) });
      if (res.statusCode === 200) token = res.json<StaffLoginResponse>().data.token;
      return res;
    },
  };
}
export type StaffClient = ReturnType<typeof staffClient>;

/** An active member with STAFF_PASSWORD, signed in on a client of their own. */
export async function signedInStaff(app: FastifyInstance, env: Env, role: StaffRole) {
  const email = nextStaffEmail(role);
  const member = await createActiveMember(app.db, env, { email, password: STAFF_PASSWORD, role, name: `Test ${role}` });
  const client = staffClient(app);
  const res = await client.login(email);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return { member, email, client };
}

/** The code an authenticator app shows for secret at the app's clock, moved by offsetSeconds. */
export const totpCode = (app: FastifyInstance, secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(app.clock.nowMs() / 1000) + offsetSeconds });
