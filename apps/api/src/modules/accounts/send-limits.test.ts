import { beforeAll, expect, it } from 'vitest';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { outboxFor, TestBrowser, type OutboxRow } from '../../../test/support/test-client.js';

const PER_TARGET = 5;
const PER_IP = 20;
const PER_DAY = 60;

describeOnDatabases(
  'accounts sending caps',
  (ctx) => {
    const smsSent = async () =>
      (await ctx().app.inject({ url: '/dev/outbox.json?limit=1000' })).json<{ data: OutboxRow[] }>().data.filter((m) => m.channel === 'sms')
        .length;

    beforeAll(() => {
      // Start at 01:00 UTC of the next day, so no window (hourly or daily) is crossed by accident.
      const now = ctx().app.clock.nowMs();
      const day = 86_400_000;
      ctx().app.clock.advance(Math.floor(now / day) * day + day + 3_600_000 - now);
    });

    it('stops 1,000 scripted sends across 100 numbers from one IP at the per-IP cap', async () => {
      const pump = new TestBrowser(ctx().app, '192.0.2.66');
      const statuses = new Map<number, number>();
      for (let round = 0; round < 10; round += 1) {
        for (let n = 0; n < 100; n += 1) {
          const res = await pump.post('/api/v1/accounts/guest/', { customer: { phone: `0181${String(n).padStart(7, '0')}` } });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode === 429) expect(res.json().error).toMatchObject({ code: 'rate_limited', message: messages.tooManyRequests() });
        }
      }
      expect(await smsSent()).toBe(PER_IP);
      // The first PER_IP numbers got a code; every other first send was refused.
      expect(statuses.get(429)).toBeGreaterThanOrEqual(100 - PER_IP);
      expect((statuses.get(201) ?? 0) + (statuses.get(429) ?? 0)).toBe(1000);
    }, 60_000);

    it('caps sends to one number per hour, whatever the IP', async () => {
      const phone = '01911000001';
      let ip = 10;
      const next = () => new TestBrowser(ctx().app, `192.0.2.${(ip += 1)}`);
      expect((await next().post('/api/v1/accounts/guest/', { customer: { phone } })).statusCode).toBe(201);
      for (let i = 1; i < PER_TARGET; i += 1) {
        ctx().app.clock.advance(2 * 60_000);
        expect((await next().post('/api/v1/accounts/guest/send-otp/', { email: phone })).statusCode).toBe(200);
      }
      ctx().app.clock.advance(2 * 60_000);
      const refused = await next().post('/api/v1/accounts/guest/send-otp/', { email: phone });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(messages.tooManyRequests());
      expect(await outboxFor(ctx().app, '+8801911000001')).toHaveLength(PER_TARGET);
    });

    it('caps sends for the whole shop per day', async () => {
      let refusedAt = -1;
      for (let i = 0; i < PER_DAY; i += 1) {
        const res = await new TestBrowser(ctx().app, `10.9.${Math.floor(i / 250)}.${i % 250}`).post('/api/v1/accounts/guest/', {
          customer: { phone: `0171${String(5000000 + i).padStart(7, '0')}` },
        });
        if (res.statusCode === 429) {
          refusedAt = i;
          break;
        }
      }
      expect(refusedAt).toBe(PER_DAY - PER_IP - PER_TARGET);
      expect(await smsSent()).toBe(PER_DAY);
      // A new day opens the budget again.
      ctx().app.clock.advance(86_400_000);
      expect(
        (await new TestBrowser(ctx().app, '10.10.0.1').post('/api/v1/accounts/guest/', { customer: { phone: '01715999999' } })).statusCode,
      ).toBe(201);
    });
  },
  { env: { SEND_LIMIT_PER_TARGET_HOUR: String(PER_TARGET), SEND_LIMIT_PER_IP_HOUR: String(PER_IP), SEND_LIMIT_PER_DAY: String(PER_DAY) } },
);
