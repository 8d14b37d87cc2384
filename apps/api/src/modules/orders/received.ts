import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbCtx } from '../../lib/context.js';
import { requestCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import * as messages from '@store/shared/messages';
import type { OrderStatus } from '@store/shared/checkout-rules';
import { transitionOrder } from './orders.service.js';
import { orderLines, orders } from './orders.tables.js';

/**
 * Whether a customer received a product: a line of that product (not a gift) on one of their orders
 * whose status is `delivered`. Reviews use it for "may review" and the verified-purchase badge.
 */
export async function customerReceivedProduct({ db }: DbCtx, customerId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.status, 'delivered'),
        eq(orderLines.productId, productId),
        eq(orderLines.gift, false),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Development and test only (a dev door: registered on a loopback development server, for local
 * requests): moves an order along to delivered (placed → confirmed → shipped → delivered) through the one
 * transition function, as the courier's hand-over would, so end-to-end tests can have a received product.
 */
export const devDeliverRoutes: FastifyPluginAsyncZod = async (dev) => {
  dev.post(
    '/dev/orders/:number/deliver/',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mark an order delivered (development and test only)',
        params: z.object({ number: z.string().min(1).max(40) }),
        response: { 200: z.object({ data: z.object({ status: z.string() }) }) },
      },
    },
    async (request) => {
      const ctx = requestCtx(request, dev.clock);
      const [order] = await ctx.db
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(eq(orders.number, request.params.number));
      if (!order) throw new AppError('order_not_found', messages.orderNotFound());
      // The shortest legal way to delivered from where the order stands; a cancelled order is refused by the transition function.
      const ROUTE: Partial<Record<OrderStatus, OrderStatus[]>> = {
        placed: ['confirmed', 'shipped', 'delivered'],
        confirmed: ['shipped', 'delivered'],
        packed: ['shipped', 'delivered'],
        shipped: ['delivered'],
        in_transit: ['delivered'],
      };
      const steps = ROUTE[order.status] ?? ['delivered'];
      const status = await ctx.db.transaction(async (tx) => {
        let current: string = order.status;
        for (const next of steps) {
          const result = await transitionOrder({ db: tx }, order.id, { status: next }, 'dev door: delivered', dev.clock.now());
          current = result.order.status;
        }
        return current;
      });
      return { data: { status } };
    },
  );
};
