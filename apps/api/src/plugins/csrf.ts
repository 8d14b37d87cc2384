import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_PREFIX, CSRF_COOKIE, CSRF_HEADER } from '@store/shared/api';
import { AppError } from '../lib/errors.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const ADMIN_PREFIX = `${API_PREFIX}/admin/`;

export function issueCsrfToken(reply: FastifyReply, secure: boolean): string {
  const token = randomBytes(24).toString('base64url');
  // Readable by the page's script on purpose: double-submit sends it back as X-CSRFToken.
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure, maxAge: 60 * 60 * 24 * 365 });
  return token;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit CSRF: an unsafe API request that carries cookies must echo the csrftoken cookie in
 * the X-CSRFToken header. API clients that authenticate with the Authorization header and send no
 * cookies are not exposed to CSRF and pass.
 */
export function registerCsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || !request.url.startsWith(API_PREFIX)) return;
    // The back office authenticates by the Authorization header only, never by a cookie: nothing to forge.
    if (request.url.startsWith(ADMIN_PREFIX)) return;
    if (!request.headers.cookie) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!cookie || !sent || !same(cookie, sent)) {
      throw new AppError('csrf_failed', 'CSRF token missing or incorrect');
    }
  });
}
