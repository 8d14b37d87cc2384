import { COURIER_LABELS, courierTrackingUrl, type OrderStatus } from '@store/shared/checkout-rules';
import { SHOP_NAME } from '@store/shared/constants';
import * as m from '@store/shared/i18n/messages';
import type { DbCtx } from '../../lib/context.js';
import { pageUrlIn } from '../../lib/in-locale.js';
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

/** The step's SMS, e-mail subject and body, in the language of the page the order was placed from (issue 21). */
function stepText(o: OrderRow, link: string): { sms: string; subject: string; body: string } | null {
  const locale = { locale: o.locale };
  const shop = SHOP_NAME;
  const number = o.number;
  const courier = o.courier ? COURIER_LABELS[o.courier] : m.step_our_courier({}, locale);
  const track = o.courier && o.trackingCode ? courierTrackingUrl(o.courier, o.trackingCode) : null;
  const yours = m.step_your_order({ link }, locale);
  switch (o.status) {
    case 'confirmed':
      return {
        sms: m.step_confirmed_sms({ shop, number, link }, locale),
        subject: m.step_confirmed_subject({ number }, locale),
        body: `${m.step_confirmed_body({ number }, locale)}\n\n${m.step_follow({ link }, locale)}`,
      };
    case 'shipped':
      return {
        sms: o.trackingCode
          ? m.step_shipped_sms_tracking({ shop, number, courier, code: o.trackingCode, link: track ?? link }, locale)
          : m.step_shipped_sms({ shop, number, courier, link: track ?? link }, locale),
        subject: m.step_shipped_subject({ number }, locale),
        body: [
          m.step_shipped_body({ number, courier }, locale),
          ...(o.trackingCode ? [m.step_tracking_code({ code: o.trackingCode }, locale)] : []),
          ...(track ? [m.step_track_parcel({ url: track }, locale)] : []),
        ]
          .join('\n')
          .concat(`\n\n${yours}`),
      };
    case 'delivered':
      return {
        sms: m.step_delivered_sms({ shop, number }, locale),
        subject: m.step_delivered_subject({ number }, locale),
        body: `${m.step_delivered_body({ number, shop }, locale)}\n\n${yours}`,
      };
    case 'returned':
      return {
        sms: m.step_returned_sms({ shop, number, link }, locale),
        subject: m.step_returned_subject({ number }, locale),
        body: `${m.step_returned_body({ number }, locale)}\n\n${yours}`,
      };
    case 'partially_delivered':
      return {
        sms: m.step_partial_sms({ shop, number, link }, locale),
        subject: m.step_partial_subject({ number }, locale),
        body: `${m.step_partial_body({ number }, locale)}\n\n${yours}`,
      };
    case 'cancelled': {
      const refund = amountTaken(o) > o.refundedAmount;
      return {
        sms: (refund ? m.step_cancelled_sms_refund : m.step_cancelled_sms)({ shop, number, link }, locale),
        subject: m.step_cancelled_subject({ number }, locale),
        body: `${(refund ? m.step_cancelled_body_refund : m.step_cancelled_body)({ number }, locale)}\n\n${yours}`,
      };
    }
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
  const link = pageUrlIn(connected.publicUrl, `/order-verify/success/${after.token}/`, after.locale);
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
