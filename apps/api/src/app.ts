import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@store/shared/api';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { mediaDir, type Env } from './config/env.js';
import type { Database, Db } from './db/client.js';
import { AppError } from './lib/errors.js';
import { serializeRequest } from './lib/log-redaction.js';
import { registerConnectionLimit } from './plugins/connection-limit.js';
import { registerCsrf } from './plugins/csrf.js';
import { registerAuth } from './modules/accounts/index.js';
import { registerRateLimiter } from './plugins/rate-limit.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { Clock } from './lib/clock.js';
import { startDatabaseBus, startRedisBus } from './lib/cache/bus.js';
import { startCdnPurge } from './lib/cache/cdn-purge.js';
import { startCleanupJob } from './lib/cleanup-job.js';
import { registerErrorHandler, UNAVAILABLE_RETRY_AFTER } from './plugins/errors.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerMetrics, requestId } from './plugins/metrics.js';
import { registerTracing } from './plugins/tracing.js';
import { settlesWithin } from './lib/timeout.js';
import { registerRequestContext } from './plugins/request-context.js';
import { registerRequestLocale } from './plugins/request-locale.js';
import { registerAdminApp } from './plugins/admin-app.js';
import { registerWeb } from './plugins/web.js';
import {
  brandsAdminRoutes,
  catalogRoutes,
  collectionsAdminRoutes,
  connectBackInStock,
  productsAdminRoutes,
  registerInventoryAdminRoutes,
  reviewsAdminRoutes,
  reviewsRoutes,
  startCatalogUpkeep,
} from './modules/catalog/index.js';
import { brandPageOptions, contentRoutes, getSiteSettings, registerContentAdminRoutes } from './modules/content/index.js';
import { sessionRoutes } from './modules/session/index.js';
import {
  customerByContact,
  customerContacts,
  customerIdsMatching,
  customersAdminRoutes,
  registerAccountsRoutes,
  requireCustomer,
} from './modules/accounts/index.js';
import { jobsAdminRoutes, registerJobs } from './modules/jobs/index.js';
import { errorTunnelRoutes, rumAdminRoutes, rumRoutes } from './modules/rum/index.js';
import { registerNotifications } from './modules/notifications/index.js';
import { customerWishlist, wishlistRoutes } from './modules/wishlist/index.js';
import { searchProducts, searchRoutes } from './modules/search/index.js';
import { cardsAdminRoutes, cartRoutes, giftRulesAdminRoutes, myCardRoutes } from './modules/cart/index.js';
import {
  checkoutRoutes,
  couponsAdminRoutes,
  customerAddressBook,
  ordersAdminOptions,
  paymentHooksFor,
  personalVouchers,
  startCheckoutUpkeep,
} from './modules/checkout/index.js';
import {
  cardOrderTotals,
  connectOrderMessages,
  customerReceivedProduct,
  devDeliverRoutes,
  ordersAdminRoutes,
  ordersRoutes,
  ordersWithCard,
} from './modules/orders/index.js';
import { loyaltyAdminRoutes, loyaltyRoutes, startLoyalty } from './modules/loyalty/index.js';
import { dashboardRoutes, orderPdfRoutes } from './modules/orders/index.js';
import { registerDevDoor } from './plugins/dev-doors.js';
import { refundsAdminRoutes, registerPayments } from './modules/payments/index.js';
import { couriersAdminRoutes, registerCouriers } from './modules/couriers/index.js';
import { auditRoutes, registerStaffAuth, savedViewsRoutes, staffRoutes } from './modules/staff/index.js';
import { mediaRoutes, mediaStorageFor, S3MediaStorage } from './modules/media/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Db;
    database: Database;
    /** The time services read; tests move it forward. */
    clock: Clock;
  }
}

/** /readyz answers 503 when the database has not answered a ping within this time. */
const READY_TIMEOUT_MS = 1500;

export type BuildOptions = {
  env: Env;
  database: Database;
  /** The React Router build folder; without it only the API is served (API tests). */
  webBuildDir?: string;
};

