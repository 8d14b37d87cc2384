/** What other modules use of orders: placing (inside the checkout's transaction), the transition function, reading and notifying. */
export { ordersRoutes } from './orders.routes.js';
export {
  findOrderByKey,
  getOrder,
  IdempotencyKeyTaken,
  insertOrder,
  insertOrderLines,
  notifyOrderConfirmed,
  orderRef,
  takeStock,
  transitionOrder,
  unnotifiedOrders,
  type NewOrder,
  type NewOrderLine,
  type NotifyDeps,
  type OrderOwner,
  type OrderRow,
} from './orders.service.js';
export { ORDER_TRANSITIONS, PAYMENT_TRANSITIONS, canMoveOrder, canMovePayment } from './order-status.js';
export { orders as ordersTable, orderLines as orderLinesTable } from './orders.tables.js';
