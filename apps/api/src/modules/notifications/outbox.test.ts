import { eq, inArray } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createTestApp, describeOnDatabases } from '../../../test/support/app.js';
import { outbox } from './notifications.tables.js';
import { Notifier } from './notifications.service.js';
import type { EmailProvider, SmsProvider } from './providers.js';

describeOnDatabases('notification outbox', (ctx) => {
  const quiet = {
    warn() {},
    info() {},
    error() {},
    debug() {},
    trace() {},
    fatal() {},
    child() {
      return quiet;
    },
    level: 'silent',
    silent() {},
  } as never;

  it('queues any number of messages in one statement, each text exactly as given and each id its own message', async () => {
    const n = new Notifier(ctx().db, ctx().app.notifier.sms, ctx().app.notifier.email, ctx().app.clock, quiet);
    // What an array literal would mangle if it were not escaped: quotes, commas, braces, backslashes, NULL, Bangla.
    const texts = ['a "quoted", {braced} \\ text', 'NULL', '', 'অর্ডার GB-2611-000123 নিশ্চিত, ৳১,২৩৪'];
    const messages = texts.map((body, i) =>
      i % 2
        ? { channel: 'sms' as const, to: `+88017122224${String(i).padStart(2, '0')}`, body }
        : { channel: 'email' as const, to: `many-${i}@gmail.com`, subject: `{${body}}`, body, html: null },
    );
    const ids = await ctx().db.transaction((tx) => n.queueIn({ db: tx }, messages));
    const rows = await ctx().db.select().from(outbox).where(inArray(outbox.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(ids.map((id) => [byId.get(id)?.recipient, byId.get(id)?.body, byId.get(id)?.subject, byId.get(id)?.html])).toEqual(
      messages.map((m) => [m.to, m.body, m.channel === 'email' ? m.subject : null, null]),
    );
    // Not left for the worker the next test drives by hand.
    await ctx().db.delete(outbox).where(inArray(outbox.id, ids));
  });

  it("queues messages in the caller's transaction: a rollback takes them back, a commit leaves them for the worker", async () => {
    await ctx().app.notifier.stop(); // this test drives the queue by hand
    const sent: string[] = [];
    const sms: SmsProvider = { name: 'queued-sms', send: async (to) => (sent.push(to), { providerMessageId: null }) };
    const email: EmailProvider = { name: 'queued-mail', send: async (m) => (sent.push(m.to), { providerMessageId: null }) };
    const n = new Notifier(ctx().db, sms, email, ctx().app.clock, quiet);
    const messages = [
      { channel: 'sms' as const, to: '+8801712222333', body: 'back in stock' },
      { channel: 'email' as const, to: 'queued@gmail.com', subject: 'Back in stock', body: 'text', html: '<p>text</p>' },
    ];
    const mine = () =>
      ctx()
        .db.select()
        .from(outbox)
        .where(inArray(outbox.recipient, ['+8801712222333', 'queued@gmail.com']));
    await expect(
      ctx().db.transaction(async (tx) => {
        await n.queueIn({ db: tx }, messages);
        throw new Error('the stock change failed');
      }),
    ).rejects.toThrow('the stock change failed');
    expect(await mine()).toHaveLength(0);
    const ids = await ctx().db.transaction((tx) => n.queueIn({ db: tx }, messages));
    expect(ids).toHaveLength(2);
    expect((await mine()).map((r) => [r.channel, r.status, r.provider, r.subject, r.html])).toEqual(
      expect.arrayContaining([
        ['sms', 'pending', 'queued-sms', null, null],
        ['email', 'pending', 'queued-mail', 'Back in stock', '<p>text</p>'],
      ]),
    );
    await expect(n.queueIn(ctx(), [{ channel: 'sms', to: '01712222333', body: 'x' }])).rejects.toThrow(
      'not a canonical Bangladeshi mobile',
    );
    // The worker, unchanged, sends them.
    expect(await n.processDue()).toBe(2);
    expect(sent.sort()).toEqual(['+8801712222333', 'queued@gmail.com']);
    expect((await mine()).every((r) => r.status === 'sent')).toBe(true);
  });

  it('retries a failed delivery with backoff and gives up after five attempts', async () => {
    await ctx().app.notifier.stop(); // this test drives the queue by hand
    let calls = 0;
    const flaky: SmsProvider = {
      name: 'flaky',
      async send() {
        calls += 1;
        if (calls === 1) throw new Error('gateway down');
        return { providerMessageId: 'm-1' };
      },
    };
    const dead: EmailProvider = { name: 'dead', send: async () => Promise.reject(new Error('550 mailbox unavailable')) };
    const n = new Notifier(ctx().db, flaky, dead, ctx().app.clock, quiet);
    const smsId = await n.sendSms('+8801711111111', 'hello');
    const emailId = await n.sendEmail({ to: 'x@gmail.com', subject: 's', text: 't' });
    expect(await n.processDue()).toBe(2);
    const row = async (id: number) => (await ctx().db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
    expect(await row(smsId)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'gateway down' });
    expect(await n.processDue()).toBe(0); // not due yet
    ctx().app.clock.advance(10_001);
    await n.processDue();
    expect(await row(smsId)).toMatchObject({ status: 'sent', attempts: 2, providerMessageId: 'm-1' });
    for (let i = 0; i < 6; i += 1) {
      ctx().app.clock.advance(10 * 60_000);
      await n.processDue();
    }
    expect(await row(emailId)).toMatchObject({ status: 'failed', attempts: 5, lastError: '550 mailbox unavailable' });
  });

  it('delivers each message once when two workers run at the same time (FOR UPDATE SKIP LOCKED)', async () => {
    const seen: string[] = [];
    const slow: SmsProvider = {
      name: 'slow',
      async send(_to, text) {
        seen.push(text);
        await new Promise((r) => setTimeout(r, 5));
        return { providerMessageId: null };
      },
    };
    const a = new Notifier(ctx().db, slow, { name: 'none', send: async () => ({ providerMessageId: null }) }, ctx().app.clock, quiet, {
      batchSize: 7,
    });
    const b = new Notifier(ctx().db, slow, { name: 'none', send: async () => ({ providerMessageId: null }) }, ctx().app.clock, quiet, {
      batchSize: 7,
    });
    for (let i = 0; i < 30; i += 1) await a.sendSms('+8801711111112', `m${i}`);
    const drain = async (n: Notifier) => {
      while ((await n.processDue()) > 0) {
        // keep going until nothing is due
      }
    };
    await Promise.all([drain(a), drain(b)]);
    expect(seen.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `m${i}`).sort());
  });

  it('sends each message once when a batch outlasts its lease and a second worker claims what looks abandoned', async () => {
    await ctx().app.notifier.stop();
    const clock = ctx().app.clock;
    const to = '+8801711111199';
    const sentBy: Record<string, string[]> = {};
    const count = (text: string, who: string) => ((sentBy[text] ??= []).push(who), { providerMessageId: null });
    const none: EmailProvider = { name: 'none', send: async () => ({ providerMessageId: null }) };
    // Worker B: an ordinary gateway. Worker A: each send takes 35 s (the clock moves), and while it
    // waits worker B runs a whole pass; A's batch of 5 thus lasts 175 s against a 60 s lease.
    const b = new Notifier(ctx().db, { name: 'b', send: async (_to, text) => count(text, 'b') }, none, clock, quiet, { batchSize: 10 });
    const a = new Notifier(
      ctx().db,
      {
        name: 'a',
        send: async (_to, text) => {
          clock.advance(35_000);
          await b.processDue();
          return count(text, 'a');
        },
      },
      none,
      clock,
      quiet,
      { batchSize: 5 },
    );
    for (let i = 0; i < 5; i += 1) await a.sendSms(to, `lease-${i}`);
    expect(await a.processDue()).toBe(5);
    while ((await b.processDue()) > 0) {
      // whatever is left
    }
    const texts = Array.from({ length: 5 }, (_, i) => `lease-${i}`);
    expect(Object.keys(sentBy).sort()).toEqual(texts);
    // Once each, by one worker or the other; both did some of the work.
    for (const text of texts) expect(sentBy[text], text).toHaveLength(1);
    const who = Object.values(sentBy).flat();
    expect(who).toContain('a');
    expect(who).toContain('b');
    const rows = await ctx().db.select().from(outbox).where(eq(outbox.recipient, to));
    expect(rows.map((r) => [r.status, r.attempts, r.claim])).toEqual(texts.map(() => ['sent', 1, null]));
  });

  it('refuses to text a number that is not a Bangladeshi mobile', async () => {
    await expect(ctx().app.notifier.sendSms('+447700900123', 'x')).rejects.toThrow('not a canonical Bangladeshi mobile');
  });
});

const production = await createTestApp('pglite', { env: { NODE_ENV: 'production', LOG_LEVEL: 'silent' } });
afterAll(() => production.close());

it('has no development outbox in production', async () => {
  expect((await production.app.inject('/dev/outbox')).statusCode).toBe(404);
  expect((await production.app.inject('/dev/outbox.json')).statusCode).toBe(404);
});
