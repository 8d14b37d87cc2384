import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BookShipmentPayloadSchema,
  BookShipmentResponseSchema,
  BulkBookPayloadSchema,
  BulkBookResponseSchema,
  CancelShipmentPayloadSchema,
  CourierAvailabilitySchema,
  FraudCheckQuerySchema,
  FraudCheckResponseSchema,
  PayoutInputSchema,
  PayoutSchema,
  PayoutsQuerySchema,
  PayoutsResponseSchema,
  ShipmentSchema,
  ShipmentWithEventsSchema,
} from '@store/shared/admin-couriers';
import { COURIERS } from '@store/shared/checkout-rules';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx } from '../../lib/context.js';
import { requirePermission } from '../staff/index.js';

const IdParams = z.object({ id: IdParamSchema });

/** Parcels, couriers, the fraud check and payouts in the back office, under /api/v1/admin/ (docs/couriers.md). */
export const couriersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const writers = requirePermission('orders.write');
  const readers = requirePermission('orders.read');
  const ctx = (request: FastifyRequest) => requestCtx(request, app.clock);
  const staffId = (request: FastifyRequest) => request.staff?.id ?? null;
  const tags = ['admin: couriers'];

  app.post(
    '/orders/:id/shipment/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: "Book the order's parcel with a courier and mark it shipped (an order with a parcel already gets it back). Audited",
        params: IdParams,
        body: BookShipmentPayloadSchema,
        response: { 200: BookShipmentResponseSchema },
      },
    },
    async (request) => {
      const { shipment, created } = await app.couriers.book(ctx(request), request.params.id, request.body.courier, staffId(request));
      return { data: shipment, created };
    },
  );

  app.post(
    '/orders/:id/shipment/cancel/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Withdraw a booking not picked up yet (RedX through its API; Steadfast and Pathao recorded). Audited',
        params: IdParams,
        body: CancelShipmentPayloadSchema,
        response: { 200: z.object({ data: ShipmentSchema }) },
      },
    },
    async (request) => ({ data: await app.couriers.cancelBooking(ctx(request), request.params.id, request.body.reason, staffId(request)) }),
  );

  app.post(
    '/orders/shipments/bulk/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Book up to 100 orders with one courier; an answer per order. Audited',
        body: BulkBookPayloadSchema,
        response: { 200: BulkBookResponseSchema },
      },
    },
    async (request) => ({
      data: await app.couriers.bookMany(ctx(request), request.body.order_ids, request.body.courier, staffId(request)),
    }),
  );

  app.get(
    '/orders/:id/shipments/',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: "The order's parcels, newest first, each with what its courier said",
        params: IdParams,
        response: { 200: z.object({ data: z.array(ShipmentWithEventsSchema) }) },
      },
    },
    async (request) => ({ data: await app.couriers.shipmentsOf(ctx(request), request.params.id) }),
  );

  app.get(
    '/couriers/',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'The couriers the shop can book with, real or simulated',
        response: { 200: z.object({ data: z.array(CourierAvailabilitySchema) }) },
      },
    },
    async () => ({ data: app.couriers.available() }),
  );

  app.get(
    '/couriers/fraud-check/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: "A phone's parcels across Steadfast's merchants (cached 6 hours); null when Steadfast is not set up",
        querystring: FraudCheckQuerySchema,
        response: { 200: FraudCheckResponseSchema },
      },
    },
    async (request) => ({ data: await app.couriers.fraudCheck(request.query.phone) }),
  );

  app.get(
    '/couriers/payouts/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: "The couriers' payouts, newest first, and per courier the collected cash not paid out yet",
        querystring: PayoutsQuerySchema,
        response: { 200: PayoutsResponseSchema },
      },
    },
    async (request) => {
      const c = ctx(request);
      const couriers = request.query.courier ? [request.query.courier] : COURIERS;
      const unpaid = await Promise.all(couriers.map((courier) => app.couriers.unpaidCollections(c, courier)));
      return { data: { payouts: await app.couriers.listPayouts(c, request.query.courier), unpaid } };
    },
  );

  app.post(
    '/couriers/payouts/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: "Record a courier's payment of collected cash against the parcels it settles. Audited",
        body: PayoutInputSchema,
        response: { 201: z.object({ data: PayoutSchema }) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await app.couriers.recordPayout(ctx(request), request.body, staffId(request)) }),
  );
};
