/** What other modules use of orders: placing (inside the checkout's transaction), the transition function, reading and notifying. */
export { ordersRoutes } from './orders.routes.js';
export { orderPdfRoutes } from './order-pdf.routes.js';
export {
  awaitingPayment,
  attemptAmount,
  prepaid,
  findOrderByKey,
  findOwnOrder,
  getOwnOrder,
  orderActions,
  holdEnds,
  openUnpaidOrderOfCart,
  orderLinesOf,
  giftOrderCounts,
  overdueUnpaidOrders,
  getOrder,
  IdempotencyKeyTaken,
  insertOrder,
  nextOrderNumber,
  notifyOrderConfirmed,
  queueOrderConfirmation,
  orderRef,
  orderSummaries,
  type OrderSummary,
  lockOrder,
  reviseOrderForAttempt,
  transitionOrder,
  connectOrderEffects,
  type OrderEffects,
  setOrderPointsEarned,
  orderNumbers,
  hasCountedOrder,
  deliveredCustomerOrders,
  loyaltyDiscountsBetween,
  addOrderEvent,
  setOrderParcel,
  recordOrderRefund,
  type ActedBy,
  type OrderEventInput,
  type OrderParcel,
  type TransitionResult,
  unnotifiedOrders,
  type AttemptChanges,
  type NewOrder,
  type OrderValues,
  type NewOrderLine,
  type NotifyDeps,
  type OrderOwner,
  type OrderRow,
} from './orders.service.js';
export { ORDER_TRANSITIONS, PAYMENT_TRANSITIONS, amountTaken, canMoveOrder, canMovePayment, feeAwaited } from './order-status.js';
export { customerReceivedProduct, devDeliverRoutes } from './received.js';
export { dashboardRoutes } from './dashboard.routes.js';
export { dashboardWindows } from './dashboard.js';
export { connectOrderMessages } from './order-messages.js';
export { ordersAdminRoutes, type OrdersAdminOptions } from './orders-admin.routes.js';
// The privilege cards screen (cart module): the orders each card was used on.
export { cardOrderTotals, ordersWithCard, type CardOrder, type CardOrderTotals } from './card-orders.js';
// The back office's customer screens (accounts module): a customer's orders and totals, each phone's COD record.
export { codRecordsOf, customerOrders, customerOrderTotals, customerTotalsTable, type CustomerTotals } from './customer-orders.js';
