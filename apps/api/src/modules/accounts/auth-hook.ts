import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, AUTH_COOKIE } from '@store/shared/api';
import * as messages from '@store/shared/messages';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { findSession, SESSION_TTL_MS } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in guest (phone-verified, no account), or null. */
    guestId: string | null;
    /** The session the request authenticated with, or null. */
    sessionId: number | null;
  }
}

/** The token from `Authorization: Token <token>` (API clients) or else the HttpOnly cookie (browsers). */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Token\s+(\S+)$/i.exec(header.trim());
    if (match) return match[1]!;
  }
  const cookie = request.cookies[AUTH_COOKIE];
  return cookie || null;
}

export function setAuthCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(AUTH_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_TTL_MS / 1000 });
}

export function clearAuthCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(AUTH_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** The signed-in customer's id, or 401 'Please login to proceed'. */
export function requireCustomer(request: FastifyRequest): number {
  if (request.customerId === null) throw new AppError('login_required', messages.loginRequired());
  return request.customerId;
}

/**
 * The session hook: an API request carrying a live token gets request.customerId or request.guestId.
 * A dead or unknown token is treated as no token (the visitor is simply not signed in).
 */
const ADMIN_PREFIX = `${API_PREFIX}/admin/`;

export function registerAuth(app: FastifyInstance, clock: Clock) {
  app.decorateRequest('guestId', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    // The back office's routes answer to staff tokens only (the staff module's guard).
    if (!request.url.startsWith(API_PREFIX) || request.url.startsWith(ADMIN_PREFIX)) return;
    const token = readToken(request);
    if (!token) return;
    const session = await findSession({ db: app.db, clock }, token);
    if (!session) return;
    request.sessionId = session.id;
    request.customerId = session.customerId;
    request.guestId = session.guestId;
  });
}
