import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { loopbackTransport, type Transport } from '../../lib/http-transport.js';
import { registerDevDoor } from '../../plugins/dev-doors.js';
import { courierConfig, courierSimulatorsEnabled, SIMULATOR_PATHAO, SIMULATOR_REDX, SIMULATOR_STEADFAST } from './config.js';
import { couriersRoutes } from './couriers.routes.js';
import { Couriers } from './couriers.service.js';
import { deskRoutes } from './simulator/desk.js';
import { pathaoSimulator } from './simulator/pathao-simulator.js';
import { redxSimulator } from './simulator/redx-simulator.js';
import { steadfastSimulator } from './simulator/steadfast-simulator.js';

/** What other modules and the app use of couriers: the service on app.couriers, its admin routes, the clients' error. */
export { Couriers, PATHAO_INTEGRATION_SECRET, type ShipmentRow, type WebhookReply, type WebhookRequest } from './couriers.service.js';
export { couriersAdminRoutes } from './couriers-admin.routes.js';
export { CourierError } from './courier-http.js';
export { courierConfig, type CourierConfigs } from './config.js';

declare module 'fastify' {
  interface FastifyInstance {
    couriers: Couriers;
  }
}

export type CouriersOptions = { transport?: Transport };

/** The job 'poll-couriers' every COURIER_POLL_SECONDS (0: never), once across all processes (modules/jobs). */
function startCourierPolling(app: FastifyInstance) {
  app.jobs.every('poll-couriers', app.env.COURIER_POLL_SECONDS, () => app.couriers.poll());
}

/**
 * Decorates app.couriers (clients, booking, webhooks, polling, payouts), serves the couriers'
 * webhooks and, with the development doors open, the three courier simulators and their page at
 * /dev/couriers/ on PUBLIC_URL.
 */
export async function registerCouriers(app: FastifyInstance, clock: Clock, options: CouriersOptions = {}) {
  const transport = options.transport ?? loopbackTransport(app, app.env.PUBLIC_URL);
  const config = courierConfig(app.env);
  app.decorate('couriers', new Couriers({ db: app.db, env: app.env, clock, log: app.log, transport, config }));
  await app.register(couriersRoutes);
  startCourierPolling(app);
  if (!courierSimulatorsEnabled(app.env)) return;
  const base = app.env.PUBLIC_URL.replace(/\/$/, '');
  // A simulator accepts the shop's credentials when the shop points at it, else its own; it signs webhooks with the shop's.
  const steadfast = steadfastSimulator(
    config.simulated.steadfast && config.steadfast ? config.steadfast : { ...SIMULATOR_STEADFAST },
    base,
    clock,
  );
  const pathao = pathaoSimulator(config.simulated.pathao && config.pathao ? config.pathao : { ...SIMULATOR_PATHAO }, base, clock);
  const redx = redxSimulator(config.simulated.redx && config.redx ? config.redx : { ...SIMULATOR_REDX }, base, clock);
  await registerDevDoor(app, async (sandbox) => {
    await sandbox.register(steadfast.routes);
    await sandbox.register(pathao.routes);
    await sandbox.register(redx.routes);
    await sandbox.register(deskRoutes([steadfast.desk, pathao.desk, redx.desk], clock, transport, app.log));
  });
}
