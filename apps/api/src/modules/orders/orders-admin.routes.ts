import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminOrderDetailSchema,
  AdminOrderListQuerySchema,
  AdminOrderListResponseSchema,
  OrderAddressPayloadSchema,
  OrderCallPayloadSchema,
  OrderCancelPayloadSchema,
  OrderLinesPayloadSchema,
  OrderNotePayloadSchema,
  OrderStepPayloadSchema,
} from '@store/shared/admin-orders';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '@store/shared/checkout-rules';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx } from '../../lib/context.js';
import { csvStream } from '../../lib/csv-export.js';
import { requirePermission } from '../staff/index.js';
import { amountTaken } from './order-status.js';
import type { OrderRow } from './orders.service.js';
import {
  addOrderNote,
  cancelOrder,
  editOrderAddress,
  editOrderLines,
  getAdminOrder,
  listAdminOrders,
  ordersForExport,
  recordCall,
  stepOrder,
  type OrderAdminHooks,
} from './orders-admin.js';

const IdParams = z.object({ id: IdParamSchema });
const Detail = z.object({ data: AdminOrderDetailSchema });

/** A paid order that staff cancelled: its money goes back (the payments module, after the cancel commits). */
export type OrdersAdminOptions = OrderAdminHooks & {
  refundCancelled(request: FastifyRequest, order: OrderRow): Promise<void>;
};

const CSV_COLUMNS = [
  'number',
  'placed_at',
  'status',
  'payment_status',
  'payment_method',
  'delivery_type',
  'zone',
  'name',
  'phone',
  'email',
  'district',
  'area',
  'subtotal',
  'discount',
  'shipping',
  'total',
  'refunded',
  'courier',
  'consignment_id',
] as const;

const taka = (poisha: number) => String(poisha / 100);

function csvRow(o: OrderRow): string[] {
  return [
    o.number,
    o.createdAt.toISOString(),
    ORDER_STATUS_LABELS[o.status],
    PAYMENT_STATUS_LABELS[o.paymentStatus],
    o.paymentMethod,
    o.deliveryType,
    o.zone ?? '',
    o.contactName || o.shippingAddress?.name || '',
    o.contactPhone ?? '',
    o.contactEmail ?? '',
    o.shippingAddress?.location ?? '',
    o.shippingAddress?.area ?? '',
    taka(o.subtotal),
    taka(o.discount),
    taka(o.shipping),
    taka(o.total),
    taka(o.refundedAmount),
    o.courier ?? '',
    o.consignmentId ?? '',
  ];
}

/** Orders in the back office, under /api/v1/admin/orders/ (docs/back-office.md, "Orders"). */
export const ordersAdminRoutes: FastifyPluginAsyncZod<OrdersAdminOptions> = async (app, options) => {
  const readers = requirePermission('orders.read');
  const writers = requirePermission('orders.write');
  const ctx = (request: FastifyRequest) => requestCtx(request, app.clock);
  const tags = ['admin: orders'];
  const detail = async (request: FastifyRequest, id: number) => ({ data: await getAdminOrder(ctx(request), id, options) });

  app.get(
    '/orders/',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'The orders, filtered, searched (number, phone, name or e-mail), sorted and paged',
        querystring: AdminOrderListQuerySchema,
        response: { 200: AdminOrderListResponseSchema },
      },
    },
    async (request) => listAdminOrders(ctx(request), request.query),
  );

  app.get(
    '/orders/export/',
    {
      preHandler: readers,
      schema: { tags, summary: 'Every order of the filter as CSV, streamed (amounts in taka)', querystring: AdminOrderListQuerySchema },
    },
    async (request, reply) => {
      const batches = ordersForExport(ctx(request), request.query);
      async function* rows() {
        yield [...CSV_COLUMNS];
        for await (const batch of batches) for (const o of batch) yield csvRow(o);
      }
      const day = app.clock.now().toISOString().slice(0, 10);
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(csvStream(rows()));
    },
  );

  app.get(
    '/orders/:id/',
    {
      preHandler: readers,
      schema: { tags, summary: 'One order with its lines, customer, record and timeline', params: IdParams, response: { 200: Detail } },
    },
    async (request) => detail(request, request.params.id),
  );

  app.post(
    '/orders/:id/notes/',
    {
      preHandler: writers,
      schema: { tags, summary: 'A staff note on the timeline', params: IdParams, body: OrderNotePayloadSchema, response: { 200: Detail } },
    },
    async (request) => {
      await addOrderNote(ctx(request), request.params.id, request.body.note);
      return detail(request, request.params.id);
    },
  );

  app.post(
    '/orders/:id/call/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'A call to the customer and its outcome; "confirmed" confirms a placed order',
        params: IdParams,
        body: OrderCallPayloadSchema,
        response: { 200: Detail },
      },
    },
    async (request) => {
      await recordCall(ctx(request), request.params.id, request.body);
      return detail(request, request.params.id);
    },
  );

  for (const [path, step] of [
    ['confirm', 'confirm'],
    ['pack', 'pack'],
    ['hand-over', 'hand_over'],
  ] as const) {
    app.post(
      `/orders/:id/${path}/`,
      {
        preHandler: writers,
        schema: {
          tags,
          summary:
            step === 'hand_over'
              ? 'A pickup order collected at the store (cash taken there)'
              : `Mark the order ${step === 'confirm' ? 'confirmed' : 'packed'}`,
          params: IdParams,
          body: OrderStepPayloadSchema,
          response: { 200: Detail },
        },
      },
      async (request) => {
        await stepOrder(ctx(request), request.params.id, request.body.revision, step);
        return detail(request, request.params.id);
      },
    );
  }

  app.post(
    '/orders/:id/cancel/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Cancel with a reason: stock back, coupon use released, unpaid payment voided, paid money refunded',
        params: IdParams,
        body: OrderCancelPayloadSchema,
        response: { 200: Detail },
      },
    },
    async (request) => {
      const order = await cancelOrder(ctx(request), request.params.id, request.body, options);
      // Money taken (a payment, or a high-risk shopper's delivery fee) and not given back yet goes back.
      if (amountTaken(order) > order.refundedAmount) await options.refundCancelled(request, order);
      return detail(request, request.params.id);
    },
  );

  app.put(
    '/orders/:id/lines/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Fewer items before the parcel leaves (unpaid orders): stock back, totals and the coupon again',
        params: IdParams,
        body: OrderLinesPayloadSchema,
        response: { 200: Detail },
      },
    },
    async (request) => {
      await editOrderLines(ctx(request), request.params.id, request.body, options);
      return detail(request, request.params.id);
    },
  );

  app.put(
    '/orders/:id/address/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Change the delivery address before the parcel leaves (same delivery zone)',
        params: IdParams,
        body: OrderAddressPayloadSchema,
        response: { 200: Detail },
      },
    },
    async (request) => {
      await editOrderAddress(ctx(request), request.params.id, request.body, options);
      return detail(request, request.params.id);
    },
  );
};