/** The whole server as one Fastify instance: tests build it the same way the process does. */
export async function buildApp({ env, database, webBuildDir }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: env.NODE_ENV === 'test' ? false : { level: env.LOG_LEVEL, serializers: { req: serializeRequest } },
    trustProxy: env.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    // A request must arrive whole within BODY_TIMEOUT_MS (408 otherwise), checked every second. Node
    // reads requestTimeout when the server is created, so it goes in the http options too.
    requestTimeout: env.BODY_TIMEOUT_MS,
    http: { requestTimeout: env.BODY_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
    // Every log line of a request carries its id (the load balancer's X-Request-Id, else a new one).
    genReqId: requestId,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerConnectionLimit(app, env.CONNECTIONS_PER_IP, env.TRUST_PROXY !== false);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', env);
  app.decorate('db', database.db);
  app.decorate('database', database);

  // External plugins first, then the app's own, then routes. Security headers go first: they see every route.
  await registerSecurityHeaders(app);
  await app.register(cookie);
  // After the cookie parser: the request's language may be the shopper's cookie.
  registerRequestLocale(app);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Storefront API',
        version: '1.0.0',
        description: 'The JSON API of the storefront. Every request may carry My-Department and My-Location.',
      },
      servers: [],
    },
    transform: jsonSchemaTransform,
  });
  if (env.API_DOCS ?? env.NODE_ENV !== 'production') await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Pictures: from MEDIA_DIR by this process, or from a bucket (their /media/ URLs then send the browser there).
  const mediaStorage = mediaStorageFor(env);
  if (mediaStorage instanceof S3MediaStorage) {
    app.addHook('onClose', async () => mediaStorage.close());
    app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      let target: string;
      try {
        target = mediaStorage.publicUrl(key);
      } catch {
        return reply.code(404).send({ error: { code: 'not_found', message: 'Not found' } });
      }
      // A key's bytes never change: the redirect may be kept as long as the picture.
      return reply.header('cache-control', 'public, max-age=31536000, immutable').redirect(target, 301);
    });
  } else {
    const media = resolve(mediaDir(env));
    mkdirSync(media, { recursive: true });
    await app.register(fastifyStatic, {
      root: media,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  registerErrorHandler(app);
  registerMetrics(app, database, env.METRICS_TOKEN, () => app.jobs.depth());
  registerTracing(app, env);
  registerInputGuard(app);
  registerRequestContext(app);
  registerCsrf(app);
  const clock = new Clock();
  app.decorate('clock', clock);
  // What one process changes, every process forgets (lib/cache/bus.ts): Redis when set, else the database's NOTIFY.
  const bus = env.REDIS_URL ? await startRedisBus(env.REDIS_URL, app.log) : await startDatabaseBus(database.notifications, app.log);
  app.addHook('onClose', () => bus.close());
  const stopPurging = startCdnPurge(env.CDN_PURGE_URL, env.CDN_PURGE_TOKEN, app.log);
  app.addHook('onClose', async () => stopPurging());
  // The background jobs (pg-boss): the modules below register theirs; they run from ready to close.
  registerJobs(app);
  registerRateLimiter(app, clock);
  registerAuth(app, clock);
  registerStaffAuth(app);
  await registerNotifications(app, clock);
  // Back in stock: the catalog's stock functions queue their messages through this app's outbox.
  const disconnectBackInStock = connectBackInStock({ publicUrl: env.PUBLIC_URL, queue: (ctx, m) => app.notifier.queueIn(ctx, m) });
  app.addHook('onClose', async () => disconnectBackInStock());
  // Each step of an order the shopper hears of (issue 18) is queued with the step, through the same outbox.
  const disconnectOrderMessages = connectOrderMessages({ publicUrl: env.PUBLIC_URL, queue: (ctx, m) => app.notifier.queueIn(ctx, m) });
  app.addHook('onClose', async () => disconnectOrderMessages());
  // Gateway returns and, outside production, the gateway simulators: outside /api/v1 (see docs/payments.md).
  await registerPayments(app, clock, { hooks: paymentHooksFor(app, clock) });
  // Courier webhooks and, outside production, the courier simulators at /dev/couriers/ (docs/couriers.md).
  await registerCouriers(app, clock);
  startCheckoutUpkeep(app, clock);
  // The loyalty programme (issue 22): points earned, spent and given back with each order's step, and its upkeep job.
  const stopLoyalty = startLoyalty(app, clock, {
    vouchers: personalVouchers,
    outbox: { publicUrl: env.PUBLIC_URL, queue: (ctx, m) => app.notifier.queueIn(ctx, m) },
  });
  app.addHook('onClose', async () => stopLoyalty());
  startCleanupJob(app, clock);
  startCatalogUpkeep(app, clock);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // A frozen database never answers: give up well inside a load balancer's check interval.
    if (await settlesWithin(database.ping(), READY_TIMEOUT_MS)) return { status: 'ok', database: database.kind };
    return reply
      .status(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER))
      .send({ status: 'unavailable', database: database.kind });
  });

  await app.register(
    async (api) => {
      // The catalog's listing answers GET /products/?search= with the search module's searcher (no catalog ↔ search cycle).
      await api.register(catalogRoutes, { searchProducts });
      await api.register(contentRoutes);
      await api.register(sessionRoutes);
      await registerAccountsRoutes(api, clock);
      await api.register(wishlistRoutes);
      await api.register(searchRoutes);
      await api.register(cartRoutes);
      await api.register(myCardRoutes, { requireCustomer });
      await api.register(checkoutRoutes);
      await api.register(loyaltyRoutes, { requireCustomer, vouchers: personalVouchers });
      await api.register(ordersRoutes);
      await api.register(rumRoutes);
      await api.register(errorTunnelRoutes);
      await api.register(staffRoutes(clock), { prefix: '/admin' });
      await api.register(auditRoutes, { prefix: '/admin' });
      await api.register(savedViewsRoutes, { prefix: '/admin' });
      await registerContentAdminRoutes(api);
      await api.register(productsAdminRoutes, { prefix: '/admin' });
      await api.register(couponsAdminRoutes, { prefix: '/admin' });
      await api.register(couriersAdminRoutes, { prefix: '/admin' });
      await api.register(refundsAdminRoutes, { prefix: '/admin' });
      await api.register(dashboardRoutes, { prefix: '/admin' });
      await api.register(loyaltyAdminRoutes, { prefix: '/admin', vouchers: personalVouchers });
      await api.register(rumAdminRoutes, { prefix: '/admin' });
      await api.register(jobsAdminRoutes, { prefix: '/admin' });
      await api.register(ordersAdminRoutes, { prefix: '/admin', ...ordersAdminOptions(app) });
      await api.register(orderPdfRoutes, { prefix: '/admin' });
      await api.register(customersAdminRoutes, { prefix: '/admin', addresses: customerAddressBook, wishlist: customerWishlist });
      // Privilege cards live with the bag; their holders and orders are the accounts' and orders' (which depend on the bag).
      await api.register(cardsAdminRoutes, {
        prefix: '/admin',
        customers: { contacts: customerContacts, byContact: customerByContact, idsMatching: customerIdsMatching },
        orders: { totals: cardOrderTotals, list: ordersWithCard },
      });
      await api.register(giftRulesAdminRoutes, { prefix: '/admin' });
      await registerInventoryAdminRoutes(api, {
        stockWarningThreshold: async (ctx) => (await getSiteSettings(ctx)).stock_warning_threshold,
      });
      // A brand page is a content page: the content module names them (no catalog ↔ content cycle).
      await api.register(brandsAdminRoutes, { prefix: '/admin', pageOptions: brandPageOptions });
      await api.register(collectionsAdminRoutes, { prefix: '/admin' });
      await api.register(mediaRoutes, { prefix: '/admin', storage: mediaStorage });
      // Reviews live in the catalog; whether a customer received a product is the orders module's answer.
      await api.register(reviewsRoutes, { received: customerReceivedProduct });
      await api.register(reviewsAdminRoutes, { prefix: '/admin' });
      await registerDevDoor(api, devDeliverRoutes);
    },
    { prefix: API_PREFIX },
  );

  app.setNotFoundHandler(() => {
    throw new AppError('not_found', 'No such endpoint');
  });
  // The back office (apps/admin) under /admin, before the storefront's catch-all.
  if (webBuildDir) await registerAdminApp(app);
  if (webBuildDir) await registerWeb(app, webBuildDir);
  return app;
}
