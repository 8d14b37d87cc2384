import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCustomerDetailSchema,
  AdminCustomerListQuerySchema,
  AdminCustomerListResponseSchema,
  CustomerCodPayloadSchema,
  CustomerNotePayloadSchema,
} from '@store/shared/admin-customers';
import { COD_RISK_LABELS } from '@store/shared/admin-orders';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx } from '../../lib/context.js';
import { csvStream } from '../../lib/csv-export.js';
import { requirePermission } from '../staff/index.js';
import {
  addCustomerNote,
  customersForExport,
  getAdminCustomer,
  listAdminCustomers,
  setCodBlocked,
  type CustomerAdminHooks,
  type CustomerExportRow,
} from './customers-admin.js';

const IdParams = z.object({ id: IdParamSchema });
const Detail = z.object({ data: AdminCustomerDetailSchema });

export type CustomersAdminOptions = CustomerAdminHooks;

const CSV_COLUMNS = [
  'id',
  'name',
  'phone',
  'email',
  'registered_at',
  'orders',
  'spent',
  'cod_risk',
  'delivered',
  'returned',
  'cancelled',
  'cod_blocked',
  'cod_blocked_reason',
] as const;

function csvRow(c: CustomerExportRow): string[] {
  return [
    String(c.id),
    c.name,
    c.phone ?? '',
    c.email ?? '',
    c.created_at,
    String(c.order_count),
    String(c.spent / 100),
    COD_RISK_LABELS[c.risk],
    String(c.record.delivered),
    String(c.record.returned),
    String(c.record.cancelled),
    c.cod_blocked ? 'yes' : 'no',
    c.cod_blocked_reason,
  ];
}

/**
 * Customers in the back office, under /api/v1/admin/customers/ (docs/back-office.md, "Customers"):
 * whoever sees orders sees their customers (orders.read); notes and the COD block need customers.write.
 */
export const customersAdminRoutes: FastifyPluginAsyncZod<CustomersAdminOptions> = async (app, hooks) => {
  const readers = requirePermission('orders.read');
  const writers = requirePermission('customers.write');
  const ctx = (request: FastifyRequest) => requestCtx(request, app.clock);
  const tags = ['admin: customers'];
  const detail = async (request: FastifyRequest, id: number) => ({ data: await getAdminCustomer(ctx(request), id, hooks) });

  app.get(
    '/customers/',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'The customers, searched (name, phone or e-mail), filtered to those blocked from COD, sorted and paged',
        querystring: AdminCustomerListQuerySchema,
        response: { 200: AdminCustomerListResponseSchema },
      },
    },
    async (request) => listAdminCustomers(ctx(request), request.query),
  );

  app.get(
    '/customers/export/',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Every customer of the filter as CSV, streamed (amounts in taka)',
        querystring: AdminCustomerListQuerySchema,
      },
    },
    async (request, reply) => {
      const batches = customersForExport(ctx(request), request.query);
      async function* rows() {
        yield [...CSV_COLUMNS];
        for await (const batch of batches) for (const c of batch) yield csvRow(c);
      }
      const day = app.clock.now().toISOString().slice(0, 10);
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="customers-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(csvStream(rows()));
    },
  );

  app.get(
    '/customers/:id/',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'One customer: profile, orders, addresses, wishlist, notes, COD record and block',
        params: IdParams,
        response: { 200: Detail },
      },
    },
    async (request) => detail(request, request.params.id),
  );

  app.post(
    '/customers/:id/notes/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'A staff note on the customer',
        params: IdParams,
        body: CustomerNotePayloadSchema,
        response: { 200: Detail },
      },
    },
    async (request) => {
      await addCustomerNote(ctx(request), request.params.id, request.body.note);
      return detail(request, request.params.id);
    },
  );

  app.put(
    '/customers/:id/cod/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Block cash on delivery for the customer (with a reason) or allow it again',
        params: IdParams,
        body: CustomerCodPayloadSchema,
        response: { 200: Detail },
      },
    },
    async (request) => {
      await setCodBlocked(ctx(request), request.params.id, request.body);
      return detail(request, request.params.id);
    },
  );
};
