import { handleTunnelRequest } from '@sentry/core';
import type { FastifyPluginAsync } from 'fastify';
import * as messages from '@store/shared/messages';
import { badRequest, notFound, rateLimited } from '../../lib/errors.js';

const MINUTE = 60;
/** An envelope holds one error event or one replay segment (compressed); Sentry's own limit per envelope is larger, a page's is not. */
const ENVELOPE_BYTES = 1024 * 1024;

/**
 * POST /api/v1/rum/errors/: the storefront's error reports and session replays, sent to the shop's own
 * origin (the SDK's `tunnel`, so ad blockers and the page's connect-src allow them) and forwarded to
 * SENTRY_DSN's ingest by Sentry's own tunnel handler, which forwards only envelopes of that DSN (never an
 * open relay). 404 when error reporting is off; at most ERROR_REPORTS_PER_IP_MINUTE per IP.
 */
export const errorTunnelRoutes: FastifyPluginAsync = async (app) => {
  // Envelopes are newline-separated JSON with binary items (compressed replays): read them as bytes.
  // The parser is this plugin's alone.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ENVELOPE_BYTES }, (_request, body, done) => done(null, body));

  app.post('/rum/errors/', { bodyLimit: ENVELOPE_BYTES, schema: { hide: true } }, async (request, reply) => {
    const dsn = app.env.SENTRY_DSN;
    if (!dsn) throw notFound();
    const hit = await app.rateLimiter.hit(`errors:ip:${request.ip}`, app.env.ERROR_REPORTS_PER_IP_MINUTE, MINUTE);
    if (!hit.allowed) throw rateLimited(messages.tooManyRequests(), hit.retryAfterSeconds);
    if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw badRequest('An error report is a Sentry envelope');
    const forwarded = await handleTunnelRequest(
      new Request(new URL(request.url, 'http://tunnel.invalid'), {
        method: 'POST',
        headers: { 'content-length': String(request.body.length) },
        body: new Uint8Array(request.body),
      }),
      { allowedDsns: [dsn] },
    );
    if (!forwarded.ok) request.log.warn({ status: forwarded.status }, 'error report not forwarded');
    // Sentry's own limits reach the SDK, which backs off by them.
    for (const name of ['retry-after', 'x-sentry-rate-limits']) {
      const value = forwarded.headers.get(name);
      if (value) reply.header(name, value);
    }
    return reply
      .status(forwarded.status)
      .type(forwarded.headers.get('content-type') ?? 'text/plain')
      .send(Buffer.from(await forwarded.arrayBuffer()));
  });
};
