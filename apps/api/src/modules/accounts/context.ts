import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { CART_COOKIE } from '@store/shared/cart';
import type { Env } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { RateLimiter } from '../../plugins/rate-limit.js';
import type { Notifier } from '../notifications/index.js';

/** What every accounts service call takes first: who asks, from where, and the app's services. */
export type AccountsCtx = {
  db: Db;
  env: Env;
  clock: Clock;
  notifier: Notifier;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  ip: string;
  userAgent: string | undefined;
  customerId: number | null;
  guestId: string | null;
  sessionId: number | null;
  /** A visitor's bag cookie: signing in merges that bag into the shopper's (cart module). */
  cartToken?: string | null;
};

export function ctxOf(request: FastifyRequest, clock: Clock): AccountsCtx {
  const app = request.server;
  return {
    db: app.db,
    env: app.env,
    clock,
    notifier: app.notifier,
    limiter: app.rateLimiter,
    log: request.log,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    customerId: request.customerId,
    guestId: request.guestId,
    sessionId: request.sessionId,
    cartToken: request.cookies[CART_COOKIE] ?? null,
  };
}
