import { useEffect } from 'react';
import type { PublicOrder } from '@store/shared/checkout';
import { pushDataLayer } from '../site/analytics';
import { purchaseEvent } from './checkout-logic';

const KEY = 'purchase_reported';

/** SPEC §7's purchase event, once per order in this browser (a reload of the success page does not count it twice). */
export function PurchaseTracker({ order }: { order: PublicOrder }) {
  useEffect(() => {
    // Cash orders count once placed; gateway orders (and a COD order's delivery fee paid first) once paid.
    const cash = (order.payment_method === 'cod' && order.cod_deposit === 0) || order.payment_method === 'cash_on_pickup';
    if (order.status === 'cancelled' || (!cash && order.payment_status !== 'paid' && order.payment_status !== 'partially_paid')) return;
    let reported: string[];
    try {
      reported = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
    } catch {
      reported = [];
    }
    if (reported.includes(order.number)) return;
    pushDataLayer(purchaseEvent(order));
    try {
      sessionStorage.setItem(KEY, JSON.stringify([...reported.slice(-20), order.number]));
    } catch {
      // Private mode: the event is still sent, only the reload guard is lost.
    }
  }, [order]);
  return null;
}
