import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as messages from '@store/shared/messages';
import type { LoginResponse, Profile, RegisterResponse } from '@store/shared/auth';
import { describeOnDatabases } from '../../../test/support/app.js';
import { customers } from './accounts.tables.js';
import { latestCode, outboxFor, TestBrowser } from '../../../test/support/test-client.js';

/*
 * Issue 14: many shoppers in Bangladesh have no e-mail. A Bangladeshi mobile alone registers (the
 * code goes by SMS), and every path that used to assume an e-mail copes with none.
 */

let seq = 0;
const nextIp = () => `198.51.100.${(seq += 1) % 250}`;
/** A fresh Bangladeshi mobile per call: 0185 + 7 digits. */
const nextPhone = () => `0185${String(Date.now() % 10_000).padStart(4, '0')}${String((seq += 1) % 1000).padStart(3, '0')}`;
const canonical = (p: string) => `+880${p.slice(1)}`;

function registration(phone: string, email?: string | null) {
  return {
    customer: {
      ...(email !== undefined ? { email } : {}),
      phone,
      first_name: 'Shirin',
      last_name: 'Begum',
      note: {},
      newsletter_email: true,
      newsletter_sms: true,
      online_customer: true,
    },
  };
}

describeOnDatabases('phone-only accounts', (ctx) => {
  const browser = () => new TestBrowser(ctx().app, nextIp());

  /** Registers with a phone alone and finishes with the SMS code and a password: a signed-in browser. */
  async function phoneOnlyCustomer(password = 'a phone only pass') {
    const phone = nextPhone();
    const b = browser();
    const reg = await b.post('/api/v1/accounts/register/', registration(phone));
    expect(reg.statusCode, reg.body).toBe(201);
    const code = await latestCode(ctx().app, canonical(phone));
    const done = await b.post('/api/v1/accounts/verify/', {
      customer_id: reg.json<RegisterResponse>().data.customer_id,
      otp: code,
      password,
    });
    expect(done.statusCode, done.body).toBe(200);
    return { b, phone, canonicalPhone: canonical(phone), password, customerId: reg.json<RegisterResponse>().data.customer_id };
  }

  it('registers with a phone alone (no email, blank or null), verifies by SMS and signs in', async () => {
    for (const email of [undefined, '', '   ', null]) {
      const phone = nextPhone();
      const b = browser();
      const reg = await b.post('/api/v1/accounts/register/', registration(phone, email));
      expect(reg.statusCode, reg.body).toBe(201);
      expect(reg.json<RegisterResponse>().data).toMatchObject({ email: null, phone: canonical(phone), otp_channel: 'sms' });
      // Only the SMS: no verify-email link to nobody.
      expect((await outboxFor(ctx().app, canonical(phone))).map((m) => m.channel)).toEqual(['sms']);
      const code = await latestCode(ctx().app, canonical(phone));
      const done = await b.post('/api/v1/accounts/verify/', {
        customer_id: reg.json<RegisterResponse>().data.customer_id,
        otp: code,
        password: 'phone only pass',
      });
      expect(done.json()).toMatchObject({ success: true, detail: messages.createdNewUser(), data: { token: expect.any(String) } });
      expect((await b.get('/api/v1/me/')).json().data.user).toMatchObject({ email: null, phone: canonical(phone), verified_sms: true });
    }
  });

  it('still needs an email for a phone abroad (its code goes by email), and still checks a typed email', async () => {
    const abroad = await browser().post('/api/v1/accounts/register/', registration('+44 7700 900777'));
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json().error.fields).toEqual({ 'customer.email': messages.emailNeededAbroad() });
    const badEmail = await browser().post('/api/v1/accounts/register/', registration(nextPhone(), 'not-an-email'));
    expect(badEmail.json().error.fields).toEqual({ 'customer.email': messages.emailInvalid() });
    // An invalid phone says so, not that an email is needed.
    const badPhone = await browser().post('/api/v1/accounts/register/', registration('+12'));
    expect(badPhone.json().error.fields).toEqual({ 'customer.phone': messages.phoneInvalid() });
    const [row] = await ctx().db.select().from(customers).where(eq(customers.phone, '+447700900777'));
    expect(row).toBeUndefined();
  });

  it('refuses a phone already registered, and two phone-only accounts do not collide on the missing email', async () => {
    const first = await phoneOnlyCustomer();
    const second = await phoneOnlyCustomer();
    expect(second.customerId).not.toBe(first.customerId);
    const again = await browser().post('/api/v1/accounts/register/', registration(first.phone));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'account_exists', fields: { phone: messages.phoneTaken() } });
    expect(again.json().error.fields.email).toBeUndefined();
  });

  it('lets an unfinished registration start again without the email it was started with', async () => {
    const phone = nextPhone();
    const started = await browser().post('/api/v1/accounts/register/', registration(phone, 'dropped.later@gmail.com'));
    expect(started.statusCode).toBe(201);
    ctx().app.clock.advance(3 * 60_000);
    const again = await browser().post('/api/v1/accounts/register/', registration(phone));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<RegisterResponse>().data).toMatchObject({
      customer_id: started.json<RegisterResponse>().data.customer_id,
      email: null,
    });
  });

  it('signs in by password and by SMS code; the email link says the account has none', async () => {
    const s = await phoneOnlyCustomer();
    const pw = await browser().post('/api/v1/accounts/login/', { email: s.phone, password: s.password });
    expect(pw.json<LoginResponse>()).toMatchObject({ success: true, verified: true, sms: true, data: { token: expect.any(String) } });

    ctx().app.clock.advance(3 * 60_000);
    const b = browser();
    expect((await b.post('/api/v1/accounts/login-otp/', { email: s.phone })).statusCode).toBe(200);
    const code = await latestCode(ctx().app, s.canonicalPhone);
    expect((await b.post('/api/v1/accounts/login/', { email: s.phone, otp: code })).json().success).toBe(true);

    const link = await browser().post('/api/v1/accounts/passwordless/', { email: s.phone });
    expect(link.statusCode).toBe(400);
    expect(link.json().error).toMatchObject({ message: messages.accountHasNoEmail(), fields: { email: messages.accountHasNoEmail() } });
    // The email reset link goes nowhere, with the usual answer; the SMS code is the way (password-reset-sms.test.ts).
    const reset = await browser().post('/api/v1/accounts/password-reset/', { email: s.phone, channel: 'email' });
    expect(reset.json()).toEqual({ success: true, detail: messages.passwordResetSent(), channel: 'email' });
    expect((await outboxFor(ctx().app, s.canonicalPhone)).filter((m) => m.channel === 'email')).toHaveLength(0);
  });

  it('shows the profile with no email, and keeps the email newsletter off: asking for it is refused and changes nothing', async () => {
    const s = await phoneOnlyCustomer();
    const profile = (await s.b.get('/api/v1/accounts/profile/')).json<{ data: Profile }>().data;
    expect(profile).toMatchObject({ email: null, phone: s.canonicalPhone, verified_sms: true, has_password: true });
    // Registered with newsletter_email true: there is nowhere to send it.
    expect((await s.b.get('/api/v1/accounts/notifications/')).json().data).toEqual({ newsletter_email: false, newsletter_sms: true });
    const refused = await s.b.put('/api/v1/accounts/notifications/', { newsletter_email: true, newsletter_sms: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ newsletter_email: messages.newsletterNeedsEmail() });
    expect((await s.b.get('/api/v1/accounts/notifications/')).json().data).toEqual({ newsletter_email: false, newsletter_sms: true });
    const ok = await s.b.put('/api/v1/accounts/notifications/', { newsletter_email: false, newsletter_sms: false });
    expect(ok.json()).toMatchObject({ success: true, data: { newsletter_email: false, newsletter_sms: false } });
    const renamed = await s.b.put('/api/v1/accounts/profile/', { first_name: 'Shirin', last_name: 'Akhter' });
    expect(renamed.json().data).toMatchObject({ email: null, last_name: 'Akhter' });
  });
});
