import type { FastifyInstance, FastifyReply } from 'fastify';
import { getOrder } from '../orders/index.js';
import type { CallbackResult } from './payments.service.js';

/** Gateways and hosted pages post HTML forms: parsed into a flat record, in this plugin's scope only. */
export function acceptForms(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** Where the shopper lands after a gateway: the page of the payment's final state. */
export async function landingFor(app: FastifyInstance, result: CallbackResult): Promise<string> {
  const order = result.orderId !== null ? await getOrder({ db: app.db }, result.orderId) : null;
  if (!order) return '/checkout?payment=unverified';
  const token = encodeURIComponent(order.token);
  switch (result.status) {
    case 'paid':
      return `/payment-success?order=${token}`;
    case 'cancelled':
      return `/order-verify/cancelled/${token}/`;
    case 'failed':
      return `/order-verify/failed/${token}/`;
    case 'refunded':
      return `/order-verify/refunded/${token}/`;
    default:
      // Not (yet) confirmed by the gateway: the page says so and the reconciler settles it later.
      return `/order-verify/pending/${token}/`;
  }
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * The gateways' way back, outside /api/v1: the shopper's browser arrives here from a gateway's
 * page (a top-level navigation or a cross-site form POST, so no session or CSRF token is needed or
 * trusted), and SSLCommerz's server posts its IPN here. Every one of them is verified with the
 * gateway by the payments service before anything changes.
 */
export async function paymentsRoutes(app: FastifyInstance) {
  acceptForms(app);
  const schema = { hide: true };

  app.get('/payments/bkash/callback', { schema }, async (request, reply) => {
    const q = request.query as { paymentID?: string; status?: string };
    const result = await app.payments.onBkashCallback({ paymentID: q.paymentID, status: q.status });
    return noStore(reply).redirect(await landingFor(app, result), 303);
  });

  for (const kind of ['success', 'fail', 'cancel'] as const) {
    app.post(`/payments/sslcommerz/${kind}`, { schema }, async (request, reply) => {
      const result = await app.payments.onSslCommerz(kind, (request.body ?? {}) as Record<string, string>);
      return noStore(reply).redirect(await landingFor(app, result), 303);
    });
  }

  app.post('/payments/sslcommerz/ipn', { schema }, async (request, reply) => {
    const result = await app.payments.onSslCommerz('ipn', (request.body ?? {}) as Record<string, string>);
    if (result.status === 'rejected') return reply.status(400).send({ status: 'REJECTED' });
    return { status: 'OK', payment: result.status };
  });
}
