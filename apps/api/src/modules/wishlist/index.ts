/** The wishlist's door: its routes, and a customer's list for the back office. */
export { wishlistRoutes } from './wishlist.routes.js';
export { customerWishlist } from './customer-wishlist.js';
