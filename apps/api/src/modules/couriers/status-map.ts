import type { Courier, OrderStatus } from '@store/shared/checkout-rules';
import type { ShipmentState } from './couriers.tables.js';

/*
 * Each courier's word for where a parcel stands, in the shop's ShipmentState (docs/couriers.md has
 * the table). null: the word says nothing about where the parcel is (a tracking note, a payment,
 * an unknown status), so it is recorded and moves nothing.
 */

const STEADFAST: Record<string, ShipmentState | null> = {
  in_review: 'booked',
  pending: 'in_transit',
  hold: 'in_transit',
  // The rider says so, Steadfast has not approved it yet: still on the way.
  delivered_approval_pending: 'in_transit',
  partial_delivered_approval_pending: 'in_transit',
  cancelled_approval_pending: 'in_transit',
  unknown_approval_pending: 'in_transit',
  delivered: 'delivered',
  partial_delivered: 'partially_delivered',
  // Steadfast's 'cancelled' is a delivery that did not happen: the parcel comes back to the shop.
  cancelled: 'returned',
  unknown: null,
};

/** Pathao's webhook events without 'order.', and its order_status_slug in the same spelling. */
const PATHAO: Record<string, ShipmentState | null> = {
  created: 'booked',
  updated: null,
  pending: 'booked',
  'pickup-requested': 'booked',
  'assigned-for-pickup': 'booked',
  'pickup-failed': 'booked',
  picked: 'in_transit',
  'at-sorting-hub': 'in_transit',
  'in-transit': 'in_transit',
  'received-at-last-mile-hub': 'in_transit',
  'assigned-for-delivery': 'in_transit',
  'delivery-failed': 'in_transit',
  'on-hold': 'in_transit',
  'return-id-created': 'in_transit',
  'return-in-transit': 'in_transit',
  delivered: 'delivered',
  'partial-delivery': 'partially_delivered',
  exchanged: 'delivered',
  returned: 'returned',
  'returned-to-merchant': 'returned',
  'paid-return': 'returned',
  'pickup-cancelled': 'cancelled',
  paid: null,
};

const REDX: Record<string, ShipmentState | null> = {
  'pickup-pending': 'booked',
  'ready-for-delivery': 'in_transit',
  'delivery-in-progress': 'in_transit',
  'agent-hold': 'in_transit',
  'agent-returning': 'in_transit',
  'agent-area-change': 'in_transit',
  delivered: 'delivered',
  returned: 'returned',
  cancelled: 'cancelled',
};

/** 'order.in-transit', 'In_Transit' and 'in-transit' are one Pathao status. */
export const pathaoKey = (status: string) =>
  status
    .trim()
    .toLowerCase()
    .replace(/^order\./, '')
    .replace(/[_\s]+/g, '-');

export function shipmentStateOf(courier: Courier, status: string, deliveryType?: string): ShipmentState | null {
  if (courier === 'steadfast') return STEADFAST[status.trim().toLowerCase()] ?? null;
  if (courier === 'pathao') return PATHAO[pathaoKey(status)] ?? null;
  const state = REDX[status.trim().toLowerCase()] ?? null;
  // RedX says a partial delivery by its delivery_type.
  return state === 'delivered' && deliveryType === 'partial-delivery' ? 'partially_delivered' : state;
}

/** Where a parcel's states stand in its life: a parcel never goes back, and the ends are final. */
const RANK: Record<ShipmentState, number> = {
  booked: 0,
  in_transit: 1,
  delivered: 2,
  partially_delivered: 2,
  returned: 2,
  cancelled: 2,
};
export const isFinalShipment = (state: ShipmentState) => RANK[state] === 2;
export const movesForward = (from: ShipmentState, to: ShipmentState) => RANK[to] > RANK[from];

/** The order status a parcel's state puts the order in (cancelled and booked move no order). */
export const ORDER_STATUS_OF: Partial<Record<ShipmentState, OrderStatus>> = {
  in_transit: 'in_transit',
  delivered: 'delivered',
  partially_delivered: 'partially_delivered',
  returned: 'returned',
};

/** Every status each courier's simulator can move a parcel to (its dev page's buttons). */
export const SIMULATOR_MOVES: Record<Courier, readonly string[]> = {
  steadfast: ['pending', 'hold', 'delivered', 'partial_delivered', 'cancelled'],
  pathao: ['order.picked', 'order.in-transit', 'order.delivered', 'order.partial-delivery', 'order.returned', 'order.pickup-cancelled'],
  redx: ['ready-for-delivery', 'delivery-in-progress', 'delivered', 'partial-delivery', 'agent-returning', 'returned'],
};
