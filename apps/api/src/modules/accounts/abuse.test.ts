import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as messages from '@store/shared/messages';
import type { RegisterResponse } from '@store/shared/auth';
import { buildApp } from '../../app.js';
import { createTestApp, describeOnDatabases } from '../../../test/support/app.js';
import { guests } from './accounts.tables.js';
import { latestCode, outboxFor, TestBrowser, type OutboxRow } from '../../../test/support/test-client.js';

let seq = 0;
const nextIp = () => `203.0.113.${(seq += 1) % 250}`;
const phoneNo = (n: number, prefix = '0171') => `${prefix}${String(n).padStart(7, '0')}`;
const canonical = (p: string) => `+880${p.slice(1)}`;

function registration(email: string, phone: string) {
  return {
    customer: {
      email,
      phone,
      first_name: 'Rumana',
      last_name: 'Akter',
      note: {},
      newsletter_email: false,
      newsletter_sms: false,
      online_customer: true,
    },
  };
}

describeOnDatabases(
  'abuse of the accounts API',
  (ctx) => {
    const browser = (ip = nextIp()) => new TestBrowser(ctx().app, ip);
    const outbox = async () => (await ctx().app.inject({ url: '/dev/outbox.json?limit=1000' })).json<{ data: OutboxRow[] }>().data;

    /** A customer with a password, phone and e-mail verified (by the SMS code). */
    async function customer(n: number, password = 'a long enough password') {
      const email = `abuse.${n}@gmail.com`;
      const phone = phoneNo(n, '0191');
      const b = browser();
      const reg = await b.post('/api/v1/accounts/register/', registration(email, phone));
      expect(reg.statusCode).toBe(201);
      const code = await latestCode(ctx().app, canonical(phone));
      const done = await b.post('/api/v1/accounts/verify/', {
        customer_id: reg.json<RegisterResponse>().data.customer_id,
        otp: code,
        password,
      });
      expect(done.statusCode).toBe(200);
      return { b, email, phone };
    }

    beforeAll(() => {
      // Start at 00:05 UTC of a new day so that no hourly or daily window rolls over mid-test.
      const day = 86_400_000;
      const now = ctx().app.clock.nowMs();
      ctx().app.clock.advance(Math.floor(now / day) * day + day + 300_000 - now);
    });

    it('keeps a guest’s e-mail and name until the phone’s code is verified in the browser that typed them', async () => {
      const phone = phoneNo(1, '0181');
      const owner = browser();
      const first = await owner.post('/api/v1/accounts/guest/', { customer: { phone, email: 'owner@gmail.com', first_name: 'Owner' } });
      const verified = await owner.post('/api/v1/accounts/guest/verify-sms/', {
        phone,
        code: await latestCode(ctx().app, canonical(phone)),
      });
      const guestId = verified.json<{ data: { guest_id: string } }>().data.guest_id;
      expect(guestId).toBe(first.json<{ id: string }>().id);

      // Someone who knows the phone, but never sees its codes.
      ctx().app.clock.advance(3 * 60_000);
      const attacker = browser();
      const taken = await attacker.post('/api/v1/accounts/guest/', {
        customer: { phone, email: 'attacker@evil.example', first_name: 'Mallory' },
      });
      expect(taken.statusCode).toBe(201);
      // The answer is shaped like a first registration's and carries a fresh id, not the guest's.
      expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(first.json()).sort());
      expect(taken.json<{ id: string }>().id).not.toBe(guestId);
      const [row] = await ctx().db.select().from(guests).where(eq(guests.id, guestId));
      expect(row).toMatchObject({ email: 'owner@gmail.com', firstName: 'Owner' });

      // The owner verifies the new code in their own browser: the attacker's details do not come with it.
      const again = await owner.post('/api/v1/accounts/guest/verify-sms/', { phone, code: await latestCode(ctx().app, canonical(phone)) });
      expect(again.json<{ data: { guest_id: string } }>().data.guest_id).toBe(guestId);
      const [after] = await ctx().db.select().from(guests).where(eq(guests.id, guestId));
      expect(after).toMatchObject({ email: 'owner@gmail.com', firstName: 'Owner' });
    });

    it('sends one address at most SEND_LIMIT_PER_TARGET_HOUR messages, however often it is registered, in parallel waves', async () => {
      // An unfinished registration may be started again with the same e-mail and phone: each start used to mail a new link.
      const email = 'bombed@gmail.com';
      const phone = phoneNo(9000, '0161');
      const statuses: number[] = [];
      for (let wave = 0; wave < 10; wave += 1) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            browser(`198.18.${wave}.${i + 1}`).post('/api/v1/accounts/register/', registration(email, phone)),
          ),
        );
        statuses.push(...answers.map((a) => a.statusCode));
      }
      // Registrations kept succeeding (the cap holds back the mail, not the shopper) …
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(5);
      // … and the inbox got at most the cap.
      const sent = (await outboxFor(ctx().app, email)).length;
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThanOrEqual(5);
    });

    it('counts 40 parallel wrong passwords before checking them: only the limit are checked', async () => {
      const { email } = await customer(2);
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          browser(`198.19.1.${i + 1}`).post('/api/v1/accounts/login/', { email, password: `wrong guess ${i}` }),
        ),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 400)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    });

    it('counts the e-mail and the phone of one account together', async () => {
      const { email, phone } = await customer(3);
      for (let i = 0; i < 6; i += 1)
        expect((await browser().post('/api/v1/accounts/login/', { email, password: 'wrong' })).statusCode).toBe(400);
      for (let i = 0; i < 4; i += 1)
        expect((await browser().post('/api/v1/accounts/login/', { email: phone, password: 'wrong' })).statusCode).toBe(400);
      const locked = await browser().post('/api/v1/accounts/login/', { email: phone, password: 'a long enough password' });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toMatchObject({ code: 'rate_limited', message: messages.tooManyRequests() });
    });

    it('refuses SMS codes to numbers outside Bangladesh', async () => {
      const res = await browser().post('/api/v1/accounts/guest/', { customer: { phone: '+447700900123' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ 'customer.phone': messages.smsBdOnly() });
      expect((await browser().post('/api/v1/accounts/guest/send-otp/', { email: '+12025550123' })).statusCode).toBe(400);
    });

    it('stops pumping through one operator prefix, while other operators still get codes', async () => {
      const gp = await Promise.all(
        Array.from({ length: 14 }, (_, i) =>
          browser(`198.20.0.${i + 1}`).post('/api/v1/accounts/guest/', { customer: { phone: phoneNo(100 + i, '0131') } }),
        ),
      );
      expect(gp.filter((r) => r.statusCode === 201)).toHaveLength(10);
      expect(gp.filter((r) => r.statusCode === 429)).toHaveLength(4);
      const robi = await browser().post('/api/v1/accounts/guest/', { customer: { phone: phoneNo(100, '0185') } });
      expect(robi.statusCode).toBe(201);
    });

    it('spends the anonymous hourly budget across many IPs, keeps it across a restart, and still serves signed-in shoppers', async () => {
      const signedIn = await customer(4);
      const before = (await outbox()).filter((m) => m.channel === 'sms').length;
      // 40 IPs, two numbers each, spread over operators: the shop-wide hourly budget (30) runs out.
      const prefixes = ['0171', '0181', '0191', '0161', '0151'];
      const statuses: number[] = [];
      for (let i = 0; i < 80; i += 1) {
        const res = await browser(`198.21.${Math.floor(i / 2)}.1`).post('/api/v1/accounts/guest/', {
          customer: { phone: phoneNo(5000 + i, prefixes[i % prefixes.length]) },
        });
        statuses.push(res.statusCode);
      }
      const sentNow = (await outbox()).filter((m) => m.channel === 'sms').length - before;
      // Each IP stayed under its own cap (2 of 5): the shop-wide hourly budget is what refused.
      expect(sentNow).toBeLessThan(30);
      expect(statuses.filter((s) => s === 201)).toHaveLength(sentNow);
      expect(statuses.slice(-10).every((s) => s === 429)).toBe(true);
      expect((await ctx().app.rateLimiter.peek('send:all:hour', 30, 3600)).count).toBe(30);

      // A new process on the same database sees the spent budget.
      const restarted = await buildApp({ env: ctx().env, database: ctx().database });
      await restarted.ready();
      restarted.clock.advance(ctx().app.clock.nowMs() - restarted.clock.nowMs());
      try {
        const res = await restarted.inject({
          method: 'POST',
          url: '/api/v1/accounts/guest/',
          payload: { customer: { phone: phoneNo(7000, '0171') } },
          remoteAddress: '198.22.0.1',
        });
        expect(res.statusCode).toBe(429);
      } finally {
        await restarted.close();
      }

      // The signed-in customer's code comes from their own budget.
      ctx().app.clock.advance(3 * 60_000);
      const own = await signedIn.b.post('/api/v1/accounts/send-otp/', { email: signedIn.phone });
      expect(own.statusCode).toBe(200);
    });
  },
  { env: { SEND_LIMIT_PER_HOUR: '30', SEND_LIMIT_PER_PREFIX_HOUR: '10', SEND_LIMIT_PER_IP_HOUR: '5', SEND_LIMIT_PER_TARGET_HOUR: '5' } },
);

