import { COURIER_LABELS, courierTrackingUrl, type OrderStatus } from '@store/shared/checkout-rules';
import { SHOP_NAME } from '@store/shared/constants';
import type { DbCtx } from '../../lib/context.js';
import type { QueuedMessage } from '../notifications/index.js';
import { amountTaken } from './order-status.js';
import type { orders } from './orders.tables.js';

type OrderRow = typeof orders.$inferSelect;

/**
 * The shopper hears of each step of their order (issue 18 item 8): confirmed by the shop, on its way
 * (with the courier's tracking link), delivered, not delivered, cancelled by the shop. The messages
 * are queued in the transaction that moves the order, so a step and its message commit together.
 * A gateway order's confirmation is the one notifyOrderConfirmed sends; a shopper's own
 * cancellation needs no message back.
 */
export type OrderOutbox = {
  publicUrl: string;
  queue(ctx: DbCtx, messages: QueuedMessage[]): Promise<unknown>;
};

let connected: OrderOutbox | null = null;

/** Connects the outbox (app start-up); returns the disconnect for the app's close. */
export function connectOrderMessages(outbox: OrderOutbox): () => void {
  connected = outbox;
  return () => {
    if (connected === outbox) connected = null;
  };
}

function stepText(o: OrderRow, link: string): { sms: string; subject: string; body: string } | null {
  const courier = o.courier ? COURIER_LABELS[o.courier] : 'our courier';
  const track = o.courier && o.trackingCode ? courierTrackingUrl(o.courier, o.trackingCode) : null;
  switch (o.status) {
    case 'confirmed':
      return {
        sms: `${SHOP_NAME}: order ${o.number} is confirmed. We will tell you when it ships. ${link}`,
        subject: `Order ${o.number} is confirmed`,
        body: `We have confirmed your order ${o.number} and are getting it ready.\n\nFollow it here: ${link}`,
      };
    case 'shipped':
      return {
        sms: `${SHOP_NAME}: order ${o.number} is on its way with ${courier}${o.trackingCode ? `, tracking ${o.trackingCode}` : ''}. ${track ?? link}`,
        subject: `Order ${o.number} is on its way`,
        body: `Your order ${o.number} is on its way with ${courier}.${o.trackingCode ? `\nTracking code: ${o.trackingCode}` : ''}${track ? `\nTrack the parcel: ${track}` : ''}\n\nYour order: ${link}`,
      };
    case 'delivered':
      return {
        sms: `${SHOP_NAME}: order ${o.number} has been delivered. Thank you for shopping with us!`,
        subject: `Order ${o.number} has been delivered`,
        body: `Your order ${o.number} has been delivered. Thank you for shopping with ${SHOP_NAME}!\n\nYour order: ${link}`,
      };
    case 'partially_delivered':
    case 'returned':
      return {
        sms: `${SHOP_NAME}: order ${o.number} was ${o.status === 'returned' ? 'not delivered and is coming back to us' : 'partly delivered'}. Questions? Reply or call us. ${link}`,
        subject: `Order ${o.number} was ${o.status === 'returned' ? 'not delivered' : 'partly delivered'}`,
        body: `Your order ${o.number} was ${o.status === 'returned' ? 'not delivered; the parcel is coming back to us' : 'partly delivered'}.\n\nYour order: ${link}`,
      };
    case 'cancelled':
      return {
        sms: `${SHOP_NAME}: order ${o.number} has been cancelled.${amountTaken(o) > o.refundedAmount ? ' Your payment will be refunded.' : ''} ${link}`,
        subject: `Order ${o.number} has been cancelled`,
        body: `Your order ${o.number} has been cancelled.${amountTaken(o) > o.refundedAmount ? ' What you paid will be refunded to you.' : ''}\n\nYour order: ${link}`,
      };
    default:
      return null;
  }
}

/** Queues the step's SMS and e-mail, if the step is one the shopper hears of; true when something was queued. */
export async function queueOrderStep(ctx: DbCtx, before: OrderRow, after: OrderRow, byStaff: boolean): Promise<boolean> {
  if (!connected || before.status === after.status) return false;
  const to: OrderStatus = after.status;
  if (to === 'confirmed' && before.notifiedAt === null) return false;
  if (to === 'cancelled' && !byStaff) return false;
  const link = `${connected.publicUrl.replace(/\/$/, '')}/order-verify/success/${after.token}/`;
  const text = stepText(after, link);
  if (!text) return false;
  const messages: QueuedMessage[] = [];
  if (after.contactPhone?.startsWith('+8801')) messages.push({ channel: 'sms', to: after.contactPhone, body: text.sms });
  if (after.contactEmail)
    messages.push({ channel: 'email', to: after.contactEmail, subject: `${SHOP_NAME}: ${text.subject}`, body: text.body });
  if (messages.length === 0) return false;
  await connected.queue(ctx, messages);
  return true;
}
