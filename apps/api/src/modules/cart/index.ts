/** What other modules use of the bag: the routes, and the merge the accounts module calls at sign-in. */
export { cartRoutes } from './cart.routes.js';
export { mergeVisitorCart, mergeVisitorCartIntoGuest, getCart, type CartOwner } from './cart.service.js';
// The checkout's reads and writes of the bag (issue 7).
export { getCartForCheckout, clearCart } from './cart.service.js';
export { CART_COOKIE } from '@store/shared/cart';
// The clean-up job (issue 13).
export { deleteStaleVisitorBags } from './cart.service.js';
