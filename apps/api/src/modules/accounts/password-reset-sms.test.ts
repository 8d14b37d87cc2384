import { expect, it } from 'vitest';
import * as messages from '@store/shared/messages';
import type { LoginResponse, PasswordResetRequestResponse, RegisterResponse } from '@store/shared/auth';
import { describeOnDatabases } from '../../../test/support/app.js';
import { latestCode, outboxFor, TestBrowser } from '../../../test/support/test-client.js';

/*
 * Issue 14: a password reset by SMS code. The login code's machinery sends and checks the code
 * (expiry, five tries, single use, resend block, sending caps); the answer never says whether the
 * phone has an account.
 */

let seq = 0;
const nextIp = () => `192.0.2.${(seq += 1) % 250}`;
const nextPhone = () => `0176${String(Date.now() % 10_000).padStart(4, '0')}${String((seq += 1) % 1000).padStart(3, '0')}`;
const canonical = (p: string) => `+880${p.slice(1)}`;
const NEW_PASSWORD = 'a new password 77';

describeOnDatabases(
  'password reset by SMS code',
  (ctx) => {
    const browser = () => new TestBrowser(ctx().app, nextIp());

    /** A customer with a password, an email and a verified phone, signed in on the returned browser. */
    async function customer(withEmail = true) {
      const phone = nextPhone();
      const email = withEmail ? `reset.${phone}@gmail.com` : null;
      const b = browser();
      const reg = await b.post('/api/v1/accounts/register/', {
        customer: { email, phone, first_name: 'Farida', last_name: 'Yasmin', note: {}, online_customer: true },
      });
      expect(reg.statusCode, reg.body).toBe(201);
      const code = await latestCode(ctx().app, canonical(phone));
      const customerId = reg.json<RegisterResponse>().data.customer_id;
      expect(
        (await b.post('/api/v1/accounts/verify/', { customer_id: customerId, otp: code, password: 'the old password' })).statusCode,
      ).toBe(200);
      // Past the registration code's resend block.
      ctx().app.clock.advance(3 * 60_000);
      return { b, phone, canonicalPhone: canonical(phone), email };
    }

    /** A right password answers 200 (the account may still ask for its email to be verified); a wrong one 400. */
    const passwordWorks = async (phone: string, password: string) =>
      (await browser().post('/api/v1/accounts/login/', { email: phone, password })).statusCode === 200;

    const reset = (b: TestBrowser, phone: string, code: string, password = NEW_PASSWORD, confirm = password) =>
      b.post('/api/v1/accounts/password-reset/code/', { phone, code, password, password_confirm: confirm });

    it('sends a code to a phone with an account and the same answer to a phone without one', async () => {
      const s = await customer();
      const known = await browser().post('/api/v1/accounts/password-reset/', { email: s.phone });
      const strangerPhone = nextPhone();
      const unknown = await browser().post('/api/v1/accounts/password-reset/', { email: strangerPhone });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json<PasswordResetRequestResponse>()).toEqual({
        success: true,
        detail: messages.passwordResetCodeSent(),
        channel: 'sms',
        otp: { resend_in_seconds: 120, expires_in_seconds: 300 },
      });
      expect(unknown.json()).toEqual(known.json());
      expect((await outboxFor(ctx().app, s.canonicalPhone))[0]!.body).toMatch(/^\d{6} is your .+ verification code/);
      expect(await outboxFor(ctx().app, canonical(strangerPhone))).toHaveLength(0);
      // Asked again at once: the same answer, and the code already sent keeps working (no second SMS).
      const again = await browser().post('/api/v1/accounts/password-reset/', { email: s.phone });
      expect(again.json()).toEqual(known.json());
      expect((await outboxFor(ctx().app, s.canonicalPhone)).filter((m) => m.channel === 'sms')).toHaveLength(2);
    });

    it('sets the new password with the code, signs in, ends every other session, and the old password is dead', async () => {
      const s = await customer();
      await browser().post('/api/v1/accounts/password-reset/', { email: s.phone });
      const code = await latestCode(ctx().app, s.canonicalPhone);
      const visitor = browser();
      const done = await reset(visitor, `+88${s.phone}`, code);
      expect(done.json<LoginResponse>()).toMatchObject({
        success: true,
        sms: true,
        detail: messages.passwordChanged(),
        data: { token: expect.any(String) },
      });
      expect(visitor.cookies.get('token')).toMatch(/^[\w-]{43}$/);
      expect((await visitor.get('/api/v1/me/')).json().data.user).toMatchObject({ phone: s.canonicalPhone });
      // The browser signed in before the reset is signed out.
      expect((await s.b.get('/api/v1/me/')).json().data.user).toBeNull();
      expect(await passwordWorks(s.phone, 'the old password')).toBe(false);
      expect(await passwordWorks(s.phone, NEW_PASSWORD)).toBe(true);
    });

    it('refuses a wrong code, a used code and an expired code, and changes nothing', async () => {
      const s = await customer();
      await browser().post('/api/v1/accounts/password-reset/', { email: s.phone });
      const code = await latestCode(ctx().app, s.canonicalPhone);
      const b = browser();
      const wrong = await reset(b, s.phone, code === '000000' ? '111111' : '000000');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toEqual({
        code: 'otp_invalid',
        message: messages.codeIncorrect(),
        fields: { code: messages.codeIncorrect() },
      });
      expect(b.cookies.get('token')).toBeUndefined();
      expect(await passwordWorks(s.phone, 'the old password')).toBe(true);

      expect((await reset(browser(), s.phone, code)).statusCode).toBe(200);
      const reused = await reset(browser(), s.phone, code, 'yet another password');
      expect(reused.json().error).toMatchObject({ code: 'otp_expired', message: messages.codeIncorrect() });
      expect(await passwordWorks(s.phone, NEW_PASSWORD)).toBe(true);

      ctx().app.clock.advance(3 * 60_000);
      await browser().post('/api/v1/accounts/password-reset/', { email: s.phone });
      const late = await latestCode(ctx().app, s.canonicalPhone);
      ctx().app.clock.advance(5 * 60_000 + 1000);
      const expired = await reset(browser(), s.phone, late, 'too late password');
      expect(expired.json().error).toMatchObject({ code: 'otp_expired', message: messages.codeIncorrect() });
      expect(await passwordWorks(s.phone, NEW_PASSWORD)).toBe(true);
    });

    it('refuses the sixth try on one code even with the right digits', async () => {
      const s = await customer();
      await browser().post('/api/v1/accounts/password-reset/', { email: s.phone });
      const code = await latestCode(ctx().app, s.canonicalPhone);
      const wrongCode = code === '999999' ? '888888' : '999999';
      for (let i = 0; i < 5; i += 1)
        expect((await reset(browser(), s.phone, wrongCode)).json().error.message).toBe(messages.codeIncorrect());
      const sixth = await reset(browser(), s.phone, code);
      expect(sixth.statusCode).toBe(400);
      expect(sixth.json().error).toMatchObject({ code: 'otp_expired', message: messages.codeIncorrect() });
    });

    it('checks the new password before the code: a bad password leaves the code usable', async () => {
      const s = await customer();
      await browser().post('/api/v1/accounts/password-reset/', { email: s.phone });
      const code = await latestCode(ctx().app, s.canonicalPhone);
      const short = await reset(browser(), s.phone, code, 'short');
      expect(short.json().error.fields).toEqual({ password: messages.passwordTooShort() });
      const mismatch = await reset(browser(), s.phone, code, NEW_PASSWORD, 'something else');
      expect(mismatch.json().error.fields).toEqual({ password_confirm: messages.passwordMismatch() });
      expect((await reset(browser(), s.phone, code)).statusCode).toBe(200);
    });

    it('answers a phone without an account like a wrong code', async () => {
      const res = await reset(browser(), nextPhone(), '123456');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'otp_invalid',
        message: messages.codeIncorrect(),
        fields: { code: messages.codeIncorrect() },
      });
      const abroad = await reset(browser(), '+447700900123', '123456');
      expect(abroad.json().error.fields).toEqual({ phone: messages.smsBdOnly() });
    });

    it('resets a phone-only account (no email at all) and keeps the email link for emails and when asked for', async () => {
      const s = await customer(false);
      await browser().post('/api/v1/accounts/password-reset/', { email: s.phone });
      const code = await latestCode(ctx().app, s.canonicalPhone);
      expect((await reset(browser(), s.phone, code)).json()).toMatchObject({
        success: true,
        verified: true,
        data: { token: expect.any(String) },
      });

      const withEmail = await customer();
      const byEmail = await browser().post('/api/v1/accounts/password-reset/', { email: withEmail.email });
      expect(byEmail.json()).toEqual({ success: true, detail: messages.passwordResetSent(), channel: 'email' });
      const linkAsked = await browser().post('/api/v1/accounts/password-reset/', { email: withEmail.phone, channel: 'email' });
      expect(linkAsked.json()).toEqual(byEmail.json());
      const emails = await outboxFor(ctx().app, withEmail.email!);
      expect(emails.filter((m) => m.body.includes('/forgot-password/'))).toHaveLength(2);
      // An SMS code for an email makes no sense: refused with a message.
      const smsForEmail = await browser().post('/api/v1/accounts/password-reset/', { email: withEmail.email, channel: 'sms' });
      expect(smsForEmail.json().error.fields).toEqual({ email: messages.smsBdOnly() });
    });

    it('spends the sending caps once per request, whether or not a code leaves: known and unknown phones answer alike', async () => {
      const s = await customer();
      const stranger = nextPhone();
      // A new hourly window: the registration code no longer counts against the known phone.
      ctx().app.clock.advance(60 * 60_000);
      const statuses = async (phone: string) => {
        const out: number[] = [];
        for (let i = 0; i < 6; i += 1) out.push((await browser().post('/api/v1/accounts/password-reset/', { email: phone })).statusCode);
        return out;
      };
      // SEND_LIMIT_PER_TARGET_HOUR is 5 here.
      expect(await statuses(s.phone)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(await statuses(stranger)).toEqual([200, 200, 200, 200, 200, 429]);
      // One SMS left for the known phone: the later asks found its code live inside the resend block.
      expect((await outboxFor(ctx().app, s.canonicalPhone)).filter((m) => m.channel === 'sms')).toHaveLength(2);
      expect(await outboxFor(ctx().app, canonical(stranger))).toHaveLength(0);
    });

    it('sends a new code right after registration: a used code does not hold the reset back', async () => {
      const phone = nextPhone();
      const b = browser();
      const reg = await b.post('/api/v1/accounts/register/', {
        customer: { phone, first_name: 'Mitu', last_name: 'Das', note: {}, online_customer: true },
      });
      const first = await latestCode(ctx().app, canonical(phone));
      await b.post('/api/v1/accounts/verify/', {
        customer_id: reg.json<RegisterResponse>().data.customer_id,
        otp: first,
        password: 'first password',
      });
      const asked = await browser().post('/api/v1/accounts/password-reset/', { email: phone });
      expect(asked.json()).toMatchObject({ success: true, channel: 'sms' });
      expect((await outboxFor(ctx().app, canonical(phone))).filter((m) => m.channel === 'sms')).toHaveLength(2);
      const code = await latestCode(ctx().app, canonical(phone));
      expect((await reset(browser(), phone, code)).statusCode).toBe(200);
    });
  },
  { env: { SEND_LIMIT_PER_TARGET_HOUR: '5' } },
);
