import { captureException, init, replayIntegration, type Breadcrumb, type ErrorEvent } from '@sentry/react';
import {
  ERROR_TUNNEL,
  REPLAY_ON_ERROR_RATE,
  REPLAY_SESSION_RATE,
  scrubUrl,
  type ErrorReporting,
  type ReportingSdk,
} from './error-reporting-options';

/*
 * The Sentry SDK, in a chunk of its own that error-reporting.ts loads after the first interaction or
 * error. Replays mask every text and field (names, phones, addresses) and keep no request bodies;
 * reports carry no user, cookies, query strings or bodies (dataCollection), and their URLs are scrubbed.
 */

const scrubEvent = (event: ErrorEvent): ErrorEvent => {
  if (event.request?.url) event.request.url = scrubUrl(event.request.url);
  if (event.request?.headers) delete event.request.headers.Referer;
  return event;
};

const scrubBreadcrumb = (crumb: Breadcrumb): Breadcrumb => {
  const data = crumb.data;
  if (data) for (const key of ['url', 'from', 'to'] as const) if (typeof data[key] === 'string') data[key] = scrubUrl(data[key]);
  return crumb;
};

export function start(config: ErrorReporting) {
  init({
    dsn: config.dsn,
    environment: config.environment,
    tunnel: ERROR_TUNNEL,
    // Without the shopper's cookies: the tunnel needs none (and a cookie would ask for a CSRF token).
    transportOptions: { fetchOptions: { credentials: 'omit' } },
    // No user, cookies, query strings or bodies; headers only by name of the harmless ones.
    dataCollection: {
      userInfo: false,
      cookies: false,
      urlQueryParams: false,
      httpBodies: [],
      httpHeaders: { request: { allow: ['User-Agent', 'Accept-Language'] }, response: false },
    },
    integrations: [replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: false })],
    replaysSessionSampleRate: REPLAY_SESSION_RATE,
    replaysOnErrorSampleRate: REPLAY_ON_ERROR_RATE,
    beforeSend: scrubEvent,
    beforeBreadcrumb: scrubBreadcrumb,
  });
}

export function report(error: unknown) {
  captureException(error);
}

export default { start, report } satisfies ReportingSdk;
