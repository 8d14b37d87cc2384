import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminCouponInputSchema, AdminCouponPatchSchema, AdminCouponSchema, CouponUseSchema } from '@store/shared/admin-offers';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx } from '../../lib/context.js';
import { requirePermission } from '../staff/index.js';
import { couponUses, createCoupon, getAdminCoupon, listAdminCoupons, updateCoupon } from './coupons-admin.js';

const IdParams = z.object({ id: IdParamSchema });
const CouponResponse = z.object({ data: AdminCouponSchema });

/** Coupons in the back office, under /api/v1/admin/offers/coupons/ (docs/back-office.md, "Coupons"). */
export const couponsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const writers = requirePermission('offers.write');
  const ctx = (request: FastifyRequest) => requestCtx(request, app.clock);
  const tags = ['admin: offers coupons'];

  app.get(
    '/offers/coupons/',
    {
      preHandler: writers,
      schema: { tags, summary: 'Every coupon with its state and uses', response: { 200: z.object({ data: z.array(AdminCouponSchema) }) } },
    },
    async (request) => ({ data: await listAdminCoupons(ctx(request)) }),
  );
  app.post(
    '/offers/coupons/',
    {
      preHandler: writers,
      schema: { tags, summary: 'Create a coupon, audited', body: AdminCouponInputSchema, response: { 201: CouponResponse } },
    },
    async (request, reply) => reply.code(201).send({ data: await createCoupon(ctx(request), request.body) }),
  );
  app.get(
    '/offers/coupons/:id/',
    { preHandler: writers, schema: { tags, summary: 'One coupon', params: IdParams, response: { 200: CouponResponse } } },
    async (request) => ({ data: await getAdminCoupon(ctx(request), request.params.id) }),
  );
  app.patch(
    '/offers/coupons/:id/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Edit a coupon or switch it off ({active: false}); the limit never below its uses. Audited',
        params: IdParams,
        body: AdminCouponPatchSchema,
        response: { 200: CouponResponse },
      },
    },
    async (request) => ({ data: await updateCoupon(ctx(request), request.params.id, request.body) }),
  );
  app.get(
    '/offers/coupons/:id/uses/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'The orders that used a coupon, newest first',
        params: IdParams,
        response: { 200: z.object({ data: z.array(CouponUseSchema) }) },
      },
    },
    async (request) => ({ data: await couponUses(ctx(request), request.params.id) }),
  );
};
