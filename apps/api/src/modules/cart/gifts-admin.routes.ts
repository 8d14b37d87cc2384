import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminGiftRuleInputSchema, AdminGiftRulePatchSchema, AdminGiftRuleSchema, GiftRuleOrderSchema } from '@store/shared/admin-gifts';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx } from '../../lib/context.js';
import { requirePermission } from '../staff/index.js';
import { createGiftRule, getAdminGiftRule, listAdminGiftRules, reorderGiftRules, updateGiftRule } from './gifts-admin.js';

const IdParams = z.object({ id: IdParamSchema });
const RuleResponse = z.object({ data: AdminGiftRuleSchema });
const ListResponse = z.object({ data: z.array(AdminGiftRuleSchema) });

/** Gift rules in the back office, under /api/v1/admin/offers/gifts/ (docs/back-office.md, "Gift rules and bag offers"). */
export const giftRulesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const writers = requirePermission('offers.write');
  const ctx = (request: FastifyRequest) => requestCtx(request, app.clock);
  const tags = ['admin: offers gift rules'];

  app.get(
    '/offers/gifts/',
    {
      preHandler: writers,
      schema: { tags, summary: 'Every gift rule in order, with its gift, its stock and its uses', response: { 200: ListResponse } },
    },
    async (request) => ({ data: await listAdminGiftRules(ctx(request)) }),
  );
  app.post(
    '/offers/gifts/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Create a gift rule (last in the order); bags apply it at once. Audited',
        body: AdminGiftRuleInputSchema,
        response: { 201: RuleResponse },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createGiftRule(ctx(request), request.body) }),
  );
  app.put(
    '/offers/gifts/order/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Put every gift rule in a new order (each id once). Audited',
        body: GiftRuleOrderSchema,
        response: { 200: ListResponse },
      },
    },
    async (request) => ({ data: await reorderGiftRules(ctx(request), request.body.ids) }),
  );
  app.get(
    '/offers/gifts/:id/',
    { preHandler: writers, schema: { tags, summary: 'One gift rule', params: IdParams, response: { 200: RuleResponse } } },
    async (request) => ({ data: await getAdminGiftRule(ctx(request), request.params.id) }),
  );
  app.patch(
    '/offers/gifts/:id/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Edit a gift rule or switch it off ({active: false}); rules are never deleted. Audited',
        params: IdParams,
        body: AdminGiftRulePatchSchema,
        response: { 200: RuleResponse },
      },
    },
    async (request) => ({ data: await updateGiftRule(ctx(request), request.params.id, request.body) }),
  );
};
