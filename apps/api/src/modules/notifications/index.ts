import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { registerDevDoor } from '../../plugins/dev-doors.js';
import { devOutboxRoutes } from './notifications.routes.js';
import { Notifier, type NotifierOptions } from './notifications.service.js';
import { emailProviderFromEnv, smsProviderFromEnv, type EmailProvider, type SmsProvider } from './providers.js';

export { Notifier, SmsUnavailable, type QueuedMessage } from './notifications.service.js';
export type { EmailProvider, SmsProvider } from './providers.js';
export { deleteSentOutbox, listFailedMessages, retryFailedMessage } from './notifications.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier;
  }
}

export type NotificationsOptions = NotifierOptions & { sms?: SmsProvider; email?: EmailProvider };

/**
 * Decorates app.notifier, starts its worker loop when the app is ready and stops it on close, and
 * serves the development outbox (a development door: see plugins/dev-doors.ts).
 */
export async function registerNotifications(app: FastifyInstance, clock: Clock, options: NotificationsOptions = {}) {
  const notifier = new Notifier(
    app.db,
    options.sms ?? smsProviderFromEnv(app.env),
    options.email ?? emailProviderFromEnv(app.env),
    clock,
    app.log,
    options,
  );
  if (app.env.NODE_ENV === 'production' && (notifier.sms.name === 'outbox' || notifier.email.name === 'outbox')) {
    app.log.warn('SMS_PROVIDER or SMTP_URL is not configured: messages are only stored in the outbox table, never delivered');
  }
  app.decorate('notifier', notifier);
  app.addHook('onReady', async () => notifier.start());
  app.addHook('onClose', async () => notifier.stop());
  await registerDevDoor(app, devOutboxRoutes);
}
