import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { AdminOrderListResponse } from '@store/shared/admin-orders';
import { api } from '../../lib/api';

/**
 * Where an order number leads: records that name an order by its number only (a loyalty ledger
 * entry, a referral) link here, and the order list's search finds its id.
 */
export const orderPath = (number: string) => `/orders/number/${encodeURIComponent(number)}`;

export async function orderByNumberLoader({ params, request }: LoaderFunctionArgs): Promise<Response> {
  const number = params.number ?? '';
  const found = await api.get<AdminOrderListResponse>(`/orders/?${new URLSearchParams({ q: number })}`, request.signal);
  const order = found.data.find((o) => o.number === number);
  if (!order) throw new Response('Not found', { status: 404 });
  return redirect(`/orders/${order.id}`);
}