describe('a failing SMS gateway', () => {
  let gateway: Server;
  let healthy = false;
  let calls = 0;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // BulkSMSBD's contract: 202 in response_code when the SMS is taken; here a 500 while "down".
    gateway = createServer((req, res) => {
      calls += 1;
      req.resume();
      res.writeHead(healthy ? 200 : 500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          healthy
            ? { response_code: 202, message_id: calls, success_message: 'SMS Submitted Successfully' }
            : { response_code: 1011, error_message: 'down' },
        ),
      );
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    ctx = await createTestApp('pglite', {
      env: {
        SMS_PROVIDER: 'http',
        SMS_API_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/api/smsapi`,
        SMS_API_KEY: 'k',
        SMS_SENDER_ID: 's',
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    gateway.close();
  });

  it('tells the shopper, offers the e-mail link, marks nothing sent, and recovers when the gateway answers again', async () => {
    healthy = true;
    const b = new TestBrowser(ctx.app, '192.0.2.200');
    const phone = '01912345678';
    const reg = await b.post('/api/v1/accounts/register/', registration('gateway.down@gmail.com', phone));
    expect(reg.statusCode).toBe(201);

    healthy = false;
    ctx.app.clock.advance(3 * 60_000);
    const refused = await new TestBrowser(ctx.app, '192.0.2.201').post('/api/v1/accounts/login-otp/', { email: phone });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toMatchObject({
      code: 'delivery_unavailable',
      message: messages.smsUnavailableTryEmail(),
      offer: 'email_link',
    });
    const rows = (await outboxFor(ctx.app, canonical(phone))).filter((m) => m.channel === 'sms');
    expect(rows[0]).toMatchObject({ status: 'failed' });

    // Told at once while the failure is fresh: the gateway is not even called.
    const callsBefore = calls;
    const again = await new TestBrowser(ctx.app, '192.0.2.202').post('/api/v1/accounts/login-otp/', { email: phone });
    expect(again.statusCode).toBe(503);
    expect(calls).toBe(callsBefore);

    // Back up: the next try after the pause goes through; the failed code did not start a resend block.
    healthy = true;
    ctx.app.clock.advance(31_000);
    const ok = await new TestBrowser(ctx.app, '192.0.2.203').post('/api/v1/accounts/login-otp/', { email: phone });
    expect(ok.statusCode).toBe(200);
    const latest = (await outboxFor(ctx.app, canonical(phone))).filter((m) => m.channel === 'sms')[0];
    expect(latest).toMatchObject({ status: 'sent' });
    expect((await outboxFor(ctx.app, canonical(phone))).filter((m) => m.status === 'sent' && m.channel === 'sms')).toHaveLength(2);
  });
});
