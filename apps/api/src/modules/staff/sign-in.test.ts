import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  ROLE_PERMISSIONS,
  staffMessages,
  type StaffMeResponse,
  type StaffLoginResponse,
  type TotpSetupResponse,
  type StaffSession,
} from '@store/shared/admin';
import type { ApiErrorBody } from '@store/shared/api';
import { describeOnDatabases } from '../../../test/support/app.js';
import { nextStaffEmail, nextStaffIp, signedInStaff, STAFF_PASSWORD, staffClient, totpCode } from '../../../test/support/staff.js';
import { latestCode, TestBrowser } from '../../../test/support/test-client.js';
import { createActiveMember } from './members.js';
import { staffMembers, staffSessions } from './staff.tables.js';

const code = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error.code;
const MINUTE = 60_000;

describeOnDatabases('staff sign-in', (ctx) => {
  const app = () => ctx().app;
  const member = async (role: 'owner' | 'manager' | 'fulfilment' = 'owner') => {
    const email = nextStaffEmail(role);
    await createActiveMember(app().db, ctx().env, { email, password: STAFF_PASSWORD, role });
    return email;
  };

  it('signs in with e-mail and password; a wrong password and an unknown e-mail get the same answer', async () => {
    const email = await member('fulfilment');
    const client = staffClient(app());
    const ok = await client.login(email.toUpperCase());
    expect(ok.statusCode).toBe(200);
    const { data } = ok.json<StaffLoginResponse>();
    expect(data.staff).toMatchObject({ email, role: 'fulfilment', two_factor_enabled: false, two_factor_required: false });
    expect(data.staff.permissions).toEqual([...ROLE_PERMISSIONS.fulfilment]);
    const me = await client.get('/auth/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json<StaffMeResponse>().data.email).toBe(email);

    const wrong = await staffClient(app()).login(email, 'Not-the-password-1');
    const unknown = await staffClient(app()).login(nextStaffEmail('nobody'), 'Not-the-password-1');
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.json()).toEqual(unknown.json());
    expect(code(wrong)).toBe('login_failed');
  });

  it('refuses admin routes without a staff token: none, garbage, or a customer’s', async () => {
    const anonymous = staffClient(app());
    expect((await anonymous.get('/auth/me/')).statusCode).toBe(401);
    anonymous.token = 'x'.repeat(43);
    const garbage = await anonymous.get('/auth/me/');
    expect(garbage.statusCode).toBe(401);
    expect(code(garbage)).toBe('login_required');

    // A signed-in customer's token, sent the way staff send theirs.
    const shopper = new TestBrowser(app(), nextStaffIp());
    const phone = `0171${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const reg = await shopper.post('/api/v1/accounts/register/', {
      customer: {
        email: `shopper.${Date.now()}@gmail.com`,
        phone,
        first_name: 'Rumana',
        last_name: 'Akter',
        note: {},
        newsletter_email: false,
        newsletter_sms: false,
        online_customer: true,
      },
    });
    expect(reg.statusCode).toBe(201);
    const otp = await latestCode(app(), `+880${phone.slice(1)}`);
    const verified = await shopper.post('/api/v1/accounts/verify/', {
      customer_id: reg.json<{ data: { customer_id: number } }>().data.customer_id,
      otp,
      password: 'a shopper password 1',
    });
    expect(verified.statusCode).toBe(200);
    const customerToken = shopper.cookies.get('token');
    expect(customerToken).toBeTruthy();
    // The token is a live customer session.
    expect((await shopper.get('/api/v1/accounts/profile/')).statusCode).toBe(200);
    const asCustomer = staffClient(app());
    asCustomer.token = customerToken!;
    const refused = await asCustomer.get('/auth/me/');
    expect(refused.statusCode).toBe(401);
    expect(code(refused)).toBe('login_required');
  });

  it('needs no CSRF token, even from a browser holding the storefront’s cookies; a staff token in a cookie is ignored', async () => {
    const email = await member('fulfilment');
    const login = await app().inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login/',
      remoteAddress: nextStaffIp(),
      cookies: { csrftoken: 'shop-cookie' },
      payload: { email, password: STAFF_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const { token } = login.json<StaffLoginResponse>().data;
    const byCookie = await app().inject({ url: '/api/v1/admin/auth/me/', cookies: { token } });
    expect(byCookie.statusCode).toBe(401);
  });

  it('locks an account for 15 minutes after 10 wrong tries in a row', async () => {
    const email = await member();
    for (let i = 0; i < 10; i++) expect((await staffClient(app()).login(email, `Wrong-password-${i}`)).statusCode).toBe(400);
    const [row] = await app().db.select().from(staffMembers).where(eq(staffMembers.email, email));
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(app().clock.nowMs() + 14 * MINUTE);
    // The right password, from another IP, is refused while the lock lasts.
    const locked = await staffClient(app()).login(email);
    expect(locked.statusCode).toBe(429);
    expect(locked.json<ApiErrorBody>().error.retry_after).toBeGreaterThan(0);
    // Worded as the per-e-mail limit is, which unknown e-mails reach too.
    expect(locked.json<ApiErrorBody>().error.message).toBe(staffMessages.tooManyAttempts);
    app().clock.advance(16 * MINUTE);
    expect((await staffClient(app()).login(email)).statusCode).toBe(200);
  });

  it('limits attempts per IP across e-mails', async () => {
    const ip = nextStaffIp();
    const email = await member();
    let last = 0;
    for (let i = 0; i < 50; i++) last = (await staffClient(app(), ip).login(nextStaffEmail('guess'), 'Wrong-password-x')).statusCode;
    expect(last).toBe(400);
    // The 51st try from that IP is refused, even with the right password; another IP is not held back.
    expect((await staffClient(app(), ip).login(email)).statusCode).toBe(429);
    expect((await staffClient(app()).login(email)).statusCode).toBe(200);
    app().clock.advance(16 * MINUTE);
    expect((await staffClient(app(), ip).login(email)).statusCode).toBe(200);
  });

  it('ends a session left idle for STAFF_IDLE_MINUTES (30), and any session after 12 hours', async () => {
    const { client: idle } = await signedInStaff(app(), ctx().env, 'manager');
    const { client: busy } = await signedInStaff(app(), ctx().env, 'manager');
    for (let i = 0; i < 2; i++) {
      app().clock.advance(20 * MINUTE);
      expect((await busy.get('/auth/me/')).statusCode).toBe(200);
    }
    expect((await idle.get('/auth/me/')).statusCode).toBe(401);
    // Kept busy, it still ends 12 hours after sign-in.
    for (let i = 0; i < 35; i++) {
      app().clock.advance(20 * MINUTE);
      await busy.get('/auth/me/');
    }
    expect((await busy.get('/auth/me/')).statusCode).toBe(401);
  });

  it("moves a session's last-seen time at most once a minute, so a busy screen is not a write per request", async () => {
    const { email, client } = await signedInStaff(app(), ctx().env, 'fulfilment');
    const [member] = await app().db.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.email, email));
    const lastSeen = async () =>
      (await app().db.select({ at: staffSessions.lastSeenAt }).from(staffSessions).where(eq(staffSessions.staffId, member!.id)))[0]!.at;
    const signedInAt = await lastSeen();
    app().clock.advance(30_000);
    expect((await client.get('/auth/me/')).statusCode).toBe(200);
    expect(await lastSeen()).toEqual(signedInAt);
    app().clock.advance(31_000);
    expect((await client.get('/auth/me/')).statusCode).toBe(200);
    expect((await lastSeen()).getTime()).toBeGreaterThanOrEqual(signedInAt.getTime() + 61_000);
  });

  it('lists my sessions, ends one, signs out, and signs out everywhere', async () => {
    const { email, client: first } = await signedInStaff(app(), ctx().env, 'fulfilment');
    const second = staffClient(app());
    await second.login(email);
    const third = staffClient(app());
    await third.login(email);
    const list = (await first.get('/auth/sessions/')).json<{ data: StaffSession[] }>().data;
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list[0]!.ip).toMatch(/^192\.0\.2\./);

    const secondId = (await second.get('/auth/sessions/')).json<{ data: StaffSession[] }>().data.find((s) => s.current)!.id;
    expect((await first.delete(`/auth/sessions/${secondId}/`)).statusCode).toBe(200);
    expect((await second.get('/auth/me/')).statusCode).toBe(401);
    // Another member's session is not mine to end.
    const { client: other } = await signedInStaff(app(), ctx().env, 'fulfilment');
    const otherId = (await other.get('/auth/sessions/')).json<{ data: StaffSession[] }>().data[0]!.id;
    expect((await first.delete(`/auth/sessions/${otherId}/`)).statusCode).toBe(404);
    expect((await other.get('/auth/me/')).statusCode).toBe(200);

    expect((await third.post('/auth/logout/')).statusCode).toBe(200);
    expect((await third.get('/auth/me/')).statusCode).toBe(401);

    const fourth = staffClient(app());
    await fourth.login(email);
    expect((await first.post('/auth/sessions/sign-out-everywhere/')).statusCode).toBe(200);
    expect((await first.get('/auth/me/')).statusCode).toBe(401);
    expect((await fourth.get('/auth/me/')).statusCode).toBe(401);
  });

  it('enrols in TOTP and then signs in with a code: missing, wrong, drifted one step, two steps, replayed', async () => {
    const { email, client } = await signedInStaff(app(), ctx().env, 'owner');
    const setup = await client.post('/auth/totp/setup/');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = setup.json<TotpSetupResponse>().data;
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_svg).toMatch(/^<svg/);
    // Sealed at rest: the secret is not in the row as it is.
    const [row] = await app().db.select().from(staffMembers).where(eq(staffMembers.email, email));
    expect(row!.totpSecret).not.toContain(secret);

    const wrongConfirm = await client.post('/auth/totp/confirm/', {
      otp: (Number(await totpCode(app(), secret)) + 1).toString().padStart(6, '0').slice(-6),
    });
    expect(wrongConfirm.statusCode).toBe(400);
    expect((await client.post('/auth/totp/confirm/', { otp: await totpCode(app(), secret) })).statusCode).toBe(200);
    expect((await client.get('/auth/me/')).json<StaffMeResponse>().data.two_factor_enabled).toBe(true);

    app().clock.advance(MINUTE);
    const noCode = await staffClient(app()).login(email);
    expect(noCode.statusCode).toBe(401);
    expect(code(noCode)).toBe('two_factor_required');
    const wrong = await staffClient(app()).login(email, STAFF_PASSWORD, '000000' === (await totpCode(app(), secret)) ? '111111' : '000000');
    expect(code(wrong)).toBe('otp_invalid');
    const wrongPassword = await staffClient(app()).login(email, 'Wrong-password-1', await totpCode(app(), secret));
    expect(code(wrongPassword)).toBe('login_failed');

    // The phone's clock 30 s behind: accepted. 90 s behind: refused.
    expect((await staffClient(app()).login(email, STAFF_PASSWORD, await totpCode(app(), secret, -90))).statusCode).toBe(400);
    const drifted = await totpCode(app(), secret, -30);
    expect((await staffClient(app()).login(email, STAFF_PASSWORD, drifted)).statusCode).toBe(200);
    // The same code again: spent.
    expect(code(await staffClient(app()).login(email, STAFF_PASSWORD, drifted))).toBe('otp_invalid');
    expect((await staffClient(app()).login(email, STAFF_PASSWORD, await totpCode(app(), secret))).statusCode).toBe(200);

    // Off again with the password (outside production an owner may).
    app().clock.advance(MINUTE);
    expect((await client.post('/auth/totp/disable/', { password: 'Wrong-password-1' })).statusCode).toBe(400);
    expect((await client.post('/auth/totp/disable/', { password: STAFF_PASSWORD })).statusCode).toBe(200);
    expect((await staffClient(app()).login(email)).statusCode).toBe(200);
  });
});

describeOnDatabases(
  'staff two-factor in production',
  (ctx) => {
    const app = () => ctx().app;

    it('makes owners and managers enrol before anything else, and keeps them from turning it off', async () => {
      const { client } = await signedInStaff(app(), ctx().env, 'owner');
      const me = (await client.get('/auth/me/')).json<StaffMeResponse>().data;
      expect(me).toMatchObject({ two_factor_enabled: false, two_factor_required: true });
      const blocked = await client.get('/staff/');
      expect(blocked.statusCode).toBe(403);
      expect(code(blocked)).toBe('two_factor_setup_required');

      const { secret } = (await client.post('/auth/totp/setup/')).json<TotpSetupResponse>().data;
      expect((await client.post('/auth/totp/confirm/', { otp: await totpCode(app(), secret) })).statusCode).toBe(200);
      expect((await client.get('/staff/')).statusCode).toBe(200);
      expect((await client.get('/auth/me/')).json<StaffMeResponse>().data.two_factor_required).toBe(false);
      const disable = await client.post('/auth/totp/disable/', { password: STAFF_PASSWORD });
      expect(disable.statusCode).toBe(403);
      expect(code(disable)).toBe('forbidden');

      // Other roles need not enrol.
      const { client: packer } = await signedInStaff(app(), ctx().env, 'fulfilment');
      expect((await packer.get('/auth/me/')).json<StaffMeResponse>().data.two_factor_required).toBe(false);
    });
  },
  { env: { NODE_ENV: 'production', LOG_LEVEL: 'silent', SECRET_KEY: 'a-production-secret-key-of-forty-characters' } },
);
