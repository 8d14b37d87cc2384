import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { normalizeEmail } from '@store/shared/email';
import { canonicalPhone } from '@store/shared/auth';
import { text } from '@store/shared/input';
import { listOutbox, type OutboxMessage } from './notifications.service.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Links in an already escaped body become clickable, so a developer can follow a magic link. */
const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The recipient as stored: a canonical phone, or a lowercased email. */
function recipientKey(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  return raw.includes('@') ? normalizeEmail(raw) : (canonicalPhone(raw) ?? raw.trim());
}

function page(messages: OutboxMessage[], to: string | undefined): string {
  const rows = messages
    .map(
      (m) => `<article class="msg">
  <header><strong>${m.channel.toUpperCase()}</strong> to <code>${escape(m.to)}</code> · ${escape(m.created_at)} · ${escape(m.status)} (${escape(m.provider)})</header>
  ${m.subject ? `<h2>${escape(m.subject)}</h2>` : ''}
  <pre>${linkify(escape(m.body))}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Development outbox</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem}
.msg{border:1px solid #ddd;border-radius:6px;padding:.5rem .75rem;margin:.5rem 0}h2{font-size:1rem;margin:.25rem 0}
pre{white-space:pre-wrap;word-break:break-word;margin:.25rem 0;font:inherit}form{margin:.5rem 0}</style></head>
<body><h1>Development outbox</h1>
<p>Every SMS and email the shop sent, newest first. This page does not exist in production.</p>
<form><label>Recipient <input name="to" value="${escape(to ?? '')}" placeholder="+8801… or email"></label> <button>Filter</button></form>
${rows || '<p>No messages yet.</p>'}
</body></html>`;
}

/** /dev/outbox (HTML) and /dev/outbox.json?to= for tests: registered only outside production. */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const querystring = z.object({ to: text().max(254).optional(), limit: z.coerce.number().int().min(1).max(1000).optional() });
  app.get('/dev/outbox', { schema: { hide: true, querystring } }, async (request, reply) => {
    const to = recipientKey(request.query.to);
    const messages = await listOutbox({ db: app.db }, { to, limit: request.query.limit ?? 200 });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(messages, request.query.to));
  });
  app.get('/dev/outbox.json', { schema: { hide: true, querystring } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await listOutbox({ db: app.db }, { to: recipientKey(request.query.to), limit: request.query.limit ?? 200 }) };
  });
};
