/** The session module's door: the shopper's region and the session endpoints. */
export { sessionRoutes } from './session.routes.js';
export { resolveCountry } from './region.js';
