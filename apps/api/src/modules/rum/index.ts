export { rumAdminRoutes, rumRoutes } from './rum.routes.js';
export { deleteOldRumSamples } from './rum.service.js';
export { errorTunnelRoutes } from './error-tunnel.routes.js';
