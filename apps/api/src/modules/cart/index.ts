/** What other modules use of the bag: the routes, and the bag adoption the accounts module (sign-in) and the checkout's hook call. */
export { cartRoutes } from './cart.routes.js';
export { adoptVisitorBag, adoptVisitorBagHook, type BagAdopter } from './merge.js';
export { getCart, type CartOwner } from './cart.service.js';
// The checkout's reads and writes of the bag (issue 7).
export { getCartForCheckout, clearCart } from './cart.service.js';
export { activeRules as giftRules, type RuleRow as GiftRule } from './gifts.js';
export { CART_COOKIE } from '@store/shared/cart';
// The clean-up job (issue 13).
export { deleteStaleVisitorBags } from './cart.service.js';
// The demo seed's gift rules and boxes (db/seed).
export { seedCartRules } from './cart.seed.js';
// Privilege cards (issue 17 item 6): the back office's screen, the account's link, and the card an order records.
export { cardsAdminRoutes, myCardRoutes } from './cards.routes.js';
export type { CardsDeps } from './cards-admin.js';
export { rebateCardId } from './cards.js';
// Gift rules in the back office (issue 17 item 6).
export { giftRulesAdminRoutes } from './gifts-admin.routes.js';
