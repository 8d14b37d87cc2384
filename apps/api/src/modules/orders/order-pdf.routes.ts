import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SHOP_NAME } from '@store/shared/constants';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx } from '../../lib/context.js';
import { requirePermission } from '../staff/index.js';
import { invoicePdf, packingSlipPdf } from './order-pdf.js';
import { getAdminOrder } from './orders-admin.js';

const IdParams = z.object({ id: IdParamSchema });

/** An order's invoice and packing slip as PDF downloads, under /api/v1/admin/orders/:id/ (docs/back-office.md, "Printing"). */
export const orderPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = requirePermission('orders.read');
  const shop = { name: SHOP_NAME, phone: app.env.SUPPORT_PHONE, email: app.env.SUPPORT_EMAIL };
  const tags = ['admin: orders'];

  for (const [path, build, summary] of [
    ['invoice', invoicePdf, 'The order’s invoice as PDF: lines, prices, totals, addresses and payment'],
    [
      'packing-slip',
      packingSlipPdf,
      'The order’s packing slip as PDF: ship-to, SKUs and quantities to tick, courier, the shopper’s note; no prices',
    ],
  ] as const) {
    app.get(`/orders/:id/${path}/`, { preHandler: readers, schema: { tags, summary, params: IdParams } }, async (request, reply) => {
      const order = await getAdminOrder(requestCtx(request, app.clock), request.params.id);
      const pdf = await build(order, shop, app.clock.now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${path}-${order.number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    });
  }
};
