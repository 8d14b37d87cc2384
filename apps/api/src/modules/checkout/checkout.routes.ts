import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressFormSchema,
  AddressListResponseSchema,
  AddressSaveResponseSchema,
  AddressTypeQuerySchema,
  CheckoutResponseSchema,
  DiscountPayloadSchema,
  DiscountResponseSchema,
  LocationsResponseSchema,
  OrderDetailSchema,
  OrderPayPayloadSchema,
  OrderRepayPayloadSchema,
  PaymentMethodPayloadSchema,
  PayResponseSchema,
  RemoveDiscountResponseSchema,
  ShippingAddressPayloadSchema,
} from '@store/shared/checkout';
import { IdParamSchema, text } from '@store/shared/input';
import { IDEMPOTENCY_HEADER } from '@store/shared/checkout-rules';
import { PointsPayloadSchema, ReferralPayloadSchema } from '@store/shared/loyalty';
import * as messages from '@store/shared/messages';
import { requestCtx } from '../../lib/context.js';
import { badRequest } from '../../lib/errors.js';
import { adoptVisitorBagHook, CART_COOKIE } from '../cart/index.js';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './addresses.service.js';
import { BD_LOCATIONS } from './bd-locations.js';
import {
  applyDiscount,
  getCheckout,
  removeDiscount,
  requireShopper,
  setPaymentMethod,
  setPoints,
  setReferralCode,
  setShippingAddress,
} from './checkout.service.js';
import { shopperOf, type CheckoutCtx } from './context.js';
import { placeOrder } from './place-order.js';
import { cancelOwnOrder, payAgain } from './unpaid-orders.js';

const isCartToken = (v: string | undefined): v is string => !!v && /^[\w-]{43}$/.test(v);

function readKey(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return null;
  if (!/^[\w.:-]{8,100}$/.test(key))
    throw badRequest(messages.badRequest(), {
      [IDEMPOTENCY_HEADER]: 'Must be 8 to 100 letters, digits, dots, colons, dashes or underscores',
    });
  return key;
}

