import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { devDoorsOpen, isLoopback } from '../config/env.js';
import { AppError } from '../lib/errors.js';

/**
 * The development doors: the outbox (every sign-in code), the payment simulators and the settings
 * endpoint. They are registered only when `devDoorsOpen(env)` (development or test, listening on
 * loopback), and each request must come from this machine, to this machine: the socket's own
 * address (never a forwarded header, which anyone can write) and a Host that names loopback (a
 * reverse proxy or a DNS-rebinding page on the same machine carries the public name). Anything else
 * gets the 404 a production server gives.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const host = (request.headers.host ?? '').replace(/:\d+$/, '');
  return isLoopback(request.socket.remoteAddress ?? '') && isLoopback(host);
}

async function refuseUnlessLocal(request: FastifyRequest) {
  if (!isLocalRequest(request)) throw new AppError('not_found', 'No such endpoint');
}

/** Registers a development door: nothing at all unless the doors are open, and then for local requests only. */
export async function registerDevDoor(app: FastifyInstance, door: FastifyPluginAsync) {
  if (!devDoorsOpen(app.env)) return;
  await app.register(async (scope) => {
    scope.addHook('onRequest', refuseUnlessLocal);
    await scope.register(door);
  });
}

/** What the server prints at startup about its doors, so nobody exposes them by accident. */
export function devDoorsNotice(env: Parameters<typeof devDoorsOpen>[0] & { PUBLIC_URL: string }): string | null {
  if (env.NODE_ENV === 'production') return null;
  if (devDoorsOpen(env))
    return `Development mode, for this machine only: sign-in codes and e-mails at ${env.PUBLIC_URL}/dev/outbox, payments through the bKash and card simulators. To run the shop for real, see "Running in production" in the README.`;
  return 'Development mode listening beyond this machine (HOST): the outbox, the payment simulators and the settings endpoint are OFF, so sign-in codes are not shown and bKash and card payments are unavailable. To run the shop for real, set NODE_ENV=production with PUBLIC_URL, an SMS gateway and the payment gateways (README, "Running in production").';
}
