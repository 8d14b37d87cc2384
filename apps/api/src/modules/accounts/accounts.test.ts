import { expect, it } from 'vitest';
import * as messages from '@store/shared/messages';
import type { LoginResponse, OtpSentResponse, RegisterResponse } from '@store/shared/auth';
import { describeOnDatabases } from '../../../test/support/app.js';
import { latestCode, latestLink, outboxFor, TestBrowser } from '../../../test/support/test-client.js';

let seq = 0;
/** A fresh customer identity per test: unique email and Bangladeshi mobile. */
function person() {
  seq += 1;
  const n = String(seq).padStart(4, '0');
  return {
    email: `Shopper.${n}.${Date.now() % 100000}@Gmail.com `,
    phone: `0171${n}${String(Date.now() % 1000).padStart(3, '0')}`,
    canonicalPhone: '',
  };
}
const canonical = (p: string) => `+880${p.slice(1)}`;

function registerPayload(p: { email: string; phone: string }) {
  return {
    customer: {
      email: p.email,
      phone: p.phone,
      first_name: 'Nusrat',
      last_name: 'Jahan',
      note: { birthday: '1995-04-12', gender: 'female' },
      newsletter_email: true,
      newsletter_sms: false,
      online_customer: true,
    },
    withTimeout: true,
  };
}

let ipSeq = 0;
const nextIp = () => `198.51.100.${(ipSeq += 1)}`;

