import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { accountsRoutes } from './accounts.routes.js';

export { ctxOf, type AccountsCtx } from './context.js';
export { cleanUpAccounts, type AccountsCleanup } from './cleanup.js';

/** The accounts API (under /api/v1). The session hook itself is plugins/auth.ts. */
export async function registerAccountsRoutes(api: FastifyInstance, clock: Clock) {
  await api.register(accountsRoutes(clock));
}
