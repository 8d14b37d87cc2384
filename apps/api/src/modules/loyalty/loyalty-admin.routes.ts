import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardQuerySchema } from '@store/shared/admin-dashboard';
import { IdParamSchema } from '@store/shared/input';
import {
  AdjustmentInputSchema,
  AdminCustomerLoyaltySchema,
  AdminLoyaltySettingsInputSchema,
  AdminLoyaltySettingsSchema,
  LoyaltyCostSchema,
  ReferralsPageSchema,
  ReferralsQuerySchema,
  TierMembersPageSchema,
  TierMembersQuerySchema,
} from '@store/shared/loyalty';
import { requestCtx } from '../../lib/context.js';
import { requirePermission } from '../staff/index.js';
import {
  adjustPoints,
  customerLoyalty,
  getLoyaltySettings,
  loyaltyCost,
  referralResults,
  saveLoyaltySettings,
  tierMembers,
} from './loyalty-admin.js';
import type { VoucherDesk } from './loyalty.service.js';

const IdParams = z.object({ id: IdParamSchema });
const SettingsResponse = z.object({ data: AdminLoyaltySettingsSchema });
const CustomerResponse = z.object({ data: AdminCustomerLoyaltySchema });

/** The programme in the back office, under /api/v1/admin/loyalty/ (docs/loyalty.md). */
export const loyaltyAdminRoutes: FastifyPluginAsyncZod<{ vouchers: VoucherDesk }> = async (app, { vouchers }) => {
  const offers = requirePermission('offers.write');
  const customers = requirePermission('customers.write');
  const ctx = (request: FastifyRequest) => requestCtx(request, app.clock);
  const tags = ['admin: loyalty'];

  app.get(
    '/loyalty/settings/',
    {
      preHandler: offers,
      schema: { tags, summary: 'The programme’s rules (the defaults until first saved)', response: { 200: SettingsResponse } },
    },
    async (request) => ({ data: await getLoyaltySettings(ctx(request)) }),
  );
  app.put(
    '/loyalty/settings/',
    {
      preHandler: offers,
      schema: {
        tags,
        summary: 'Save the programme’s rules (409 edit_conflict when someone saved after loaded_at). Audited',
        body: AdminLoyaltySettingsInputSchema,
        response: { 200: SettingsResponse },
      },
    },
    async (request) => ({ data: await saveLoyaltySettings(ctx(request), request.body.rules, request.body.loaded_at) }),
  );
  app.get(
    '/loyalty/customers/:id/',
    {
      preHandler: customers,
      schema: { tags, summary: 'A customer’s balance, tier and ledger', params: IdParams, response: { 200: CustomerResponse } },
    },
    async (request) => ({ data: await customerLoyalty(ctx(request), request.params.id) }),
  );
  app.post(
    '/loyalty/customers/:id/adjustments/',
    {
      preHandler: customers,
      schema: {
        tags,
        summary: 'Add or take away points with a reason (a ledger entry). Audited',
        params: IdParams,
        body: AdjustmentInputSchema,
        response: { 200: CustomerResponse },
      },
    },
    async (request) => ({ data: await adjustPoints(ctx(request), request.params.id, request.body) }),
  );
  app.get(
    '/loyalty/members/',
    {
      preHandler: customers,
      schema: {
        tags,
        summary: 'The members of a tier (or all), with each tier’s count',
        querystring: TierMembersQuerySchema,
        response: { 200: TierMembersPageSchema },
      },
    },
    async (request) => tierMembers(ctx(request), request.query),
  );
  app.get(
    '/loyalty/referrals/',
    {
      preHandler: customers,
      schema: {
        tags,
        summary: 'Orders placed with a referral code and what they came to',
        querystring: ReferralsQuerySchema,
        response: { 200: ReferralsPageSchema },
      },
    },
    async (request) => referralResults(ctx(request), request.query),
  );
  app.get(
    '/loyalty/cost/',
    {
      preHandler: requirePermission('dashboard.read'),
      schema: {
        tags,
        summary: 'The programme’s cost in the dashboard’s period',
        querystring: DashboardQuerySchema,
        response: { 200: z.object({ data: LoyaltyCostSchema }) },
      },
    },
    async (request) => ({ data: await loyaltyCost(ctx(request), request.query.period, vouchers) }),
  );
};
