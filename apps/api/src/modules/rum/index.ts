export { rumAdminRoutes, rumRoutes } from './rum.routes.js';
export { deleteOldRumSamples } from './rum.service.js';
