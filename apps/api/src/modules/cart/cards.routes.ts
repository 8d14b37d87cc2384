import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCardInputSchema,
  AdminCardListQuerySchema,
  AdminCardPageSchema,
  AdminCardPatchSchema,
  AdminCardSchema,
  CardUseSchema,
} from '@store/shared/admin-cards';
import { MyPrivilegeCardResponseSchema, MyPrivilegeCardSavedResponseSchema, PrivilegeCardLinkPayloadSchema } from '@store/shared/auth';
import { IdParamSchema } from '@store/shared/input';
import * as messages from '@store/shared/messages';
import { requestCtx } from '../../lib/context.js';
import { rateLimited } from '../../lib/errors.js';
import { requirePermission } from '../staff/index.js';
import { cardUses, getAdminCard, issueCard, listAdminCards, updateCard, type CardsDeps } from './cards-admin.js';
import { linkMyCard, myCard, unlinkMyCard } from './cards.js';

const IdParams = z.object({ id: IdParamSchema });
const CardResponse = z.object({ data: AdminCardSchema });

/** Privilege cards in the back office, under /api/v1/admin/offers/cards/ (docs/back-office.md, "Privilege cards"). */
export const cardsAdminRoutes: FastifyPluginAsyncZod<CardsDeps> = async (app, deps) => {
  const writers = requirePermission('offers.write');
  const ctx = (request: FastifyRequest) => requestCtx(request, app.clock);
  const tags = ['admin: offers privilege cards'];

  app.get(
    '/offers/cards/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'A page of privilege cards, newest first; q finds a number or a holder’s phone or e-mail',
        querystring: AdminCardListQuerySchema,
        response: { 200: AdminCardPageSchema },
      },
    },
    async (request) => listAdminCards(ctx(request), deps, request.query),
  );
  app.post(
    '/offers/cards/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Issue a card (a typed number, or a generated one), optionally to a customer found by phone or e-mail. Audited',
        body: AdminCardInputSchema,
        response: { 201: CardResponse },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await issueCard(ctx(request), deps, request.body) }),
  );
  app.get(
    '/offers/cards/:id/',
    { preHandler: writers, schema: { tags, summary: 'One privilege card', params: IdParams, response: { 200: CardResponse } } },
    async (request) => ({ data: await getAdminCard(ctx(request), deps, request.params.id) }),
  );
  app.patch(
    '/offers/cards/:id/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Edit a card: percent, expiry, on/off ({active: false}), holder (customer: phone or e-mail; null unlinks). Audited',
        params: IdParams,
        body: AdminCardPatchSchema,
        response: { 200: CardResponse },
      },
    },
    async (request) => ({ data: await updateCard(ctx(request), deps, request.params.id, request.body) }),
  );
  app.get(
    '/offers/cards/:id/uses/',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'The orders placed with a card, newest first',
        params: IdParams,
        response: { 200: z.object({ data: z.array(CardUseSchema) }) },
      },
    },
    async (request) => ({ data: await cardUses(ctx(request), deps, request.params.id) }),
  );
};

/** Link tries per customer per window: enough for typos, too few to guess a 12-digit number. */
const CARD_LINK_TRIES = 5;
const CARD_LINK_WINDOW = 15 * 60;

/**
 * The shopper's card in the account, under /api/v1/accounts/privilege-card/. requireCustomer is the
 * accounts module's (handed in by app.ts: accounts depends on this module).
 */
export const myCardRoutes: FastifyPluginAsyncZod<{ requireCustomer: (request: FastifyRequest) => number }> = async (
  app,
  { requireCustomer },
) => {
  const ctx = (request: FastifyRequest) => requestCtx(request, app.clock);
  const tags = ['accounts'];
  app.get(
    '/accounts/privilege-card/',
    {
      schema: {
        tags,
        summary: 'The privilege card linked to the account (last four digits), or null',
        response: { 200: MyPrivilegeCardResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await myCard(ctx(request), requireCustomer(request)) };
    },
  );
  app.post(
    '/accounts/privilege-card/',
    {
      schema: {
        tags,
        summary: `Link a card: an existing, active, unexpired card nobody holds. Any failure is the same 400; ${CARD_LINK_TRIES} tries per 15 minutes`,
        body: PrivilegeCardLinkPayloadSchema,
        response: { 200: MyPrivilegeCardSavedResponseSchema },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      const tries = await app.rateLimiter.hit(`privilege-card:link:${customerId}`, CARD_LINK_TRIES, CARD_LINK_WINDOW);
      if (!tries.allowed) throw rateLimited(messages.tooManyRequests(), tries.retryAfterSeconds);
      const data = await linkMyCard(ctx(request), customerId, request.body.number);
      return { success: true as const, detail: messages.privilegeCardLinked(), data };
    },
  );
  app.delete(
    '/accounts/privilege-card/',
    {
      schema: {
        tags,
        summary: 'Remove the card from the account (the card stays in the store, unlinked)',
        response: { 200: z.object({ success: z.literal(true), detail: z.string() }) },
      },
    },
    async (request) => {
      await unlinkMyCard(ctx(request), requireCustomer(request));
      return { success: true as const, detail: messages.privilegeCardRemoved() };
    },
  );
};
