import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { InvitationResponse, StaffLoginResponse, StaffMember } from '@store/shared/admin';
import type { ApiErrorBody } from '@store/shared/api';
import { describeOnDatabases } from '../../../test/support/app.js';
import { nextStaffEmail, signedInStaff, STAFF_PASSWORD, staffClient } from '../../../test/support/staff.js';
import { latestLink, outboxFor } from '../../../test/support/test-client.js';
import { auditLog, staffMembers } from './staff.tables.js';

const code = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error.code;
const DAY = 24 * 60 * 60 * 1000;
const tokenOf = (path: string) => path.split('/').filter(Boolean).pop()!;

describeOnDatabases('staff management', (ctx) => {
  const app = () => ctx().app;
  const owner = () => signedInStaff(app(), ctx().env, 'owner');

  /** An owner invites someone; returns the owner's client, the invitee's e-mail, id and the link's token. */
  async function invited(role: 'fulfilment' | 'owner' | 'manager' = 'fulfilment') {
    const { client } = await owner();
    const email = nextStaffEmail(`new-${role}`);
    const res = await client.post('/staff/', { email: email.toUpperCase(), name: 'Rahim Uddin', role });
    expect(res.statusCode).toBe(201);
    const member = res.json<{ data: StaffMember }>().data;
    expect(member).toMatchObject({ email, role, status: 'invited', last_login_at: null });
    return { client, email, id: member.id, token: tokenOf(await latestLink(app(), email, '/admin/invitation/')) };
  }

  it('invites by e-mail; the invitee sees who it is for, accepts with a name and password, and is signed in', async () => {
    const { client, email, id, token } = await invited();
    const [mail] = await outboxFor(app(), email);
    expect(mail!.subject).toMatch(/invited/);
    expect(mail!.body).toContain(`${ctx().env.PUBLIC_URL}/admin/invitation/${token}`);
    const [entry] = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.invite'), eq(auditLog.entityId, String(id))));
    expect(entry!.changes).toMatchObject({ email: [null, email], role: [null, 'fulfilment'] });

    const look = await app().inject({ url: `/api/v1/admin/auth/invitation/${token}/` });
    expect(look.json<InvitationResponse>().data).toEqual({ email, role: 'fulfilment' });
    const weak = await app().inject({
      method: 'POST',
      url: '/api/v1/admin/auth/invitation/accept/',
      payload: { token, name: 'Rahim', password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ApiErrorBody>().error.fields).toHaveProperty('password');

    const accept = await app().inject({
      method: 'POST',
      url: '/api/v1/admin/auth/invitation/accept/',
      payload: { token, name: 'Rahim U.', password: STAFF_PASSWORD },
    });
    expect(accept.statusCode).toBe(200);
    expect(accept.json<StaffLoginResponse>().data.staff).toMatchObject({ email, name: 'Rahim U.', role: 'fulfilment' });
    // The member who joined is in the audit log as the one who acted; the password is not.
    const [joined] = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.accept_invitation'), eq(auditLog.entityId, String(id))));
    expect(joined).toMatchObject({ staffId: id, changes: { status: ['invited', 'active'], name: [expect.any(String), 'Rahim U.'] } });
    expect(JSON.stringify(joined!.changes)).not.toContain(STAFF_PASSWORD);
    // Used: neither shown nor accepted again.
    expect(code(await app().inject({ url: `/api/v1/admin/auth/invitation/${token}/` }))).toBe('invitation_invalid');
    const again = await app().inject({
      method: 'POST',
      url: '/api/v1/admin/auth/invitation/accept/',
      payload: { token, name: 'X', password: STAFF_PASSWORD },
    });
    expect(code(again)).toBe('invitation_invalid');
    expect((await staffClient(app()).login(email)).statusCode).toBe(200);

    const list = (await client.get('/staff/')).json<{ data: StaffMember[] }>().data;
    expect(list.find((m) => m.id === id)).toMatchObject({ status: 'active', name: 'Rahim U.' });
    // The same e-mail twice: refused.
    const twice = await client.post('/staff/', { email, name: 'Again', role: 'fulfilment' });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses an expired invitation; a resend kills the old link and sends a new one', async () => {
    const { client, email, id, token } = await invited();
    const resent = await client.post(`/staff/${id}/resend-invitation/`);
    expect(resent.statusCode).toBe(200);
    const fresh = tokenOf(await latestLink(app(), email, '/admin/invitation/'));
    expect(fresh).not.toBe(token);
    expect(code(await app().inject({ url: `/api/v1/admin/auth/invitation/${token}/` }))).toBe('invitation_invalid');
    app().clock.advance(8 * DAY);
    const late = await app().inject({
      method: 'POST',
      url: '/api/v1/admin/auth/invitation/accept/',
      payload: { token: fresh, name: 'Late', password: STAFF_PASSWORD },
    });
    expect(late.statusCode).toBe(400);
    expect(code(late)).toBe('invitation_invalid');
  });

  it('lets only owners manage staff', async () => {
    const { client: manager } = await signedInStaff(app(), ctx().env, 'manager');
    const refused = await manager.post('/staff/', { email: nextStaffEmail('x'), name: 'X', role: 'owner' });
    expect(refused.statusCode).toBe(403);
    expect(code(refused)).toBe('forbidden');
    expect((await manager.get('/staff/')).statusCode).toBe(403);
    const bad = await (await owner()).client.post('/staff/', { email: 'not-an-email', name: '', role: 'janitor' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ApiErrorBody>().error.fields ?? {}).sort()).toEqual(['email', 'name', 'role']);
  });

  it('changes a role; disabling a member ends their sessions and their sign-in', async () => {
    const { client } = await owner();
    const { member, email, client: packer } = await signedInStaff(app(), ctx().env, 'fulfilment');
    const promoted = await client.patch(`/staff/${member.id}/`, { role: 'customer_care' });
    expect(promoted.json<{ data: StaffMember }>().data.role).toBe('customer_care');
    const [change] = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.role_change'), eq(auditLog.entityId, String(member.id))));
    expect(change!.changes).toEqual({ role: ['fulfilment', 'customer_care'] });

    expect((await packer.get('/auth/me/')).statusCode).toBe(200);
    expect((await client.patch(`/staff/${member.id}/`, { status: 'disabled' })).statusCode).toBe(200);
    expect((await packer.get('/auth/me/')).statusCode).toBe(401);
    const again = await staffClient(app()).login(email);
    expect(code(again)).toBe('login_failed');
    const [disable] = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.disable'), eq(auditLog.entityId, String(member.id))));
    expect(disable!.changes).toEqual({ status: ['active', 'disabled'] });
    // Back on: they sign in again.
    expect((await client.patch(`/staff/${member.id}/`, { status: 'active' })).statusCode).toBe(200);
    expect((await staffClient(app()).login(email)).statusCode).toBe(200);
  });

  it('keeps at least one active owner', async () => {
    // Every other owner is disabled first, so this one is the last.
    const { member, client } = await owner();
    await app()
      .db.update(staffMembers)
      .set({ status: 'disabled' })
      .where(and(eq(staffMembers.role, 'owner')));
    await app().db.update(staffMembers).set({ status: 'active' }).where(eq(staffMembers.id, member.id));
    const demote = await client.patch(`/staff/${member.id}/`, { role: 'manager' });
    expect(demote.statusCode).toBe(409);
    expect(code(demote)).toBe('last_owner');
    expect(code(await client.patch(`/staff/${member.id}/`, { status: 'disabled' }))).toBe('last_owner');
    const { member: second } = await owner();
    expect((await client.patch(`/staff/${member.id}/`, { role: 'manager' })).statusCode).toBe(200);
    // Now the second is the last one.
    expect(code(await client.patch(`/staff/${second.id}/`, { status: 'disabled' }))).toBe('forbidden');
    const { client: secondClient } = await signedInStaffAs(second.email);
    expect(code(await secondClient.patch(`/staff/${second.id}/`, { status: 'disabled' }))).toBe('last_owner');
  });

  async function signedInStaffAs(email: string) {
    const client = staffClient(app());
    expect((await client.login(email)).statusCode).toBe(200);
    return { client };
  }

  it('resets a password by e-mail link without telling which e-mails exist; the link works once and ends every session', async () => {
    const { email, client } = await signedInStaff(app(), ctx().env, 'content_editor');
    const known = await app().inject({
      method: 'POST',
      url: '/api/v1/admin/auth/password-reset/',
      payload: { email },
      remoteAddress: '192.0.2.200',
    });
    const unknown = await app().inject({
      method: 'POST',
      url: '/api/v1/admin/auth/password-reset/',
      payload: { email: nextStaffEmail('ghost') },
      remoteAddress: '192.0.2.200',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const token = tokenOf(await latestLink(app(), email, '/admin/reset-password/'));
    const confirm = (password: string) =>
      app().inject({ method: 'POST', url: '/api/v1/admin/auth/password-reset/confirm/', payload: { token, password } });
    expect((await confirm('weakweakweak')).statusCode).toBe(400);
    expect((await confirm('A-new-staff-password-1')).statusCode).toBe(200);
    expect(code(await confirm('Another-password-2'))).toBe('invitation_invalid');
    expect((await client.get('/auth/me/')).statusCode).toBe(401);
    expect(code(await staffClient(app()).login(email))).toBe('login_failed');
    expect((await staffClient(app()).login(email, 'A-new-staff-password-1')).statusCode).toBe(200);
  });
});
