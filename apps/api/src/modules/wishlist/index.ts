/** The wishlist's door: its routes (nothing else reads a wishlist). */
export { wishlistRoutes } from './wishlist.routes.js';
