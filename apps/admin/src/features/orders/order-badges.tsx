import { COD_RISK_LABELS, type CodRisk } from '@store/shared/admin-orders';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, type OrderStatus, type PaymentStatus } from '@store/shared/checkout-rules';
import { Badge, type BadgeTone } from '../../components/ui/badge';

const ORDER_TONES: Record<OrderStatus, BadgeTone> = {
  placed: 'waiting',
  confirmed: 'waiting',
  packed: 'waiting',
  shipped: 'good',
  in_transit: 'good',
  delivered: 'good',
  partially_delivered: 'waiting',
  returned: 'quiet',
  cancelled: 'quiet',
};

const PAYMENT_TONES: Record<PaymentStatus, BadgeTone> = {
  pending: 'waiting',
  partially_paid: 'good',
  paid: 'good',
  failed: 'waiting',
  partially_refunded: 'quiet',
  refunded: 'quiet',
  voided: 'quiet',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={ORDER_TONES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={PAYMENT_TONES[status]}>{PAYMENT_STATUS_LABELS[status]}</Badge>;
}

const RISK_STYLE: Record<CodRisk, string> = {
  new: 'bg-neutral-100 text-neutral-700',
  low: 'bg-green-100 text-green-800',
  medium: 'bg-amber-100 text-amber-800',
  high: 'bg-red-100 text-red-800',
};

/** A COD shopper's risk from their phone's delivery record in this shop. */
export function RiskBadge({ risk }: { risk: CodRisk }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${RISK_STYLE[risk]}`}>
      {risk === 'new' ? 'New phone' : `${COD_RISK_LABELS[risk]} risk`}
    </span>
  );
}
