import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/support/app.js';
import { outboxFor, TestBrowser } from '../../../test/support/test-client.js';

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];

// A real SMTP server on this machine: the email leaves through nodemailer and arrives here.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (c: Buffer) => (raw += c.toString()));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw,
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

/** Undoes quoted-printable soft breaks and escapes, enough to read a link. */
const decodeQp = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

async function waitFor<T>(fn: () => T | undefined | Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeOnDatabases(
  'email over SMTP',
  (ctx) => {
    it('delivers the registration email through nodemailer to a real SMTP server, and its link works', async () => {
      const b = new TestBrowser(ctx().app, '198.19.0.1');
      const email = `smtp.${ctx().kind}@gmail.com`;
      const reg = await b.post('/api/v1/accounts/register/', {
        customer: {
          email,
          phone: ctx().kind === 'pglite' ? '01712000001' : '01712000002',
          first_name: 'S',
          last_name: 'M',
          online_customer: true,
        },
      });
      expect(reg.statusCode).toBe(201);
      const mail = await waitFor(() => received.find((m) => m.to.includes(email)));
      expect(mail.from).toBe('no-reply@glowbazaar.com.bd');
      const text = decodeQp(mail.raw);
      expect(text).toContain('Subject: Verify your email for Glow Bazaar');
      const path = /http:\/\/localhost:3000(\/verify-email\/[\w-]+)/.exec(text)?.[1];
      expect(path).toBeDefined();
      const row = await waitFor(async () => (await outboxFor(ctx().app, email)).find((m) => m.status === 'sent'));
      expect(row).toMatchObject({ channel: 'email', status: 'sent' });
      const verified = await b.post(`/api/v1/accounts${path!}/`);
      expect(verified.json()).toMatchObject({ success: true, verified: true });
    });
  },
  { env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Glow Bazaar <no-reply@glowbazaar.com.bd>' } },
);