/** Addresses, the checkout state and the pay call (SPEC §7). Thin: schema in, one service call, answer out. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['checkout'];
  const ctx = (request: FastifyRequest): CheckoutCtx => {
    const base = requestCtx(request, app.clock);
    const cookie = request.cookies[CART_COOKIE];
    return {
      ...base,
      env: app.env,
      payments: app.payments,
      notifier: app.notifier,
      shopper: shopperOf(base),
      cartToken: isCartToken(cookie) ? cookie : null,
      department: request.department,
    };
  };

  app.addHook('onSend', async (_request, reply: FastifyReply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  // As the bag's routes do: a visitor's bag cookie on a signed-in request is folded in first.
  app.addHook('preHandler', adoptVisitorBagHook(app));

  app.get(
    '/checkout/locations/',
    {
      schema: {
        tags,
        summary: 'Divisions → districts → areas of Bangladesh with their delivery zone',
        response: { 200: LocationsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return { data: BD_LOCATIONS };
    },
  );

  const addressId = z.object({ id: IdParamSchema });

  app.get(
    '/addresses/',
    {
      schema: {
        tags,
        summary: "The caller's addresses of a type (customer or guest)",
        querystring: AddressTypeQuerySchema,
        response: { 200: AddressListResponseSchema },
      },
    },
    async (request) => ({
      data: await listAddresses(app.db, requireShopper(ctx(request)), request.query.type),
    }),
  );

  app.post(
    '/addresses/',
    {
      schema: {
        tags,
        summary: "Adds an address ('Add address success')",
        querystring: AddressTypeQuerySchema,
        body: AddressFormSchema,
        response: { 201: AddressSaveResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await createAddress(
        app.db,
        requireShopper(ctx(request)),
        request.query.type,
        request.body,
        app.env.MAX_ADDRESSES_PER_SHOPPER,
      );
      return reply.status(201).send({ success: true, detail: messages.addAddressSuccess(), data });
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
        response: { 200: AddressSaveResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      detail: messages.addressUpdated(),
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
        response: { 200: z.object({ success: z.literal(true), detail: z.string() }) },
      },
    },
    async (request) => {
      await deleteAddress(app.db, requireShopper(ctx(request)), request.query.type, request.params.id);
      return { success: true as const, detail: messages.deleteSuccess() };
    },
  );

  app.get(
    '/checkout/',
    { schema: { tags, summary: 'The bag, the checkout choices and the totals', response: { 200: CheckoutResponseSchema } } },
    async (request) => getCheckout(ctx(request)),
  );

  app.post(
    '/checkout/shipping_address/',
    {
      schema: {
        tags,
        summary: 'Delivery address or store pickup, and the delivery type (message.shipping when same day fell back)',
        body: ShippingAddressPayloadSchema,
        response: { 200: CheckoutResponseSchema },
      },
    },
    async (request) => setShippingAddress(ctx(request), request.body),
  );

  app.post(
    '/checkout/payment_method/',
    { schema: { tags, summary: 'The payment method', body: PaymentMethodPayloadSchema, response: { 200: CheckoutResponseSchema } } },
    async (request) => setPaymentMethod(ctx(request), request.body),
  );

  app.post(
    '/checkout/discount_code/',
    {
      schema: {
        tags,
        summary: 'Applies a coupon code (400 with fields.discount when it does not apply)',
        body: DiscountPayloadSchema,
        response: { 200: DiscountResponseSchema },
      },
    },
    async (request) => applyDiscount(ctx(request), request.body.discount.code),
  );

  app.post(
    '/checkout/remove_discount/',
    { schema: { tags, summary: 'Removes the coupon code', response: { 200: RemoveDiscountResponseSchema } } },
    async (request) => removeDiscount(ctx(request)),
  );

  app.post(
    '/checkout/points/',
    {
      schema: {
        tags,
        summary: 'Loyalty points to spend on this order, 0 for none (400 with fields.points when the order cannot take them)',
        body: PointsPayloadSchema,
        response: { 200: CheckoutResponseSchema },
      },
    },
    async (request) => setPoints(ctx(request), request.body.points),
  );

  app.post(
    '/checkout/referral_code/',
    {
      schema: {
        tags,
        summary: "A referral code for a first order's welcome discount, '' to remove (summary.referral.error says why it gives none)",
        body: ReferralPayloadSchema,
        response: { 200: CheckoutResponseSchema },
      },
    },
    async (request) => setReferralCode(ctx(request), request.body.code),
  );

  app.post(
    '/checkout/pay/',
    {
      schema: {
        tags,
        summary: 'Places the order (Idempotency-Key header: a repeat of the same attempt answers with the same order)',
        body: OrderPayPayloadSchema,
        response: { 200: PayResponseSchema },
      },
    },
    async (request) => placeOrder(ctx(request), request.body, readKey(request)),
  );

  // The owner's actions on an order not confirmed yet (the orders module shows them as order.actions).
  const orderNumber = z.object({ number: text().min(1).max(40) });
  app.post(
    '/orders/:number/pay/',
    {
      schema: {
        tags: ['orders'],
        summary: 'Pays an unpaid bKash or card order again (a new attempt on the same order, within its hold)',
        params: orderNumber,
        body: OrderRepayPayloadSchema,
        response: { 200: PayResponseSchema },
      },
    },
    async (request) => payAgain(ctx(request), request.params.number, request.body),
  );
  app.post(
    '/orders/:number/cancel/',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancels one of the caller’s orders not confirmed yet; its items and coupon go back',
        params: orderNumber,
        response: { 200: z.object({ data: OrderDetailSchema }) },
      },
    },
    async (request) => ({ data: await cancelOwnOrder(ctx(request), request.params.number) }),
  );
};
