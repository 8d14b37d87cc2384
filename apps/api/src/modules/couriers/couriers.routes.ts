import type { FastifyInstance } from 'fastify';
import { COURIERS } from '@store/shared/checkout-rules';
import { WEBHOOK_PATHS } from './config.js';

/**
 * The couriers' webhooks, public (each proves itself with its courier's credential: Steadfast a
 * Bearer token, Pathao X-PATHAO-Signature, RedX a token in the query string). Each answers what its
 * courier's docs expect; every call, forged or not, lands in courier_events.
 */
export async function couriersRoutes(app: FastifyInstance) {
  for (const courier of COURIERS) {
    app.post(WEBHOOK_PATHS[courier], { schema: { hide: true } }, async (request, reply) => {
      const answer = await app.couriers.handleWebhook(courier, { headers: request.headers, query: request.query, body: request.body });
      reply.header('cache-control', 'no-store');
      for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
      return reply.status(answer.status).send(answer.body);
    });
  }
}
