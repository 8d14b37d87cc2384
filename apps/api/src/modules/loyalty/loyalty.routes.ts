import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoyaltyAccountResponseSchema, PointsVoucherPayloadSchema } from '@store/shared/loyalty';
import * as messages from '@store/shared/messages';
import { requestCtx } from '../../lib/context.js';
import { rateLimited } from '../../lib/errors.js';
import { buyVoucher, loyaltyAccount } from './account.js';
import type { VoucherDesk } from './loyalty.service.js';

/** Vouchers a customer may ask for in an hour (each is a code the shop keeps): a script cannot fill the coupons table. */
const VOUCHER_TRIES = 10;
const VOUCHER_WINDOW_SECONDS = 3600;

export type LoyaltyRoutesOptions = { requireCustomer: (request: FastifyRequest) => number; vouchers: VoucherDesk };

/** The shopper's programme (issue 22), under /api/v1/loyalty/: a signed-in customer's own account only. */
export const loyaltyRoutes: FastifyPluginAsyncZod<LoyaltyRoutesOptions> = async (app, { requireCustomer, vouchers }) => {
  const deps = (request: FastifyRequest) => ({ ...requestCtx(request, app.clock), vouchers, publicUrl: app.env.PUBLIC_URL });
  const tags = ['loyalty'];
  app.get(
    '/loyalty/',
    {
      schema: {
        tags,
        summary: 'The signed-in customer’s points, tier, progress, history, vouchers and referral code (401 otherwise)',
        response: { 200: LoyaltyAccountResponseSchema },
      },
    },
    async (request, reply) => {
      const customerId = requireCustomer(request);
      reply.header('cache-control', 'private, no-store');
      return { data: await loyaltyAccount(deps(request), customerId) };
    },
  );
  app.post(
    '/loyalty/vouchers/',
    {
      schema: {
        tags,
        summary:
          'Turn points into a personal voucher worth what they take off at checkout (400 fields.points when not possible); 10 requests an hour',
        body: PointsVoucherPayloadSchema,
        response: { 201: LoyaltyAccountResponseSchema },
      },
    },
    async (request, reply) => {
      const customerId = requireCustomer(request);
      const tries = await app.rateLimiter.hit(`loyalty:voucher:${customerId}`, VOUCHER_TRIES, VOUCHER_WINDOW_SECONDS);
      if (!tries.allowed) throw rateLimited(messages.tooManyRequests(), tries.retryAfterSeconds);
      return reply.code(201).send({ data: await buyVoucher(deps(request), customerId, request.body.points) });
    },
  );
};