describeOnDatabases('accounts', (ctx) => {
  const browser = () => new TestBrowser(ctx().app, nextIp());

  /** Registers and finishes with the SMS code and a password; returns the signed-in browser. */
  async function signedUp(password = 'correct horse 1') {
    const p = person();
    const b = browser();
    const reg = await b.post('/api/v1/accounts/register/', registerPayload(p));
    expect(reg.statusCode).toBe(201);
    const { data } = reg.json<RegisterResponse>();
    const code = await latestCode(ctx().app, canonical(p.phone));
    const done = await b.post('/api/v1/accounts/verify/', { customer_id: data.customer_id, otp: code, password });
    expect(done.statusCode).toBe(200);
    return { b, p, email: p.email.trim().toLowerCase(), phone: canonical(p.phone), customerId: data.customer_id, password };
  }

  it('registers a customer: code by SMS, verification link by email, lowercased email and canonical phone', async () => {
    const p = person();
    const b = browser();
    const res = await b.post('/api/v1/accounts/register/', registerPayload(p));
    expect(res.statusCode).toBe(201);
    const body = res.json<RegisterResponse>();
    expect(body).toMatchObject({
      success: true,
      detail: messages.registrationSuccessful(),
      data: { guest: false, email: p.email.trim().toLowerCase(), phone: canonical(p.phone), otp_channel: 'sms' },
      otp: { resend_in_seconds: 120, expires_in_seconds: 300 },
    });
    const sms = await outboxFor(ctx().app, canonical(p.phone));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(/^\d{6} is your Glow Bazaar verification code/);
    expect(await latestLink(ctx().app, p.email.trim().toLowerCase(), '/verify-email/')).toMatch(/^\/verify-email\/[\w-]{43}$/);
    // Not signed in until the code is verified.
    expect((await b.get('/api/v1/me/')).json()).toMatchObject({ data: { user: null } });
  });

  it('writes to the shopper in the language of the page they used (issue 21): the SMS, the e-mail, the link', async () => {
    const p = person();
    const res = await browser().post('/api/v1/accounts/register/', registerPayload(p), { 'x-store-locale': 'bn' });
    expect(res.statusCode).toBe(201);
    const [sms] = await outboxFor(ctx().app, canonical(p.phone));
    // Bangla, with the minutes in Bengali digits; the code itself stays in ASCII digits for typing and autofill.
    expect(sms!.body).toMatch(/^\d{6} আপনার Glow Bazaar যাচাই কোড। ৫ মিনিটের মধ্যে ব্যবহার করুন, কাউকে জানাবেন না।\n\n@[^\s]+ #\d{6}$/);
    const [mail] = await outboxFor(ctx().app, p.email.trim().toLowerCase());
    expect(mail!.subject).toBe('Glow Bazaar-এর জন্য আপনার ই-মেইল যাচাই করুন');
    expect(await latestLink(ctx().app, p.email.trim().toLowerCase(), '/bn/verify-email/')).toMatch(/^\/bn\/verify-email\/[\w-]{43}$/);

    // Without the storefront's header: the shopper's chosen language (the cookie), then the browser's.
    const chose = person();
    const chooser = browser();
    chooser.cookies.set('locale', 'bn');
    await chooser.post('/api/v1/accounts/register/', registerPayload(chose), { 'accept-language': 'en' });
    expect((await outboxFor(ctx().app, canonical(chose.phone)))[0]!.body).toContain('যাচাই কোড');
    const prefers = person();
    await browser().post('/api/v1/accounts/register/', registerPayload(prefers), { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' });
    expect((await outboxFor(ctx().app, canonical(prefers.phone)))[0]!.body).toContain('যাচাই কোড');
    // The page's language wins over both, and anything that is not a language of the shop is ignored.
    const english = person();
    const onEnglishPage = browser();
    onEnglishPage.cookies.set('locale', 'bn');
    await onEnglishPage.post('/api/v1/accounts/register/', registerPayload(english), { 'x-store-locale': 'en' });
    expect((await outboxFor(ctx().app, canonical(english.phone)))[0]!.body).toMatch(/^\d{6} is your Glow Bazaar verification code/);
    const odd = person();
    const oddBrowser = browser();
    oddBrowser.cookies.set('locale', 'de');
    await oddBrowser.post('/api/v1/accounts/register/', registerPayload(odd), { 'x-store-locale': 'fr' });
    expect((await outboxFor(ctx().app, canonical(odd.phone)))[0]!.body).toMatch(/^\d{6} is your Glow Bazaar verification code/);
  });

  it('refuses bad registration input with a message per field', async () => {
    const res = await browser().post('/api/v1/accounts/register/', {
      customer: { email: 'nope', phone: '01211111111', first_name: ' ', last_name: '', note: { gender: 'x' }, online_customer: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      'customer.email': messages.emailInvalid(),
      'customer.phone': messages.phoneInvalid(),
      'customer.first_name': messages.firstNameRequired(),
      'customer.last_name': messages.lastNameRequired(),
    });
    expect(res.json().error.fields['customer.note.gender']).toBeDefined();
    const empty = await browser().post('/api/v1/accounts/register/', {
      customer: { email: 'a@b.co', phone: '', first_name: 'a', last_name: 'b', online_customer: true },
    });
    expect(empty.json().error.fields['customer.phone']).toBe(messages.phoneRequired());
  });

  it('refuses an email or phone already registered, as field errors', async () => {
    const { email, phone } = await signedUp();
    const res = await browser().post(
      '/api/v1/accounts/register/',
      registerPayload({ email: email.toUpperCase(), phone: '+88 ' + phone.slice(3) }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'account_exists',
      fields: { email: messages.emailTaken(), phone: messages.phoneTaken() },
    });
    const onlyPhone = await browser().post(
      '/api/v1/accounts/register/',
      registerPayload({ email: person().email, phone: phone.replace('+880', '0') }),
    );
    expect(onlyPhone.json().error.fields).toEqual({ phone: messages.phoneTaken() });
  });

  it('finishes registration with the code and a password, signs in with an HttpOnly cookie, and /me/ shows the user', async () => {
    const { b, email, phone } = await signedUp();
    const cookie = b.cookies.get('token');
    expect(cookie).toMatch(/^[\w-]{43}$/);
    const me = await b.get('/api/v1/me/');
    expect(me.json()).toEqual({
      data: {
        user: { first_name: 'Nusrat', last_name: 'Jahan', email, phone, guest: false, verified_email: false, verified_sms: true },
        location: 'BD',
      },
    });
    const profile = await b.get('/api/v1/accounts/profile/');
    expect(profile.json().data).toMatchObject({ birthday: '1995-04-12', gender: 'female', has_password: true });
  });

  it('sets the cookie HttpOnly and SameSite=Lax, and accepts the token as an Authorization header', async () => {
    const { p, customerId } = await (async () => {
      const p = person();
      const b = browser();
      const reg = await b.post('/api/v1/accounts/register/', registerPayload(p));
      return { p, customerId: reg.json<RegisterResponse>().data.customer_id };
    })();
    const code = await latestCode(ctx().app, canonical(p.phone));
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/accounts/verify/',
      payload: { customer_id: customerId, otp: code, password: 'password123' },
    });
    expect(res.json()).toMatchObject({ success: true, detail: messages.createdNewUser() });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^token=[\w-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const token = res.json().data.token as string;
    const me = await ctx().app.inject({ url: '/api/v1/me/', headers: { authorization: `Token ${token}` } });
    expect(me.json().data.user.first_name).toBe('Nusrat');
    const anonymous = await ctx().app.inject({ url: '/api/v1/me/', headers: { authorization: 'Token not-a-real-token-at-all-xxxxxxxx' } });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data.user).toBeNull();
  });

  it('refuses a wrong code, then a reused one', async () => {
    const p = person();
    const b = browser();
    const reg = await b.post('/api/v1/accounts/register/', registerPayload(p));
    const id = reg.json<RegisterResponse>().data.customer_id;
    const code = await latestCode(ctx().app, canonical(p.phone));
    const wrong = await b.post('/api/v1/accounts/verify/', { customer_id: id, otp: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'otp_invalid',
      message: messages.codeIncorrect(),
      fields: { code: messages.codeIncorrect() },
    });
    expect((await b.post('/api/v1/accounts/verify/', { customer_id: id, otp: code })).statusCode).toBe(200);
    const reuse = await browser().post('/api/v1/accounts/verify-sms/', { phone: p.phone, code });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toMatchObject({ code: 'otp_expired', message: messages.codeIncorrect() });
  });

  it('refuses the sixth try on one code even with the right digits', async () => {
    const p = person();
    const b = browser();
    await b.post('/api/v1/accounts/register/', registerPayload(p));
    const code = await latestCode(ctx().app, canonical(p.phone));
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1) {
      const res = await b.post('/api/v1/accounts/verify-sms/', { phone: p.phone, verify_sms_code: true, code: wrongCode });
      expect(res.json().error).toMatchObject({ code: 'otp_invalid', message: messages.codeIncorrect() });
    }
    const sixth = await b.post('/api/v1/accounts/verify-sms/', { phone: p.phone, code });
    expect(sixth.statusCode).toBe(400);
    // Its attempts are used up: only a new code helps, which the code says.
    expect(sixth.json().error).toMatchObject({ code: 'otp_expired', message: messages.codeIncorrect() });
  });

  it('lets a code through on the fifth try', async () => {
    const p = person();
    const b = browser();
    await b.post('/api/v1/accounts/register/', registerPayload(p));
    const code = await latestCode(ctx().app, canonical(p.phone));
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 4; i += 1) await b.post('/api/v1/accounts/verify-sms/', { phone: p.phone, code: wrongCode });
    const fifth = await b.post('/api/v1/accounts/verify-sms/', { phone: p.phone, code });
    expect(fifth.json()).toMatchObject({ success: true, detail: messages.smsVerified() });
    expect(b.cookies.get('token')).toBeTruthy();
  });

  it('expires a code after OTP_VALIDITY minutes', async () => {
    const p = person();
    const b = browser();
    await b.post('/api/v1/accounts/register/', registerPayload(p));
    const code = await latestCode(ctx().app, canonical(p.phone));
    ctx().app.clock.advance(5 * 60_000 + 1000);
    const res = await b.post('/api/v1/accounts/verify-sms/', { phone: p.phone, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.codeIncorrect());
  });

  it('refuses a resend inside the SMS_TIMER block, then resends with the new code replacing the old', async () => {
    const p = person();
    const b = browser();
    await b.post('/api/v1/accounts/register/', registerPayload(p));
    const first = await latestCode(ctx().app, canonical(p.phone));
    ctx().app.clock.advance(30_000);
    const blocked = await b.post('/api/v1/accounts/send-otp/', { email: p.phone });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toEqual({ code: 'rate_limited', message: 'Please wait 1:30', retry_after: 90 });
    expect(blocked.headers['retry-after']).toBe('90');
    ctx().app.clock.advance(90_000);
    const resent = await b.post('/api/v1/accounts/send-otp/', { email: p.phone });
    expect(resent.statusCode).toBe(200);
    expect(resent.json<OtpSentResponse>()).toEqual({
      success: true,
      detail: messages.otpResent(),
      otp: { resend_in_seconds: 120, expires_in_seconds: 300 },
    });
    expect(await outboxFor(ctx().app, canonical(p.phone))).toHaveLength(2);
    const second = await latestCode(ctx().app, canonical(p.phone));
    if (second !== first) {
      const old = await b.post('/api/v1/accounts/verify-sms/', { phone: p.phone, code: first });
      expect(old.json().error.message).toBe(messages.codeIncorrect());
    }
    expect((await b.post('/api/v1/accounts/verify-sms/', { phone: p.phone, code: second })).statusCode).toBe(200);
  });

  it('checks existence and the login field', async () => {
    const { email, phone } = await signedUp();
    const b = browser();
    expect((await b.post('/api/v1/accounts/exists/', { email: ` ${email.toUpperCase()} ` })).json()).toEqual({
      success: true,
      exists: true,
      kind: 'email',
    });
    expect((await b.post('/api/v1/accounts/exists/', { email: phone.replace('+880', '880') })).json()).toEqual({
      success: true,
      exists: true,
      kind: 'phone',
    });
    expect((await b.post('/api/v1/accounts/exists/', { email: 'nobody@gmail.com' })).json()).toEqual({
      success: false,
      exists: false,
      kind: 'email',
    });
    const empty = await b.post('/api/v1/accounts/exists/', { email: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ email: messages.loginFieldEmpty() });
    const invalid = await b.post('/api/v1/accounts/exists/', { email: '0123' });
    expect(invalid.json().error.fields).toEqual({ email: messages.loginFieldInvalid() });
  });

  it('answers the email validity check', async () => {
    const b = browser();
    expect((await b.post('/api/v1/accounts/email-valid/', { email: 'someone@shop.test' })).json()).toEqual({
      result: 'invalid',
      message: messages.emailCheckInvalid(),
    });
    expect((await b.post('/api/v1/accounts/email-valid/', { email: 'not an email' })).json()).toEqual({
      result: 'invalid',
      message: messages.emailCheckInvalid(),
    });
  });

  it('logs in with a password: wrong password and unknown account say the same; unverified email sends a new magic link', async () => {
    const { email, phone, password } = await signedUp();
    const b = browser();
    const wrong = await b.post('/api/v1/accounts/login/', { email, password: 'wrong password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'login_failed', message: messages.wrongCredentials() });
    const unknown = await b.post('/api/v1/accounts/login/', { email: 'nobody.here@gmail.com', password: 'whatever1' });
    expect(unknown.json().error).toEqual({ code: 'login_failed', message: messages.wrongCredentials() });

    const before = (await outboxFor(ctx().app, email)).length;
    const unverified = await b.post('/api/v1/accounts/login/', { email: phone, password });
    expect(unverified.statusCode).toBe(200);
    expect(unverified.json<LoginResponse>()).toEqual({
      success: false,
      verified: false,
      sms: true,
      detail: messages.emailNotVerified(),
      data: null,
    });
    expect(b.cookies.get('token')).toBeUndefined();
    expect((await outboxFor(ctx().app, email)).length).toBe(before + 1);
    const link = await latestLink(ctx().app, email, '/passwordless-login/');
    const landed = await b.post(`/api/v1/accounts${link.replace('/passwordless-login/', '/passwordless/')}`);
    expect(landed.json<LoginResponse>()).toMatchObject({ success: true, verified: true, sms: true, data: { token: expect.any(String) } });

    const fresh = browser();
    const ok = await fresh.post('/api/v1/accounts/login/', { email: email.toUpperCase(), password });
    expect(ok.json<LoginResponse>()).toMatchObject({ success: true, verified: true, sms: true });
    expect(fresh.cookies.get('token')).toBe(ok.json<LoginResponse>().data!.token);
    const missing = await fresh.post('/api/v1/accounts/login/', { email });
    expect(missing.statusCode).toBe(400);
  });

  it('answers sms:false with a code for a password login on an unverified phone, and the OTP panel finishes it', async () => {
    const p = person();
    const b = browser();
    const reg = await b.post('/api/v1/accounts/register/', registerPayload(p));
    const id = reg.json<RegisterResponse>().data.customer_id;
    const email = p.email.trim().toLowerCase();
    // Finish with an email code instead of the SMS one: email verified, phone not.
    await b.post('/api/v1/accounts/send-otp/', { email });
    const emailCode = await latestCode(ctx().app, email);
    const done = await b.post('/api/v1/accounts/verify/', {
      customer_id: id,
      otp: emailCode,
      channel: 'email',
      password: 'password123',
      login: false,
    });
    expect(done.json()).toEqual({ success: true, detail: messages.createdNewUser(), data: null });
    expect(b.cookies.get('token')).toBeUndefined();

    const login = await b.post('/api/v1/accounts/login/', { email, password: 'password123' });
    expect(login.json<LoginResponse>()).toMatchObject({
      success: false,
      verified: true,
      sms: false,
      data: null,
      otp: { resend_in_seconds: expect.any(Number) },
    });
    const code = await latestCode(ctx().app, canonical(p.phone));
    const verified = await b.post('/api/v1/accounts/verify-sms/', { email, phone: '', verify_sms_code: true, code });
    expect(verified.json()).toMatchObject({ success: true, detail: messages.smsVerified(), data: { token: expect.any(String) } });
    expect((await b.get('/api/v1/accounts/verification-status/sms/')).json()).toEqual({ kind: 'sms', verified: true });
    expect((await b.get('/api/v1/accounts/verification-status/email/')).json()).toEqual({ kind: 'email', verified: true });
  });

  it('logs in with an SMS code', async () => {
    const { phone, email } = await signedUp();
    ctx().app.clock.advance(3 * 60_000);
    const b = browser();
    const sent = await b.post('/api/v1/accounts/login-otp/', { email });
    expect(sent.json()).toMatchObject({ success: true, otp: { resend_in_seconds: 120 } });
    const code = await latestCode(ctx().app, phone);
    const wrong = await b.post('/api/v1/accounts/login/', { email: phone, otp: code === '123456' ? '654321' : '123456' });
    expect(wrong.json().error.message).toBe(messages.codeIncorrect());
    const ok = await b.post('/api/v1/accounts/login/', { email: phone, otp: code });
    expect(ok.json()).toMatchObject({ success: true, sms: true, data: { token: expect.any(String) } });
    const unknown = await b.post('/api/v1/accounts/login-otp/', { email: '01999999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'account_not_found', message: messages.accountNotFound() });
  });

  it('sends a passwordless link with a cooldown, and the link works once', async () => {
    const { email } = await signedUp();
    const b = browser();
    const sent = await b.post('/api/v1/accounts/passwordless/', { email: email.toUpperCase() });
    expect(sent.json()).toEqual({ success: true, detail: messages.passwordlessSent(), cooldown_seconds: 120 });
    ctx().app.clock.advance(15_000);
    const again = await b.post('/api/v1/accounts/passwordless/', { email });
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toEqual({ code: 'rate_limited', message: 'Please wait 1:45', retry_after: 105 });
    const link = await latestLink(ctx().app, email, '/passwordless-login/');
    const [, , token, uid, hash] = link.split('/');
    const tampered = await b.post(`/api/v1/accounts/passwordless/${token}/${uid}/${'0'.repeat(16)}/`);
    expect(tampered.statusCode).toBe(400);
    const ok = await b.post(`/api/v1/accounts/passwordless/${token}/${uid}/${hash}/`);
    expect(ok.statusCode).toBe(200);
    const reuse = await browser().post(`/api/v1/accounts/passwordless/${token}/${uid}/${hash}/`);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.message).toBe(messages.linkInvalid());
    const nobody = await b.post('/api/v1/accounts/passwordless/', { email: 'nobody.at.all@gmail.com' });
    expect(nobody.statusCode).toBe(404);
  });

  it('expires a passwordless link after 15 minutes', async () => {
    const { email } = await signedUp();
    await browser().post('/api/v1/accounts/passwordless/', { email });
    const link = await latestLink(ctx().app, email, '/passwordless-login/');
    ctx().app.clock.advance(15 * 60_000 + 1000);
    const res = await browser().post(`/api/v1/accounts${link.replace('/passwordless-login/', '/passwordless/')}`);
    expect(res.statusCode).toBe(400);
  });

  it('refreshes the token (the old one dies), and logout revokes the session and clears the cookie', async () => {
    const { b } = await signedUp();
    const old = b.cookies.get('token')!;
    // A state change: GET is not served, and a cookie-authenticated POST without the CSRF header is refused.
    expect((await b.get('/api/v1/accounts/token-refresh/')).statusCode).toBe(404);
    expect((await b.post('/api/v1/accounts/token-refresh/', {}, { 'x-csrftoken': 'forged' })).statusCode).toBe(403);
    expect(b.cookies.get('token')).toBe(old);
    const refreshed = await b.post('/api/v1/accounts/token-refresh/');
    expect(refreshed.statusCode).toBe(200);
    const token = refreshed.json().data.token as string;
    expect(token).not.toBe(old);
    expect(b.cookies.get('token')).toBe(token);
    const replay = await ctx().app.inject({
      method: 'POST',
      url: '/api/v1/accounts/token-refresh/',
      headers: { authorization: `Token ${old}` },
    });
    expect(replay.statusCode).toBe(401);
    expect((await b.get('/api/v1/me/')).json().data.user).not.toBeNull();

    const out = await b.post('/api/v1/accounts/logout/');
    expect(out.json()).toEqual({ success: true });
    expect(b.cookies.get('token')).toBeUndefined();
    const after = await ctx().app.inject({ url: '/api/v1/me/', headers: { authorization: `Token ${token}` } });
    expect(after.json().data.user).toBeNull();
    expect((await ctx().app.inject({ method: 'POST', url: '/api/v1/accounts/token-refresh/' })).statusCode).toBe(401);
  });

  it('needs X-CSRFToken for cookie-authenticated writes', async () => {
    const { b } = await signedUp();
    const missing = await b.put(
      '/api/v1/accounts/notifications/',
      { newsletter_email: false, newsletter_sms: false },
      { 'x-csrftoken': '' },
    );
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('csrf_failed');
    const wrong = await b.put(
      '/api/v1/accounts/notifications/',
      { newsletter_email: false, newsletter_sms: false },
      { 'x-csrftoken': 'x'.repeat(32) },
    );
    expect(wrong.statusCode).toBe(403);
    const logout = await b.post('/api/v1/accounts/logout/', {}, { 'x-csrftoken': 'y'.repeat(32) });
    expect(logout.statusCode).toBe(403);
    expect((await b.get('/api/v1/me/')).json().data.user).not.toBeNull();
    const right = await b.put('/api/v1/accounts/notifications/', { newsletter_email: false, newsletter_sms: true });
    expect(right.json()).toEqual({
      success: true,
      detail: messages.preferencesSaved(),
      data: { newsletter_email: false, newsletter_sms: true },
    });
    expect((await b.get('/api/v1/accounts/notifications/')).json()).toEqual({ data: { newsletter_email: false, newsletter_sms: true } });
  });

  it('updates the profile and the password; account calls need a session', async () => {
    const { b, email, password } = await signedUp();
    const saved = await b.put('/api/v1/accounts/profile/', { first_name: ' Rahim ', last_name: 'Uddin', birthday: null, gender: 'male' });
    expect(saved.json()).toMatchObject({
      success: true,
      detail: messages.profileSaved(),
      data: { first_name: 'Rahim', last_name: 'Uddin', birthday: null, gender: 'male' },
    });
    const bad = await b.put('/api/v1/accounts/profile/', { first_name: '', last_name: 'x', birthday: '2999-01-01' });
    expect(bad.json().error.fields).toMatchObject({ first_name: messages.firstNameRequired(), birthday: messages.birthdayInvalid() });

    const other = browser();
    await other.post('/api/v1/accounts/passwordless/', { email });
    const link = await latestLink(ctx().app, email, '/passwordless-login/');
    await other.post(`/api/v1/accounts${link.replace('/passwordless-login/', '/passwordless/')}`);
    expect((await other.get('/api/v1/me/')).json().data.user).not.toBeNull();

    const wrong = await b.put('/api/v1/accounts/password/', {
      current_password: 'nope',
      password: 'new password 2',
      password_confirm: 'new password 2',
    });
    expect(wrong.json().error.fields).toEqual({ current_password: messages.wrongCredentials() });
    const mismatch = await b.put('/api/v1/accounts/password/', {
      current_password: password,
      password: 'new password 2',
      password_confirm: 'other',
    });
    expect(mismatch.json().error.fields).toEqual({ password_confirm: messages.passwordMismatch() });
    const changed = await b.put('/api/v1/accounts/password/', {
      current_password: password,
      password: 'new password 2',
      password_confirm: 'new password 2',
    });
    expect(changed.json()).toEqual({ success: true, detail: messages.passwordChanged() });
    // This session stays; every other one ends.
    expect((await b.get('/api/v1/me/')).json().data.user).not.toBeNull();
    expect((await other.get('/api/v1/me/')).json().data.user).toBeNull();
    expect((await browser().post('/api/v1/accounts/login/', { email, password: 'new password 2' })).json().success).toBe(true);

    const visitor = browser();
    for (const url of ['/api/v1/accounts/profile/', '/api/v1/accounts/notifications/', '/api/v1/accounts/verification-status/email/']) {
      const res = await visitor.get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'login_required', message: messages.loginRequired() });
    }
  });

  it('resets a password by email link, ending every other session', async () => {
    const { b, email } = await signedUp();
    const visitor = browser();
    const asked = await visitor.post('/api/v1/accounts/password-reset/', { email });
    expect(asked.json()).toEqual({ success: true, detail: messages.passwordResetSent(), channel: 'email' });
    const unknown = await visitor.post('/api/v1/accounts/password-reset/', { email: 'nobody.reset@gmail.com' });
    expect(unknown.json()).toEqual(asked.json());
    const link = await latestLink(ctx().app, email, '/forgot-password/');
    const id = link.split('/')[2]!;
    expect((await visitor.get(`/api/v1/accounts/password-reset/${id}/`)).json()).toEqual({ success: true });
    const short = await visitor.post(`/api/v1/accounts/password-reset/${id}/`, { password: 'short', password_confirm: 'short' });
    expect(short.json().error.fields).toEqual({ password: messages.passwordTooShort() });
    const reset = await visitor.post(`/api/v1/accounts/password-reset/${id}/`, {
      password: 'brand new pass',
      password_confirm: 'brand new pass',
    });
    expect(reset.json()).toMatchObject({
      success: true,
      verified: true,
      detail: messages.passwordChanged(),
      data: { token: expect.any(String) },
    });
    expect((await b.get('/api/v1/me/')).json().data.user).toBeNull();
    expect((await visitor.get('/api/v1/me/')).json().data.user.email).toBe(email);
    const again = await visitor.post(`/api/v1/accounts/password-reset/${id}/`, {
      password: 'brand new pass',
      password_confirm: 'brand new pass',
    });
    expect(again.json().error).toMatchObject({ code: 'otp_expired', message: messages.passwordResetInvalid() });
    // A used link is spent: the page checking it learns it needs a new one.
    const check = await visitor.get(`/api/v1/accounts/password-reset/${id}/`);
    expect(check.statusCode).toBe(400);
    expect(check.json().error).toEqual({ code: 'otp_expired', message: messages.passwordResetInvalid() });
  });

  it('verifies the email with the link from registration and signs in', async () => {
    const p = person();
    await browser().post('/api/v1/accounts/register/', registerPayload(p));
    const email = p.email.trim().toLowerCase();
    const link = await latestLink(ctx().app, email, '/verify-email/');
    const b = browser();
    const res = await b.post(`/api/v1/accounts${link}/`);
    expect(res.json()).toMatchObject({ success: true, verified: true, sms: false, detail: messages.verifiedSuccessfully() });
    expect((await b.get('/api/v1/me/')).json().data.user).toMatchObject({ email, verified_email: true, verified_sms: false });
    expect((await browser().post(`/api/v1/accounts${link}/`)).statusCode).toBe(400);
    expect((await browser().post('/api/v1/accounts/verify-email/not-a-token-that-exists-xx/')).statusCode).toBe(400);
  });

  it('registers and verifies a guest, who gets a guest session', async () => {
    const b = browser();
    const phone = person().phone;
    const reg = await b.post('/api/v1/accounts/guest/', { customer: { phone, email: 'Guest@Example.org ', first_name: 'Karim' } });
    expect(reg.statusCode).toBe(201);
    const { id } = reg.json<{ id: string }>();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const abroad = await b.post('/api/v1/accounts/guest/', { customer: { phone: '+447700900123' } });
    expect(abroad.json().error.fields).toEqual({ 'customer.phone': messages.smsBdOnly() });
    const code = await latestCode(ctx().app, canonical(phone));
    const wrong = await b.post('/api/v1/accounts/guest/verify-sms/', { phone, code: code === '000000' ? '000001' : '000000' });
    expect(wrong.json().error.message).toBe(messages.codeIncorrect());
    const ok = await b.post('/api/v1/accounts/guest/verify-sms/', { email: '', phone, verify_sms_code: true, code });
    expect(ok.json()).toMatchObject({ success: true, detail: messages.smsVerified(), data: { guest_id: id, token: expect.any(String) } });
    expect((await b.get('/api/v1/me/')).json().data.user).toMatchObject({
      first_name: 'Karim',
      email: 'guest@example.org',
      phone: canonical(phone),
      guest: true,
    });
    // A guest is not a customer: no account pages.
    expect((await b.get('/api/v1/accounts/profile/')).statusCode).toBe(401);
    ctx().app.clock.advance(2 * 60_000);
    expect((await b.post('/api/v1/accounts/guest/send-otp/', { email: phone })).json()).toMatchObject({
      success: true,
      detail: messages.otpResent(),
    });
  });

  it('sends the registration code by email for a phone abroad', async () => {
    const p = person();
    const b = browser();
    const reg = await b.post('/api/v1/accounts/register/', registerPayload({ email: p.email, phone: '+44 7700 900456' }));
    expect(reg.json<RegisterResponse>().data).toMatchObject({ phone: '+447700900456', otp_channel: 'email' });
    expect(await outboxFor(ctx().app, '+447700900456')).toHaveLength(0);
    const email = p.email.trim().toLowerCase();
    const code = await latestCode(ctx().app, email);
    const done = await b.post('/api/v1/accounts/verify/', {
      customer_id: reg.json<RegisterResponse>().data.customer_id,
      otp: code,
      password: 'password123',
    });
    expect(done.json().success).toBe(true);
    expect((await b.get('/api/v1/me/')).json().data.user).toMatchObject({ verified_email: true, verified_sms: false });
    // A password login works: the phone abroad needs no SMS verification.
    expect((await browser().post('/api/v1/accounts/login/', { email: '+447700900456', password: 'password123' })).json().success).toBe(
      true,
    );
    const otp = await browser().post('/api/v1/accounts/login-otp/', { email: '+447700900456' });
    expect(otp.json().error.message).toBe(messages.smsBdOnly());
  });

  it('limits failed logins per account with a generic 429', async () => {
    const { email, password } = await signedUp();
    const b = browser();
    for (let i = 0; i < 10; i += 1)
      expect((await b.post('/api/v1/accounts/login/', { email, password: `wrong${i}xx` })).statusCode).toBe(400);
    const locked = await browser().post('/api/v1/accounts/login/', { email, password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ code: 'rate_limited', message: messages.tooManyRequests() });
    ctx().app.clock.advance(15 * 60_000);
    // The right password again (the email is not verified yet: a new magic link is the answer).
    expect((await browser().post('/api/v1/accounts/login/', { email, password })).json()).toMatchObject({
      verified: false,
      detail: messages.emailNotVerified(),
    });
  });

  it('resolves the region: a signed-in customer counts as BD, else the IP table', async () => {
    const { b } = await signedUp();
    expect((await b.get('/api/v1/region/')).body).toBe('BD');
    const dhaka = await ctx().app.inject({ url: '/api/v1/region/', remoteAddress: '103.4.145.1' });
    expect(dhaka.body).toBe('BD');
    const abroad = await ctx().app.inject({ url: '/api/v1/region/', remoteAddress: '8.8.8.8' });
    expect(abroad.body).toBe('INT');
    expect((await ctx().app.inject({ url: '/api/v1/me/', remoteAddress: '103.4.145.1' })).json()).toEqual({
      data: { user: null, location: 'BD' },
    });
  });

  it('shows the development outbox newest first', async () => {
    const p = person();
    await browser().post('/api/v1/accounts/register/', registerPayload(p));
    const page = await ctx().app.inject({ url: `/dev/outbox?to=${encodeURIComponent(p.phone)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Development outbox');
    expect(page.body).toContain(canonical(p.phone));
    const emailPage = await ctx().app.inject({ url: `/dev/outbox?to=${encodeURIComponent(p.email)}` });
    expect(emailPage.body).toMatch(/<a href="http:\/\/localhost:3000\/verify-email\/[\w-]+">/);
    const all = (await ctx().app.inject({ url: '/dev/outbox.json' })).json<{ data: { id: number }[] }>().data;
    expect(all.map((m) => m.id)).toEqual([...all.map((m) => m.id)].sort((a, b) => b - a));
  });
});
