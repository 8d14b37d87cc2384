/** What other modules use of the bag: the routes, and the bag adoption the accounts module (sign-in) and the checkout's hook call. */
export { cartRoutes } from './cart.routes.js';
export { adoptVisitorBag, adoptVisitorBagHook, type BagAdopter } from './merge.js';
export { getCart, type CartOwner } from './cart.service.js';
// The checkout's reads and writes of the bag (issue 7).
export { getCartForCheckout, clearCart } from './cart.service.js';
export { CART_COOKIE } from '@store/shared/cart';
// The clean-up job (issue 13).
export { deleteStaleVisitorBags } from './cart.service.js';
// The demo seed's gift rules and boxes (db/seed).
export { seedCartRules } from './cart.seed.js';
