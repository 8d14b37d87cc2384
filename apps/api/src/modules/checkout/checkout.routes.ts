import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressFormSchema,
  AddressTypeQuerySchema,
  DiscountPayloadSchema,
  OrderPayPayloadSchema,
  PaymentMethodPayloadSchema,
  ShippingAddressPayloadSchema,
} from '@store/shared/checkout';
import { IdParamSchema } from '@store/shared/input';
import { IDEMPOTENCY_HEADER } from '@store/shared/checkout-rules';
import * as messages from '@store/shared/messages';
import { badRequest } from '../../lib/errors.js';
import { CART_COOKIE, mergeVisitorCart, mergeVisitorCartIntoGuest } from '../cart/index.js';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './addresses.service.js';
import { BD_LOCATIONS } from './bd-locations.js';
import {
  applyDiscount,
  getCheckout,
  placeOrder,
  removeDiscount,
  requireShopper,
  setPaymentMethod,
  setShippingAddress,
  type CheckoutCtx,
} from './checkout.service.js';

const isCartToken = (v: string | undefined): v is string => !!v && /^[\w-]{43}$/.test(v);

function readKey(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return null;
  if (!/^[\w.:-]{8,100}$/.test(key))
    throw badRequest(messages.badRequest, {
      [IDEMPOTENCY_HEADER]: 'Must be 8 to 100 letters, digits, dots, colons, dashes or underscores',
    });
  return key;
}

/** Addresses, the checkout state and the pay call (SPEC §7). Thin: schema in, one service call, answer out. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['checkout'];
  const secure = app.env.NODE_ENV === 'production';
  const ctx = (request: FastifyRequest): CheckoutCtx => {
    const shopper =
      request.customerId !== null || request.guestId ? { customerId: request.customerId, guestId: request.guestId ?? null } : null;
    const cookie = request.cookies[CART_COOKIE];
    return {
      db: app.db,
      env: app.env,
      clock: app.clock,
      payments: app.payments,
      notifier: app.notifier,
      log: request.log,
      shopper,
      cartToken: isCartToken(cookie) ? cookie : null,
      department: request.department,
    };
  };

  app.addHook('onSend', async (_request, reply: FastifyReply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  // As the bag's routes do: a signed-in shopper still carrying a visitor's bag cookie gets that bag folded in first.
  app.addHook('preHandler', async (request, reply) => {
    const token = request.cookies[CART_COOKIE];
    if (token === undefined || (request.customerId === null && !request.guestId)) return;
    if (request.customerId !== null) await mergeVisitorCart(app.db, token, request.customerId);
    else if (request.guestId) await mergeVisitorCartIntoGuest(app.db, token, request.guestId);
    reply.clearCookie(CART_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  });

  app.get(
    '/checkout/locations/',
    { schema: { tags, summary: 'Divisions → districts → areas of Bangladesh with their delivery zone' } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return { data: BD_LOCATIONS };
    },
  );

  const addressId = z.object({ id: IdParamSchema });

  app.get(
    '/addresses/',
    { schema: { tags, summary: "The caller's addresses of a type (customer or guest)", querystring: AddressTypeQuerySchema } },
    async (request) => ({
      data: await listAddresses(app.db, requireShopper(ctx(request)), request.query.type),
    }),
  );

  app.post(
    '/addresses/',
    { schema: { tags, summary: "Adds an address ('Add address success')", querystring: AddressTypeQuerySchema, body: AddressFormSchema } },
    async (request, reply) => {
      const data = await createAddress(
        app.db,
        requireShopper(ctx(request)),
        request.query.type,
        request.body,
        app.env.MAX_ADDRESSES_PER_SHOPPER,
      );
      return reply.status(201).send({ success: true, detail: messages.addAddressSuccess, data });
    },
  );

  app.put(
    '/addresses/:id/',
    {
      schema: {
        tags,
        summary: 'Edits one of the caller’s addresses (404 for anyone else’s)',
        params: addressId,
        querystring: AddressTypeQuerySchema,
        body: AddressFormSchema,
      },
    },
    async (request) => ({
      success: true,
      detail: messages.addressUpdated,
      data: await updateAddress(app.db, requireShopper(ctx(request)), request.query.type, request.params.id, request.body),
    }),
  );

  app.delete(
    '/addresses/:id/',
    {
      schema: {
        tags,
        summary: "Deletes one of the caller's addresses ('Delete success'; 404 for anyone else's)",
        params: addressId,
        querystring: AddressTypeQuerySchema,
      },
    },
    async (request) => {
      await deleteAddress(app.db, requireShopper(ctx(request)), request.query.type, request.params.id);
      return { success: true, detail: messages.deleteSuccess };
    },
  );

  app.get('/checkout/', { schema: { tags, summary: 'The bag, the checkout choices and the totals' } }, async (request) =>
    getCheckout(ctx(request)),
  );

  app.post(
    '/checkout/shipping_address/',
    {
      schema: {
        tags,
        summary: 'Delivery address or store pickup, and the delivery type (message.shipping when same day fell back)',
        body: ShippingAddressPayloadSchema,
      },
    },
    async (request) => setShippingAddress(ctx(request), request.body),
  );

  app.post(
    '/checkout/payment_method/',
    { schema: { tags, summary: 'The payment method', body: PaymentMethodPayloadSchema } },
    async (request) => setPaymentMethod(ctx(request), request.body),
  );

  app.post(
    '/checkout/discount_code/',
    { schema: { tags, summary: 'Applies a coupon code (400 with fields.discount when it does not apply)', body: DiscountPayloadSchema } },
    async (request) => applyDiscount(ctx(request), request.body.discount.code),
  );

  app.post('/checkout/remove_discount/', { schema: { tags, summary: 'Removes the coupon code' } }, async (request) =>
    removeDiscount(ctx(request)),
  );

  app.post(
    '/checkout/pay/',
    {
      schema: {
        tags,
        summary: 'Places the order (Idempotency-Key header: a repeat of the same attempt answers with the same order)',
        body: OrderPayPayloadSchema,
      },
    },
    async (request) => placeOrder(ctx(request), request.body, readKey(request)),
  );
};
