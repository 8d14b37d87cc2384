export { searchRoutes } from './search.routes.js';
export { clearSearchCaches, searchProducts } from './search.service.js';
