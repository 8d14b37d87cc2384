import type { FastifyRequest } from 'fastify';
import type { Env } from '../../config/env.js';
import type { Clock } from '../../lib/clock.js';
import { requestCtx, type RequestCtx } from '../../lib/context.js';
import type { RateLimiter } from '../../plugins/rate-limit.js';
import type { Notifier } from '../notifications/index.js';

/** What every staff service call takes first: the request's context, from where it came, and the app's services. */
export type StaffCtx = RequestCtx & {
  env: Env;
  notifier: Notifier;
  limiter: RateLimiter;
  ip: string;
  userAgent: string | undefined;
};

export function staffCtxOf(request: FastifyRequest, clock: Clock): StaffCtx {
  const app = request.server;
  return {
    ...requestCtx(request, clock),
    env: app.env,
    notifier: app.notifier,
    limiter: app.rateLimiter,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  };
}
