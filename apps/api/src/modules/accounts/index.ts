import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { accountsRoutes } from './accounts.routes.js';

export { ctxOf, type AccountsCtx } from './context.js';
export { cleanUpAccounts, type AccountsCleanup } from './cleanup.js';

/** The accounts API (under /api/v1). The session hook itself is auth-hook.ts. */
export async function registerAccountsRoutes(api: FastifyInstance, clock: Clock) {
  await api.register(accountsRoutes(clock));
}
// The session the auth hook reads, and the one a verified checkout opens.
export { findSession, createSession, SESSION_TTL_MS } from './sessions.js';
// The session hook every API request passes, and what routes of other modules use of it.
export { registerAuth, requireCustomer, readToken } from './auth-hook.js';
export { shopperCard, type ShopperCard, type ShopperCardOwner } from './shopper-card.js';
// Customers named on back-office screens (privilege cards): by id, or found by phone or e-mail.
export { customerByContact, customerContacts, customerIdsMatching, customersBornOn, type CustomerContact } from './directory.js';
// The back office's customers (issue 18 item 6): list, detail, notes, the COD block and the export.
export { customersAdminRoutes, type CustomersAdminOptions } from './customers-admin.routes.js';
