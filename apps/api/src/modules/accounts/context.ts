import type { FastifyRequest } from 'fastify';
import { CART_COOKIE } from '@store/shared/cart';
import type { Env } from '../../config/env.js';
import type { Clock } from '../../lib/clock.js';
import { requestCtx, type RequestCtx } from '../../lib/context.js';
import type { RateLimiter } from '../../plugins/rate-limit.js';
import type { Notifier } from '../notifications/index.js';

/** What every accounts service call takes first: the request's context, from where it came, and the app's services. */
export type AccountsCtx = RequestCtx & {
  env: Env;
  notifier: Notifier;
  limiter: RateLimiter;
  ip: string;
  userAgent: string | undefined;
  /** A visitor's bag cookie: signing in merges that bag into the shopper's (cart module). */
  cartToken?: string | null;
};

export function ctxOf(request: FastifyRequest, clock: Clock): AccountsCtx {
  const app = request.server;
  return {
    ...requestCtx(request, clock),
    env: app.env,
    notifier: app.notifier,
    limiter: app.rateLimiter,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    cartToken: request.cookies[CART_COOKIE] ?? null,
  };
}
