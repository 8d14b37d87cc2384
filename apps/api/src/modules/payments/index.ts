import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { registerDevDoor } from '../../plugins/dev-doors.js';
import {
  gatewayConfig,
  publicBase,
  SIMULATOR_BKASH,
  SIMULATOR_SSLCOMMERZ,
  simulatorEnabled,
  BKASH_SIMULATOR_PATH,
  SSLCOMMERZ_SIMULATOR_PATH,
} from './config.js';
import { paymentsRoutes, acceptForms } from './payments.routes.js';
import { Payments, type PaymentHooks } from './payments.service.js';
import { bkashSimulator } from './simulator/bkash-simulator.js';
import { sslcommerzSimulator } from './simulator/sslcommerz-simulator.js';
import { loopbackTransport, type Transport } from '../../lib/http-transport.js';

export { Payments, OrderNotPayable, type PaymentHooks, type PaymentRow, type StartInput, type CallbackResult } from './payments.service.js';
export { GatewayError } from './bkash-client.js';
export { PAYMENT_ATTEMPT_TRANSITIONS, canMoveAttempt } from './payment-status.js';
export { refundsAdminRoutes } from './refunds-admin.routes.js';
export type { RefundCtx, RefundResult, RefundRow, GatewayRefundInput, ManualRefundInput } from './refunds.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export type PaymentsOptions = { hooks: PaymentHooks; transport?: Transport };

/**
 * Decorates app.payments (gateway clients, callbacks, refunds, reconciliation), serves the gateway
 * returns and, outside production, the bKash and SSLCommerz sandbox simulators on PUBLIC_URL.
 */
export async function registerPayments(app: FastifyInstance, clock: Clock, options: PaymentsOptions) {
  const transport = options.transport ?? loopbackTransport(app, app.env.PUBLIC_URL);
  app.decorate(
    'payments',
    new Payments({ db: app.db, env: app.env, clock, log: app.log, transport, hooks: options.hooks, notifier: app.notifier }),
  );
  await app.register(paymentsRoutes);
  if (!simulatorEnabled(app.env)) return;
  const base = publicBase(app.env);
  const config = gatewayConfig(app.env);
  // The simulators accept the configured credentials when the shop points at them, else their own.
  const bkashCreds = config.bkash?.baseUrl === `${base}${BKASH_SIMULATOR_PATH}` ? config.bkash : SIMULATOR_BKASH;
  const sslCreds = config.sslcommerz?.baseUrl === `${base}${SSLCOMMERZ_SIMULATOR_PATH}` ? config.sslcommerz : SIMULATOR_SSLCOMMERZ;
  await registerDevDoor(app, async (sandbox) => {
    acceptForms(sandbox);
    await sandbox.register(bkashSimulator(bkashCreds, base, clock));
    await sandbox.register(sslcommerzSimulator(sslCreds, base, clock, transport, app.log));
  });
}
export { paymentAttemptsOf } from './attempts.js';
